//! The subcommands: the command line's grammar at its top (`Cli`, one `Command` variant per
//! subcommand) and each subcommand's flags and effect in its own file below, as ripgrep keeps a
//! flag's definition, help and effect together. A subcommand is a variant here holding its
//! arguments struct, its file declared here, and its arm in [`Command::run`] (a missing arm does
//! not compile); the flags several share are `args.rs`'s.

mod bench;
mod fields;
mod model;
mod repro;
mod run;
mod scenario;

use crate::errors::{one_line, usage, UsageError};
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

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
    Run(run::RunArgs),
    /// Print the scenario `run` would use, as TOML (a starting point for files).
    Scenario(crate::args::ScenarioArgs),
    /// Print the scenario's flows as a traffic matrix in htsim's connection-matrix format
    /// (to run the same flows in htsim: its -tm flag).
    Matrix(crate::args::ScenarioArgs),
    /// List the presets.
    Presets,
    /// List every scenario field: its path (for --set and files), flag, default and range.
    Fields(fields::FieldsArgs),
    /// The paper's closed-form throughput against q (Table I), beside simulated points.
    Model(model::ModelArgs),
    /// The paper's evaluation grids on all cores → DIR/FIGURE/*.csv and plots.
    Repro(repro::ReproArgs),
    /// Combine the output folders of shards into one.
    Merge(repro::MergeArgs),
    /// Redraw the plots and check the paper's claims on a folder's CSVs → REPRODUCTION.md.
    Report(repro::ReportArgs),
    /// Simulator speed and memory on the standard cases.
    Bench(bench::BenchArgs),
    /// One bench case in this process, as JSON (what `bench` runs in child processes).
    #[command(hide = true)]
    BenchCase(crate::args::ScenarioArgs),
}

impl Command {
    /// Runs the subcommand: each is its own file's function of its arguments.
    pub fn run(self) -> Result<(), UsageError> {
        match self {
            Command::Run(a) => run::run(a),
            Command::Scenario(a) => scenario::scenario(&a),
            Command::Matrix(a) => scenario::matrix(&a),
            Command::Presets => scenario::presets(),
            Command::Fields(a) => fields::fields(a),
            Command::Model(a) => model::run(a),
            Command::Repro(a) => repro::run(a),
            Command::Merge(a) => repro::merge(a),
            Command::Report(a) => repro::report(a),
            Command::Bench(a) => bench::run(a),
            Command::BenchCase(a) => bench::case(&a),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use run::RunArgs;

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
        assert_eq!(a.format, crate::args::Format::Json);
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
}
