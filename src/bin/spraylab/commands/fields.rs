//! `spraylab fields`: every field a scenario has, from the field registry: its dotted path (for
//! `--set` and scenario files), its flag, its default and what it allows; with `--markdown`,
//! the table docs/scenario.md holds.

use crate::errors::UsageError;
use clap::Args;
use spraylab::scenario::{registry, Scenario};

/// `spraylab fields`'s flags.
#[derive(Args, Debug)]
pub struct FieldsArgs {
    /// The table as Markdown (what docs/scenario.md holds).
    #[arg(long)]
    pub markdown: bool,
}

pub fn fields(a: FieldsArgs) -> Result<(), UsageError> {
    if a.markdown {
        print!("{}", registry::markdown_table());
        return Ok(());
    }
    let defaults = Scenario::default();
    println!("{:<34} {:<14} {:<12} allowed", "field", "flag", "default");
    for f in registry::FIELDS {
        let flag = f.short.map_or(String::new(), |s| format!("--{s}"));
        let default = Some(f.get(&defaults)).filter(|v| !v.is_empty());
        println!(
            "{:<34} {flag:<14} {:<12} {}",
            f.path,
            default.as_deref().unwrap_or("none"),
            f.allowed_text()
        );
    }
    Ok(())
}
