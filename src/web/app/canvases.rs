//! Canvases: which need drawing, and drawing them on animation frames within a time budget.

use super::*;
use crate::session::charts::CHARTS;
use crate::web::components::figure::Canvases;

pub(super) use crate::session::charts::{Chart, Section, Trigger, COUNT as CANVASES};

/// Drawing time per animation frame after which the remaining dirty canvases wait for the next
/// frame. A canvas's pixels are rasterized in the frame's paint, after the drawing calls, so
/// the budget is small: in practice one large canvas per frame, which keeps every main-thread
/// task short while the worker streams.
pub(super) const FRAME_BUDGET_MS: f64 = 4.0;

/// Canvas pixels drawn per animation frame after which the remaining dirty canvases wait for the
/// next frame. Every canvas drawn in a frame is copied to the compositor at the frame's commit,
/// at a cost that grows with its pixels and not with its drawing time (without a GPU, 3 to 17 ms
/// a canvas at 1280×720): five canvases that each draw in a millisecond still made a 40–50 ms
/// commit. About the network picture alone at 1280×720, or two charts.
pub(super) const FRAME_PIXELS: u32 = 600_000;

/// Least wall time between two redraws of the run's canvases for streamed samples (the
/// playback cursor redraws them at every frame).
pub(super) const LIVE_REDRAW_MS: f64 = 200.0;

/// How many of the page's sections are on the page once `section` is
/// ([`crate::session::charts::Section`]: the shell renders them in that order, a task each).
pub(super) const fn shown(section: Section) -> u8 {
    section as u8
}

/// Every section after the first render.
pub(super) const SECTIONS: u8 = shown(Section::Sweeps);

/// The canvases the section `shown` brings onto the page.
pub(super) fn canvases_of(shown: u8) -> impl Iterator<Item = Chart> {
    let section = Section::ALL.into_iter().find(|s| *s as u8 == shown);
    section.into_iter().flat_map(Chart::in_section)
}

/// Sends `msg` to the app in a task of its own (a zero timeout); whether the browser took it.
pub(super) fn send_later(ctx: &Context<App>, msg: Msg) -> bool {
    let link = ctx.link().clone();
    let f = Closure::once_into_js(move || link.send_message(msg));
    web_sys::window().is_some_and(|w| {
        w.set_timeout_with_callback_and_timeout_and_arguments_0(f.unchecked_ref(), 0)
            .is_ok()
    })
}

/// A canvas's box on the page: its CSS width, and the most height its CSS allows (`max-height`,
/// as the presentation layout caps it; infinite when nothing does).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct CssBox {
    pub width: i32,
    pub max_height: f64,
}

impl CssBox {
    /// A canvas's box as its style lays it out (reading it forces a layout).
    pub fn of(canvas: &HtmlCanvasElement) -> CssBox {
        let style = web_sys::window().and_then(|w| w.get_computed_style(canvas).ok().flatten());
        let px = |name: &str| {
            style
                .as_ref()
                .and_then(|s| s.get_property_value(name).ok())
                .and_then(|v| v.strip_suffix("px").and_then(|n| n.parse::<f64>().ok()))
        };
        // max-height caps the border box: the bitmap fills what is inside the border
        let frame: f64 = [
            "border-top-width",
            "border-bottom-width",
            "padding-top",
            "padding-bottom",
        ]
        .iter()
        .filter_map(|p| px(p))
        .sum();
        let max_height = px("max-height").map_or(f64::INFINITY, |h| (h - frame).max(1.0));
        CssBox {
            width: canvas.client_width(),
            max_height,
        }
    }

    /// A box of this width with no height cap (the off-screen warm-up canvases).
    pub fn wide(width: i32) -> CssBox {
        CssBox {
            width,
            max_height: f64::INFINITY,
        }
    }
}

/// A canvas's size in pixels: its CSS width × the pixel ratio, with its shape's height, no
/// taller than its CSS lets it be shown, so the bitmap is never stretched.
pub(super) fn pixel_size(which: Chart, css: CssBox, scale: f64) -> (u32, u32) {
    let css_w = css.width.max(200) as f64;
    let (ratio, min_h) = which.row().shape;
    let css_h = (css_w * ratio).max(min_h).min(css.max_height);
    (
        (css_w * scale).round() as u32,
        (css_h * scale).round() as u32,
    )
}

/// Sizes a canvas's pixels as [`pixel_size`] says (resizing clears it, so only when it changes).
pub(super) fn fit(canvas: &HtmlCanvasElement, which: Chart, css: CssBox, scale: f64) {
    let (w, h) = pixel_size(which, css, scale);
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
}

/// The canvases and what drawing them keeps between frames.
pub(super) struct Drawing {
    pub canvases: Canvases,
    /// The network pictures' pixel buffers and how far their links have got.
    pub picture: std::cell::RefCell<network::Picture>,
    pub partner_picture: std::cell::RefCell<network::Picture>,
    /// Each canvas's CSS width when last sized (sizes are read again after a resize).
    pub widths: [Option<CssBox>; CANVASES],
    /// The widths were read with a partner's stage beside the main one.
    pub widths_paired: bool,
    /// Which canvases need drawing, and which the next frame starts with.
    pub frames: Frames<CANVASES>,
    /// Canvases (in `ALL` order) whose chart code has been warmed up off-screen: only these
    /// are drawn ([`App::warm_up`]).
    pub warmed: usize,
}

impl Default for Drawing {
    fn default() -> Self {
        Drawing {
            canvases: Default::default(),
            picture: Default::default(),
            partner_picture: Default::default(),
            widths: [None; CANVASES],
            widths_paired: false,
            frames: Frames::all_dirty(),
            warmed: 0,
        }
    }
}

impl App {
    /// Marks canvases for redrawing on the next animation frame.
    pub(super) fn mark(&mut self, which: impl IntoIterator<Item = Chart>, ctx: &Context<Self>) {
        for c in which {
            self.drawing.frames.mark(c as usize);
        }
        self.schedule_frame(ctx);
    }

    pub(super) fn schedule_frame(&mut self, ctx: &Context<Self>) {
        if self.frame_pending {
            return;
        }
        let Some(window) = web_sys::window() else {
            return;
        };
        let link = ctx.link().clone();
        let callback = Closure::once_into_js(move |ts: f64| link.send_message(Msg::Frame(ts)));
        if window
            .request_animation_frame(callback.unchecked_ref())
            .is_ok()
        {
            self.frame_pending = true;
        }
    }

    pub(super) fn on_frame(&mut self, ctx: &Context<Self>, ts: f64) -> bool {
        self.frame_pending = false;
        let dt = self
            .last_frame_ms
            .map_or(0.0, |last| (ts - last).clamp(0.0, 100.0));
        let effects = self.page.reduce_at(crate::web::now_ms(), Action::Tick(dt));
        let moving = effects.contains(&Effect::Redraw(Trigger::Cursor));
        self.perform(ctx, effects);
        self.last_frame_ms = moving.then_some(ts);
        if self.live_stale
            && (ts - self.last_live_ms >= LIVE_REDRAW_MS || !self.page.session().running())
        {
            self.live_stale = false;
            self.last_live_ms = ts;
            self.drawing
                .frames
                .mark_first(Chart::on(Trigger::Cursor).count());
        }
        // the view (status, progress, text alternatives) at most every LIVE_REDRAW_MS / 2
        let render = self.view_stale
            && (ts - self.last_view_ms >= LIVE_REDRAW_MS / 2.0 || !self.page.session().running());
        if render {
            self.view_stale = false;
            self.last_view_ms = ts;
        }
        // A frame that renders the view for streamed changes leaves the canvases to the next
        // frame: the view's render and a chart's first draw each take up to 30 ms, and
        // together with the frame's commit they made a task over 50 ms. Playback renders the
        // view every frame, and draws the canvases with it.
        if !render || moving {
            self.draw(ctx);
        }
        let recorded = self.record_frame(ctx, moving);
        if self.drawing.frames.any() || moving || self.live_stale || self.view_stale {
            self.schedule_frame(ctx);
        }
        moving || render || recorded
    }

    /// A recording takes this frame's stage; once the playback has stopped (at the run's end,
    /// or paused) the recording stops and downloads. Whether the view changed.
    fn record_frame(&mut self, ctx: &Context<Self>, moving: bool) -> bool {
        let Some(recorder) = &self.recorder else {
            return false;
        };
        let title = self.page.session().run().map_or(String::new(), |r| {
            format!("SprayLab {} · {}", env!("CARGO_PKG_VERSION"), r.label())
        });
        recorder.frame(&title, &self.stage_canvases());
        // the frame whose cursor is the end is in the recording; the next one stops it
        if !moving && !self.drawing.frames.any() {
            self.reduce(ctx, Action::Record(false));
            return true;
        }
        false
    }

    /// Draws dirty canvases, in rotating order, until the frame's budget of time or pixels is
    /// spent (the first is always drawn).
    pub(super) fn draw(&mut self, ctx: &Context<Self>) {
        let scale = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .clamp(1.0, 3.0);
        // a partner's stage opening or closing changes every stage canvas's width
        let paired = self.page.paired();
        if paired != self.drawing.widths_paired {
            self.drawing.widths_paired = paired;
            self.drawing.widths = [None; CANVASES];
            (0..CANVASES).for_each(|i| self.drawing.frames.mark(i));
        }
        let budget = FrameBudget {
            ms: FRAME_BUDGET_MS,
            pixels: FRAME_PIXELS,
        };
        let mut pass = self.drawing.frames.begin(crate::web::now_ms());
        loop {
            let (canvases, widths) = (&self.drawing.canvases, &mut self.drawing.widths);
            // a canvas waits for its warm-up (below) rather than compile in a frame
            let next = pass.next(
                &mut self.drawing.frames,
                crate::web::now_ms(),
                budget,
                self.drawing.warmed,
                |i| {
                    let canvas = canvases.at(i).cast::<HtmlCanvasElement>()?;
                    // reading a box forces a layout: once per canvas until the layout changes
                    let css = *widths[i].get_or_insert_with(|| CssBox::of(&canvas));
                    let (w, h) = pixel_size(CHARTS[i].chart, css, scale);
                    Some(w.saturating_mul(h))
                },
            );
            let Some(i) = next else { return };
            let (Some(canvas), Some(css)) = (
                self.drawing.canvases.at(i).cast::<HtmlCanvasElement>(),
                self.drawing.widths[i],
            ) else {
                continue;
            };
            fit(&canvas, CHARTS[i].chart, css, scale);
            // a box read before the layout settled (a class the page took after the read)
            // shows the bitmap stretched: read it again, and size the bitmap anew if it changed
            let shown = canvas.client_height() as f64 * scale;
            if canvas.client_height() > 0 && (shown - canvas.height() as f64).abs() > 1.5 * scale {
                let now = CssBox::of(&canvas);
                if now != css {
                    self.drawing.widths[i] = Some(now);
                    fit(&canvas, CHARTS[i].chart, now, scale);
                }
            }
            match self.draw_one(CHARTS[i].chart, &canvas, scale) {
                Ok(Some(drawn)) => {
                    let drawn = Action::Drawn(CHARTS[i].chart, Box::new(drawn));
                    let effects = self.page.reduce_at(crate::web::now_ms(), drawn);
                    self.perform(ctx, effects);
                }
                // a picture finished on the next frames
                Ok(None) => return pass.unfinished(&mut self.drawing.frames, i),
                Err(e) => web_sys::console::warn_1(&format!("canvas {i}: {e}").into()),
            }
        }
    }

    /// Warm-up step `step`: the first [`charts::WARM_PARTS`] steps run the code every chart
    /// shares (a line of text, an empty chart), then step `WARM_PARTS + i` draws the chart of
    /// `CHARTS[i].chart` with the current data, each on a small detached canvas; each step asks for the
    /// next in a task of its own. The browser compiles a WebAssembly function on its first
    /// call, on the main thread: the first chart drawn compiled about 70 functions in 30–40 ms,
    /// which with the frame's own work made a task over 50 ms. Warming in steps after start-up
    /// pays that cost in shorter tasks instead, before or between the frames.
    pub(super) fn warm_up(&mut self, ctx: &Context<Self>, step: usize) -> bool {
        let steps = charts::WARM_PARTS + CANVASES;
        if step >= steps {
            return false;
        }
        let canvas = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.create_element("canvas").ok())
            .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok());
        let drawn = match (step.checked_sub(charts::WARM_PARTS), canvas) {
            (None, Some(canvas)) => {
                fit(&canvas, Chart::Cwnd, CssBox::wide(200), 1.0);
                charts::warm(&canvas, step).map(Some)
            }
            // the network pictures keep their drawing state between frames: they warm on their own
            (Some(i), Some(canvas))
                if !matches!(CHARTS[i].chart, Chart::Network | Chart::PartnerNetwork) =>
            {
                fit(&canvas, CHARTS[i].chart, CssBox::wide(200), 1.0);
                self.draw_one(CHARTS[i].chart, &canvas, 1.0)
            }
            _ => Ok(None),
        };
        if let Err(e) = drawn {
            web_sys::console::warn_1(&format!("warm-up {step}: {e}").into());
        }
        // the canvases of ALL up to the one just drawn may now be drawn in frames
        self.drawing.warmed = (step + 1).saturating_sub(charts::WARM_PARTS);
        if step + 1 < steps {
            self.warm_up_later(ctx, step + 1);
        }
        false
    }

    /// Asks for the next section to be rendered, in a task of its own.
    pub(super) fn show_section_later(&mut self, ctx: &Context<Self>) {
        if !send_later(ctx, Msg::ShowSection) {
            // no timer: everything at once
            self.sections_shown = SECTIONS;
            self.drawing.warmed = CANVASES;
        }
    }

    /// Asks for warm-up step `step` in a task of its own.
    pub(super) fn warm_up_later(&mut self, ctx: &Context<Self>, step: usize) {
        if !send_later(ctx, Msg::WarmUp(step)) {
            // no timer to warm with: the frames draw every canvas cold
            self.drawing.warmed = CANVASES;
        }
    }

    /// A run's network picture at the cursor, on the colour scale the main run and its partner
    /// share; `Ok(false)`: not finished yet (it goes on in the next frames).
    fn draw_picture(
        &self,
        canvas: &HtmlCanvasElement,
        scale: f64,
        run: &RunData,
        layout: &Option<(u32, Layout)>,
        picture: &std::cell::RefCell<network::Picture>,
    ) -> Result<bool, String> {
        let s = self.page.session();
        let fallback = Layout::default();
        let layout = match layout {
            Some((id, l)) if *id == run.id => l,
            _ => &fallback,
        };
        let ecn = run.scenario.topology.ecn_min_bytes as f64;
        let peak = [s.run(), s.partner()]
            .into_iter()
            .flatten()
            .flat_map(|r| r.port_peak.iter().copied())
            .fold(0.0f32, f32::max) as f64;
        let down = match (&run.meta, run.scenario.events.is_empty()) {
            (Some(meta), false) => {
                edits::down_ports(&run.scenario, s.cursor_us(), &meta.port_names)
            }
            _ => Vec::new(),
        };
        let marks = Marks {
            flow: self.page.flow(),
            chosen: self.page.chosen(),
            down: &down,
            scale_bytes: peak.max(ecn),
            text_px: self.chart_style().text_px,
        };
        network::draw_network(
            canvas,
            &mut picture.borrow_mut(),
            scale,
            layout,
            run,
            s.cursor_us(),
            &marks,
            network::LINKS_SLICE_MS,
        )
    }

    /// The charts' text: read across a room in the presentation layout.
    fn chart_style(&self) -> Style {
        match self.page.presenting() {
            true => Style::PRESENT,
            false => Style::PAGE,
        }
    }

    /// Draws one canvas: where its parts went, or `Ok(None)` for a network picture not
    /// finished yet.
    pub(super) fn draw_one(
        &self,
        which: Chart,
        canvas: &HtmlCanvasElement,
        scale: f64,
    ) -> Result<Option<figures::Drawn>, String> {
        let s = self.page.session();
        let hidden = self.page.instruments().hidden_on(which);
        let at = At {
            cursor: (!s.playback().at_edge()).then(|| s.cursor_us()),
            style: self.chart_style(),
            zoom: self.page.instruments().zoom_of(which),
            hidden: &hidden,
            y_top: None,
        };
        let picture = |n: usize, run: &RunData, drawing: &std::cell::RefCell<network::Picture>| {
            self.draw_picture(canvas, scale, run, &self.page.layouts()[n], drawing)
                .map(|done| done.then(figures::Drawn::default))
        };
        // the network pictures keep their pixel buffers between frames; every chart is a figure
        match which {
            Chart::Network => {
                let empty = RunData::new(0, self.page.scenario().clone());
                picture(0, s.run().unwrap_or(&empty), &self.drawing.picture)
            }
            Chart::PartnerNetwork => match s.partner() {
                Some(p) => picture(1, p, &self.drawing.partner_picture),
                None => Ok(Some(figures::Drawn::default())),
            },
            chart => self
                .page
                .draw_chart(chart, charts::area(canvas, scale)?, &at)
                .unwrap_or_else(|| Ok(figures::Drawn::default()))
                .map(Some),
        }
    }
}
