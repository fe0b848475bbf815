//! The scenario's named choices (load balancing, workload; the CCA's [`CcaKind`] is declared
//! beside its table in `cca_table.rs`, with the same macro) and their one name table.
//!
//! Each enum is declared with its text name beside each variant; from that one table come
//! `ALL`, `name()`, `parse()`, `Display` and serde, so the scenario files, the command line, the
//! repro grids and CSVs, the claims, the web form and links all spell a choice the same way.
//! [`CcaName`] adds the percentile the median variants decide on: `mswift-p10` is MSwift on the
//! 10th percentile.

pub use super::cca_table::CcaKind;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

use super::named_enum::named_enum;

named_enum! {
    /// Workload families.
    pub enum WorkloadKind {
        /// A random derangement over the hosts not running elephants; every flow sprayed.
        Permutation = "permutation" ("permutation (+ elephants)"),
        /// The theory model (paper §II): one flow sprays over `paths` parallel paths, one of
        /// which adds `long_path_extra_us`. Replaces the fat-tree (`topology.k` is not used).
        NPath = "npath" ("n-path theory model"),
        /// `incast_senders` random hosts send `flow_size_bytes` each to one random host.
        Incast = "incast" ("incast (many → 1)"),
        /// One ring step of Llama-3 70B HSDP training (ALGORITHMS.md §13, A14): servers of 8
        /// GPUs placed at random; logical GPU i sends `flow_size_bytes` to GPU i + 8 (8 rings).
        Hsdp = "hsdp" ("Llama-70B HSDP ring step"),
        /// Ring all-reduce (htsim's `gen_allreduce.py`): groups of `group_size` random hosts,
        /// each member a chain of 2·G − 1 flows around the ring, one after another.
        Allreduce = "allreduce" ("ring all-reduce (chains in groups)"),
        /// Serial all-to-all (htsim's `gen_serial_alltoall.py`): groups of `group_size` random
        /// hosts, each member a chain of G − 1 flows, one to every other member in turn.
        Alltoall = "alltoall" ("serial all-to-all (chains in groups)"),
    }
}

named_enum! {
    /// Sender-side path choice of the sprayed flows (elephants always use ECMP).
    pub enum LbScheme {
        /// One path label per flow.
        Ecmp = "ecmp" ("ECMP (one path per flow)"),
        /// Oblivious packet spraying: a uniformly random label per packet.
        Ops = "ops" ("OPS (random path per packet)"),
        /// Round robin over the labels (the theory model's spraying).
        Rr = "rr" ("round robin"),
        /// REPS: reuse the labels of ACKs that came back without ECN (oldest first), else a
        /// random label (ALGORITHMS.md §10, the list form).
        Reps = "reps" ("REPS (reuse clean paths)"),
        /// REPS as the UEC reference simulator does it (`UecMpReps`): only the 8 latest clean
        /// labels are kept, each reused once; no first window (ALGORITHMS.md §10).
        RepsUec = "reps-uec" ("REPS as the UEC reference (8 recycled paths)"),
        /// Switch adaptive routing: each switch sends a sprayed data packet to the up-port with
        /// the shortest quantized queue (ALGORITHMS.md §10, A13).
        Ar = "ar" ("AR (switch adaptive routing)"),
        /// OPS as the UEC reference simulator does it (`UecMpOblivious`): every label once per
        /// cycle, in an order XOR-ed with a random mask drawn anew each cycle; the number of
        /// labels is a power of two.
        Oblivious = "oblivious" ("OPS as the UEC reference (shuffled cycle)"),
    }
}

named_enum! {
    /// How DRR's two classes share a switch port's buffer and ECN threshold (ALGORITHMS.md
    /// §11.2, choice A18; the paper does not say).
    pub enum DrrBuffer {
        /// Each class has the whole buffer and the whole ECN threshold on its own bytes.
        PerClass = "per-class",
        /// Each class has half the buffer and half the ECN threshold on its own bytes.
        Split = "split",
        /// One buffer for both: the limit and the ECN threshold read the port's total bytes.
        Shared = "shared",
    }
}

/// The percentile the median variants decide on unless told otherwise.
pub const MEDIAN: u32 = 50;

/// A CCA as the grids, the command line and links name it: the algorithm, and the percentile
/// for MSwift. Written `swift`, `mswift` (the median), `mswift-p10`, `mnscc`...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CcaName {
    pub kind: CcaKind,
    /// The percentile MSwift decides on; [`MEDIAN`] for every other algorithm.
    pub percentile: u32,
}

impl CcaName {
    /// How menus label it: the algorithm's label, or `MSwift-P10` for another percentile.
    pub fn label(self) -> String {
        match self.kind == CcaKind::MSwift && self.percentile != MEDIAN {
            true => format!("{}-P{}", self.kind.info().name, self.percentile),
            false => self.kind.info().label.to_string(),
        }
    }
}

impl CcaName {
    pub const SWIFT: CcaName = CcaName::of(CcaKind::Swift);
    pub const LSWIFT: CcaName = CcaName::of(CcaKind::LSwift);
    pub const MSWIFT: CcaName = CcaName::of(CcaKind::MSwift);
    pub const MSWIFT_P10: CcaName = CcaName::mswift_p(10);
    pub const MSWIFT_P90: CcaName = CcaName::mswift_p(90);
    pub const NSCC: CcaName = CcaName::of(CcaKind::Nscc);
    pub const MNSCC: CcaName = CcaName::of(CcaKind::Mnscc);
    pub const TCP: CcaName = CcaName::of(CcaKind::Tcp);
    pub const DCTCP: CcaName = CcaName::of(CcaKind::Dctcp);
    pub const SMARTT: CcaName = CcaName::of(CcaKind::Smartt);

    /// The allowed spellings, for error messages and help, from the CCA table: every name, and
    /// `NAME-pN` after a CCA named with its percentile ("swift, ..., mswift, mswift-pN, ... or
    /// smartt").
    pub fn allowed() -> String {
        let mut names: Vec<String> = Vec::new();
        for kind in CcaKind::ALL {
            names.push(kind.name().to_string());
            if kind.named_percentile() {
                names.push(format!("{}-pN", kind.name()));
            }
        }
        let last = names.pop().unwrap_or_default();
        format!("{} or {last}", names.join(", "))
    }

    /// `kind` on its default percentile.
    pub const fn of(kind: CcaKind) -> CcaName {
        CcaName {
            kind,
            percentile: MEDIAN,
        }
    }

    /// MSwift on the `p`-th percentile.
    pub const fn mswift_p(p: u32) -> CcaName {
        CcaName {
            kind: CcaKind::MSwift,
            percentile: p,
        }
    }

    /// Parses an algorithm's name, or `NAME-pN` for one named with its percentile
    /// (`mswift-p10`); `Err` says what is allowed.
    pub fn parse(s: &str) -> Result<CcaName, String> {
        let lower = s.to_ascii_lowercase();
        for kind in CcaKind::ALL.iter().filter(|k| k.named_percentile()) {
            if let Some(n) = lower.strip_prefix(&format!("{}-p", kind.name())) {
                return n
                    .parse::<u32>()
                    .map(|p| CcaName {
                        kind: *kind,
                        percentile: p,
                    })
                    .map_err(|_| format!("{kind}-pN needs N from 1 to 99, got {s:?}"));
            }
        }
        CcaKind::parse(&lower)
            .map(CcaName::of)
            .ok_or_else(|| format!("must be {}, got {s:?}", CcaName::allowed()))
    }

    /// Sets `config` to run this CCA; the median variants take its percentile.
    pub fn apply(self, config: &mut super::CcaConfig) {
        config.algorithm = self.kind;
        if self.kind.has_percentile() {
            config.percentile = self.percentile;
        }
    }

    /// The name of the CCA a scenario's `[cca]` table runs.
    pub fn of_config(kind: CcaKind, percentile: u32) -> CcaName {
        match kind.named_percentile() {
            true => CcaName { kind, percentile },
            false => CcaName::of(kind),
        }
    }
}

impl fmt::Display for CcaName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind, self.percentile) {
            (kind, p) if kind.named_percentile() && p != MEDIAN => write!(f, "{kind}-p{p}"),
            (kind, _) => f.write_str(kind.name()),
        }
    }
}

impl Serialize for CcaName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CcaName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = std::borrow::Cow::<str>::deserialize(d)?;
        CcaName::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cca_s_label_and_the_allowed_names_come_from_the_table() {
        assert_eq!(CcaName::mswift_p(10).label(), "MSwift-P10");
        // the list's form, and every CCA of the table in it, in order (a new CCA joins it)
        let allowed = CcaName::allowed();
        assert!(
            allowed.starts_with("swift, lswift, mswift, mswift-pN, nscc, "),
            "{allowed}"
        );
        let last = CcaKind::ALL[CcaKind::ALL.len() - 1];
        assert!(allowed.ends_with(&format!(" or {last}")), "{allowed}");
        let listed: Vec<&str> = allowed
            .split([',', ' '])
            .filter(|w| !w.is_empty() && *w != "or" && !w.ends_with("-pN"))
            .collect();
        let names: Vec<&str> = CcaKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(listed, names);
        assert_eq!(CcaName::MSWIFT.label(), "MSwift (median)");
    }

    #[test]
    fn every_name_reads_back_and_serde_uses_the_table() {
        for &k in CcaKind::ALL {
            assert_eq!(CcaKind::parse(k.name()), Some(k));
            assert_eq!(serde_json::to_string(&k).unwrap(), format!("\"{k}\""));
        }
        for &l in LbScheme::ALL {
            let json = serde_json::to_string(&l).unwrap();
            assert_eq!(serde_json::from_str::<LbScheme>(&json).unwrap(), l);
        }
        let e = serde_json::from_str::<LbScheme>("\"spray\"").unwrap_err();
        assert!(e.to_string().contains("expected one of `ecmp`"), "{e}");
        assert_eq!(WorkloadKind::parse("NPATH"), Some(WorkloadKind::NPath));
    }

    #[test]
    fn cca_names_carry_mswift_percentiles() {
        for text in ["swift", "mswift", "mswift-p10", "mnscc", "dctcp"] {
            assert_eq!(CcaName::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(CcaName::parse("MSwift-P90").unwrap(), CcaName::mswift_p(90));
        assert_eq!(CcaName::parse("mswift-p50").unwrap().to_string(), "mswift");
        assert!(CcaName::parse("reno")
            .unwrap_err()
            .contains("swift, lswift"));
        assert!(CcaName::parse("mswift-px").unwrap_err().contains("1 to 99"));
        assert_eq!(
            CcaName::of_config(CcaKind::Mnscc, 30),
            CcaName::of(CcaKind::Mnscc)
        );
    }
}
