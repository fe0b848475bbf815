//! What the page's panels ask for: the form, the playback bar (and its keys), the network
//! picture, the report and its exports, the comparison and the class story.

use super::*;
use crate::web::components::network_panel::NetworkAction;
use crate::web::components::report::ReportAction;
use crate::web::components::story::StoryAction;

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
                exports::download_text(&name, "text/csv", &run.timeline_csv());
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

    /// Starts the theory sweep (its button, or the story's last step).
    pub(super) fn start_theory(&mut self, ctx: &Context<Self>) {
        let msgs = self.page.session.start_theory();
        self.send(msgs);
        self.mark(&[Canvas::Theory], ctx);
    }

    pub(super) fn on_story(&mut self, ctx: &Context<Self>, action: StoryAction) -> bool {
        match action {
            StoryAction::Show(step) => {
                self.page.story = step.map(|s| s.min(STEPS.len() - 1));
                true
            }
            StoryAction::Run(i) => {
                match STEPS.get(i).map(|s| s.run) {
                    Some(StepRun::Theory) => {
                        self.start_theory(ctx);
                        scroll_to("chart-theory");
                    }
                    Some(run @ StepRun::Baseline { speed, partner, .. }) => {
                        if let Some(s) = run.scenario(self.page.scenario.seed) {
                            self.page.scenario = s.clone();
                            self.page.refused = None;
                            self.write_link();
                            self.page.session.playback.set_speed(speed);
                            self.start_main(ctx, s.clone());
                            if let Some(cca) = partner {
                                let mut other = s;
                                cca.apply(&mut other.cca);
                                let msgs = self.page.session.start_partner(other);
                                self.send(msgs);
                            }
                        }
                    }
                    None => {}
                }
                true
            }
        }
    }
}
