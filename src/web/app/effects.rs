//! The shell's half of the page's reducer: a panel's action goes to [`Page::reduce`], and the
//! effects it returns are performed here, where the worker, the address bar, the clipboard and
//! the canvases are.

use super::*;

impl App {
    /// Hands `action` to the page and performs what it asks; whether the view renders now.
    pub(super) fn reduce(&mut self, ctx: &Context<Self>, action: Action) -> bool {
        // a pointer's readout is drawn by hand: the view renders for a zoom or a series only;
        // a pool's reports render on the next frame, as the main worker's do (many, one render)
        let (pointer, pool) = (
            matches!(action, Action::Pointer(..) | Action::PressedElsewhere),
            matches!(action, Action::Pool(_)),
        );
        let effects = self.page.reduce_at(crate::web::now_ms(), action);
        let redraws = effects.iter().any(|e| matches!(e, Effect::Redraw(_)));
        self.perform(ctx, effects);
        if pool {
            self.view_stale = true;
            self.schedule_frame(ctx);
        }
        !pool && (!pointer || redraws)
    }

    pub(super) fn perform(&mut self, ctx: &Context<Self>, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Worker(msgs) => {
                    if self.worker.is_none() {
                        self.spawn_worker(ctx);
                    }
                    self.send(msgs);
                }
                Effect::WriteAddress => self.write_address(),
                Effect::Copy { what, text } => {
                    let ok = exports::copy_text(&text);
                    self.reduce(ctx, Action::Copied { what, text, ok });
                }
                Effect::Download { name, mime, text } => exports::download_text(&name, mime, &text),
                Effect::ChartsPng { name, title } => self.download_charts(&name, &title),
                Effect::StartPool {
                    workers,
                    generation,
                } => self.start_pool(ctx, workers, generation),
                Effect::StopPool => self.pool = None,
                Effect::PoolSend { worker, msg } => {
                    if let Some(pool) = &self.pool {
                        pool.send(worker, &msg);
                    }
                }
                Effect::Redraw(trigger) => self.mark(Chart::on(trigger), ctx),
                Effect::RedrawAll => self.mark(Chart::all(), ctx),
                Effect::Readout => dom::show_readout(self.page.instruments().readout()),
                Effect::Record(Some(name)) => match super::super::recorder::Recorder::start(name) {
                    Ok(r) => self.recorder = Some(r),
                    Err(why) => {
                        self.reduce(ctx, Action::RecordFailed(why));
                    }
                },
                Effect::Record(None) => {
                    if let Some(r) = self.recorder.take() {
                        r.stop();
                    }
                }
                Effect::RestartClock => self.last_frame_ms = None,
                Effect::ScrollTo("sweeps") if self.sections_shown < shown(Section::Sweeps) => {
                    // the sweeps section comes in a later task: scroll once it is there
                    self.scroll_to_sweep = true;
                }
                Effect::ScrollTo(id) => scroll_to(id),
                Effect::Reveal(id) => dom::reveal(id),
                Effect::Relayout => {
                    self.drawing.widths = [None; CANVASES];
                    self.mark(Chart::all(), ctx);
                }
                Effect::Samples => self.live_stale = true,
                Effect::Render => {
                    self.view_stale = true;
                    self.schedule_frame(ctx);
                }
                Effect::Refocus => self.refocus = true,
                Effect::Blur => dom::blur_focused(),
            }
        }
    }
}

impl App {
    /// Starts a pool of `workers` sweep workers; one that cannot start fails the sweep.
    fn start_pool(&mut self, ctx: &Context<Self>, workers: usize, generation: u32) {
        let url = match &ctx.props().worker_url {
            Some(u) => Ok(u.clone()),
            None => default_worker_url(),
        };
        let on_event = ctx
            .link()
            .callback(|m| Msg::Page(Action::Pool(Box::new(m))));
        match url.and_then(|u| Pool::spawn(&u, workers, generation, on_event)) {
            Ok(pool) => self.pool = Some(pool),
            Err(e) => {
                let failed = crate::session::sweeps::PoolMessage {
                    generation,
                    worker: 0,
                    event: Err(format!("could not start the workers: {e}")),
                };
                self.reduce(ctx, Action::Pool(Box::new(failed)));
            }
        }
    }

    /// The run's charts as one PNG, under `title`.
    fn download_charts(&self, name: &str, title: &str) {
        if let Some(url) = exports::charts_png(title, &self.stage_canvases()) {
            exports::download_url(name, &url);
        }
    }

    /// The canvases of the run's stage as the PNG and a recording lay them out: the network
    /// picture first, across the width; the charts two to a row below it.
    pub(super) fn stage_canvases(&self) -> Vec<(HtmlCanvasElement, bool)> {
        let mut canvases: Vec<(HtmlCanvasElement, bool)> = crate::session::charts::CHARTS
            .iter()
            .filter(|r| r.in_png)
            .filter_map(|r| {
                let canvas = self
                    .drawing
                    .canvases
                    .of(r.chart)
                    .cast::<HtmlCanvasElement>()?;
                Some((canvas, r.chart == Chart::Network))
            })
            .collect();
        canvases.sort_by_key(|(_, wide)| !wide);
        canvases
    }
}
