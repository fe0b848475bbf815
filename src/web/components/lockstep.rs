//! Two runs side by side in lockstep: "compare with …" picks another CCA or LB scheme for the
//! scenario on screen, or one field changed, and runs it (after the main run, on the one
//! worker); its stage ([`super::partner_stage`]) then sits beside the main run's, on the same
//! colour scale, both at the one playback cursor, and the difference is said in words above
//! them (`session::lockstep::difference`).
//!
//! The panel speaks [`LockstepAction`]s, not the app's messages.

use crate::scenario::{CcaKind, LbScheme};
pub use crate::session::actions::LockstepAction;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// What a partner can change, as [`crate::scenario::Partner`] reads it, and its label:
/// every CCA (the CCA table's names), every LB scheme, or one field.
fn choices() -> Vec<(String, String)> {
    let ccas = CcaKind::ALL
        .iter()
        .map(|k| (format!("cca:{k}"), k.info().name.to_string()));
    let lbs = LbScheme::ALL
        .iter()
        .map(|lb| (format!("lb:{lb}"), lb.to_string().to_uppercase()));
    ccas.chain(lbs)
        .chain([("set".to_string(), "one field changed…".to_string())])
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct LockstepProps {
    pub choice: AttrValue,
    /// The field to change, for the "one field" choice.
    pub field: AttrValue,
    /// Why the last partner was refused.
    pub refused: Option<AttrValue>,
    /// A partner is shown (running or done).
    pub shown: bool,
    /// Where the partner stands, in a few words.
    pub status: AttrValue,
    /// A main run is on screen to compare with.
    pub enabled: bool,
    pub on: Callback<LockstepAction>,
}

#[function_component(Lockstep)]
pub fn lockstep(props: &LockstepProps) -> Html {
    let on = &props.on;
    let choices = choices();
    let choose = on.reform(|e: Event| {
        LockstepAction::Choose(e.target_unchecked_into::<HtmlSelectElement>().value())
    });
    html! {
        <div class="lockstep" aria-label="compare in lockstep">
            <p class="events-actions">
                <label class="inline" for="partner">{ "Compare with" }</label>
                <select id="partner" onchange={choose}>
                    { for choices.iter().map(|(value, label)| html! {
                        <option value={value.clone()} selected={props.choice.as_str() == value}>{ label.clone() }</option>
                    }) }
                    // a link may name a partner the list does not offer (beside=cca:mswift-p10)
                    if !choices.iter().any(|(value, _)| props.choice.as_str() == value) {
                        <option value={props.choice.clone()} selected=true>{ props.choice.clone() }</option>
                    }
                </select>
                if props.choice.as_str() == "set" {
                    <input id="partner-field" type="text" size="16" value={props.field.clone()} placeholder="elephants=8"
                        aria-label="the field to change, FIELD=VALUE" aria-invalid={props.refused.is_some().then_some("true")}
                        onchange={on.reform(|e: Event| LockstepAction::Field(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()))} />
                }
                <button id="partner-run" class="quiet" onclick={on.reform(|_| LockstepAction::Start)}
                    disabled={!props.enabled}>{ "run beside" }</button>
                if props.shown {
                    <button id="partner-close" class="quiet" onclick={on.reform(|_| LockstepAction::Close)}>{ "close" }</button>
                }
                <span id="partner-status" class="hint">{ props.status.clone() }</span>
            </p>
            if let Some(why) = &props.refused {
                <p id="partner-refused" class="refused" role="alert">{ why.clone() }</p>
            }
        </div>
    }
}
