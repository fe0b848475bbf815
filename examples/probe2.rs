use spraylab::*;
fn main() {
    let mut s = Scenario::default();
    s.workload.elephants = 0;
    s.topology.k = 4;
    let mut sim = Simulation::new(&s).unwrap();
    for _ in 0..20 {
        sim.advance(2000);
        let p = sim.progress();
        let r = sim.report();
        println!(
            "t={:.3} data_sent={} expected~{:.0} (per host {:.1}) {:?}",
            p.sim_time_us,
            r.counters.data_packets,
            p.sim_time_us * 24.41 * 16.0,
            r.counters.data_packets as f64 / 16.0,
            (0..4).map(|f| sim.probe(f).3).collect::<Vec<_>>()
        );
    }
}
