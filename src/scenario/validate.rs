//! [`Scenario::validate`]: every field against its allowed range, naming the field and the
//! range in the error, so that nothing out of range reaches the simulator. Fixed ranges are the
//! field registry's ([`super::registry`]); the ones that depend on other fields are checked
//! here with the scenario's numbers.

use super::*;

impl Scenario {
    /// Checks every field against its allowed range.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let t = &self.topology;
        if !(4..=MAX_K).contains(&t.k) || t.k % 2 != 0 {
            return Err(err(
                registry::TOPOLOGY_K.path,
                format!(
                    "must be an even number from 4 to {MAX_K} (16 to 8192 hosts), got {}",
                    t.k
                ),
            ));
        }
        registry::TOPOLOGY_LINK_GBPS.check_whole(t.link_gbps as u64)?;
        registry::TOPOLOGY_LINK_LATENCY_US.check_real(t.link_latency_us)?;
        registry::TOPOLOGY_MSS_BYTES.check_whole(t.mss_bytes as u64)?;
        registry::TOPOLOGY_HEADER_BYTES.check_whole(t.header_bytes as u64)?;
        registry::TOPOLOGY_ACK_BYTES.check_whole(t.ack_bytes as u64)?;
        let wire = (t.mss_bytes + t.header_bytes) as u64;
        range_u(
            registry::TOPOLOGY_BUFFER_BYTES.path,
            t.buffer_bytes as u64,
            wire,
            1 << 30,
        )?;
        if t.buffer_packets != 0 {
            range_u(
                registry::TOPOLOGY_BUFFER_PACKETS.path,
                t.buffer_packets as u64,
                1,
                (1 << 30) / wire,
            )?;
        }
        range_u(
            registry::TOPOLOGY_ECN_MAX_BYTES.path,
            t.ecn_max_bytes as u64,
            0,
            t.buffer_bytes as u64,
        )?;
        range_u(
            registry::TOPOLOGY_ECN_MIN_BYTES.path,
            t.ecn_min_bytes as u64,
            0,
            t.ecn_max_bytes as u64,
        )?;
        for (i, &w) in t.drr_weights.iter().enumerate() {
            let name = format!("{}[{i}]", registry::TOPOLOGY_DRR_WEIGHTS.path);
            registry::TOPOLOGY_DRR_WEIGHTS.check_real_as(&name, w)?;
        }
        registry::TOPOLOGY_DRR_QUANTUM_BYTES.check_whole(t.drr_quantum_bytes as u64)?;
        registry::TOPOLOGY_LINK_FAILURE_RATE.check_real(t.link_failure_rate)?;
        if t.failed_links_degraded && t.link_gbps < 4 {
            return Err(err(
                registry::TOPOLOGY_LINK_GBPS.path,
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
        registry::WORKLOAD_PATHS.check_whole(w.paths as u64)?;
        registry::WORKLOAD_LONG_PATH_EXTRA_US.check_real(w.long_path_extra_us)?;
        range_u(
            registry::WORKLOAD_INCAST_SENDERS.path,
            w.incast_senders as u64,
            1,
            1023,
        )?;
        if w.kind == WorkloadKind::NPath {
            if e != 0 {
                return Err(err(
                    registry::WORKLOAD_ELEPHANTS.path,
                    format!("must be 0 in the npath model, got {e}"),
                ));
            }
        } else if w.kind != WorkloadKind::Permutation && e != 0 {
            let kind = self.field("workload").unwrap_or_default();
            return Err(err(
                registry::WORKLOAD_ELEPHANTS.path,
                format!("must be 0 in the {kind} workload, got {e}"),
            ));
        } else if w.kind == WorkloadKind::Incast {
            range_u(
                registry::WORKLOAD_INCAST_SENDERS.path,
                w.incast_senders as u64,
                1,
                hosts - 1,
            )?;
        } else if w.kind == WorkloadKind::Hsdp && (hosts % 8 != 0 || hosts < 16) {
            let msg =
                format!("hsdp needs servers of 8 hosts and at least 2 servers; {hosts} hosts");
            return Err(err(registry::TOPOLOGY_K.path, msg));
        } else if e == 1 || e + 2 > hosts {
            return Err(err(
                registry::WORKLOAD_ELEPHANTS.path,
                format!(
                    "must be 0 or from 2 to {} (hosts minus the 2 a permutation needs), got {e}",
                    hosts - 2
                ),
            ));
        }
        registry::WORKLOAD_FLOW_SIZE_BYTES.check_whole(w.flow_size_bytes)?;
        self.validate_connections(hosts)?;
        registry::LB_PATH_LABELS.check_whole(self.lb.path_labels as u64)?;
        if self.lb.scheme == LbScheme::Oblivious && !self.lb.path_labels.is_power_of_two() {
            return Err(err(
                registry::LB_PATH_LABELS.path,
                format!(
                    "must be a power of two from 1 to 32768 with the oblivious scheme (it XORs \
                     label indices with a mask), got {}",
                    self.lb.path_labels
                ),
            ));
        }
        let levels = &self.lb.ar_levels_pct;
        range_u(registry::LB_AR_LEVELS_PCT.path, levels.len() as u64, 1, 16)?;
        for (i, &l) in levels.iter().enumerate() {
            let lo = if i == 0 { 0.0 } else { levels[i - 1] + 1e-9 };
            range_f(&format!("lb.ar_levels_pct[{i}]"), l, lo, 100.0)?;
        }
        registry::LB_AR_REFRESH_US.check_real(self.lb.ar_refresh_us)?;

        let c = &self.cca;
        if let History::Fixed(h) = c.history {
            range_u(registry::CCA_HISTORY.path, h as u64, 1, MAX_HISTORY as u64)?;
        }
        registry::CCA_PERCENTILE.check_whole(c.percentile as u64)?;
        let s = &c.swift;
        registry::CCA_SWIFT_AI.check_real(s.ai)?;
        registry::CCA_SWIFT_BETA.check_real(s.beta)?;
        registry::CCA_SWIFT_MAX_MDF.check_real(s.max_mdf)?;
        registry::CCA_SWIFT_TARGET_QUEUE_DELAY_US.check_real(s.target_queue_delay_us)?;
        registry::CCA_SWIFT_FS_RANGE_US.check_real(s.fs_range_us)?;
        registry::CCA_SWIFT_FS_MIN_CWND.check_real(s.fs_min_cwnd)?;
        range_f(
            registry::CCA_SWIFT_FS_MAX_CWND.path,
            s.fs_max_cwnd,
            s.fs_min_cwnd * (1.0 + 1e-9),
            1e6,
        )?;
        registry::CCA_SWIFT_MIN_CWND.check_real(s.min_cwnd)?;
        registry::CCA_SWIFT_MAX_CWND.check_real(s.max_cwnd)?;
        registry::CCA_SWIFT_RETX_RESET_THRESHOLD.check_whole(s.retx_reset_threshold as u64)?;
        registry::CCA_SWIFT_LTCP_K.check_whole(s.ltcp_k as u64)?;
        registry::CCA_INITIAL_CWND_BDP.check_real(c.initial_cwnd_bdp)?;
        registry::CCA_NSCC_TARGET_QDELAY_US.check_real(c.nscc.target_qdelay_us)?;
        registry::CCA_NSCC_RTO_MIN_US.check_real(c.nscc.rto_min_us)?;
        registry::CCA_NSCC_ACK_EVERY_BYTES.check_whole(c.nscc.ack_every_bytes)?;

        let tr = &self.transport;
        registry::TRANSPORT_DUPTHRESH.check_whole(tr.dupthresh as u64)?;
        registry::TRANSPORT_RTO_MIN_US.check_real(tr.rto_min_us)?;
        range_f(
            registry::TRANSPORT_RTO_INITIAL_US.path,
            tr.rto_initial_us,
            tr.rto_min_us,
            1e7,
        )?;
        registry::TRANSPORT_ACK_EVERY_BYTES.check_whole(tr.ack_every_bytes)?;

        let tl = &self.timeline;
        if tl.interval_us != 0.0
            && range_f(
                registry::TIMELINE_INTERVAL_US.path,
                tl.interval_us,
                0.01,
                1e6,
            )
            .is_err()
        {
            return Err(err(
                registry::TIMELINE_INTERVAL_US.path,
                format!(
                    "must be 0 (no sampling) or a number from 0.01 to 1000000, got {}",
                    tl.interval_us
                ),
            ));
        }
        registry::TIMELINE_MAX_BUFFERED.check_whole(tl.max_buffered as u64)?;
        registry::MAX_SIM_TIME_US.check_real(self.max_sim_time_us)?;
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
                registry::WORKLOAD_TRAFFIC.path,
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
                registry::WORKLOAD_CONNECTIONS.path,
                "a traffic matrix runs on the fat-tree, not in the npath model",
            ));
        }
        range_u(
            registry::WORKLOAD_CONNECTIONS.path,
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
