//! Which worker runs which job: each free worker takes the next job in grid order, so the rows
//! arrive roughly in order and every worker stays busy until the queue is empty. Progress is
//! weighed by each job's data packets (runs differ by flow size, k, elephants), and the time
//! left is the time so far scaled by the work left.

/// The jobs of one sweep over a pool of workers.
#[derive(Clone, Debug)]
pub struct Schedule {
    weights: Vec<f64>,
    /// The next job to hand out.
    next: usize,
    /// The job each worker runs.
    running: Vec<Option<usize>>,
    done: Vec<bool>,
    done_weight: f64,
    total_weight: f64,
}

impl Schedule {
    /// `weights[j]`: job j's work (its data packets); `workers`: the pool's size.
    pub fn new(weights: Vec<u64>, workers: usize) -> Schedule {
        let weights: Vec<f64> = weights.into_iter().map(|w| w.max(1) as f64).collect();
        Schedule {
            total_weight: weights.iter().sum(),
            done: vec![false; weights.len()],
            weights,
            next: 0,
            running: vec![None; workers.max(1)],
            done_weight: 0.0,
        }
    }

    pub fn workers(&self) -> usize {
        self.running.len()
    }

    /// The next job for `worker`, if it is free and any job is left.
    pub fn assign(&mut self, worker: usize) -> Option<usize> {
        let slot = self.running.get_mut(worker)?;
        if slot.is_some() || self.next >= self.weights.len() {
            return None;
        }
        *slot = Some(self.next);
        self.next += 1;
        Some(self.next - 1)
    }

    /// `worker` finished `job`. False (and nothing changes) unless it was running that job.
    pub fn finish(&mut self, worker: usize, job: usize) -> bool {
        match self.running.get_mut(worker) {
            Some(slot) if *slot == Some(job) => {
                *slot = None;
                self.done[job] = true;
                self.done_weight += self.weights[job];
                true
            }
            _ => false,
        }
    }

    /// Jobs finished.
    pub fn finished(&self) -> usize {
        self.done.iter().filter(|d| **d).count()
    }

    pub fn total(&self) -> usize {
        self.weights.len()
    }

    pub fn all_done(&self) -> bool {
        self.finished() == self.total()
    }

    /// The share of the work done, 0 to 1.
    pub fn fraction(&self) -> f64 {
        if self.total_weight > 0.0 {
            self.done_weight / self.total_weight
        } else {
            1.0
        }
    }

    /// Wall time left, ms, from the time so far; `None` until a job has finished.
    pub fn left_ms(&self, elapsed_ms: f64) -> Option<f64> {
        let f = self.fraction();
        (f > 0.0).then(|| elapsed_ms * (1.0 - f) / f)
    }
}
