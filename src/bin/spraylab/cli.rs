//! The native command line (everything but `main`), compiled only for native targets.

use crate::args::{apply_override, parse_run, usage, Format, RunArgs, UsageError};
use spraylab::scenario::{Scenario, PRESETS};
use spraylab::sim::metrics::Perf;
use spraylab::sim::timeline::TimelineBatch;
use spraylab::{Report, Simulation};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

const HELP: &str = "\
spraylab: packet-level simulation of congestion control under packet spraying

USAGE:
  spraylab run [--preset NAME | --scenario FILE] [OVERRIDES] [--format text|json] [--timeline FILE.csv]
                                  one simulation and its report
  spraylab scenario [--preset NAME | --scenario FILE] [OVERRIDES]
                                  print the scenario as TOML
  spraylab presets                list the presets
  spraylab model [--cca C]... [--q Q]... [--simulate] [--long-delay US] [--format text|json]
                                  closed-form throughput against q (paper Table I), and simulated
  spraylab repro FIGURE|alternatives|all [--seeds N] [--shard i/n] [--out DIR] [--report] [OVERRIDES]
                                  the paper's evaluation grids on all cores → DIR/FIGURE/*.csv;
                                  alternatives: the ALGORITHMS.md §15 choices' alternatives
  spraylab merge OUT DIR...       combine shard outputs
  spraylab report DIR [--to FILE] the paper's claims checked on DIR's CSVs → REPRODUCTION.md
  spraylab bench [--quick]        speed and memory figures
  spraylab help

A scenario file is TOML (.toml) or JSON (.json); missing fields take the paper's defaults.
Without --preset or --scenario, `run` uses the `baseline` preset.
";

pub fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match dispatch(&argv) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("spraylab: error: {e}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(argv: &[String]) -> Result<(), UsageError> {
    let Some((cmd, rest)) = argv.split_first() else {
        print!("{HELP}");
        return Ok(());
    };
    match cmd.as_str() {
        "run" => run(parse_run(rest)?),
        "scenario" => {
            let a = parse_run(rest)?;
            let s = build_scenario(&a)?;
            print!("{}", toml::to_string(&s).map_err(|e| usage(e.to_string()))?);
            Ok(())
        }
        "presets" => {
            for (name, about) in PRESETS {
                println!("{name:<14} {about}");
            }
            Ok(())
        }
        "bench" => crate::bench::run(rest),
                "model" => crate::model::run(rest),
        "repro" => crate::repro::run(rest),
        "merge" => crate::repro::merge(rest),
        "report" => crate::repro::report(rest),
        "bench-case" => crate::bench::case(rest),
        "help" | "--help" | "-h" => {
            print!("{HELP}\nOVERRIDES:\n");
            for (name, about) in spraylab::scenario::SHORT_FIELDS {
                println!("  --{name:<13} {about}");
            }
            Ok(())
        }
        other => Err(usage(format!(
            "unknown command {other:?} (expected run, scenario, presets, model, repro, merge, bench or help)"
        ))),
    }
}

/// The scenario named by a preset or file, with the overrides applied and validated.
pub fn build_scenario(a: &RunArgs) -> Result<Scenario, UsageError> {
    let mut s = if let Some(path) = &a.scenario_file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| usage(format!("--scenario {}: cannot read: {e}", path.display())))?;
        let is_json = path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("json"));
        let parsed = if is_json {
            Scenario::from_json(&text)
        } else {
            Scenario::from_toml(&text)
        };
        parsed.map_err(|e| usage(format!("{}: {e}", path.display())))?
    } else {
        let name = a.preset.as_deref().unwrap_or("baseline");
        Scenario::preset(name).ok_or_else(|| {
            let names: Vec<&str> = PRESETS.iter().map(|(n, _)| *n).collect();
            usage(format!(
                "--preset must be one of {}, got {name:?}",
                names.join(", ")
            ))
        })?
    };
    for (flag, value) in &a.overrides {
        apply_override(&mut s, flag, value)?;
    }
    s.validate()
        .map_err(|e| usage(format!("invalid scenario: {e}")))?;
    Ok(s)
}

fn run(a: RunArgs) -> Result<(), UsageError> {
    let scenario = build_scenario(&a)?;
    let mut sim =
        Simulation::new(&scenario).map_err(|e| usage(format!("invalid scenario: {e}")))?;
    let mut csv = match &a.timeline {
        Some(path) => Some(TimelineCsv::create(path, sim.timeline_port_names())?),
        None => None,
    };
    let started = Instant::now();
    loop {
        let progress = sim.advance(1 << 20);
        if let Some(csv) = csv.as_mut() {
            csv.write(&sim.drain_timeline())?;
        }
        if progress.done {
            break;
        }
    }
    let wall = started.elapsed().as_secs_f64();
    let mut report = sim.report();
    report.perf = Some(Perf {
        wall_s: wall,
        events_per_s: report.counters.events as f64 / wall,
        data_packets_per_s: report.counters.data_packets as f64 / wall,
    });
    match a.format {
        Format::Json => println!("{}", report.to_json()),
        Format::Text => print_summary(&scenario, &report),
    }
    Ok(())
}

fn print_summary(s: &Scenario, r: &Report) {
    let sprayed: Vec<f64> = r
        .flows
        .iter()
        .filter(|f| f.sprayed)
        .filter_map(|f| f.fct_us)
        .collect();
    let mut sorted = sprayed.clone();
    sorted.sort_by(f64::total_cmp);
    let pct = |p: f64| {
        sorted
            .get(((sorted.len() as f64 - 1.0) * p).round() as usize)
            .copied()
            .unwrap_or(f64::NAN)
    };
    println!(
        "{} hosts, {} elephants, {:?} over {:?}, {} B flows, seed {}",
        s.hosts(),
        s.workload.elephants,
        s.cca.algorithm,
        s.lb.scheme,
        s.workload.flow_size_bytes,
        s.seed
    );
    match (r.cct_us, r.cct_inflation) {
        (Some(cct), Some(infl)) => println!(
            "CCT {cct:.2} µs, lower bound {:.2} µs, inflation {:.1} %",
            r.ideal_cct_us,
            infl * 100.0
        ),
        _ => println!(
            "unfinished at {:.1} µs (max_sim_time_us reached)",
            r.sim_time_us
        ),
    }
    println!(
        "sprayed FCT µs: min {:.1}  median {:.1}  p99 {:.1}  max {:.1}",
        pct(0.0),
        pct(0.5),
        pct(0.99),
        pct(1.0)
    );
    let c = &r.counters;
    println!(
        "events {}  data packets {}  retransmits {}  drops {}  ECN marks {}  timeouts {}",
        c.events, c.data_packets, c.retransmits, c.drops, c.ecn_marks, c.timeouts
    );
    if let Some(p) = &r.perf {
        println!(
            "wall {:.3} s, {:.2} M events/s, {:.2} M data packets/s",
            p.wall_s,
            p.events_per_s / 1e6,
            p.data_packets_per_s / 1e6
        );
    }
}

/// Timelines as long-format CSV, written as the run goes.
struct TimelineCsv {
    out: std::io::BufWriter<std::fs::File>,
    port_names: Vec<String>,
    path: String,
    buf: String,
}

impl TimelineCsv {
    fn create(path: &std::path::Path, port_names: Vec<String>) -> Result<TimelineCsv, UsageError> {
        let file = std::fs::File::create(path)
            .map_err(|e| usage(format!("--timeline {}: cannot create: {e}", path.display())))?;
        let out = std::io::BufWriter::new(file);
        let mut csv = TimelineCsv {
            out,
            port_names,
            path: path.display().to_string(),
            buf: String::new(),
        };
        csv.buf.push_str(spraylab::sim::timeline::CSV_HEADER);
        Ok(csv)
    }

    fn write(&mut self, b: &TimelineBatch) -> Result<(), UsageError> {
        b.write_csv(&self.port_names, &mut self.buf);
        let result = self
            .out
            .write_all(self.buf.as_bytes())
            .and_then(|_| self.out.flush());
        self.buf.clear();
        result.map_err(|e| usage(format!("--timeline {}: {e}", self.path)))
    }
}
