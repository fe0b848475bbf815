//! Short field names (`k`, `cca`, `flow-size`...): how the command line, the web form and links
//! set a scenario's most used fields from text, and read them back. Which fields have one, and
//! what each allows, is the field registry's ([`super::registry`]).

use super::registry::{self as r, short_fields};
use super::*;

impl Scenario {
    /// Sets the field with the short name `name` ([`short_fields`]) from text. Only the form
    /// is checked here; [`Scenario::validate`] checks ranges.
    pub fn set_field(&mut self, name: &str, value: &str) -> Result<(), ScenarioError> {
        match short_fields().find(|f| f.short == Some(name)) {
            Some(f) => f.set(self, value),
            None => {
                let names: Vec<&str> = short_fields().filter_map(|f| f.short).collect();
                Err(err(
                    name,
                    format!("unknown field (known: {})", names.join(", ")),
                ))
            }
        }
    }

    /// The value of a short-named field as text ([`Scenario::set_field`] reads it back).
    pub fn field(&self, name: &str) -> Option<String> {
        short_fields()
            .find(|f| f.short == Some(name))
            .map(|f| f.get(self))
    }

    /// Sets fields by their dotted path in the scenario file (`topology.drr`, `cca.swift.ai`),
    /// or one element of a list field by its index (`topology.drr_weights.1`). Only the form
    /// is checked here.
    pub fn set_paths(&mut self, pairs: &[(&str, &str)]) -> Result<(), ScenarioError> {
        for (path, value) in pairs {
            match (r::find_path(path), element(path)) {
                (Some(f), _) => f.set(self, value)?,
                (None, Some((f, i))) => self.set_element(f, i, path, value)?,
                (None, None) => return Err(err(path, "unknown field")),
            }
        }
        Ok(())
    }

    /// Sets element `i` of the list field `f` (its text form is a JSON list).
    fn set_element(
        &mut self,
        f: &r::Field,
        i: usize,
        path: &str,
        value: &str,
    ) -> Result<(), ScenarioError> {
        let mut list: Vec<serde_json::Value> =
            serde_json::from_str(&f.get(self)).map_err(|_| err(path, "unknown field"))?;
        let slot = list.get_mut(i).ok_or_else(|| err(path, "unknown field"))?;
        *slot = serde_json::from_str(value.trim())
            .map_err(|_| err(path, format!("must be a number, got {value:?}")))?;
        f.set(self, &serde_json::Value::Array(list).to_string())
    }

    /// Sets a field by any name a user gives it: a short name (`elephants`), a dotted path
    /// (`topology.buffer_bytes`), or `ecn`, the ECN step (both thresholds at once).
    pub fn set_any(&mut self, key: &str, value: &str) -> Result<(), ScenarioError> {
        if key == "events" || key.starts_with("events.") || key.starts_with("events[") {
            return Err(err(
                "events",
                "timed events are not fields: add them with --event AT_US:KIND[:ARGS] (repeatable) or [[events]] in a scenario file",
            ));
        }
        if key == ECN_STEP {
            r::ECN_STEP.set(self, value)
        } else if key.contains('.') || r::find_path(key).is_some() {
            self.set_paths(&[(key, value)])
        } else {
            // a short name; an unknown name lists them
            self.set_field(key, value)
        }
    }
}

/// A list field's element named by its path and index (`topology.drr_weights.1`).
fn element(path: &str) -> Option<(&'static r::Field, usize)> {
    let (head, index) = path.rsplit_once('.')?;
    let f = r::find_path(head)?;
    Some((f, index.parse().ok()?))
}

/// The name [`Scenario::set_any`] gives the ECN step.
pub const ECN_STEP: &str = "ecn";

/// A byte count in the largest binary unit that divides it exactly: `8MiB`, `1536KiB`, `1000`.
pub fn format_bytes(n: u64) -> String {
    for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] {
        if n > 0 && n % (1 << shift) == 0 {
            return format!("{}{unit}", n >> shift);
        }
    }
    n.to_string()
}

/// Parses a byte count with an optional KiB/MiB/GiB (or KB/MB/GB) suffix.
pub fn parse_bytes(field: &str, v: &str) -> Result<u64, ScenarioError> {
    let t = v.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, suffix) = t.split_at(split);
    let what = "a byte count like 8388608 or 8MiB";
    let mult: u64 = match suffix.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        "kb" => 1_000,
        "mb" => 1_000_000,
        "gb" => 1_000_000_000,
        _ => return Err(err(field, format!("must be {what}, got {v:?}"))),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| err(field, format!("must be {what}, got {v:?}")))?;
    n.checked_mul(mult)
        .ok_or_else(|| err(field, format!("is too large: {v:?}")))
}
