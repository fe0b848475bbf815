//! Each chart drawn from the page's state and read at a pointer: the session's runs turned into
//! the plain data the figures take ([`crate::figures::data`]), on any plotters backend, and the
//! values a readout gives at a point. A chart's two arms sit here side by side, one match each.

use super::charts::Chart;
use super::page::Page;
use super::store::RunData;
use super::THEORY_CCAS;
use crate::figures::{self, At, DrawResult, Root};
use plotters::prelude::DrawingBackend;

impl Page {
    /// `at` for a window chart beside its lockstep partner's (both on screen): one time axis
    /// over the longer run and one window axis over both, so the two cursors stand at one place
    /// and the windows compare by height.
    fn beside_partner<'a>(&self, at: &At<'a>) -> At<'a> {
        let s = &self.session;
        let (Some(run), Some(partner)) = (&s.run, &s.partner) else {
            return *at;
        };
        if self.presenting {
            return *at; // the presentation draws both into one chart
        }
        let span = s.span_us();
        let both = At {
            zoom: at.zoom.or(Some((0.0, span))),
            ..*at
        };
        let top = [run, partner]
            .iter()
            .map(|r| figures::cwnd_top(&r.view(), &both))
            .fold(0.0, f64::max);
        At {
            y_top: Some(top),
            ..both
        }
    }

    /// The lockstep partner drawn into the main run's window chart: the presentation shows both
    /// runs in one chart, over the main run's time (its playback ends with the run it is about).
    pub(super) fn partner_overlaid(&self) -> Option<&RunData> {
        self.session.partner.as_ref().filter(|_| self.presenting)
    }

    /// Draws `chart`'s figure from the page's state on `root`; `None` for the network pictures,
    /// which the shell draws into pixel buffers it keeps between frames.
    pub fn draw_chart<DB: DrawingBackend>(
        &self,
        chart: Chart,
        root: Root<DB>,
        at: &At,
    ) -> Option<DrawResult> {
        let s = &self.session;
        let empty = RunData::new(0, self.scenario.clone());
        let run = s.run.as_ref().unwrap_or(&empty).view();
        let flow = self.flow();
        Some(match chart {
            Chart::Network | Chart::PartnerNetwork => return None,
            Chart::Cwnd => {
                let beside = self.partner_overlaid().map(RunData::view);
                figures::cwnd(root, &run, beside.as_ref(), flow, &self.beside_partner(at))
            }
            Chart::Delay => figures::delay(root, &run, flow, at),
            Chart::Queue => figures::queues(root, &run, &self.chosen, at),
            Chart::Fct => figures::fct_cdf(root, &run, at),
            Chart::Flows => figures::flows(root, &run, at),
            Chart::PartnerCwnd => match &s.partner {
                Some(p) => figures::cwnd(root, &p.view(), None, flow, &self.beside_partner(at)),
                None => Ok(figures::Drawn::default()),
            },
            Chart::Decision => {
                let decision = self.decision_at();
                let shown = decision.as_ref().map_err(String::as_str);
                figures::decision(root, shown, run.cca(), at)
            }
            Chart::CompareCwnd => figures::compare_cwnd(root, &s.compared(), at),
            Chart::CompareFct => figures::compare_fct(root, &s.compared(), at),
            Chart::Theory => {
                let npath = crate::scenario::Scenario::preset("npath").expect("npath is a preset");
                figures::theory(root, &npath, &THEORY_CCAS, &s.theory_points, at)
            }
            Chart::Sweep => {
                let sweep = self.sweeps.run.as_ref();
                let rows = sweep.map_or(Vec::new(), |r| r.results.summary());
                let points = sweep.map_or(Vec::new(), |r| r.results.points.clone());
                let title = self.sweep_title();
                let figure = figures::SweepChart {
                    rows: &rows,
                    points: &points,
                    over_q: self.sweep_over_q(),
                    log: self.sweeps.form.log,
                    title: &title,
                };
                figures::sweep(root, &figure, at)
            }
        })
    }

    /// `chart`'s values at `x` (a time, µs, or an FCT, µs) and, on a chart of rows, the row at
    /// `y`: one line each, the x first.
    pub fn values_at(&self, chart: Chart, x: f64, y: Option<f64>) -> Vec<String> {
        let s = &self.session;
        let flow = self.flow();
        let hidden = self.instruments.hidden_on(chart);
        let shown = |key: &str| !hidden.iter().any(|h| h == key);
        let mut lines = match chart {
            Chart::Cwnd => s.run.as_ref().map(|r| {
                let mut lines = cwnd_at(r, flow, x, &shown);
                let beside = self
                    .partner_overlaid()
                    .filter(|_| shown(figures::CWND_PARTNER));
                if let Some((p, m)) = beside.and_then(|p| Some((p, summary_at(p, x)?))) {
                    let (cca, mean) = (p.view().cca(), m.cwnd_mean);
                    lines.insert(1, format!("{cca} in lockstep: mean {mean:.1} pkts"));
                }
                as_ended(r, x, lines)
            }),
            Chart::PartnerCwnd => s
                .partner
                .as_ref()
                .map(|r| as_ended(r, x, cwnd_at(r, flow, x, &shown))),
            Chart::Delay => s
                .run
                .as_ref()
                .map(|r| as_ended(r, x, delay_at(r, flow, x, &shown))),
            Chart::Queue => s
                .run
                .as_ref()
                .map(|r| queues_at(r, &self.chosen, x, &shown)),
            Chart::Fct => s.run.as_ref().map(|r| finished_by(&[r], x)),
            Chart::Flows => s
                .run
                .as_ref()
                .and_then(|r| r.report.as_ref())
                .map(|r| figures::flows_at(r, x, y)),
            Chart::CompareCwnd => Some(compare_at(&s.past.iter().collect::<Vec<_>>(), x, &shown)),
            Chart::CompareFct => Some(finished_by(&s.past.iter().collect::<Vec<_>>(), x)),
            // no readout at the pointer: the pictures are read by a tap on a host or link, the
            // decision by its sentence, the theory and the sweeps by their tables
            Chart::Network
            | Chart::PartnerNetwork
            | Chart::Decision
            | Chart::Theory
            | Chart::Sweep => None,
        }
        .unwrap_or_default();
        if lines.is_empty() {
            return lines;
        }
        let head = match chart.row().over_time {
            true => format!("at {x:.1} µs"),
            false => format!("FCT ≤ {x:.1} µs"),
        };
        lines.insert(0, head);
        lines
    }
}

/// A finished run's lines read past its end (on a time axis shared with a longer run): its last
/// values, said to be so.
fn as_ended(run: &RunData, t: f64, mut lines: Vec<String>) -> Vec<String> {
    let end = run.span_us();
    if run.report.is_some() && t > end && !lines.is_empty() {
        lines.insert(0, format!("ended at {end:.1} µs, as it ended:"));
    }
    lines
}

/// The run's summary sample at `t` (the last at or before it).
fn summary_at(run: &RunData, t: f64) -> Option<&super::store::BucketSummary> {
    let i = run.summary.partition_point(|s| s.time_us <= t);
    run.summary.get(i.checked_sub(1)?)
}

fn cwnd_at(run: &RunData, flow: usize, t: f64, shown: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(s) = summary_at(run, t) {
        if shown(figures::CWND_MEAN) {
            lines.push(format!("mean {:.1} pkts", s.cwnd_mean));
        }
        if shown(figures::CWND_BAND) {
            lines.push(format!(
                "sprayed flows {:.1} to {:.1} pkts",
                s.cwnd_min, s.cwnd_max
            ));
        }
        if shown(figures::CWND_ELEPHANTS) && s.elephant_cwnd > 0.0 {
            lines.push(format!("elephants {:.1} pkts", s.elephant_cwnd));
        }
    }
    if let Some((b, i)) = run.bucket_at(t) {
        if let Some(m) = b
            .cwnd
            .get(i * b.flows + flow)
            .filter(|_| shown(figures::CWND_FLOW))
        {
            lines.push(format!("flow {flow} {:.1} pkts", m.max));
        }
    }
    lines
}

fn delay_at(run: &RunData, flow: usize, t: f64, shown: &dyn Fn(&str) -> bool) -> Vec<String> {
    let Some((b, i)) = run.bucket_at(t) else {
        return Vec::new();
    };
    let k = i * b.flows + flow;
    let series = [
        (figures::DELAY_RAW, "raw RTT", &b.raw_delay_us),
        (figures::DELAY_SIGNAL, "signal", &b.signal_us),
        (figures::DELAY_TARGET, "target", &b.target_us),
    ];
    series
        .into_iter()
        .filter(|(key, _, _)| shown(key))
        .filter_map(|(_, name, v)| {
            // a target of 0: the CCA has none
            let m = v.get(k).filter(|m| m.max > 0.0)?;
            Some(format!("{name} {:.1} µs", m.max))
        })
        .collect()
}

fn queues_at(run: &RunData, chosen: &[usize], t: f64, shown: &dyn Fn(&str) -> bool) -> Vec<String> {
    let (Some(meta), Some(q)) = (&run.meta, run.queues_at(t)) else {
        return Vec::new();
    };
    figures::queue_ports(&run.view(), chosen, 6)
        .into_iter()
        .filter(|(p, _)| shown(&meta.port_names[*p]))
        .filter_map(|(p, _)| {
            Some(format!(
                "{} {:.1} KiB",
                meta.port_names[p],
                q.get(p)?.max / 1024.0
            ))
        })
        .collect()
}

fn compare_at(runs: &[&RunData], t: f64, shown: &dyn Fn(&str) -> bool) -> Vec<String> {
    let all: Vec<(u32, &crate::Scenario)> = runs.iter().map(|r| (r.id, &r.scenario)).collect();
    runs.iter()
        .filter(|r| shown(&format!("#{}", r.id)))
        .filter_map(|r| {
            let s = summary_at(r, t)?;
            let name = super::lockstep::compare_label(r.id, &r.scenario, &all);
            Some(format!("{name}: mean {:.1} pkts", s.cwnd_mean))
        })
        .collect()
}

/// The share of each run's sprayed flows finished by `x` µs.
fn finished_by(runs: &[&RunData], x: f64) -> Vec<String> {
    let all: Vec<(u32, &crate::Scenario)> = runs.iter().map(|r| (r.id, &r.scenario)).collect();
    runs.iter()
        .filter_map(|r| {
            let fcts = figures::sorted_fcts(&r.view(), f64::INFINITY);
            if fcts.is_empty() {
                return None;
            }
            let done = fcts.partition_point(|&f| f <= x);
            let share = 100.0 * done as f64 / fcts.len() as f64;
            let who = match runs.len() {
                1 => String::new(),
                _ => format!(
                    "{}: ",
                    super::lockstep::compare_label(r.id, &r.scenario, &all)
                ),
            };
            Some(format!(
                "{who}{share:.0} % finished ({done} of {})",
                fcts.len()
            ))
        })
        .collect()
}
