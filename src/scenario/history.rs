//! The median framework's history size: the Nyquist rule or a fixed H.

use super::MAX_HISTORY;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The median framework's history size rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum History {
    /// H = max(⌊K/2⌋, 1), K the packets per unit of cwnd growth (Nyquist rule of the paper).
    Nyquist,
    /// A fixed H.
    Fixed(u32),
}

/// In text formats (TOML, JSON) a history is `"nyquist"` or a number; in binary formats (the
/// worker protocol) it is an `Option<u32>`, `None` for the Nyquist rule.
impl Serialize for History {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if !s.is_human_readable() {
            let fixed = match self {
                History::Nyquist => None,
                History::Fixed(h) => Some(*h),
            };
            return fixed.serialize(s);
        }
        match self {
            History::Nyquist => s.serialize_str("nyquist"),
            History::Fixed(h) => s.serialize_u32(*h),
        }
    }
}

impl<'de> Deserialize<'de> for History {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if !d.is_human_readable() {
            return Ok(Option::<u32>::deserialize(d)?.map_or(History::Nyquist, History::Fixed));
        }
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = History;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("\"nyquist\" or a whole number of samples from 1 to 1024")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<History, E> {
                History::parse(v).map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<History, E> {
                u32::try_from(v)
                    .map(History::Fixed)
                    .map_err(|_| E::custom("history is too large"))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<History, E> {
                u32::try_from(v)
                    .map(History::Fixed)
                    .map_err(|_| E::custom("history must be positive"))
            }
        }
        d.deserialize_any(V)
    }
}

impl History {
    /// H when cwnd grows by one packet every `growth_period` packets: the paper's Nyquist rule
    /// H = max(⌊K/2⌋, 1) capped at [`MAX_HISTORY`], or the fixed H.
    pub fn size(self, growth_period: f64) -> usize {
        match self {
            History::Fixed(h) => h as usize,
            History::Nyquist => {
                let half = (growth_period / 2.0).floor();
                if half.is_finite() && half >= 1.0 {
                    (half as usize).min(MAX_HISTORY as usize)
                } else {
                    1
                }
            }
        }
    }

    /// The largest H the rule gives when growth periods never exceed `max_growth_period`
    /// packets (`None`: no bound).
    pub fn most(self, max_growth_period: Option<f64>) -> usize {
        match (self, max_growth_period) {
            (History::Nyquist, None) => MAX_HISTORY as usize,
            (_, Some(k)) => self.size(k),
            (History::Fixed(h), None) => h as usize,
        }
    }

    /// Parses `nyquist` or a whole number.
    pub fn parse(s: &str) -> Result<History, String> {
        if s.eq_ignore_ascii_case("nyquist") {
            return Ok(History::Nyquist);
        }
        s.parse::<u32>().map(History::Fixed).map_err(|_| {
            format!("expected \"nyquist\" or a whole number from 1 to {MAX_HISTORY}, got {s:?}")
        })
    }
}
