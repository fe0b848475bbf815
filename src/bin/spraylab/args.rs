//! Command-line parsing: flags to scenario overrides, with one-line errors that name the flag.

use spraylab::scenario::{CcaKind, History, LbScheme, Scenario};
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

/// Flags that change one scenario field.
pub const OVERRIDES: &[(&str, &str)] = &[
    ("--k", "fat-tree arity, even, 4..16"),
    (
        "--cca",
        "swift | lswift | mswift | mswift-p10 | mswift-p90 | mswift-pN",
    ),
    ("--lb", "ecmp | ops"),
    ("--elephants", "long-lived ECMP flows: 0, or 2 to hosts-2"),
    (
        "--flow-size",
        "bytes per sprayed flow: 8388608, 8MiB, 512KiB, ...",
    ),
    ("--history", "nyquist | a fixed H from 1 to 1024"),
    (
        "--percentile",
        "percentile MSwift decides on, 1..99 (50 = median)",
    ),
    ("--seed", "random seed (a whole number)"),
];

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
            n if OVERRIDES.iter().any(|(o, _)| *o == n) => {
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

fn number<T: std::str::FromStr>(flag: &str, v: &str, what: &str) -> Result<T, UsageError> {
    v.parse()
        .map_err(|_| usage(format!("{flag} must be {what}, got {v:?}")))
}

/// Parses a byte count with an optional KiB/MiB/GiB (or KB/MB/GB) suffix.
pub fn parse_bytes(flag: &str, v: &str) -> Result<u64, UsageError> {
    let t = v.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, suffix) = t.split_at(split);
    let mult: u64 = match suffix.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        "kb" => 1_000,
        "mb" => 1_000_000,
        "gb" => 1_000_000_000,
        _ => {
            return Err(usage(format!(
                "{flag} must be a byte count like 8388608 or 8MiB, got {v:?}"
            )))
        }
    };
    let n: u64 = number(flag, digits, "a byte count like 8388608 or 8MiB")?;
    n.checked_mul(mult)
        .ok_or_else(|| usage(format!("{flag} is too large: {v:?}")))
}

/// Applies one override flag to the scenario (range checks come from `Scenario::validate`).
pub fn apply_override(s: &mut Scenario, flag: &str, v: &str) -> Result<(), UsageError> {
    match flag {
        "--k" => s.topology.k = number(flag, v, "an even number from 4 to 16")?,
        "--cca" => {
            let lower = v.to_ascii_lowercase();
            let (kind, percentile) = match lower.as_str() {
                "swift" => (CcaKind::Swift, None),
                "lswift" => (CcaKind::LSwift, None),
                "mswift" => (CcaKind::MSwift, Some(50)),
                p if p.starts_with("mswift-p") => (
                    CcaKind::MSwift,
                    Some(number(
                        flag,
                        &p["mswift-p".len()..],
                        "mswift-pN with N from 1 to 99",
                    )?),
                ),
                _ => {
                    return Err(usage(format!(
                        "--cca must be swift, lswift, mswift or mswift-pN, got {v:?}"
                    )))
                }
            };
            s.cca.algorithm = kind;
            if let Some(p) = percentile {
                s.cca.percentile = p;
            }
        }
        "--lb" => {
            s.lb.scheme = match v.to_ascii_lowercase().as_str() {
                "ecmp" => LbScheme::Ecmp,
                "ops" => LbScheme::Ops,
                _ => return Err(usage(format!("--lb must be ecmp or ops, got {v:?}"))),
            }
        }
        "--elephants" => s.workload.elephants = number(flag, v, "a whole number")?,
        "--flow-size" => s.workload.flow_size_bytes = parse_bytes(flag, v)?,
        "--history" => {
            s.cca.history = History::parse(v).map_err(|e| usage(format!("--history: {e}")))?
        }
        "--percentile" => s.cca.percentile = number(flag, v, "a whole number from 1 to 99")?,
        "--seed" => s.seed = number(flag, v, "a whole number")?,
        _ => return Err(usage(format!("unknown flag {flag:?}"))),
    }
    Ok(())
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
    fn overrides_set_fields() {
        let mut s = Scenario::default();
        apply_override(&mut s, "--cca", "mswift-p10").unwrap();
        assert_eq!((s.cca.algorithm, s.cca.percentile), (CcaKind::MSwift, 10));
        apply_override(&mut s, "--flow-size", "16MiB").unwrap();
        assert_eq!(s.workload.flow_size_bytes, 16 << 20);
        apply_override(&mut s, "--history", "8").unwrap();
        assert_eq!(s.cca.history, History::Fixed(8));
        assert!(apply_override(&mut s, "--k", "eight")
            .unwrap_err()
            .0
            .contains("--k"));
        assert!(apply_override(&mut s, "--cca", "reno").is_err());
        assert!(apply_override(&mut s, "--flow-size", "12 parsecs").is_err());
        assert!(apply_override(&mut s, "--flow-size", "99999999999999GiB").is_err());
    }
}
