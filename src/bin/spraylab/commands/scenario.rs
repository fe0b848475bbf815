//! `spraylab scenario`, `spraylab matrix` and `spraylab presets`: a scenario printed as a file
//! (TOML), its flows as an htsim connection matrix, and the named scenarios.

use crate::args::ScenarioArgs;
use crate::errors::{usage, UsageError};
use spraylab::scenario::{Scenario, PRESETS};

/// Prints the scenario `run` would use, as TOML.
pub fn scenario(a: &ScenarioArgs) -> Result<(), UsageError> {
    let s = a.build()?;
    print!("{}", toml::to_string(&s).map_err(|e| usage(e.to_string()))?);
    Ok(())
}

/// Prints the scenario's flows as an htsim connection matrix.
pub fn matrix(a: &ScenarioArgs) -> Result<(), UsageError> {
    let s = a.build()?;
    print!("{}", flows_as_matrix(&s)?);
    Ok(())
}

/// Lists the presets.
pub fn presets() -> Result<(), UsageError> {
    for &spraylab::scenario::Preset { name, about, .. } in PRESETS {
        println!("{name:<14} {about}");
    }
    Ok(())
}

/// The scenario's flows in htsim's connection-matrix format; long-lived elephants have no size
/// there, so a scenario with elephants is refused.
fn flows_as_matrix(s: &Scenario) -> Result<String, UsageError> {
    use spraylab::scenario::traffic::{write_matrix, Connection};
    if s.workload.kind == spraylab::scenario::WorkloadKind::NPath {
        return Err(usage(
            "matrix: the npath model has no hosts to name; use a fat-tree workload",
        ));
    }
    let plan = spraylab::sim::workload::plan(s);
    if plan.flows.iter().any(|f| f.bytes.is_none()) {
        return Err(usage(format!(
            "matrix: the {} elephants are long-lived and have no size in a matrix; set --elephants 0",
            s.workload.elephants
        )));
    }
    // the flows with their starts and triggers (a collective, a spread), else all at 0
    let conns: Vec<Connection> = match plan.starts.is_empty() {
        false => plan.starts,
        true => plan
            .flows
            .iter()
            .map(|f| Connection::new(f.src, f.dst, f.bytes.unwrap_or_default()))
            .collect(),
    };
    Ok(write_matrix(s.hosts(), &conns, &plan.triggers))
}
