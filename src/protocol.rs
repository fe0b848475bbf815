//! The web worker protocol: messages between the page and the simulation worker, and the run
//! loop the worker drives.
//!
//! The page sends [`ToWorker`]; the worker answers with [`FromWorker`]. Both travel as postcard
//! bytes (compact and fast to decode). A run goes `Started`, then `Progress` after every chunk
//! (with the timeline samples of that chunk), then `Finished` with the report, or `Cancelled`,
//! or `Failed`. [`Runner`] is the platform-independent part of the worker: it owns a
//! [`Simulation`] and advances it one chunk at a time, so the worker can yield between chunks
//! and see a cancel message.

use crate::scenario::Scenario;
use crate::sim::netmap::NetMap;
use crate::sim::time::{from_us, SimTime};
use crate::sim::timeline::TimelineBatch;
use crate::sim::trace::Decision;
use crate::sim::{Progress, Simulation};
use crate::Report;
use serde::{Deserialize, Serialize};

/// A message from the page to the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Start run `id` (a run in progress is dropped).
    Run { id: u32, scenario: Box<Scenario> },
    /// Stop run `id` at the next chunk boundary.
    Cancel { id: u32 },
    /// Run job `id` of a sweep to its end: no timeline is sent, only [`FromWorker::JobDone`]
    /// (a run in progress is dropped).
    Job { id: u32, scenario: Box<Scenario> },
    /// Pace run `id` to `sim_us_per_s` simulated µs per wall-clock second from now on (`None`:
    /// as fast as the machine goes).
    Pace { id: u32, sim_us_per_s: Option<f64> },
    /// Run `scenario` again as job `id`, recording flow `flow`'s every window decision (the
    /// command line's `--trace-flow`): only [`FromWorker::Traced`] is sent, at its end. The
    /// simulation is deterministic, so the decisions are the ones of the run on screen.
    Trace {
        id: u32,
        scenario: Box<Scenario>,
        flow: u32,
    },
}

/// Static facts about a run, sent once at its start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunMeta {
    /// (source, destination, sprayed) of every flow, in timeline order.
    pub flows: Vec<(u32, u32, bool)>,
    /// Names of the switch ports, in timeline order.
    pub port_names: Vec<String>,
    /// Timeline indices of the ports the elephants cross.
    pub elephant_ports: Vec<usize>,
    /// Zero-queueing lower bound of the CCT, µs.
    pub ideal_cct_us: f64,
    /// The network, for its picture.
    pub network: NetMap,
    /// Where the charts draw their reference lines.
    pub references: References,
}

/// What the charts draw their reference lines at, as the run's simulation has them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct References {
    /// The network's bandwidth-delay product, packets: its longest unloaded RTT at line rate.
    pub bdp_packets: f64,
    /// The most packets a window reaches on that path (the CCA's cap).
    pub window_cap_packets: f64,
    /// A switch port's buffer and ECN thresholds.
    pub port: crate::sim::PortLimits,
}

/// A message from the worker to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker is loaded and listening.
    Ready,
    Started {
        id: u32,
        meta: RunMeta,
    },
    /// One chunk done: where the run stands, the wall time so far, the samples of the chunk.
    Progress {
        id: u32,
        progress: Progress,
        elapsed_ms: f64,
        batch: TimelineBatch,
    },
    Finished {
        id: u32,
        /// Boxed: the largest message, travelling once per run.
        report: Box<Report>,
        /// The run's last progress, complete (a run short enough to end in its first chunk
        /// sends no `Progress` before this).
        progress: Progress,
        elapsed_ms: f64,
        batch: TimelineBatch,
    },
    Cancelled {
        id: u32,
    },
    /// A sweep's job is over: its report.
    JobDone {
        id: u32,
        report: Report,
        elapsed_ms: f64,
    },
    /// A trace's end: the flow's decisions in time order (the first [`MAX_TRACE_ROWS`]), and
    /// how many more there were.
    Traced {
        id: u32,
        flow: u32,
        decisions: Vec<Decision>,
        left_out: u64,
    },
    /// The scenario was refused (or the message could not be read).
    Failed {
        id: u32,
        message: String,
    },
}

/// Encodes a message for `postMessage`.
pub fn encode<T: Serialize>(msg: &T) -> Vec<u8> {
    postcard::to_allocvec(msg).expect("protocol messages always encode")
}

/// Decodes a message; an error names what could not be read.
pub fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, String> {
    postcard::from_bytes(bytes).map_err(|e| format!("unreadable worker message: {e}"))
}

/// Most timeline samples one chunk covers: a chunk also stops after this many sampling
/// intervals of simulated time, so no message grows large (at k = 16 a sample is about
/// 130 KB, and the cheap end of a run once covered 120 samples in one chunk), and the browser's
/// memory budget counts this many buckets of the timeline, not its full buffer.
pub const MAX_CHUNK_SAMPLES: f64 = crate::scenario::WORKER_CHUNK_SAMPLES as f64;

/// Most decisions a trace sends the page (about 60 bytes each as postcard): a flow of the
/// browser's sizes makes a few thousand.
pub const MAX_TRACE_ROWS: usize = 1 << 16;

/// One run inside the worker.
pub struct Runner {
    pub id: u32,
    sim: Simulation,
    /// Simulated time one chunk may cover at most, µs (infinite without a timeline).
    max_chunk_us: f64,
}

impl Runner {
    /// Simulated time so far, µs.
    pub fn sim_time_us(&self) -> f64 {
        self.sim.sim_time_us()
    }

    /// Builds the simulation of `scenario` and its `Started` message; an error names the field.
    pub fn start(id: u32, scenario: &Scenario) -> Result<(Runner, FromWorker), String> {
        let runner = Runner::job(id, scenario)?;
        let sim = &runner.sim;
        let meta = RunMeta {
            flows: sim.flow_endpoints(),
            port_names: sim.timeline_port_names(),
            elephant_ports: sim.elephant_ports(),
            ideal_cct_us: sim.report().ideal_cct_us,
            network: sim.network_map(),
            references: References {
                bdp_packets: sim.bdp_packets(),
                window_cap_packets: scenario.cca.window_cap_packets(sim.bdp_packets()),
                port: sim.port_limits(),
            },
        };
        Ok((runner, FromWorker::Started { id, meta }))
    }

    /// Builds the simulation of `scenario` without a `Started` message: a sweep's job, whose
    /// page needs only the report. The scenario is run as given, timeline included, so the
    /// report (its event count too) is the command line's.
    pub fn job(id: u32, scenario: &Scenario) -> Result<Runner, String> {
        let sim = Simulation::new(scenario).map_err(|e| e.to_string())?;
        let interval = scenario.timeline.interval_us;
        let max_chunk_us = if interval > 0.0 {
            interval * MAX_CHUNK_SAMPLES
        } else {
            f64::INFINITY
        };
        Ok(Runner {
            id,
            sim,
            max_chunk_us,
        })
    }

    /// Builds a job that records flow `flow`'s every decision ([`ToWorker::Trace`]); an error
    /// names the field, or the flow that does not exist.
    pub fn trace(id: u32, scenario: &Scenario, flow: u32) -> Result<Runner, String> {
        let mut runner = Runner::job(id, scenario)?;
        runner.sim.trace_flow(flow as usize)?;
        Ok(runner)
    }

    /// A trace's end: the decisions recorded (at most [`MAX_TRACE_ROWS`]).
    pub fn traced(&mut self) -> FromWorker {
        let mut taken = self.sim.take_decisions();
        let flow = self.sim.trace().flow.map_or(0, |f| f.0);
        let over = taken.rows.len().saturating_sub(MAX_TRACE_ROWS);
        taken.rows.truncate(MAX_TRACE_ROWS);
        FromWorker::Traced {
            id: self.id,
            flow,
            decisions: taken.rows,
            left_out: taken.left_out + over as u64,
        }
    }

    /// Advances by at most `budget` events; `Progress`, or `Finished` once the run is over.
    pub fn step(&mut self, budget: u64, elapsed_ms: f64) -> FromWorker {
        self.step_until(budget, elapsed_ms, f64::INFINITY)
    }

    /// Like [`Runner::step`], but no further than `until_us` of simulated time (pacing).
    pub fn step_until(&mut self, budget: u64, elapsed_ms: f64, until_us: f64) -> FromWorker {
        // measured from the next event, so a chunk always makes progress
        let from = self.sim.next_event_us().unwrap_or(f64::INFINITY);
        let until_us = until_us.min(from + self.max_chunk_us);
        let until: SimTime = if until_us.is_finite() {
            from_us(until_us.max(0.0))
        } else {
            SimTime::MAX
        };
        let progress = self.sim.advance_until(budget, until);
        let batch = self.sim.drain_timeline();
        let id = self.id;
        if progress.done {
            FromWorker::Finished {
                id,
                report: Box::new(self.sim.report()),
                progress,
                elapsed_ms,
                batch,
            }
        } else {
            FromWorker::Progress {
                id,
                progress,
                elapsed_ms,
                batch,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::History;

    fn small() -> Scenario {
        let mut s = Scenario::default();
        s.topology.k = 4;
        s.workload.elephants = 2;
        s.workload.flow_size_bytes = 128 << 10;
        s.cca.history = History::Fixed(5);
        s
    }

    #[test]
    fn messages_round_trip_through_postcard() {
        let run = ToWorker::Run {
            id: 7,
            scenario: Box::new(small()),
        };
        assert_eq!(decode::<ToWorker>(&encode(&run)).unwrap(), run);
        let mut nyquist = small();
        nyquist.cca.history = History::Nyquist;
        let run = ToWorker::Run {
            id: 8,
            scenario: Box::new(nyquist),
        };
        assert_eq!(decode::<ToWorker>(&encode(&run)).unwrap(), run);
        assert!(decode::<ToWorker>(&[0xff, 0xff, 0xff])
            .unwrap_err()
            .contains("unreadable"));
    }

    #[test]
    fn a_runner_in_chunks_reports_what_a_whole_run_reports() {
        let s = small();
        let mut whole = Simulation::new(&s).unwrap();
        whole.run();
        let (mut runner, started) = Runner::start(3, &s).unwrap();
        let FromWorker::Started { meta, .. } = started else {
            panic!("{started:?}")
        };
        assert_eq!(meta.flows.len(), 16);
        let mut samples = 0;
        let report = loop {
            match runner.step(5_000, 0.0) {
                FromWorker::Progress { batch, .. } => samples += batch.buckets,
                FromWorker::Finished { report, batch, .. } => {
                    samples += batch.buckets;
                    break *report;
                }
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(report, whole.report());
        assert!(samples > 0);
        let bytes = encode(&FromWorker::Finished {
            id: 3,
            report: Box::new(report.clone()),
            progress: whole.progress(),
            elapsed_ms: 1.0,
            batch: Default::default(),
        });
        assert!(
            matches!(decode::<FromWorker>(&bytes).unwrap(), FromWorker::Finished { report: r, .. } if *r == report)
        );
    }

    #[test]
    fn no_chunk_carries_more_than_its_share_of_samples() {
        let mut s = small();
        s.workload.flow_size_bytes = 2 << 20;
        let mut whole = Simulation::new(&s).unwrap();
        whole.run();
        let (mut runner, _) = Runner::start(4, &s).unwrap();
        let mut chunks = 0;
        let report = loop {
            chunks += 1;
            // an unlimited budget: only the simulated-time cap ends a chunk
            match runner.step(u64::MAX, 0.0) {
                FromWorker::Progress { batch, .. } => {
                    assert!(
                        batch.buckets as f64 <= MAX_CHUNK_SAMPLES + 1.0,
                        "{}",
                        batch.buckets
                    )
                }
                FromWorker::Finished { report, batch, .. } => {
                    assert!(batch.buckets as f64 <= MAX_CHUNK_SAMPLES + 1.0);
                    break *report;
                }
                other => panic!("{other:?}"),
            }
        };
        assert!(chunks > 2, "{chunks}");
        assert_eq!(report, whole.report(), "chunking changes nothing");
    }

    #[test]
    fn a_bad_scenario_fails_with_the_field_named() {
        let mut s = small();
        s.topology.k = 5;
        match Runner::start(1, &s) {
            Err(message) => assert!(message.contains("topology.k"), "{message}"),
            Ok(_) => panic!("accepted k = 5"),
        }
    }
}
