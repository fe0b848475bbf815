//! `spraylab bench`: simulator speed and memory on standard cases.
//!
//! Each case runs in a child process (`spraylab bench-case`) so that its peak resident memory is
//! its own. Figures: data packets per CPU-second, events per CPU-second, wall time, peak memory.
//! CPU time comes from the kernel's per-task accounting (/proc/self/schedstat, nanoseconds), peak
//! memory from VmHWM and the memory in transparent huge pages at a case's end from
//! AnonHugePages (Linux); elsewhere wall time stands in and memory is reported as unknown.
//!
//! The cases run in rounds, every case once a round, so that a drift in the machine's speed
//! reaches every case alike; a case shorter than [`MIN_ROUND_CPU_S`] runs again within its round
//! until it has taken that long, so that the 16-host case, a twentieth of a second, is not one
//! noisy sample. Each case's figures are its fastest round's, with the rounds' spread beside
//! them: on a shared machine a disturbance only ever slows a run down, so the fastest round
//! is the least disturbed one, and the medians of a few rounds still move with the machine.

use crate::args::ScenarioArgs;
use crate::errors::{usage, UsageError};
use clap::Args;
use serde::{Deserialize, Serialize};
use spraylab::Simulation;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `spraylab bench`'s flags.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Smaller flows (1 MiB), for a quick check.
    #[arg(long)]
    pub quick: bool,
    /// Another spraylab binary (say, an earlier commit's) to measure against, case by
    /// case in alternation: the figures are then the ratios of its CPU time to this one's.
    #[arg(long, value_name = "PATH")]
    pub against: Option<PathBuf>,
    /// Rounds of every case (each case's fastest is reported); with --against, rounds of
    /// alternation per case (the median ratio is reported).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub rounds: u32,
}

/// One case: a name, `run`-style flags, and whether `--quick` leaves it out.
struct Case {
    name: &'static str,
    flags: &'static [&'static str],
    heavy: bool,
}

const CASES: &[Case] = &[
    Case {
        name: "baseline k=8 (4 elephants, MSwift, OPS)",
        flags: &["--preset", "baseline"],
        heavy: false,
    },
    Case {
        name: "permutation k=4 (16 hosts)",
        flags: &["--preset", "permutation", "--k", "4"],
        heavy: false,
    },
    Case {
        name: "permutation k=8 (128 hosts)",
        flags: &["--preset", "permutation", "--k", "8"],
        heavy: false,
    },
    Case {
        name: "permutation k=16 (1024 hosts)",
        flags: &["--preset", "permutation", "--k", "16"],
        heavy: false,
    },
    // 8192 hosts without the timeline, whose buffer alone would take 10 GiB; minutes of CPU
    Case {
        name: "permutation k=32 (8192 hosts, no timeline)",
        flags: &[
            "--preset",
            "permutation",
            "--k",
            "32",
            "--set",
            "timeline.interval_us=0",
        ],
        heavy: true,
    },
];

/// The cases `--quick` runs (with 1 MiB flows): all but the heavy ones.
fn cases(quick: bool) -> impl Iterator<Item = &'static Case> {
    CASES.iter().filter(move |c| !(quick && c.heavy))
}

#[derive(Serialize, Deserialize)]
struct CaseResult {
    hosts: u32,
    events: u64,
    data_packets: u64,
    cpu_s: f64,
    wall_s: f64,
    peak_rss_mb: Option<f64>,
    /// Memory in transparent huge pages at the case's end (`huge_pages.rs`); missing from an
    /// older binary's output.
    huge_mb: Option<f64>,
    sim_time_us: f64,
}

/// The flags of a case, with smaller flows for `--quick`.
fn case_args(flags: &[&str], quick: bool) -> Vec<String> {
    let mut args: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    if quick {
        args.extend(["--flow-size".into(), "1MiB".into()]);
    }
    args
}

/// Runs one case in a child process of `exe` and reads its figures. On a terminal the child
/// draws its progress (and says what went wrong) on this process's stderr.
fn run_case(exe: &Path, name: &str, args: &[String]) -> Result<CaseResult, UsageError> {
    use std::io::IsTerminal;
    let mut child = std::process::Command::new(exe);
    child.arg("bench-case").args(args);
    if std::io::stderr().is_terminal() {
        child.stderr(std::process::Stdio::inherit());
    }
    let out = child
        .output()
        .map_err(|e| usage(format!("cannot start {}: {e}", exe.display())))?;
    if !out.status.success() {
        return Err(usage(format!(
            "bench case {name:?} failed in {}: {}",
            exe.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| usage(format!("bench case output: {e}")))
}

fn own_exe() -> Result<PathBuf, UsageError> {
    std::env::current_exe().map_err(|e| usage(format!("cannot find own executable: {e}")))
}

/// A/B against another binary: per case, `rounds` alternations (the other first, then this
/// one), and the median of the rounds' ratios of CPU time (other / this), so a machine whose
/// speed drifts affects both sides of each ratio alike. Both runs must simulate the same work:
/// a different event count is reported as an error.
fn against(quick: bool, other: &Path, rounds: u32) -> Result<(), UsageError> {
    let exe = own_exe()?;
    println!(
        "{:<42} {:>6} {:>13} {:>13} {:>9} {:>14}",
        "case", "hosts", "other CPU s", "this CPU s", "speed-up", "round ratios"
    );
    for Case { name, flags, .. } in cases(quick) {
        let args = case_args(flags, quick);
        let mut ratios = Vec::new();
        let (mut a_s, mut b_s) = (Vec::new(), Vec::new());
        let mut hosts = 0;
        for round in 0..rounds {
            let a = match run_case(other, name, &args) {
                Ok(a) => a,
                // a case the other binary cannot run (k = 32 before it existed) is this one's alone
                Err(e) if round == 0 => {
                    let b = run_case(&exe, name, &args)?;
                    (hosts, b_s) = (b.hosts, vec![b.cpu_s]);
                    eprintln!("  {e}");
                    break;
                }
                Err(e) => return Err(e),
            };
            let b = run_case(&exe, name, &args)?;
            if a.events != b.events || a.data_packets != b.data_packets {
                return Err(usage(format!(
                    "bench case {name:?}: the binaries simulate different work ({} and {} events)",
                    a.events, b.events
                )));
            }
            hosts = b.hosts;
            // a run shorter than the clock's step reads 0 s, and its ratio means nothing
            if a.cpu_s > 0.0 && b.cpu_s > 0.0 {
                ratios.push(a.cpu_s / b.cpu_s);
            }
            a_s.push(a.cpu_s);
            b_s.push(b.cpu_s);
        }
        let other = if a_s.is_empty() {
            "n/a".to_string()
        } else {
            format!("{:.3}", median(&mut a_s))
        };
        let (speed_up, rounds_note) = if a_s.is_empty() {
            (String::new(), "the other refuses it".to_string())
        } else if ratios.is_empty() {
            (String::new(), "too short to time".to_string())
        } else {
            let list: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
            (format!("{:.2}x", median(&mut ratios)), list.join(" "))
        };
        println!(
            "{:<42} {:>6} {:>13} {:>13.3} {:>9} {:>14}",
            name,
            hosts,
            other,
            median(&mut b_s),
            speed_up,
            rounds_note
        );
    }
    Ok(())
}

fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// `spraylab bench`: every case measured, or with `--against`, compared with another binary.
pub fn run(a: BenchArgs) -> Result<(), UsageError> {
    match &a.against {
        Some(other) => against(a.quick, other, a.rounds),
        None => measure(a.quick, a.rounds),
    }
}

/// CPU seconds a case takes at least in each round of [`measure`]: a shorter one runs again.
const MIN_ROUND_CPU_S: f64 = 0.5;

/// Most runs of a case in one round, whatever its clock reads (a clock that reads 0 s for
/// every run must not keep a round going for ever).
const MAX_ROUND_RUNS: u32 = 100;

/// One case over a round: its runs added up (a short case runs several times).
#[derive(Clone, Copy)]
struct RoundFigures {
    runs: u32,
    events: u64,
    data_packets: u64,
    cpu_s: f64,
}

impl RoundFigures {
    fn per_packet_ns(&self) -> f64 {
        self.cpu_s * 1e9 / self.data_packets as f64
    }

    fn per_event_ns(&self) -> f64 {
        self.cpu_s * 1e9 / self.events as f64
    }
}

/// Runs a case until it has taken [`MIN_ROUND_CPU_S`] of CPU; every run must simulate the
/// same work. Returns the round's figures and the last run's result.
fn run_round(
    exe: &Path,
    name: &str,
    args: &[String],
) -> Result<(RoundFigures, CaseResult), UsageError> {
    let mut sum = RoundFigures {
        runs: 0,
        events: 0,
        data_packets: 0,
        cpu_s: 0.0,
    };
    loop {
        let r = run_case(exe, name, args)?;
        if sum.runs > 0 && r.events * sum.runs as u64 != sum.events {
            return Err(usage(format!(
                "bench case {name:?} simulated different work in two runs"
            )));
        }
        sum.runs += 1;
        sum.events += r.events;
        sum.data_packets += r.data_packets;
        sum.cpu_s += r.cpu_s;
        if sum.cpu_s >= MIN_ROUND_CPU_S || sum.runs == MAX_ROUND_RUNS {
            return Ok((sum, r));
        }
    }
}

/// Every case measured in `rounds` rounds, and the cost's growth with the network, per data
/// packet and per event.
fn measure(quick: bool, rounds: u32) -> Result<(), UsageError> {
    let exe = own_exe()?;
    let cases: Vec<&Case> = cases(quick).collect();
    let mut figures: Vec<Vec<RoundFigures>> = vec![Vec::new(); cases.len()];
    let mut last: Vec<Option<CaseResult>> = cases.iter().map(|_| None).collect();
    for _ in 0..rounds {
        for (i, case) in cases.iter().enumerate() {
            let (round, result) = run_round(&exe, case.name, &case_args(case.flags, quick))?;
            figures[i].push(round);
            last[i] = Some(result);
        }
    }
    println!(
        "{:<42} {:>6} {:>10} {:>7} {:>10} {:>9} {:>8} {:>13} {:>8} {:>8}",
        "case",
        "hosts",
        "data pkts",
        "ev/pkt",
        "Mpkt/CPU-s",
        "Mev/CPU-s",
        "CPU s",
        "round spread",
        "peak MB",
        "huge MB"
    );
    let mut costs = Vec::new();
    for ((case, rounds), result) in cases.iter().zip(&figures).zip(&last) {
        let r = result.as_ref().expect("every case ran at least once");
        let fastest = rounds
            .iter()
            .copied()
            .min_by(|a, b| a.per_packet_ns().total_cmp(&b.per_packet_ns()))
            .expect("at least one round");
        let slowest = rounds
            .iter()
            .map(RoundFigures::per_packet_ns)
            .fold(0f64, f64::max);
        let events_per_packet = fastest.events as f64 / fastest.data_packets as f64;
        costs.push(Cost {
            hosts: r.hosts,
            packet_ns: fastest.per_packet_ns(),
            event_ns: fastest.per_event_ns(),
            events_per_packet,
        });
        println!(
            "{:<42} {:>6} {:>10} {:>7.1} {:>10.3} {:>9.2} {:>8.3} {:>12.0}% {:>8} {:>8}",
            case.name,
            r.hosts,
            r.data_packets,
            events_per_packet,
            1e3 / fastest.per_packet_ns(),
            1e3 / fastest.per_event_ns(),
            fastest.cpu_s / fastest.runs as f64,
            (slowest / fastest.per_packet_ns() - 1.0) * 100.0,
            mb(r.peak_rss_mb),
            mb(r.huge_mb)
        );
    }
    println!(
        "{rounds} round(s); a case shorter than {MIN_ROUND_CPU_S} CPU s ran again within its \
         round until it took that long; the fastest round's figures; spread: how much slower \
         the slowest round was"
    );
    print_growth(&costs);
    Ok(())
}

/// A memory figure for the table, `n/a` where the system does not say.
fn mb(m: Option<f64>) -> String {
    m.map_or("n/a".to_string(), |m| format!("{m:.1}"))
}

/// A case's CPU cost in its fastest round.
#[derive(Clone, Copy)]
struct Cost {
    hosts: u32,
    packet_ns: f64,
    event_ns: f64,
    events_per_packet: f64,
}

/// The cost per data packet and per event at 1024 and 8192 hosts against 16 hosts. The two
/// differ by the work a packet adds on a larger network: a longer path on average and more
/// queueing, so more events a packet.
fn print_growth(costs: &[Cost]) {
    let at = |hosts| costs.iter().find(|c| c.hosts == hosts).copied();
    let Some(small) = at(16) else {
        return;
    };
    let (p16, e16, n16) = (small.packet_ns, small.event_ns, small.events_per_packet);
    for hosts in [1024, 8192] {
        if let Some(Cost {
            packet_ns: p,
            event_ns: e,
            events_per_packet: n,
            ..
        }) = at(hosts)
        {
            println!(
                "at {hosts} hosts against 16: {p:.0} ns a data packet ({:.2}x {p16:.0} ns), \
                 {e:.1} ns an event ({:.2}x {e16:.1} ns), {n:.1} events a packet ({:.2}x {n16:.1})",
                p / p16,
                e / e16,
                n / n16
            );
        }
    }
}

/// Runs one case in this process and prints its figures as JSON.
pub fn case(a: &ScenarioArgs) -> Result<(), UsageError> {
    let s = a.build_to_run()?;
    let cpu0 = cpu_seconds();
    let wall0 = Instant::now();
    let mut sim = Simulation::new(&s).map_err(|e| usage(e.to_string()))?;
    // drain timelines as a front end would, so they stay small
    let mut shown = crate::progress::RunProgress::start();
    loop {
        let progress = sim.advance(1 << 20);
        shown.update(&progress);
        sim.drain_timeline();
        if progress.done {
            break;
        }
    }
    shown.finish();
    let report = sim.report();
    let result = CaseResult {
        hosts: s.hosts(),
        events: report.counters.events,
        data_packets: report.counters.data_packets,
        cpu_s: cpu_seconds()
            .zip(cpu0)
            .map_or(wall0.elapsed().as_secs_f64(), |(b, a)| b - a),
        wall_s: wall0.elapsed().as_secs_f64(),
        peak_rss_mb: peak_rss_mb(),
        huge_mb: huge_page_mb(),
        sim_time_us: report.sim_time_us,
    };
    println!(
        "{}",
        serde_json::to_string(&result).map_err(|e| usage(e.to_string()))?
    );
    Ok(())
}

/// CPU time of this (single-threaded) process so far, from /proc/self/schedstat.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Peak resident set size, MB, from /proc/self/status (VmHWM).
fn peak_rss_mb() -> Option<f64> {
    proc_kb("/proc/self/status", "VmHWM:").map(|kb| kb / 1024.0)
}

/// Memory this process holds in transparent huge pages now (Linux).
fn huge_page_mb() -> Option<f64> {
    proc_kb("/proc/self/smaps_rollup", "AnonHugePages:").map(|kb| kb / 1024.0)
}

/// A `NAME: value kB` line of a /proc file.
fn proc_kb(path: &str, name: &str) -> Option<f64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(name))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
