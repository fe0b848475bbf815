//! The page's canvases, one row each: the element's id, its shape, the section of the page it
//! is in, what makes it draw again, and whether the charts' PNG holds it. The shell sizes,
//! schedules, draws and exports canvases by this table; the reducer asks for redraws by
//! [`Trigger`], and [`Page::draw_chart`] draws each chart's figure from the page's state on any
//! backend. A new chart is a row here and its arm in `draw_chart` (the compiler holds the match
//! to every [`Chart`]), its figure (`src/figures`) and its place in a component.

/// A canvas of the page; its value is its row in [`CHARTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chart {
    Cwnd,
    Delay,
    Queue,
    Fct,
    Network,
    /// The lockstep partner's network picture and window chart.
    PartnerNetwork,
    PartnerCwnd,
    /// The followed flow's decision at the cursor (`decisions.rs`).
    Decision,
    /// The main run's flows over time, a bar each.
    Flows,
    CompareCwnd,
    CompareFct,
    Theory,
    Sweep,
}

/// What makes a canvas draw again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// The main run's (or its partner's) samples and the playback cursor.
    Cursor,
    /// A finished run joining the comparison, or the comparison cleared.
    Compare,
    /// A theory run's point.
    Theory,
    /// A sweep's report, or the sweep chart's scale.
    Sweep,
}

/// A part of the page rendered after the first render, in this order, a task each (the header
/// and the run's status come first). See the shell's `show_section_later`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Section {
    /// The glossary, class mode and the form.
    Controls = 1,
    /// The run's network picture, live charts and report.
    Stage,
    /// Compare and theory.
    Compare,
    /// Sweeps.
    Sweeps,
}

impl Section {
    pub const ALL: [Section; 4] = [
        Section::Controls,
        Section::Stage,
        Section::Compare,
        Section::Sweeps,
    ];
}

/// A canvas's facts.
#[derive(Clone, Copy, Debug)]
pub struct ChartRow {
    pub chart: Chart,
    /// The `<canvas>` element's id.
    pub id: &'static str,
    /// Height over width, and the least height (CSS px).
    pub shape: (f64, f64),
    pub section: Section,
    pub trigger: Trigger,
    /// In the run's "Charts (PNG)" export.
    pub in_png: bool,
    /// Its x axis is the run's time: it follows the time charts' zoom.
    pub over_time: bool,
    /// A pointer reads its values, hides its series from its legend.
    pub instrument: bool,
}

const fn row(
    chart: Chart,
    id: &'static str,
    shape: (f64, f64),
    section: Section,
    trigger: Trigger,
    in_png: bool,
) -> ChartRow {
    ChartRow {
        chart,
        id,
        shape,
        section,
        trigger,
        in_png,
        over_time: false,
        instrument: false,
    }
}

impl ChartRow {
    /// A chart a pointer reads, over the run's time (`time`) or over another axis.
    const fn instrument(self, time: bool) -> ChartRow {
        ChartRow {
            instrument: true,
            over_time: time,
            ..self
        }
    }
}

/// A time chart's shape, the network picture's and the wide charts'.
const CHART: (f64, f64) = (0.62, 260.0);
const PICTURE: (f64, f64) = (0.42, 300.0);
const WIDE: (f64, f64) = (0.55, 320.0);

use Section as S;
use Trigger as T;

/// Every canvas, in drawing order (the order a frame draws dirty canvases in).
#[rustfmt::skip]
pub const CHARTS: [ChartRow; 13] = [
    row(Chart::Cwnd, "chart-cwnd", CHART, S::Stage, T::Cursor, true).instrument(true),
    row(Chart::Delay, "chart-delay", CHART, S::Stage, T::Cursor, true).instrument(true),
    row(Chart::Queue, "chart-queue", CHART, S::Stage, T::Cursor, true).instrument(true),
    row(Chart::Fct, "chart-fct", CHART, S::Stage, T::Cursor, true).instrument(false),
    row(Chart::Network, "network", PICTURE, S::Stage, T::Cursor, true),
    row(Chart::PartnerNetwork, "network-2", PICTURE, S::Stage, T::Cursor, false),
    row(Chart::PartnerCwnd, "chart-cwnd-2", CHART, S::Stage, T::Cursor, false).instrument(true),
    row(Chart::Decision, "chart-decision", CHART, S::Stage, T::Cursor, false),
    row(Chart::Flows, "chart-flows", WIDE, S::Stage, T::Cursor, false).instrument(true),
    row(Chart::CompareCwnd, "chart-compare-cwnd", CHART, S::Compare, T::Compare, false)
        .instrument(true),
    row(Chart::CompareFct, "chart-compare-fct", CHART, S::Compare, T::Compare, false)
        .instrument(false),
    row(Chart::Theory, "chart-theory", WIDE, S::Compare, T::Theory, false),
    row(Chart::Sweep, "chart-sweep", WIDE, S::Sweeps, T::Sweep, false),
];

/// How many canvases the page has.
pub const COUNT: usize = CHARTS.len();

impl Chart {
    /// The chart's row.
    pub fn row(self) -> &'static ChartRow {
        &CHARTS[self as usize]
    }

    /// The `<canvas>` element's id.
    pub fn id(self) -> &'static str {
        self.row().id
    }

    /// Every chart, in drawing order.
    pub fn all() -> impl Iterator<Item = Chart> {
        CHARTS.iter().map(|r| r.chart)
    }

    /// The charts `trigger` redraws.
    pub fn on(trigger: Trigger) -> impl Iterator<Item = Chart> {
        CHARTS
            .iter()
            .filter(move |r| r.trigger == trigger)
            .map(|r| r.chart)
    }

    /// The charts `section` brings onto the page.
    pub fn in_section(section: Section) -> impl Iterator<Item = Chart> {
        CHARTS
            .iter()
            .filter(move |r| r.section == section)
            .map(|r| r.chart)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chart_is_its_own_row_with_its_own_id() {
        for (i, r) in CHARTS.iter().enumerate() {
            assert_eq!(r.chart as usize, i, "{:?} is not row {i}", r.chart);
            assert!(CHARTS[..i].iter().all(|o| o.id != r.id), "{} twice", r.id);
            assert!(r.shape.0 > 0.0 && r.shape.1 > 0.0);
        }
    }

    #[test]
    fn the_cursor_s_charts_come_first_so_a_frame_draws_them_before_the_others() {
        let cursor = Chart::on(Trigger::Cursor).count();
        assert!(CHARTS[..cursor]
            .iter()
            .all(|r| r.trigger == Trigger::Cursor));
        assert!(CHARTS[..cursor].iter().all(|r| r.section == Section::Stage));
    }

    #[test]
    fn the_png_holds_the_main_run_s_charts_and_picture() {
        let png: Vec<Chart> = CHARTS
            .iter()
            .filter(|r| r.in_png)
            .map(|r| r.chart)
            .collect();
        assert_eq!(
            png,
            [
                Chart::Cwnd,
                Chart::Delay,
                Chart::Queue,
                Chart::Fct,
                Chart::Network
            ]
        );
    }
}
