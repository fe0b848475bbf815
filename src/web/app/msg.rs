//! What can happen on the page: the messages the app's update handles.

use super::*;

/// A message to the app: a user action, a worker event or an animation frame.
pub enum Msg {
    /// The form: a field, a preset, Run, Cancel, the link.
    Form(crate::web::components::form::FormAction),
    Worker(Box<WorkerEvent>),
    /// An animation frame, at this timestamp (ms).
    Frame(f64),
    /// Draw the next canvas kind off-screen to compile its code (see `App::warm_up`).
    WarmUp(usize),
    /// Start the worker, write the address bar and start what the link asked for, in a task
    /// of its own after the first render (see `App::launch`).
    Launch,
    /// Render the next section after the first render (see `App::show_section_later`).
    ShowSection,
    Resize,
    /// The address bar holds a new link (pasted, Back, Forward).
    NewLink,
    /// A key of the page's keyboard model.
    Key(crate::session::keys::KeyCommand),
    /// The playback bar (and the keys that drive it).
    Playback(crate::web::components::playback::PlaybackAction),
    /// The network picture: a click, or clearing the chosen links.
    Network(crate::web::components::network_panel::NetworkAction),
    /// The report: the highlighted flow, the exports.
    Report(crate::web::components::report::ReportAction),
    /// The lockstep panel: choose, run or close the run beside the main one.
    Lockstep(crate::web::components::lockstep::LockstepAction),
    /// The events panel: change the network at the cursor, or remove an event.
    Events(crate::web::components::events::EventAction),
    /// The comparison: the Swift variants, or clearing it.
    Compare(crate::web::components::compare::CompareAction),
    /// Run the theory sweep.
    TheorySweep,
    /// The sweeps area: a figure, a what-if, its form, its exports.
    Sweep(crate::web::components::sweep::SweepAction),
    /// A message from a sweep's pool of workers.
    Pool(Box<crate::session::sweeps::PoolMessage>),
    /// The presentation layout on or off (the header's button, or P).
    Present(bool),
    /// A pointer on a chart.
    Pointer(
        crate::session::charts::Chart,
        crate::session::instruments::Pointer,
    ),
    /// Every time chart shows the whole run again.
    ResetZoom,
    /// The class story: a step shown, or run, or the story closed.
    Story(crate::web::components::story::StoryAction),
}
