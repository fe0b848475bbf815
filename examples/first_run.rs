//! A first run through the library: the paper's baseline under Swift (which reacts to the latest
//! delay), LSwift (Swift that tolerates reordering) and MSwift (which decides on the median of
//! the last H delays).
//!
//! ```bash
//! cargo run --release --example first_run
//! ```
//!
//! Swift's cwnd is cut whenever the latest packet went through a congested path, so with a few
//! ECMP elephants among the sprayed flows its collective completes far later than the
//! zero-queueing bound; MSwift ignores a minority of late signals (the paper's §III).

use spraylab::{Scenario, Simulation};

fn main() {
    // 128 hosts (k = 8), 4 ECMP elephants, 124 flows of 8 MiB sprayed per packet (OPS): the
    // paper's Fig. 4, seed 1 (REPRODUCTION.md has the means over 10 seeds)
    let mut scenario = Scenario::preset("baseline").expect("a preset");

    println!("CCA      CCT (µs)   above the bound   drops");
    let mut above = Vec::new();
    for cca in ["swift", "lswift", "mswift"] {
        scenario.set_field("cca", cca).expect("a CCA name");
        let mut sim = Simulation::new(&scenario).expect("a valid scenario");
        sim.run();
        let report = sim.report();
        let cct = report.cct_us.expect("every flow finishes");
        let inflation = report.cct_inflation.expect("a finished run") * 100.0;
        println!(
            "{cca:<8} {cct:>8.1}   {inflation:>14.0} %   {:>5}",
            report.counters.drops
        );
        above.push(inflation);
    }
    // what the run shows: Swift collapses, LSwift much less, MSwift least (the paper's Fig. 4)
    let [swift, lswift, mswift] = above[..] else {
        unreachable!("three CCAs")
    };
    assert!(
        swift > 10.0 * mswift,
        "Swift {swift:.0} % against MSwift {mswift:.0} %"
    );
    assert!(
        lswift > mswift,
        "LSwift {lswift:.0} % against MSwift {mswift:.0} %"
    );
}
