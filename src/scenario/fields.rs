//! Short field names (`k`, `cca`, `flow-size`...): how the command line, the web form and links
//! set a scenario's most used fields from text, and read them back. Which fields have one, and
//! what each allows, is the field registry's ([`super::registry`]).

use super::registry::{self as r, short_fields};
use super::*;

impl Scenario {
    /// Sets the field with the short name `name` ([`short_fields`]) from text. Only the syntax
    /// is checked here; [`Scenario::validate`] checks ranges.
    pub fn set_field(&mut self, name: &str, value: &str) -> Result<(), ScenarioError> {
        let v = value.trim();
        match name {
            "k" => self.topology.k = number(&r::TOPOLOGY_K, v)?,
            "cca" => {
                let field = if v.to_ascii_lowercase().starts_with("mswift-p") {
                    r::CCA_PERCENTILE.path
                } else {
                    r::CCA_ALGORITHM.path
                };
                CcaName::parse(v)
                    .map_err(|e| err(field, e))?
                    .apply(&mut self.cca);
            }
            "lb" => {
                self.lb.scheme = LbScheme::parse(v)
                    .ok_or_else(|| err(r::LB_SCHEME.path, must_be(LbScheme::NAMES, v)))?
            }
            "elephants" => self.workload.elephants = number(&r::WORKLOAD_ELEPHANTS, v)?,
            "flow-size" => {
                self.workload.flow_size_bytes = parse_bytes(r::WORKLOAD_FLOW_SIZE_BYTES.path, v)?
            }
            "history" => {
                self.cca.history = History::parse(v).map_err(|e| err(r::CCA_HISTORY.path, e))?
            }
            "percentile" => self.cca.percentile = number(&r::CCA_PERCENTILE, v)?,
            "seed" => self.seed = number(&r::SEED, v)?,
            "workload" => {
                self.workload.kind = WorkloadKind::parse(v)
                    .ok_or_else(|| err(r::WORKLOAD_KIND.path, must_be(WorkloadKind::NAMES, v)))?
            }
            "paths" => self.workload.paths = number(&r::WORKLOAD_PATHS, v)?,
            "senders" => self.workload.incast_senders = number(&r::WORKLOAD_INCAST_SENDERS, v)?,
            "long-delay" => {
                self.workload.long_path_extra_us = number(&r::WORKLOAD_LONG_PATH_EXTRA_US, v)?
            }
            _ => {
                let names: Vec<&str> = short_fields().filter_map(|f| f.short).collect();
                return Err(err(
                    name,
                    format!("unknown field (known: {})", names.join(", ")),
                ));
            }
        }
        Ok(())
    }

    /// The value of a short-named field as text ([`Scenario::set_field`] reads it back).
    pub fn field(&self, name: &str) -> Option<String> {
        Some(match name {
            "k" => self.topology.k.to_string(),
            "cca" => CcaName::of_config(self.cca.algorithm, self.cca.percentile).to_string(),
            "lb" => self.lb.scheme.to_string(),
            "elephants" => self.workload.elephants.to_string(),
            "flow-size" => format_bytes(self.workload.flow_size_bytes),
            "history" => match self.cca.history {
                History::Nyquist => "nyquist".to_string(),
                History::Fixed(h) => h.to_string(),
            },
            "percentile" => self.cca.percentile.to_string(),
            "seed" => self.seed.to_string(),
            "workload" => self.workload.kind.to_string(),
            "paths" => self.workload.paths.to_string(),
            "senders" => self.workload.incast_senders.to_string(),
            "long-delay" => self.workload.long_path_extra_us.to_string(),
            _ => return None,
        })
    }
}

impl Scenario {
    /// Sets fields by their dotted path in the scenario file (`topology.drr`, `cca.swift.ai`),
    /// each value read as the type the scenario has there. Only the syntax is checked here.
    pub fn set_paths(&mut self, pairs: &[(&str, &str)]) -> Result<(), ScenarioError> {
        if pairs.is_empty() {
            return Ok(());
        }
        let mut json = serde_json::to_value(&*self).expect("a scenario serializes");
        for (path, value) in pairs {
            set_leaf(&mut json, path, value).map_err(|e| match e {
                Leaf::Wrong(e) => e,
                Leaf::NotA(kind) => {
                    err(path, format!("{}, got {value:?}", self.allowed(path, kind)))
                }
            })?;
        }
        // the JSON is ours, not the user's: its line and column would mean nothing to them; a
        // whole number too large for its field is told with the field's range
        *self = Scenario::from_json(&json.to_string()).map_err(|mut e| {
            if let Some(at) = e.message.rfind(" at line ") {
                e.message.truncate(at);
            }
            let given = pairs.iter().rev().find(|(p, _)| *p == e.field);
            if let Some((path, value)) = given {
                if let Some(kind) = self.number_kind(path) {
                    e.message = format!("{}, got {value:?}", self.allowed(path, kind));
                }
            }
            e
        })?;
        Ok(())
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
            let bytes = parse_bytes(r::TOPOLOGY_ECN_MIN_BYTES.path, value)?;
            let bytes = u32::try_from(bytes).map_err(|_| {
                err(
                    r::TOPOLOGY_ECN_MIN_BYTES.path,
                    format!("must be at most {} bytes, got {value:?}", u32::MAX),
                )
            })?;
            self.topology.ecn_min_bytes = bytes;
            self.topology.ecn_max_bytes = bytes;
            Ok(())
        } else if key.contains('.') {
            self.set_paths(&[(key, value)])
        } else if short_fields().any(|f| f.short == Some(key)) {
            self.set_field(key, value)
        } else {
            // a top-level field of the file (`max_sim_time_us`); an unknown name lists the short ones
            let mut trial = self.clone();
            match trial.set_paths(&[(key, value)]) {
                Ok(()) => {
                    *self = trial;
                    Ok(())
                }
                Err(e) if e.message == "unknown field" => self.set_field(key, value),
                Err(e) => Err(e),
            }
        }
    }
}

impl Scenario {
    /// The kind of number the field at dotted `path` holds (`None`: not a number).
    fn number_kind(&self, path: &str) -> Option<NumberKind> {
        let json = serde_json::to_value(self).expect("a scenario serializes");
        match json.pointer(&format!("/{}", path.replace('.', "/")))? {
            serde_json::Value::Number(n) if n.is_f64() => Some(NumberKind::Real),
            serde_json::Value::Number(_) => Some(NumberKind::Whole),
            _ => None,
        }
    }

    /// What a number field at `path` allows, as validation words it ("must be a number from
    /// 0.01 to 1000000"): the message validation gives for a value far outside any range, or
    /// the kind of number alone where that value passes.
    fn allowed(&self, path: &str, kind: NumberKind) -> String {
        let probe = match kind {
            NumberKind::Whole => serde_json::Value::from(u32::MAX),
            NumberKind::Real => serde_json::Value::from(1e300),
        };
        let mut json = serde_json::to_value(self).expect("a scenario serializes");
        let range = set_value(&mut json, path, probe)
            .ok()
            .and_then(|()| Scenario::from_json(&json.to_string()).ok())
            .and_then(|s| s.validate().err())
            .filter(|e| e.field == path)
            .and_then(|e| e.message.rsplit_once(", got ").map(|(m, _)| m.to_string()));
        range.unwrap_or_else(|| match kind {
            NumberKind::Whole => "must be a whole number".to_string(),
            NumberKind::Real => "must be a finite number".to_string(),
        })
    }
}

/// The kind of number a field holds.
#[derive(Clone, Copy)]
enum NumberKind {
    Whole,
    Real,
}

/// Why a leaf could not be set.
enum Leaf {
    Wrong(ScenarioError),
    /// The text is not a number of the kind the field holds.
    NotA(NumberKind),
}

impl From<ScenarioError> for Leaf {
    fn from(e: ScenarioError) -> Leaf {
        Leaf::Wrong(e)
    }
}

/// Sets the leaf at dotted `path` of a scenario's JSON form to `value`, whatever its type.
fn set_value(
    json: &mut serde_json::Value,
    path: &str,
    value: serde_json::Value,
) -> Result<(), ScenarioError> {
    *leaf(json, path)? = value;
    Ok(())
}

/// The leaf at dotted `path`.
fn leaf<'a>(
    json: &'a mut serde_json::Value,
    path: &str,
) -> Result<&'a mut serde_json::Value, ScenarioError> {
    use serde_json::Value;
    let mut at = json;
    for key in path.split('.') {
        at = match at {
            Value::Object(m) => m.get_mut(key),
            Value::Array(a) => key.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
            _ => None,
        }
        .ok_or_else(|| err(path, "unknown field"))?;
    }
    Ok(at)
}

/// The name [`Scenario::set_any`] gives the ECN step.
pub const ECN_STEP: &str = "ecn";

/// Sets the leaf at dotted `path` of the scenario's JSON form from `text`, read as the type
/// the default has there.
fn set_leaf(json: &mut serde_json::Value, path: &str, text: &str) -> Result<(), Leaf> {
    use serde_json::Value;
    let at = leaf(json, path)?;
    let parsed = match at {
        Value::String(_) => Value::String(text.to_string()),
        Value::Object(_) => return Err(err(path, "not a single value").into()),
        // a whole list at once, in JSON's form: `[5, 10, 20]`
        Value::Array(_) => match serde_json::from_str::<Value>(text) {
            Ok(list @ Value::Array(_)) => list,
            _ => {
                return Err(err(path, format!("must be a list like [5, 10], got {text:?}")).into())
            }
        },
        // a number where the file has one, of its kind: a whole number where it is whole
        Value::Number(n) => {
            let kind = match n.is_f64() {
                true => NumberKind::Real,
                false => NumberKind::Whole,
            };
            match serde_json::from_str::<Value>(text) {
                Ok(Value::Number(m)) if n.is_f64() || m.is_u64() => Value::Number(m),
                _ => return Err(Leaf::NotA(kind)),
            }
        }
        Value::Bool(_) => match text {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => return Err(err(path, format!("must be true or false, got {text:?}")).into()),
        },
        _ => serde_json::from_str::<Value>(text)
            .ok()
            .filter(|v| !v.is_object() && !v.is_array())
            .unwrap_or_else(|| Value::String(text.to_string())),
    };
    *at = parsed;
    Ok(())
}

/// "must be a, b or c, got "x"".
fn must_be(names: &[&str], got: &str) -> String {
    let (last, rest) = names.split_last().expect("a name table is never empty");
    format!("must be {} or {last}, got {got:?}", rest.join(", "))
}

/// `v` read as a number of the field's type; the error says what the field allows.
fn number<T: std::str::FromStr>(field: &r::Field, v: &str) -> Result<T, ScenarioError> {
    v.parse().map_err(|_| {
        err(
            field.path,
            format!("must be {}, got {v:?}", field.expected()),
        )
    })
}

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
