//! What the page lets a user take away from the run on screen, as text: the report as JSON
//! (with the full scenario, its link, the seed and the SprayLab version, so it reproduces) and
//! the timelines as CSV (under `#` lines with the version and the link). File names carry the
//! scenario's short form. The shell performs the download, and draws the charts' PNG.

use super::actions::Export;
use super::effects::Effect;
use super::page::Page;
use super::store::RunData;
use crate::share::{short_form, to_fragment};

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

/// Where the charts' PNG puts each canvas: the wide ones (the network picture) across the whole
/// width, the others two to a row at half of it, each scaled to its place with its shape kept,
/// under a title line, so the picture has no empty cells.
#[derive(Clone, Debug, PartialEq)]
pub struct PngLayout {
    pub width: f64,
    pub height: f64,
    /// The title line's height.
    pub header: f64,
    /// (x, y, width, height) of each canvas, in the order given.
    pub places: Vec<[f64; 4]>,
}

/// The layout of canvases of `sizes` (width, height, drawn across the whole width).
pub fn png_layout(sizes: &[(u32, u32, bool)]) -> PngLayout {
    const HEADER: f64 = 40.0;
    let width = sizes.iter().map(|s| s.0).max().unwrap_or(1).max(1) as f64;
    let (mut y, mut places) = (HEADER, Vec::new());
    // the scaled height of a half-width canvas waiting for its neighbour
    let mut pending: Option<f64> = None;
    for &(w, h, wide) in sizes {
        let (w, h) = (w.max(1) as f64, h as f64);
        if wide {
            if let Some(row) = pending.take() {
                y += row;
            }
            let scaled = h * width / w;
            places.push([0.0, y, width, scaled]);
            y += scaled;
            continue;
        }
        let scaled = h * (width / 2.0) / w;
        match pending.take() {
            Some(row) => {
                places.push([width / 2.0, y, width / 2.0, scaled]);
                y += row.max(scaled);
            }
            None => {
                places.push([0.0, y, width / 2.0, scaled]);
                pending = Some(scaled);
            }
        }
    }
    if let Some(row) = pending {
        y += row;
    }
    PngLayout {
        width,
        height: y,
        header: HEADER,
        places,
    }
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
        let parsed = crate::share::from_fragment(fragment).unwrap().scenario;
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
    fn the_charts_png_leaves_no_empty_cell() {
        // the network picture and the four charts as the page draws them at 1280x720, 2x
        let sizes = [
            (1180, 2 * 366, false),
            (1180, 2 * 366, false),
            (1180, 2 * 366, false),
            (1180, 2 * 366, false),
            (2 * 1180, 2 * 496, true),
        ];
        let l = png_layout(&sizes);
        let drawn: f64 = l.places.iter().map(|p| p[2] * p[3]).sum();
        let share = drawn / (l.width * (l.height - l.header));
        assert!(share > 0.99, "{share}: {l:?}");
        assert_eq!(l.places[4][2], l.width, "the picture spans the width");
        assert_eq!(l.places[1][0], l.width / 2.0, "two charts to a row");
        // nothing overlaps, everything is inside
        for (i, a) in l.places.iter().enumerate() {
            assert!(a[0] + a[2] <= l.width && a[1] + a[3] <= l.height + 1e-9);
            for b in &l.places[..i] {
                let apart = a[0] >= b[0] + b[2]
                    || b[0] >= a[0] + a[2]
                    || a[1] >= b[1] + b[3]
                    || b[1] >= a[1] + a[3];
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
    }

    #[test]
    fn a_recording_plays_the_finished_run_from_its_start_and_stops_when_asked() {
        use crate::session::actions::Action;
        let mut page = Page::new(crate::session::fake_worker::small());
        assert_eq!(
            page.reduce(Action::Record(true)),
            vec![],
            "no run to record"
        );
        page.session = finished_session(page.scenario.clone());
        let effects = page.reduce(Action::Record(true));
        assert!(
            matches!(&effects[0], Effect::Record(Some(name)) if name.ends_with("-playback.webm"))
        );
        assert!(page.recording && page.session.playback.playing());
        assert_eq!(page.session.cursor_us(), 0.0, "from the start");
        assert_eq!(
            page.reduce(Action::Record(true)),
            vec![],
            "one recording at a time"
        );
        assert_eq!(
            page.reduce(Action::Record(false)),
            vec![Effect::Record(None)]
        );
        assert!(!page.recording);
    }

    /// At every speed a recording lasts some seconds: a speed that would replay the run in a
    /// blink (full speed on a short run) gives way to the fastest that does not, and says so.
    #[test]
    fn a_recording_at_any_speed_lasts_seconds_and_says_when_it_slowed() {
        use crate::session::actions::Action;
        use crate::session::playback::SPEEDS;
        use crate::session::stage::MIN_RECORDING_S;
        for speed in 0..SPEEDS.len() {
            let mut page = Page::new(crate::session::fake_worker::small());
            page.session = finished_session(page.scenario.clone());
            page.session.run.as_mut().unwrap().elapsed_ms = 40.0;
            page.session.playback.set_speed(speed);
            let s = &page.session;
            let before = s.span_us() / s.playback.rate(s.full_rate());
            page.reduce(Action::Record(true));
            let s = &page.session;
            let lasts = s.span_us() / s.playback.rate(s.full_rate());
            assert!(lasts >= MIN_RECORDING_S, "speed {speed}: {lasts} s");
            match before >= MIN_RECORDING_S {
                true => assert_eq!((s.playback.speed(), page.notice.as_deref()), (speed, None)),
                false => {
                    assert!(page.notice.as_deref().unwrap().starts_with("recording at "));
                    // the fastest that lasts: the next one faster would not
                    let faster = s.playback.speed() + 1;
                    let r = SPEEDS[faster].unwrap_or(s.full_rate());
                    assert!(s.span_us() / r < MIN_RECORDING_S, "speed {speed}");
                }
            }
        }
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
