//! The command line's errors: every one is a line on stderr with exit code 2, naming the flag,
//! value or file at fault; clap's own multi-line messages are rewritten as one line.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::error::Error as _;

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

/// clap's error as one line: what is wrong, the flag or value, and where to look for help
/// (`cli`: the command line whose subcommands it names).
pub fn one_line(e: &clap::Error, cli: &clap::Command, argv: &[String]) -> String {
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        _ => String::new(),
    };
    // the flag without its value name: "--k <VALUE>" → "--k"
    let flag = text(ContextKind::InvalidArg)
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string();
    let sub = argv
        .first()
        .filter(|a| cli.find_subcommand(a.as_str()).is_some())
        .map_or(String::new(), |s| format!(" {s}"));
    let help = format!("see `spraylab{sub} --help`");
    match e.kind() {
        ErrorKind::InvalidSubcommand => {
            let names: Vec<String> = cli
                .get_subcommands()
                .filter(|c| !c.is_hide_set())
                .map(|c| c.get_name().to_string())
                .collect();
            format!(
                "unknown command {:?} (expected {})",
                text(ContextKind::InvalidSubcommand),
                names.join(", ")
            )
        }
        ErrorKind::UnknownArgument => {
            format!("unknown flag {:?} ({help})", text(ContextKind::InvalidArg))
        }
        ErrorKind::InvalidValue if text(ContextKind::InvalidValue).is_empty() => {
            format!("{flag} needs a value")
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let valid = text(ContextKind::ValidValue);
            let cause = e.source().map_or(String::new(), |c| format!(": {c}"));
            let allowed = if valid.is_empty() {
                String::new()
            } else {
                format!(" (one of {valid})")
            };
            format!(
                "{flag}: invalid value {:?}{cause}{allowed}",
                text(ContextKind::InvalidValue)
            )
        }
        ErrorKind::MissingRequiredArgument => format!(
            "spraylab{sub} needs {} ({help})",
            text(ContextKind::InvalidArg)
        ),
        ErrorKind::ArgumentConflict => format!(
            "{flag} cannot be used with {} ({help})",
            text(ContextKind::PriorArg)
        ),
        _ => {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("invalid arguments");
            format!("{} ({help})", first.trim_start_matches("error: "))
        }
    }
}
