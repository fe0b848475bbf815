//! The median's decision at the cursor: the decision chart, the decision in one sentence, and
//! buttons (and ↑ ↓) that move the cursor decision by decision.

use super::figure::{Canvases, Figure};
use super::glossary::Term;
use crate::session::actions::PlaybackAction;
use crate::session::charts::Chart;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct DecisionProps {
    pub canvases: Canvases,
    /// The decision at the cursor in a sentence, or why there is none.
    pub sentence: AttrValue,
    /// The flow's decisions are on screen (the buttons step through them).
    pub traced: bool,
    pub on: Callback<PlaybackAction>,
}

#[function_component(DecisionView)]
pub fn decision_view(props: &DecisionProps) -> Html {
    let caption = html! { <>
        { "What the highlighted flow's CCA saw and did at its last decision before the cursor: grey dots, the RTT samples it decided on \
           (the last H under MSwift and MNSCC), the latest ringed red; the thick line, the " }<Term term="decision signal" />
        { " it took of them (the " }<Term term="median" />{ "; under Swift and LSwift the latest sample itself); dashed, the target. " }
        <strong>{ "Look for: " }</strong>{ "under MSwift one late sample among H cannot lift the median over the target; under Swift it cuts." }
    </> };
    let step = |n: i32| props.on.reform(move |_| PlaybackAction::Decision(n));
    html! {
        <div class="decision-view" aria-label="the decision at the cursor">
            <Figure chart={Chart::Decision} canvases={props.canvases.clone()} {caption} alt={props.sentence.clone()} />
            <div class="decision-text">
                <p id="decision-sentence" aria-live="polite">{ props.sentence.clone() }</p>
                <p class="buttons">
                    <button id="decision-prev" class="quiet" disabled={!props.traced} onclick={step(-1)}>{ "◀ Previous decision (↑)" }</button>
                    <button id="decision-next" class="quiet" disabled={!props.traced} onclick={step(1)}>{ "Next decision (↓) ▶" }</button>
                </p>
            </div>
        </div>
    }
}
