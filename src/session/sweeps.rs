//! The page's sweeps area as plain data: the sweep form, the sweep on screen and the pool of
//! workers running it. Its actions are in `sweeping.rs`.

use crate::protocol::FromWorker;
use crate::scenario::ScenarioError;
use crate::sweep::form::SweepForm;
use crate::sweep::{Sweep, SweepRun};

/// What the sweeps area holds.
#[derive(Debug, Default)]
pub struct Sweeps {
    pub(super) form: SweepForm,
    /// Why the last sweep was refused.
    pub(super) refused: Option<ScenarioError>,
    /// The sweep on screen, running or ended.
    pub(super) run: Option<SweepRun>,
    /// The last sweep started or opened, which the address bar holds.
    pub(super) shared: Option<Sweep>,
    /// The generation of the pool running the sweep; `None` when no pool runs.
    pub(super) pool: Option<u32>,
    pub(super) generation: u32,
    /// The most workers a sweep gets: the machine's cores less one (the shell says how many).
    pub(super) cores: usize,
}

/// A message from a worker of a sweep's pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolMessage {
    /// The generation of the pool the worker belongs to.
    pub generation: u32,
    pub worker: usize,
    /// What the worker said, or why it failed (or could not start).
    pub event: Result<FromWorker, String>,
}

impl Sweeps {
    /// The sweep on screen, running or done.
    pub fn run(&self) -> Option<&SweepRun> {
        self.run.as_ref()
    }

    /// The sweep form's inputs.
    pub fn form(&self) -> &SweepForm {
        &self.form
    }

    /// Why the form's sweep was refused, if it was.
    pub fn refused(&self) -> Option<&ScenarioError> {
        self.refused.as_ref()
    }

    /// Shows `sweep` in the form and the address bar, without running it (an address opened).
    pub fn show(&mut self, sweep: Sweep) {
        self.form.show(&sweep);
        self.shared = Some(sweep);
    }
}
