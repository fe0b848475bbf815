//! What the page asks of its shell after an action: the worker's messages, the address bar,
//! the canvases, the clipboard, downloads. [`super::page::Page::reduce`] returns them; the app
//! shell performs them where the DOM is, and nothing else changes the page's state.

use super::charts::Trigger;
use crate::protocol::ToWorker;

/// What the app shell does after an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Messages for the worker, which is started first if there is none.
    Worker(Vec<ToWorker>),
    /// The address bar shows the page's address again ([`super::page::Page::address`]).
    WriteAddress,
    /// The canvases this trigger redraws ([`super::charts::CHARTS`]) are drawn again.
    Redraw(Trigger),
    /// Every canvas is drawn again.
    RedrawAll,
    /// The layout changed: every canvas is measured and drawn again.
    Relayout,
    /// Playback (re)starts: its clock counts from the next frame.
    RestartClock,
    /// The page scrolls to the element with this id.
    ScrollTo(&'static str),
    /// The page scrolls the least that brings the element with this id wholly into view (none
    /// when it is): a class step's chart on a phone, below the story.
    Reveal(&'static str),
    /// A pool of this many sweep workers starts, its messages tagged with `generation`.
    StartPool { workers: usize, generation: u32 },
    /// The pool's workers are terminated.
    StopPool,
    /// A message for one worker of the pool.
    PoolSend { worker: usize, msg: ToWorker },
    /// A file is downloaded.
    Download {
        name: String,
        mime: &'static str,
        text: String,
    },
    /// The run's charts are downloaded as one PNG, under a title line.
    ChartsPng { name: String, title: String },
    /// `text` goes on the clipboard, and the notice says `what` was copied.
    Copy { what: &'static str, text: String },
    /// The readout at the pointer shows [`super::instruments::Instruments::readout`] (or goes).
    Readout,
    /// A recording of the stage starts (named `name`), or stops and downloads (`None`).
    Record(Option<String>),
    /// Streamed samples arrived: the live charts are drawn again, at most so often.
    Samples,
    /// The view (status, progress, text alternatives) is rendered again, on the next frame.
    Render,
    /// The main run that the Run button started has ended: focus goes back to Run.
    Refocus,
    /// The focused element loses focus (an open definition closes).
    Blur,
}
