//! A pointer on a chart ([`super::instruments`]): it reads every series' value at its x (what
//! each chart gives is [`Page::values_at`], beside its drawing), a drag across a time chart
//! zooms every time chart, two fingers pinch, a double-click or the reset button shows the whole
//! run, a legend entry hides its series.

use super::charts::{Chart, Trigger};
use super::effects::Effect;
use super::instruments::{Pinch, Pointer, PointerKind, Readout, DRAG_PX};
use super::page::Page;

impl Page {
    /// A pointer on `chart`: read, press, release (a zoom or a tap), leave, or double-click.
    pub(super) fn on_pointer(&mut self, chart: Chart, p: Pointer) -> Vec<Effect> {
        if !chart.row().instrument {
            return Vec::new();
        }
        if let Some(effects) = self.pinching(chart, p) {
            return effects;
        }
        let ins = &mut self.instruments;
        match p.kind {
            PointerKind::Move => {
                if ins.pressed.is_some() {
                    return Vec::new(); // a drag: the release decides
                }
                self.read(chart, p)
            }
            PointerKind::Leave => {
                ins.pressed = None;
                if p.touch {
                    return Vec::new(); // a tap's readout stays until the next press
                }
                match ins.readout.take() {
                    Some(_) => vec![Effect::Readout],
                    None => Vec::new(),
                }
            }
            PointerKind::Down => {
                let drawn = &ins.drawn[chart as usize];
                if let Some(b) = drawn.legend.iter().find(|b| b.contains(p.x, p.y)) {
                    let key = (chart, b.key.clone());
                    match ins.hidden.iter().position(|h| *h == key) {
                        Some(i) => {
                            ins.hidden.remove(i);
                        }
                        None => ins.hidden.push(key),
                    }
                    return vec![Effect::Redraw(chart.row().trigger)];
                }
                ins.pressed = Some((chart, p.id, p.x));
                Vec::new()
            }
            PointerKind::Up => match ins.pressed.take() {
                Some((c, _, x0)) if c == chart && (p.x - x0).abs() >= DRAG_PX => {
                    self.zoom(chart, x0, p.x)
                }
                // a tap (a finger has no hover): read there
                _ => self.read(chart, p),
            },
            PointerKind::DoubleClick => self.reset_zoom(),
        }
    }

    /// Two fingers on a time chart: a second finger down starts a pinch, a finger's move zooms,
    /// a finger lifted ends it. `None`: the event is not a pinch's.
    fn pinching(&mut self, chart: Chart, p: Pointer) -> Option<Vec<Effect>> {
        let ins = &mut self.instruments;
        if let Some(pinch) = &mut ins.pinch {
            let finger = pinch.fingers.iter_mut().find(|f| f.0 == p.id)?;
            return Some(match p.kind {
                PointerKind::Move => {
                    finger.2 = p.x;
                    let pinch = *pinch;
                    self.pinch_zoom(&pinch)
                }
                PointerKind::Up | PointerKind::Leave => {
                    ins.pinch = None;
                    Vec::new()
                }
                _ => Vec::new(),
            });
        }
        match (p.kind, ins.pressed) {
            (PointerKind::Down, Some((c, first, x0)))
                if c == chart && first != p.id && chart.row().over_time =>
            {
                let axis = ins.drawn[chart as usize].x?;
                ins.pressed = None;
                ins.pinch = Some(Pinch {
                    axis,
                    fingers: [(first, x0, x0), (p.id, p.x, p.x)],
                });
                Some(Vec::new())
            }
            _ => None,
        }
    }

    /// The zoom that keeps the times the fingers came down on under where they are now.
    fn pinch_zoom(&mut self, pinch: &Pinch) -> Vec<Effect> {
        let [(_, a0, a1), (_, b0, b1)] = pinch.fingers;
        if (b1 - a1).abs() < DRAG_PX || (b0 - a0).abs() < DRAG_PX {
            return Vec::new();
        }
        let axis = pinch.axis;
        let (Some(ta), Some(tb)) = (axis.value_at(a0), axis.value_at(b0)) else {
            return Vec::new();
        };
        // the time per CSS pixel that puts ta under a1 and tb under b1
        let per_px = (tb - ta) / (b1 - a1);
        let start = ta - (a1 - axis.px.0 as f64) * per_px;
        let end = start + (axis.px.1 - axis.px.0) as f64 * per_px;
        let span = self.session.span_us();
        let (start, end) = (start.min(end).max(0.0), start.max(end).min(span));
        self.instruments.zoom = match end - start {
            w if w <= 0.0 => return Vec::new(),
            // spread out to the whole run: no zoom
            _ if start <= 0.0 && end >= span => None,
            _ => Some((start, end)),
        };
        self.instruments.readout = None;
        vec![
            Effect::Redraw(Trigger::Cursor),
            Effect::Redraw(Trigger::Compare),
            Effect::Readout,
        ]
    }

    /// Every time chart shows the whole run again.
    pub(super) fn reset_zoom(&mut self) -> Vec<Effect> {
        match self.instruments.zoom.take() {
            Some(_) => vec![
                Effect::Redraw(Trigger::Cursor),
                Effect::Redraw(Trigger::Compare),
            ],
            None => Vec::new(),
        }
    }

    fn zoom(&mut self, chart: Chart, x0: f64, x1: f64) -> Vec<Effect> {
        if !chart.row().over_time {
            return Vec::new();
        }
        let Some(axis) = self.instruments.drawn[chart as usize].x else {
            return Vec::new();
        };
        let clamp = |x: f64| x.clamp(axis.px.0 as f64, axis.px.1 as f64);
        let (Some(a), Some(b)) = (axis.value_at(clamp(x0)), axis.value_at(clamp(x1))) else {
            return Vec::new();
        };
        self.instruments.zoom = Some((a.min(b), a.max(b)));
        self.instruments.readout = None;
        vec![
            Effect::Redraw(Trigger::Cursor),
            Effect::Redraw(Trigger::Compare),
            Effect::Readout,
        ]
    }

    /// The readout at the pointer: every series of `chart` at the x under it (none outside the
    /// plot).
    fn read(&mut self, chart: Chart, p: Pointer) -> Vec<Effect> {
        let drawn = &self.instruments.drawn[chart as usize];
        let at = drawn.x.and_then(|a| a.value_at(p.x));
        let row = drawn.y.and_then(|a| a.value_at(p.y));
        let lines = at.map_or(Vec::new(), |x| self.values_at(chart, x, row));
        let readout = (!lines.is_empty()).then_some(Readout {
            chart,
            screen: p.screen,
            lines,
        });
        if readout == self.instruments.readout {
            return Vec::new();
        }
        self.instruments.readout = readout;
        vec![Effect::Readout]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::{Axis, Drawn, LegendBox};
    use crate::session::actions::Action;
    use crate::session::fake_worker::{finished_page, small};

    /// A page with a finished run whose cwnd chart spans 100..500 px for 0..span µs, with one
    /// legend entry, the mean's, at (10..90, 300..320).
    fn page() -> (Page, f64) {
        let mut page = finished_page(small());
        let span = page.session.run.as_ref().unwrap().span_us();
        // the flows chart's rows: the top one at 50 px, the bottom one at 250 px
        let rows =
            crate::figures::flow_rows(page.session.run.as_ref().unwrap().report.as_ref().unwrap())
                .len();
        let half = 100.0 / (rows as f64 - 1.0);
        for chart in [
            Chart::Cwnd,
            Chart::Delay,
            Chart::Queue,
            Chart::Fct,
            Chart::Flows,
        ] {
            page.instruments.drawn[chart as usize] = Drawn {
                x: Some(Axis {
                    px: (100, 500),
                    range: (0.0, span),
                }),
                y: (chart == Chart::Flows).then_some(Axis {
                    px: ((50.0 - half) as i32, (250.0 + half) as i32),
                    range: (rows as f64 - 0.5, -0.5),
                }),
                legend: vec![LegendBox {
                    key: crate::figures::CWND_MEAN.into(),
                    rect: [10, 300, 90, 320],
                }],
            };
        }
        (page, span)
    }

    fn at(kind: PointerKind, x: f64, y: f64) -> Pointer {
        Pointer {
            kind,
            touch: false,
            id: 1,
            x,
            y,
            screen: (x, y),
        }
    }

    fn point(page: &mut Page, chart: Chart, kind: PointerKind, x: f64, y: f64) -> Vec<Effect> {
        page.reduce(Action::Pointer(chart, at(kind, x, y)))
    }

    #[test]
    fn the_pointer_reads_every_series_of_every_instrumented_chart() {
        let (mut page, span) = page();
        let expect: [(Chart, &[&str]); 5] = [
            (
                Chart::Cwnd,
                &["at ", "mean ", "sprayed flows ", "elephants ", "flow "],
            ),
            (Chart::Delay, &["at ", "raw RTT ", "signal ", "target "]),
            (Chart::Queue, &["at ", " KiB"]),
            (Chart::Fct, &["FCT ≤ ", "% finished ("]),
            (Chart::Flows, &["at ", " running, ", "flow "]),
        ];
        for (chart, words) in expect {
            assert_eq!(
                point(&mut page, chart, PointerKind::Move, 300.0, 50.0),
                vec![Effect::Readout]
            );
            let r = page.instruments.readout.clone().expect("a readout");
            assert_eq!(r.chart, chart);
            for (line, word) in r.lines.iter().zip(words) {
                assert!(line.contains(word), "{chart:?}: {line:?} lacks {word:?}");
            }
            assert!(r.lines.len() >= words.len(), "{chart:?}: {:?}", r.lines);
        }
        // the flow read is the top row's, the first sender's first flow
        let report = page.session.run.as_ref().unwrap().report.clone().unwrap();
        let top = crate::figures::flow_rows(&report)[0];
        let lines = &page.instruments.readout.as_ref().unwrap().lines;
        assert!(
            lines[2].starts_with(&format!("flow {top}: host {} ", report.flows[top].src)),
            "{lines:?}"
        );
        // the time read is the x under the pointer
        point(&mut page, Chart::Cwnd, PointerKind::Move, 300.0, 50.0);
        let head = &page.instruments.readout.as_ref().unwrap().lines[0];
        assert_eq!(head, &format!("at {:.1} µs", span / 2.0));
        // outside the plot, and on leaving, the readout goes
        assert_eq!(
            point(&mut page, Chart::Cwnd, PointerKind::Move, 50.0, 50.0),
            vec![Effect::Readout]
        );
        assert!(page.instruments.readout.is_none());
        point(&mut page, Chart::Cwnd, PointerKind::Move, 300.0, 50.0);
        point(&mut page, Chart::Cwnd, PointerKind::Leave, 0.0, 0.0);
        assert!(page.instruments.readout.is_none());
        // a chart a pointer does not read
        assert_eq!(
            point(&mut page, Chart::Sweep, PointerKind::Move, 300.0, 50.0),
            vec![]
        );
    }

    #[test]
    fn a_drag_zooms_the_time_charts_a_tap_reads_and_a_double_click_resets() {
        let (mut page, span) = page();
        point(&mut page, Chart::Delay, PointerKind::Down, 200.0, 50.0);
        assert_eq!(
            point(&mut page, Chart::Delay, PointerKind::Move, 300.0, 50.0),
            vec![]
        );
        let effects = point(&mut page, Chart::Delay, PointerKind::Up, 400.0, 50.0);
        assert!(effects.contains(&Effect::Redraw(Trigger::Cursor)));
        let (a, b) = page.instruments.zoom.unwrap();
        assert!((a - span / 4.0).abs() < 1e-9 && (b - 3.0 * span / 4.0).abs() < 1e-9);
        for chart in [
            Chart::Cwnd,
            Chart::Delay,
            Chart::Queue,
            Chart::PartnerCwnd,
            Chart::CompareCwnd,
            Chart::Flows,
        ] {
            assert_eq!(page.instruments.zoom_of(chart), Some((a, b)), "{chart:?}");
        }
        assert_eq!(
            page.instruments.zoom_of(Chart::Fct),
            None,
            "the FCT axis is not time"
        );
        // a tap (under the drag distance) reads instead
        point(&mut page, Chart::Cwnd, PointerKind::Down, 300.0, 50.0);
        point(
            &mut page,
            Chart::Cwnd,
            PointerKind::Up,
            300.0 + DRAG_PX / 2.0,
            50.0,
        );
        assert_eq!(page.instruments.zoom, Some((a, b)));
        assert!(page.instruments.readout.is_some());
        // a drag on the FCT chart does not zoom time
        point(&mut page, Chart::Fct, PointerKind::Down, 200.0, 50.0);
        point(&mut page, Chart::Fct, PointerKind::Up, 400.0, 50.0);
        assert_eq!(page.instruments.zoom, Some((a, b)));
        assert!(!point(&mut page, Chart::Queue, PointerKind::DoubleClick, 0.0, 0.0).is_empty());
        assert_eq!(page.instruments.zoom, None);
        page.reduce(Action::Pointer(
            Chart::Cwnd,
            at(PointerKind::Down, 150.0, 0.0),
        ));
        page.reduce(Action::Pointer(
            Chart::Cwnd,
            at(PointerKind::Up, 250.0, 0.0),
        ));
        assert!(page.instruments.zoom.is_some());
        assert!(!page.reduce(Action::ResetZoom).is_empty());
        assert_eq!(page.instruments.zoom, None);
    }

    #[test]
    fn a_legend_entry_hides_its_series_and_shows_it_again() {
        let (mut page, _) = page();
        let effects = point(&mut page, Chart::Cwnd, PointerKind::Down, 50.0, 310.0);
        assert_eq!(effects, vec![Effect::Redraw(Trigger::Cursor)]);
        assert_eq!(page.instruments.hidden_on(Chart::Cwnd), ["mean"]);
        assert!(
            page.instruments.hidden_on(Chart::Delay).is_empty(),
            "per chart"
        );
        // a hidden series leaves the readout
        point(&mut page, Chart::Cwnd, PointerKind::Up, 50.0, 310.0);
        point(&mut page, Chart::Cwnd, PointerKind::Move, 300.0, 50.0);
        let lines = &page.instruments.readout.as_ref().unwrap().lines;
        assert!(!lines.iter().any(|l| l.starts_with("mean ")), "{lines:?}");
        point(&mut page, Chart::Cwnd, PointerKind::Down, 50.0, 310.0);
        assert!(page.instruments.hidden_on(Chart::Cwnd).is_empty());
    }

    /// A finger's tap reads the chart and the readout stays when the browser says the finger
    /// left (as it does after every tap), until the next press elsewhere; a mouse leaving hides it.
    #[test]
    fn a_tap_s_readout_stays_until_the_next_press_elsewhere() {
        let (mut page, _) = page();
        let finger = |page: &mut Page, kind| {
            let p = Pointer {
                kind,
                touch: true,
                id: 3,
                x: 300.0,
                y: 50.0,
                screen: (300.0, 50.0),
            };
            page.reduce(Action::Pointer(Chart::Delay, p))
        };
        finger(&mut page, PointerKind::Down);
        assert_eq!(finger(&mut page, PointerKind::Up), vec![Effect::Readout]);
        assert_eq!(finger(&mut page, PointerKind::Leave), vec![]);
        assert_eq!(
            page.instruments.readout.as_ref().unwrap().chart,
            Chart::Delay
        );
        assert_eq!(page.reduce(Action::PressedElsewhere), vec![Effect::Readout]);
        assert!(page.instruments.readout.is_none());
        assert_eq!(page.reduce(Action::PressedElsewhere), vec![]);
        // a mouse that leaves takes its readout with it
        point(&mut page, Chart::Delay, PointerKind::Move, 300.0, 50.0);
        assert!(page.instruments.readout.is_some());
        point(&mut page, Chart::Delay, PointerKind::Leave, 0.0, 0.0);
        assert!(page.instruments.readout.is_none());
    }

    /// Two fingers pinch a time chart: the times they came down on stay under them as they
    /// move, the zoom is shared by every time chart, a finger lifted ends the pinch, and fingers
    /// spread past the run's ends show the whole run.
    #[test]
    fn two_fingers_pinch_the_time_charts() {
        let (mut page, span) = page();
        let finger = |page: &mut Page, kind, id, x: f64| {
            let p = Pointer {
                kind,
                touch: true,
                id,
                x,
                y: 50.0,
                screen: (x, 50.0),
            };
            page.reduce(Action::Pointer(Chart::Cwnd, p))
        };
        // 100..500 px is 0..span: the fingers come down on span/4 and 3 span/4
        finger(&mut page, PointerKind::Down, 7, 200.0);
        assert!(finger(&mut page, PointerKind::Down, 8, 400.0).is_empty());
        let effects = finger(&mut page, PointerKind::Move, 8, 500.0);
        assert!(
            effects.contains(&Effect::Redraw(Trigger::Cursor)),
            "{effects:?}"
        );
        let (a, b) = page.instruments.zoom.expect("zoomed");
        // span/4 stays at 200 px and 3 span/4 moves to 500 px, the plot's right end
        assert!((a - span / 12.0).abs() < 1e-9 * span, "{a}");
        assert!((b - 0.75 * span).abs() < 1e-9 * span, "{b}");
        assert_eq!(page.instruments.zoom_of(Chart::Delay), Some((a, b)));
        // pinched in past the run's ends: the whole run again
        finger(&mut page, PointerKind::Move, 7, 390.0);
        finger(&mut page, PointerKind::Move, 8, 410.0);
        assert_eq!(page.instruments.zoom, None, "fingers 20 px apart show all");
        finger(&mut page, PointerKind::Move, 8, 480.0);
        let zoomed = page.instruments.zoom;
        assert!(zoomed.is_some());
        // a finger lifted ends the pinch: the other finger's moves read, they do not zoom
        finger(&mut page, PointerKind::Up, 7, 390.0);
        let effects = finger(&mut page, PointerKind::Move, 8, 300.0);
        assert_eq!(page.instruments.zoom, zoomed);
        assert!(
            !effects.contains(&Effect::Redraw(Trigger::Cursor)),
            "{effects:?}"
        );
    }
}
