//! One table of the scenario's fields: each field's dotted path, short name, label, allowed
//! values, meaning and glossary term, declared once here.
//!
//! Everything that names or describes a field derives from [`FIELDS`]: the command line's short
//! flags and their help ([`Field::short`], [`short_fields`]), `--set`'s and links' error
//! messages (through [`Scenario::validate`], which checks every fixed range with
//! [`Field::check_whole`] and [`Field::check_real`]), the page's form labels, hints and the
//! glossary terms they link to, the what-if sweep's list of fields to vary ([`Field::vary`]),
//! and the table of fields in docs/scenario.md ([`markdown_table`], checked by a test).
//!
//! A range that depends on other fields (the elephants on the hosts, the ECN thresholds on the
//! buffer) is said in words ([`Allowed::Words`]); `validate` checks it with the numbers of the
//! scenario at hand.

use super::{
    err, format_bytes, parse_bytes, CcaName, DrrBuffer, History, LbScheme, Scenario, ScenarioError,
    WorkloadKind, MAX_CWND_PACKETS,
};

/// What values a field takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Allowed {
    /// A whole number from `.0` to `.1`.
    Whole(u64, u64),
    /// A number from `.0` to `.1`.
    Real(f64, f64),
    /// One of these names (`.0`), which a menu labels `.1`.
    Names(&'static [&'static str], &'static [&'static str]),
    /// `true` or `false`.
    Switch,
    /// Said in words: a range that depends on other fields, or a form of its own.
    Words(&'static str),
    /// A CCA's name, as the CCA table spells them ([`CcaName::allowed`]).
    Ccas,
}

/// How a field's numbers read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A plain number.
    Plain,
    /// A byte count, written `8MiB` where it divides.
    Bytes,
    /// Microseconds.
    Micros,
    /// Gbit/s.
    Gbps,
}

/// How a field is read and set as text, and what its value must pass: the entry's behaviour,
/// so that validation, setting by short name or by path and reading back are loops over
/// [`FIELDS`]. The accessors are plain functions, written by the macros below for the usual
/// kinds of field (a number, a byte count, a switch, a name) and by hand for the rest.
#[derive(Clone, Copy, Debug)]
pub struct Access {
    /// The value as text, as a link's short name and `--set` take it back.
    pub get: fn(&Scenario) -> String,
    /// Sets the value from text. Only the form is checked (a number, a name); the range is
    /// `check`'s, after every field is set.
    pub set: fn(&Field, &mut Scenario, &str) -> Result<(), ScenarioError>,
    /// The value against what the field allows on its own: its fixed range, or a rule in
    /// `rules.rs` that reads no other field.
    pub check: fn(&Field, &Scenario) -> Result<(), ScenarioError>,
}

/// A check that reads other fields too (the ECN thresholds against the buffer).
pub type CrossRule = fn(&Field, &Scenario) -> Result<(), ScenarioError>;

/// A field holding a number read with `FromStr`, its fixed range checked by `$check`
/// ([`Field::check_whole`] or [`Field::check_real`]).
macro_rules! number {
    ($check:ident, $($p:ident).+) => {
        Access {
            get: |s| s.$($p).+.to_string(),
            set: |f, s, v| {
                s.$($p).+ = f.parse(v)?;
                Ok(())
            },
            check: |f, s| f.$check(s.$($p).+ as _),
        }
    };
}

/// A field holding a whole number.
macro_rules! whole {
    ($($p:ident).+) => {
        number!(check_whole, $($p).+)
    };
}

/// A field holding a number.
macro_rules! real {
    ($($p:ident).+) => {
        number!(check_real, $($p).+)
    };
}

/// A byte count, written `8388608` or `8MiB`, its fixed range checked.
macro_rules! bytes {
    ($($p:ident).+) => {
        Access {
            get: |s| format_bytes(s.$($p).+ as u64),
            set: |f, s, v| {
                let n = parse_bytes(f.path, v)?;
                s.$($p).+ = n.try_into().map_err(|_| f.refusal(v))?;
                Ok(())
            },
            check: |f, s| f.check_whole(s.$($p).+ as u64),
        }
    };
}

/// `true` or `false`.
macro_rules! switch {
    ($($p:ident).+) => {
        Access {
            get: |s| s.$($p).+.to_string(),
            set: |f, s, v| {
                s.$($p).+ = match v.trim() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(f.refusal(v)),
                };
                Ok(())
            },
            check: |_, _| Ok(()),
        }
    };
}

/// One of a name table's names (`LbScheme`, `WorkloadKind`).
macro_rules! named {
    ($ty:ident, $($p:ident).+) => {
        Access {
            get: |s| s.$($p).+.to_string(),
            set: |f, s, v| {
                s.$($p).+ = $ty::parse(v.trim()).ok_or_else(|| f.refusal(v))?;
                Ok(())
            },
            check: |_, _| Ok(()),
        }
    };
}

/// One field of a scenario.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// Its dotted path in a scenario file and after `--set` (`topology.k`).
    pub path: &'static str,
    /// The short name of its command-line flag, form field and link key (`k`), if it has one.
    pub short: Option<&'static str>,
    /// How the page's form and the what-if sweep label it.
    pub label: &'static str,
    pub unit: Unit,
    pub allowed: Allowed,
    /// What it does, in a sentence.
    pub meaning: &'static str,
    /// The glossary term its label explains it by.
    pub term: Option<&'static str>,
    /// A what-if sweep offers it to vary.
    pub vary: bool,
    pub access: Access,
    /// The range other fields set, checked only once every field's own range holds
    /// ([`Scenario::validate`]'s second pass), so that it may divide by or index with them.
    pub across: Option<CrossRule>,
    /// Whether it means anything in a scenario (the page's form hides it where not): the
    /// n-path model has no fat-tree, a permutation no incast senders.
    pub applies: fn(&Scenario) -> bool,
}

const fn field(
    path: &'static str,
    label: &'static str,
    allowed: Allowed,
    meaning: &'static str,
    access: Access,
) -> Field {
    Field {
        path,
        short: None,
        label,
        unit: Unit::Plain,
        allowed,
        meaning,
        term: None,
        vary: false,
        access,
        across: None,
        applies: |_| true,
    }
}

impl Field {
    const fn short(self, name: &'static str) -> Field {
        Field {
            short: Some(name),
            ..self
        }
    }
    const fn unit(self, unit: Unit) -> Field {
        Field { unit, ..self }
    }
    const fn term(self, term: &'static str) -> Field {
        Field {
            term: Some(term),
            ..self
        }
    }
    const fn vary(self) -> Field {
        Field { vary: true, ..self }
    }
    /// Checked by `rule` instead of its fixed range: a range in words that reads this field
    /// alone.
    const fn rule(self, rule: fn(&Field, &Scenario) -> Result<(), ScenarioError>) -> Field {
        Field {
            access: Access {
                check: rule,
                ..self.access
            },
            ..self
        }
    }
    /// Checked by `rule` as well, after every field's own range: a range that other fields
    /// set.
    const fn across(self, rule: CrossRule) -> Field {
        Field {
            across: Some(rule),
            ..self
        }
    }

    /// Means something only in the scenarios `applies` accepts.
    const fn applies(self, applies: fn(&Scenario) -> bool) -> Field {
        Field { applies, ..self }
    }

    /// The field's value in `s`, as text.
    pub fn get(&self, s: &Scenario) -> String {
        (self.access.get)(s)
    }

    /// Sets the field in `s` from text (its form only: [`Field::check`] checks its range).
    pub fn set(&self, s: &mut Scenario, text: &str) -> Result<(), ScenarioError> {
        (self.access.set)(self, s, text)
    }

    /// The field's value in `s` against what it allows on its own.
    pub fn check(&self, s: &Scenario) -> Result<(), ScenarioError> {
        (self.access.check)(self, s)
    }

    /// The field's value in `s` against the range other fields set; call it only once every
    /// field's own [`Field::check`] has passed.
    pub fn check_across(&self, s: &Scenario) -> Result<(), ScenarioError> {
        self.across.map_or(Ok(()), |rule| rule(self, s))
    }

    /// `text` read as the field's type; the error says what the field allows.
    fn parse<T: std::str::FromStr>(&self, text: &str) -> Result<T, ScenarioError> {
        text.trim().parse().map_err(|_| self.refusal(text))
    }

    /// A value of the wrong form, refused with what the field allows.
    pub fn refusal(&self, text: &str) -> ScenarioError {
        err(
            self.path,
            format!(
                "must be {}, got {:?}",
                self.expected(),
                super::escape_controls(text)
            ),
        )
    }

    /// The key a user names it by: its short name, else its path.
    pub fn key(&self) -> &'static str {
        self.short.unwrap_or(self.path)
    }

    /// A range in this field's unit: `64 to 64KiB`, `0 to 1000 µs`.
    fn range(&self, lo: f64, hi: f64) -> String {
        let number = |v: f64| match self.unit {
            Unit::Bytes => format_bytes(v as u64),
            _ => v.to_string(),
        };
        let unit = match self.unit {
            Unit::Micros => " µs",
            Unit::Gbps => " Gbps",
            Unit::Plain | Unit::Bytes => "",
        };
        format!("{} to {}{unit}", number(lo), number(hi))
    }

    /// What it allows, in words, as the form's hint, the flags' help and the docs show it.
    pub fn allowed_text(&self) -> String {
        match self.allowed {
            Allowed::Whole(lo, hi) => self.range(lo as f64, hi as f64),
            Allowed::Real(lo, hi) => self.range(lo, hi),
            Allowed::Names(names, _) => names.join(" | "),
            Allowed::Switch => "true | false".to_string(),
            Allowed::Words(w) => w.to_string(),
            Allowed::Ccas => CcaName::allowed(),
        }
    }

    /// A whole number within the field's fixed range; the error names the field and the range.
    /// A field whose range is not a fixed whole one passes.
    pub fn check_whole(&self, v: u64) -> Result<(), ScenarioError> {
        self.check_whole_as(self.path, v)
    }

    /// [`Field::check_whole`] for one element of a list field (`topology.drr_weights[0]`).
    pub fn check_whole_as(&self, name: &str, v: u64) -> Result<(), ScenarioError> {
        match self.allowed {
            Allowed::Whole(lo, hi) if !(lo..=hi).contains(&v) => {
                Err(err(name, format!("must be from {lo} to {hi}, got {v}")))
            }
            _ => Ok(()),
        }
    }

    /// A finite number within the field's fixed range, as [`Field::check_whole`].
    pub fn check_real(&self, v: f64) -> Result<(), ScenarioError> {
        self.check_real_as(self.path, v)
    }

    /// [`Field::check_real`] for one element of a list field.
    pub fn check_real_as(&self, name: &str, v: f64) -> Result<(), ScenarioError> {
        match self.allowed {
            Allowed::Real(lo, hi) if !(v.is_finite() && v >= lo && v <= hi) => Err(err(
                name,
                format!("must be a number from {lo} to {hi}, got {v}"),
            )),
            _ => Ok(()),
        }
    }

    /// What a value must be, as an error says it: "a whole number from 1 to 99".
    pub fn expected(&self) -> String {
        match self.allowed {
            Allowed::Whole(..) => format!("a whole number from {}", self.allowed_text()),
            Allowed::Real(..) => format!("a number from {}", self.allowed_text()),
            Allowed::Names(names, _) => names.join(", "),
            Allowed::Switch => "true or false".to_string(),
            Allowed::Words(w) => w.to_string(),
            Allowed::Ccas => CcaName::allowed(),
        }
    }

    /// The help of its flag: its label and what it allows (the meaning is in docs/scenario.md).
    pub fn help(&self) -> String {
        format!("{}: {}", self.label, self.allowed_text())
    }
}

/// The field at dotted `path`.
pub fn find_path(path: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.path == path)
}

/// The field at `path`, or with the short name `key`.
pub fn find(key: &str) -> Option<&'static Field> {
    FIELDS
        .iter()
        .find(|f| f.path == key || f.short == Some(key))
}

/// The fields with a short name, most used first: the order links, `--help` and the form's
/// error lookup take them in (a link writes `k=4&cca=lswift&…`).
/// The fields with a short name, in the table's order.
pub fn short_fields() -> impl Iterator<Item = &'static Field> {
    FIELDS.iter().filter(|f| f.short.is_some())
}

/// The fabric's fields mean nothing to the n-path model, which replaces it.
fn on_a_fabric(s: &Scenario) -> bool {
    s.workload.kind != WorkloadKind::NPath
}

fn permutation(s: &Scenario) -> bool {
    s.workload.kind == WorkloadKind::Permutation
}

fn npath(s: &Scenario) -> bool {
    s.workload.kind == WorkloadKind::NPath
}

fn incast(s: &Scenario) -> bool {
    s.workload.kind == WorkloadKind::Incast
}

fn collective(s: &Scenario) -> bool {
    matches!(
        s.workload.kind,
        WorkloadKind::Allreduce | WorkloadKind::Alltoall
    )
}

/// The fields a what-if sweep offers to vary, in the table's order, the ECN step after the
/// thresholds it sets.
pub fn varied_fields() -> impl Iterator<Item = &'static Field> {
    FIELDS.iter().flat_map(|f| {
        let step = (f.path == TOPOLOGY_ECN_MAX_BYTES.path).then_some(&ECN_STEP);
        std::iter::once(f).filter(|f| f.vary).chain(step)
    })
}

/// Not a field of the file but a name for two: `ecn` sets both ECN thresholds at once, a step
/// (`Scenario::set_any`), the threshold Fig. 8 of the paper varies.
pub const ECN_STEP: Field = field(
    super::ECN_STEP,
    "ECN threshold (bytes)",
    Words("0 to buffer_bytes"),
    "both ECN thresholds at once: every packet above it is marked",
    Access {
        get: |s| format_bytes(s.topology.ecn_max_bytes as u64),
        set: |_, s, v| {
            let min = &TOPOLOGY_ECN_MIN_BYTES;
            let bytes = parse_bytes(min.path, v)?;
            let bytes = u32::try_from(bytes).map_err(|_| {
                err(
                    min.path,
                    format!("must be at most {} bytes, got {v:?}", u32::MAX),
                )
            })?;
            s.topology.ecn_min_bytes = bytes;
            s.topology.ecn_max_bytes = bytes;
            Ok(())
        },
        check: |_, s| {
            TOPOLOGY_ECN_MAX_BYTES.check_across(s)?;
            TOPOLOGY_ECN_MIN_BYTES.check_across(s)
        },
    },
)
.unit(Bytes)
.term("ECN")
.vary();

mod rules;
use Allowed::{Ccas, Names, Real, Switch, Whole, Words};
use Unit::{Bytes, Gbps, Micros};

/// A list field as JSON text (`[5.0, 10.0]`), as a link writes it.
fn list_text<T: serde::Serialize>(list: &T) -> String {
    serde_json::to_string(list).expect("a list of numbers serializes")
}

/// A list field read from JSON text; the error says the form.
fn list_of<T: serde::de::DeserializeOwned>(
    f: &Field,
    v: &str,
    like: &str,
) -> Result<T, ScenarioError> {
    serde_json::from_str(v.trim()).map_err(|_| {
        err(
            f.path,
            format!(
                "must be a list like {like}, got {:?}",
                super::escape_controls(v)
            ),
        )
    })
}

const DRR_WEIGHTS_ACCESS: Access = Access {
    get: |s| list_text(&s.topology.drr_weights),
    set: |f, s, v| {
        s.topology.drr_weights = list_of(f, v, "[1.0, 1.0]")?;
        Ok(())
    },
    check: |f, s| {
        for (i, &w) in s.topology.drr_weights.iter().enumerate() {
            f.check_real_as(&format!("{}[{i}]", f.path), w)?;
        }
        Ok(())
    },
};

const AR_LEVELS_ACCESS: Access = Access {
    get: |s| list_text(&s.lb.ar_levels_pct),
    set: |f, s, v| {
        s.lb.ar_levels_pct = list_of(f, v, "[5, 10, 20]")?;
        Ok(())
    },
    check: rules::ar_levels,
};

const TRAFFIC_ACCESS: Access = Access {
    get: |s| s.workload.traffic.clone().unwrap_or_default(),
    set: |_, s, v| {
        s.workload.traffic = Some(v.trim().to_string()).filter(|p| !p.is_empty());
        Ok(())
    },
    check: rules::traffic,
};

/// A traffic matrix's flows, `SRC-DST:BYTES` each (`12-85:8MiB,85-12:8MiB`).
const CONNECTIONS_ACCESS: Access = Access {
    get: |s| super::traffic::flows_to_text(&s.workload.connections),
    set: |f, s, v| {
        s.workload.connections = super::traffic::flows_from_text(f.path, v)?;
        Ok(())
    },
    check: |_, _| Ok(()),
};

/// A traffic matrix's triggers, `ID:KIND` each (`1:oneshot,2:barrier:3`).
const TRIGGERS_ACCESS: Access = Access {
    get: |s| super::triggers::triggers_to_text(&s.workload.triggers),
    set: |f, s, v| {
        s.workload.triggers = super::triggers::triggers_from_text(f.path, v)?;
        Ok(())
    },
    check: |_, _| Ok(()),
};

/// The CCA by its name, MSwift's percentile with it (`mswift-p10`).
const CCA_ACCESS: Access = Access {
    get: |s| CcaName::of_config(s.cca.algorithm, s.cca.percentile).to_string(),
    set: |f, s, v| {
        let v = v.trim();
        // `mswift-p10` names a percentile: a wrong one is the percentile's error
        let field = match v.to_ascii_lowercase().starts_with("mswift-p") {
            true => CCA_PERCENTILE.path,
            false => f.path,
        };
        CcaName::parse(v)
            .map_err(|e| err(field, e))?
            .apply(&mut s.cca);
        Ok(())
    },
    check: |_, _| Ok(()),
};

const HISTORY_ACCESS: Access = Access {
    get: |s| match s.cca.history {
        History::Nyquist => "nyquist".to_string(),
        History::Fixed(h) => h.to_string(),
    },
    set: |f, s, v| {
        s.cca.history = History::parse(v.trim()).map_err(|e| err(f.path, e))?;
        Ok(())
    },
    check: rules::history,
};

pub const SEED: Field = field(
    "seed",
    "seed",
    Words("a whole number from 0 to 2^64 − 1"),
    "seed of every random draw: permutation, elephants, path labels, hash salts",
    whole!(seed),
)
.short("seed")
.term("seed");
pub const MAX_SIM_TIME_US: Field = field(
    "max_sim_time_us",
    "run length limit",
    Real(1.0, 1e7),
    "the run stops here even if flows are unfinished",
    real!(max_sim_time_us),
)
.unit(Micros)
.across(rules::long_lived_packets);
pub const TOPOLOGY_K: Field = field(
    "topology.k",
    "fat-tree k",
    Words("an even number from 4 to 32, to 128 with tiers = 2"),
    "switch arity: a ToR has k/2 hosts; a three-tier fat-tree k³/4 (16, 54, 128, 250, 432, 686, 1024, …, 8192)",
    whole!(topology.k),
)
.rule(rules::k)
.across(rules::k_for_tiers)
.short("k")
.applies(on_a_fabric)
.term("fat-tree")
.vary();
pub const TOPOLOGY_TIERS: Field = field(
    "topology.tiers",
    "switch tiers",
    Whole(2, 3),
    "3: a fat-tree of pods (ToRs, aggregation switches, cores); 2: a leaf-spine (ToRs, spines)",
    whole!(topology.tiers),
)
.short("tiers")
.applies(on_a_fabric)
.term("leaf-spine");
pub const TOPOLOGY_OVERSUBSCRIPTION: Field = field(
    "topology.oversubscription",
    "ToR oversubscription",
    Words("a divisor of k/2: 1 (full bisection), 2, 4, …"),
    "a ToR's hosts per up-link: k/2 hosts share k/(2·this) up-links, one to each aggregation switch of the pod (spine)",
    whole!(topology.oversubscription),
)
.across(rules::oversubscription)
.short("oversub")
.applies(on_a_fabric)
.term("oversubscription")
.vary();
pub const TOPOLOGY_AGG_OVERSUBSCRIPTION: Field = field(
    "topology.agg_oversubscription",
    "aggregation oversubscription",
    Words("a divisor of k/2; 1 with tiers = 2"),
    "an aggregation switch's ToRs per up-link: k/(2·this) up-links to cores",
    whole!(topology.agg_oversubscription),
)
.across(rules::agg_oversubscription)
.term("oversubscription");
pub const TOPOLOGY_PODS: Field = field(
    "topology.pods",
    "pods",
    Words("0 (k), or 1 to k"),
    "pods of a fat-tree (a core's down-links), ToRs of a leaf-spine (a spine's): fewer than k fills the fabric in part",
    whole!(topology.pods),
)
.across(rules::pods)
.short("pods")
.applies(on_a_fabric);
pub const TOPOLOGY_CORE_BUNDLE: Field = field(
    "topology.core_bundle",
    "links to each core",
    Whole(1, 8),
    "parallel links from an aggregation switch to each core of its column (htsim's tier-2 `Bundle`): k/(2·agg_oversubscription)·this up-links",
    whole!(topology.core_bundle),
)
.across(rules::core_bundle);
pub const TOPOLOGY_LINK_GBPS: Field = field(
    "topology.link_gbps",
    "link rate",
    Whole(1, 3200),
    "rate of the hosts' links, and of every link whose own rate field is 0",
    whole!(topology.link_gbps),
)
.unit(Gbps);
pub const TOPOLOGY_AGG_LINK_GBPS: Field = field(
    "topology.agg_link_gbps",
    "ToR–aggregation link rate",
    Whole(0, 3200),
    "rate of the links between ToRs and aggregation switches (spines); 0: link_gbps",
    whole!(topology.agg_link_gbps),
)
.unit(Gbps);
pub const TOPOLOGY_CORE_LINK_GBPS: Field = field(
    "topology.core_link_gbps",
    "aggregation–core link rate",
    Whole(0, 3200),
    "rate of the links between aggregation switches and cores; 0: link_gbps",
    whole!(topology.core_link_gbps),
)
.unit(Gbps);
pub const TOPOLOGY_LINK_LATENCY_US: Field = field(
    "topology.link_latency_us",
    "link latency",
    Real(0.0, 1000.0),
    "propagation latency of every link",
    real!(topology.link_latency_us),
)
.unit(Micros);
pub const TOPOLOGY_BUFFER_BYTES: Field = field(
    "topology.buffer_bytes",
    "switch buffer (bytes)",
    Words("one data packet (mss_bytes + header_bytes) to 1GiB"),
    "drop-tail limit of a switch output port",
    bytes!(topology.buffer_bytes),
)
.across(rules::buffer_bytes)
.unit(Bytes)
.term("queue depth")
.vary();
pub const TOPOLOGY_BUFFER_PACKETS: Field = field(
    "topology.buffer_packets",
    "switch buffer (packets)",
    Words("0 (use buffer_bytes), or 1 to 1GiB in data packets"),
    "the limit in full data packets instead",
    whole!(topology.buffer_packets),
)
.across(rules::buffer_packets);
pub const TOPOLOGY_MSS_BYTES: Field = field(
    "topology.mss_bytes",
    "MSS",
    Whole(64, 65_536),
    "payload of a full data packet",
    bytes!(topology.mss_bytes),
)
.unit(Bytes);
pub const TOPOLOGY_HEADER_BYTES: Field = field(
    "topology.header_bytes",
    "header",
    Whole(0, 1024),
    "header bytes added to each data packet on the wire",
    bytes!(topology.header_bytes),
)
.unit(Bytes);
pub const TOPOLOGY_ACK_BYTES: Field = field(
    "topology.ack_bytes",
    "ACK size",
    Whole(1, 1024),
    "ACK size on the wire",
    bytes!(topology.ack_bytes),
)
.unit(Bytes);
pub const TOPOLOGY_ECN_MIN_BYTES: Field = field(
    "topology.ecn_min_bytes",
    "ECN threshold (min)",
    Words("0 to ecn_max_bytes"),
    "ECN marking starts above this occupancy",
    bytes!(topology.ecn_min_bytes),
)
.across(rules::ecn_min)
.unit(Bytes)
.term("ECN");
pub const TOPOLOGY_ECN_MAX_BYTES: Field = field(
    "topology.ecn_max_bytes",
    "ECN threshold (max)",
    Words("0 to buffer_bytes"),
    "above this every packet is marked; between min and max the probability ramps linearly (min = max: a step)",
    bytes!(topology.ecn_max_bytes),
)
.across(rules::ecn_max)
.unit(Bytes)
.term("ECN");
pub const TOPOLOGY_DRR: Field = field(
    "topology.drr",
    "DRR",
    Switch,
    "two classes per switch port (sprayed, ECMP), each with its own FIFO, limit and ECN threshold, served by deficit round robin",
    switch!(topology.drr),
)
.term("DRR");
pub const TOPOLOGY_DRR_WEIGHTS: Field = field(
    "topology.drr_weights",
    "DRR weights",
    Real(0.01, 100.0),
    "DRR weights (sprayed, ECMP), a list of two",
    DRR_WEIGHTS_ACCESS,
)
.term("DRR");
pub const TOPOLOGY_DRR_QUANTUM_BYTES: Field = field(
    "topology.drr_quantum_bytes",
    "DRR quantum",
    Whole(64, 1 << 20),
    "the lighter DRR class's quantum",
    bytes!(topology.drr_quantum_bytes),
)
.unit(Bytes)
.term("DRR");
pub const TOPOLOGY_DRR_BUFFER: Field = field(
    "topology.drr_buffer",
    "DRR buffer",
    Names(DrrBuffer::NAMES, DrrBuffer::LABELS),
    "how DRR's classes share a port's buffer and ECN threshold: `per-class` (each the whole of both), `split` (each half of both), `shared` (one limit and one threshold over the port's total bytes)",
    named!(DrrBuffer, topology.drr_buffer),
)
.term("DRR");
pub const TOPOLOGY_LINK_FAILURE_RATE: Field = field(
    "topology.link_failure_rate",
    "link failure rate",
    Real(0.0, 0.5),
    "probability that each inter-switch link fails. The failed set depends on the seed only; routing avoids failed links and the up-ports that no longer lead to the destination; a disconnected host pair is refused",
    real!(topology.link_failure_rate),
)
.vary();
pub const TOPOLOGY_FAILED_LINKS_DEGRADED: Field = field(
    "topology.failed_links_degraded",
    "failed links degraded",
    Switch,
    "a failed link stays in routing at a quarter of its rate, both directions (htsim's `-failed`, ALGORITHMS.md §15 A17's alternative), instead of being removed; needs `link_gbps` ≥ 4",
    switch!(topology.failed_links_degraded),
)
.across(rules::degraded);
pub const TOPOLOGY_TRIM: Field = field(
    "topology.trim",
    "packet trimming",
    Switch,
    "a data packet a full switch queue has no room for is cut to a 64-byte header sent on at priority; its receiver NACKs it and the sender resends it at once (the UEC reference's default; off, a drop, in the paper)",
    switch!(topology.trim),
)
.short("trim")
.term("trimming");
pub const WORKLOAD_KIND: Field = field(
    "workload.kind",
    "workload",
    Names(WorkloadKind::NAMES, WorkloadKind::LABELS),
    "`permutation`: a random derangement of the hosts not running elephants. `incast`: `incast_senders` random hosts send to one. `hsdp`: one Llama-70B HSDP ring step (servers of 8 GPUs at random places, GPU i sends to GPU i + 8). `npath`: the theory model; it replaces the fat-tree, so `topology.k` is not used",
    named!(WorkloadKind, workload.kind),
)
.across(rules::hsdp)
.short("workload");
pub const WORKLOAD_ELEPHANTS: Field = field(
    "workload.elephants",
    "ECMP elephants",
    Words("0, or 2 to hosts − 2"),
    "long-lived ECMP flows among random hosts",
    whole!(workload.elephants),
)
.across(rules::elephants)
.short("elephants")
.applies(permutation)
.term("elephant")
.vary();
pub const WORKLOAD_FLOW_SIZE_BYTES: Field = field(
    "workload.flow_size_bytes",
    "flow size",
    Whole(1, 1 << 30),
    "bytes of each sprayed flow, written 8388608, 8MiB or 512KiB",
    bytes!(workload.flow_size_bytes),
)
.short("flow-size")
.unit(Bytes)
.term("FCT")
.vary();
pub const WORKLOAD_PATHS: Field = field(
    "workload.paths",
    "paths (q = 1/paths)",
    Whole(2, 10_000),
    "npath: parallel paths; one of them is long, so q = 1/paths",
    whole!(workload.paths),
)
.short("paths")
.applies(npath)
.term("q")
.vary();
pub const WORKLOAD_LONG_PATH_EXTRA_US: Field = field(
    "workload.long_path_extra_us",
    "long-path delay",
    Real(0.0, 1000.0),
    "npath: latency the long path adds",
    real!(workload.long_path_extra_us),
)
.short("long-delay")
.applies(npath)
.unit(Micros)
.term("q");
pub const WORKLOAD_LONG_PATH_ECN: Field = field(
    "workload.long_path_ecn",
    "long path marks",
    Switch,
    "npath: ECN-mark every packet of the long path (the congestion of Theorems 2 (ii) and 4)",
    switch!(workload.long_path_ecn),
);
pub const WORKLOAD_INCAST_SENDERS: Field = field(
    "workload.incast_senders",
    "incast senders",
    Words("1 to hosts − 1"),
    "incast: senders",
    whole!(workload.incast_senders),
)
.across(rules::incast_senders)
.short("senders")
.applies(incast)
.term("CCT")
.vary();
pub const WORKLOAD_GROUP_SIZE: Field = field(
    "workload.group_size",
    "group size",
    Words("2 to hosts, in allreduce and alltoall"),
    "allreduce, alltoall: hosts per group (random hosts, cut into groups; the rest idle)",
    whole!(workload.group_size),
)
.across(rules::group_size)
.short("group")
.applies(collective)
.term("CCT")
.vary();
pub const WORKLOAD_START_SPREAD_US: Field = field(
    "workload.start_spread_us",
    "start spread",
    Whole(0, 10_000_000),
    "each sprayed flow (a collective's chains' first flows) starts at a random whole µs from 0 to this, as htsim's incast files spread their starts",
    whole!(workload.start_spread_us),
)
.short("spread")
.applies(on_a_fabric)
.unit(Micros)
.vary();
pub const WORKLOAD_HSDP_RANDOM_HOSTS: Field = field(
    "workload.hsdp_random_hosts",
    "HSDP random hosts",
    Switch,
    "HSDP: every GPU on a random host instead of whole servers on random server slots (ALGORITHMS.md §15 A14's alternative)",
    switch!(workload.hsdp_random_hosts),
);
pub const WORKLOAD_TRAFFIC: Field = field(
    "workload.traffic",
    "traffic matrix file",
    Words("a file path; command line only"),
    "a traffic-matrix file (htsim's connection-matrix format) that the command line reads into `workload.connections`, relative to the scenario file",
    TRAFFIC_ACCESS,
);
pub const WORKLOAD_CONNECTIONS: Field = field(
    "workload.connections",
    "traffic matrix",
    Words("at most 65,536 flows of 1 to 1GiB, written SRC-DST:BYTES, comma-separated, each then with /@START (µs, up to 10000000), /tN (started by trigger N), /sN or /rN (activates trigger N once sent or received)"),
    "a traffic matrix's flows, which replace the workload's: the command line's `--traffic` and the page's *Open* read an htsim `.cm` file into it",
    CONNECTIONS_ACCESS,
)
.across(rules::connections);
pub const WORKLOAD_TRIGGERS: Field = field(
    "workload.triggers",
    "triggers",
    Words("at most 65,536 triggers, written ID:oneshot, ID:multishot or ID:barrier:COUNT, comma-separated; ids from 1, each once, every one the connections name"),
    "the triggers a traffic matrix's flows name: a oneshot starts all its flows at its first activation, a multishot its next flow at each, a barrier all its flows at its COUNT-th",
    TRIGGERS_ACCESS,
)
.across(rules::triggers);
pub const LB_SCHEME: Field = field(
    "lb.scheme",
    "load balancing",
    Names(LbScheme::NAMES, LbScheme::LABELS),
    "path choice of the sprayed flows: `ecmp` (one label per flow), `ops` (a random label per packet), `rr` (round robin over the labels), `reps` (reuse the labels of unmarked ACKs, oldest first, else random; ALGORITHMS.md §10), `reps-uec` (REPS as the UEC reference: only the 8 latest clean labels, each reused once), `ar` (switches pick the up-port with the shortest quantized queue) or `oblivious` (OPS as the UEC reference: a shuffled cycle through the labels)",
    named!(LbScheme, lb.scheme),
)
.short("lb")
.term("packet spraying");
pub const LB_PATH_LABELS: Field = field(
    "lb.path_labels",
    "path labels",
    Whole(1, 65_534),
    "distinct path labels (OPS draws one per packet, ALGORITHMS.md §5.1; `oblivious` needs a power of two)",
    whole!(lb.path_labels),
)
.across(rules::path_labels);
pub const LB_AR_LEVELS_PCT: Field = field(
    "lb.ar_levels_pct",
    "AR levels (%)",
    Words("1 to 16 ascending numbers from 0 to 100"),
    "AR: queue thresholds of the quantized levels, % of the buffer limit (`buffer_packets` when set)",
    AR_LEVELS_ACCESS,
)
.term("AR");
pub const LB_AR_REFRESH_US: Field = field(
    "lb.ar_refresh_us",
    "AR refresh",
    Real(0.0, 1000.0),
    "AR: a port's level is refreshed at most this often",
    real!(lb.ar_refresh_us),
)
.unit(Micros)
.term("AR");
pub const CCA_ALGORITHM: Field = field(
    "cca.algorithm",
    "congestion control",
    Ccas,
    "the congestion-control algorithm; `mswift-pN` is MSwift on the N-th percentile (its short name sets `cca.percentile` too)",
    CCA_ACCESS,
)
.short("cca")
.term("CCA");
pub const CCA_HISTORY: Field = field(
    "cca.history",
    "history H",
    Words("nyquist, or 1 to 1024"),
    "history size H: `nyquist` (H = max(⌊W/2⌋, 1)) or a fixed H",
    HISTORY_ACCESS,
)
.short("history")
.term("H")
.vary();
pub const CCA_PERCENTILE: Field = field(
    "cca.percentile",
    "percentile",
    Whole(1, 99),
    "percentile MSwift decides on (50: the median)",
    whole!(cca.percentile),
)
.short("percentile")
.term("percentile")
.vary();
pub const CCA_INITIAL_CWND_BDP: Field = field(
    "cca.initial_cwnd_bdp",
    "initial window (BDPs)",
    Real(1e-3, 10.0),
    "initial cwnd in BDPs",
    real!(cca.initial_cwnd_bdp),
)
.term("cwnd");
pub const CCA_SMARTT_WAIT_TO_DECREASE: Field = field(
    "cca.smartt_wait_to_decrease",
    "SMaRTT waits to decrease",
    Switch,
    "SMaRTT decreases only once the ECN average passes 25 %; Theorem 4 assumes it always may (false)",
    switch!(cca.smartt_wait_to_decrease),
);
pub const CCA_SWIFT_AI: Field = field(
    "cca.swift.ai",
    "additive increase",
    Real(1e-6, 100.0),
    "additive increase, packets per RTT",
    real!(cca.swift.ai),
);
pub const CCA_SWIFT_BETA: Field = field(
    "cca.swift.beta",
    "decrease gain",
    Real(1e-6, 1.0),
    "multiplicative-decrease gain",
    real!(cca.swift.beta),
);
pub const CCA_SWIFT_MAX_MDF: Field = field(
    "cca.swift.max_mdf",
    "largest decrease",
    Real(1e-6, 0.999),
    "largest multiplicative decrease",
    real!(cca.swift.max_mdf),
);
pub const CCA_SWIFT_TARGET_QUEUE_DELAY_US: Field = field(
    "cca.swift.target_queue_delay_us",
    "target queueing delay",
    Real(0.0, 10_000.0),
    "target queueing delay above the path's unloaded RTT",
    real!(cca.swift.target_queue_delay_us),
)
.unit(Micros);
pub const CCA_SWIFT_FS_RANGE_US: Field = field(
    "cca.swift.fs_range_us",
    "flow scaling range",
    Real(0.0, 10_000.0),
    "flow scaling of the target: the most it adds at the smallest window",
    real!(cca.swift.fs_range_us),
)
.unit(Micros);
pub const CCA_SWIFT_FS_MIN_CWND: Field = field(
    "cca.swift.fs_min_cwnd",
    "flow scaling from",
    // below fs_max_cwnd's largest, so that some fs_max_cwnd is always above it
    Real(1e-6, 1e5),
    "flow scaling: the window where the added target is largest",
    real!(cca.swift.fs_min_cwnd),
);
pub const CCA_SWIFT_FS_MAX_CWND: Field = field(
    "cca.swift.fs_max_cwnd",
    "flow scaling to",
    Words("above fs_min_cwnd, up to 1000000"),
    "flow scaling: the window from which nothing is added",
    real!(cca.swift.fs_max_cwnd),
)
.across(rules::fs_max_cwnd);
pub const CCA_SWIFT_MIN_CWND: Field = field(
    "cca.swift.min_cwnd",
    "smallest window",
    Real(1e-6, 1.0),
    "smallest cwnd in packets (below 1 the sender paces)",
    real!(cca.swift.min_cwnd),
)
.term("cwnd");
pub const CCA_SWIFT_MAX_CWND: Field = field(
    "cca.swift.max_cwnd",
    "largest window",
    Real(1.0, MAX_CWND_PACKETS),
    "largest cwnd in packets",
    real!(cca.swift.max_cwnd),
)
.term("cwnd");
pub const CCA_SWIFT_RETX_RESET_THRESHOLD: Field = field(
    "cca.swift.retx_reset_threshold",
    "timeouts to reset",
    Whole(1, 1000),
    "timeouts in a row that reset cwnd to `min_cwnd`",
    whole!(cca.swift.retx_reset_threshold),
);
pub const CCA_SWIFT_LTCP_K: Field = field(
    "cca.swift.ltcp_k",
    "LTCP k",
    Whole(1, 64),
    "LSwift/MSwift: successive delayed packets that count as a loss",
    whole!(cca.swift.ltcp_k),
);
pub const CCA_SWIFT_DECREASE_ON_LATEST: Field = field(
    "cca.swift.decrease_on_latest",
    "decrease on the latest",
    Switch,
    "MSwift sizes a delay decrease on the latest sample instead of the median that decided it (ALGORITHMS.md §15 A6's alternative)",
    switch!(cca.swift.decrease_on_latest),
);
pub const CCA_SWIFT_DECREASE_ON_QUEUEING: Field = field(
    "cca.swift.decrease_on_queueing",
    "decrease on queueing",
    Switch,
    "the Swift family sizes a delay decrease on the queueing delay (RTT − base RTT) instead of the RTT (ALGORITHMS.md §15 A1's alternative)",
    switch!(cca.swift.decrease_on_queueing),
);
pub const CCA_SWIFT_LTCP_ON_DELAY: Field = field(
    "cca.swift.ltcp_on_delay",
    "LTCP on delay",
    Switch,
    "LSwift/MSwift cut on delay only after `ltcp_k` ACKs in a row above target (A3's alternative)",
    switch!(cca.swift.ltcp_on_delay),
);
pub const CCA_NSCC_TARGET_QDELAY_US: Field = field(
    "cca.nscc.target_qdelay_us",
    "NSCC target delay",
    Real(0.01, 10_000.0),
    "NSCC/MNSCC target queueing delay (the paper: Swift's)",
    real!(cca.nscc.target_qdelay_us),
)
.unit(Micros);
pub const CCA_NSCC_RTO_MIN_US: Field = field(
    "cca.nscc.rto_min_us",
    "NSCC smallest timeout",
    Real(1.0, 1e6),
    "NSCC/MNSCC smallest retransmission timeout (UEC reference)",
    real!(cca.nscc.rto_min_us),
)
.unit(Micros);
pub const CCA_NSCC_ACK_EVERY_BYTES: Field = field(
    "cca.nscc.ack_every_bytes",
    "NSCC ACK coalescing",
    Whole(0, 1 << 24),
    "NSCC/MNSCC receivers coalesce ACKs as the UEC reference's: every this many bytes, at once on a mark or the sender's ack request, with a 64-packet SACK bitmap (0: every packet; ALGORITHMS.md §6.7)",
    bytes!(cca.nscc.ack_every_bytes),
)
.unit(Bytes);
pub const TRANSPORT_DUPTHRESH: Field = field(
    "transport.dupthresh",
    "duplicate threshold",
    Whole(1, 64),
    "acknowledged packets above a missing one that make it a hole",
    whole!(transport.dupthresh),
);
pub const TRANSPORT_RTO_MIN_US: Field = field(
    "transport.rto_min_us",
    "smallest timeout",
    Real(1.0, 1e6),
    "smallest retransmission timeout",
    real!(transport.rto_min_us),
)
.unit(Micros);
pub const TRANSPORT_RTO_INITIAL_US: Field = field(
    "transport.rto_initial_us",
    "first timeout",
    Words("rto_min_us to 10000000 µs"),
    "retransmission timeout before the first RTT sample",
    real!(transport.rto_initial_us),
)
.across(rules::rto_initial)
.unit(Micros);
pub const TRANSPORT_PACING: Field = field(
    "transport.pacing",
    "pacing",
    Switch,
    "pace every flow at cwnd/srtt (not only below one packet of cwnd); Theorem 6 assumes pacing",
    switch!(transport.pacing),
);
pub const TRANSPORT_ACK_EVERY_BYTES: Field = field(
    "transport.ack_every_bytes",
    "ACK coalescing",
    Whole(0, 1 << 24),
    "the same coalescing for every other CCA (0: every packet)",
    bytes!(transport.ack_every_bytes),
)
.unit(Bytes);
pub const TRANSPORT_REORDERING_WAIT: Field = field(
    "transport.reordering_wait",
    "reordering wait",
    Switch,
    "LSwift/MSwift wait srtt + 4·rttvar for a hole before counting it delayed; false counts it delayed at once (ALGORITHMS.md §15 A3's alternative)",
    switch!(transport.reordering_wait),
);
pub const TIMELINE_INTERVAL_US: Field = field(
    "timeline.interval_us",
    "sampling interval",
    Words("0 (no sampling), or 0.01 to 1000000 µs"),
    "sampling interval of the timelines",
    real!(timeline.interval_us),
)
.rule(rules::interval)
.unit(Micros);
pub const TIMELINE_MAX_BUFFERED: Field = field(
    "timeline.max_buffered",
    "samples buffered",
    Whole(2, 1 << 20),
    "samples kept between two drains",
    whole!(timeline.max_buffered),
);

/// Every field of a scenario but its timed events (a list of their own: `scenario::TimedEvent`),
/// by the sections of a scenario file, the run's own (its seed and time limit) last: the order
/// of docs/scenario.md, the command line's flags, the page's form and a link's keys.
pub const FIELDS: &[Field] = &[
    TOPOLOGY_K,
    TOPOLOGY_TIERS,
    TOPOLOGY_OVERSUBSCRIPTION,
    TOPOLOGY_AGG_OVERSUBSCRIPTION,
    TOPOLOGY_PODS,
    TOPOLOGY_CORE_BUNDLE,
    TOPOLOGY_LINK_GBPS,
    TOPOLOGY_AGG_LINK_GBPS,
    TOPOLOGY_CORE_LINK_GBPS,
    TOPOLOGY_LINK_LATENCY_US,
    TOPOLOGY_BUFFER_BYTES,
    TOPOLOGY_BUFFER_PACKETS,
    TOPOLOGY_MSS_BYTES,
    TOPOLOGY_HEADER_BYTES,
    TOPOLOGY_ACK_BYTES,
    TOPOLOGY_ECN_MIN_BYTES,
    TOPOLOGY_ECN_MAX_BYTES,
    TOPOLOGY_DRR,
    TOPOLOGY_DRR_WEIGHTS,
    TOPOLOGY_DRR_QUANTUM_BYTES,
    TOPOLOGY_DRR_BUFFER,
    TOPOLOGY_LINK_FAILURE_RATE,
    TOPOLOGY_FAILED_LINKS_DEGRADED,
    TOPOLOGY_TRIM,
    WORKLOAD_KIND,
    WORKLOAD_ELEPHANTS,
    WORKLOAD_FLOW_SIZE_BYTES,
    WORKLOAD_PATHS,
    WORKLOAD_LONG_PATH_EXTRA_US,
    WORKLOAD_LONG_PATH_ECN,
    WORKLOAD_INCAST_SENDERS,
    WORKLOAD_GROUP_SIZE,
    WORKLOAD_START_SPREAD_US,
    WORKLOAD_HSDP_RANDOM_HOSTS,
    WORKLOAD_TRAFFIC,
    WORKLOAD_CONNECTIONS,
    WORKLOAD_TRIGGERS,
    LB_SCHEME,
    LB_PATH_LABELS,
    LB_AR_LEVELS_PCT,
    LB_AR_REFRESH_US,
    CCA_ALGORITHM,
    CCA_HISTORY,
    CCA_PERCENTILE,
    CCA_INITIAL_CWND_BDP,
    CCA_SMARTT_WAIT_TO_DECREASE,
    CCA_SWIFT_AI,
    CCA_SWIFT_BETA,
    CCA_SWIFT_MAX_MDF,
    CCA_SWIFT_TARGET_QUEUE_DELAY_US,
    CCA_SWIFT_FS_RANGE_US,
    CCA_SWIFT_FS_MIN_CWND,
    CCA_SWIFT_FS_MAX_CWND,
    CCA_SWIFT_MIN_CWND,
    CCA_SWIFT_MAX_CWND,
    CCA_SWIFT_RETX_RESET_THRESHOLD,
    CCA_SWIFT_LTCP_K,
    CCA_SWIFT_DECREASE_ON_LATEST,
    CCA_SWIFT_DECREASE_ON_QUEUEING,
    CCA_SWIFT_LTCP_ON_DELAY,
    CCA_NSCC_TARGET_QDELAY_US,
    CCA_NSCC_RTO_MIN_US,
    CCA_NSCC_ACK_EVERY_BYTES,
    TRANSPORT_DUPTHRESH,
    TRANSPORT_RTO_MIN_US,
    TRANSPORT_RTO_INITIAL_US,
    TRANSPORT_PACING,
    TRANSPORT_ACK_EVERY_BYTES,
    TRANSPORT_REORDERING_WAIT,
    TIMELINE_INTERVAL_US,
    TIMELINE_MAX_BUFFERED,
    SEED,
    MAX_SIM_TIME_US,
];

/// The default scenario's value of a field, as docs/scenario.md shows it.
fn default_text(f: &Field, json: &serde_json::Value) -> String {
    match json.pointer(&format!("/{}", f.path.replace('.', "/"))) {
        Some(serde_json::Value::Null) | None => "none".to_string(),
        Some(serde_json::Value::Array(a)) if a.is_empty() => "none".to_string(),
        Some(serde_json::Value::String(s)) => format!("`{s}`"),
        Some(v) => v.to_string().replace(',', ", "),
    }
}

/// The table of fields docs/scenario.md holds: path, short name, default, meaning and what is
/// allowed, a row per field of [`FIELDS`].
pub fn markdown_table() -> String {
    let defaults = serde_json::to_value(Scenario::default()).expect("a scenario serializes");
    let mut out =
        String::from("| field | short name | default | meaning (allowed) |\n|---|---|---|---|\n");
    for f in FIELDS {
        let short = f.short.map_or(String::new(), |s| format!("`{s}`"));
        let allowed = match f.allowed {
            Names(names, _) => names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", "),
            _ => f.allowed_text(),
        };
        let row = match f.allowed {
            Switch => f.meaning.to_string(),
            _ => format!("{} ({allowed})", f.meaning),
        };
        out += &format!(
            "| `{}` | {short} | {} | {} |\n",
            f.path,
            default_text(f, &defaults),
            row.replace('|', "\\|")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scenario's fields as its JSON form has them, lists whole, timed events left out.
    fn leaves() -> Vec<String> {
        fn walk(v: &serde_json::Value, path: String, out: &mut Vec<String>) {
            match v {
                serde_json::Value::Object(m) => {
                    for (k, x) in m {
                        let p = if path.is_empty() {
                            k.clone()
                        } else {
                            format!("{path}.{k}")
                        };
                        walk(x, p, out);
                    }
                }
                _ => out.push(path),
            }
        }
        let mut out = Vec::new();
        walk(
            &serde_json::to_value(Scenario::default()).unwrap(),
            String::new(),
            &mut out,
        );
        out.retain(|p| p != "events");
        out
    }

    #[test]
    fn the_registry_has_every_field_of_a_scenario_once() {
        let mut registered: Vec<String> = FIELDS.iter().map(|f| f.path.to_string()).collect();
        registered.sort();
        assert_eq!(
            registered,
            leaves(),
            "the registry and the scenario's fields differ"
        );
        // no short name twice
        let mut shorts: Vec<&str> = short_fields().map(|f| f.key()).collect();
        let count = shorts.len();
        shorts.sort();
        shorts.dedup();
        assert_eq!(shorts.len(), count, "a short name twice");
        // the words that say a range hold its constants
        assert!(TOPOLOGY_K
            .allowed_text()
            .contains(&format!("4 to {}", super::super::MAX_K)));
        // the page takes the whole range, so the words name no limit of its own
        assert_eq!(super::super::Budget::BROWSER.max_k, super::super::MAX_K);
        assert!(CCA_HISTORY
            .allowed_text()
            .contains(&format!("1 to {}", super::super::MAX_HISTORY)));
    }

    /// Validation checks every fixed range the registry declares: a value just outside it is
    /// refused, naming the field and the range.
    #[test]
    fn validation_refuses_a_value_outside_every_declared_range() {
        let mut checked = 0;
        for f in FIELDS {
            let (outside, named): (Vec<String>, String) = match f.allowed {
                Allowed::Whole(lo, hi) => {
                    let mut v = vec![(hi + 1).to_string()];
                    if lo > 0 {
                        v.push((lo - 1).to_string());
                    }
                    (v, format!("from {lo} to {hi}"))
                }
                Allowed::Real(lo, hi) => (
                    vec![
                        (hi * 1.5 + 1.0).to_string(),
                        (lo - lo.abs() * 0.5 - 1e-3).to_string(),
                    ],
                    format!("from {lo} to {hi}"),
                ),
                _ => continue,
            };
            let list = f.path == TOPOLOGY_DRR_WEIGHTS.path;
            for v in outside {
                let mut s = Scenario::default();
                let (key, value) = match list {
                    true => (f.path.to_string(), format!("[{v}, 1.0]")),
                    false => (f.path.to_string(), v.clone()),
                };
                let e = s
                    .set_any(&key, &value)
                    .and_then(|()| s.validate())
                    .expect_err(&format!("{} = {v} was accepted", f.path));
                assert!(e.field.starts_with(f.path), "{}: {e}", f.path);
                assert!(e.message.contains(&named), "{}: {e}", f.path);
                checked += 1;
            }
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn a_short_name_reads_back_and_its_error_says_what_is_allowed() {
        for f in short_fields() {
            let name = f.short.unwrap();
            let mut s = Scenario::default();
            let text = s.field(name).unwrap();
            s.set_field(name, &text).unwrap();
            assert_eq!(s, Scenario::default(), "{name}");
            if let Err(e) = s.set_field(name, "x!") {
                assert_eq!(e.field, f.path, "{name}: {e}");
            }
        }
        let e = Scenario::default()
            .set_field("percentile", "x")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "cca.percentile: must be a whole number from 1 to 99, got \"x\""
        );
    }
}
