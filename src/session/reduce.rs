//! The page's one door: [`Page::reduce`] applies an [`Action`] and returns the [`Effect`]s for
//! the shell. Every change to the page's state comes through here, so a native test that
//! drives the reducer sees what a user sees.

use super::actions::{Action, CompareAction, PlaybackAction, StoryAction};
use super::charts::Trigger;
use super::effects::Effect;
use super::keys::KeyCommand;
use super::page::Page;
use crate::protocol::{FromWorker, ToWorker};
use crate::scenario::CcaName;

impl Page {
    /// [`Page::reduce`] at the shell's clock, `now_ms` (a sweep's status and time left).
    pub fn reduce_at(&mut self, now_ms: f64, action: Action) -> Vec<Effect> {
        self.now_ms = now_ms;
        self.reduce(action)
    }

    /// Applies `action` and says what the shell must do.
    pub fn reduce(&mut self, action: Action) -> Vec<Effect> {
        let mut effects = self.apply(action);
        let trace = self.follow_decisions();
        if !trace.is_empty() {
            effects.push(Effect::Worker(trace));
        }
        effects
    }

    /// A message from the page's worker: the session takes it, and the shell redraws what it
    /// changed.
    fn on_worker(&mut self, msg: FromWorker) -> Vec<Effect> {
        let (out, changed) = self.session.on_message(msg);
        // a new run's picture is laid out once, when its network is known (its first message)
        self.refresh_layouts();
        let mut effects = Vec::new();
        if !out.is_empty() {
            effects.push(Effect::Worker(out));
        }
        if changed.main {
            effects.push(Effect::Samples);
        }
        if changed.finished {
            effects.push(Effect::Redraw(Trigger::Compare));
            if !self.session.running() && std::mem::take(&mut self.run_pressed) {
                effects.push(Effect::Refocus);
            }
        }
        if changed.theory {
            effects.push(Effect::Redraw(Trigger::Theory));
        }
        // the view follows on the next frame: many messages, one render
        if changed.main || changed.theory || changed.finished || changed.compare {
            effects.push(Effect::Render);
        }
        effects
    }

    /// The page's worker failed or could not start: its runs say so, and the page keeps
    /// working (the next run starts a new worker).
    fn on_worker_failed(&mut self, started: bool, why: String) -> Vec<Effect> {
        self.worker_error = Some(if started {
            self.session.worker_lost(&why);
            format!("simulation worker error: {why}")
        } else {
            format!("could not start the simulation worker: {why}")
        });
        vec![Effect::Render]
    }

    /// The followed flow's decisions, asked for once its run has finished ([`super::decisions`]).
    /// The presentation layout shows them only where the story's step is about them: elsewhere
    /// it asks for none, so that a class's next step has the worker (and the projector's
    /// machine) to itself.
    fn follow_decisions(&mut self) -> Vec<ToWorker> {
        if self.presenting && !self.presents_decision() {
            return Vec::new();
        }
        let flow = self.flow();
        self.session.follow_decisions(flow)
    }

    fn apply(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Form(a) => self.on_form(a),
            Action::Sweep(a) => self.on_sweep(a),
            Action::Pool(m) => self.on_pool(*m),
            Action::PictureClick { x, y, w, h } => self.on_picture_click(x, y, w, h),
            Action::Export(e) => self.export(e),
            Action::Pointer(chart, p) => self.on_pointer(chart, p),
            Action::PressedElsewhere => match self.instruments.readout.take() {
                Some(_) => vec![Effect::Readout],
                None => Vec::new(),
            },
            Action::ResetZoom => self.reset_zoom(),
            Action::Record(on) => self.record(on),
            Action::Events(a) => self.on_events(a),
            Action::Lockstep(a) => self.on_lockstep(a),
            Action::Playback(a) => self.on_playback(a),
            Action::Compare(CompareAction::RunVariants) => {
                let variants = [CcaName::SWIFT, CcaName::LSWIFT, CcaName::MSWIFT].map(|cca| {
                    let mut s = self.scenario.clone();
                    cca.apply(&mut s.cca);
                    s
                });
                vec![Effect::Worker(self.session.start_series(variants.to_vec()))]
            }
            Action::Compare(CompareAction::Clear) => {
                self.session.past.clear();
                vec![Effect::Redraw(Trigger::Compare)]
            }
            Action::Story(StoryAction::Show(step)) => self.show_step(step),
            Action::Story(StoryAction::Run(i)) => self.run_step(i),
            Action::Story(StoryAction::Pick(i)) => self.pick(i),
            Action::Story(StoryAction::Compare) => self.run_compare(),
            Action::Theory => self.start_theory(),
            Action::Present(on) => {
                self.set_presenting(on);
                // a page with nothing on it presents the class; a run of one's own, itself
                if on && self.story.is_none() && self.session.run.is_none() {
                    self.story = Some(0);
                }
                vec![Effect::Relayout, Effect::WriteAddress]
            }
            Action::Highlight(text) => {
                let run = self.session.run.as_ref();
                let flows = run
                    .and_then(|r| r.meta.as_ref())
                    .map_or(0, |m| m.flows.len());
                self.highlight = text.trim().parse().ok().filter(|&f| f < flows);
                vec![Effect::Redraw(Trigger::Cursor)]
            }
            Action::ClearChosen => {
                self.chosen.clear();
                vec![Effect::Redraw(Trigger::Cursor)]
            }
            Action::Key(cmd) => self.on_key(cmd),
            Action::Launch => self.launch(),
            Action::Address { fragment, ran } => self.on_address(&fragment, ran),
            Action::Worker(msg) => self.on_worker(*msg),
            Action::WorkerStarted => {
                self.worker_error = None;
                Vec::new()
            }
            Action::WorkerFailed { started, why } => self.on_worker_failed(started, why),
            Action::Tick(dt_ms) => {
                let was = self.session.playback.playing();
                let moving = self.session.tick(dt_ms);
                // the tick that ends a replay draws once more: the cursor at the run's end,
                // and the play button back to play
                let ended = was && !self.session.playback.playing();
                match moving || ended {
                    true => vec![Effect::Redraw(Trigger::Cursor)],
                    false => Vec::new(),
                }
            }
            Action::Drawn(chart, drawn) => {
                self.instruments.drawn[chart as usize] = *drawn;
                Vec::new()
            }
            Action::Copied { what, text, ok } => {
                self.notice = Some(match ok {
                    true => format!("{what} copied"),
                    false => format!("{what}: {text}"),
                });
                Vec::new()
            }
            Action::RecordFailed(why) => {
                self.recording = false;
                self.notice = Some(format!("this browser cannot record: {why}"));
                Vec::new()
            }
        }
    }

    /// What a key does to the page: the playback bar's action, the presentation layout, or the
    /// open definition closed.
    fn on_key(&mut self, cmd: KeyCommand) -> Vec<Effect> {
        let action = match cmd {
            KeyCommand::Play => PlaybackAction::Play.into(),
            KeyCommand::Step(n) => PlaybackAction::Step(n).into(),
            KeyCommand::Decision(n) => PlaybackAction::Decision(n).into(),
            KeyCommand::Start => PlaybackAction::Seek(0.0).into(),
            KeyCommand::End => PlaybackAction::Seek(f64::MAX).into(),
            KeyCommand::Present => Action::Present(!self.presenting),
            KeyCommand::LeavePresent => Action::Present(false),
            KeyCommand::CloseDefinition => return vec![Effect::Blur],
            KeyCommand::Next => return self.next_step(),
            KeyCommand::Pick(i) => return self.pick(i),
            KeyCommand::Back => return self.back_step(),
        };
        self.apply(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::actions::FormAction;
    use crate::session::address::Host;
    use crate::session::fake_worker::{finished_page, small, FakeWorker, Receiver};
    use crate::session::keys::KeyCommand;
    use crate::session::Phase;

    /// The page's door for the fake worker's messages, keeping the effects other than the
    /// worker's for the test to read.
    struct Door<'a> {
        page: &'a mut Page,
        seen: Vec<Effect>,
    }

    impl Receiver for Door<'_> {
        fn receive(&mut self, msg: FromWorker) -> Vec<ToWorker> {
            let mut out = Vec::new();
            for e in self.page.reduce(Action::Worker(Box::new(msg))) {
                match e {
                    Effect::Worker(msgs) => out.extend(msgs),
                    other => self.seen.push(other),
                }
            }
            out
        }
    }

    /// Sends the worker's part of `effects`, runs the worker to idle through the door, and
    /// returns the effects the page asked for on the way.
    fn drive(page: &mut Page, worker: &mut FakeWorker, effects: Vec<Effect>) -> Vec<Effect> {
        for e in effects {
            if let Effect::Worker(msgs) = e {
                worker.send(msgs);
            }
        }
        let mut door = Door {
            page,
            seen: Vec::new(),
        };
        worker.run_to_idle(&mut door);
        door.seen
    }

    fn ready() -> (Page, FakeWorker) {
        let (mut page, mut worker) = (Page::new(small()), FakeWorker::new());
        drive(&mut page, &mut worker, Vec::new());
        (page, worker)
    }

    fn host() -> Host {
        Host {
            base_url: "https://example.org/spraylab/".into(),
            cores: 3,
            notice: None,
        }
    }

    #[test]
    fn a_loaded_address_starts_what_it_asks_for_at_launch_and_its_entry_remembers_it_ran() {
        let mut page = Page::load("#k=4&cca=lswift&run=1", host());
        assert_eq!(
            page.share_url(false),
            "https://example.org/spraylab/#k=4&cca=lswift"
        );
        let effects = page.reduce(Action::Launch);
        assert_eq!(
            effects[0],
            Effect::Worker(Vec::new()),
            "the worker starts first"
        );
        assert!(effects.contains(&Effect::WriteAddress));
        assert_eq!(
            page.session.phase,
            Some(Phase::Running),
            "waiting for the worker"
        );
        let (fragment, ran) = page.address();
        assert!(ran && fragment.contains("cca=lswift"), "{fragment}");
        // without run=1 nothing starts; the address is written, and its entry did not run
        let mut page = Page::load("#k=4", host());
        let effects = page.reduce(Action::Launch);
        assert_eq!(
            effects,
            vec![Effect::Worker(Vec::new()), Effect::WriteAddress]
        );
        assert!(!page.address().1 && page.session.phase.is_none());
        // a sweep's address starts its sweep on a pool of the host's cores
        let mut page = Page::load("#sweep=baseline&run=1", host());
        let effects = page.reduce(Action::Launch);
        assert!(effects.contains(&Effect::StartPool {
            workers: 3,
            generation: 1
        }));
        assert!(effects.contains(&Effect::ScrollTo("sweeps")));
        // launching twice starts nothing more
        assert_eq!(
            page.reduce(Action::Launch),
            vec![Effect::Worker(Vec::new()), Effect::WriteAddress]
        );
        // the notice a failed page left is shown
        let notice = Some("the page stopped".to_string());
        let page = Page::load("#k=4", Host { notice, ..host() });
        assert_eq!(page.notice.as_deref(), Some("the page stopped"));
    }

    #[test]
    fn back_to_an_entry_that_ran_runs_it_again_and_the_page_s_own_address_changes_nothing() {
        let (mut page, _worker) = ready();
        let own = format!("#{}", page.address_fragment());
        let same = Action::Address {
            fragment: own,
            ran: false,
        };
        assert_eq!(page.reduce(same), Vec::new());
        let back = Action::Address {
            fragment: "#k=4&cca=nscc".into(),
            ran: true,
        };
        let effects = page.reduce(back);
        let started = effects.iter().any(|e| {
            matches!(e, Effect::Worker(m) if m.iter().any(|m| matches!(m, ToWorker::Run { .. })))
        });
        assert!(started, "{effects:?}");
        assert!(page.address().1, "its entry still remembers that it ran");
        assert!(effects.contains(&Effect::Render));
        let pasted = Action::Address {
            fragment: "#k=4&cca=swift".into(),
            ran: false,
        };
        let effects = page.reduce(pasted);
        assert!(effects.contains(&Effect::WriteAddress));
        assert!(!page.address().1 && page.session.run.is_none());
    }

    #[test]
    fn a_worker_s_messages_come_through_the_door_and_focus_returns_after_a_run_that_run_started() {
        let (mut page, mut worker) = ready();
        let effects = page.reduce(Action::Form(FormAction::Run));
        let seen = drive(&mut page, &mut worker, effects);
        assert_eq!(page.session.phase, Some(Phase::Done));
        for e in [
            Effect::Samples,
            Effect::Render,
            Effect::Redraw(Trigger::Compare),
        ] {
            assert!(seen.contains(&e), "{e:?} in {seen:?}");
        }
        let refocus = |seen: &[Effect]| seen.iter().filter(|e| **e == Effect::Refocus).count();
        assert_eq!(refocus(&seen), 1);
        // a run an address started leaves the focus where it is
        let address = Action::Address {
            fragment: "#k=4&cca=lswift&elephants=2&run=1".into(),
            ran: false,
        };
        let effects = page.reduce(address);
        let seen = drive(&mut page, &mut worker, effects);
        assert_eq!(page.session.phase, Some(Phase::Done));
        assert_eq!(refocus(&seen), 0, "{seen:?}");
        // the theory sweep redraws its chart
        let effects = page.reduce(Action::Theory);
        let seen = drive(&mut page, &mut worker, effects);
        assert!(seen.contains(&Effect::Redraw(Trigger::Theory)));
    }

    #[test]
    fn a_lost_worker_fails_the_run_and_says_why_and_a_new_one_clears_it() {
        let (mut page, _worker) = ready();
        page.reduce(Action::Form(FormAction::Run));
        assert!(page.session.running());
        let lost = Action::WorkerFailed {
            started: true,
            why: "out of memory".into(),
        };
        assert_eq!(page.reduce(lost), vec![Effect::Render]);
        assert_eq!(
            page.session.phase,
            Some(Phase::Failed("out of memory".into()))
        );
        assert_eq!(
            page.worker_error.as_deref(),
            Some("simulation worker error: out of memory")
        );
        page.reduce(Action::WorkerStarted);
        assert_eq!(page.worker_error, None);
        let refused = Action::WorkerFailed {
            started: false,
            why: "no module workers".into(),
        };
        page.reduce(refused);
        assert_eq!(
            page.worker_error.as_deref(),
            Some("could not start the simulation worker: no module workers")
        );
    }

    #[test]
    fn every_key_command_acts_on_the_page() {
        let mut page = finished_page(small());
        let span = page.session.span_us();
        let bucket = page.session.run.as_ref().unwrap().bucket_us();
        let key = |page: &mut Page, cmd| page.reduce(Action::Key(cmd));
        let all = [
            KeyCommand::End,
            KeyCommand::Start,
            KeyCommand::Step(1),
            KeyCommand::Decision(1),
            KeyCommand::Play,
            KeyCommand::Next,
            KeyCommand::Back,
            KeyCommand::Pick(1),
            KeyCommand::Present,
            KeyCommand::LeavePresent,
            KeyCommand::CloseDefinition,
        ];
        for cmd in all {
            let before = page.session.cursor_us();
            let effects = key(&mut page, cmd);
            let cursor = page.session.cursor_us();
            match cmd {
                KeyCommand::End => assert_eq!(cursor, span),
                KeyCommand::Start => assert_eq!(cursor, 0.0),
                KeyCommand::Step(_) => assert!((cursor - before - bucket).abs() < 1e-9),
                KeyCommand::Decision(_) => assert!(cursor > before, "{before} -> {cursor}"),
                KeyCommand::Play => assert!(page.session.playback.playing()),
                KeyCommand::Next => assert_eq!(page.story, Some(0), "the story opens"),
                KeyCommand::Back => assert_eq!((page.story, effects), (Some(0), Vec::new())),
                KeyCommand::Pick(i) => assert_eq!(page.picked, Some(i)),
                KeyCommand::Present => assert!(page.presenting),
                KeyCommand::LeavePresent => assert!(!page.presenting),
                KeyCommand::CloseDefinition => assert_eq!(effects, vec![Effect::Blur]),
            }
        }
    }

    #[test]
    fn a_replay_ends_at_the_run_s_end_drawn_once_more_and_space_replays_it() {
        let mut page = finished_page(small());
        let span = page.session.span_us();
        let play = Action::Playback(crate::session::actions::PlaybackAction::Play);
        page.reduce(play.clone());
        assert_eq!(
            page.session.cursor_us(),
            0.0,
            "a finished run replays from its start"
        );
        let mut frames = 0;
        while page.session.playback.playing() {
            frames += 1;
            assert!(frames < 10_000, "the replay never ends");
            let effects = page.reduce(Action::Tick(16.0));
            assert_eq!(
                effects,
                vec![Effect::Redraw(Trigger::Cursor)],
                "frame {frames}"
            );
        }
        assert_eq!(page.session.cursor_us(), span, "it ends where the run ends");
        assert_eq!(
            page.reduce(Action::Tick(16.0)),
            Vec::new(),
            "then the frames stop"
        );
        page.reduce(play);
        assert!(page.session.playback.playing());
        assert_eq!(
            page.session.cursor_us(),
            0.0,
            "Space replays from the start"
        );
    }

    #[test]
    fn the_shell_s_outcomes_come_back_as_actions() {
        let (mut page, _worker) = ready();
        let copied = |ok| Action::Copied {
            what: "link",
            text: "https://example.org/#k=4".into(),
            ok,
        };
        page.reduce(copied(true));
        assert_eq!(page.notice.as_deref(), Some("link copied"));
        page.reduce(copied(false));
        assert_eq!(
            page.notice.as_deref(),
            Some("link: https://example.org/#k=4")
        );
        page.recording = true;
        page.reduce(Action::RecordFailed("no MediaRecorder".into()));
        assert!(!page.recording);
        assert_eq!(
            page.notice.as_deref(),
            Some("this browser cannot record: no MediaRecorder")
        );
        let drawn = crate::figures::Drawn {
            x: Some(crate::figures::Axis {
                px: (40, 600),
                range: (0.0, 120.0),
            }),
            ..Default::default()
        };
        let chart = crate::session::charts::Chart::Sweep;
        assert_ne!(page.instruments.drawn[chart as usize], drawn);
        page.reduce(Action::Drawn(chart, Box::new(drawn.clone())));
        assert_eq!(page.instruments.drawn[chart as usize], drawn);
    }
}
