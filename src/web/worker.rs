//! The simulation worker: owns at most one [`Runner`] and advances it in chunks of about
//! `CHUNK_MS` of work, posting a `Progress` message (with the chunk's timeline samples) after
//! each. Between chunks it yields to the worker's event loop through a `MessageChannel` (which,
//! unlike `setTimeout`, is not clamped to 4 ms), so a `Cancel` is seen within one chunk.
//!
//! A sweep's job (`ToWorker::Job`) runs the same way but posts nothing until its end, then one
//! `JobDone` with the report: a pool of these workers runs a sweep's grid. A trace
//! (`ToWorker::Trace`) is a job too, whose end is one `Traced` with a flow's decisions.

use crate::protocol::{decode, encode, FromWorker, Runner, ToWorker};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent};

/// Target wall time of one chunk (keeps cancel latency and message rate low).
const CHUNK_MS: f64 = 25.0;

/// What a run posts.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// Every chunk's progress and samples, then the report.
    Live,
    /// A sweep's job: only its report, at the end.
    Job,
    /// A flow's decisions, at the end.
    Trace,
}

struct Active {
    runner: Runner,
    kind: Kind,
    started_ms: f64,
    /// Events per chunk, adapted to take about `CHUNK_MS`.
    budget: u64,
    pace: Option<Pace>,
}

/// A run slowed to a chosen simulated speed: from `origin_ms` (wall) at `origin_us` (simulated)
/// on, it may reach `origin_us + (now - origin_ms) / 1000 × sim_us_per_s`.
struct Pace {
    sim_us_per_s: f64,
    origin_ms: f64,
    origin_us: f64,
}

impl Pace {
    fn limit_us(&self, now_ms: f64) -> f64 {
        self.origin_us + (now_ms - self.origin_ms).max(0.0) / 1e3 * self.sim_us_per_s
    }
}

/// Wall time between the chunks of a paced run (about one display frame).
const PACED_TICK_MS: i32 = 16;

struct State {
    active: Option<Active>,
    channel: MessageChannel,
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(msg: &FromWorker) {
    let bytes = encode(msg);
    let array = js_sys::Uint8Array::from(&bytes[..]);
    let _ = scope().post_message(&array);
}

/// Installs the message handlers and tells the page the worker is ready.
pub fn start() {
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| handle(e.data()));
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();

    let channel = MessageChannel::new().expect("MessageChannel exists in workers");
    let on_step = Closure::<dyn FnMut(MessageEvent)>::new(|_| step());
    channel
        .port1()
        .set_onmessage(Some(on_step.as_ref().unchecked_ref()));
    on_step.forget();
    STATE.with(|s| {
        *s.borrow_mut() = Some(State {
            active: None,
            channel,
        })
    });
    post(&FromWorker::Ready);
}

fn handle(data: JsValue) {
    let bytes = js_sys::Uint8Array::new(&data).to_vec();
    match decode::<ToWorker>(&bytes) {
        Ok(ToWorker::Run { id, scenario }) => match Runner::start(id, &scenario) {
            Ok((runner, started)) => {
                post(&started);
                begin(runner, Kind::Live);
            }
            Err(message) => post(&FromWorker::Failed { id, message }),
        },
        Ok(ToWorker::Job { id, scenario }) => match Runner::job(id, &scenario) {
            Ok(runner) => begin(runner, Kind::Job),
            Err(message) => post(&FromWorker::Failed { id, message }),
        },
        Ok(ToWorker::Trace { id, scenario, flow }) => match Runner::trace(id, &scenario, flow) {
            Ok(runner) => begin(runner, Kind::Trace),
            Err(message) => post(&FromWorker::Failed { id, message }),
        },
        Ok(ToWorker::Cancel { id }) => {
            let cancelled = with_state(|s| match &s.active {
                Some(a) if a.runner.id == id => s.active.take().is_some(),
                _ => false,
            });
            if cancelled {
                post(&FromWorker::Cancelled { id });
            }
        }
        Ok(ToWorker::Pace { id, sim_us_per_s }) => with_state(|s| {
            if let Some(a) = s.active.as_mut().filter(|a| a.runner.id == id) {
                a.pace = sim_us_per_s
                    .filter(|r| r.is_finite() && *r > 0.0)
                    .map(|r| Pace {
                        sim_us_per_s: r,
                        origin_ms: super::now_ms(),
                        origin_us: a.runner.sim_time_us(),
                    });
            }
        }),
        Err(message) => post(&FromWorker::Failed { id: 0, message }),
    }
}

/// Makes `runner` the active run (dropping any other) and starts stepping it.
fn begin(runner: Runner, kind: Kind) {
    with_state(|s| {
        s.active = Some(Active {
            runner,
            kind,
            started_ms: super::now_ms(),
            budget: 20_000,
            pace: None,
        })
    });
    schedule_step();
}

fn with_state<T>(f: impl FnOnce(&mut State) -> T) -> T {
    STATE.with(|s| f(s.borrow_mut().as_mut().expect("worker started")))
}

/// Lets the event loop run (and deliver a cancel), then continues with [`step`].
fn schedule_step() {
    with_state(|s| {
        let _ = s.channel.port2().post_message(&JsValue::NULL);
    });
}

/// Continues with [`step`] after `ms` of wall time (a paced run waiting for the clock).
fn schedule_step_after(ms: i32) {
    let callback = Closure::once_into_js(step);
    let _ =
        scope().set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), ms);
}

/// One chunk of the active run.
fn step() {
    let Some(mut active) = with_state(|s| s.active.take()) else {
        return;
    };
    let t0 = super::now_ms();
    let until_us = active
        .pace
        .as_ref()
        .map_or(f64::INFINITY, |p| p.limit_us(t0));
    let msg = active
        .runner
        .step_until(active.budget, t0 - active.started_ms, until_us);
    let spent = (super::now_ms() - t0).max(0.1);
    // aim the next chunk at CHUNK_MS, changing by at most 2× at a time (a paced chunk stops at
    // the clock's limit, not at its budget, so it says nothing about the machine's speed)
    if active.pace.is_none() {
        let scale = (CHUNK_MS / spent).clamp(0.5, 2.0);
        active.budget = ((active.budget as f64 * scale) as u64).clamp(1_000, 5_000_000);
    }
    let finished = matches!(msg, FromWorker::Finished { .. });
    // a job's samples are dropped as they come (the timeline ran only so that the report is
    // the command line's, event count included)
    match (active.kind, msg) {
        (Kind::Live, msg) => post(&msg),
        (
            Kind::Job,
            FromWorker::Finished {
                id,
                report,
                elapsed_ms,
                ..
            },
        ) => post(&FromWorker::JobDone {
            id,
            report: *report,
            elapsed_ms,
        }),
        (Kind::Trace, FromWorker::Finished { .. }) => post(&active.runner.traced()),
        (Kind::Job | Kind::Trace, _) => {}
    }
    if !finished {
        let paced = active.pace.is_some();
        with_state(|s| s.active = Some(active));
        if paced {
            schedule_step_after(PACED_TICK_MS);
        } else {
            schedule_step();
        }
    }
}
