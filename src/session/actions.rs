//! What the page's panels ask for, as plain data: each panel's component emits its action type,
//! and [`super::page::Page::reduce`] turns it into the page's next state and the effects the app
//! shell performs. The components and the reducer share these types; neither imports the other.

use super::edits::Edit;
use crate::scenario::{CcaName, LbScheme};

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
    CopyLink,
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
    CopyLink,
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
