//! Charts read by value: a pointer (mouse, pen or finger) over a chart reads every series'
//! value at that x; dragging across a time chart zooms every time chart to that range, and two
//! fingers pinch it (the times under the fingers stay under them); a double-click, or the reset
//! button, shows the whole run again; a click on a legend entry hides its series or shows it
//! again.
//!
//! Each drawn chart tells where its x axis and its legend entries went
//! ([`crate::figures::Drawn`], kept here by the shell after each draw), so the pointer's
//! position in the canvas is read natively, like every other input of the page.

use super::charts::{Chart, COUNT};
use crate::figures::{self, Drawn};

/// A drag shorter than this (CSS px) is a tap: it reads, it does not zoom.
pub const DRAG_PX: f64 = 8.0;

/// What a pointer did on a chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PointerKind {
    Move,
    Down,
    Up,
    Leave,
    DoubleClick,
}

/// A pointer event on a chart: its kind, which pointer (the browser's `pointerId`: each finger
/// its own), where in the canvas (CSS px), and where on the screen (CSS px, for placing the
/// readout).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pointer {
    pub kind: PointerKind,
    /// A finger: it has no hover, so its readout stays after it lifts, until the next press.
    pub touch: bool,
    pub id: i32,
    pub x: f64,
    pub y: f64,
    pub screen: (f64, f64),
}

/// The values under the pointer: the chart, where on the screen, and a line per value.
#[derive(Clone, Debug, PartialEq)]
pub struct Readout {
    pub chart: Chart,
    pub screen: (f64, f64),
    pub lines: Vec<String>,
}

/// The charts' instruments: what each chart drew where, the zoom, the hidden series, the
/// readout on screen and a drag in progress.
#[derive(Debug)]
pub struct Instruments {
    pub(super) drawn: [Drawn; COUNT],
    /// The time range every time chart shows, µs; `None`: the whole run.
    pub(super) zoom: Option<(f64, f64)>,
    /// (chart, legend key) of every series hidden.
    pub(super) hidden: Vec<(Chart, String)>,
    pub(super) readout: Option<Readout>,
    /// A press on a chart: which pointer, where (CSS px), until it is released.
    pub(super) pressed: Option<(Chart, i32, f64)>,
    /// Two fingers on a time chart, while they stay.
    pub(super) pinch: Option<Pinch>,
}

/// A pinch in progress: the chart's x axis when the second finger came down, and each finger's
/// pointer, where it came down and where it is now (CSS px). A finger's events go to the
/// canvas it touched first, so the fingers are known by their pointers alone.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pinch {
    pub(super) axis: figures::Axis,
    pub(super) fingers: [(i32, f64, f64); 2],
}

impl Default for Instruments {
    fn default() -> Self {
        Instruments {
            drawn: std::array::from_fn(|_| Drawn::default()),
            zoom: None,
            hidden: Vec::new(),
            readout: None,
            pressed: None,
            pinch: None,
        }
    }
}

impl Instruments {
    /// What the pointer reads, where it is over a chart.
    pub fn readout(&self) -> Option<&Readout> {
        self.readout.as_ref()
    }

    /// The time charts' zoom, µs (`None`: the whole run).
    pub fn zoom(&self) -> Option<(f64, f64)> {
        self.zoom
    }

    /// The legend keys hidden on `chart`.
    pub fn hidden_on(&self, chart: Chart) -> Vec<String> {
        self.hidden
            .iter()
            .filter(|(c, _)| *c == chart)
            .map(|(_, k)| k.clone())
            .collect()
    }

    /// The zoom `chart` is drawn at: the time charts share one.
    pub fn zoom_of(&self, chart: Chart) -> Option<(f64, f64)> {
        self.zoom.filter(|_| chart.row().over_time)
    }
}
