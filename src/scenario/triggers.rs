//! Triggers: how one flow's end starts others, as htsim's connection matrices chain the steps of
//! a collective (a serial all-to-all, a ring all-reduce).
//!
//! A flow of a traffic matrix starts at a time or when a trigger fires
//! ([`super::Connection::trigger`]); a flow activates a trigger when its sender has every byte
//! acknowledged ([`super::Connection::send_done`], htsim's `send_done_trigger`) or when its
//! receiver has every byte ([`super::Connection::recv_done`], `recv_done_trigger`). What an
//! activation does depends on the trigger's kind, as in htsim's `trigger.cpp`:
//!
//! - **oneshot**: the first activation starts every flow it targets; later ones do nothing
//!   (htsim asserts there are none);
//! - **multishot**: each activation starts the next of its flows, in the matrix's order;
//! - **barrier** (`count C`): the C-th activation starts every flow it targets.
//!
//! A started flow begins at the instant of the activation (htsim schedules it at the current
//! time), with its initial window, as a flow that starts at a time does.

use serde::{Deserialize, Serialize};

/// The most triggers a scenario may declare.
pub const MAX_TRIGGERS: usize = 65_536;

/// What a trigger does when activated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TriggerKind {
    /// Starts every flow it targets, once.
    #[default]
    Oneshot,
    /// Starts its next flow at each activation.
    Multishot,
    /// Starts every flow it targets on its `count`-th activation.
    Barrier,
}

impl TriggerKind {
    pub const NAMES: &'static [&'static str] = &["oneshot", "multishot", "barrier"];

    pub fn parse(name: &str) -> Option<TriggerKind> {
        match name {
            "oneshot" => Some(TriggerKind::Oneshot),
            "multishot" => Some(TriggerKind::Multishot),
            "barrier" => Some(TriggerKind::Barrier),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TriggerKind::Oneshot => "oneshot",
            TriggerKind::Multishot => "multishot",
            TriggerKind::Barrier => "barrier",
        }
    }
}

/// One trigger of a traffic matrix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trigger {
    /// Its id in the matrix (1 and up), which flows name.
    pub id: u32,
    pub kind: TriggerKind,
    /// A barrier's activations before it fires (1 and up); 0 for the other kinds.
    #[serde(default)]
    pub count: u32,
}

/// The triggers in a link's compact form, `ID:KIND` each (`ID:barrier:COUNT` for a barrier),
/// comma-separated: `1:oneshot,2:barrier:3`.
pub fn triggers_to_text(triggers: &[Trigger]) -> String {
    let each: Vec<String> = triggers
        .iter()
        .map(|t| match t.kind {
            TriggerKind::Barrier => format!("{}:barrier:{}", t.id, t.count),
            kind => format!("{}:{}", t.id, kind.name()),
        })
        .collect();
    each.join(",")
}

/// Reads [`triggers_to_text`]'s form; an error names the trigger by its place (`field[i]`).
pub fn triggers_from_text(
    field: &str,
    text: &str,
) -> Result<Vec<Trigger>, crate::scenario::ScenarioError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for (i, item) in text.split(',').enumerate() {
        let name = format!("{field}[{i}]");
        if i == MAX_TRIGGERS {
            return Err(crate::scenario::err(
                field,
                format!("at most {MAX_TRIGGERS} triggers"),
            ));
        }
        let bad = || {
            crate::scenario::err(
                &name,
                format!(
                    "must be ID:oneshot, ID:multishot or ID:barrier:COUNT like 2:barrier:3, got {:?}",
                    crate::scenario::escape_controls(item)
                ),
            )
        };
        let parts: Vec<&str> = item.trim().split(':').collect();
        let trigger = match parts.as_slice() {
            [id, kind] => Trigger {
                id: id.parse().map_err(|_| bad())?,
                kind: TriggerKind::parse(kind)
                    .filter(|k| *k != TriggerKind::Barrier)
                    .ok_or_else(bad)?,
                count: 0,
            },
            [id, "barrier", count] => Trigger {
                id: id.parse().map_err(|_| bad())?,
                kind: TriggerKind::Barrier,
                count: count.parse().map_err(|_| bad())?,
            },
            _ => return Err(bad()),
        };
        out.push(trigger);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triggers_travel_in_a_link_s_compact_form() {
        let t = vec![
            Trigger {
                id: 1,
                kind: TriggerKind::Oneshot,
                count: 0,
            },
            Trigger {
                id: 7,
                kind: TriggerKind::Barrier,
                count: 3,
            },
            Trigger {
                id: 2,
                kind: TriggerKind::Multishot,
                count: 0,
            },
        ];
        let text = triggers_to_text(&t);
        assert_eq!(text, "1:oneshot,7:barrier:3,2:multishot");
        assert_eq!(triggers_from_text("f", &text).unwrap(), t);
        for bad in [
            "1",
            "1:twice",
            "x:oneshot",
            "1:barrier",
            "1:barrier:x",
            "1:oneshot:2",
        ] {
            let e = triggers_from_text("f", &format!("2:oneshot,{bad}")).unwrap_err();
            assert_eq!(e.field, "f[1]", "{bad}");
        }
    }
}
