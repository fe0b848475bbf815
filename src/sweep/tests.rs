use super::*;
use crate::protocol::{FromWorker, Runner};
use crate::repro::rows::{from_csv, to_csv};
use crate::repro::{Row, SummaryRow};
use crate::scenario::{Budget, CcaName, LbScheme, Scenario};
use crate::share::{from_fragment, sweep_fragment};

/// Plays a pool of `workers` workers: each free worker takes the next job, and the jobs finish
/// in turn, one per worker, round after round (so reports arrive out of grid order).
fn run_pool(run: &mut SweepRun, workers: usize) {
    let mut busy: Vec<Option<(u32, Scenario)>> = vec![None; workers];
    let mut now = 0.0;
    while run.running() {
        for (w, slot) in busy.iter_mut().enumerate() {
            if slot.is_none() {
                *slot = run.next_job(w);
            }
        }
        // the last worker first: reports come back out of order
        for w in (0..workers).rev() {
            if let Some((id, s)) = busy[w].take() {
                let report = run_job(id, &s);
                now += 1.0;
                run.finished(w, id, &report, now);
            }
        }
    }
}

/// A job as the worker runs it: the chunked runner, to the end.
fn run_job(id: u32, s: &Scenario) -> crate::Report {
    let mut runner = Runner::job(id, s).unwrap();
    loop {
        if let FromWorker::Finished { report, .. } = runner.step(200_000, 0.0) {
            return *report;
        }
    }
}

#[test]
fn a_figure_sweep_gives_the_command_lines_csvs_byte_for_byte() {
    // the committed repro/theory CSVs are `spraylab repro all`'s: the theory has one run per q
    let sweep = Sweep::figure("theory", 10).unwrap();
    let mut run = SweepRun::new(sweep, &Scenario::default(), &Budget::BROWSER, 3, 0.0).unwrap();
    let theory = crate::repro::figure("theory").unwrap();
    assert_eq!(
        run.total(),
        theory.ccas.len() * crate::repro::THEORY_PATHS.len()
    );
    run_pool(&mut run, 3);
    assert_eq!(run.phase, SweepPhase::Done);
    let native_runs = include_str!("../../repro/theory/runs.csv");
    let native_summary = include_str!("../../repro/theory/summary.csv");
    assert_eq!(run.results.runs_csv(), native_runs);
    assert_eq!(run.results.summary_csv(), native_summary);
    // and a seeded figure: seed 1 of every permutation cell, as committed
    let sweep = Sweep::figure("permutation", 1).unwrap();
    let mut run = SweepRun::new(sweep, &Scenario::default(), &Budget::BROWSER, 2, 0.0).unwrap();
    run_pool(&mut run, 2);
    let committed = from_csv::<Row>(include_str!("../../repro/permutation/runs.csv")).unwrap();
    let seed1: Vec<&Row> = committed.iter().filter(|r| r.cell.seed == 1).collect();
    let mine: Vec<&Row> = run.results.rows().collect();
    assert_eq!(mine.len(), 12);
    assert_eq!(mine, seed1);
}

fn small_base() -> Scenario {
    let mut s = Scenario::default();
    s.topology.k = 4;
    s.workload.flow_size_bytes = 64 << 10;
    s.seed = 5;
    s
}

#[test]
fn a_what_if_summarises_each_value_cca_and_scheme_over_its_seeds() {
    let sweep = Sweep {
        plan: Plan::WhatIf {
            ccas: vec![CcaName::LSWIFT, CcaName::MSWIFT],
            lbs: vec![LbScheme::Ops, LbScheme::Reps],
            vary: Some(Vary {
                field: "elephants".into(),
                values: vec!["0".into(), "4".into()],
            }),
        },
        seeds: 2,
    };
    let base = small_base();
    let mut run = SweepRun::new(sweep, &base, &Budget::BROWSER, 2, 0.0).unwrap();
    assert_eq!(run.total(), 16);
    run_pool(&mut run, 2);
    let summary = run.results.summary();
    assert_eq!(summary.len(), 8);
    let labels: Vec<&str> = summary.iter().map(|(_, s)| s.figure.as_str()).collect();
    assert_eq!(&labels[..4], ["elephants=0"; 4]);
    assert_eq!(&labels[4..], ["elephants=4"; 4]);
    // each cell is the mean of its two seeds (5 and 6), each the run of its own scenario
    let (_, cell) = &summary[5];
    assert_eq!(
        (cell.cca, cell.lb, cell.runs),
        (CcaName::LSWIFT, LbScheme::Reps, 2)
    );
    let inflation = |seed: u64| {
        let mut s = base.clone();
        s.workload.elephants = 4;
        CcaName::LSWIFT.apply(&mut s.cca);
        s.lb.scheme = LbScheme::Reps;
        s.seed = seed;
        let mut sim = crate::Simulation::new(&s).unwrap();
        sim.run();
        sim.report().cct_inflation.unwrap()
    };
    let (a, b) = (inflation(5), inflation(6));
    assert_eq!(cell.inflation_mean, Some((a + b) / 2.0));
    assert!(a != b, "two seeds, two results");
    // the CSV is summary.csv's columns, and reads back
    let csv = run.results.summary_csv();
    assert!(csv.starts_with("figure,cca,lb,paths,runs,unfinished,inflation_mean"));
    let back = from_csv::<SummaryRow>(&csv).unwrap();
    assert_eq!(to_csv(&back).unwrap(), csv);
    // runs.csv says the varied field and its value on every row, and its provenance reads back
    let Plan::WhatIf { vary, .. } = &run.sweep.plan else {
        unreachable!()
    };
    let runs = run.results.runs_csv_varied(vary.as_ref());
    let lines: Vec<&str> = runs.lines().collect();
    assert!(lines[0].ends_with(",vary,value"), "{}", lines[0]);
    assert_eq!(lines.len(), 17);
    assert!(lines[1..9].iter().all(|l| l.ends_with(",elephants,0")));
    assert!(lines[9..].iter().all(|l| l.ends_with(",elephants,4")));
    let with = crate::repro::rows::provenance("https://example.org/spraylab/#k=4&run=1")
        + &run.results.summary_csv();
    assert!(with.starts_with(&format!(
        "# SprayLab {}\n# https://",
        env!("CARGO_PKG_VERSION")
    )));
    assert_eq!(
        from_csv::<SummaryRow>(&with).unwrap(),
        back,
        "a page export reads back"
    );
}

#[test]
fn progress_is_weighed_by_work_and_only_the_assigned_worker_finishes_a_job() {
    let mut s = Schedule::new(vec![100, 300], 2);
    assert_eq!(s.assign(0), Some(0));
    assert_eq!(s.assign(0), None, "worker 0 is busy");
    assert_eq!(s.assign(1), Some(1));
    assert_eq!(s.assign(2), None, "no worker 2");
    assert!(!s.finish(0, 1), "worker 0 does not run job 1");
    assert_eq!(s.left_ms(1000.0), None);
    assert!(s.finish(0, 0));
    assert!(!s.finish(0, 0), "finished once");
    assert_eq!(s.fraction(), 0.25);
    assert_eq!(s.left_ms(1000.0), Some(3000.0));
    assert!(s.finish(1, 1));
    assert!(s.all_done());
}

fn refused(fragment: &str) -> String {
    from_fragment(fragment).unwrap_err().field
}

#[test]
fn sweep_links_round_trip_and_hostile_ones_are_refused_with_the_key_named() {
    let base = small_base();
    let sweep = Sweep {
        plan: Plan::WhatIf {
            ccas: vec![CcaName::MSWIFT, CcaName::NSCC],
            lbs: vec![LbScheme::Ops],
            vary: Some(Vary {
                field: "topology.buffer_bytes".into(),
                values: vec!["409600".into(), "819200".into()],
            }),
        },
        seeds: 4,
    };
    let f = sweep_fragment(&base, &sweep, true);
    assert_eq!(
        f,
        "k=4&flow-size=64KiB&seed=5&sweep=what-if&ccas=mswift,nscc&lbs=ops\
         &vary=topology.buffer_bytes&values=409600,819200&seeds=4&run=1"
    );
    let link = from_fragment(&f).unwrap();
    assert_eq!(
        (link.scenario, link.sweep, link.run),
        (base, Some(sweep), true)
    );
    let fig = from_fragment("sweep=baseline&seeds=3").unwrap();
    assert_eq!(fig.sweep, Some(Sweep::figure("baseline", 3).unwrap()));
    assert_eq!(from_fragment("k=4").unwrap().sweep, None);

    for (fragment, field) in [
        ("seeds=3", "seeds"),
        ("sweep=fig99", "sweep"),
        ("sweep=baseline&seeds=0", "seeds"),
        ("sweep=baseline&seeds=21", "seeds"),
        ("sweep=baseline&seeds=many", "seeds"),
        ("sweep=baseline&ccas=mswift", "ccas"),
        ("sweep=what-if&ccas=mswift,mswift", "ccas"),
        ("sweep=what-if&ccas=bbr", "ccas"),
        ("sweep=what-if&ccas=", "ccas"),
        ("sweep=what-if&lbs=ops,spray", "lbs"),
        ("sweep=what-if&vary=elephants", "values"),
        ("sweep=what-if&values=1,2", "vary"),
        ("sweep=what-if&vary=elephants&values=0,0", "values"),
        (
            "sweep=what-if&vary=elephants&values=0,1",
            "workload.elephants",
        ),
        ("sweep=what-if&vary=elephants&values=0,,4", "values"),
        ("sweep=what-if&vary=colour&values=1", "colour"),
        ("sweep=what-if&vary=topology.k&values=7", "topology.k"),
        (
            "sweep=what-if&vary=ecn&values=lots",
            "topology.ecn_min_bytes",
        ),
        // k = 32 in a tab takes flows of at most 2 MiB
        (
            "flow-size=4MiB&sweep=what-if&vary=k&values=4,8,16,24,32",
            "workload.flow_size_bytes",
        ),
        (
            "sweep=what-if&vary=seed&values=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17",
            "values",
        ),
        // 16 values × 4 CCAs × 20 seeds = 1280 runs
        (
            "sweep=what-if&seeds=20&vary=seed&values=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16",
            "sweep",
        ),
        // 1024 hosts × 8 MiB, 2 values × 4 CCAs × 20 seeds: 336 M packets
        (
            "k=16&sweep=what-if&seeds=20&vary=elephants&values=0,2",
            "sweep",
        ),
        // each run within the tab's budget too
        (
            "sweep=what-if&vary=flow-size&values=8MiB,1GiB",
            "workload.flow_size_bytes",
        ),
    ] {
        assert_eq!(refused(fragment), field, "{fragment}");
    }
    // every paper figure fits at the default seeds, and the largest at 10
    for f in crate::repro::FIGURES {
        let s = Sweep::figure(f.name, DEFAULT_SEEDS).unwrap();
        s.jobs(&Scenario::default(), &Budget::BROWSER)
            .unwrap_or_else(|e| panic!("{}: {e}", f.name));
    }
    Sweep::figure("size16mib", 10)
        .unwrap()
        .jobs(&Scenario::default(), &Budget::BROWSER)
        .unwrap();
}

#[test]
fn the_status_says_runs_workers_and_time_left() {
    let sweep = Sweep {
        plan: Plan::WhatIf {
            ccas: vec![CcaName::MSWIFT],
            lbs: vec![LbScheme::Ops],
            vary: None,
        },
        seeds: 2,
    };
    let mut run = SweepRun::new(sweep, &small_base(), &Budget::BROWSER, 1, 1000.0).unwrap();
    assert_eq!(
        run.status(1500.0),
        "0 of 2 runs · 1 worker · 0.5 s · estimating the time left"
    );
    let (id, s) = run.next_job(0).unwrap();
    run.finished(0, id, &run_job(id, &s), 3000.0);
    assert_eq!(
        run.status(3000.0),
        "1 of 2 runs · 1 worker · 2.0 s · ~2 s left"
    );
    run.cancel();
    assert_eq!(run.status(9000.0), "cancelled after 1 of 2 runs");
    assert_eq!(run.next_job(0), None);
}
