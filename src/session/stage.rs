//! What plays on the run's stage: the class story's steps (run, and what each says of its
//! run), the theory sweep, the playback bar and the playback's recording.

use super::actions::PlaybackAction;
use super::charts::Trigger;
use super::effects::Effect;
use super::page::Page;
use super::story::{Asked, Seen, Step, StepRun, STEPS};
use crate::scenario::{CcaName, LbScheme, Partner};

/// The shortest recording of a playback, seconds of video.
pub const MIN_RECORDING_S: f64 = 3.0;

impl Page {
    /// What the class story's step says of its run, computed from the runs on screen and seen
    /// ([`super::story::Step::says`]); `None` when the story is closed or the run on screen is
    /// not the step's (or not finished).
    pub fn story_says(&self) -> Option<String> {
        let (step, seen) = self.step_seen()?;
        (step.says)(&seen)
    }

    /// The step's question as the story shows it: the class's pick and, once the step's run
    /// is on screen and finished, the answer it supports and a sentence saying so.
    pub fn story_question(&self) -> Option<Asked> {
        let step = &STEPS[self.story?.min(STEPS.len() - 1)];
        let q = &step.ask;
        let seen = self.step_seen().map(|(_, seen)| seen);
        let supported = seen.as_ref().and_then(|seen| (q.supported)(seen));
        let explain = seen.map(|_| match supported {
            Some(k) => {
                let verdict = match self.picked {
                    Some(p) if p == k => " The class predicted it.".to_string(),
                    Some(p) => format!(" The class predicted {}: the run says otherwise.", p + 1),
                    None => String::new(),
                };
                format!("The run supports {}: {}.{verdict}", k + 1, q.choices[k])
            }
            None => format!("To answer it the class needs {}.", q.needs),
        });
        Some(Asked {
            prompt: q.prompt,
            choices: q.choices,
            picked: self.picked,
            supported,
            explain,
        })
    }

    /// The words of the button that runs the step's comparison, while the class has not seen
    /// it (and no comparison runs).
    pub fn story_compare(&self) -> Option<String> {
        let (step, seen) = self.step_seen()?;
        let (cca, lb) = step.compare?;
        if self.session.compare.busy() || super::story::seen_run(&seen, cca, lb) {
            return None;
        }
        let lb = lb.name().to_uppercase();
        Some(format!("Run {} with {lb} to compare", cca.kind.info().name))
    }

    /// Runs the step's comparison beside the class's runs (into the comparison table, the run
    /// on screen kept).
    pub(super) fn run_compare(&mut self) -> Vec<Effect> {
        let Some(step) = self.story.map(|i| &STEPS[i.min(STEPS.len() - 1)]) else {
            return Vec::new();
        };
        let (Some((cca, lb)), Some(mut s)) = (step.compare, step.run.scenario(self.scenario.seed))
        else {
            return Vec::new();
        };
        cca.apply(&mut s.cca);
        s.lb.scheme = lb;
        vec![
            Effect::Worker(self.session.start_series(vec![s])),
            Effect::Redraw(Trigger::Compare),
        ]
    }

    /// The shown step and what the class has seen, when the run on screen is the step's and
    /// finished (for the theory step: its sweep is done).
    fn step_seen(&self) -> Option<(&'static Step, Seen<'_>)> {
        let step = &STEPS[self.story?.min(STEPS.len() - 1)];
        let s = &self.session;
        let done = match step.run {
            StepRun::Baseline { cca, lb, .. } => {
                self.main_run_is(cca, lb) && s.phase == Some(super::Phase::Done)
            }
            StepRun::Theory => !s.theory.busy() && !s.theory_points.is_empty(),
        };
        let seen = Seen {
            run: s.run.as_ref(),
            partner: s.partner.as_ref(),
            past: &s.past,
            theory: &s.theory_points,
        };
        done.then_some((step, seen))
    }

    /// The class picks answer `i` of the step's question (another number than its choices:
    /// nothing).
    pub(super) fn pick(&mut self, i: usize) -> Vec<Effect> {
        let Some(step) = self.story.map(|s| &STEPS[s.min(STEPS.len() - 1)]) else {
            return Vec::new();
        };
        if i >= step.ask.choices.len() {
            return Vec::new();
        }
        // the story shows it when the view renders, as after every action but a pointer's
        self.picked = Some(i);
        Vec::new()
    }

    /// Turns the presentation layout on or off: its playback spans the main run, and a lockstep
    /// partner is drawn beside it in one window chart over that time (a lockstep step ends with
    /// the run it is about).
    pub(super) fn set_presenting(&mut self, on: bool) {
        self.presenting = on;
        self.session.main_span_only = on;
    }

    /// The chart the presentation layout shows beside the network picture: the story step's, or
    /// with the story closed, the window chart.
    pub fn pointed(&self) -> &'static str {
        match self.story {
            Some(i) => STEPS[i.min(STEPS.len() - 1)].point.id(),
            None => super::charts::Chart::Cwnd.id(),
        }
    }

    /// The presentation layout shows the followed flow's decision at the cursor: the story's
    /// step is about the median's decision and its run is on screen (until then the picture
    /// stays, and the worker traces nothing of the step before's run).
    pub fn presents_decision(&self) -> bool {
        let step = self.story.map(|i| i.min(STEPS.len() - 1));
        self.presenting && step.is_some_and(|i| STEPS[i].decision && self.step_on_screen(i))
    }

    /// Shows the class story's step (closed: `None`); the address follows it.
    pub(super) fn show_step(&mut self, step: Option<usize>) -> Vec<Effect> {
        let step = step.map(|s| s.min(STEPS.len() - 1));
        if step != self.story {
            self.picked = None;
        }
        self.story = step;
        // the presentation shows another step's chart: every canvas is measured again
        match self.presenting {
            true => vec![Effect::Relayout, Effect::WriteAddress],
            false => vec![Effect::WriteAddress],
        }
    }

    /// A clicker's next: the story opens at its first step; the step shown runs, unless its run
    /// is already on screen, when the next step shows (the last step stays).
    pub(super) fn next_step(&mut self) -> Vec<Effect> {
        match self.story {
            None => self.show_step(Some(0)),
            Some(i) if !self.step_on_screen(i) => self.run_step(i),
            Some(i) if i + 1 < STEPS.len() => self.show_step(Some(i + 1)),
            Some(_) => Vec::new(),
        }
    }

    /// A clicker's back: the step before (the first stays).
    pub(super) fn back_step(&mut self) -> Vec<Effect> {
        match self.story {
            Some(i) if i > 0 => self.show_step(Some(i - 1)),
            _ => Vec::new(),
        }
    }

    /// The story shows a step whose run is not on screen yet: the charts below are another
    /// run's (the step before's), which the page dims until the step runs.
    pub fn story_waiting(&self) -> bool {
        let s = &self.session;
        let other_run = s.run.is_some() || !s.theory_points.is_empty();
        self.story
            .is_some_and(|i| other_run && !self.step_on_screen(i.min(STEPS.len() - 1)))
    }

    /// Step `i`'s run is on screen, running or finished: the main run is its CCA and LB, or
    /// for the theory step, its sweep has started.
    fn step_on_screen(&self, i: usize) -> bool {
        let s = &self.session;
        match STEPS[i].run {
            StepRun::Theory => s.theory.busy() || !s.theory_points.is_empty(),
            StepRun::Baseline { cca, lb, .. } => {
                self.main_run_is(cca, lb)
                    && matches!(s.phase, Some(super::Phase::Running | super::Phase::Done))
            }
        }
    }

    /// The main run on screen runs `cca` with `lb`.
    fn main_run_is(&self, cca: CcaName, lb: LbScheme) -> bool {
        let run = self.session.run.as_ref();
        run.is_some_and(|r| (r.view().cca(), r.scenario.lb.scheme) == (cca, lb))
    }

    /// Runs the class story's step `i`: the theory sweep, or the baseline with the step's CCA
    /// and LB at its playback speed, with its lockstep partner if it has one.
    pub(super) fn run_step(&mut self, i: usize) -> Vec<Effect> {
        let Some(step) = STEPS.get(i) else {
            return Vec::new();
        };
        let run = step.run;
        let StepRun::Baseline { speed, partner, .. } = run else {
            let mut out = self.start_theory();
            out.push(Effect::ScrollTo("chart-theory"));
            return out;
        };
        let Some(s) = run.scenario(self.scenario.seed) else {
            return Vec::new();
        };
        self.scenario = s.clone();
        self.refused = None;
        self.session.playback.set_speed(speed);
        let mut out = self.start_main(s.clone());
        if let Some(cca) = partner {
            let mut other = s;
            cca.apply(&mut other.cca);
            self.partner.beside = Some(Partner::Cca(cca));
            out.push(Effect::Worker(self.session.start_partner(other)));
        }
        // on a phone the step's chart is far below the story
        out.extend([Effect::WriteAddress, Effect::Reveal(step.point.id())]);
        out
    }

    /// Starts the theory sweep.
    pub(super) fn start_theory(&mut self) -> Vec<Effect> {
        vec![
            Effect::Worker(self.session.start_theory()),
            Effect::Redraw(Trigger::Theory),
        ]
    }

    pub(super) fn on_playback(&mut self, action: PlaybackAction) -> Vec<Effect> {
        let s = &mut self.session;
        let span = s.span_us();
        match action {
            PlaybackAction::Play => {
                let live = s.running();
                s.playback.toggle(span, live);
                return vec![Effect::RestartClock, Effect::Redraw(Trigger::Cursor)];
            }
            PlaybackAction::Step(n) => {
                let bucket = s.run.as_ref().map_or(1.0, |r| r.bucket_us());
                s.playback.step(n, bucket, span);
            }
            PlaybackAction::Seek(t) => s.playback.seek(t, span),
            PlaybackAction::Decision(n) => {
                let cursor = s.cursor_us();
                match s.flow_trace().and_then(|t| t.step_from(cursor, n)) {
                    Some(t) => {
                        s.playback.pause(span);
                        s.playback.seek(t, span);
                    }
                    None => return Vec::new(),
                }
            }
            PlaybackAction::Speed(i) => return vec![Effect::Worker(s.set_speed(i))],
        }
        vec![Effect::Redraw(Trigger::Cursor)]
    }

    /// Starts recording the finished run's playback from its start, or stops the recording.
    pub(super) fn record(&mut self, on: bool) -> Vec<Effect> {
        let s = &mut self.session;
        match (on, self.recording, &s.run) {
            (true, false, Some(run)) if s.phase == Some(super::Phase::Done) => {
                let name = super::exports::file_name(run, "playback", "webm");
                let span = s.span_us();
                // a recording of a few frames is an empty video: a run that the chosen speed
                // replays in a blink records slower, and the notice says so
                let lasted = span / s.playback.rate(s.full_rate());
                if let Some(i) = s.playback.slow_enough(span, MIN_RECORDING_S, s.full_rate()) {
                    s.playback.set_speed(i);
                    self.notice = Some(format!(
                        "recording at {}: the chosen speed replays the run in {lasted:.2} s",
                        super::playback::speed_label(i)
                    ));
                }
                s.playback.seek(0.0, span);
                s.playback.play(span, false);
                self.recording = true;
                vec![
                    Effect::Record(Some(name)),
                    Effect::RestartClock,
                    Effect::Redraw(Trigger::Cursor),
                ]
            }
            (false, true, _) => {
                self.recording = false;
                vec![Effect::Record(None)]
            }
            _ => Vec::new(),
        }
    }
}
