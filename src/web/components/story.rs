//! The class story: the paper's argument in five runs, each with a sentence or two of narration,
//! advanced by a button or a clicker's Page Down (the presentation shows its key card). A step sets the form (and the playback speed), then runs.

pub use crate::session::actions::StoryAction;
use crate::session::keys::CARD;
pub use crate::session::story::{Step, StepRun, STEPS};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StoryProps {
    /// The step shown; `None`: the story is closed.
    pub step: Option<usize>,
    /// What the step's run showed, computed from it ([`Step::says`]); `None` before it ran.
    pub says: Option<String>,
    /// The presentation layout is on: the key card shows.
    pub presenting: bool,
    pub on: Callback<StoryAction>,
}

#[function_component(Story)]
pub fn story(props: &StoryProps) -> Html {
    let on = &props.on;
    let Some(i) = props.step else {
        return html! {
            <div class="story closed">
                <button id="story-open" onclick={on.reform(|_| StoryAction::Show(Some(0)))}>{ "▶ Class mode: the paper in five runs" }</button>
            </div>
        };
    };
    let step = &STEPS[i.min(STEPS.len() - 1)];
    let last = i + 1 >= STEPS.len();
    html! {
        <div class={classes!("story", "open", props.says.is_some().then_some("ran"))} aria-live="polite">
            <div class="story-head">
                <h2>{ format!("Class mode · step {} of {}: {}", i + 1, STEPS.len(), step.title) }</h2>
                <button class="quiet" onclick={on.reform(|_| StoryAction::Show(None))} aria-label="close class mode">{ "✕" }</button>
            </div>
            <p id="story-narration">{ step.narration }</p>
            <p class="hint"><strong>{ "Look for: " }</strong>{ (step.look)() }</p>
            if let Some(says) = &props.says {
                <p id="story-says" class="says">{ says.clone() }</p>
            }
            <div class="buttons">
                <button id="story-run" onclick={on.reform(move |_| StoryAction::Run(i))}>{ "Run this step" }</button>
                if i > 0 {
                    <button class="quiet" onclick={on.reform(move |_| StoryAction::Show(Some(i - 1)))}>{ "← Back" }</button>
                }
                if !last {
                    <button id="story-next" class="quiet" onclick={on.reform(move |_| StoryAction::Show(Some(i + 1)))}>{ "Next step →" }</button>
                }
                if props.presenting {
                    <span id="key-card" class="key-card" aria-label="keys">
                        { for CARD.iter().map(|(key, what)| html! {
                            <span><kbd>{ *key }</kbd>{ " " }{ *what }</span>
                        }) }
                    </span>
                }
            </div>
        </div>
    }
}
