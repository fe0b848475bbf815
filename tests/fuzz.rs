//! Fuzzing on stable Rust: every reader of outside input gets mutated inputs, under
//! `catch_unwind`, and must refuse or accept each without a panic; a refusal is one line.
//!
//! Targets: URL fragments (`link::from_fragment`), scenario files (TOML and JSON, then
//! validation and a short run of what is accepted), worker messages (postcard `ToWorker`, then
//! what the worker does with them), the CSVs of `spraylab repro` (every row type, then the
//! claims and the report built on what is read), traffic matrices (htsim's connection-matrix
//! format, then a short run of the flows read), and timed events as `--event` writes them (then
//! validation and a short run).
//!
//! Two more targets read like a user: the page's own doors for outside input (`Page::open_file`
//! and `Page::open_link`, the code a file or a pasted link runs on the page's main thread, where
//! a panic would take the page down), and a structure-aware one that sets the fields of valid
//! scenarios, through the registry, at and around the ends of their ranges, so that most of its
//! inputs are accepted and run.
//!
//! Inputs are mutations of a seed corpus: `tests/fuzz_corpus/`, the committed `repro/` CSVs,
//! every preset written in each format, and every input an earlier run found
//! (`tests/regressions/fuzz/<target>/`, replayed first). The mutator is seeded, so a run is
//! reproducible: `SPRAYLAB_FUZZ_SEED` picks the seed (unset, the clock picks one, printed, so
//! that each run explores anew), `SPRAYLAB_FUZZ_ITERS` the inputs per target (default
//! [`CI_ITERS`]). An input that panics is written to `target/fuzz-found/`, to be kept in
//! `tests/regressions/fuzz/<target>/` once fixed. A long run:
//!
//! ```text
//! SPRAYLAB_FUZZ_ITERS=1000000 cargo test --release --test fuzz -- --nocapture
//! ```
//!
//! Native only: the scenario files include TOML, which the wasm32 build does not read.
#![cfg(not(target_arch = "wasm32"))]

use rand_xoshiro::rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use spraylab::claims::{evaluate, report, Measured, ReportPaths};
use spraylab::protocol::{decode, encode, Runner, ToWorker};
use spraylab::repro::rows::{from_csv, FctRow, Row, SummaryRow};
use spraylab::scenario::PRESETS;
use spraylab::share::{from_fragment, to_fragment};
use spraylab::Scenario;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// Inputs per target in a default (CI) run.
const CI_ITERS: u64 = 30_000;

/// Tokens the mutator splices in: numbers at and past every edge, names, syntax.
const TOKENS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "1e309",
    "-1e309",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "1e-320",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "65535",
    "10000",
    "1024",
    "16",
    "7",
    "0.0",
    "\"",
    "'",
    "=",
    "&",
    "#",
    ",",
    "\n",
    "[",
    "]",
    "{",
    "}",
    ".",
    "k",
    "cca",
    "lb",
    "mswift-p",
    "mswift-p0",
    "npath",
    "incast",
    "hsdp",
    "ar",
    "reps",
    "topology.",
    "cca.swift.",
    "workload.",
    "1GiB",
    "8MiB",
    "\u{0}",
    "\u{1b}[31m",
    "é",
    "true",
    "false",
    ":",
    "link-down",
    "link-rate",
    "elephants-start",
    "agg3.up1",
    "core0.pod3",
    "host15.nic",
    "flow1",
    "beside=",
    "cca:",
    "set:",
    "lb:",
];

struct Mutator(Xoshiro256PlusPlus);

impl Mutator {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }

    /// One or two edits of `input`: a value swapped for an edge token (the most frequent, so
    /// that many inputs still parse and reach validation and the simulator), bit flips, cuts,
    /// inserts, tokens, repeats, splices, truncation.
    fn mutate(&mut self, input: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
        let mut v = input.to_vec();
        for _ in 0..1 + self.below(2) {
            let at = self.below(v.len() + 1);
            if self.below(2) == 0 {
                self.swap_value(&mut v);
                continue;
            }
            match self.below(8) {
                0 if !v.is_empty() => {
                    let i = self.below(v.len());
                    v[i] ^= 1 << self.below(8);
                }
                1 if !v.is_empty() => {
                    let end = (at + 1 + self.below(16)).min(v.len());
                    v.drain(at.min(end)..end);
                }
                2 => {
                    let bytes: Vec<u8> = (0..1 + self.below(8))
                        .map(|_| self.0.next_u64() as u8)
                        .collect();
                    v.splice(at..at, bytes);
                }
                3 | 4 => {
                    let token = TOKENS[self.below(TOKENS.len())].as_bytes();
                    // replace a run of digits when there is one here, else insert
                    let end = v[at..]
                        .iter()
                        .position(|b| !b.is_ascii_digit() && *b != b'.')
                        .map_or(v.len(), |n| at + n);
                    v.splice(at..end, token.iter().copied());
                }
                5 if !v.is_empty() => {
                    let start = self.below(v.len());
                    let end = (start + 1 + self.below(64)).min(v.len());
                    let chunk = v[start..end].to_vec();
                    v.splice(at..at, chunk);
                }
                6 => {
                    // splice in a piece of another corpus entry
                    let other = &corpus[self.below(corpus.len())];
                    if !other.is_empty() {
                        let start = self.below(other.len());
                        let end = (start + 1 + self.below(128)).min(other.len());
                        v.splice(at..at, other[start..end].iter().copied());
                    }
                }
                _ => v.truncate(at),
            }
        }
        v
    }
    /// Replaces one number of `v` (a run of digits, signs, dots and exponents) with a token.
    fn swap_value(&mut self, v: &mut Vec<u8>) {
        let starts: Vec<usize> = (0..v.len())
            .filter(|&i| v[i].is_ascii_digit() && (i == 0 || !v[i - 1].is_ascii_alphanumeric()))
            .collect();
        if starts.is_empty() {
            return;
        }
        let start = starts[self.below(starts.len())];
        let end = v[start..]
            .iter()
            .position(|b| !(b.is_ascii_digit() || b"+-.eE".contains(b)))
            .map_or(v.len(), |n| start + n);
        let token = TOKENS[self.below(TOKENS.len())].as_bytes();
        v.splice(start..end, token.iter().copied());
    }
}

/// The inputs per target: `SPRAYLAB_FUZZ_ITERS`, else [`CI_ITERS`].
fn iterations() -> u64 {
    std::env::var("SPRAYLAB_FUZZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CI_ITERS)
}

/// The run's seed: `SPRAYLAB_FUZZ_SEED`, else the clock's seconds (printed with each target, and
/// in a failure, so that the run reproduces).
fn seed() -> u64 {
    std::env::var("SPRAYLAB_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        })
}

/// Every input an earlier run of target `name` found, kept in `tests/regressions/fuzz/name/`.
fn regressions(name: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/regressions/fuzz")
        .join(name);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// Keeps a panicking input in `target/fuzz-found/` and says where.
fn keep(name: &str, seed: u64, i: usize, input: &[u8]) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-found");
    let path = dir.join(format!("{name}-seed{seed}-input{i}"));
    match std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&path, input)) {
        Ok(()) => format!(
            "kept in {} (move it to tests/regressions/fuzz/{name}/ once fixed)",
            path.display()
        ),
        Err(e) => format!("not kept: {e}"),
    }
}

/// Runs `check` on the target's regressions, then `iters` mutations of the corpus; a panic
/// fails with the input that caused it. `check` says whether the input was accepted (the count
/// is printed beside the total).
fn fuzz(name: &str, corpus: Vec<Vec<u8>>, check: impl Fn(&[u8]) -> bool) {
    fuzz_with(
        name,
        corpus,
        |m, base, corpus| m.mutate(base, corpus),
        check,
    );
}

/// [`fuzz`] with inputs made by `make` from a corpus entry (or the last input, now and then).
fn fuzz_with(
    name: &str,
    mut corpus: Vec<Vec<u8>>,
    mut make: impl FnMut(&mut Mutator, &[u8], &[Vec<u8>]) -> Vec<u8>,
    check: impl Fn(&[u8]) -> bool,
) {
    assert!(!corpus.is_empty(), "{name}: empty seed corpus");
    let found = regressions(name);
    let kept = found.len();
    corpus.splice(0..0, found);
    let iters = iterations().max(corpus.len() as u64);
    let seed = seed();
    let mut m = Mutator(Xoshiro256PlusPlus::seed_from_u64(seed));
    // the corpus itself first, then mutations of mutations now and then
    let mut previous = corpus[0].clone();
    let mut accepted = 0u64;
    for (i, input) in corpus
        .iter()
        .cloned()
        .chain(std::iter::from_fn(|| {
            let base = if m.below(8) == 0 {
                previous.clone()
            } else {
                corpus[m.below(corpus.len())].clone()
            };
            previous = make(&mut m, &base, &corpus);
            Some(previous.clone())
        }))
        .take(iters as usize)
        .enumerate()
    {
        let outcome = catch_unwind(AssertUnwindSafe(|| check(&input)));
        accepted += u64::from(matches!(outcome, Ok(true)));
        if outcome.is_err() {
            panic!(
                "{name}: input {i} (SPRAYLAB_FUZZ_SEED={seed}) panicked, {}: {:?}",
                keep(name, seed, i, &input),
                String::from_utf8_lossy(&input)
            );
        }
    }
    eprintln!(
        "{name}: {iters} inputs, {kept} kept from earlier runs ({accepted} accepted), seed {seed}, no panic"
    );
}

/// Checks a refusal is one line; the input was not accepted.
fn one_line(e: &impl std::fmt::Display) -> bool {
    let text = e.to_string();
    assert!(!text.contains('\n'), "a two-line error: {text:?}");
    assert!(!text.is_empty(), "an empty error");
    false
}

fn presets() -> Vec<Scenario> {
    PRESETS
        .iter()
        .map(|p| Scenario::preset(p.name).expect("every preset exists"))
        .collect()
}

fn corpus_files(ext: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/fuzz_corpus exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// An accepted scenario runs a few thousand events without a panic (or is refused by
/// `Simulation::new`, which checks what validation cannot, such as a network cut in two).
fn run_briefly(s: &Scenario) -> bool {
    match spraylab::Simulation::new(s) {
        Ok(mut sim) => {
            sim.advance(2_000);
            sim.drain_timeline();
            let _ = sim.report();
            true
        }
        Err(e) => one_line(&e),
    }
}

#[test]
fn url_fragments() {
    let mut corpus = corpus_files("txt");
    corpus.extend(presets().iter().map(|s| to_fragment(s, true).into_bytes()));
    fuzz("fragment", corpus, |input| {
        match from_fragment(&String::from_utf8_lossy(input)) {
            Ok(link) => {
                link.scenario.validate().expect("an accepted link is valid");
                match link.scenario.check_web_size() {
                    Ok(()) => true,
                    Err(e) => one_line(&e),
                }
            }
            Err(e) => one_line(&e),
        }
    });
}

#[test]
fn scenario_files() {
    let mut corpus = corpus_files("toml");
    corpus.extend(corpus_files("json"));
    for s in presets() {
        corpus.push(toml::to_string(&s).unwrap().into_bytes());
        corpus.push(s.to_json().into_bytes());
    }
    fuzz("scenario", corpus, |input| {
        let text = String::from_utf8_lossy(input);
        let parsed = if text.trim_start().starts_with('{') {
            Scenario::from_json(&text)
        } else {
            Scenario::from_toml(&text)
        };
        match parsed.and_then(|s| s.validate().map(|_| s)) {
            // a small budget: the largest valid networks take a while to build
            Ok(s) if s.hosts() <= 128 => run_briefly(&s),
            Ok(_) => true,
            Err(e) => one_line(&e),
        }
    });
}

#[test]
fn event_flags() {
    use spraylab::scenario::TimedEvent;
    let corpus: Vec<Vec<u8>> = [
        "0:elephants-stop",
        "0.5:elephants-start:2",
        "3:elephants-stop:flow1",
        "1:link-down:agg0.up1",
        "2:link-up:host3.nic",
        "1e-3:link-rate:core3.pod2:1",
        "99.9:link-rate:tor7.down1:800",
    ]
    .iter()
    .map(|e| e.as_bytes().to_vec())
    .collect();
    fuzz("event", corpus, |input| {
        match TimedEvent::parse(&String::from_utf8_lossy(input)) {
            Ok(event) => {
                let mut s = Scenario::default();
                s.topology.k = 4;
                s.workload.elephants = 2;
                s.max_sim_time_us = 100.0;
                s.events = vec![event];
                match s.validate() {
                    Ok(()) => run_briefly(&s),
                    Err(e) => one_line(&e),
                }
            }
            Err(e) => one_line(&e),
        }
    });
}

#[test]
fn traffic_matrices() {
    use spraylab::scenario::traffic::parse_matrix;
    let mut corpus = corpus_files("cm");
    corpus.push(b"Nodes 16\nConnections 1\n1->2 id 1 start 0 size 8388608\n".to_vec());
    fuzz("traffic", corpus, |input| {
        let text = String::from_utf8_lossy(input);
        match parse_matrix(&text) {
            Ok(m) if m.nodes <= 16 => {
                let mut s = Scenario::default();
                s.topology.k = 4;
                s.workload.connections = m.connections;
                s.workload.triggers = m.triggers;
                match s.validate() {
                    Ok(()) => run_briefly(&s),
                    Err(e) => one_line(&e),
                }
            }
            Ok(_) => true,
            Err(e) => one_line(&e),
        }
    });
}

#[test]
fn topology_files() {
    use spraylab::scenario::topo_file::parse_topo;
    fuzz("topology", corpus_files("topo"), |input| {
        match parse_topo(&String::from_utf8_lossy(input)) {
            Ok(t) => {
                // what a file reads is a fabric the scenario takes, and builds
                let mut s = Scenario::default();
                t.apply(&mut s.topology);
                match s.validate() {
                    Ok(()) => {
                        let f = s.topology.fabric();
                        f.hosts() > 0 && f.tor_up > 0 && (f.tiers == 2 || f.agg_up > 0)
                    }
                    Err(e) => one_line(&e),
                }
            }
            Err(e) => one_line(&e),
        }
    });
}

#[test]
fn worker_messages() {
    let mut corpus: Vec<Vec<u8>> = presets()
        .into_iter()
        .map(|s| {
            encode(&ToWorker::Run {
                id: 1,
                scenario: Box::new(s),
            })
        })
        .collect();
    // what the scenario target once found, as a message the worker would be sent
    for text in regressions("scenario") {
        if let Ok(s) = Scenario::from_toml(&String::from_utf8_lossy(&text)) {
            corpus.push(encode(&ToWorker::Run {
                id: 1,
                scenario: Box::new(s),
            }));
        }
    }
    corpus.push(encode(&ToWorker::Cancel { id: 3 }));
    corpus.push(encode(&ToWorker::Pace {
        id: 2,
        sim_us_per_s: Some(10.0),
    }));
    fuzz("worker", corpus, |input| match decode::<ToWorker>(input) {
        Ok(ToWorker::Run { id, scenario }) if scenario.hosts() <= 128 => {
            match Runner::start(id, &scenario) {
                Ok((mut runner, _)) => {
                    runner.step(2_000, 0.0);
                    true
                }
                Err(e) => one_line(&e),
            }
        }
        Ok(_) => true,
        Err(e) => one_line(&e),
    });
}

#[test]
fn repro_csvs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("repro");
    let mut corpus = Vec::new();
    for fig in ["baseline", "theory", "percentiles", "alt-cycle"] {
        for file in ["runs.csv", "summary.csv", "fct.csv"] {
            if let Ok(text) = std::fs::read_to_string(root.join(fig).join(file)) {
                // the header and the first rows: mutations reach every column quickly
                let head: Vec<&str> = text.lines().take(12).collect();
                corpus.push(head.join("\n").into_bytes());
            }
        }
    }
    assert!(corpus.len() >= 9, "the committed repro CSVs are the corpus");
    fuzz("csv", corpus, |input| {
        let text = String::from_utf8_lossy(input);
        let runs = from_csv::<Row>(&text).map_or_else(|e| one_line(&e), |_| true);
        let fcts = from_csv::<FctRow>(&text).map_or_else(|e| one_line(&e), |_| true);
        let summary = match from_csv::<SummaryRow>(&text) {
            Ok(rows) => {
                assert!(rows.iter().all(|r| [
                    r.inflation_mean,
                    r.inflation_stderr,
                    r.cct_us_mean,
                    r.throughput_gbps_mean,
                    r.model_gbps
                ]
                .iter()
                .flatten()
                .all(|x| x.is_finite())));
                let mut m = Measured::default();
                if m.add_summary(&text).is_ok() {
                    let claims = evaluate(&m);
                    let _ = report(&m, &claims, &ReportPaths::beside("repro"), false);
                }
                true
            }
            Err(e) => one_line(&e),
        };
        runs || fcts || summary
    });
}

/// The page's doors for outside input, as its main thread runs them: a file opened or dropped
/// (`file NAME` on the first line, its text after) and a link pasted into the address bar
/// (`link FRAGMENT`). A refusal is a one-line notice; the page stays whole.
#[test]
fn page_doors() {
    use spraylab::session::actions::{Action, FormAction};
    use spraylab::session::page::Page;
    let mut corpus: Vec<Vec<u8>> = Vec::new();
    for (ext, files) in [
        ("toml", corpus_files("toml")),
        ("json", corpus_files("json")),
    ] {
        for text in files {
            let mut input = format!("file scenario.{ext}\n").into_bytes();
            input.extend(text);
            corpus.push(input);
        }
    }
    for (name, ext) in [("matrix.cm", "cm"), ("fabric.topo", "topo")] {
        for text in corpus_files(ext) {
            let mut input = format!("file {name}\n").into_bytes();
            input.extend(text);
            corpus.push(input);
        }
    }
    for text in corpus_files("txt") {
        let mut input = b"link ".to_vec();
        input.extend(text);
        corpus.push(input);
    }
    let mut small = Scenario::default();
    small.topology.k = 4;
    fuzz("page", corpus, |input| {
        let text = String::from_utf8_lossy(input);
        let mut page = Page::new(small.clone());
        let (before, notice) = (page.scenario().clone(), |p: &Page| {
            p.notice().map(str::to_string)
        });
        if let Some(fragment) = text.strip_prefix("link ") {
            let fragment = fragment.to_string();
            page.reduce(Action::Address {
                fragment,
                ran: false,
            });
            let n = notice(&page).unwrap_or_default();
            assert!(!n.contains('\n'), "a two-line notice: {n:?}");
            page.scenario()
                .validate()
                .expect("a link's scenario is valid");
            return !n.contains("refused");
        }
        let (name, body) = match text.strip_prefix("file ") {
            Some(rest) => rest.split_once('\n').unwrap_or((rest, "")),
            None => ("scenario.toml", &*text),
        };
        page.reduce(Action::Form(FormAction::Open(name.into(), body.into())));
        let n = notice(&page).expect("opening a file always says what it did");
        assert!(!n.contains('\n'), "a two-line notice: {n:?}");
        let refused = n.contains("was refused");
        if refused {
            assert_eq!(
                page.scenario(),
                &before,
                "a refused file leaves the form as it was"
            );
        } else {
            page.scenario()
                .validate()
                .expect("an opened file's scenario is valid");
        }
        !refused
    });
}

/// The structure-aware target: valid scenarios (every preset on a 16-host fat-tree), one to
/// three fields set through the registry at and around the ends of their ranges, mostly inside
/// them, then validated and run briefly. An input is the preset's name and the `path=value`
/// lines, so that it replays from `tests/regressions/fuzz/fields/` like any other.
#[test]
fn field_edges() {
    use spraylab::scenario::registry::FIELDS;
    let corpus: Vec<Vec<u8>> = PRESETS
        .iter()
        .map(|p| format!("preset {}\n", p.name).into_bytes())
        .collect();
    let make = |m: &mut Mutator, base: &[u8], _: &[Vec<u8>]| {
        let preset = String::from_utf8_lossy(base)
            .lines()
            .next()
            .unwrap_or("preset default")
            .to_string();
        let mut text = format!("{preset}\n");
        for _ in 0..1 + m.below(3) {
            let f = &FIELDS[m.below(FIELDS.len())];
            let value = edge_value(m, f, &Scenario::default());
            text.push_str(&format!("{}={value}\n", f.path));
        }
        text.into_bytes()
    };
    let accepted = std::cell::Cell::new(0u64);
    let total = std::cell::Cell::new(0u64);
    fuzz_with("fields", corpus, make, |input| {
        total.set(total.get() + 1);
        let text = String::from_utf8_lossy(input);
        let mut lines = text.lines();
        let name = lines.next().and_then(|l| l.strip_prefix("preset "));
        let Some(mut s) = name.and_then(Scenario::preset) else {
            return false;
        };
        if s.workload.kind != spraylab::scenario::WorkloadKind::NPath {
            s.topology.k = 4;
        }
        for line in lines {
            let Some((path, value)) = line.split_once('=') else {
                continue;
            };
            if let Err(e) = s.set_any(path, value) {
                return one_line(&e);
            }
        }
        let ok = match s.validate() {
            Ok(()) if s.hosts() <= 128 => run_briefly(&s),
            Ok(()) => true,
            Err(e) => one_line(&e),
        };
        accepted.set(accepted.get() + u64::from(ok));
        ok
    });
    // most inputs are accepted and run: the target reaches the simulator, not just validation
    assert!(
        accepted.get() * 2 > total.get(),
        "only {} of {} accepted",
        accepted.get(),
        total.get()
    );
}

/// A value for `f` at or around the ends of its range, seven times in eight inside it.
fn edge_value(m: &mut Mutator, f: &spraylab::scenario::registry::Field, base: &Scenario) -> String {
    use spraylab::scenario::registry::Allowed;
    let outside = m.below(8) == 0;
    match f.allowed {
        Allowed::Whole(lo, hi) => {
            let inside = [
                lo,
                hi,
                lo.saturating_add(1).min(hi),
                hi.saturating_sub(1).max(lo),
            ];
            let v = match (outside, m.below(5)) {
                (true, 0) if lo > 0 => lo - 1,
                (true, _) => hi.saturating_add(1),
                (false, 4) => lo + m.0.next_u64() % (hi - lo).saturating_add(1).max(1),
                (false, i) => inside[i],
            };
            v.to_string()
        }
        Allowed::Real(lo, hi) => {
            let step = (hi - lo) * 1e-6;
            let v = match (outside, m.below(5)) {
                (true, 0) => lo - step.max(1e-9),
                (true, _) => hi + step.max(1e-9),
                (false, 0) => lo,
                (false, 1) => hi,
                (false, 2) => lo + step,
                (false, 3) => hi - step,
                _ => lo + (hi - lo) * (m.below(1001) as f64 / 1000.0),
            };
            v.to_string()
        }
        Allowed::Names(names, _) => names[m.below(names.len())].to_string(),
        Allowed::Switch => ["true", "false"][m.below(2)].to_string(),
        Allowed::Ccas => {
            let kinds = spraylab::scenario::CcaKind::ALL;
            kinds[m.below(kinds.len())].name().to_string()
        }
        // a range in words: the default scaled, or the small numbers its rules turn on
        Allowed::Words(_) => {
            let current = f.get(base);
            match current.parse::<f64>() {
                Ok(x) => {
                    let choices = [
                        0.0,
                        1.0,
                        2.0,
                        x,
                        x + 1.0,
                        (x - 1.0).max(0.0),
                        x * 2.0,
                        x / 2.0,
                    ];
                    let v = choices[m.below(choices.len())];
                    if current.contains('.') || v.fract() != 0.0 {
                        v.to_string()
                    } else {
                        format!("{}", v as u64)
                    }
                }
                Err(_) => current,
            }
        }
    }
}
