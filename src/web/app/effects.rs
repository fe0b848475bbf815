//! The shell's half of the page's reducer: a panel's action goes to [`Page::reduce`], and the
//! effects it returns are performed here, where the worker, the address bar, the clipboard and
//! the canvases are.

use super::*;

impl App {
    /// Hands `action` to the page and performs what it asks.
    pub(super) fn reduce(&mut self, ctx: &Context<Self>, action: Action) -> bool {
        let effects = self.page.reduce(action);
        self.perform(ctx, effects);
        true
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
                Effect::WriteLink => self.write_link(),
                Effect::CopyLink => self.copy_link("link", self.page_link(true)),
                Effect::RedrawAtCursor => self.mark(&AT_CURSOR, ctx),
                Effect::RedrawAll => self.mark(&ALL, ctx),
                Effect::RedrawCompare => self.mark(&[Canvas::CompareCwnd, Canvas::CompareFct], ctx),
                Effect::RestartClock => self.last_frame_ms = None,
                Effect::RedrawTheory => self.mark(&[Canvas::Theory], ctx),
                Effect::ScrollTo(id) => scroll_to(id),
                Effect::Relayout => {
                    self.drawing.widths = [None; CANVASES];
                    self.mark(&ALL, ctx);
                }
            }
        }
    }
}
