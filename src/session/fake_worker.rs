//! The worker played in process, for tests: a [`crate::protocol::Runner`] takes the worker's
//! part, one chunk per step, so a test drives a [`Session`] as the page does.

use super::*;
use crate::protocol::Runner;
use crate::scenario::History;

/// The worker, in process: one run at a time, advanced in small chunks.
pub(crate) struct FakeWorker {
    pub(crate) runner: Option<Runner>,
    /// The runner is a trace: its end is its decisions.
    tracing: bool,
    pub(crate) inbox: Vec<FromWorker>,
    /// Events per chunk: small, so that a run sends `Progress` messages, unless a test wants a
    /// run over in one chunk as the page's worker, whose budget grows, often has it.
    pub(crate) budget: u64,
}

impl FakeWorker {
    pub(crate) fn new() -> FakeWorker {
        FakeWorker {
            runner: None,
            tracing: false,
            inbox: vec![FromWorker::Ready],
            budget: 3_000,
        }
    }

    pub(crate) fn send(&mut self, msgs: Vec<ToWorker>) {
        for m in msgs {
            match m {
                ToWorker::Run { id, scenario } => match Runner::start(id, &scenario) {
                    Ok((r, started)) => {
                        self.inbox.push(started);
                        self.runner = Some(r);
                        self.tracing = false;
                    }
                    Err(message) => self.inbox.push(FromWorker::Failed { id, message }),
                },
                ToWorker::Trace { id, scenario, flow } => {
                    match Runner::trace(id, &scenario, flow) {
                        Ok(r) => {
                            self.runner = Some(r);
                            self.tracing = true;
                        }
                        Err(message) => self.inbox.push(FromWorker::Failed { id, message }),
                    }
                }
                ToWorker::Cancel { id } => {
                    if self.runner.as_ref().is_some_and(|r| r.id == id) {
                        self.runner = None;
                        self.inbox.push(FromWorker::Cancelled { id });
                    }
                }
                ToWorker::Pace { .. } => {}
                ToWorker::Job { .. } => panic!("the session never sends a sweep's jobs"),
            }
        }
    }

    /// Delivers what is waiting, else runs one chunk; false once idle.
    pub(crate) fn pump(&mut self, to: &mut impl Receiver) -> bool {
        if self.inbox.is_empty() {
            let Some(r) = &mut self.runner else {
                return false;
            };
            let msg = r.step(self.budget, 1.0);
            let finished = matches!(msg, FromWorker::Finished { .. });
            match (self.tracing, finished) {
                (false, _) => self.inbox.push(msg),
                (true, true) => self.inbox.push(r.traced()),
                (true, false) => {}
            }
            if finished {
                self.runner = None;
            }
        }
        for msg in std::mem::take(&mut self.inbox) {
            let out = to.receive(msg);
            self.send(out);
        }
        true
    }

    pub(crate) fn run_to_idle(&mut self, to: &mut impl Receiver) {
        while self.pump(to) {}
    }
}

/// What takes the worker's messages: a session alone, or a page (which also asks for the
/// followed flow's trace, as the app does).
pub(crate) trait Receiver {
    fn receive(&mut self, msg: FromWorker) -> Vec<ToWorker>;
}

impl Receiver for Session {
    fn receive(&mut self, msg: FromWorker) -> Vec<ToWorker> {
        self.on_message(msg).0
    }
}

impl Receiver for super::page::Page {
    fn receive(&mut self, msg: FromWorker) -> Vec<ToWorker> {
        let effects = self.reduce(super::actions::Action::Worker(Box::new(msg)));
        effects
            .into_iter()
            .flat_map(|e| match e {
                super::effects::Effect::Worker(msgs) => msgs,
                _ => Vec::new(),
            })
            .collect()
    }
}

/// A page whose main run of `s` has finished, the followed flow's decisions traced.
pub(crate) fn finished_page(s: Scenario) -> super::page::Page {
    let (mut page, mut worker) = (super::page::Page::new(s.clone()), FakeWorker::new());
    worker.run_to_idle(&mut page);
    worker.send(page.session.start(s));
    worker.run_to_idle(&mut page);
    assert!(page.session.flow_trace().is_some(), "the trace came");
    page
}

/// A small baseline: k = 4, two elephants, 256 KiB flows.
pub(crate) fn small() -> Scenario {
    let mut s = Scenario::default();
    s.topology.k = 4;
    s.workload.elephants = 2;
    s.workload.flow_size_bytes = 256 << 10;
    s.cca.history = History::Fixed(5);
    s.timeline.max_buffered = 4096;
    s
}

/// A session whose main run of `s` has finished.
pub(crate) fn finished_session(s: Scenario) -> Session {
    let (mut session, mut worker) = (Session::new(), FakeWorker::new());
    worker.run_to_idle(&mut session);
    worker.send(session.start(s));
    worker.run_to_idle(&mut session);
    assert_eq!(session.phase, Some(Phase::Done));
    session
}
