//! What can happen on the page: the messages the app's update handles.

use super::*;

/// A message to the app: a user action, a worker event or an animation frame.
pub enum Msg {
    None,
    /// A form field changed: (short field name, text).
    Field(&'static str, String),
    /// Enter in a field: apply it, then run.
    FieldAndRun(&'static str, String),
    Preset(String),
    Highlight(String),
    Run,
    Cancel,
    CopyLink,
    Worker(Box<WorkerEvent>),
    /// An animation frame, at this timestamp (ms).
    Frame(f64),
    Resize,
    /// A key pressed outside the form: (key, shift held).
    Key(String, bool),
    Play,
    Step(i32),
    Seek(f64),
    Speed(usize),
    /// A click on the network picture: (x, y, width, height) in CSS px.
    NetworkClick(f64, f64, f64, f64),
    ClearChosen,
    ExportJson,
    ExportCsv,
    ExportPng,
    /// Queue Swift, LSwift and MSwift on the current scenario.
    CompareVariants,
    TheorySweep,
    ClearComparison,
    /// Open the class story at a step, or close it.
    Story(Option<usize>),
    StoryRun(usize),
}
