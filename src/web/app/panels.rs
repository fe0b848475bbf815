//! What the network picture and the report ask for that the page's reducer does not handle:
//! a click on the picture (hit-testing needs the layout on screen) and the report's exports
//! (downloads). Every other panel's action goes through `Page::reduce`.

use super::*;
use crate::web::components::network_panel::NetworkAction;
use crate::web::components::report::ReportAction;

impl App {
    pub(super) fn on_network(&mut self, ctx: &Context<Self>, action: NetworkAction) -> bool {
        match action {
            NetworkAction::Click(x, y, w, h) => self.on_network_click(ctx, x, y, w, h),
            NetworkAction::ClearChosen => self.reduce(ctx, Action::ClearChosen),
        }
    }

    pub(super) fn on_report(&mut self, ctx: &Context<Self>, action: ReportAction) -> bool {
        let Some(run) = &self.page.session.run else {
            return false;
        };
        match action {
            ReportAction::Highlight(text) => return self.reduce(ctx, Action::Highlight(text)),
            ReportAction::ExportJson => {
                if let Some(text) = exports::report_json(run) {
                    let name = exports::file_name(run, "report", "json");
                    exports::download_text(&name, "application/json", &text);
                }
            }
            ReportAction::ExportCsv => {
                let name = exports::file_name(run, "timelines", "csv");
                exports::download_text(&name, "text/csv", &exports::timeline_csv(run));
            }
            ReportAction::ExportPng => {
                let canvases: Vec<HtmlCanvasElement> = self.drawing.canvases[..5]
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
