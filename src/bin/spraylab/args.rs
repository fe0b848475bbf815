//! Command-line parsing: flags to scenario overrides, with one-line errors that name the flag.

use spraylab::scenario::{Scenario, SHORT_FIELDS};
use std::path::PathBuf;

/// A usage error: printed on one line, exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

pub fn usage(msg: impl Into<String>) -> UsageError {
    UsageError(msg.into())
}

/// Report format of `run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// Everything `run` (and `scenario`) accept.
#[derive(Debug)]
pub struct RunArgs {
    pub preset: Option<String>,
    pub scenario_file: Option<PathBuf>,
    pub overrides: Vec<(String, String)>,
    pub format: Format,
    pub timeline: Option<PathBuf>,
}

/// The value after `flag` in a flag list, or the error that names the flag.
pub fn flag_value<'a>(
    it: &mut impl Iterator<Item = &'a String>,
    flag: &str,
) -> Result<String, UsageError> {
    it.next()
        .cloned()
        .ok_or_else(|| usage(format!("{flag} needs a value")))
}

pub fn parse_run(args: &[String]) -> Result<RunArgs, UsageError> {
    let mut out = RunArgs {
        preset: None,
        scenario_file: None,
        overrides: Vec::new(),
        format: Format::Text,
        timeline: None,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (flag.as_str(), None),
        };
        let mut value = || -> Result<String, UsageError> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| usage(format!("{name} needs a value")))
        };
        match name {
            "--preset" => out.preset = Some(value()?),
            "--scenario" => out.scenario_file = Some(PathBuf::from(value()?)),
            "--format" => {
                out.format = match value()?.as_str() {
                    "json" => Format::Json,
                    "text" => Format::Text,
                    other => {
                        return Err(usage(format!(
                            "--format must be text or json, got {other:?}"
                        )))
                    }
                }
            }
            "--timeline" => out.timeline = Some(PathBuf::from(value()?)),
            n if n
                .strip_prefix("--")
                .is_some_and(|f| SHORT_FIELDS.iter().any(|(o, _)| *o == f)) =>
            {
                out.overrides.push((n.to_string(), value()?))
            }
            other => {
                return Err(usage(format!(
                    "unknown flag {other:?} (see `spraylab help`)"
                )))
            }
        }
    }
    if out.preset.is_some() && out.scenario_file.is_some() {
        return Err(usage("--preset and --scenario cannot be used together"));
    }
    Ok(out)
}

/// Applies one override flag (`--k`, `--cca`, ...) to the scenario; ranges are checked later
/// by `Scenario::validate`.
pub fn apply_override(s: &mut Scenario, flag: &str, v: &str) -> Result<(), UsageError> {
    let name = flag.strip_prefix("--").unwrap_or(flag);
    s.set_field(name, v)
        .map_err(|e| usage(format!("{flag}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_flags_in_both_forms() {
        let a = parse_run(&strings(&[
            "--preset", "baseline", "--k=4", "--format", "json",
        ]))
        .unwrap();
        assert_eq!(a.preset.as_deref(), Some("baseline"));
        assert_eq!(a.overrides, vec![("--k".to_string(), "4".to_string())]);
        assert_eq!(a.format, Format::Json);
    }

    #[test]
    fn rejects_unknown_and_missing_values() {
        assert!(parse_run(&strings(&["--bogus"]))
            .unwrap_err()
            .0
            .contains("--bogus"));
        assert!(parse_run(&strings(&["--k"]))
            .unwrap_err()
            .0
            .contains("--k needs a value"));
        assert!(parse_run(&strings(&["--format", "xml"]))
            .unwrap_err()
            .0
            .contains("--format"));
    }

    #[test]
    fn overrides_set_fields_and_name_the_flag_on_error() {
        let mut s = Scenario::default();
        apply_override(&mut s, "--cca", "mswift-p10").unwrap();
        assert_eq!(s.cca.percentile, 10);
        let e = apply_override(&mut s, "--k", "eight").unwrap_err().0;
        assert!(e.starts_with("--k: topology.k"), "{e}");
    }
}
