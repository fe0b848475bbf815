use spraylab::*;
fn main() {
    let mut s = Scenario::default();
    let args: Vec<String> = std::env::args().collect();
    s.cca.algorithm = match args[1].as_str() {
        "swift" => scenario::CcaKind::Swift,
        "lswift" => scenario::CcaKind::LSwift,
        _ => scenario::CcaKind::MSwift,
    };
    s.workload.elephants = args[2].parse().unwrap();
    let src: u32 = args[3].parse().unwrap();
    let mut sim = Simulation::new(&s).unwrap();
    let f = sim
        .report()
        .flows
        .iter()
        .position(|x| x.src == src)
        .unwrap();
    let mut last = 0u64;
    let mut t_last = 0.0;
    while !sim.is_done() {
        sim.advance(40000);
        let p = sim.progress();
        let (c, inf, una, nxt, srtt) = sim.probe(f);
        println!(
            "t={:7.1} cwnd={:6.1} inflight={:4} una={:5} nxt={:5} srtt={:.2} goodput={:.1} pkt/us",
            p.sim_time_us,
            c,
            inf,
            una,
            nxt,
            srtt,
            (una - last) as f64 / (p.sim_time_us - t_last)
        );
        last = una;
        t_last = p.sim_time_us;
        if una >= 2048 {
            break;
        }
    }
}
