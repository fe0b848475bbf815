//! A sweep as keys of the page's URL fragment, beside the form's scenario (its base):
//! `#elephants=4&sweep=what-if&ccas=lswift,mswift&lbs=ops&seeds=3&vary=elephants&values=0,4,8,16`,
//! or a figure, `#sweep=baseline&seeds=3`. Reading is strict, as for the scenario: a key
//! repeated, a list with an unknown or repeated name, a key that the plan does not take, or a
//! number out of range is refused with the key named; [`crate::share::from_fragment`] then
//! checks the whole grid against the browser's budget.

use super::{Plan, Sweep, Vary, DEFAULT_SEEDS, MAX_VALUES, WHAT_IF};
use crate::repro::{FOUR, SPRAYING};
use crate::scenario::{escape_controls, CcaName, LbScheme, ScenarioError};

/// The fragment keys a sweep uses.
pub const KEYS: &[&str] = &["sweep", "seeds", "ccas", "lbs", "vary", "values"];

fn refuse(field: &str, message: impl Into<String>) -> ScenarioError {
    ScenarioError {
        field: field.to_string(),
        message: message.into(),
    }
}

/// The sweep's keys, in the order [`parse`] reads them.
pub fn to_parts(s: &Sweep) -> Vec<String> {
    let mut parts = Vec::new();
    match &s.plan {
        Plan::Figure(name) => parts.push(format!("sweep={name}")),
        Plan::WhatIf { ccas, lbs, vary } => {
            parts.push(format!("sweep={WHAT_IF}"));
            parts.push(format!("ccas={}", join(ccas)));
            parts.push(format!("lbs={}", join(lbs)));
            if let Some(v) = vary {
                parts.push(format!("vary={}", v.field));
                parts.push(format!("values={}", v.values.join(",")));
            }
        }
    }
    parts.push(format!("seeds={}", s.seeds));
    parts
}

fn join<T: std::fmt::Display>(xs: &[T]) -> String {
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The sweep the keys in `pairs` describe (pairs with other keys are ignored); `None` without
/// a `sweep` key. Ranges that need no scenario are checked here, the rest by
/// [`Sweep::jobs`].
pub fn parse(pairs: &[(&str, &str)]) -> Result<Option<Sweep>, ScenarioError> {
    let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
    let Some(plan) = get("sweep") else {
        if let Some((k, _)) = pairs.iter().find(|(k, _)| KEYS.contains(k)) {
            return Err(refuse(
                k,
                "belongs to a sweep, and the link has no sweep key",
            ));
        }
        return Ok(None);
    };
    let seeds = match get("seeds") {
        None => DEFAULT_SEEDS,
        Some(v) => v.parse().map_err(|_| {
            refuse(
                "seeds",
                format!(
                    "must be a whole number from 1 to {}, got {:?}",
                    super::MAX_SEEDS,
                    escape_controls(v)
                ),
            )
        })?,
    };
    let sweep = if plan == WHAT_IF {
        let ccas = match get("ccas") {
            None => FOUR.to_vec(),
            Some(v) => list(v, "ccas", |x| CcaName::parse(x).ok())?,
        };
        let lbs = match get("lbs") {
            None => vec![SPRAYING[0]],
            Some(v) => list(v, "lbs", LbScheme::parse)?,
        };
        let vary = match (get("vary"), get("values")) {
            (None, None) => None,
            (Some(field), Some(values)) => Some(Vary {
                field: field.to_string(),
                values: list(values, "values", |x| Some(x.to_string()))?,
            }),
            (Some(_), None) => return Err(refuse("values", "vary needs its values")),
            (None, Some(_)) => return Err(refuse("vary", "values need the field they vary")),
        };
        Sweep {
            plan: Plan::WhatIf { ccas, lbs, vary },
            seeds,
        }
    } else {
        for key in ["ccas", "lbs", "vary", "values"] {
            if get(key).is_some() {
                return Err(refuse(
                    key,
                    "only a what-if sweep sets it; a figure has its own",
                ));
            }
        }
        Sweep::figure(plan, seeds)?
    };
    Ok(Some(sweep))
}

/// A comma-separated list of at most [`MAX_VALUES`] items (more for the CCAs and schemes is
/// refused by their repeats), each read by `read`.
fn list<T>(
    text: &str,
    field: &str,
    read: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, ScenarioError> {
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    if items.len() > MAX_VALUES {
        return Err(refuse(
            field,
            format!("has {} items; at most {MAX_VALUES}", items.len()),
        ));
    }
    items
        .into_iter()
        .map(|x| {
            if x.is_empty() {
                return Err(refuse(field, "has an empty item"));
            }
            read(x).ok_or_else(|| refuse(field, format!("{:?} is not known", escape_controls(x))))
        })
        .collect()
}
