//! What the run's panels ask for: the playback bar (and its keys), the network picture, the
//! report and its exports.

use super::*;
use crate::web::components::network_panel::NetworkAction;
use crate::web::components::playback::PlaybackAction;
use crate::web::components::report::ReportAction;

impl App {
    pub(super) fn on_playback(&mut self, ctx: &Context<Self>, action: PlaybackAction) -> bool {
        let span = self.session.span_us();
        match action {
            PlaybackAction::Play => {
                let live = self.session.running();
                self.session.playback.toggle(span, live);
                self.last_frame_ms = None;
            }
            PlaybackAction::Step(n) => {
                let bucket = self.session.run.as_ref().map_or(1.0, RunData::bucket_us);
                self.session.playback.step(n, bucket, span);
            }
            PlaybackAction::Seek(t) => self.session.playback.seek(t, span),
            PlaybackAction::Speed(i) => {
                let msgs = self.session.set_speed(i);
                self.send(msgs);
                return true;
            }
        }
        self.mark(&AT_CURSOR, ctx);
        true
    }

    pub(super) fn on_network(&mut self, ctx: &Context<Self>, action: NetworkAction) -> bool {
        match action {
            NetworkAction::Click(x, y, w, h) => self.on_network_click(ctx, x, y, w, h),
            NetworkAction::ClearChosen => {
                self.chosen.clear();
                self.mark(&AT_CURSOR, ctx);
                true
            }
        }
    }

    pub(super) fn on_report(&mut self, ctx: &Context<Self>, action: ReportAction) -> bool {
        let Some(run) = &self.session.run else {
            return false;
        };
        match action {
            ReportAction::Highlight(text) => {
                let flows = self.meta_flows();
                self.highlight = match text.trim().parse::<usize>() {
                    Ok(f) if f < flows => Some(f),
                    _ => None,
                };
                self.mark(&AT_CURSOR, ctx);
                return true;
            }
            ReportAction::ExportJson => {
                if let Some(text) = exports::report_json(run) {
                    let name = exports::file_name(run, "report", "json");
                    exports::download_text(&name, "application/json", &text);
                }
            }
            ReportAction::ExportCsv => {
                let name = exports::file_name(run, "timelines", "csv");
                exports::download_text(&name, "text/csv", &run.timeline_csv());
            }
            ReportAction::ExportPng => {
                let canvases: Vec<HtmlCanvasElement> = self.canvases[..5]
                    .iter()
                    .filter_map(|n| n.cast::<HtmlCanvasElement>())
                    .collect();
                let title = format!("SprayLab {} · {}", env!("CARGO_PKG_VERSION"), run.label());
                if let Some(url) = exports::charts_png(&title, &canvases) {
                    exports::download_url(&exports::file_name(run, "charts", "png"), &url);
                }
            }
        }
        false
    }
}
