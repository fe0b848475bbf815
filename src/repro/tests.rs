use super::rows::{from_csv, to_csv, Header};
use super::*;
use crate::scenario::{CcaName, LbScheme};

fn all() -> Vec<&'static Figure> {
    FIGURES.iter().collect()
}

#[test]
fn the_grid_has_every_cell_once_and_shards_partition_it() {
    let cells = expand(&all(), 10);
    let runs = |f: &Figure| {
        let per_cell = if f.preset.starts_with("npath") {
            THEORY_PATHS.len()
        } else {
            10
        };
        f.ccas.len() * f.lbs.len() * per_cell
    };
    assert_eq!(cells.len(), FIGURES.iter().map(runs).sum::<usize>());
    let mut unique = cells.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), cells.len());
    for n in [1, 2, 3, 7] {
        let mut merged: Vec<Cell> = (1..=n).flat_map(|i| shard(cells.clone(), i, n)).collect();
        merged.sort();
        assert_eq!(merged, unique, "{n} shards");
    }
    // the canonical order is the expansion order
    let mut by_order = cells.clone();
    by_order.sort_by_key(order);
    assert_eq!(by_order, cells);
}

#[test]
fn csv_rows_round_trip_byte_for_byte() {
    let row = Row {
        cell: Cell {
            figure: "baseline",
            cca: CcaName::MSWIFT,
            lb: LbScheme::Reps,
            seed: 3,
            paths: 0,
        },
        finished: true,
        cct_us: Some(129.67),
        ideal_cct_us: 90.1356,
        inflation: Some(0.4386),
        throughput_gbps: None,
        model_gbps: None,
        counters: RunCounters {
            events: 1,
            data_packets: 2,
            retransmits: 3,
            drops: 4,
            ecn_marks: 5,
            timeouts: 6,
            failed_links: 7,
            cuts_delay: 8,
            cuts_loss: 9,
            cuts_timeout: 10,
        },
    };
    let text = to_csv([&row]).unwrap();
    assert_eq!(
        text,
        "figure,cca,lb,seed,paths,finished,cct_us,ideal_cct_us,inflation,throughput_gbps,\
         model_gbps,events,data_packets,retransmits,drops,ecn_marks,timeouts,failed_links,\
         cuts_delay,cuts_loss,cuts_timeout\n\
         baseline,mswift,reps,3,0,true,129.67,90.1356,0.4386,,,1,2,3,4,5,6,7,8,9,10\n"
    );
    assert_eq!(from_csv::<Row>(&text).unwrap(), vec![row]);
    assert_eq!(to_csv(&from_csv::<Row>(&text).unwrap()).unwrap(), text);
    let header = Row::HEADER.join(",");
    let unknown = from_csv::<Row>(&format!(
        "{header}\nbaseline,reno,ops,1,0,true,1,1,1,,,1,1,1,1,1,1,1,1,1,1\n"
    ))
    .unwrap_err();
    assert!(
        unknown.contains("line 2") && unknown.contains("reno"),
        "{unknown}"
    );
    let short = from_csv::<Row>(&format!("{header}\nshort\n")).unwrap_err();
    assert!(short.contains("line 2"), "{short}");
    assert!(from_csv::<Row>("figure,cca\n")
        .unwrap_err()
        .contains("header"));
}

#[test]
fn summaries_give_mean_and_standard_error() {
    let (m, se) = mean_stderr(&[1.0, 2.0, 3.0, 4.0]);
    assert!(
        (m - 2.5).abs() < 1e-12 && (se - (1.666_666_666_666_666_7f64 / 4.0).sqrt()).abs() < 1e-12
    );
    let mk = |seed, infl| Row {
        cell: Cell {
            figure: "baseline",
            cca: CcaName::LSWIFT,
            lb: LbScheme::Ops,
            seed,
            paths: 0,
        },
        finished: true,
        cct_us: Some(100.0),
        ideal_cct_us: 90.0,
        inflation: Some(infl),
        throughput_gbps: None,
        model_gbps: None,
        counters: RunCounters::default(),
    };
    let rows = summarize(&[mk(2, 0.3), mk(1, 0.1)]);
    assert_eq!(rows.len(), 1);
    let text = to_csv(&rows).unwrap();
    let line = text.lines().nth(1).unwrap();
    assert!(line.starts_with("baseline,lswift,ops,0,2,0,0.2,"), "{line}");
    assert_eq!(from_csv::<SummaryRow>(&text).unwrap(), rows);
}

#[test]
fn every_figure_builds_valid_scenarios() {
    for c in expand(&all(), 1) {
        c.scenario(&[]).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    }
}
