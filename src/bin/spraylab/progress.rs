//! Progress of a long run on stderr: simulated time, flows finished, events per second and the
//! time left, drawn only when stderr is a terminal and the run has lasted about a second (a short
//! run, a pipe or a log file sees nothing). Never on stdout, which carries the report.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use spraylab::sim::Progress;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How long a run goes quietly before its progress shows.
const QUIET: Duration = Duration::from_secs(1);

/// The bar's unit: thousandths of the run's packets acknowledged.
const STEPS: u64 = 1000;

/// A run's progress line, shown once the run is long enough.
pub struct RunProgress {
    started: Instant,
    terminal: bool,
    bar: Option<ProgressBar>,
}

impl RunProgress {
    pub fn start() -> RunProgress {
        RunProgress {
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            bar: None,
        }
    }

    /// Shows where the run stands (after the first second, on a terminal).
    pub fn update(&mut self, p: &Progress) {
        if !self.terminal || self.started.elapsed() < QUIET {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{bar:30} {msg}, ~{eta} left")
                    .expect("a valid template"),
            );
            bar
        });
        bar.set_position(fraction(p));
        bar.set_message(line(p, self.started.elapsed().as_secs_f64()));
    }

    /// Clears the line (the report follows on stdout).
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The share of the run done, in [`STEPS`]: packets acknowledged over the finite flows' packets
/// (long-lived flows have no end to count towards).
fn fraction(p: &Progress) -> u64 {
    match p.packets_total {
        0 => 0,
        total => (p.packets_acked.min(total) * STEPS) / total,
    }
}

/// `123.4 µs simulated, 96/124 flows done, 12.3 M events/s`.
fn line(p: &Progress, wall_s: f64) -> String {
    format!(
        "{:.1} µs simulated, {}/{} flows done, {:.1} M events/s",
        p.sim_time_us,
        p.flows_done,
        p.flows_total,
        p.events as f64 / wall_s.max(1e-9) / 1e6
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(acked: u64, total: u64) -> Progress {
        Progress {
            sim_time_us: 50.0,
            flows_done: 3,
            flows_total: 8,
            events: 2_000_000,
            packets_acked: acked,
            packets_total: total,
            done: false,
        }
    }

    #[test]
    fn the_line_says_time_flows_and_speed_and_the_bar_the_share_done() {
        assert_eq!(fraction(&at(250, 1000)), 250);
        assert_eq!(fraction(&at(5, 0)), 0);
        assert_eq!(fraction(&at(2000, 1000)), STEPS);
        assert_eq!(
            line(&at(1, 2), 2.0),
            "50.0 µs simulated, 3/8 flows done, 1.0 M events/s"
        );
    }

    #[test]
    fn nothing_is_drawn_when_stderr_is_not_a_terminal() {
        let mut p = RunProgress {
            started: Instant::now() - Duration::from_secs(5),
            terminal: false,
            bar: None,
        };
        p.update(&at(1, 2));
        assert!(p.bar.is_none());
    }
}
