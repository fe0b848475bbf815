//! A sweep over H, the number of recent delay signals MSwift takes the median of, on the paper's
//! theory model: one flow sprayed round robin over 10 paths, one of them 2.5 µs longer (q = 0.1).
//!
//! ```bash
//! cargo run --release --example sweep_history
//! ```
//!
//! With H = 1 MSwift is Swift: every packet of the long path looks like congestion and cuts the
//! window. Once the long path's samples are a minority of the last H (H ≥ 3 here, as 1 in 10
//! packets takes it), the median never sees them and the flow keeps the short paths full. The
//! Nyquist rule (the paper's §III-C) picks H from the window, with no knowledge of q.

use spraylab::scenario::History;
use spraylab::{Scenario, Simulation};

/// Seeds per value of H: the paths' order and the ECN marks depend on it.
const SEEDS: u64 = 3;

fn main() {
    let mut scenario = Scenario::preset("npath").expect("a preset");
    scenario.set_field("cca", "mswift").expect("a CCA name");
    scenario.workload.flow_size_bytes = 8 << 20;

    println!("H          mean FCT above the bound (over {SEEDS} seeds)");
    let mut above = Vec::new();
    let fixed = [1, 2, 3, 4, 8, 16, 64].map(History::Fixed);
    for history in fixed.into_iter().chain([History::Nyquist]) {
        scenario.cca.history = history;
        let mut sum = 0.0;
        for seed in 1..=SEEDS {
            scenario.seed = seed;
            let mut sim = Simulation::new(&scenario).expect("a valid scenario");
            sim.run();
            sum += sim.report().cct_inflation.expect("the flow finishes");
        }
        let name = match history {
            History::Fixed(h) => h.to_string(),
            History::Nyquist => "nyquist".to_string(),
        };
        println!("{name:<10} {:>6.0} %", sum / SEEDS as f64 * 100.0);
        above.push((history, sum / SEEDS as f64));
    }
    // what the sweep shows: H = 1 is Swift's collapse; from H = 3 on, and with the Nyquist
    // rule, the long path's samples are a minority and the flow runs within a tenth of it
    let swift = above[0].1;
    for &(history, x) in &above {
        match history {
            History::Fixed(1) | History::Fixed(2) => {}
            _ => assert!(
                x < swift / 10.0,
                "{history:?}: {x:.2} against H = 1's {swift:.2}"
            ),
        }
    }
}
