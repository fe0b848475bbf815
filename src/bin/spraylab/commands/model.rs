//! `spraylab model`: the paper's closed-form throughput models against q, beside simulated
//! points of the n-path theory scenario.

use crate::args::Format;
use crate::errors::{usage, UsageError};
use clap::Args;
use serde::Serialize;
use spraylab::model::{Model, THEORY_PATHS};
use spraylab::scenario::{CcaName, Scenario};
use spraylab::Simulation;

/// `spraylab model`'s flags.
#[derive(Args, Debug)]
pub struct ModelArgs {
    #[arg(long = "cca", value_name = "C", help = model_cca_help())]
    pub ccas: Vec<String>,
    #[arg(long = "q", value_name = "Q", value_parser = parse_q, help = model_q_help())]
    pub qs: Vec<f64>,
    /// Also simulate each point on the n-path network.
    #[arg(long)]
    pub simulate: bool,
    /// The long path's extra latency, µs.
    #[arg(long, value_name = "US", allow_hyphen_values = true)]
    pub long_delay: Option<String>,
    /// Bytes of the simulated flow (8MiB, 512KiB, ...).
    #[arg(long, value_name = "BYTES")]
    pub flow_size: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The CCAs `model` shows when no `--cca` is given: the theory figure's (those with a closed
/// form, and LSwift and MSwift simulated beside them).
fn model_ccas() -> &'static [CcaName] {
    spraylab::repro::figure("theory")
        .expect("the theory figure exists")
        .ccas
}

/// `model --cca`'s help: the CCAs `model` shows.
fn model_cca_help() -> String {
    let names: Vec<String> = model_ccas().iter().map(|c| c.to_string()).collect();
    format!(
        "A CCA to show: {} (repeatable; default all)",
        names.join(", ")
    )
}

/// `model --q`'s help: the range it takes and the theory figure's values it shows by default.
fn model_q_help() -> String {
    let qs: Vec<f64> = spraylab::model::THEORY_PATHS
        .iter()
        .map(|&p| 100.0 / p as f64)
        .collect();
    let (lo, hi) = qs
        .iter()
        .fold((f64::MAX, 0f64), |(a, b), &q| (a.min(q), b.max(q)));
    format!("A share of long-path packets, in (0, 0.5] (repeatable; default the theory figure's, {lo} % to {hi} %)")
}

fn parse_q(v: &str) -> Result<f64, String> {
    let q: f64 = v
        .parse()
        .map_err(|_| format!("must be a number, got {v:?}"))?;
    if q > 0.0 && q <= 0.5 {
        Ok(q)
    } else {
        Err(format!(
            "must be in (0, 0.5] (q = 1/paths, at least 2 paths), got {v}"
        ))
    }
}

/// One point of the table.
#[derive(Serialize)]
struct Point {
    cca: String,
    q: f64,
    paths: u32,
    /// The closed form, Gbps (`null` for a CCA without one: LSwift, MSwift).
    model_gbps: Option<f64>,
    /// The simulated n-path flow, Gbps (with `--simulate`).
    sim_gbps: Option<f64>,
    mss_bytes: u32,
    /// Short-path RTT the model uses, µs.
    t_short_us: f64,
    /// Long-path RTT, µs.
    t_long_us: f64,
}

pub fn run(a: ModelArgs) -> Result<(), UsageError> {
    let base = crate::resolve::npath(a.long_delay.as_deref(), a.flow_size.as_deref())?;
    let ccas = if a.ccas.is_empty() {
        model_ccas().to_vec()
    } else {
        a.ccas
            .iter()
            .map(|c| model_cca(c))
            .collect::<Result<_, _>>()?
    };
    // by default the theory figure's values of q
    let qs = if a.qs.is_empty() {
        THEORY_PATHS.iter().map(|&p| 1.0 / p as f64).collect()
    } else {
        a.qs
    };
    let (simulate, format) = (a.simulate, a.format);
    let mut points = Vec::new();
    for &cca in &ccas {
        for &q in &qs {
            points.push(point(&base, cca, q, simulate)?);
        }
    }
    match format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&points).map_err(|e| usage(e.to_string()))?
        ),
        Format::Text => {
            println!(
                "{:<8} {:>6} {:>6} {:>11} {:>11}",
                "cca", "q", "paths", "model Gbps", "sim Gbps"
            );
            for p in &points {
                let show = |v: Option<f64>| v.map_or("–".to_string(), |x| format!("{x:.1}"));
                println!(
                    "{:<8} {:>6} {:>6} {:>11} {:>11}",
                    p.cca,
                    p.q,
                    p.paths,
                    show(p.model_gbps),
                    show(p.sim_gbps)
                );
            }
            if let Some(p) = points.first() {
                println!(
                    "MSS {} B, T_short {:.4} µs, T_long {:.4} µs",
                    p.mss_bytes, p.t_short_us, p.t_long_us
                );
            }
        }
    }
    Ok(())
}

/// A `--cca` value: one of [`ccas`].
fn model_cca(text: &str) -> Result<CcaName, UsageError> {
    let allowed = || {
        let names: Vec<String> = model_ccas().iter().map(CcaName::to_string).collect();
        usage(format!("--cca must be {}, got {text:?}", names.join(", ")))
    };
    let cca = CcaName::parse(text).map_err(|_| allowed())?;
    model_ccas()
        .contains(&cca)
        .then_some(cca)
        .ok_or_else(allowed)
}

fn point(base: &Scenario, cca: CcaName, q: f64, simulate: bool) -> Result<Point, UsageError> {
    let paths = (1.0 / q).round().max(2.0) as u32;
    let mut s = base.clone();
    s.workload.paths = paths;
    let (t_short, t_long) = spraylab::model::npath_rtts(&s);
    let model_gbps = Model::of(cca.kind).map(|m| m.npath_gbps(&s));
    let sim_gbps = if simulate {
        cca.apply(&mut s.cca);
        let mut sim = Simulation::new(&s).map_err(|e| usage(format!("invalid scenario: {e}")))?;
        sim.run();
        sim.report().flows.first().and_then(|f| f.throughput_gbps)
    } else {
        None
    };
    Ok(Point {
        cca: cca.to_string(),
        q: 1.0 / paths as f64,
        paths,
        model_gbps,
        sim_gbps,
        mss_bytes: s.topology.mss_bytes + s.topology.header_bytes,
        t_short_us: t_short * 1e6,
        t_long_us: t_long * 1e6,
    })
}
