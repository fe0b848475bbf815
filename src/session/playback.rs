//! Time control over a run: a cursor in simulated time that plays, pauses, steps and scrubs over
//! the samples a run streamed, at a chosen speed.
//!
//! The cursor is either at the *live edge* (it follows the newest sample, as during a run at
//! full speed) or at a fixed time. Playing moves it by `speed × wall time`; reaching the end of
//! a finished run stops it there, reaching the edge of a live run makes it follow the edge
//! again. A live run is slowed by the same speed: the page asks the worker to pace the
//! simulation to it (see [`crate::protocol::ToWorker::Pace`]).

/// Simulated µs per wall-clock second of every speed the page offers; the last, `None`, is
/// full speed (a live run as fast as the machine goes, a replay as fast as the run went).
pub const SPEEDS: [Option<f64>; 8] = [
    Some(1.0),
    Some(2.0),
    Some(5.0),
    Some(10.0),
    Some(20.0),
    Some(50.0),
    Some(200.0),
    None,
];

/// The label of speed `i` of [`SPEEDS`].
pub fn speed_label(i: usize) -> String {
    match SPEEDS.get(i).copied().flatten() {
        Some(r) => format!("{r} µs/s"),
        None => "full speed".to_string(),
    }
}

/// Replay rate when the run's own pace is unknown, simulated µs per second.
const FALLBACK_FULL_RATE: f64 = 100.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Playback {
    /// The cursor's time, µs; `None`: at the live edge.
    cursor: Option<f64>,
    playing: bool,
    speed: usize,
}

impl Default for Playback {
    fn default() -> Self {
        Playback {
            cursor: None,
            playing: false,
            speed: SPEEDS.len() - 1,
        }
    }
}

impl Playback {
    /// The cursor's time within a run that covers `[0, span_us]`.
    pub fn cursor(&self, span_us: f64) -> f64 {
        self.cursor
            .map_or(span_us, |c| c.clamp(0.0, span_us.max(0.0)))
    }

    /// The cursor follows the newest sample.
    pub fn at_edge(&self) -> bool {
        self.cursor.is_none()
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    /// Index into [`SPEEDS`].
    pub fn speed(&self) -> usize {
        self.speed
    }

    /// The pace a live run should keep (`None`: full speed).
    pub fn live_pace(&self) -> Option<f64> {
        SPEEDS[self.speed]
    }

    /// Sets the speed; out-of-range indices pick full speed.
    pub fn set_speed(&mut self, i: usize) {
        self.speed = i.min(SPEEDS.len() - 1);
    }

    /// Back to the live edge, paused: a new run starts.
    pub fn reset(&mut self) {
        self.cursor = None;
        self.playing = false;
    }

    /// Plays from the cursor; from the start when the cursor is at the end of a finished run.
    pub fn play(&mut self, span_us: f64, live: bool) {
        if !live && self.cursor(span_us) >= span_us {
            self.cursor = Some(0.0);
        }
        self.playing = true;
    }

    /// Stops the cursor where it is.
    pub fn pause(&mut self, span_us: f64) {
        self.cursor = Some(self.cursor(span_us));
        self.playing = false;
    }

    /// Whether the cursor moves: playing, or following a live run's newest sample. The play
    /// button shows this, so one press pauses a live run.
    pub fn moving(&self, live: bool) -> bool {
        self.playing || (live && self.cursor.is_none())
    }

    pub fn toggle(&mut self, span_us: f64, live: bool) {
        if self.moving(live) {
            self.pause(span_us);
        } else {
            self.play(span_us, live);
        }
    }

    /// Moves the cursor to `t_us` (a scrub), keeping play or pause.
    pub fn seek(&mut self, t_us: f64, span_us: f64) {
        let t = if t_us.is_finite() { t_us } else { 0.0 };
        self.cursor = Some(t.clamp(0.0, span_us.max(0.0)));
    }

    /// Pauses and moves the cursor by `steps` samples of `bucket_us`.
    pub fn step(&mut self, steps: i32, bucket_us: f64, span_us: f64) {
        let t = self.cursor(span_us) + steps as f64 * bucket_us.max(1e-3);
        self.playing = false;
        self.seek(t, span_us);
    }

    /// The replay rate of the chosen speed, simulated µs per second (`full_rate`: full speed's).
    pub fn rate(&self, full_rate: f64) -> f64 {
        SPEEDS[self.speed].unwrap_or(if full_rate.is_finite() && full_rate > 0.0 {
            full_rate
        } else {
            FALLBACK_FULL_RATE
        })
    }

    /// The fastest speed that replays `span_us` in at least `seconds` (the slowest if none
    /// does), if the chosen one replays it faster.
    pub fn slow_enough(&self, span_us: f64, seconds: f64, full_rate: f64) -> Option<usize> {
        if span_us / self.rate(full_rate) >= seconds {
            return None;
        }
        let lasts = |i: &usize| SPEEDS[*i].is_some_and(|r| span_us / r >= seconds);
        Some((0..SPEEDS.len()).rev().find(lasts).unwrap_or(0))
    }

    /// Advances a playing cursor by `dt_ms` of wall time. `full_rate` is the replay rate of
    /// "full speed" (simulated µs per second). Returns whether the cursor still moves.
    pub fn tick(&mut self, dt_ms: f64, span_us: f64, live: bool, full_rate: f64) -> bool {
        if !self.playing {
            return false;
        }
        let Some(c) = self.cursor else {
            // at the live edge: nothing to move, the samples move the edge
            return live;
        };
        let rate = self.rate(full_rate);
        let next = c + dt_ms.max(0.0) / 1e3 * rate;
        if next < span_us {
            self.cursor = Some(next);
            true
        } else if live {
            self.cursor = None;
            true
        } else {
            self.cursor = Some(span_us);
            self.playing = false;
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_runs_from_the_start_to_the_end_and_stops() {
        let mut p = Playback::default();
        p.set_speed(2); // 5 µs/s
        assert_eq!(p.cursor(100.0), 100.0);
        p.play(100.0, false);
        assert_eq!(
            p.cursor(100.0),
            0.0,
            "a finished run replays from its start"
        );
        assert!(p.tick(1000.0, 100.0, false, 0.0));
        assert!((p.cursor(100.0) - 5.0).abs() < 1e-9);
        while p.tick(1000.0, 100.0, false, 0.0) {}
        assert_eq!(p.cursor(100.0), 100.0);
        assert!(!p.playing());
    }

    #[test]
    fn full_speed_replays_at_the_run_own_rate() {
        let mut p = Playback::default();
        p.seek(0.0, 100.0);
        p.play(100.0, false);
        p.tick(100.0, 100.0, false, 300.0);
        assert!((p.cursor(100.0) - 30.0).abs() < 1e-9);
    }

    #[test]
    fn a_live_run_shows_as_moving_and_one_press_pauses_it() {
        let mut p = Playback::default();
        assert!(p.moving(true), "a live run moves at its edge");
        assert!(!p.moving(false), "a finished run at rest does not");
        p.toggle(50.0, true);
        assert!(
            !p.moving(true) && p.cursor(80.0) == 50.0,
            "paused where it was"
        );
        p.toggle(80.0, true);
        assert!(p.moving(true) && p.playing());
    }

    #[test]
    fn a_live_cursor_catches_up_with_the_edge() {
        let mut p = Playback::default();
        p.set_speed(3);
        p.seek(40.0, 50.0);
        p.play(50.0, true);
        assert!(p.tick(500.0, 50.0, true, 0.0));
        assert_eq!(p.cursor(50.0), 45.0);
        assert!(p.tick(1000.0, 50.0, true, 0.0));
        assert!(p.at_edge());
        assert_eq!(p.cursor(60.0), 60.0);
    }

    #[test]
    fn steps_and_scrubs_stay_inside_the_run() {
        let mut p = Playback::default();
        p.play(10.0, true);
        p.step(-3, 1.0, 10.0);
        assert!(!p.playing());
        assert_eq!(p.cursor(10.0), 7.0);
        p.step(100, 1.0, 10.0);
        assert_eq!(p.cursor(10.0), 10.0);
        p.seek(-5.0, 10.0);
        assert_eq!(p.cursor(10.0), 0.0);
        p.seek(f64::NAN, 10.0);
        assert_eq!(p.cursor(10.0), 0.0);
        p.set_speed(99);
        assert_eq!(p.live_pace(), None);
        assert_eq!(speed_label(0), "1 µs/s");
    }
}
