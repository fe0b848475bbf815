//! The `spraylab` command line: reports, files, and one-line errors with exit code 2.

use std::process::{Command, Output};

fn spraylab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spraylab"))
        .args(args)
        .output()
        .expect("spraylab runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const SMALL: &[&str] = &["--k", "4", "--elephants", "2", "--flow-size", "256KiB"];

fn run_json(extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["run", "--format", "json"];
    args.extend_from_slice(SMALL);
    args.extend_from_slice(extra);
    let o = spraylab(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("valid JSON")
}

#[test]
fn json_report_has_the_documented_fields() {
    let r = run_json(&["--cca", "mswift", "--lb", "ops", "--seed", "3"]);
    for key in [
        "cct_us",
        "ideal_cct_us",
        "cct_inflation",
        "flows",
        "counters",
        "perf",
    ] {
        assert!(r.get(key).is_some(), "missing {key}");
    }
    for key in [
        "events",
        "data_packets",
        "retransmits",
        "drops",
        "ecn_marks",
        "timeouts",
    ] {
        assert!(
            r["counters"][key].as_u64().is_some(),
            "missing counters.{key}"
        );
    }
    for key in ["wall_s", "events_per_s", "data_packets_per_s"] {
        assert!(r["perf"][key].as_f64().is_some(), "missing perf.{key}");
    }
    let flows = r["flows"].as_array().unwrap();
    assert_eq!(flows.len(), 16);
    for f in flows {
        for key in ["src", "dst", "bytes", "sprayed", "fct_us"] {
            assert!(f.get(key).is_some(), "missing flows[].{key}");
        }
    }
}

#[test]
fn identical_inputs_give_identical_reports_outside_perf() {
    let strip = |mut v: serde_json::Value| {
        v.as_object_mut().unwrap().remove("perf");
        v
    };
    let a = strip(run_json(&["--cca", "lswift", "--seed", "5"]));
    let b = strip(run_json(&["--cca", "lswift", "--seed", "5"]));
    assert_eq!(a, b);
}

#[test]
fn scenario_files_in_toml_and_json_give_the_same_run() {
    let dir = std::env::temp_dir().join(format!("spraylab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let toml_path = dir.join("s.toml");
    let o = spraylab(&[
        "scenario",
        "--k",
        "4",
        "--elephants",
        "2",
        "--flow-size",
        "128KiB",
    ]);
    assert!(o.status.success());
    std::fs::write(&toml_path, stdout(&o)).unwrap();
    let json_path = dir.join("s.json");
    std::fs::write(
        &json_path,
        r#"{"topology": {"k": 4}, "workload": {"elephants": 2, "flow_size_bytes": 131072}}"#,
    )
    .unwrap();
    let run = |p: &std::path::Path| {
        let o = spraylab(&["run", "--format", "json", "--scenario", p.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let mut v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        v.as_object_mut().unwrap().remove("perf");
        v
    };
    assert_eq!(run(&toml_path), run(&json_path));

    let csv = dir.join("t.csv");
    let o = spraylab(&[
        "run",
        "--scenario",
        json_path.to_str().unwrap(),
        "--timeline",
        csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.starts_with("time_us,series,id,min,max\n"));
    for series in [
        ",cwnd_pkts,flow0,",
        ",signal_us,",
        ",raw_delay_us,",
        ",queue_bytes,",
    ] {
        assert!(text.contains(series), "no {series} rows");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Bad input: exit code 2, one line on stderr naming the problem, nothing on stdout.
fn assert_refused(args: &[&str], needle: &str) {
    let o = spraylab(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    assert!(stdout(&o).is_empty());
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    assert_refused(&["frobnicate"], "unknown command");
    assert_refused(&["run", "--bogus"], "--bogus");
    assert_refused(&["run", "--k"], "--k needs a value");
    assert_refused(&["run", "--k", "7"], "topology.k");
    assert_refused(&["run", "--k", "x"], "--k");
    assert_refused(&["run", "--k", "99999999999999999999"], "--k");
    assert_refused(&["run", "--cca", "reno"], "--cca");
    assert_refused(&["run", "--lb", "magic"], "--lb");
    assert_refused(&["run", "--elephants", "1"], "workload.elephants");
    assert_refused(&["run", "--flow-size", "0"], "workload.flow_size_bytes");
    assert_refused(&["run", "--flow-size", "lots"], "--flow-size");
    assert_refused(&["run", "--history", "0"], "cca.history");
    assert_refused(&["run", "--history", "soon"], "--history");
    assert_refused(&["run", "--percentile", "100"], "cca.percentile");
    assert_refused(&["run", "--seed", "-1"], "--seed");
    assert_refused(&["run", "--preset", "nope"], "--preset");
    assert_refused(&["run", "--scenario", "/nonexistent/x.toml"], "cannot read");
    assert_refused(&["run", "--format", "yaml"], "--format");
    assert_refused(&["bench", "--slow"], "bench");
    assert_refused(&["bench", "--against"], "--against");
    assert_refused(&["bench", "--rounds", "0"], "--rounds");
    assert_refused(&["run", "--set", "nonsense"], "PATH=VALUE");
    assert_refused(&["run", "--set", "topology.nope=1"], "topology.nope");
    assert_refused(&["run", "--set", "topology.k=34"], "topology.k");
    // a rule that divides by another field runs after that field's own range: no panic
    assert_refused(
        &[
            "run",
            "--set",
            "topology.mss_bytes=0",
            "--set",
            "topology.buffer_packets=1",
        ],
        "topology.mss_bytes: must be from 64 to 65536, got 0",
    );
    // a value of the wrong kind is told with the field's range, in the user's words
    for (set, says) in [
        (
            "topology.k=abc",
            "topology.k: must be an even number from 4 to 32",
        ),
        (
            "topology.k=-3",
            "from 4 to 32, to 128 with tiers = 2, got \"-3\"",
        ),
        (
            "topology.k=99999999999",
            "from 4 to 32, to 128 with tiers = 2, got \"99999999999\"",
        ),
        ("cca.swift.ai=nan", "cca.swift.ai: must be a number from"),
        (
            "timeline.interval_us=-1",
            "must be 0 (no sampling) or a number from 0.01",
        ),
        (
            "transport.pacing=maybe",
            "transport.pacing: must be true or false",
        ),
    ] {
        assert_refused(&["run", "--set", set], says);
        let o = spraylab(&["run", "--set", set]);
        assert!(!stderr(&o).contains("column"), "{set}: {}", stderr(&o));
    }
    // a timeline at k = 32 would buffer about 10 GiB; without --timeline nothing is sampled
    assert_refused(
        &["run", "--k", "32", "--timeline", "/nonexistent/t.csv"],
        "timeline.max_buffered",
    );

    let dir = std::env::temp_dir().join(format!("spraylab-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        ("a.toml", "[topology]\nk = \"eight\"\n", "topology.k"),
        ("b.toml", "[topology]\nspeed = 3\n", "topology"),
        ("c.toml", "not toml at all ][", "c.toml"),
        (
            "d.json",
            "{\"cca\": {\"algorithm\": \"cubic\"}}",
            "cca.algorithm",
        ),
        (
            "e.json",
            "{\"topology\": {\"link_latency_us\": -1}}",
            "topology.link_latency_us",
        ),
        ("f.json", "\u{0}\u{1}", "f.json"),
    ];
    for (name, text, needle) in cases {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        assert_refused(&["run", "--scenario", p.to_str().unwrap()], needle);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn set_changes_any_field_by_its_path_in_command_line_order() {
    let base = run_json(&["--k", "4", "--flow-size", "64KiB"]);
    let set = run_json(&[
        "--k",
        "4",
        "--flow-size",
        "64KiB",
        "--set",
        "topology.ecn_min_bytes=8192",
        "--set",
        "topology.ecn_max_bytes=8192",
    ]);
    assert_ne!(base["counters"]["ecn_marks"], set["counters"]["ecn_marks"]);
    // the sampling timeline is only observed: off, the run is the same but for its sample events
    let quiet = run_json(&[
        "--k",
        "4",
        "--flow-size",
        "64KiB",
        "--set",
        "timeline.interval_us=0",
    ]);
    assert_eq!(base["cct_us"], quiet["cct_us"]);
    assert_eq!(
        base["counters"]["ecn_marks"],
        quiet["counters"]["ecn_marks"]
    );
    // top-level fields and whole lists are reachable too
    let short = run_json(&["--set", "max_sim_time_us=3"]);
    assert!(short["sim_time_us"].as_f64().unwrap() <= 3.0, "{short}");
    assert_eq!(short["finished"], false);
    let levels = run_json(&["--lb", "ar", "--set", "lb.ar_levels_pct=[5, 50]"]);
    assert!(levels["cct_us"].as_f64().is_some());
    assert_refused(
        &["run", "--set", "lb.ar_levels_pct=5"],
        "lb.ar_levels_pct: must be a list",
    );
    // a list of the wrong length names the field, with no line or column of an internal file
    let o = spraylab(&["run", "--set", "topology.drr_weights=[3]"]);
    let e = stderr(&o);
    assert!(
        e.contains("topology.drr_weights") && !e.contains("line"),
        "{e}"
    );
    // later flags win, whichever kind they are
    let k8 = run_json(&["--set", "topology.k=4", "--k", "8", "--flow-size", "64KiB"]);
    // one flow per host, the 2 elephants among them
    assert_eq!(k8["flows"].as_array().unwrap().len(), 128);
}

#[test]
fn every_field_is_range_checked_whatever_the_workload() {
    assert_refused(&["run", "--k", "4", "--paths", "0"], "workload.paths");
    assert_refused(
        &["run", "--long-delay", "nan"],
        "workload.long_path_extra_us",
    );
    assert_refused(&["run", "--senders", "0"], "workload.incast_senders");
    assert_refused(&["run", "--elephants", "x"], "0, or 2 to hosts − 2");
    assert_refused(
        &["model", "--long-delay", "-5"],
        "workload.long_path_extra_us",
    );
    assert_refused(
        &["model", "--long-delay", "inf"],
        "workload.long_path_extra_us",
    );
    // every cell is checked before any runs: the incast's 32 senders do not fit 16 hosts
    let started = std::time::Instant::now();
    assert_refused(
        &["repro", "all", "--k", "4", "--out", "/nonexistent/never"],
        "invalid scenario for incast",
    );
    assert!(
        started.elapsed().as_secs() < 10,
        "refused only after running"
    );
}

#[test]
fn runs_beyond_the_default_budget_need_allow_large() {
    // 1024 hosts × 1 GiB: about 256 M packets, half an hour of CPU
    assert_refused(
        &["run", "--k", "16", "--flow-size", "1GiB"],
        "--allow-large",
    );
    assert_refused(
        &[
            "repro",
            "baseline",
            "--k",
            "16",
            "--flow-size",
            "1GiB",
            "--out",
            "/nonexistent/x",
        ],
        "too large",
    );
    // within the budget nothing changes; --allow-large is accepted everywhere a run is
    let o = spraylab(&["run", "--k", "4", "--flow-size", "64KiB", "--allow-large"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn control_characters_in_errors_are_escaped() {
    let dir = std::env::temp_dir().join(format!("spraylab-ctl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("ctl.toml");
    std::fs::write(&p, "\"two\\nlines\\u001b[31m\" = 1\n").unwrap();
    assert_refused(&["run", "--scenario", p.to_str().unwrap()], "two\\nlines");
    let o = spraylab(&["run", "--scenario", p.to_str().unwrap()]);
    assert!(!stderr(&o).contains('\u{1b}'), "{:?}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn non_finite_numbers_in_csvs_are_refused_with_file_and_line() {
    let dir = std::env::temp_dir().join(format!("spraylab-inf-{}", std::process::id()));
    let fig = dir.join("baseline");
    std::fs::create_dir_all(&fig).unwrap();
    let header = "figure,cca,lb,paths,runs,unfinished,inflation_mean,inflation_stderr,\
                  cct_us_mean,throughput_gbps_mean,model_gbps";
    for bad in ["1e309", "inf", "NaN"] {
        std::fs::write(
            fig.join("summary.csv"),
            format!("{header}\nbaseline,mswift,ops,0,10,0,{bad},0.01,100,,\n"),
        )
        .unwrap();
        assert_refused(
            &["report", dir.to_str().unwrap(), "--to", "/dev/null"],
            "summary.csv: line 2: inflation_mean: not a finite number",
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn presets_and_help_are_listed() {
    let o = spraylab(&["presets"]);
    assert!(stdout(&o).contains("baseline") && stdout(&o).contains("permutation"));
    let o = spraylab(&["help"]);
    assert!(o.status.success() && stdout(&o).contains("--history"));
    // every subcommand the top-level help lists
    let top = stdout(&o);
    let subs: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&sub| sub != "help")
        .collect();
    assert!(subs.len() >= 10 && subs.contains(&"run"), "{subs:?}");
    for sub in subs {
        let o = spraylab(&[sub, "--help"]);
        assert!(o.status.success(), "{sub} --help: {}", stderr(&o));
        assert!(
            stdout(&o).contains(&format!("Usage: spraylab {sub}")),
            "{sub} --help: {}",
            stdout(&o)
        );
    }
}

/// `spraylab fields` lists every field of the registry, a line each, with a default that
/// `--set` takes back; `--markdown` is docs/scenario.md's table.
#[test]
fn fields_lists_every_field_with_a_default_set_takes_back() {
    use spraylab::scenario::registry::{markdown_table, FIELDS};
    let o = spraylab(&["fields"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(lines.len(), FIELDS.len());
    let mut sets = Vec::new();
    for (line, f) in lines.iter().zip(FIELDS) {
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cols[0], f.path, "{line}");
        let default = if f.short.is_some() { cols[2] } else { cols[1] };
        if default != "none" {
            sets.push(format!("{}={default}", f.path));
        }
    }
    // every default, set back by its path, gives the default scenario
    let mut args = vec!["scenario"];
    for set in &sets {
        args.extend(["--set", set.as_str()]);
    }
    let again = spraylab(&args);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again), stdout(&spraylab(&["scenario"])));
    assert_eq!(
        stdout(&spraylab(&["fields", "--markdown"])),
        markdown_table()
    );
}

fn read_tree(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for fig in std::fs::read_dir(dir).expect("output folder") {
        let fig = fig.unwrap().path();
        for f in std::fs::read_dir(&fig).unwrap() {
            let f = f.unwrap().path();
            let name = f.strip_prefix(dir).unwrap().display().to_string();
            files.push((name, std::fs::read(&f).unwrap()));
        }
    }
    files.sort();
    files
}

#[test]
fn repro_shards_merged_equal_one_unsharded_run() {
    let tmp = std::env::temp_dir().join(format!("spraylab-repro-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let dir = |n: &str| tmp.join(n).display().to_string();
    let small = [
        "--seeds",
        "1",
        "--k",
        "4",
        "--elephants",
        "2",
        "--flow-size",
        "128KiB",
    ];
    let repro = |extra: &[&str]| {
        let mut args = vec!["repro", "baseline"];
        args.extend_from_slice(&small);
        args.extend_from_slice(extra);
        let o = spraylab(&args);
        assert!(o.status.success(), "{}", stderr(&o));
    };
    repro(&["--out", &dir("whole")]);
    repro(&["--out", &dir("s1"), "--shard", "1/2"]);
    repro(&["--out", &dir("s2"), "--shard", "2/2"]);
    let o = spraylab(&["merge", &dir("merged"), &dir("s1"), &dir("s2")]);
    assert!(o.status.success(), "{}", stderr(&o));

    let whole = read_tree(&tmp.join("whole"));
    assert_eq!(whole, read_tree(&tmp.join("merged")));
    let names: Vec<&str> = whole.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "baseline/fct.csv",
            "baseline/fct.png",
            "baseline/fct.svg",
            "baseline/plot.png",
            "baseline/plot.svg",
            "baseline/runs.csv",
            "baseline/summary.csv"
        ]
    );
    let text = |i: usize| String::from_utf8(whole[i].1.clone()).unwrap();
    assert!(whole[3].1.starts_with(b"\x89PNG\r\n"), "a PNG file");
    let svg = text(4);
    assert!(svg.starts_with("<svg") && svg.contains("CCT inflation, %"));
    // one row per CCA and spraying scheme, plus the header
    let runs = &text(5);
    assert_eq!(runs.lines().count(), 1 + 5 * 3, "{runs}");
    let summary = &text(6);
    assert!(summary
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("baseline,swift,ops,"));
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn repro_and_merge_refuse_bad_arguments() {
    assert_refused(&["repro"], "spraylab repro needs <FIGURE>");
    assert_refused(&["repro", "fig99"], "unknown figure \"fig99\"");
    assert_refused(&["repro", "baseline", "--seeds", "0"], "--seeds");
    assert_refused(
        &["repro", "baseline", "--shard", "3/2"],
        "--shard: invalid value \"3/2\": must be i/n",
    );
    assert_refused(&["repro", "baseline", "--k", "5"], "k");
    assert_refused(&["merge"], "spraylab merge needs <OUT>");
    assert_refused(&["report"], "spraylab report needs <DIR>");
    assert_refused(&["report", "/nonexistent"], "no summary.csv");
    assert_refused(
        &["merge", "/nonexistent-out", "/nonexistent-in"],
        "no runs.csv",
    );
}

#[test]
fn reproduction_md_is_the_report_of_the_committed_csvs() {
    let root = env!("CARGO_MANIFEST_DIR");
    // a copy, so the check writes no plots into the checkout
    let tmp = std::env::temp_dir().join(format!("spraylab-report-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    for entry in std::fs::read_dir(format!("{root}/repro")).unwrap() {
        let fig = entry.unwrap().path();
        let to = tmp.join("repro").join(fig.file_name().unwrap());
        std::fs::create_dir_all(&to).unwrap();
        for f in std::fs::read_dir(&fig).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "csv") {
                std::fs::copy(&f, to.join(f.file_name().unwrap())).unwrap();
            }
        }
    }
    let o = Command::new(env!("CARGO_BIN_EXE_spraylab"))
        .current_dir(&tmp)
        .args(["report", "repro", "--out", "REPRODUCTION.md"])
        .output()
        .expect("spraylab runs");
    assert!(o.status.success(), "{}", stderr(&o));
    let fresh = std::fs::read_to_string(tmp.join("REPRODUCTION.md")).unwrap();
    let committed = std::fs::read_to_string(format!("{root}/REPRODUCTION.md")).unwrap();
    assert!(
        fresh == committed,
        "REPRODUCTION.md differs from `spraylab report repro --out REPRODUCTION.md`: regenerate it"
    );
    let claims = spraylab::claims::evaluate(&spraylab::claims::Measured::default()).len();
    assert!(committed.contains(&format!("\n{claims} claims: ")));
    assert!(tmp.join("repro/theory/plot.svg").exists());
    assert!(tmp.join("repro/theory/plot.png").exists());
    let _ = std::fs::remove_dir_all(&tmp);
}

/// The plot links of a report: the targets of its `![...](...)` images.
fn image_links(report: &str) -> Vec<String> {
    report
        .lines()
        .filter_map(|l| l.strip_prefix("![")?.split_once("](")?.1.strip_suffix(')'))
        .map(str::to_string)
        .collect()
}

#[test]
fn report_writes_into_its_folder_with_links_that_resolve_and_keeps_other_files() {
    let root = env!("CARGO_MANIFEST_DIR");
    let tmp = std::env::temp_dir().join(format!("spraylab-report-out-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let dir = tmp.join("runs");
    for fig in std::fs::read_dir(format!("{root}/repro")).unwrap() {
        let fig = fig.unwrap().path();
        let to = dir.join(fig.file_name().unwrap());
        std::fs::create_dir_all(&to).unwrap();
        for f in std::fs::read_dir(&fig).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "csv") {
                std::fs::copy(&f, to.join(f.file_name().unwrap())).unwrap();
            }
        }
    }
    let report = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_spraylab"))
            .current_dir(&tmp)
            .args(args)
            .output()
            .expect("spraylab runs")
    };
    // by default into the folder it reads, linking the plots from there
    let o = report(&["report", "runs"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!tmp.join("REPRODUCTION.md").exists());
    let text = std::fs::read_to_string(dir.join("REPRODUCTION.md")).unwrap();
    assert!(
        text.contains("Generated by `spraylab report runs`"),
        "{text}"
    );
    let links = image_links(&text);
    assert!(!links.is_empty());
    for link in &links {
        assert!(
            dir.join(link).exists(),
            "{link} does not resolve from runs/"
        );
    }
    // elsewhere with --out, the links follow the report
    std::fs::create_dir_all(tmp.join("docs")).unwrap();
    let o = report(&["report", "runs", "--out", "docs/claims.md"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(tmp.join("docs/claims.md")).unwrap();
    for link in image_links(&text) {
        assert!(link.starts_with("../runs/"), "{link}");
        assert!(tmp.join("docs").join(&link).exists(), "{link}");
    }
    // a report it wrote is replaced; any other file is kept unless --force
    let o = report(&["report", "runs", "--out", "docs/claims.md"]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::write(tmp.join("notes.md"), "my notes").unwrap();
    assert_refused_in(&tmp, &["report", "runs", "--out", "notes.md"], "--force");
    assert_eq!(
        std::fs::read_to_string(tmp.join("notes.md")).unwrap(),
        "my notes"
    );
    let o = report(&["report", "runs", "--out", "notes.md", "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_ne!(
        std::fs::read_to_string(tmp.join("notes.md")).unwrap(),
        "my notes"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

/// [`assert_refused`] with `dir` as the working folder.
fn assert_refused_in(dir: &std::path::Path, args: &[&str], needle: &str) {
    let o = Command::new(env!("CARGO_BIN_EXE_spraylab"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("spraylab runs");
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
}

#[test]
fn trace_flow_and_drops_write_their_csvs_and_refuse_bad_flows() {
    let dir = std::env::temp_dir().join(format!("spraylab-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trace = dir.join("flow.csv");
    let drops = dir.join("drops.csv");
    let o = spraylab(&[
        "run",
        "--k",
        "4",
        "--flow-size",
        "64KiB",
        "--cca",
        "mswift",
        "--trace-flow",
        "4", // the first sprayed flow: the 4 elephants come first
        trace.to_str().unwrap(),
        "--drops",
        drops.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("slowest sprayed flow: "));
    let text = std::fs::read_to_string(&trace).unwrap();
    let mut lines = text.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("time_us,cause,seq,rtt_us,ecn,label,signal_us,history,target_us"));
    // 64 KiB of 4 KiB packets: 16 ACKs, each with its H (MSwift) and outcome
    let acks: Vec<&str> = lines.filter(|l| l.contains(",ack,")).collect();
    assert_eq!(acks.len(), 16, "{text}");
    assert!(acks
        .iter()
        .all(|l| l.split(',').nth(7).is_some_and(|h| !h.is_empty())));
    let d = std::fs::read_to_string(&drops).unwrap();
    assert!(d.starts_with("time_us,port,flow,seq,sprayed\n"));
    std::fs::remove_dir_all(&dir).ok();
    assert_refused(
        &["run", "--k", "4", "--trace-flow", "99", "/tmp/x.csv"],
        "trace-flow",
    );
    assert_refused(
        &["run", "--k", "4", "--trace-flow", "one", "/tmp/x.csv"],
        "--trace-flow",
    );
    assert_refused(&["run", "--k", "4", "--trace-flow", "1"], "--trace-flow");
}

/// The report without its wall-clock part.
fn without_perf(mut r: serde_json::Value) -> serde_json::Value {
    r.as_object_mut().unwrap().remove("perf");
    r
}

/// A three-flow traffic matrix written by hand from an incast's flows gives the same flows, the
/// same FCTs and the same counters as the incast itself; the matrix read from a scenario file's
/// `workload.traffic` (relative to the file) gives the same again.
#[test]
fn a_traffic_matrix_runs_the_same_flows_as_the_equivalent_scenario() {
    let json = |args: &[&str]| {
        let mut all = vec!["run", "--format", "json", "--k", "4", "--seed", "7"];
        all.extend_from_slice(args);
        let o = spraylab(&all);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        without_perf(serde_json::from_str(&stdout(&o)).unwrap())
    };
    let incast = json(&[
        "--workload",
        "incast",
        "--elephants",
        "0",
        "--senders",
        "3",
        "--flow-size",
        "256KiB",
    ]);
    let flows = incast["flows"].as_array().unwrap();
    assert_eq!(flows.len(), 3);
    let mut matrix = format!("Nodes 16\nConnections {}\n", flows.len());
    for (i, f) in flows.iter().enumerate() {
        matrix += &format!(
            "{}->{} id {} start 0 size {}\n",
            f["src"],
            f["dst"],
            i + 1,
            f["bytes"]
        );
    }
    let dir = std::env::temp_dir().join(format!("spraylab-traffic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cm = dir.join("three.cm");
    std::fs::write(&cm, &matrix).unwrap();
    let from_matrix = json(&["--traffic", cm.to_str().unwrap()]);
    assert_eq!(from_matrix, incast);
    std::fs::write(dir.join("s.toml"), "[workload]\ntraffic = \"three.cm\"\n").unwrap();
    let s = dir.join("s.toml");
    let from_file = json(&["--scenario", s.to_str().unwrap()]);
    assert_eq!(from_file, incast);
    // errors name the file and the line
    std::fs::write(&cm, matrix.replace(" size 262144\n", " size 0\n")).unwrap();
    assert_refused(
        &["run", "--k", "4", "--traffic", cm.to_str().unwrap()],
        "line 3: size must be from 1",
    );
    std::fs::write(
        &cm,
        "Nodes 128\nConnections 1\n0->100 id 1 start 0 size 9\n",
    )
    .unwrap();
    assert_refused(
        &["run", "--k", "4", "--traffic", cm.to_str().unwrap()],
        "more than the topology's 16 hosts",
    );
    std::fs::write(&cm, "Nodes 16\nConnections 1\n0->1 id 1 size 9\n").unwrap();
    assert_refused(
        &["run", "--k", "4", "--traffic", cm.to_str().unwrap()],
        "line 3: 0->1 has neither a start time nor a trigger",
    );
    // a start's fraction is dropped as htsim drops it, and the run says so on stderr
    std::fs::write(&cm, "Nodes 16\nConnections 1\n0->1 id 1 start 3.5 size 9\n").unwrap();
    let o = spraylab(&[
        "run",
        "--k",
        "4",
        "--traffic",
        cm.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 3: a start's fraction of a µs is dropped"),
        "{}",
        stderr(&o)
    );
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["flows"][0]["start_us"], 3.0);
    assert_refused(
        &["run", "--traffic", dir.join("none.cm").to_str().unwrap()],
        "cannot read",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `spraylab matrix` writes the workload's flows in htsim's format, and running that matrix
/// gives the workload's own report; a workload with long-lived elephants is refused.
#[test]
fn matrix_writes_the_flows_a_run_reads_back() {
    let base = [
        "--k",
        "4",
        "--elephants",
        "0",
        "--flow-size",
        "128KiB",
        "--seed",
        "3",
    ];
    let mut args = vec!["matrix"];
    args.extend_from_slice(&base);
    let o = spraylab(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("Nodes 16\nConnections 16\n"), "{text}");
    let dir = std::env::temp_dir().join(format!("spraylab-matrix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cm = dir.join("perm.cm");
    std::fs::write(&cm, &text).unwrap();
    let run = |extra: &[&str]| {
        let mut a = vec!["run", "--format", "json"];
        a.extend_from_slice(&base);
        a.extend_from_slice(extra);
        let o = spraylab(&a);
        assert!(o.status.success(), "{}", stderr(&o));
        without_perf(serde_json::from_str(&stdout(&o)).unwrap())
    };
    assert_eq!(run(&["--traffic", cm.to_str().unwrap()]), run(&[]));
    // a collective and a spread incast are written with their triggers and starts, and read
    // back they run as the workload does
    for (extra, head) in [
        (
            &["--workload", "allreduce", "--group", "4"][..],
            "Nodes 16\nConnections 112\nTriggers 96\n",
        ),
        (
            &["--workload", "alltoall", "--group", "8"][..],
            "Nodes 16\nConnections 112\nTriggers 96\n",
        ),
        (
            &["--workload", "incast", "--senders", "6", "--spread", "16"][..],
            "Nodes 16\nConnections 6\n",
        ),
    ] {
        let mut args = vec!["matrix"];
        args.extend_from_slice(&base);
        args.extend_from_slice(extra);
        let o = spraylab(&args);
        assert!(o.status.success(), "{extra:?}: {}", stderr(&o));
        assert!(stdout(&o).starts_with(head), "{extra:?}: {}", stdout(&o));
        std::fs::write(&cm, stdout(&o)).unwrap();
        let mut with = extra.to_vec();
        with.extend(["--traffic", cm.to_str().unwrap()]);
        let (from_file, drawn) = (run(&with), run(extra));
        assert_eq!(from_file["flows"], drawn["flows"], "{extra:?}");
        assert_eq!(from_file["cct_us"], drawn["cct_us"], "{extra:?}");
        assert_eq!(
            from_file["ideal_cct_us"], drawn["ideal_cct_us"],
            "{extra:?}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
    assert_refused(&["matrix", "--k", "4"], "elephants");
}

#[test]
fn a_long_run_piped_prints_its_report_and_nothing_on_stderr() {
    // over a second of work: progress would show on a terminal, but stderr here is a pipe
    let started = std::time::Instant::now();
    let o = spraylab(&["run", "--flow-size", "96MiB", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(started.elapsed().as_secs_f64() > 1.0, "too short to test");
    assert_eq!(stderr(&o), "");
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["finished"], true);
}

#[test]
fn the_committed_plots_colour_each_cca_as_the_page_does() {
    use spraylab::palette;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("repro");
    for figure in ["baseline", "permutation", "incast"] {
        let f = spraylab::repro::figure(figure).unwrap();
        let svg = std::fs::read_to_string(root.join(figure).join("plot.svg")).unwrap();
        for (cca, colour) in f.ccas.iter().zip(palette::ccas(f.ccas)) {
            let hex = format!("#{:02X}{:02X}{:02X}", colour.0, colour.1, colour.2);
            assert!(
                svg.contains(&hex),
                "repro/{figure}/plot.svg has no {hex} for {cca}: redraw it with `spraylab report repro`"
            );
        }
    }
}

/// An htsim topology file that describes a k-ary fat-tree sets k, the link rate and latency
/// (before --set); one SprayLab cannot build is refused naming its line.
/// `spraylab scenario --topology FILE` prints each of `lines`, and a run on it names `fabric`.
fn assert_topology_file(file: &std::path::Path, lines: &[&str], fabric: &str) {
    let file = file.to_str().unwrap();
    let o = spraylab(&["scenario", "--topology", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for line in lines {
        assert!(text.lines().any(|l| l == *line), "{line} in {text}");
    }
    let o = spraylab(&["run", "--topology", file, "--flow-size", "64KiB"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(fabric), "{}", stdout(&o));
}

#[test]
fn a_topology_file_sets_the_fabric_or_is_refused_naming_its_line() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fuzz_corpus/topology_k4.topo"
    );
    let o = spraylab(&["scenario", "--topology", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for line in ["k = 4", "link_gbps = 400", "link_latency_us = 0.5"] {
        assert!(text.lines().any(|l| l == line), "{line} in {text}");
    }
    let o = spraylab(&[
        "scenario",
        "--topology",
        file,
        "--set",
        "topology.link_gbps=100",
    ]);
    assert!(
        stdout(&o).lines().any(|l| l == "link_gbps = 100"),
        "--set wins"
    );
    let dir = std::env::temp_dir().join(format!("spraylab-topo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("os.topo");
    let text = std::fs::read_to_string(file).unwrap();
    std::fs::write(
        &bad,
        text.replacen("Tier 1\nOversubscribed 1", "Tier 1\nOversubscribed 4", 1),
    )
    .unwrap();
    assert_refused(
        &["run", "--topology", bad.to_str().unwrap()],
        "line 15: Oversubscribed 4: the tier's radices and rates (2 down at 400 Gb/s, 2 up at 400 Gb/s) make it 1",
    );
    std::fs::write(&bad, text.replace("Tiers 3", "Tiers 2")).unwrap();
    assert_refused(
        &["run", "--topology", bad.to_str().unwrap()],
        "Tiers 2 but 3 Tier blocks",
    );
    // a ToR with one up-link for its two hosts: 2:1 oversubscribed, and it runs
    let os = dir.join("os2.topo");
    std::fs::write(
        &os,
        text.replacen("Oversubscribed 1", "Oversubscribed 2", 1)
            .replacen("Radix_Up 2", "Radix_Up 1", 1),
    )
    .unwrap();
    assert_topology_file(
        &os,
        &["k = 4", "tiers = 3", "oversubscription = 2"],
        "fabric: three-tier fat-tree of 4 pods, 2 cores, 16 hosts, 2:1 oversubscribed",
    );
    // the cores reached at half the rate over bundles of two, as htsim's test.topo: a full
    // bisection still
    let bundled = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fuzz_corpus/topology_bundled.topo"
    ));
    assert_topology_file(
        bundled,
        &["core_bundle = 2", "link_gbps = 400", "core_link_gbps = 200"],
        "fabric: three-tier fat-tree of 4 pods, 4 cores, 16 hosts\n",
    );
    assert_refused(
        &["run", "--topology", dir.join("none.topo").to_str().unwrap()],
        "cannot read",
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn trim_alone_turns_trimming_on_and_the_report_counts_the_trims() {
    let o = spraylab(&[
        "run",
        "--preset",
        "incast",
        "--k",
        "4",
        "--senders",
        "15",
        "--trim",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("drops 0"), "{text}");
    let trims = text
        .lines()
        .find_map(|l| l.strip_prefix("trimmed "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse::<u64>().ok());
    assert!(trims.is_some_and(|n| n > 0), "{text}");
    // a switch takes a value too, and a bad one is refused naming the field
    let o = spraylab(&[
        "run",
        "--preset",
        "incast",
        "--k",
        "4",
        "--senders",
        "15",
        "--trim",
        "false",
    ]);
    assert!(o.status.success() && !stdout(&o).contains("trimmed"));
    assert_refused(
        &["run", "--trim", "maybe"],
        "topology.trim: must be true or false, got \"maybe\"",
    );
}

/// `bench --quick` measures every quick case and the growth of the cost from 16 to 1024
/// hosts, per data packet and per event, from its own figures.
#[test]
fn bench_prints_every_case_and_the_cost_growth_it_measured() {
    let o = spraylab(&["bench", "--quick", "--rounds", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let cases = [
        ("baseline k=8", 128),
        ("permutation k=4", 16),
        ("permutation k=8", 128),
        ("permutation k=16", 1024),
    ];
    // per case: (events a packet, M packets and M events per CPU-second), MB in huge pages
    let mut figures = Vec::new();
    let mut huge = Vec::new();
    for (name, hosts) in cases {
        let line = out
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no line for {name} in:\n{out}"));
        let cols: Vec<&str> = line[42..].split_whitespace().collect();
        assert_eq!(cols[0], hosts.to_string(), "{line}");
        let packets: f64 = cols[1].parse().unwrap();
        let per_packet: f64 = cols[2].parse().unwrap();
        let mpkt: f64 = cols[3].parse().unwrap();
        let mev: f64 = cols[4].parse().unwrap();
        assert!(
            packets > 0.0 && (2.0..=24.0).contains(&per_packet) && mpkt > 0.0 && mev > mpkt,
            "{line}"
        );
        figures.push((per_packet, mpkt, mev));
        huge.push(cols[8].parse::<f64>().unwrap());
    }
    // the heap in transparent huge pages wherever the kernel gives them on request (the
    // 1024-host case holds tens of MB), and in none where it never does
    let thp = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
        .expect("a Linux kernel with transparent huge pages");
    match thp.contains("[never]") {
        true => assert_eq!(huge[3], 0.0, "{out}"),
        false => assert!(huge[3] >= 4.0, "THP {thp}: {out}"),
    }
    assert!(
        !out.contains("k=32"),
        "--quick leaves the 8192-host case out:\n{out}"
    );
    let growth = out
        .lines()
        .find(|l| l.starts_with("at 1024 hosts against 16:"))
        .unwrap_or_else(|| panic!("no growth line in:\n{out}"));
    // its ratios, per data packet, per event and of events a packet, are the table's
    let ratios: Vec<f64> = growth
        .split('(')
        .skip(1)
        .map(|s| s.split('x').next().unwrap().parse().unwrap())
        .collect();
    let (ev16, m16, mev16) = figures[1];
    let (ev1024, m1024, mev1024) = figures[3];
    assert_eq!(ratios.len(), 3, "{growth}");
    assert!(
        (ratios[0] - m16 / m1024).abs() < 0.02 * ratios[0],
        "{growth}\n{out}"
    );
    assert!(
        (ratios[1] - mev16 / mev1024).abs() < 0.02 * ratios[1],
        "{growth}\n{out}"
    );
    assert!((ratios[2] - ev1024 / ev16).abs() < 0.02, "{growth}\n{out}");
}
