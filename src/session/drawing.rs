//! Each chart's figure drawn from the page's state: the session's runs turned into the plain
//! data the figures take ([`crate::figures::data`]), on any plotters backend.

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
}
