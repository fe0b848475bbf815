//! The session driven natively: a [`Runner`] plays the worker's part, one chunk per step.

use super::fake_worker::{finished_session, small, FakeWorker};
use super::*;

/// `s` with the partner `choice` applied, as the page reads it.
fn partner_of(s: &Scenario, choice: &str) -> Result<Scenario, String> {
    crate::scenario::Partner::parse(choice)?.apply(s)
}
use crate::sim::time::from_us;
use crate::sim::timeline::TimelineBatch;
use crate::Simulation;

#[test]
fn a_run_started_before_the_worker_is_ready_waits_for_it() {
    let (mut session, mut worker) = (Session::new(), FakeWorker::new());
    assert!(session.start(small()).is_empty());
    assert!(session.running());
    worker.run_to_idle(&mut session);
    assert_eq!(session.phase, Some(Phase::Done));
    let run = session.run.as_ref().unwrap();
    assert!(run.report.as_ref().unwrap().cct_us.is_some());
    assert_eq!(session.past.len(), 1);
}

#[test]
fn replaying_a_finished_run_reaches_the_live_final_state() {
    let mut session = finished_session(small());
    let span = session.span_us();
    let live_cursor = session.cursor_us();
    let live_queues = session
        .run
        .as_ref()
        .unwrap()
        .queues_at(live_cursor)
        .unwrap()
        .to_vec();
    assert_eq!(live_cursor, span);

    session.set_speed(5); // 50 µs/s
    session.playback.play(span, false);
    assert_eq!(
        session.cursor_us(),
        0.0,
        "the replay starts at the beginning"
    );
    let mut ticks = 0;
    while session.tick(16.0) {
        ticks += 1;
        assert!(session.cursor_us() <= span);
    }
    assert!(ticks > 1, "a replay takes several frames: {ticks}");
    assert_eq!(session.cursor_us(), span);
    let run = session.run.as_ref().unwrap();
    let replayed = run.queues_at(session.cursor_us());
    assert_eq!(replayed.unwrap(), &live_queues[..]);
    // and its last picture is the run as it ended, not the tick before
    let (b, i) = run.bucket_at(session.cursor_us()).unwrap();
    let end = run.report.as_ref().unwrap().sim_time_us;
    assert_eq!((b.time_us(i), span), (end, end));
}

#[test]
fn scrubbing_shows_the_queues_a_simulation_paused_there_had() {
    let s = small();
    let mut session = finished_session(s.clone());
    let run = session.run.as_ref().unwrap();
    let mid = (run.span_us() / 2.0 / run.bucket_us()).floor() * run.bucket_us();
    session.playback.seek(mid, session.span_us());
    let run = session.run.as_ref().unwrap();
    let shown = run.queues_at(session.cursor_us()).unwrap().to_vec();
    assert!(shown.iter().any(|q| q.max > 0.0), "queues at {mid} µs");

    // a simulation of its own, stopped at that time: its newest sample is what the page shows
    let mut sim = Simulation::new(&s).unwrap();
    sim.advance_until(u64::MAX, from_us(mid));
    let batch = sim.drain_timeline();
    let last = batch.buckets - 1;
    assert_eq!(batch.time_us(last), mid);
    assert_eq!(
        &batch.queue_bytes[last * batch.ports..(last + 1) * batch.ports],
        &shown[..]
    );
    // a scrub elsewhere shows something else
    session.playback.seek(run.bucket_us(), session.span_us());
    let early = run.queues_at(session.cursor_us()).unwrap();
    assert_ne!(early, &shown[..]);
}

#[test]
fn path_counts_add_up_to_the_data_packets_that_crossed_the_core() {
    let session = finished_session(small());
    let run = session.run.as_ref().unwrap();
    let meta = run.meta.as_ref().unwrap();
    assert_eq!(meta.network.path_slots, 4, "k = 4 has four cores");
    let sent = run.report.as_ref().unwrap().counters.data_packets;
    let counted: u64 = (0..meta.flows.len())
        .map(|f| run.spread(f, -1.0, run.span_us()).iter().sum::<u32>() as u64)
        .sum();
    // every data packet between pods, or between the ToRs of a pod, crosses one apex
    assert!(counted > 0 && counted <= sent, "{counted} of {sent}");
    // a sprayed flow uses several paths; an ECMP elephant one
    let sprayed = meta.flows.iter().position(|f| f.2).unwrap();
    let elephant = meta.flows.iter().position(|f| !f.2).unwrap();
    let used = |f| {
        run.spread(f, -1.0, run.span_us())
            .iter()
            .filter(|&&n| n > 0)
            .count()
    };
    assert!(used(sprayed) > 1, "{:?}", run.spread(sprayed, -1.0, 1e9));
    assert!(used(elephant) <= 1);
}

#[test]
fn the_theory_sweep_keeps_its_own_status_and_leaves_the_main_run_alone() {
    let mut session = finished_session(small());
    let main_report = session.run.as_ref().unwrap().report.clone();
    let mut worker = FakeWorker::new();
    worker.inbox.clear();
    let msgs = session.start_theory();
    assert_eq!(msgs.len(), 1);
    assert_eq!(
        session.theory.status(),
        format!("running: 0 of {}", theory_total())
    );
    worker.send(msgs);
    worker.run_to_idle(&mut session);
    assert_eq!(session.theory.phase, Some(Phase::Done));
    assert_eq!(session.theory_points.len(), theory_total());
    assert!(session.theory_points.iter().all(|p| p.gbps > 0.0));
    // the median holds the line rate where Swift collapses (q = 1/5)
    let at = |cca: crate::scenario::CcaName| {
        session
            .theory_points
            .iter()
            .find(|p| p.cca == cca && (p.q - 0.2).abs() < 1e-9)
            .unwrap()
            .gbps
    };
    let (mswift, swift) = (
        at(crate::scenario::CcaName::MSWIFT),
        at(crate::scenario::CcaName::SWIFT),
    );
    assert!(mswift > 2.0 * swift, "MSwift {mswift} vs Swift {swift}");
    assert_eq!(session.phase, Some(Phase::Done));
    assert_eq!(session.run.as_ref().unwrap().report, main_report);
    assert_eq!(session.past.len(), 1, "theory runs are not compared");
}

#[test]
fn a_comparison_runs_in_the_background_and_leaves_the_main_run_on_screen() {
    let mut session = finished_session(small());
    let main_id = session.run.as_ref().unwrap().id;
    let mut worker = FakeWorker::new();
    worker.inbox.clear();
    let mut a = small();
    a.workload.flow_size_bytes = 64 << 10;
    let mut b = a.clone();
    b.seed = 2;
    worker.send(session.start_series(vec![a, b.clone()]));
    assert!(session.compare.busy() && session.busy());
    worker.run_to_idle(&mut session);
    assert_eq!(session.compare.status(), "done: 2 of 2");
    assert_eq!(session.past.len(), 3);
    assert_eq!(session.past[2].scenario, b);
    assert_eq!(
        session.run.as_ref().unwrap().id,
        main_id,
        "the main run stays"
    );
    assert_eq!(session.phase, Some(Phase::Done));
}

#[test]
fn a_main_run_stops_a_series_and_a_series_stops_a_main_run() {
    let (mut session, mut worker) = (Session::new(), FakeWorker::new());
    worker.run_to_idle(&mut session);
    worker.send(session.start_theory());
    assert!(session.theory.busy());
    worker.send(session.start(small()));
    assert_eq!(session.theory.phase, Some(Phase::Cancelled));
    assert!(session.theory.status().starts_with("stopped at 0"));
    worker.send(session.start_series(vec![small()]));
    assert_eq!(session.phase, Some(Phase::Cancelled));
    worker.run_to_idle(&mut session);
    assert_eq!(session.compare.phase, Some(Phase::Done));
    assert_eq!(session.past.len(), 1);
}

#[test]
fn a_live_run_is_paced_at_the_chosen_speed() {
    let (mut session, mut worker) = (Session::new(), FakeWorker::new());
    worker.run_to_idle(&mut session);
    session.set_speed(2);
    let msgs = session.start(small());
    assert!(matches!(
        msgs[1],
        ToWorker::Pace {
            sim_us_per_s: Some(r),
            ..
        } if r == 5.0
    ));
    worker.send(msgs);
    let id = session.run.as_ref().unwrap().id;
    assert_eq!(
        session.set_speed(playback::SPEEDS.len() - 1),
        vec![ToWorker::Pace {
            id,
            sim_us_per_s: None
        }]
    );
    let cancel = session.cancel();
    assert_eq!(cancel, vec![ToWorker::Cancel { id }]);
    worker.send(cancel);
    worker.run_to_idle(&mut session);
    assert_eq!(session.phase, Some(Phase::Cancelled));
}

#[test]
fn a_paced_simulation_ends_as_an_unpaced_one() {
    let s = small();
    let mut whole = Simulation::new(&s).unwrap();
    whole.run();
    let mut paced = Simulation::new(&s).unwrap();
    let mut until = 0.0;
    let mut chunks = 0;
    while !paced.advance_until(u64::MAX, from_us(until)).done {
        assert!(paced.sim_time_us() <= until);
        until += 0.5;
        chunks += 1;
    }
    assert!(chunks > 10);
    assert_eq!(paced.report(), whole.report());
}

/// A batch of `buckets` one-sample buckets from `start` µs (1 µs apart): 2 flows, 3 ports,
/// 2 path slots; flow 0's cwnd and port 2's queue are the bucket's time; every path count is 1
/// every 16 µs (so that merged counts stay below their saturation at 255).
fn synthetic_batch(start: usize, buckets: usize) -> TimelineBatch {
    let mm = |v: f32| crate::sim::timeline::MinMax { min: v, max: v };
    let times = start..start + buckets;
    TimelineBatch {
        start_us: start as f64,
        bucket_us: 1.0,
        buckets,
        flows: 2,
        ports: 3,
        paths: 2,
        cwnd: times
            .clone()
            .flat_map(|t| [mm(t as f32), mm(1.0)])
            .collect(),
        signal_us: vec![mm(0.5); 2 * buckets],
        raw_delay_us: vec![mm(0.5); 2 * buckets],
        target_us: vec![mm(0.5); 2 * buckets],
        queue_bytes: times.clone().flat_map(|t| [mm(t as f32); 3]).collect(),
        path_pkts: times.flat_map(|t| [(t % 16 == 0) as u8; 4]).collect(),
        end_us: None,
    }
}

#[test]
fn a_long_run_keeps_bounded_history_with_every_sample_inside_its_bucket() {
    let mut run = RunData::new(1, Scenario::default());
    run.max_values = 2_000;
    run.max_summaries = 300;
    let (batches, per) = (1_000, 10);
    for i in 0..batches {
        run.append(synthetic_batch(i * per, per));
        assert!(run.kept_values() <= run.max_values, "{}", run.kept_values());
        assert!(run.summary.len() <= run.max_summaries);
    }
    let total = batches * per;
    // far fewer, coarser buckets, the same width throughout
    assert!(run.batches.len() < 20, "{} batches", run.batches.len());
    let widths: Vec<f64> = run.batches.iter().map(|b| b.bucket_us).collect();
    eprintln!(
        "widths {widths:?} {:?}",
        run.batches.iter().map(|b| b.buckets).collect::<Vec<_>>()
    );
    assert!(
        widths.iter().all(|&w| w == widths[0] && w >= 64.0),
        "{widths:?}"
    );
    // every sample lies within the min/max of the bucket that covers its time
    for t in (0..total).step_by(7) {
        let (b, i) = run.bucket_at(t as f64).unwrap();
        let m = b.cwnd[i * b.flows];
        assert!(m.min <= t as f32 && t as f32 <= m.max, "t {t}: {m:?}");
        assert!(run.queues_at(t as f64).unwrap()[2].max >= t as f32);
    }
    // packets are neither lost nor counted twice
    let counted: u32 = run
        .batches
        .iter()
        .map(|b| b.path_pkts.iter().map(|&n| n as u32).sum::<u32>())
        .sum();
    assert_eq!(counted, 4 * total as u32 / 16);
    assert!(run.span_us() >= (total - per) as f64);

    // the run ends between two ticks: its closing sample keeps a bucket of its own at the end
    let end = total as f64 - 0.5;
    let mut closing = synthetic_batch(total, 1);
    (closing.start_us, closing.end_us) = (end, Some(end));
    run.append(closing);
    let (b, i) = run.bucket_at(end).unwrap();
    assert!(b.is_closing(i) && b.time_us(i) == end, "{:?}", b.end_us);
    assert_eq!(b.cwnd[i * b.flows].max, total as f32);
    let (b, i) = run.bucket_at(end - 0.1).unwrap();
    assert!(!b.is_closing(i) && b.cwnd[i * b.flows].max == (total - 1) as f32);
}

#[test]
fn a_lockstep_pair_runs_one_after_the_other_and_one_cursor_spans_both() {
    let (mut session, mut worker) = (Session::new(), FakeWorker::new());
    worker.run_to_idle(&mut session);
    let (mut swift, mut mswift) = (small(), small());
    swift.cca.algorithm = crate::scenario::CcaKind::Swift;
    mswift.cca.algorithm = crate::scenario::CcaKind::MSwift;
    worker.send(session.start_pair(swift.clone(), mswift.clone()));
    assert_eq!(
        session.partner_phase,
        Some(Phase::Idle),
        "the partner waits"
    );
    worker.run_to_idle(&mut session);
    assert_eq!(session.phase, Some(Phase::Done));
    assert_eq!(session.partner_phase, Some(Phase::Done));
    let (a, b) = (
        session.run.as_ref().unwrap(),
        session.partner.as_ref().unwrap(),
    );
    assert_eq!(b.scenario, mswift);
    assert!(b.meta.is_some() && !b.summary.is_empty() && b.report.is_some());
    // each run is the one a simulation of its scenario gives
    let mut sim = Simulation::new(&mswift).unwrap();
    sim.run();
    assert_eq!(b.report.as_ref().unwrap(), &sim.report());
    assert_eq!(session.span_us(), a.span_us().max(b.span_us()));
    let text = lockstep::difference(a, b, 10.0);
    assert!(
        text.starts_with("At 10.0 µs the sprayed flows' mean window is"),
        "{text}"
    );
    assert!(
        text.contains("swift over ops") && text.contains("mswift over ops"),
        "{text}"
    );
    assert!(text.contains("× as long as"), "{text}");
    // a partner started after the main run is over runs at once
    let lswift = partner_of(&small(), "cca:lswift").unwrap();
    assert_eq!(lswift.cca.algorithm, crate::scenario::CcaKind::LSwift);
    let reps = partner_of(&small(), "lb:reps").unwrap();
    assert_eq!(reps.lb.scheme, crate::scenario::LbScheme::Reps);
    let more = partner_of(&small(), "set: elephants = 6").unwrap();
    // the compare overlay names what tells its runs apart
    let (ops, mut reps, mut eight) = (small(), small(), small());
    reps.lb.scheme = crate::scenario::LbScheme::Reps;
    eight.workload.elephants = 6;
    let label = |id, s: &Scenario, all: &[(u32, &Scenario)]| lockstep::compare_label(id, s, all);
    assert_eq!(label(1, &ops, &[(1, &ops)]), "#1 mswift");
    let two = [(1, &ops), (2, &reps)];
    assert_eq!(label(1, &ops, &two), "#1 mswift over ops");
    assert_eq!(label(2, &reps, &two), "#2 mswift over reps");
    let same = [(1, &ops), (3, &eight)];
    assert_eq!(label(3, &eight, &same), "#3 mswift over ops, elephants=6");
    assert_eq!(label(1, &ops, &same), "#1 mswift");
    // runs of one CCA and LB scheme are named by the field that tells them apart
    let mut twin = b.summary_copy();
    twin.scenario = partner_of(&a.scenario, "set:elephants=6").unwrap();
    let text = lockstep::difference(a, &twin, 10.0);
    let main = lockstep::name(&a.scenario);
    assert!(text.contains(&format!("with {main} and")), "{text}");
    assert!(
        text.contains(&format!("with {main}, elephants=6")),
        "{text}"
    );
    assert_eq!(more.workload.elephants, 6);
    let drr = partner_of(&small(), "set:topology.drr=true").unwrap();
    assert!(drr.topology.drr);
    assert!(partner_of(&small(), "k:4")
        .unwrap_err()
        .contains("set:FIELD=VALUE"));
    let e = partner_of(&small(), "set:elephants=99").unwrap_err();
    assert!(
        e.starts_with("workload.elephants: must be 0 or from 2 to 14"),
        "{e}"
    );
    let out = session.start_partner(lswift);
    assert!(matches!(out.as_slice(), [ToWorker::Run { .. }]), "{out:?}");
    worker.send(out);
    worker.run_to_idle(&mut session);
    assert_eq!(session.partner_phase, Some(Phase::Done));
    // a new main run drops the pair
    worker.send(session.start(small()));
    assert!(session.partner.is_none() && session.partner_phase.is_none());
    worker.run_to_idle(&mut session);
}

#[test]
fn the_stages_are_titled_by_what_tells_the_runs_apart() {
    let a = small();
    let title = |choice: &str| lockstep::titles(&a, &partner_of(&a, choice).unwrap());
    assert_eq!(
        title("cca:swift"),
        ("mswift over ops".to_string(), "swift over ops".to_string())
    );
    assert_eq!(title("lb:ecmp").1, "mswift over ecmp");
    assert_eq!(title("set:elephants=6").1, "mswift over ops, elephants=6");
    assert_eq!(
        title("set:topology.drr=true").1,
        "mswift over ops, topology.drr=true"
    );
    assert_eq!(title("set:k=8").1, "mswift over ops, k as by default");
    assert_eq!(title("set:seed=1").1, "mswift over ops, the same scenario");
}

/// The page's reducer, driven as a user would: each action's state and effects, the worker
/// played by the [`FakeWorker`] wherever an effect asks for it.
mod page {
    use super::*;
    use crate::session::actions::Action;
    use crate::session::actions::{
        CompareAction, EventAction, FormAction, LockstepAction, PlaybackAction,
    };
    use crate::session::charts::Trigger;
    use crate::session::edits::Edit;
    use crate::session::effects::Effect;
    use crate::session::page::Page;

    /// Side by side, a run's window chart and its partner's share one time axis (over the
    /// longer run) and one window axis, so the two cursors stand at one place and the windows
    /// compare by height (drawn natively, as SVG).
    #[cfg(not(target_arch = "wasm32"))]
    fn one_time_axis_and_one_window_axis(page: &Page) {
        let axes = |chart| {
            let mut svg = String::new();
            crate::figures::register_font().unwrap();
            let root = plotters::prelude::SVGBackend::with_string(&mut svg, (600, 300));
            let at = crate::figures::At::still(crate::figures::Style::PAGE);
            let root = plotters::prelude::IntoDrawingArea::into_drawing_area(root);
            let drawn = page.draw_chart(chart, root, &at).unwrap().unwrap();
            (drawn.x.unwrap().range, drawn.y.unwrap().range)
        };
        use crate::session::charts::Chart;
        let (main, partner) = (axes(Chart::Cwnd), axes(Chart::PartnerCwnd));
        assert_eq!(main, partner);
        assert_eq!(main.0, (0.0, page.session.span_us()));
        let spans =
            [&page.session.run, &page.session.partner].map(|r| r.as_ref().unwrap().span_us());
        assert_ne!(
            spans[0], spans[1],
            "the runs differ in length: the shared axis is a choice"
        );
    }

    /// Performs the worker's part of `effects`; returns the others.
    fn perform(page: &mut Page, worker: &mut FakeWorker, effects: Vec<Effect>) -> Vec<Effect> {
        let mut rest = Vec::new();
        for e in effects {
            match e {
                Effect::Worker(msgs) => worker.send(msgs),
                other => rest.push(other),
            }
        }
        worker.run_to_idle(page);
        rest
    }

    fn ready_page() -> (Page, FakeWorker) {
        let (mut page, mut worker) = (Page::new(small()), FakeWorker::new());
        worker.run_to_idle(&mut page);
        (page, worker)
    }

    #[test]
    fn a_clicker_runs_the_class_and_every_step_says_what_its_run_showed() {
        use crate::session::keys::KeyCommand;
        use crate::session::story::STEPS;
        let (mut page, mut worker) = ready_page();
        let mut said = Vec::new();
        // Page Down alone: it opens the story, runs the step shown, then shows the next
        let next = |page: &mut Page| page.reduce(Action::Key(KeyCommand::Next));
        next(&mut page);
        for (i, step) in STEPS.iter().enumerate() {
            if i > 0 {
                let effects = next(&mut page);
                assert!(
                    effects.contains(&Effect::WriteAddress),
                    "the address follows"
                );
            }
            assert_eq!(page.story, Some(i));
            assert_eq!(
                page.story_waiting(),
                i > 0,
                "step {i}: the step before's charts dim until it runs"
            );
            assert!(page
                .address_fragment()
                .contains(&format!("story={}", i + 1)));
            assert_eq!(
                page.story_says(),
                None,
                "step {i}: nothing to say before its run"
            );
            // predict: the question, unanswered; the class picks the first answer by its key
            let asked = page.story_question().expect("every step asks");
            assert_eq!((asked.picked, asked.supported), (None, None), "step {i}");
            assert_eq!(asked.explain, None, "step {i}: explained before its run");
            page.reduce(Action::Key(KeyCommand::Pick(0)));
            let effects = next(&mut page);
            let shown = match step.run {
                crate::session::story::StepRun::Theory => Effect::ScrollTo(step.point.id()),
                _ => Effect::Reveal(step.point.id()),
            };
            assert!(
                effects.contains(&shown),
                "step {i}: its chart comes into view"
            );
            perform(&mut page, &mut worker, effects);
            assert!(!page.story_waiting(), "step {i}: its run is on screen");
            // observe, explain: the answer its runs support, against the class's
            let asked = page.story_question().unwrap();
            let k = asked
                .supported
                .unwrap_or_else(|| panic!("step {i}: its runs answer nothing: {asked:?}"));
            let explain = asked.explain.unwrap();
            let verdict = match k {
                0 => "The class predicted it.",
                _ => "The class predicted 1: the run says otherwise.",
            };
            assert_eq!(
                explain,
                format!(
                    "The run supports {}: {}. {verdict}",
                    k + 1,
                    asked.choices[k]
                ),
                "step {i}"
            );
            let says = page
                .story_says()
                .unwrap_or_else(|| panic!("step {i} says nothing"));
            if let Some(r) = page.session.run.as_ref().and_then(|r| r.report.as_ref()) {
                // the mechanism a narration states is the one the run's counters show
                let c = &r.counters;
                match i {
                    0 => assert!(
                        step.narration.contains("every SACK hole cuts the window")
                            && c.cuts_loss > c.cuts_delay,
                        "{c:?}"
                    ),
                    1 => assert!(
                        step.narration
                            .contains("cuts its window on each late delay")
                            && c.cuts_delay > 10 * c.cuts_loss,
                        "{c:?}"
                    ),
                    _ => {}
                }
                if i < 4 {
                    let x = r.cct_inflation.unwrap();
                    assert!(
                        says.contains(&format!("inflation {:.0} %", 100.0 * x)),
                        "{i}: {says}"
                    );
                    assert!(
                        says.contains(&format!("CCT {:.0} µs", r.cct_us.unwrap())),
                        "{i}: {says}"
                    );
                }
            }
            said.push(says);
            // a step that compares with a run the class has not seen offers to run it, into
            // the comparison, the run on screen kept
            match (i, page.story_compare()) {
                (3, Some(words)) => {
                    assert_eq!(words, "Run LSwift with REPS to compare");
                    let effects =
                        page.reduce(Action::Story(crate::session::actions::StoryAction::Compare));
                    perform(&mut page, &mut worker, effects);
                    assert_eq!(page.story_compare(), None, "seen now");
                    let says = page.story_says().unwrap();
                    assert!(says.contains("LSwift with REPS: "), "{says}");
                    assert_eq!(
                        page.session.run.as_ref().unwrap().view().cca(),
                        crate::scenario::CcaName::MSWIFT
                    );
                }
                (3, None) => panic!("step 4 offers no comparison"),
                (_, words) => assert_eq!(words, None, "step {i}"),
            }
        }
        // step 2 names step 1's Swift, step 3 its partner and LSwift, step 4 MSwift with OPS
        assert!(
            said[1].contains("Swift with OPS on the same network"),
            "{}",
            said[1]
        );
        assert!(
            said[2].contains("swift beside it") || said[2].contains("Swift beside it"),
            "{}",
            said[2]
        );
        assert!(
            said[2].contains("LSwift with OPS on the same network"),
            "{}",
            said[2]
        );
        assert!(said[3].contains("MSwift with OPS ("), "{}", said[3]);
        assert!(said[3].contains("Run LSwift with REPS"), "{}", said[3]);
        assert!(
            said[4].starts_with("Swift's throughput fell from"),
            "{}",
            said[4]
        );
        // the last step stays; Page Up goes back a step at a time, to the first
        let theory_runs = page.session.theory_points.len();
        assert_eq!(next(&mut page), Vec::new());
        assert_eq!(
            (page.story, page.session.theory_points.len()),
            (Some(4), theory_runs)
        );
        let back = |page: &mut Page| page.reduce(Action::Key(KeyCommand::Back));
        for i in (0..STEPS.len() - 1).rev() {
            back(&mut page);
            assert_eq!(page.story, Some(i));
        }
        assert_eq!(back(&mut page), Vec::new());
        assert_eq!(page.story, Some(0));
        // the run on screen must be the step's: another CCA's run says nothing, and Page Down
        // runs the step rather than passing it
        assert_eq!(page.story_says(), None);
        let effects = next(&mut page);
        assert!(effects.iter().any(|e| matches!(e, Effect::Worker(m) if m.iter().any(|m| matches!(m, ToWorker::Run { .. })))));
        assert_eq!(page.story, Some(0));
    }

    /// Every workload the form offers starts from a scenario the form takes, showing only the
    /// fields that mean something in it, within what a browser runs.
    #[test]
    fn every_workload_of_the_form_is_taken_and_shows_only_its_own_fields() {
        use crate::scenario::{registry, WorkloadKind};
        for kind in WorkloadKind::ALL {
            let (mut page, _) = ready_page();
            page.reduce(Action::Form(FormAction::Field(
                registry::WORKLOAD_KIND.key(),
                kind.name().to_string(),
            )));
            assert_eq!(page.refused, None, "{kind}");
            assert_eq!(page.scenario.workload.kind, *kind);
            let shown: Vec<&str> = registry::short_fields()
                .filter(|f| (f.applies)(&page.scenario))
                .map(|f| f.key())
                .collect();
            assert_eq!(
                shown.contains(&"elephants"),
                *kind == WorkloadKind::Permutation,
                "{kind}: {shown:?}"
            );
            assert_eq!(shown.contains(&"k"), *kind != WorkloadKind::NPath, "{kind}");
            assert_eq!(shown.contains(&"senders"), *kind == WorkloadKind::Incast);
            // every field shown takes the value it shows
            for f in registry::short_fields().filter(|f| (f.applies)(&page.scenario)) {
                let mut s = page.scenario.clone();
                s.set_field(f.key(), &f.get(&page.scenario)).unwrap();
                assert_eq!(s, page.scenario, "{kind}: {}", f.key());
            }
        }
    }

    #[test]
    fn a_scenario_file_opens_in_toml_or_json_and_a_bad_one_is_refused_in_one_line() {
        let (mut page, _) = ready_page();
        let toml =
            "[topology]\nk = 4\n\n[workload]\nelephants = 2\n\n[cca]\nalgorithm = \"lswift\"\n";
        let s = Scenario::from_toml(toml).unwrap();
        assert_eq!((s.topology.k, s.workload.elephants), (4, 2));
        assert_eq!(
            page.open_file("lswift.toml", toml),
            vec![Effect::WriteAddress, Effect::RedrawAll]
        );
        assert_eq!(page.scenario, s);
        assert_eq!(page.notice.as_deref(), Some("opened lswift.toml"));
        // the page's own report export holds the scenario under "scenario"
        let mut m = s.clone();
        crate::scenario::CcaName::MSWIFT.apply(&mut m.cca);
        let report = format!(
            "{{\"spraylab_version\": \"0\", \"scenario\": {}, \"report\": {{}}}}",
            m.to_json()
        );
        page.open_file("run-report.JSON", &report);
        assert_eq!(page.scenario, m);
        page.open_file("plain.json", &s.to_json());
        assert_eq!(page.scenario, s);
        // every refusal leaves the form as it was and says why in one line
        for (name, text, why) in [
            ("bad.toml", "[topology]\nk = 5\n", "topology.k"),
            ("bad.toml", "[topology\nk = 4", "scenario"),
            (
                "bad.json",
                "{\"topology\": {\"k\": \"eight\"}}",
                "topology.k",
            ),
            ("big.json", "{\"topology\": {\"k\": 32}}", "k"),
            (
                "both.cm",
                "Nodes 16\nConnections 1\n0->1 id 1 start 5 trigger 1 size 100\n",
                "line 3: 0->1 has both a start time and trigger 1",
            ),
            (
                "wide.cm",
                "Nodes 128\nConnections 1\n0->1 id 1 start 0 size 100\n",
                "'Nodes 128', more than the form's 16 hosts",
            ),
            ("notes.txt", "k = 4", ".toml or .json"),
        ] {
            assert!(page.open_file(name, text).is_empty(), "{name}");
            assert_eq!(page.scenario, s, "{name}: the form is unchanged");
            let n = page.notice.clone().unwrap();
            assert!(
                n.starts_with(&format!("{name} was refused (")) && n.contains(why),
                "{n}"
            );
            assert!(!n.contains('\n'), "{n}");
        }
        let huge = " ".repeat(crate::session::form::MAX_SCENARIO_FILE + 1);
        page.open_file("huge.toml", &huge);
        assert!(page.notice.unwrap().contains("more than the"));
    }

    /// An htsim matrix opened on the page is read as `--traffic` reads it: its flows replace
    /// the form's workload, the address bar carries them, and the run simulates them.
    #[test]
    fn a_traffic_matrix_opens_into_the_form_and_its_link_and_runs() {
        let (mut page, mut worker) = ready_page();
        let cm =
            "Nodes 16\nConnections 3\n0->5 id 1 start 0 size 65536\n5->0 id 2 start 0 size 65536\n\
                  3->9 id 3 start 0 size 131072\n";
        page.open_file("three.cm", cm);
        assert_eq!(
            page.notice.as_deref(),
            Some("opened three.cm: its 3 flows replace the workload's")
        );
        let flows = &page.scenario.workload.connections;
        assert_eq!(flows.len(), 3);
        assert_eq!((flows[2].src, flows[2].dst, flows[2].bytes), (3, 9, 131072));
        let link = page.address_fragment();
        assert!(
            link.contains("workload.connections=0-5:64KiB,5-0:64KiB,3-9:128KiB"),
            "{link}"
        );
        let (opened, _, _) = Page::from_fragment(&link);
        assert_eq!(opened.scenario, page.scenario, "the link carries the flows");
        // over in one chunk, as the page's worker runs it: no `Progress` comes before the end
        worker.budget = 1 << 40;
        let effects = page.reduce(Action::Form(FormAction::Run));
        perform(&mut page, &mut worker, effects);
        let run = page.session.run.as_ref().unwrap();
        let report = run.report.as_ref().unwrap();
        assert_eq!(report.flows.iter().filter(|f| f.sprayed).count(), 3);
        let progress = run.progress.expect("a finished run shows its progress");
        assert!(progress.done);
        assert_eq!((progress.flows_done, progress.flows_total), (3, 3));
    }

    /// A matrix whose flows are more than a link holds (htsim's 8192-host files) opens and
    /// runs; the address bar names its file instead of carrying its flows, and that address
    /// opens the other settings, says which file to open, and does not run.
    #[test]
    fn a_matrix_longer_than_a_link_runs_and_its_address_names_the_file() {
        let (mut page, mut worker) = ready_page();
        let flows: String = (0..400)
            .map(|i| {
                format!(
                    "{}->{} id {} start 0 size 65536\n",
                    i % 16,
                    (i + 5) % 16,
                    i + 1
                )
            })
            .collect();
        page.open_file("big 400.cm", &format!("Nodes 16\nConnections 400\n{flows}"));
        assert_eq!(
            page.notice.as_deref(),
            Some(
                "opened big 400.cm: its 400 flows replace the workload's; they are more than a \
                 link holds, so the address names the file instead"
            )
        );
        assert_eq!(page.scenario.workload.connections.len(), 400);
        let address = page.address_fragment();
        assert!(address.ends_with("&matrix=big_400.cm"), "{address}");
        assert!(!address.contains("workload.connections"), "{address}");
        assert!(page.share_url(true).contains("&run=1&matrix=big_400.cm"));
        let (opened, run, _) = Page::from_fragment(&format!("{address}&run=1"));
        assert!(!run, "the link does not hold the flows it ran");
        let mut rest = page.scenario.clone();
        rest.workload.connections.clear();
        assert_eq!(opened.scenario, rest);
        let notice = opened.notice.unwrap();
        assert!(
            notice.starts_with(
                "this link ran the flows of big_400.cm, more than a link holds: open big_400.cm"
            ),
            "{notice}"
        );
        worker.budget = 1 << 40;
        let effects = page.reduce(Action::Form(FormAction::Run));
        perform(&mut page, &mut worker, effects);
        let report = page.session.run.as_ref().unwrap().report.as_ref().unwrap();
        assert_eq!(report.flows.iter().filter(|f| f.sprayed).count(), 400);
        // a scenario file without flows forgets the matrix's name
        page.open_file("plain.toml", "[topology]\nk = 4\n");
        assert!(page.flows_file.is_none() && !page.address_fragment().contains("matrix"));
    }

    /// An htsim topology file opened on the page is read as `--topology` reads it: its fabric
    /// replaces the form's (the workload kept), the address bar carries it, and the run is on
    /// it; a file SprayLab cannot build is refused naming its line.
    #[test]
    fn a_topology_file_opens_into_the_form_and_its_link_and_runs() {
        let (mut page, mut worker) = ready_page();
        let flows = page.scenario.workload.connections.clone();
        let topo = include_str!("../../tests/fuzz_corpus/topology_leaf_spine.topo");
        page.open_file("leaf_spine_32.topo", topo);
        assert_eq!(
            page.notice.as_deref(),
            Some(
                "opened leaf_spine_32.topo: the fabric is leaf-spine of 4 ToRs and 2 spines, \
                 32 hosts, 4:1 oversubscribed"
            )
        );
        let t = &page.scenario.topology;
        assert_eq!(
            (t.k, t.tiers, t.oversubscription, t.link_gbps),
            (16, 2, 4, 200)
        );
        assert_eq!(page.scenario.workload.connections, flows);
        let link = page.address_fragment();
        assert!(link.contains("tiers=2&oversub=4"), "{link}");
        let (opened, _, _) = Page::from_fragment(&link);
        assert_eq!(
            opened.scenario, page.scenario,
            "the link carries the fabric"
        );
        let effects = page.reduce(Action::Form(FormAction::Run));
        perform(&mut page, &mut worker, effects);
        let report = page.session.run.as_ref().unwrap().report.clone().unwrap();
        assert!(report.finished && report.cct_us.is_some());
        // bundles to the cores at half the rate: the link carries the fields no form shows
        let bundled = include_str!("../../tests/fuzz_corpus/topology_bundled.topo");
        page.open_file("bundled.topo", bundled);
        assert_eq!(
            page.notice.as_deref(),
            Some(
                "opened bundled.topo: the fabric is three-tier fat-tree of 4 pods, 4 cores, \
                 16 hosts"
            )
        );
        let t = &page.scenario.topology;
        assert_eq!(
            (t.core_bundle, t.link_gbps, t.core_link_gbps),
            (2, 400, 200)
        );
        let link = page.address_fragment();
        let (opened, _, _) = Page::from_fragment(&link);
        assert_eq!(opened.scenario, page.scenario, "{link} carries the bundle");
        let effects = page.reduce(Action::Form(FormAction::Run));
        perform(&mut page, &mut worker, effects);
        let report = page.session.run.as_ref().unwrap().report.clone().unwrap();
        assert!(report.finished && report.cct_us.is_some());
        let opened = page.scenario.clone();
        for (text, why) in [
            ("Nodes 16\nTiers 4\n", "line 2: Tiers 4"),
            (
                "Nodes 16\nTiers 3\nColour 4\n",
                "line 3: unknown key \"colour\"",
            ),
        ] {
            assert!(page.open_file("bad.topo", text).is_empty());
            assert_eq!(page.scenario, opened, "the form is unchanged");
            let n = page.notice.clone().unwrap();
            assert!(
                n.starts_with("bad.topo was refused (") && n.contains(why),
                "{n}"
            );
        }
    }

    #[test]
    fn a_new_link_replaces_the_scenario_and_its_run_and_starts_what_it_says() {
        let (mut page, mut worker) = ready_page();
        page.presenting = true;
        let effects = page.reduce(Action::Form(FormAction::Run));
        // the run is in flight when Back brings another link
        let Some(Effect::Worker(start)) = effects.iter().find(|e| matches!(e, Effect::Worker(_)))
        else {
            panic!("Run starts a run: {effects:?}");
        };
        worker.send(start.clone());
        assert!(page.session.running());
        let old = page.session.run.as_ref().unwrap().id;
        page.highlight = Some(2);
        let (effects, run) = page.open_address("#k=4&cca=lswift&elephants=2&run=1");
        assert!(run);
        assert_eq!(
            page.scenario.cca.algorithm,
            crate::scenario::CcaKind::LSwift
        );
        assert!(page.presenting, "the layout stays");
        assert_eq!(page.highlight, None);
        let msgs: Vec<&ToWorker> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Worker(m) => Some(m),
                _ => None,
            })
            .flatten()
            .collect();
        assert!(
            matches!(msgs[0], ToWorker::Cancel { id } if *id == old),
            "{msgs:?}"
        );
        assert!(
            matches!(msgs.last(), Some(ToWorker::Run { scenario, .. }) if scenario.cca.algorithm == crate::scenario::CcaKind::LSwift)
        );
        assert!(effects.contains(&Effect::WriteAddress));
        perform(&mut page, &mut worker, effects);
        assert_eq!(page.session.phase, Some(Phase::Done));
        assert_ne!(page.session.run.as_ref().unwrap().id, old);
        // a link without run=1 shows its scenario and no run; a refused one says so
        let (effects, run) = page.open_address("#k=4&cca=nscc");
        assert!(!run && page.session.run.is_none() && page.session.phase.is_none());
        assert!(!effects.contains(&Effect::WriteAddress));
        let (_, run) = page.open_address("#k=5&run=1");
        assert!(!run && page.scenario == Scenario::default());
        assert!(page
            .notice
            .as_deref()
            .unwrap()
            .starts_with("the link was refused"));
        // a sweep link starts its sweep on a pool, not a run, and scrolls to it
        page.sweeps.cores = 3;
        let (effects, run) = page.open_address("#sweep=baseline&run=1");
        assert!(!run, "{:?}", page.notice);
        assert!(!effects
            .iter()
            .any(|e| matches!(e, Effect::Worker(m) if !m.is_empty())));
        assert!(effects.contains(&Effect::StartPool {
            workers: 3,
            generation: 1
        }));
        assert!(effects.contains(&Effect::ScrollTo("sweeps")));
        assert_eq!(
            page.notice.as_deref(),
            Some("the link's sweep is running, below")
        );
        assert!(page.address_fragment().contains("sweep=baseline"));
    }

    #[test]
    fn the_form_sets_fields_refuses_bad_ones_and_runs() {
        let (mut page, mut worker) = ready_page();
        let form = |a| Action::Form(a);
        assert_eq!(
            page.reduce(form(FormAction::Field("elephants", "99".into()))),
            vec![]
        );
        assert_eq!(page.refused.as_ref().unwrap().field, "workload.elephants");
        assert_eq!(page.scenario.workload.elephants, 2);
        page.highlight = Some(3);
        page.chosen = vec![1];
        let effects = page.reduce(form(FormAction::FieldAndRun("elephants", "4".into())));
        assert!(page.refused.is_none());
        assert!(
            matches!(effects.as_slice(), [Effect::WriteAddress, Effect::Worker(m), Effect::RedrawAll] if m.len() == 1)
        );
        assert_eq!((page.highlight, page.chosen.len()), (None, 0));
        assert!(perform(&mut page, &mut worker, effects).contains(&Effect::WriteAddress));
        assert_eq!(page.session.phase, Some(Phase::Done));
        assert_eq!(
            page.session
                .run
                .as_ref()
                .unwrap()
                .scenario
                .workload
                .elephants,
            4
        );
        // a preset keeps the seed; an unknown one changes nothing
        page.scenario.seed = 9;
        assert_eq!(
            page.reduce(form(FormAction::Preset("elephants8".into()))),
            vec![Effect::WriteAddress]
        );
        assert_eq!(page.scenario.seed, 9);
        assert_eq!(page.reduce(form(FormAction::Preset("nope".into()))), vec![]);
        page.base_url = "https://example.org/spraylab/".into();
        assert_eq!(
            page.reduce(form(FormAction::CopyAddress)),
            vec![Effect::Copy {
                what: "link",
                text: page.share_url(true)
            }]
        );
        assert!(page
            .share_url(true)
            .starts_with("https://example.org/spraylab/#"));
    }

    #[test]
    fn an_event_from_the_panel_reruns_the_scenario_with_it() {
        let (mut page, mut worker) = ready_page();
        let effects = page.reduce(Action::Form(FormAction::Run));
        perform(&mut page, &mut worker, effects);
        page.session.playback.seek(3.0, page.session.span_us());
        // no link named yet: refused, nothing runs
        assert_eq!(
            page.reduce(Action::Events(EventAction::Apply(Edit::Fail))),
            vec![]
        );
        assert!(page.events.refused.is_some());
        page.reduce(Action::Events(EventAction::Link(" agg0.up1 ".into())));
        assert_eq!(
            (page.events.link.as_str(), page.events.refused.clone()),
            ("agg0.up1", None)
        );
        let effects = page.reduce(Action::Events(EventAction::Apply(Edit::Fail)));
        assert_eq!(page.scenario.events.len(), 1);
        assert_eq!(page.scenario.events[0].at_us, 3.0);
        assert!(effects.contains(&Effect::WriteAddress) && effects.contains(&Effect::RedrawAll));
        perform(&mut page, &mut worker, effects);
        assert_eq!(page.session.run.as_ref().unwrap().scenario.events.len(), 1);
        let effects = page.reduce(Action::Events(EventAction::Remove(0)));
        assert!(page.scenario.events.is_empty());
        perform(&mut page, &mut worker, effects);
        assert!(page
            .session
            .run
            .as_ref()
            .unwrap()
            .scenario
            .events
            .is_empty());
    }

    #[test]
    fn a_partner_runs_beside_and_closes_and_the_link_says_so() {
        let (mut page, mut worker) = ready_page();
        let effects = page.reduce(Action::Form(FormAction::Run));
        perform(&mut page, &mut worker, effects);
        assert!(!page.paired() && page.beside().is_none());
        // a field out of range is refused, naming it
        page.reduce(Action::Lockstep(LockstepAction::Choose("set".into())));
        page.reduce(Action::Lockstep(LockstepAction::Field(
            "elephants=99".into(),
        )));
        page.reduce(Action::Lockstep(LockstepAction::Start));
        assert!(page
            .partner
            .refused
            .as_ref()
            .unwrap()
            .starts_with("workload.elephants"));
        assert!(page.session.partner.is_none());
        page.reduce(Action::Lockstep(LockstepAction::Choose("cca:swift".into())));
        assert!(page.partner.refused.is_none());
        let effects = page.reduce(Action::Lockstep(LockstepAction::Start));
        assert_eq!(
            perform(&mut page, &mut worker, effects),
            vec![Effect::WriteAddress, Effect::Redraw(Trigger::Cursor)]
        );
        assert!(page.paired());
        assert_eq!(page.beside().as_deref(), Some("cca:swift"));
        assert!(
            page.partner_status().starts_with("done: CCT"),
            "{}",
            page.partner_status()
        );
        let (main, partner) = page.stage_titles().unwrap();
        assert_eq!(main, "mswift over ops");
        assert!(partner.starts_with("swift over ops: done"), "{partner}");
        assert!(page.partner_difference().contains("× as long as"));
        #[cfg(not(target_arch = "wasm32"))]
        let () = one_time_axis_and_one_window_axis(&page);
        page.reduce(Action::Lockstep(LockstepAction::Close));
        assert!(!page.paired() && page.beside().is_none() && page.stage_titles().is_none());
    }

    #[test]
    fn the_playback_bar_moves_the_cursor_and_the_comparison_runs_three_variants() {
        let (mut page, mut worker) = ready_page();
        let effects = page.reduce(Action::Form(FormAction::Run));
        perform(&mut page, &mut worker, effects);
        let span = page.session.span_us();
        assert_eq!(
            page.reduce(Action::Playback(PlaybackAction::Seek(span / 2.0))),
            vec![Effect::Redraw(Trigger::Cursor)]
        );
        assert_eq!(page.session.cursor_us(), span / 2.0);
        page.reduce(Action::Playback(PlaybackAction::Step(-1)));
        assert!(page.session.cursor_us() < span / 2.0);
        assert_eq!(
            page.reduce(Action::Playback(PlaybackAction::Play)),
            vec![Effect::RestartClock, Effect::Redraw(Trigger::Cursor)]
        );
        assert!(page.session.playback.playing());
        assert!(matches!(
            page.reduce(Action::Playback(PlaybackAction::Speed(0)))
                .as_slice(),
            [Effect::Worker(_)]
        ));
        let before = page.session.past.len();
        let effects = page.reduce(Action::Compare(CompareAction::RunVariants));
        perform(&mut page, &mut worker, effects);
        assert_eq!(page.session.past.len(), before + 3);
        assert_eq!(
            page.reduce(Action::Compare(CompareAction::Clear)),
            vec![Effect::Redraw(Trigger::Compare)]
        );
        assert!(page.session.past.is_empty());
    }

    #[test]
    fn a_story_step_runs_its_scenario_with_its_partner_and_the_last_one_the_theory() {
        use crate::session::actions::StoryAction;
        let (mut page, _worker) = ready_page();
        page.reduce(Action::Story(StoryAction::Show(Some(99))));
        assert_eq!(page.story, Some(4));
        page.scenario.seed = 3;
        let effects = page.reduce(Action::Story(StoryAction::Run(2)));
        assert_eq!(
            page.scenario.cca.algorithm,
            crate::scenario::CcaKind::MSwift
        );
        assert_eq!(page.scenario.seed, 3);
        assert_eq!(page.beside().as_deref(), Some("cca:swift"));
        assert!(effects.ends_with(&[Effect::WriteAddress, Effect::Reveal("chart-cwnd")]));
        let speed = page.session.playback.speed();
        assert_eq!(speed, 3);
        // the step's scenario is the k = 8 baseline: check it is the one started, not run it
        match &effects[0] {
            Effect::Worker(msgs) => assert!(
                msgs.iter().any(|m| matches!(m, ToWorker::Run { .. })),
                "{msgs:?}"
            ),
            other => panic!("{other:?}"),
        }
        let effects = page.reduce(Action::Story(StoryAction::Run(4)));
        assert!(
            matches!(
                effects.as_slice(),
                [
                    Effect::Worker(_),
                    Effect::Redraw(Trigger::Theory),
                    Effect::ScrollTo("chart-theory")
                ]
            ),
            "{effects:?}"
        );
        page.reduce(Action::Story(StoryAction::Show(None)));
        assert_eq!(page.story, None);
    }

    #[test]
    fn a_link_with_a_partner_runs_both_and_presenting_opens_the_story() {
        let (mut page, mut worker) = ready_page();
        page.choose_partner(&crate::scenario::Partner::parse("set:elephants=4").unwrap());
        assert_eq!(
            (page.partner.choice.as_str(), page.partner.field.as_str()),
            ("set", "elephants=4")
        );
        let effects = page.launch_run();
        perform(&mut page, &mut worker, effects);
        assert_eq!(page.session.partner_phase, Some(Phase::Done));
        assert_eq!(
            page.session
                .partner
                .as_ref()
                .unwrap()
                .scenario
                .workload
                .elephants,
            4
        );
        assert_eq!(page.beside().as_deref(), Some("set:elephants=4"));
        assert_eq!(
            page.reduce(Action::Present(true)),
            vec![Effect::Relayout, Effect::WriteAddress]
        );
        // a run of one's own is presented as it is, without the story
        assert!(page.session.run.is_some());
        assert_eq!((page.presenting, page.story), (true, None));
        // the presentation's playback ends with the main run, its partner drawn beside it
        let spans = |p: &Page| {
            let s = &p.session;
            let main = s.run.as_ref().unwrap().span_us();
            let partner = s.partner.as_ref().map_or(0.0, |r| r.span_us());
            (s.span_us(), main, main.max(partner))
        };
        let (span, main, _) = spans(&page);
        assert_eq!(span, main);
        assert_eq!(page.pointed(), "chart-cwnd");
        // in the window chart, which reads both runs' means
        let overlaid = |p: &Page| {
            let lines = p.values_at(crate::session::charts::Chart::Cwnd, main / 2.0, None);
            lines
                .iter()
                .any(|l| l.starts_with("mswift in lockstep: mean "))
        };
        assert!(overlaid(&page));
        page.reduce(Action::Present(false));
        assert_eq!((page.presenting, page.story), (false, None));
        let (span, _, both) = spans(&page);
        assert_eq!(span, both, "beside its partner, the longer of the two");
        assert!(!overlaid(&page), "in a chart of its own");
        // the two window charts share the longer run's time axis: the shorter run, read past
        // its end, says so
        let span = |r: &Option<RunData>| r.as_ref().unwrap().span_us();
        let (main, partner) = (span(&page.session.run), span(&page.session.partner));
        assert_ne!(main, partner);
        use crate::session::charts::Chart;
        let (shorter, end) = match main < partner {
            true => (Chart::Cwnd, main),
            false => (Chart::PartnerCwnd, partner),
        };
        let past = page.values_at(shorter, end.max(main.max(partner)), None);
        assert_eq!(past[1], format!("ended at {end:.1} µs, as it ended:"));
        assert!(page.values_at(shorter, end / 2.0, None)[1].starts_with("mean "));
        // a page with nothing on it presents the class
        let mut fresh = Page::new(small());
        fresh.reduce(Action::Present(true));
        assert_eq!((fresh.presenting, fresh.story), (true, Some(0)));
        assert_eq!(fresh.pointed(), crate::session::story::STEPS[0].point.id());
        // closing the story while presenting keeps a chart beside the picture
        fresh.reduce(Action::Story(crate::session::actions::StoryAction::Show(
            None,
        )));
        assert_eq!((fresh.presenting, fresh.pointed()), (true, "chart-cwnd"));
        // the highlighted flow: a flow of the run, or none
        page.reduce(Action::Highlight("3".into()));
        assert_eq!(page.highlight, Some(3));
        page.reduce(Action::Highlight("999".into()));
        assert_eq!(page.highlight, None);
        page.chosen = vec![2];
        assert_eq!(
            page.reduce(Action::ClearChosen),
            vec![Effect::Redraw(Trigger::Cursor)]
        );
        assert!(page.chosen.is_empty());
    }
}

#[test]
fn a_link_opens_its_page_and_a_refused_one_the_defaults_with_a_notice() {
    use crate::session::page::Page;
    let (page, run, sweep) = Page::from_fragment("#k=4&cca=lswift&beside=lb:ecmp&run=1");
    assert_eq!((page.scenario.topology.k, run, sweep), (4, true, None));
    assert_eq!(page.partner.choice, "lb:ecmp");
    assert!(page.notice.is_none());
    let (page, run, _) = Page::from_fragment("#k=5&run=1");
    assert_eq!((page.scenario, run), (Scenario::default(), false));
    let notice = page.notice.unwrap();
    assert!(
        notice.starts_with("the link was refused (topology.k"),
        "{notice}"
    );
}
