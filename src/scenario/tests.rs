use super::*;

#[test]
fn short_fields_round_trip_and_name_their_field_on_error() {
    let mut s = Scenario::default();
    for (name, value) in [
        ("k", "4"),
        ("cca", "mswift-p10"),
        ("lb", "ecmp"),
        ("elephants", "2"),
        ("flow-size", "16MiB"),
        ("history", "8"),
        ("seed", "77"),
    ] {
        s.set_field(name, value).unwrap();
    }
    assert_eq!(
        (s.topology.k, s.cca.algorithm, s.cca.percentile),
        (4, CcaKind::MSwift, 10)
    );
    assert_eq!(
        (s.workload.flow_size_bytes, s.cca.history, s.seed),
        (16 << 20, History::Fixed(8), 77)
    );
    let mut t = Scenario::default();
    for name in registry::short_fields().filter_map(|f| f.short) {
        t.set_field(name, &s.field(name).unwrap()).unwrap();
    }
    assert_eq!(s, t);
    assert_eq!(s.field("flow-size").as_deref(), Some("16MiB"));
    assert_eq!(
        (
            format_bytes(1536 << 10),
            format_bytes(1000),
            format_bytes(0)
        ),
        ("1536KiB".into(), "1000".into(), "0".into())
    );
    assert_eq!(s.set_field("k", "eight").unwrap_err().field, "topology.k");
    assert_eq!(
        s.set_field("cca", "reno").unwrap_err().field,
        "cca.algorithm"
    );
    assert_eq!(
        s.set_field("flow-size", "12 parsecs").unwrap_err().field,
        "workload.flow_size_bytes"
    );
    assert!(s
        .set_field("flow-size", "99999999999999GiB")
        .unwrap_err()
        .message
        .contains("too large"));
    assert_eq!(s.set_field("seed", "-1").unwrap_err().field, "seed");
    assert_eq!(s.set_field("speed", "9").unwrap_err().field, "speed");
}

#[test]
fn defaults_are_the_papers_and_valid() {
    let s = Scenario::default();
    assert_eq!(s.hosts(), 128);
    assert_eq!(s.topology.buffer_bytes, 819_200);
    assert_eq!(s.topology.ecn_min_bytes, 40_960);
    assert_eq!(s.workload.flow_size_bytes, 8 * 1024 * 1024);
    s.validate().unwrap();
    for &Preset { name, .. } in PRESETS {
        Scenario::preset(name).unwrap().validate().unwrap();
    }
}

#[test]
#[cfg(not(target_arch = "wasm32"))]
fn json_and_toml_round_trip() {
    let mut s = Scenario::preset("baseline").unwrap();
    s.cca.history = History::Fixed(7);
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    let toml_text = toml::to_string(&s).unwrap();
    assert_eq!(Scenario::from_toml(&toml_text).unwrap(), s);
}

#[test]
#[cfg(not(target_arch = "wasm32"))]
fn partial_files_fill_in_defaults() {
    let s =
        Scenario::from_toml("seed = 9\n[topology]\nk = 4\n[cca]\nhistory = \"nyquist\"\n").unwrap();
    assert_eq!((s.seed, s.topology.k, s.topology.link_gbps), (9, 4, 800));
}

#[test]
#[cfg(not(target_arch = "wasm32"))]
fn errors_name_the_field() {
    let e = Scenario::from_json(r#"{"topology": {"kk": 3}}"#).unwrap_err();
    assert!(e.field.starts_with("topology"), "{e}");
    let e = Scenario::from_toml("[cca]\nalgorithm = \"reno\"\n").unwrap_err();
    assert_eq!(e.field, "cca.algorithm");
    let e = Scenario::from_json(r#"{"cca": {"history": "often"}}"#).unwrap_err();
    assert_eq!(e.field, "cca.history");

    let mut s = Scenario::default();
    s.topology.k = 7;
    assert_eq!(s.validate().unwrap_err().field, "topology.k");
    s.topology.k = 34;
    assert!(s.validate().unwrap_err().message.contains("4 to 32"));
    // k = 32 is valid, natively and in a browser tab
    s.topology.k = 32;
    s.workload.flow_size_bytes = 64 << 10;
    s.timeline.interval_us = 0.0; // its buffer alone would take 10 GiB at 8192 hosts
    s.validate().unwrap();
    s.check_budget(&Budget::NATIVE).unwrap();
    s.check_budget(&Budget::BROWSER).unwrap();
    let mut s = Scenario::default();
    s.workload.elephants = 1;
    assert_eq!(s.validate().unwrap_err().field, "workload.elephants");
    let mut s = Scenario::default();
    s.cca.swift.beta = f64::NAN;
    assert_eq!(s.validate().unwrap_err().field, "cca.swift.beta");
    let mut s = Scenario::default();
    s.cca.history = History::Fixed(0);
    assert_eq!(s.validate().unwrap_err().field, "cca.history");
}

#[test]
fn bundles_need_cores_and_fit_a_switch_s_up_links_and_degraded_tiers_need_4_gbps() {
    // k = 32: 16 cores a column, so bundles of up to 4 make at most 64 up-links
    let mut s = Scenario::default();
    s.topology.k = 32;
    s.topology.core_bundle = 4;
    s.validate().unwrap();
    s.topology.core_bundle = 5;
    let e = s.validate().unwrap_err();
    assert_eq!(e.field, "topology.core_bundle");
    assert!(e.message.contains("must be from 1 to 4 here"), "{e}");
    let mut s = Scenario::default();
    (s.topology.tiers, s.topology.core_bundle) = (2, 2);
    let e = s.validate().unwrap_err();
    assert!(e.message.contains("must be 1 with tiers = 2"), "{e}");
    let mut s = Scenario::default();
    (s.topology.failed_links_degraded, s.topology.core_link_gbps) = (true, 3);
    assert_eq!(s.validate().unwrap_err().field, "topology.core_link_gbps");
    s.topology.core_link_gbps = 4;
    s.validate().unwrap();
}

#[test]
fn budgets_hold_every_preset_and_refuse_the_huge() {
    for &Preset { name, .. } in PRESETS {
        let s = Scenario::preset(name).unwrap();
        s.check_budget(&Budget::NATIVE)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        s.check_budget(&Budget::BROWSER)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let base = Scenario::preset("baseline").unwrap().work();
    // 128 flows of 8 MiB (the 4 elephants included), 2048 packets each, 83.9 µs at 800 Gbps
    assert_eq!(base.total_bytes, 128 << 23);
    assert_eq!(base.data_packets, 128 * 2048);
    assert!((base.min_duration_us - 83.886_08).abs() < 1e-6);
    let mut huge = Scenario::preset("baseline").unwrap();
    huge.topology.k = 16;
    huge.workload.flow_size_bytes = 1 << 30;
    let e = huge.check_budget(&Budget::NATIVE).unwrap_err();
    assert_eq!(e.field, "workload.flow_size_bytes");
    assert!(e.message.contains("256 M data packets"), "{e}");
}

#[test]
fn memory_is_estimated_from_above_and_held_to_the_budget() {
    let base = Scenario::preset("baseline").unwrap().work().memory;
    // 132 flows (4 elephants): two 4096-slot scoreboards and MSwift's filter, whose H stays
    // below 500 (half of cwnd ≤ 1000 packets over ai = 1), two 8-byte values a sample
    assert_eq!(base.flow_state, 132.0 * (8192.0 + 500.0 * 16.0));
    let mut nscc = Scenario::preset("baseline").unwrap();
    nscc.cca.algorithm = CcaKind::Nscc;
    let m = nscc.work().memory.flow_state;
    nscc.cca.algorithm = CcaKind::Mnscc;
    // MNSCC's H is at most 4 (K ≤ 8 packets); NSCC keeps no history
    assert_eq!(nscc.work().memory.flow_state - m, 132.0 * 4.0 * 16.0);
    // Swift's cap of 1000 packets is below the 2048 a flow has; 64 B each
    assert_eq!(base.in_flight, 132.0 * 1000.0 * 64.0);
    // 4096 buckets of 128 flows × (four series, 32 B, + 16 path slots) and 640 switch ports × 8 B
    assert_eq!(base.timeline, 4096.0 * (128.0 * 48.0 + 640.0 * 8.0));
    let mut s = Scenario::preset("baseline").unwrap();
    s.topology.k = 16;
    s.timeline.max_buffered = 1 << 20;
    s.validate().unwrap();
    let e = s.check_budget(&Budget::NATIVE).unwrap_err();
    assert_eq!(e.field, "timeline.max_buffered", "{e}");
    assert!(e.message.contains("MiB"), "{e}");
    // a tab's worker drains the buffer as the run goes, so it never fills
    s.check_budget(&Budget::BROWSER).unwrap();
    // without a timeline the same scenario fits
    s.timeline.interval_us = 0.0;
    s.check_budget(&Budget::NATIVE).unwrap();
}

#[test]
fn a_tab_counts_the_timeline_buckets_its_worker_holds_between_drains() {
    let mut s = Scenario::preset("baseline").unwrap();
    s.topology.k = 24;
    s.workload.flow_size_bytes = 2 << 20;
    let m = s.work().memory;
    // 3456 flows × (four series, 32 B, + 144 path slots) and 17,280 switch ports × 8 B a bucket
    assert_eq!(m.bucket, 3456.0 * 176.0 + 17_280.0 * 8.0);
    assert_eq!(m.timeline, 4096.0 * m.bucket);
    // full, the buffer alone is over a tab's 2 GiB; a worker drains it every 16 samples
    assert!(m.timeline > Budget::BROWSER.max_memory_bytes);
    let held = m.drained_every(Budget::BROWSER.drains_every);
    assert_eq!(held.timeline, 17.0 * m.bucket);
    assert_eq!(m.drained_every(None), m);
    s.check_budget(&Budget::BROWSER).unwrap();
    // the page's default flows are too large for 3456 hosts; the error says what fits
    s.workload.flow_size_bytes = 8 << 20;
    let e = s.check_budget(&Budget::BROWSER).unwrap_err();
    assert_eq!(e.field, "workload.flow_size_bytes");
    assert!(e.message.contains("at most 5 MiB per flow"), "{e}");
    // k = 32 (8192 hosts and 4 elephants) takes flows of up to 2 MiB, htsim's 2 MB included
    s.topology.k = 32;
    s.workload.flow_size_bytes = 2 << 20;
    s.check_budget(&Budget::BROWSER).unwrap();
    s.workload.flow_size_bytes = 3 << 20;
    let e = s.check_budget(&Budget::BROWSER).unwrap_err();
    assert!(e.message.contains("at most 2 MiB per flow"), "{e}");
    // NSCC's flows are charged their largest scoreboards, send orders and postings: 1.6 GiB
    // at 8192 hosts
    (s.cca.algorithm, s.workload.flow_size_bytes) = (CcaKind::Nscc, 1 << 20);
    let m = s.work().memory.drained_every(Budget::BROWSER.drains_every);
    assert!(m.total() > 1.55 * (1u64 << 30) as f64, "{m:?}");
    s.check_budget(&Budget::BROWSER).unwrap();
    // and htsim's 8192-host 2 MB permutation in its settings (a shift, as its files are)
    let mut perm = Scenario::preset("uec-reference").unwrap();
    perm.topology.k = 32;
    perm.workload.connections = (0..8192)
        .map(|src| Connection {
            src,
            dst: (src + 4096) % 8192,
            bytes: 2_000_000,
            ..Connection::default()
        })
        .collect();
    perm.validate().unwrap();
    let m = perm
        .work()
        .memory
        .drained_every(Budget::BROWSER.drains_every);
    assert!(m.total() > 1.65 * (1u64 << 30) as f64, "{m:?}");
    perm.check_budget(&Budget::BROWSER).unwrap();
    s.topology.k = 34;
    assert_eq!(
        s.check_budget(&Budget::BROWSER).unwrap_err().field,
        "topology.k"
    );
}

#[test]
fn the_uec_reference_preset_has_the_reference_settings() {
    let s = Scenario::preset("uec-reference").unwrap();
    s.validate().unwrap();
    let t = &s.topology;
    assert_eq!((t.mss_bytes, t.header_bytes), (4096, 64));
    assert_eq!(
        (t.buffer_packets, t.ecn_min_bytes, t.ecn_max_bytes),
        (192, 41_600, 41_600)
    );
    assert_eq!(s.workload.kind, WorkloadKind::Permutation);
    assert_eq!(s.workload.elephants, 0);
    assert_eq!(
        (s.cca.algorithm, s.lb.scheme),
        (CcaKind::Nscc, LbScheme::Oblivious)
    );
    assert_eq!(
        (s.cca.nscc.target_qdelay_us, s.cca.initial_cwnd_bdp),
        (1.0, 1.5)
    );
    assert_eq!(
        (s.transport.ack_every_bytes, s.cca.nscc.ack_every_bytes),
        (16384, 16384)
    );
    // 15 µs + 6 × 192 × 4160 B × 8 / 800 Gbps
    assert!((s.cca.nscc.rto_min_us - 62.9232).abs() < 1e-9);
}

#[test]
fn the_oblivious_scheme_needs_a_power_of_two_labels() {
    let mut s = Scenario::preset("uec-reference").unwrap();
    s.lb.path_labels = 48;
    let e = s.validate().unwrap_err();
    assert_eq!(e.field, "lb.path_labels");
    assert!(e.message.contains("power of two"), "{e}");
    s.lb.path_labels = 32;
    s.validate().unwrap();
}

#[test]
fn the_page_offers_every_preset_of_a_paper_figure_labelled_by_its_figure() {
    let offered: Vec<(&str, &str)> = crate::repro::figure_presets().collect();
    // each preset once, the baseline labelled by Fig. 4 (not Fig. 12, which runs on it too)
    assert_eq!(
        offered[0],
        (
            "baseline",
            "Fig. 4 and 5: permutation with 4 ECMP elephants"
        )
    );
    for p in PRESETS {
        let paper = p.about.contains("(paper ");
        let menu = offered.iter().any(|(name, _)| *name == p.name);
        assert!(
            !paper || menu,
            "{} is a paper figure's preset but not offered",
            p.name
        );
        assert!(Scenario::preset(p.name).is_some());
    }
    assert_eq!(offered.len(), 11);
}

/// docs/scenario.md's table of fields is the registry's (`SPRAYLAB_BLESS=1` rewrites it).
#[test]
fn docs_scenario_md_holds_the_registry_table() {
    const BEGIN: &str = "<!-- fields: generated from src/scenario/registry/mod.rs";
    const END: &str = "<!-- end of fields -->";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/scenario.md");
    let doc = std::fs::read_to_string(path).expect("docs/scenario.md is part of the repository");
    let start = doc
        .find(BEGIN)
        .expect("docs/scenario.md lost its fields marker");
    let start = start + doc[start..].find('\n').expect("a marker line") + 1;
    let end = doc
        .find(END)
        .expect("docs/scenario.md lost its end-of-fields marker");
    let table = registry::markdown_table();
    if std::env::var_os("SPRAYLAB_BLESS").is_some() {
        let fresh = format!("{}{table}{}", &doc[..start], &doc[end..]);
        std::fs::write(path, fresh).expect("docs/scenario.md is writable");
        return;
    }
    assert!(
        doc[start..end] == table,
        "docs/scenario.md's table of fields is stale: SPRAYLAB_BLESS=1 cargo test --release --lib docs_scenario"
    );
}

#[test]
fn an_elephant_s_packets_are_numbered_in_32_bits() {
    // at 3200 Gbps in 64-byte packets a long-lived flow sends 2^32 packets in 687 ms
    let mut s = Scenario::preset("baseline").unwrap();
    (s.topology.link_gbps, s.topology.mss_bytes) = (3200, 64);
    s.max_sim_time_us = 687_194.0;
    s.validate().unwrap();
    s.max_sim_time_us = 687_195.0;
    let e = s.validate().unwrap_err();
    assert_eq!(e.field, "max_sim_time_us");
    assert!(e.message.contains("at most 687194 µs"), "{e}");
    // finite flows alone (at most 2^24 packets of a 1 GiB flow) run to the longest limit
    s.workload.elephants = 0;
    s.max_sim_time_us = 1e7;
    s.validate().unwrap();
}
