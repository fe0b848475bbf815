//! What comes into the page, as plain data: each panel's component emits its action type, and
//! the shell wraps what the browser brings (a worker's message, a new address, a frame) in an
//! [`Action`]. [`super::page::Page::reduce`] turns each into the page's next state and the
//! [`super::effects::Effect`]s the app shell performs. The components and the reducer share
//! these types; neither imports the other.

use super::charts::Chart;
use super::edits::Edit;
use super::instruments::Pointer;
use super::keys::KeyCommand;
use super::sweeps::PoolMessage;
use crate::figures::Drawn;
use crate::protocol::FromWorker;
use crate::scenario::{CcaName, LbScheme};

/// Everything that changes the page: what the user asked for, and what the browser brought.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Form(FormAction),
    Events(EventAction),
    Lockstep(LockstepAction),
    Playback(PlaybackAction),
    Compare(CompareAction),
    Story(StoryAction),
    /// Run the theory sweep (its button).
    Theory,
    /// The presentation layout on or off.
    Present(bool),
    /// The flow to follow, as typed (empty or out of range: the slowest).
    Highlight(String),
    /// Forget the links clicked for the queue chart.
    ClearChosen,
    /// A click (or tap) on a network picture at (x, y) CSS px, in a plot of `w` × `h` CSS px.
    PictureClick {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
    },
    /// Something to take away: a download, or the charts as one picture.
    Export(Export),
    /// The sweeps area: a figure, a what-if, its form, its exports.
    Sweep(SweepAction),
    /// A message from a sweep's pool of workers.
    Pool(Box<PoolMessage>),
    /// A pointer on a chart: read, zoom, hide a series.
    Pointer(Chart, Pointer),
    /// A finger or a button pressed anywhere but on a chart: a tap's readout goes.
    PressedElsewhere,
    /// Every time chart shows the whole run again.
    ResetZoom,
    /// Record the playback from the start (true), or stop and download it (false).
    Record(bool),
    /// A key of the page's keyboard model.
    Key(KeyCommand),
    /// The page has loaded: start the worker, write the address bar and start what the
    /// address asked for (`run=1`).
    Launch,
    /// A new address in the address bar (pasted, Back, Forward): its fragment, and whether its
    /// history entry remembers that its run ran.
    Address {
        fragment: String,
        ran: bool,
    },
    /// A message from the page's worker.
    Worker(Box<FromWorker>),
    /// A new page worker is listening.
    WorkerStarted,
    /// The page's worker failed, with why (`started`: it had started; else it could not).
    WorkerFailed {
        started: bool,
        why: String,
    },
    /// An animation frame, this many ms after the last one that moved the playback.
    Tick(f64),
    /// A chart was drawn: where its axis and its legend went.
    Drawn(Chart, Box<Drawn>),
    /// Text went on the clipboard (`ok`), or could not: the notice says which.
    Copied {
        what: &'static str,
        text: String,
        ok: bool,
    },
    /// The browser cannot record the playback, with why.
    RecordFailed(String),
}

/// What the scenario form asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum FormAction {
    /// A field changed: (short field name, text).
    Field(&'static str, String),
    /// Enter in a field: apply it, then run.
    FieldAndRun(&'static str, String),
    /// A preset, by name.
    Preset(String),
    Run,
    Cancel,
    /// The address that reproduces the run goes on the clipboard.
    CopyAddress,
    /// A scenario file opened or dropped: its name and text.
    Open(String, String),
}

/// What the events panel asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum EventAction {
    /// The link's name as typed.
    Link(String),
    /// The rate to slow a link to, as typed.
    Gbps(String),
    /// Apply an edit at the cursor (to the link, for the link edits).
    Apply(Edit),
    /// Remove the scenario's event at this index.
    Remove(usize),
}

/// What the lockstep panel asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum LockstepAction {
    /// The partner chosen in the list, by its value.
    Choose(String),
    /// The field to change, as typed (`elephants=8`), for the list's "one field" choice.
    Field(String),
    /// Run the chosen partner beside the main run.
    Start,
    /// Close the partner.
    Close,
}

/// What the playback bar (and its keys) asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlaybackAction {
    /// Play or pause.
    Play,
    /// Step this many samples (negative: back).
    Step(i32),
    /// Put the cursor at this simulated time, µs.
    Seek(f64),
    /// Put the cursor on the followed flow's decision this many decisions on (negative: back).
    Decision(i32),
    /// The speed, an index into `SPEEDS`.
    Speed(usize),
}

/// What the comparison area asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CompareAction {
    /// Run Swift, LSwift and MSwift on the current scenario.
    RunVariants,
    /// Forget the compared runs.
    Clear,
}

/// What the story asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StoryAction {
    /// Show this step, or close the story.
    Show(Option<usize>),
    /// Run this step.
    Run(usize),
    /// The class's answer to the step's question (an index into its choices).
    Pick(usize),
    /// Run the step's comparison into the comparison table.
    Compare,
}

/// What the sweeps area asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum SweepAction {
    /// Reproduce one of the paper's figures as a sweep (by name).
    Figure(&'static str),
    /// Run the what-if the form describes.
    Run,
    Cancel,
    /// Seeds per point, as chosen.
    Seeds(String),
    /// A CCA or LB scheme turned on or off in the what-if.
    Cca(CcaName, bool),
    Lb(LbScheme, bool),
    /// The varied field (a key or a dotted path; empty for none), and its values as typed.
    Vary(String),
    Values(String),
    /// A log scale for the chart.
    Log(bool),
    /// Download the summary.csv (true) or runs.csv (false).
    Csv(bool),
    /// The sweep's address goes on the clipboard.
    CopyAddress,
}

/// What a user can take away from the run on screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Export {
    /// The report as JSON, with the scenario, its link, the seed and the version.
    ReportJson,
    /// The timelines as CSV.
    TimelinesCsv,
    /// The charts as one PNG.
    ChartsPng,
}

/// Each panel's action is a page action: `Action::from(FormAction::Run)`.
macro_rules! page_action {
    ($($panel:ident => $variant:ident),* $(,)?) => {
        $(impl From<$panel> for Action {
            fn from(a: $panel) -> Action {
                Action::$variant(a)
            }
        })*
    };
}

page_action!(
    FormAction => Form,
    EventAction => Events,
    LockstepAction => Lockstep,
    PlaybackAction => Playback,
    CompareAction => Compare,
    StoryAction => Story,
    SweepAction => Sweep,
    Export => Export,
);
