//! `spraylab run`: one scenario simulated to its end, a summary or a JSON report, and on request
//! its timelines, one flow's every window decision and the drop log as CSV files.

use crate::args::{Format, ScenarioArgs};
use crate::errors::{usage, UsageError};
use clap::Args;
use spraylab::scenario::{CcaName, Scenario, WorkloadKind};
use spraylab::sim::metrics::Perf;
use spraylab::sim::timeline::TimelineBatch;
use spraylab::{Report, Simulation};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub scenario: ScenarioArgs,
    /// Report as text or JSON.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the sampled timelines to this CSV file as the run goes.
    #[arg(long, value_name = "FILE.csv")]
    pub timeline: Option<PathBuf>,
    /// Write every window decision of flow N (its index in the report) to a CSV file: time,
    /// RTT sample, the signal decided on, H, target, cwnd before and after, outcome.
    #[arg(long, num_args = 2, value_names = ["N", "FILE.csv"])]
    pub trace_flow: Vec<String>,
    /// Write every dropped data packet (time, port, flow, sequence number) to a CSV file.
    #[arg(long, value_name = "FILE.csv")]
    pub drops: Option<PathBuf>,
}

impl RunArgs {
    /// The scenario to run. Timelines are sampled only when `--timeline` writes them: without
    /// it nothing reads the samples, so sampling is off and its buffer is not budgeted (a k = 32
    /// permutation runs with the default flags). The budget is checked afterwards.
    pub fn scenario_to_run(&self) -> Result<Scenario, UsageError> {
        let mut s = self.scenario.build()?;
        if self.timeline.is_none() {
            s.timeline.interval_us = 0.0;
        }
        crate::resolve::within_budget(&s, self.scenario.allow_large)?;
        Ok(s)
    }

    /// The flow `--trace-flow` names and the file to write its trace to.
    pub fn trace_target(&self) -> Result<Option<(usize, PathBuf)>, UsageError> {
        match self.trace_flow.as_slice() {
            [] => Ok(None),
            [n, file] => {
                let flow = n.parse::<usize>().map_err(|_| {
                    usage(format!(
                        "--trace-flow: the flow must be a flow index, a whole number from 0 (got '{n}')"
                    ))
                })?;
                Ok(Some((flow, PathBuf::from(file))))
            }
            _ => Err(usage(
                "--trace-flow takes a flow index and a file: --trace-flow N FILE.csv",
            )),
        }
    }
}

pub fn run(a: RunArgs) -> Result<(), UsageError> {
    let scenario = a.scenario_to_run()?;
    let mut sim =
        Simulation::new(&scenario).map_err(|e| usage(format!("invalid scenario: {e}")))?;
    let mut csv = match &a.timeline {
        Some(path) => Some(TimelineCsv::create(path, sim.timeline_port_names())?),
        None => None,
    };
    let traced = a.trace_target()?;
    if let Some((flow, _)) = &traced {
        sim.trace_flow(*flow).map_err(usage)?;
    }
    if a.drops.is_some() {
        sim.log_drops();
    }
    let started = Instant::now();
    let mut shown = crate::progress::RunProgress::start();
    loop {
        let progress = sim.advance(1 << 20);
        shown.update(&progress);
        // drained as it goes, written or not: the buffer stays small, and sampling stays at its
        // interval as in the page (a full buffer would coarsen it)
        let batch = sim.drain_timeline();
        if let Some(csv) = csv.as_mut() {
            csv.write(&batch)?;
        }
        if progress.done {
            break;
        }
    }
    shown.finish();
    let wall = started.elapsed().as_secs_f64();
    if let Some((_, path)) = &traced {
        write_file(path, &sim.trace().decisions_csv())?;
    }
    if let Some(path) = &a.drops {
        write_file(path, &sim.trace().drops_csv())?;
    }
    let mut report = sim.report();
    // the network's memory is given back before the report is written out (at 8192 hosts the
    // JSON alone takes 4 MB, which would otherwise add to the run's peak)
    drop(sim);
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

fn write_file(path: &std::path::Path, text: &str) -> Result<(), UsageError> {
    std::fs::write(path, text).map_err(|e| usage(format!("cannot write {}: {e}", path.display())))
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
    let cca = CcaName::of_config(s.cca.algorithm, s.cca.percentile);
    let w = &s.workload;
    match w.connections.len() {
        0 if matches!(w.kind, WorkloadKind::Allreduce | WorkloadKind::Alltoall) => println!(
            "{} hosts, {} in groups of {}: {} flows, {cca} over {}, {} B flows, seed {}",
            s.hosts(),
            w.kind,
            w.group_size,
            r.flows.len(),
            s.lb.scheme,
            w.flow_size_bytes,
            s.seed
        ),
        0 => println!(
            "{} hosts, {} elephants, {cca} over {}, {} B flows, seed {}",
            s.hosts(),
            s.workload.elephants,
            s.lb.scheme,
            s.workload.flow_size_bytes,
            s.seed
        ),
        n => println!(
            "{} hosts, a traffic matrix of {n} flows, {cca} over {}, seed {}",
            s.hosts(),
            s.lb.scheme,
            s.seed
        ),
    }
    let fabric = s.topology.fabric();
    if w.kind != WorkloadKind::NPath && !fabric.is_full_tree() {
        println!("fabric: {}", fabric.describe());
    }
    let starts: Vec<f64> = r.flows.iter().filter_map(|f| f.start_us).collect();
    let latest = starts.iter().copied().fold(0.0, f64::max);
    if latest > 0.0 || starts.len() < r.flows.len() {
        let never = r.flows.len() - starts.len();
        println!(
            "{} flows start from 0 to {latest:.2} µs ({never} never started); each FCT counts from its start, the CCT is the last finish",
            starts.len()
        );
    }
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
    let slowest = r
        .flows
        .iter()
        .enumerate()
        .filter(|(_, f)| f.sprayed)
        .filter_map(|(i, f)| f.fct_us.map(|t| (i, f, t)))
        .max_by(|a, b| a.2.total_cmp(&b.2));
    if let Some((i, f, t)) = slowest {
        println!(
            "slowest sprayed flow: {i} (host {} → {}), {t:.1} µs, {} retransmits (trace it: --trace-flow {i} FILE.csv)",
            f.src, f.dst, f.retransmits
        );
    }
    let c = &r.counters;
    println!(
        "events {}  data packets {}  retransmits {}  drops {}  ECN marks {}  timeouts {}",
        c.events, c.data_packets, c.retransmits, c.drops, c.ecn_marks, c.timeouts
    );
    if s.topology.trim {
        println!(
            "trimmed {} data packets at full queues (NACKed and resent; none dropped there)",
            c.trimmed
        );
    }
    if !s.events.is_empty() {
        println!(
            "timed events: {}; lost on down links: {} data packets, {} ACKs",
            spraylab::scenario::events_to_text(&s.events),
            c.link_losses,
            c.link_ack_losses
        );
    }
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
