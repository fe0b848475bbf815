//! What can happen on the page: the messages the app's update handles.

use super::*;

/// A message to the app: anything for the page's reducer, a worker event, or the shell's own
/// timing (frames, start-up tasks, a resize).
pub enum Msg {
    /// An action for the page ([`Page::reduce`]): a panel's, a key's, a pool worker's.
    Page(Action),
    Worker(Box<WorkerEvent>),
    /// An animation frame, at this timestamp (ms).
    Frame(f64),
    /// Draw the next canvas kind off-screen to compile its code (see `App::warm_up`).
    WarmUp(usize),
    /// Start the worker, write the address bar and start what the address asked for, in a
    /// task of its own after the first render ([`Action::Launch`]).
    Launch,
    /// Render the next section after the first render (see `App::show_section_later`).
    ShowSection,
    Resize,
    /// The address bar holds a new address (pasted, Back, Forward).
    NewAddress,
}

impl Msg {
    /// A panel's action for the page: `on.reform(Msg::page)`.
    pub fn page(action: impl Into<Action>) -> Msg {
        Msg::Page(action.into())
    }
}
