//! [`Scenario::validate`]: every field against its allowed range, naming the field and the
//! range in the error, so that nothing out of range reaches the simulator.

use super::*;

impl Scenario {
    /// Checks every field against its allowed range.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let t = &self.topology;
        if !(4..=MAX_K).contains(&t.k) || t.k % 2 != 0 {
            return Err(err(
                "topology.k",
                format!(
                    "must be an even number from 4 to {MAX_K} (16 to 8192 hosts), got {}",
                    t.k
                ),
            ));
        }
        range_u("topology.link_gbps", t.link_gbps as u64, 1, 3200)?;
        range_f("topology.link_latency_us", t.link_latency_us, 0.0, 1000.0)?;
        range_u("topology.mss_bytes", t.mss_bytes as u64, 64, 65_536)?;
        range_u("topology.header_bytes", t.header_bytes as u64, 0, 1024)?;
        range_u("topology.ack_bytes", t.ack_bytes as u64, 1, 1024)?;
        let wire = (t.mss_bytes + t.header_bytes) as u64;
        range_u(
            "topology.buffer_bytes",
            t.buffer_bytes as u64,
            wire,
            1 << 30,
        )?;
        if t.buffer_packets != 0 {
            range_u(
                "topology.buffer_packets",
                t.buffer_packets as u64,
                1,
                (1 << 30) / wire,
            )?;
        }
        range_u(
            "topology.ecn_max_bytes",
            t.ecn_max_bytes as u64,
            0,
            t.buffer_bytes as u64,
        )?;
        range_u(
            "topology.ecn_min_bytes",
            t.ecn_min_bytes as u64,
            0,
            t.ecn_max_bytes as u64,
        )?;
        range_f("topology.drr_weights[0]", t.drr_weights[0], 0.01, 100.0)?;
        range_f("topology.drr_weights[1]", t.drr_weights[1], 0.01, 100.0)?;
        range_u(
            "topology.drr_quantum_bytes",
            t.drr_quantum_bytes as u64,
            64,
            1 << 20,
        )?;
        range_f("topology.link_failure_rate", t.link_failure_rate, 0.0, 0.5)?;
        if t.failed_links_degraded && t.link_gbps < 4 {
            return Err(err(
                "topology.link_gbps",
                format!(
                    "must be at least 4 with topology.failed_links_degraded (a degraded link runs \
                     at a quarter of the rate), got {}",
                    t.link_gbps
                ),
            ));
        }

        let hosts = self.hosts() as u64;
        let w = &self.workload;
        let e = w.elephants as u64;
        // the other workloads' fields too, at their widest range: no nonsense waits in a file or link
        range_u("workload.paths", w.paths as u64, 2, 10_000)?;
        range_f(
            "workload.long_path_extra_us",
            w.long_path_extra_us,
            0.0,
            1000.0,
        )?;
        range_u("workload.incast_senders", w.incast_senders as u64, 1, 1023)?;
        if w.kind == WorkloadKind::NPath {
            if e != 0 {
                return Err(err(
                    "workload.elephants",
                    format!("must be 0 in the npath model, got {e}"),
                ));
            }
        } else if w.kind != WorkloadKind::Permutation && e != 0 {
            let kind = self.field("workload").unwrap_or_default();
            return Err(err(
                "workload.elephants",
                format!("must be 0 in the {kind} workload, got {e}"),
            ));
        } else if w.kind == WorkloadKind::Incast {
            range_u(
                "workload.incast_senders",
                w.incast_senders as u64,
                1,
                hosts - 1,
            )?;
        } else if w.kind == WorkloadKind::Hsdp && (hosts % 8 != 0 || hosts < 16) {
            let msg =
                format!("hsdp needs servers of 8 hosts and at least 2 servers; {hosts} hosts");
            return Err(err("topology.k", msg));
        } else if e == 1 || e + 2 > hosts {
            return Err(err(
                "workload.elephants",
                format!(
                    "must be 0 or from 2 to {} (hosts minus the 2 a permutation needs), got {e}",
                    hosts - 2
                ),
            ));
        }
        range_u("workload.flow_size_bytes", w.flow_size_bytes, 1, 1 << 30)?;
        self.validate_connections(hosts)?;
        range_u("lb.path_labels", self.lb.path_labels as u64, 1, 65_534)?;
        if self.lb.scheme == LbScheme::Oblivious && !self.lb.path_labels.is_power_of_two() {
            return Err(err(
                "lb.path_labels",
                format!(
                    "must be a power of two from 1 to 32768 with the oblivious scheme (it XORs \
                     label indices with a mask), got {}",
                    self.lb.path_labels
                ),
            ));
        }
        let levels = &self.lb.ar_levels_pct;
        range_u("lb.ar_levels_pct", levels.len() as u64, 1, 16)?;
        for (i, &l) in levels.iter().enumerate() {
            let lo = if i == 0 { 0.0 } else { levels[i - 1] + 1e-9 };
            range_f(&format!("lb.ar_levels_pct[{i}]"), l, lo, 100.0)?;
        }
        range_f("lb.ar_refresh_us", self.lb.ar_refresh_us, 0.0, 1000.0)?;

        let c = &self.cca;
        if let History::Fixed(h) = c.history {
            range_u("cca.history", h as u64, 1, MAX_HISTORY as u64)?;
        }
        range_u("cca.percentile", c.percentile as u64, 1, 99)?;
        let s = &c.swift;
        range_f("cca.swift.ai", s.ai, 1e-6, 100.0)?;
        range_f("cca.swift.beta", s.beta, 1e-6, 1.0)?;
        range_f("cca.swift.max_mdf", s.max_mdf, 1e-6, 0.999)?;
        range_f(
            "cca.swift.target_queue_delay_us",
            s.target_queue_delay_us,
            0.0,
            10_000.0,
        )?;
        range_f("cca.swift.fs_range_us", s.fs_range_us, 0.0, 10_000.0)?;
        range_f("cca.swift.fs_min_cwnd", s.fs_min_cwnd, 1e-6, 1e6)?;
        range_f(
            "cca.swift.fs_max_cwnd",
            s.fs_max_cwnd,
            s.fs_min_cwnd * (1.0 + 1e-9),
            1e6,
        )?;
        range_f("cca.swift.min_cwnd", s.min_cwnd, 1e-6, 1.0)?;
        range_f("cca.swift.max_cwnd", s.max_cwnd, 1.0, MAX_CWND_PACKETS)?;
        range_u(
            "cca.swift.retx_reset_threshold",
            s.retx_reset_threshold as u64,
            1,
            1000,
        )?;
        range_u("cca.swift.ltcp_k", s.ltcp_k as u64, 1, 64)?;
        range_f("cca.initial_cwnd_bdp", c.initial_cwnd_bdp, 1e-3, 10.0)?;
        range_f(
            "cca.nscc.target_qdelay_us",
            c.nscc.target_qdelay_us,
            0.01,
            10_000.0,
        )?;
        range_f("cca.nscc.rto_min_us", c.nscc.rto_min_us, 1.0, 1e6)?;
        range_u(
            "cca.nscc.ack_every_bytes",
            c.nscc.ack_every_bytes,
            0,
            1 << 24,
        )?;

        let tr = &self.transport;
        range_u("transport.dupthresh", tr.dupthresh as u64, 1, 64)?;
        range_f("transport.rto_min_us", tr.rto_min_us, 1.0, 1e6)?;
        range_f(
            "transport.rto_initial_us",
            tr.rto_initial_us,
            tr.rto_min_us,
            1e7,
        )?;
        range_u("transport.ack_every_bytes", tr.ack_every_bytes, 0, 1 << 24)?;

        let tl = &self.timeline;
        if tl.interval_us != 0.0
            && range_f("timeline.interval_us", tl.interval_us, 0.01, 1e6).is_err()
        {
            return Err(err(
                "timeline.interval_us",
                format!(
                    "must be 0 (no sampling) or a number from 0.01 to 1000000, got {}",
                    tl.interval_us
                ),
            ));
        }
        range_u("timeline.max_buffered", tl.max_buffered as u64, 2, 1 << 20)?;
        range_f("max_sim_time_us", self.max_sim_time_us, 1.0, 1e7)?;
        self.validate_events()
    }
}

fn range_u(field: &str, v: u64, lo: u64, hi: u64) -> Result<(), ScenarioError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(err(field, format!("must be from {lo} to {hi}, got {v}")))
    }
}

fn range_f(field: &str, v: f64, lo: f64, hi: f64) -> Result<(), ScenarioError> {
    if v.is_finite() && v >= lo && v <= hi {
        Ok(())
    } else {
        Err(err(
            field,
            format!("must be a number from {lo} to {hi}, got {v}"),
        ))
    }
}

impl Scenario {
    /// A traffic matrix's flows: on the fat-tree, between its hosts, each of a valid size.
    fn validate_connections(&self, hosts: u64) -> Result<(), ScenarioError> {
        use super::traffic::MAX_CONNECTIONS;
        let w = &self.workload;
        if let Some(path) = &w.traffic {
            return Err(err(
                "workload.traffic",
                format!(
                    "{path:?} is read by the command line (spraylab run --scenario FILE or --traffic FILE), which fills workload.connections"
                ),
            ));
        }
        if w.connections.is_empty() {
            return Ok(());
        }
        if w.kind == WorkloadKind::NPath {
            return Err(err(
                "workload.connections",
                "a traffic matrix runs on the fat-tree, not in the npath model",
            ));
        }
        range_u(
            "workload.connections",
            w.connections.len() as u64,
            1,
            MAX_CONNECTIONS as u64,
        )?;
        for (i, c) in w.connections.iter().enumerate() {
            let field = format!("workload.connections[{i}]");
            if c.src.max(c.dst) as u64 >= hosts {
                return Err(err(
                    &field,
                    format!(
                        "{}->{} names a host beyond the topology's {hosts} (0 to {}); a larger topology.k holds more",
                        c.src,
                        c.dst,
                        hosts - 1
                    ),
                ));
            }
            if c.src == c.dst {
                return Err(err(
                    &field,
                    format!("{}->{}: a host cannot send to itself", c.src, c.dst),
                ));
            }
            range_u(&format!("{field}.bytes"), c.bytes, 1, 1 << 30)?;
        }
        Ok(())
    }
}
