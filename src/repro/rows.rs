//! The CSV files of `spraylab repro`, one serde row struct each, read and written with the csv
//! crate:
//!
//! | file | row | one row per |
//! |---|---|---|
//! | `runs.csv` | [`Row`] | run (figure, CCA, LB scheme, seed, paths) |
//! | `summary.csv` | [`SummaryRow`] | cell, over its seeds |
//! | `fct.csv` (baseline) | [`FctRow`] | sprayed flow |
//!
//! Numbers are written as Rust prints an `f64`: the shortest text that reads back to the same
//! value, so a file read and written again is byte for byte the same. An absent value (an
//! unfinished run's CCT, the closed form of a CCA without one) is an empty field.

use super::{figure, Cell};
use crate::scenario::{escape_controls, CcaName, LbScheme};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// One run's results, a line of `runs.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "RunRecord", try_from = "RunRecord")]
pub struct Row {
    pub cell: Cell,
    pub finished: bool,
    pub cct_us: Option<f64>,
    pub ideal_cct_us: f64,
    /// (CCT − ideal) / ideal.
    pub inflation: Option<f64>,
    /// The theory: the flow's throughput.
    pub throughput_gbps: Option<f64>,
    /// The theory: the closed form, where there is one.
    pub model_gbps: Option<f64>,
    pub counters: RunCounters,
}

/// A run's counters, as `runs.csv` has them: the simulator's counters (its
/// [`crate::sim::metrics::Counters`]) less those only a live run uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunCounters {
    pub events: u64,
    pub data_packets: u64,
    pub retransmits: u64,
    pub drops: u64,
    pub ecn_marks: u64,
    pub timeouts: u64,
    pub failed_links: u64,
    /// cwnd cuts by cause: the delay signal, a loss, a timeout.
    pub cuts_delay: u64,
    pub cuts_loss: u64,
    pub cuts_timeout: u64,
}

/// A line of `runs.csv` as it is written: the columns in order.
#[derive(Serialize, Deserialize)]
struct RunRecord {
    figure: String,
    cca: CcaName,
    lb: LbScheme,
    seed: u64,
    paths: u32,
    finished: bool,
    #[serde(with = "number")]
    cct_us: Option<f64>,
    #[serde(with = "number::required")]
    ideal_cct_us: f64,
    #[serde(with = "number")]
    inflation: Option<f64>,
    #[serde(with = "number")]
    throughput_gbps: Option<f64>,
    #[serde(with = "number")]
    model_gbps: Option<f64>,
    events: u64,
    data_packets: u64,
    retransmits: u64,
    drops: u64,
    ecn_marks: u64,
    timeouts: u64,
    failed_links: u64,
    cuts_delay: u64,
    cuts_loss: u64,
    cuts_timeout: u64,
}

impl From<&crate::sim::metrics::Counters> for RunCounters {
    fn from(c: &crate::sim::metrics::Counters) -> RunCounters {
        RunCounters {
            events: c.events,
            data_packets: c.data_packets,
            retransmits: c.retransmits,
            drops: c.drops,
            ecn_marks: c.ecn_marks,
            timeouts: c.timeouts,
            failed_links: c.failed_links,
            cuts_delay: c.cuts_delay,
            cuts_loss: c.cuts_loss,
            cuts_timeout: c.cuts_timeout,
        }
    }
}

impl From<Row> for RunRecord {
    fn from(r: Row) -> RunRecord {
        let c = r.counters;
        RunRecord {
            figure: r.cell.figure.to_string(),
            cca: r.cell.cca,
            lb: r.cell.lb,
            seed: r.cell.seed,
            paths: r.cell.paths,
            finished: r.finished,
            cct_us: r.cct_us,
            ideal_cct_us: r.ideal_cct_us,
            inflation: r.inflation,
            throughput_gbps: r.throughput_gbps,
            model_gbps: r.model_gbps,
            events: c.events,
            data_packets: c.data_packets,
            retransmits: c.retransmits,
            drops: c.drops,
            ecn_marks: c.ecn_marks,
            timeouts: c.timeouts,
            failed_links: c.failed_links,
            cuts_delay: c.cuts_delay,
            cuts_loss: c.cuts_loss,
            cuts_timeout: c.cuts_timeout,
        }
    }
}

/// A row is read back only for a figure, CCA and LB scheme this build's grids have.
impl TryFrom<RunRecord> for Row {
    type Error = String;

    fn try_from(r: RunRecord) -> Result<Row, String> {
        let fig = figure(&r.figure).ok_or_else(|| format!("unknown figure {:?}", r.figure))?;
        if !fig.ccas.contains(&r.cca) {
            return Err(format!("unknown CCA \"{}\" for {}", r.cca, fig.name));
        }
        if !fig.lbs.contains(&r.lb) {
            return Err(format!("unknown LB \"{}\" for {}", r.lb, fig.name));
        }
        Ok(Row {
            cell: Cell {
                figure: fig.name,
                cca: r.cca,
                lb: r.lb,
                seed: r.seed,
                paths: r.paths,
            },
            finished: r.finished,
            cct_us: r.cct_us,
            ideal_cct_us: r.ideal_cct_us,
            inflation: r.inflation,
            throughput_gbps: r.throughput_gbps,
            model_gbps: r.model_gbps,
            counters: RunCounters {
                events: r.events,
                data_packets: r.data_packets,
                retransmits: r.retransmits,
                drops: r.drops,
                ecn_marks: r.ecn_marks,
                timeouts: r.timeouts,
                failed_links: r.failed_links,
                cuts_delay: r.cuts_delay,
                cuts_loss: r.cuts_loss,
                cuts_timeout: r.cuts_timeout,
            },
        })
    }
}

/// One cell over its seeds, a line of `summary.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryRow {
    pub figure: String,
    pub cca: CcaName,
    pub lb: LbScheme,
    /// The theory's number of paths (0 elsewhere).
    pub paths: u32,
    pub runs: u32,
    pub unfinished: u32,
    /// Mean CCT inflation over the finished runs.
    #[serde(with = "number")]
    pub inflation_mean: Option<f64>,
    /// Its standard error.
    #[serde(with = "number")]
    pub inflation_stderr: Option<f64>,
    #[serde(with = "number")]
    pub cct_us_mean: Option<f64>,
    #[serde(with = "number")]
    pub throughput_gbps_mean: Option<f64>,
    #[serde(with = "number")]
    pub model_gbps: Option<f64>,
}

/// One sprayed flow of the baseline, a line of `fct.csv` (Fig. 5's CDFs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FctRow {
    pub cca: CcaName,
    pub lb: LbScheme,
    pub seed: u64,
    #[serde(with = "number::required")]
    pub fct_us: f64,
}

/// The lines a CSV the page exports begins with: the SprayLab version that wrote it and the link
/// that reproduces it, as `#` comments, which [`from_csv`] (and pandas' `comment="#"`) skips.
pub fn provenance(link: &str) -> String {
    format!(
        "# SprayLab {}\n# {}\n",
        env!("CARGO_PKG_VERSION"),
        crate::scenario::escape_controls(link)
    )
}

/// The header line of a row type's file: its field names, written even when there are no rows.
pub trait Header {
    const HEADER: &'static [&'static str];
}

impl Header for Row {
    const HEADER: &'static [&'static str] = &[
        "figure",
        "cca",
        "lb",
        "seed",
        "paths",
        "finished",
        "cct_us",
        "ideal_cct_us",
        "inflation",
        "throughput_gbps",
        "model_gbps",
        "events",
        "data_packets",
        "retransmits",
        "drops",
        "ecn_marks",
        "timeouts",
        "failed_links",
        "cuts_delay",
        "cuts_loss",
        "cuts_timeout",
    ];
}

impl Header for SummaryRow {
    const HEADER: &'static [&'static str] = &[
        "figure",
        "cca",
        "lb",
        "paths",
        "runs",
        "unfinished",
        "inflation_mean",
        "inflation_stderr",
        "cct_us_mean",
        "throughput_gbps_mean",
        "model_gbps",
    ];
}

impl Header for FctRow {
    const HEADER: &'static [&'static str] = &["cca", "lb", "seed", "fct_us"];
}

/// `rows` as CSV text: the header, then one line per row.
pub fn to_csv<'a, T: Header + Serialize + 'a>(
    rows: impl IntoIterator<Item = &'a T>,
) -> Result<String, String> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_record(T::HEADER).map_err(|e| e.to_string())?;
    for r in rows {
        w.serialize(r).map_err(|e| e.to_string())?;
    }
    let bytes = w.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// The rows of CSV text with `T`'s header; an error names the line and the field.
pub fn from_csv<T: Header + DeserializeOwned>(text: &str) -> Result<Vec<T>, String> {
    // `#` lines are a page export's provenance ([`provenance`])
    let mut r = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let header = r.headers().map_err(|e| e.to_string())?.clone();
    if header.iter().ne(T::HEADER.iter().copied()) {
        return Err(format!("the header is not {:?}", T::HEADER.join(",")));
    }
    let mut rows = Vec::new();
    for record in r.records() {
        let record = record.map_err(|e| match e.kind() {
            csv::ErrorKind::UnequalLengths {
                pos: Some(pos),
                expected_len,
                len,
            } => format!(
                "line {}: expected {expected_len} fields, got {len}",
                pos.line()
            ),
            _ => e.to_string(),
        })?;
        let line = record.position().map_or(0, |p| p.line());
        let row = record.deserialize(Some(&header)).map_err(|e| {
            let text = error_text(&e, &record, T::HEADER);
            format!("line {line}: {}", escape_controls(&text))
        })?;
        rows.push(row);
    }
    Ok(rows)
}

/// A csv error without its position (the caller names the line), naming the column: the one
/// csv names, or else the one whose text the message quotes (a refusal of this module's own
/// parsers, which quote what they refuse).
fn error_text(e: &csv::Error, record: &csv::StringRecord, header: &[&str]) -> String {
    let csv::ErrorKind::Deserialize { err, .. } = e.kind() else {
        return e.to_string();
    };
    let message = err.kind().to_string();
    let column = err.field().map(|i| i as usize).or_else(|| {
        record.iter().position(|text| {
            !text.is_empty()
                && (message.contains(&format!("{text:?}"))
                    || message.contains(&format!("`{text}`")))
        })
    });
    match column.and_then(|i| header.get(i)) {
        Some(name) => format!("{name}: {message}"),
        None => message,
    }
}

/// An `f64` field written with Rust's `Display` (the shortest text that reads back the same),
/// empty when absent.
mod number {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(x) => s.collect_str(x),
            None => s.serialize_str(""),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(d)?;
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(Some(x)),
            _ => Err(serde::de::Error::custom(format!(
                "not a finite number: {text:?}"
            ))),
        }
    }

    /// A value that must be present.
    pub mod required {
        use serde::{Deserializer, Serializer};

        pub fn serialize<S: Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(v)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
            super::deserialize(d)?
                .ok_or_else(|| serde::de::Error::custom("empty, a number is required"))
        }
    }
}
