//! The flags more than one subcommand shares, on clap: where a scenario comes from (`--preset`,
//! `--scenario`, `--traffic`, `--topology`, `--event`), the scenario overrides (`--k 8`,
//! `--cca mswift`... one flag per short field of the registry, and `--set PATH=VALUE`) and the
//! report's format.
//!
//! The first stage of two, as ripgrep parses its flags: these and each subcommand's own flags
//! (`commands/`) are the grammar; the resolver (`resolve.rs`) makes them into a checked scenario;
//! errors are one line each (`errors.rs`).

use clap::{ArgAction, ArgMatches, Args, FromArgMatches};
use spraylab::scenario::registry;
use std::path::PathBuf;

/// The flag that sets any field by its dotted path.
pub const SET: &str = "set";

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
