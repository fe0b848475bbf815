//! The second stage of the command line: arguments, as the grammar (`args.rs`, `commands/`) read
//! them, made into a checked scenario (`run`, `scenario` and `repro`'s, and `model`'s n-path
//! one). The preset or file, the traffic matrix, the overrides by short name or by path and the
//! timed events, in that order, then validation and the budget; each error is one line naming the
//! flag or file. Tested without clap: the tests build the arguments themselves.

use crate::args::{Overrides, ScenarioArgs, SET};
use crate::errors::{usage, UsageError};
use spraylab::scenario::{registry, Budget, Scenario, TimedEvent, PRESETS};
use std::path::PathBuf;

impl Overrides {
    /// The overrides as (field, value): a short name, or a dotted path from `--set`.
    pub fn pairs(&self) -> Result<Vec<(String, String)>, UsageError> {
        self.0
            .iter()
            .map(|(name, value)| match name.as_str() {
                SET => value
                    .split_once('=')
                    .map(|(p, v)| (p.trim().to_string(), v.trim().to_string()))
                    .ok_or_else(|| {
                        usage(format!(
                            "--set: expected PATH=VALUE (timeline.interval_us=0), got {:?}",
                            spraylab::scenario::escape_controls(value)
                        ))
                    }),
                _ => Ok((name.clone(), value.clone())),
            })
            .collect()
    }

    /// Applies the overrides to `s`; ranges are checked later by `Scenario::validate`.
    pub fn apply(&self, s: &mut Scenario) -> Result<(), UsageError> {
        for ((flag, _), (name, value)) in self.0.iter().zip(self.pairs()?) {
            s.set_any(&name, &value)
                .map_err(|e| usage(format!("--{flag}: {e}")))?;
        }
        Ok(())
    }
}

impl ScenarioArgs {
    /// The scenario named by the preset or file, with the overrides applied and validated.
    pub fn build(&self) -> Result<Scenario, UsageError> {
        let mut s = match &self.scenario {
            Some(path) => read_scenario(path)?,
            None => {
                let name = self.preset.as_deref().unwrap_or("baseline");
                Scenario::preset(name).ok_or_else(|| {
                    let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
                    usage(format!(
                        "--preset must be one of {}, got {name:?}",
                        names.join(", ")
                    ))
                })?
            }
        };
        if let Some(path) = &self.topology {
            read_topology(&mut s, path)?;
            if self.scenario.is_none() && self.preset.as_deref() == Some("uec-reference") {
                // the preset's minimum RTO follows the file's link rate, as the reference's does
                s.cca.nscc.rto_min_us = s.uec_min_rto_us();
            }
        }
        if let Some(path) = &self.traffic {
            s.workload.traffic = Some(path.display().to_string());
        }
        let base = match (&self.traffic, &self.scenario) {
            // --traffic is relative to where the command runs, a file's key to the file
            (None, Some(file)) => file.parent().map(PathBuf::from).unwrap_or_default(),
            _ => PathBuf::new(),
        };
        self.overrides.apply(&mut s)?;
        for text in &self.events {
            let event = TimedEvent::parse(text).map_err(|m| {
                usage(format!(
                    "--event {:?}: {}",
                    spraylab::scenario::escape_controls(text),
                    spraylab::scenario::escape_controls(&m)
                ))
            })?;
            s.events.push(event);
        }
        read_traffic(&mut s, &base)?;
        s.validate()
            .map_err(|e| usage(format!("invalid scenario: {e}")))?;
        Ok(s)
    }

    /// The scenario to run: built, then held to the default budget unless `--allow-large`.
    pub fn build_to_run(&self) -> Result<Scenario, UsageError> {
        let s = self.build()?;
        within_budget(&s, self.allow_large)?;
        Ok(s)
    }
}

/// The n-path theory scenario `model`'s closed forms and simulated points share: the `npath`
/// preset with `--long-delay` and `--flow-size` applied, validated.
pub fn npath(long_delay: Option<&str>, flow_size: Option<&str>) -> Result<Scenario, UsageError> {
    let mut s = Scenario::preset("npath").expect("the npath preset exists");
    let flags = [
        (
            "long-delay",
            &registry::WORKLOAD_LONG_PATH_EXTRA_US,
            long_delay,
        ),
        ("flow-size", &registry::WORKLOAD_FLOW_SIZE_BYTES, flow_size),
    ];
    for (flag, field, value) in flags {
        if let Some(v) = value {
            s.set_field(field.key(), v)
                .map_err(|e| usage(format!("--{flag}: {e}")))?;
        }
    }
    s.validate()
        .map_err(|e| usage(format!("invalid scenario: {e}")))?;
    Ok(s)
}

/// Refuses a scenario beyond [`Budget::NATIVE`], unless the user allowed large runs.
pub fn within_budget(s: &Scenario, allow_large: bool) -> Result<(), UsageError> {
    if allow_large {
        return Ok(());
    }
    s.check_budget(&Budget::NATIVE)
        .map_err(|e| usage(format!("too large: {e}")))
}

/// Sets the topology from an htsim topology file.
fn read_topology(s: &mut Scenario, path: &std::path::Path) -> Result<(), UsageError> {
    use spraylab::scenario::topo_file::{parse_topo, MAX_TOPO_BYTES};
    let shown = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| usage(format!("topology {shown}: cannot read: {e}")))?
        .len();
    if size > MAX_TOPO_BYTES as u64 {
        return Err(usage(format!(
            "topology {shown}: {size} bytes, more than the {MAX_TOPO_BYTES} a topology file may have"
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| usage(format!("topology {shown}: cannot read: {e}")))?;
    let t = parse_topo(&text).map_err(|e| usage(format!("topology {shown}: {e}")))?;
    t.apply(&mut s.topology);
    Ok(())
}

/// Reads the scenario's traffic-matrix file, if it names one, into its connections (`base`:
/// the folder a relative path starts from).
fn read_traffic(s: &mut Scenario, base: &std::path::Path) -> Result<(), UsageError> {
    let Some(name) = s.workload.traffic.take() else {
        return Ok(());
    };
    let path = base.join(&name);
    let shown = path.display();
    let size = std::fs::metadata(&path)
        .map_err(|e| usage(format!("traffic {shown}: cannot read: {e}")))?
        .len();
    if size > spraylab::scenario::traffic::MAX_MATRIX_BYTES as u64 {
        return Err(usage(format!(
            "traffic {shown}: {size} bytes, more than the {} a matrix may have",
            spraylab::scenario::traffic::MAX_MATRIX_BYTES
        )));
    }
    let text = std::fs::read_to_string(&path)
        .map_err(|e| usage(format!("traffic {shown}: cannot read: {e}")))?;
    let m = spraylab::scenario::traffic::parse_matrix(&text)
        .map_err(|e| usage(format!("traffic {shown}: {e}")))?;
    if m.nodes > s.hosts() {
        return Err(usage(format!(
            "traffic {shown}: written for 'Nodes {}', more than the topology's {} hosts (--k sets them: k³/4 hosts, 128 at k = 8)",
            m.nodes,
            s.hosts()
        )));
    }
    // what the reader took differently from htsim, or without effect, is said, not hidden
    for note in &m.notes {
        eprintln!("spraylab: note: traffic {shown}: {note}");
    }
    s.workload.connections = m.connections;
    s.workload.triggers = m.triggers;
    Ok(())
}

/// A scenario file: JSON when it ends in `.json`, TOML otherwise.
fn read_scenario(path: &std::path::Path) -> Result<Scenario, UsageError> {
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
    parsed.map_err(|e| usage(format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args() -> ScenarioArgs {
        ScenarioArgs {
            preset: None,
            scenario: None,
            traffic: None,
            topology: None,
            allow_large: false,
            events: Vec::new(),
            overrides: Overrides(Vec::new()),
        }
    }

    #[test]
    fn a_preset_then_overrides_by_short_name_and_path_then_events() {
        let mut a = args();
        a.preset = Some("elephants8".into());
        a.overrides = Overrides(vec![
            ("k".into(), "4".into()),
            (SET.into(), "topology.drr=true".into()),
        ]);
        a.events = vec!["50:elephants-stop".into()];
        let s = a.build().unwrap();
        assert_eq!(s.topology.k, 4);
        assert!(s.topology.drr);
        assert_eq!(s.events.len(), 1);
        assert_eq!(
            s.workload.elephants,
            Scenario::preset("elephants8").unwrap().workload.elephants
        );
    }

    #[test]
    fn each_error_is_one_line_naming_the_flag() {
        let mut a = args();
        a.preset = Some("nope".into());
        assert!(a
            .build()
            .unwrap_err()
            .0
            .starts_with("--preset must be one of"));
        let mut a = args();
        a.overrides = Overrides(vec![(SET.into(), "k".into())]);
        assert!(a
            .build()
            .unwrap_err()
            .0
            .starts_with("--set: expected PATH=VALUE"));
        let mut a = args();
        a.overrides = Overrides(vec![("k".into(), "7".into())]);
        let e = a.build().unwrap_err().0;
        assert!(e.contains("topology.k") && !e.contains('\n'), "{e}");
        let mut a = args();
        a.events = vec!["bad".into()];
        assert!(a.build().unwrap_err().0.starts_with("--event \"bad\""));
        let mut a = args();
        a.scenario = Some(PathBuf::from("/nonexistent/s.toml"));
        assert!(a.build().unwrap_err().0.contains("cannot read"));
    }

    #[test]
    fn a_scenario_beyond_the_budget_needs_allow_large() {
        let mut a = args();
        a.overrides = Overrides(vec![
            ("k".into(), "32".into()),
            ("flow-size".into(), "1GiB".into()),
        ]);
        assert!(a.build_to_run().unwrap_err().0.starts_with("too large"));
        a.allow_large = true;
        assert!(a.build_to_run().is_ok());
    }
}
