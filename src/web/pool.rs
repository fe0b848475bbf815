//! A pool of simulation workers for a sweep: `navigator.hardwareConcurrency − 1` of them (at
//! least one; the page's own thread keeps a core), never more than the sweep has runs. Each is
//! the same worker script as the main run's, started anew for every sweep and terminated when
//! the sweep ends or is cancelled, which stops its runs at once and gives back its memory.
//!
//! Every event carries the pool's generation, so a message still in flight from a terminated
//! pool is told apart from the current one's.

use super::bridge::SimWorker;
use crate::protocol::ToWorker;
use crate::session::sweeps::PoolMessage;
use yew::Callback;

/// The running workers of one sweep. Dropping the pool terminates them.
pub struct Pool {
    workers: Vec<SimWorker>,
    pub generation: u32,
}

/// The pool's size on this machine: the cores less one, at least one.
pub fn pool_size() -> usize {
    let cores = web_sys::window().map_or(2.0, |w| w.navigator().hardware_concurrency());
    let cores = if cores.is_finite() { cores as usize } else { 2 };
    cores.saturating_sub(1).max(1)
}

impl Pool {
    /// Starts `size` workers of the script at `url`; each one's events go to `on_event`.
    pub fn spawn(
        url: &str,
        size: usize,
        generation: u32,
        on_event: Callback<PoolMessage>,
    ) -> Result<Pool, String> {
        let workers = (0..size.max(1))
            .map(|worker| {
                let on_event = on_event.clone();
                SimWorker::spawn(
                    url,
                    Callback::from(move |event| {
                        on_event.emit(PoolMessage {
                            generation,
                            worker,
                            event,
                        })
                    }),
                )
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Pool {
            workers,
            generation,
        })
    }

    pub fn send(&self, worker: usize, msg: &ToWorker) {
        if let Some(w) = self.workers.get(worker) {
            w.send(msg);
        }
    }
}
