//! What the page lets a user take away from the run on screen, as text: the report as JSON
//! (with the full scenario, its link, the seed and the SprayLab version, so it reproduces) and
//! the timelines as CSV (under `#` lines with the version and the link). File names carry the
//! scenario's short form. The shell performs the download, and draws the charts' PNG.

use super::actions::Export;
use super::page::{Effect, Page};
use super::store::RunData;
use crate::link::{short_form, to_fragment};

/// The JSON export of a finished run; `base`: the page's address before its fragment.
pub fn report_json(run: &RunData, base: &str) -> Option<String> {
    let report = run.report.as_ref()?;
    let doc = serde_json::json!({
        "spraylab_version": env!("CARGO_PKG_VERSION"),
        "seed": run.scenario.seed,
        "link": format!("{base}#{}", to_fragment(&run.scenario, true)),
        "scenario": run.scenario,
        "report": report,
    });
    serde_json::to_string_pretty(&doc).ok()
}

/// The timelines CSV of `run`, under the SprayLab version and the link that runs it again.
pub fn timeline_csv(run: &RunData, base: &str) -> String {
    let link = format!("{base}#{}", to_fragment(&run.scenario, true));
    crate::repro::rows::provenance(&link) + &run.timeline_csv()
}

/// `spraylab-<short form>-<what>.<ext>`.
pub fn file_name(run: &RunData, what: &str, ext: &str) -> String {
    format!("spraylab-{}-{what}.{ext}", short_form(&run.scenario))
}

impl Page {
    /// The download `what` of the run on screen; nothing before a run (or, for the report,
    /// before it ends).
    pub(super) fn export(&self, what: Export) -> Vec<Effect> {
        let Some(run) = &self.session.run else {
            return Vec::new();
        };
        let effect = match what {
            Export::ReportJson => report_json(run, &self.base_url).map(|text| Effect::Download {
                name: file_name(run, "report", "json"),
                mime: "application/json",
                text,
            }),
            Export::TimelinesCsv => Some(Effect::Download {
                name: file_name(run, "timelines", "csv"),
                mime: "text/csv",
                text: timeline_csv(run, &self.base_url),
            }),
            Export::ChartsPng => Some(Effect::ChartsPng {
                name: file_name(run, "charts", "png"),
                title: format!("SprayLab {} · {}", env!("CARGO_PKG_VERSION"), run.label()),
            }),
        };
        effect.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::fake_worker::finished_session;
    use crate::Scenario;

    #[test]
    fn exports_carry_the_scenario_the_seed_the_version_and_a_link_that_runs_it_again() {
        let mut s = Scenario::preset("drr").unwrap();
        s.topology.k = 4;
        s.workload.elephants = 2;
        s.workload.flow_size_bytes = 128 << 10;
        s.seed = 11;
        let session = finished_session(s.clone());
        let run = session.run.as_ref().unwrap();
        let base = "https://example.org/spraylab/";
        let json: serde_json::Value =
            serde_json::from_str(&report_json(run, base).unwrap()).unwrap();
        assert_eq!(json["scenario"], serde_json::to_value(&s).unwrap());
        assert_eq!(json["seed"], 11);
        assert_eq!(json["spraylab_version"], env!("CARGO_PKG_VERSION"));
        let link = json["link"].as_str().unwrap();
        assert!(link.starts_with(base), "{link}");
        assert!(
            link.contains("topology.drr=true") && link.contains("run=1"),
            "{link}"
        );
        let fragment = link.split_once('#').unwrap().1;
        let parsed = crate::link::from_fragment(fragment).unwrap().scenario;
        assert_eq!(parsed, s, "the exported link reproduces the run");
        let name = file_name(run, "report", "json");
        assert!(name.contains("k-4") && name.contains("drr"), "{name}");
        let csv = timeline_csv(run, base);
        assert!(
            csv.starts_with("# SprayLab ") && csv.contains(link),
            "{csv:.200}"
        );
    }

    #[test]
    fn the_page_exports_the_run_on_screen_and_nothing_before_one() {
        let mut page = Page::new(crate::session::fake_worker::small());
        for what in [Export::ReportJson, Export::TimelinesCsv, Export::ChartsPng] {
            assert!(page.export(what).is_empty());
        }
        page.session = finished_session(page.scenario.clone());
        let effects: Vec<Effect> = [Export::ReportJson, Export::TimelinesCsv, Export::ChartsPng]
            .into_iter()
            .flat_map(|w| page.export(w))
            .collect();
        assert!(matches!(
            effects.as_slice(),
            [
                Effect::Download {
                    mime: "application/json",
                    ..
                },
                Effect::Download {
                    mime: "text/csv",
                    ..
                },
                Effect::ChartsPng { .. }
            ]
        ));
    }
}
