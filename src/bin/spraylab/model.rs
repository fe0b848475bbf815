//! `spraylab model`: the paper's closed-form throughput models against q, beside simulated
//! points of the n-path theory scenario.

use crate::args::{usage, Format, UsageError};
use serde::Serialize;
use spraylab::model::Model;
use spraylab::scenario::{CcaKind, Scenario};
use spraylab::Simulation;

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

const QS: [f64; 6] = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2];

pub fn run(rest: &[String]) -> Result<(), UsageError> {
    let (mut ccas, mut qs, mut simulate, mut format) =
        (Vec::new(), Vec::new(), false, Format::Text);
    let mut base = Scenario::preset("npath").expect("the npath preset exists");
    let mut it = rest.iter();
    while let Some(flag) = it.next() {
        let mut value = || crate::args::flag_value(&mut it, flag);
        match flag.as_str() {
            "--cca" => ccas.push(value()?),
            "--q" => {
                let v = value()?;
                let q: f64 = v
                    .parse()
                    .map_err(|_| usage(format!("--q must be a number, got {v:?}")))?;
                if !(q > 0.0 && q <= 0.5) {
                    return Err(usage(format!(
                        "--q must be in (0, 0.5] (q = 1/paths, at least 2 paths), got {v}"
                    )));
                }
                qs.push(q);
            }
            "--long-delay" => base
                .set_field("long-delay", &value()?)
                .map_err(|e| usage(format!("--long-delay: {e}")))?,
            "--flow-size" => base
                .set_field("flow-size", &value()?)
                .map_err(|e| usage(format!("--flow-size: {e}")))?,
            "--simulate" => simulate = true,
            "--format" => {
                format = match value()?.as_str() {
                    "json" => Format::Json,
                    "text" => Format::Text,
                    other => {
                        return Err(usage(format!(
                            "--format must be text or json, got {other:?}"
                        )))
                    }
                }
            }
            other => {
                return Err(usage(format!(
                    "unknown flag {other:?} for model (see `spraylab help`)"
                )))
            }
        }
    }
    // without --cca: every CCA, simulated where the simulator has it
    let explicit = !ccas.is_empty();
    if !explicit {
        ccas = ["tcp", "dctcp", "swift", "smartt", "lswift", "mswift"]
            .map(String::from)
            .to_vec();
    }
    if qs.is_empty() {
        qs = QS.to_vec();
    }
    let mut points = Vec::new();
    for cca in &ccas {
        for &q in &qs {
            let simulated = simulate && (explicit || simulable(cca).is_some());
            points.push(point(&base, cca, q, simulated)?);
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

fn point(base: &Scenario, cca: &str, q: f64, simulate: bool) -> Result<Point, UsageError> {
    let paths = (1.0 / q).round().max(2.0) as u32;
    let mut s = base.clone();
    s.workload.paths = paths;
    let model = match cca {
        "tcp" => Some(Model::Tcp),
        "dctcp" => Some(Model::DctcpBound),
        "swift" => Some(Model::Swift),
        "smartt" => Some(Model::Smartt),
        "lswift" | "mswift" => None,
        other => {
            return Err(usage(format!(
                "--cca must be tcp, dctcp, swift, smartt, lswift or mswift, got {other:?}"
            )))
        }
    };
    let (t_short, t_long) = spraylab::model::npath_rtts(&s);
    let mss = s.topology.mss_bytes as f64;
    let model_gbps =
        model.map(|m| m.throughput(mss, t_short, t_long, 1.0 / paths as f64) * 8.0 / 1e9);
    let sim_gbps = if simulate {
        let kind = simulable(cca).ok_or_else(|| {
            usage(format!(
                "--simulate: {cca} is not simulated yet (tcp, dctcp, smartt, swift, lswift, mswift are)"
            ))
        })?;
        s.cca.algorithm = kind;
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
        mss_bytes: s.topology.mss_bytes,
        t_short_us: t_short * 1e6,
        t_long_us: t_long * 1e6,
    })
}

/// The simulator's CCA for a model name, if it has one.
fn simulable(cca: &str) -> Option<CcaKind> {
    match cca {
        "tcp" => Some(CcaKind::Tcp),
        "dctcp" => Some(CcaKind::Dctcp),
        "smartt" => Some(CcaKind::Smartt),
        "swift" => Some(CcaKind::Swift),
        "lswift" => Some(CcaKind::LSwift),
        "mswift" => Some(CcaKind::MSwift),
        _ => None,
    }
}
