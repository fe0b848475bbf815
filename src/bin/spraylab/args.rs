//! The command line's grammar, on clap: subcommands, their flags, and the scenario overrides
//! (`--k 8`, `--cca mswift`...) shared by `run`, `scenario`, `repro` and `bench-case`.
//!
//! The first stage of two, as ripgrep parses its flags: this file is the grammar; the resolver
//! (`resolve.rs`) makes the arguments into a checked scenario; errors are one line each
//! (`errors.rs`).

use crate::errors::{one_line, usage, UsageError};
use clap::error::ErrorKind;
use clap::{ArgAction, ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use spraylab::scenario::{registry, CcaName};
use std::path::PathBuf;

/// The flag that sets any field by its dotted path.
pub const SET: &str = "set";

/// spraylab: packet-level simulation of congestion control under packet spraying.
///
/// A scenario file is TOML (.toml) or JSON (.json); missing fields take the paper's defaults.
/// Without --preset or --scenario, a scenario is the `baseline` preset.
#[derive(Parser, Debug)]
#[command(name = "spraylab", version, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// One simulation and its report.
    Run(RunArgs),
    /// Print the scenario `run` would use, as TOML (a starting point for files).
    Scenario(ScenarioArgs),
    /// Print the scenario's flows as a traffic matrix in htsim's connection-matrix format
    /// (to run the same flows in htsim: its -tm flag).
    Matrix(ScenarioArgs),
    /// List the presets.
    Presets,
    /// List every scenario field: its path (for --set and files), flag, default and range.
    Fields {
        /// The table as Markdown (what docs/scenario.md holds).
        #[arg(long)]
        markdown: bool,
    },
    /// The paper's closed-form throughput against q (Table I), beside simulated points.
    Model(ModelArgs),
    /// The paper's evaluation grids on all cores → DIR/FIGURE/*.csv and plots.
    Repro(ReproArgs),
    /// Combine the output folders of shards into one.
    Merge {
        /// The folder to write.
        out: PathBuf,
        /// The shard folders.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
    },
    /// Redraw the plots and check the paper's claims on a folder's CSVs → REPRODUCTION.md.
    Report {
        /// The folder `spraylab repro` wrote.
        dir: PathBuf,
        /// Where to write the report [default: DIR/REPRODUCTION.md]; its plot links are
        /// relative to where it is.
        #[arg(long, visible_alias = "to", value_name = "FILE")]
        out: Option<PathBuf>,
        /// Overwrite FILE even if it is not a report spraylab wrote.
        #[arg(long)]
        force: bool,
    },
    /// Simulator speed and memory on the standard cases.
    Bench {
        /// Smaller flows (1 MiB), for a quick check.
        #[arg(long)]
        quick: bool,
        /// Another spraylab binary (say, an earlier commit's) to measure against, case by
        /// case in alternation: the figures are then the ratios of its CPU time to this one's.
        #[arg(long, value_name = "PATH")]
        against: Option<PathBuf>,
        /// With --against: rounds of alternation per case (the median ratio is reported).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=20))]
        rounds: u32,
    },
    /// One bench case in this process, as JSON (what `bench` runs in child processes).
    #[command(hide = true)]
    BenchCase(ScenarioArgs),
}

/// Where a scenario comes from, and the overrides applied to it.
#[derive(Args, Debug)]
pub struct ScenarioArgs {
    /// A named scenario (see `spraylab presets`).
    #[arg(long, value_name = "NAME", conflicts_with = "scenario")]
    pub preset: Option<String>,
    /// A scenario file, TOML or JSON.
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// A traffic matrix in htsim's connection-matrix format ('Nodes N', 'Connections M',
    /// 'SRC->DST id I start 0 size BYTES'): its flows replace the workload's.
    #[arg(long, value_name = "FILE.cm")]
    pub traffic: Option<PathBuf>,
    /// A topology file in htsim's format ('Nodes N', 'Tiers 3', 'Tier T' blocks): its fabric
    /// (k, tiers, oversubscription, pods, bundles to the cores), link rates per tier and latency
    /// set the topology's, before any --set; a topology SprayLab cannot build (a switch latency,
    /// latencies that differ by tier, ToR–aggregation bundles) is refused.
    #[arg(long, value_name = "FILE.topo")]
    pub topology: Option<PathBuf>,
    /// Run a scenario beyond the default budget (32 M data packets, minutes of CPU).
    #[arg(long)]
    pub allow_large: bool,
    /// A timed event, added after the scenario's own (repeatable): 50:link-down:agg3.up1,
    /// 90:link-up:agg3.up1, 60:link-rate:tor0.up1:200, 0:elephants-stop,
    /// 40:elephants-start:2 (the first two), 40:elephants-start:flow1. docs/scenario.md
    /// lists the kinds and link names.
    #[arg(
        long = "event",
        value_name = "AT_US:KIND[:ARGS]",
        allow_hyphen_values = true
    )]
    pub events: Vec<String>,
    #[command(flatten)]
    pub overrides: Overrides,
}

/// Report format.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

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

#[derive(Args, Debug)]
pub struct ModelArgs {
    #[arg(long = "cca", value_name = "C", help = model_cca_help())]
    pub ccas: Vec<String>,
    #[arg(long = "q", value_name = "Q", value_parser = parse_q, help = model_q_help())]
    pub qs: Vec<f64>,
    /// Also simulate each point on the n-path network.
    #[arg(long)]
    pub simulate: bool,
    /// The long path's extra latency, µs.
    #[arg(long, value_name = "US", allow_hyphen_values = true)]
    pub long_delay: Option<String>,
    /// Bytes of the simulated flow (8MiB, 512KiB, ...).
    #[arg(long, value_name = "BYTES")]
    pub flow_size: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The CCAs `model` shows when no `--cca` is given: the theory figure's (those with a closed
/// form, and LSwift and MSwift simulated beside them).
pub fn model_ccas() -> &'static [CcaName] {
    spraylab::repro::figure("theory")
        .expect("the theory figure exists")
        .ccas
}

/// `model --cca`'s help: the CCAs `model` shows.
fn model_cca_help() -> String {
    let names: Vec<String> = model_ccas().iter().map(|c| c.to_string()).collect();
    format!(
        "A CCA to show: {} (repeatable; default all)",
        names.join(", ")
    )
}

/// `model --q`'s help: the range it takes and the theory figure's values it shows by default.
fn model_q_help() -> String {
    let qs: Vec<f64> = spraylab::model::THEORY_PATHS
        .iter()
        .map(|&p| 100.0 / p as f64)
        .collect();
    let (lo, hi) = qs
        .iter()
        .fold((f64::MAX, 0f64), |(a, b), &q| (a.min(q), b.max(q)));
    format!("A share of long-path packets, in (0, 0.5] (repeatable; default the theory figure's, {lo} % to {hi} %)")
}

fn parse_q(v: &str) -> Result<f64, String> {
    let q: f64 = v
        .parse()
        .map_err(|_| format!("must be a number, got {v:?}"))?;
    if q > 0.0 && q <= 0.5 {
        Ok(q)
    } else {
        Err(format!(
            "must be in (0, 0.5] (q = 1/paths, at least 2 paths), got {v}"
        ))
    }
}

#[derive(Args, Debug)]
pub struct ReproArgs {
    #[arg(value_name = "FIGURE", help = figures_help())]
    pub which: String,
    /// Seeds per cell, 1 to 1000.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub seeds: u64,
    /// Run only the i-th of n slices of the grid (1 ≤ i ≤ n).
    #[arg(long, value_name = "i/n", default_value = "1/1", value_parser = parse_shard)]
    pub shard: (usize, usize),
    /// The output folder.
    #[arg(long, default_value = "repro")]
    pub out: PathBuf,
    /// Then check the paper's claims and write OUT/REPRODUCTION.md.
    #[arg(long)]
    pub report: bool,
    /// Run cells beyond the default budget (32 M data packets each).
    #[arg(long)]
    pub allow_large: bool,
    #[command(flatten)]
    pub overrides: Overrides,
}

/// The figures `repro` knows, for its help.
fn figures_help() -> String {
    let names: Vec<&str> = spraylab::repro::FIGURES.iter().map(|f| f.name).collect();
    format!(
        "`all`, `alternatives` (the ALGORITHMS.md §15 choices' alternatives) or one figure: {}",
        names.join(", ")
    )
}

fn parse_shard(v: &str) -> Result<(usize, usize), String> {
    v.split_once('/')
        .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)))
        .filter(|&(i, n)| n >= 1 && i >= 1 && i <= n)
        .ok_or_else(|| format!("must be i/n with 1 ≤ i ≤ n, got {v:?}"))
}

/// The scenario overrides, one flag per short field (`--k`, `--cca`, `--flow-size`...), kept in
/// command-line order: `--cca mswift --percentile 10` is not `--percentile 10 --cca mswift`
/// (naming MSwift resets its percentile to the median).
#[derive(Debug, Default)]
pub struct Overrides(pub Vec<(String, String)>);

impl Args for Overrides {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let cmd = registry::short_fields().fold(cmd, |cmd, f| {
            let name = f.key();
            let arg = clap::Arg::new(name)
                .long(name)
                .value_name("VALUE")
                .help(f.help())
                .help_heading("Scenario overrides")
                .action(ArgAction::Append);
            cmd.arg(match f.allowed {
                // a switch alone turns it on: `--trim` is `--trim true`
                registry::Allowed::Switch => arg.num_args(0..=1).default_missing_value("true"),
                _ => arg.allow_hyphen_values(true),
            })
        });
        cmd.arg(
            clap::Arg::new(SET)
                .long(SET)
                .value_name("PATH=VALUE")
                .help(
                    "any field by its path in the scenario file (repeatable): \
                     --set timeline.interval_us=0 --set cca.swift.ai=2",
                )
                .help_heading("Scenario overrides")
                .action(ArgAction::Append)
                .allow_hyphen_values(true),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for Overrides {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut found: Vec<(usize, String, String)> = Vec::new();
        for name in registry::short_fields().map(|f| f.key()).chain([SET]) {
            let (Some(values), Some(at)) = (m.get_many::<String>(name), m.indices_of(name)) else {
                continue;
            };
            for (v, i) in values.zip(at) {
                found.push((i, name.to_string(), v.clone()));
            }
        }
        found.sort();
        Ok(Overrides(
            found.into_iter().map(|(_, n, v)| (n, v)).collect(),
        ))
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

/// What the command line asks for: a command, or text to print (help, version).
pub enum Parsed {
    /// Boxed: a command's arguments are some 230 bytes, the text 24.
    Command(Box<Command>),
    Print(String),
}

/// Parses `argv` (without the program name). Help and the version are text to print; every
/// error is one line naming the flag or value at fault.
pub fn parse(argv: &[String]) -> Result<Parsed, UsageError> {
    if argv.is_empty() {
        return Ok(Parsed::Print(Cli::command().render_help().to_string()));
    }
    let args = std::iter::once("spraylab".to_string()).chain(argv.iter().cloned());
    match Cli::try_parse_from(args) {
        Ok(cli) => Ok(Parsed::Command(Box::new(cli.command))),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            Ok(Parsed::Print(e.render().to_string()))
        }
        Err(e) => Err(usage(one_line(&e, &Cli::command(), argv))),
    }
}

/// The help's list of scenario overrides, for `spraylab help`.
pub fn overrides_help() -> String {
    let mut s = String::from("Scenario overrides (run, scenario, repro):\n");
    for f in registry::short_fields() {
        s.push_str(&format!("  --{:<13} {}\n", f.key(), f.help()));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use spraylab::Scenario;

    fn parse_strs(v: &[&str]) -> Result<Parsed, UsageError> {
        parse(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    fn run_args(v: &[&str]) -> RunArgs {
        let mut argv = vec!["run"];
        argv.extend_from_slice(v);
        match parse_strs(&argv) {
            Ok(Parsed::Command(c)) => match *c {
                Command::Run(a) => a,
                _ => panic!("not a run"),
            },
            Ok(_) => panic!("not a run"),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_run_samples_timelines_only_for_timeline_and_so_a_k32_permutation_fits_the_budget() {
        let plain = run_args(&["--preset", "permutation", "--k", "32"])
            .scenario_to_run()
            .unwrap();
        assert_eq!(plain.timeline.interval_us, 0.0);
        // with --timeline the samples are written, budgeted, and at k = 32 refused by default
        let e = run_args(&[
            "--preset",
            "permutation",
            "--k",
            "32",
            "--timeline",
            "t.csv",
        ])
        .scenario_to_run()
        .unwrap_err();
        assert!(e.0.contains("timeline.max_buffered"), "{}", e.0);
        let sampled = run_args(&["--k", "4", "--timeline", "t.csv"])
            .scenario_to_run()
            .unwrap();
        assert_eq!(sampled.timeline.interval_us, 1.0);
    }

    fn error(v: &[&str]) -> String {
        match parse_strs(v) {
            Err(e) => e.0,
            Ok(_) => panic!("{v:?} parsed"),
        }
    }

    #[test]
    fn parses_flags_in_both_forms_keeping_the_overrides_order() {
        let a = run_args(&[
            "--preset",
            "baseline",
            "--percentile=10",
            "--k=4",
            "--cca",
            "mswift",
            "--format",
            "json",
        ]);
        assert_eq!(a.scenario.preset.as_deref(), Some("baseline"));
        let names: Vec<&str> = a
            .scenario
            .overrides
            .0
            .iter()
            .map(|o| o.0.as_str())
            .collect();
        assert_eq!(names, ["percentile", "k", "cca"]);
        assert_eq!(a.format, Format::Json);
        // in order: naming MSwift resets the percentile to the median
        assert_eq!(a.scenario.build().unwrap().cca.percentile, 50);
    }

    #[test]
    fn errors_are_one_line_naming_the_flag() {
        for (argv, needle) in [
            (&["run", "--bogus"][..], "unknown flag \"--bogus\""),
            (&["run", "--k"], "--k needs a value"),
            (
                &["run", "--format", "xml"],
                "--format: invalid value \"xml\"",
            ),
            (&["repro", "all", "--seeds", "0"], "--seeds"),
            (&["repro", "all", "--shard", "3/2"], "--shard"),
            (&["frobnicate"], "unknown command \"frobnicate\""),
            (
                &["run", "--preset", "a", "--scenario", "b"],
                "cannot be used with",
            ),
            (&["merge", "out"], "spraylab merge needs <DIRS>..."),
            (&["bench", "--slow"], "spraylab bench --help"),
        ] {
            let e = error(argv);
            assert!(e.contains(needle), "{argv:?}: {e:?} lacks {needle:?}");
            assert!(!e.contains('\n'), "{argv:?}: {e:?}");
        }
    }

    #[test]
    fn every_subcommand_has_help() {
        for sub in Cli::command().get_subcommands() {
            let name = sub.get_name().to_string();
            match parse_strs(&[&name, "--help"]) {
                Ok(Parsed::Print(text)) => assert!(text.contains("Usage"), "{name}: {text}"),
                _ => panic!("{name} --help"),
            }
        }
        Cli::command().debug_assert();
    }

    #[test]
    fn overrides_set_fields_and_name_the_flag_on_error() {
        let mut s = Scenario::default();
        let o = Overrides(vec![("cca".into(), "mswift-p10".into())]);
        o.apply(&mut s).unwrap();
        assert_eq!(s.cca.percentile, 10);
        let bad = Overrides(vec![("k".into(), "eight".into())]);
        let e = bad.apply(&mut s).unwrap_err().0;
        assert!(e.starts_with("--k: topology.k"), "{e}");
    }
}
