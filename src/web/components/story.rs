//! The class story: the paper's argument in five runs, each with a sentence or two of narration,
//! advanced by a button or a clicker's Page Down (the presentation shows its key card). A step sets the form (and the playback speed), then runs.

pub use crate::session::actions::StoryAction;
use crate::session::keys::CARD;
pub use crate::session::story::{Asked, Step, StepRun, STEPS};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StoryProps {
    /// The step shown; `None`: the story is closed.
    pub step: Option<usize>,
    /// What the step's run showed, computed from it ([`Step::says`]); `None` before it ran.
    pub says: Option<String>,
    /// The step's question, the class's answer and, after the run, the one it supports.
    pub asked: Option<Asked>,
    /// The words of the button that runs the run the step compares with, while it is unseen.
    pub compare: Option<String>,
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
    let explained = props.asked.as_ref().and_then(|a| a.explain.clone());
    let last = i + 1 >= STEPS.len();
    html! {
        <div class={classes!("story", "open", props.says.is_some().then_some("ran"))} aria-live="polite">
            <div class="story-head">
                <h2>{ format!("Class mode · step {} of {}: {}", i + 1, STEPS.len(), step.title) }</h2>
                <button class="quiet" onclick={on.reform(|_| StoryAction::Show(None))} aria-label="close class mode">{ "✕" }</button>
            </div>
            <p id="story-narration">{ step.narration }</p>
            <p class="hint"><strong>{ "Look for: " }</strong>{ (step.look)() }</p>
            if let Some(asked) = &props.asked {
                { question(asked, on) }
            }
            // explain: which answer the run supports, then what it showed
            if props.says.is_some() || explained.is_some() {
                <p class="says">
                    if let Some(explain) = explained {
                        <span id="story-answer">{ explain }</span>{ " " }
                    }
                    if let Some(says) = &props.says {
                        <span id="story-says">{ says.clone() }</span>
                    }
                </p>
            }
            <div class="buttons">
                <button id="story-run" onclick={on.reform(move |_| StoryAction::Run(i))}>{ "Run this step" }</button>
                if let Some(words) = &props.compare {
                    <button id="story-compare" class="quiet" onclick={on.reform(|_| StoryAction::Compare)}>{ words.clone() }</button>
                }
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

/// The step's question: its answers as buttons (1, 2, 3 pick them too), the class's pick
/// pressed, and after the run the answer it supports marked.
fn question(asked: &Asked, on: &Callback<StoryAction>) -> Html {
    html! {
        <div id="story-ask" class="ask">
            <p class="prompt"><strong>{ "Predict: " }</strong>{ asked.prompt }</p>
            <div class="choices" role="group" aria-label="the class's answer">
                { for asked.choices.iter().enumerate().map(|(i, choice)| {
                    let picked = asked.picked == Some(i);
                    let supported = asked.supported == Some(i);
                    html! {
                        <button class={classes!("choice", picked.then_some("picked"), supported.then_some("supported"))}
                            aria-pressed={picked.to_string()} onclick={on.reform(move |_| StoryAction::Pick(i))}>
                            <kbd>{ i + 1 }</kbd>{ " " }{ *choice }
                            if supported { <span class="mark" aria-label="the run supports it">{ " ✓" }</span> }
                        </button>
                    }
                }) }
            </div>
        </div>
    }
}
