//! Changing the network while a run plays: the link to act on (filled in by a click on the
//! picture, or typed), what to do to it at the cursor, elephants from here, and the scenario's
//! timed events, each removable. Every change reruns the scenario from time zero with the event
//! in it (`session::edits`), so the address bar's link replays exactly what is shown.
//!
//! The panel speaks [`EventAction`]s, not the app's messages.

use crate::scenario::TimedEvent;
pub use crate::session::actions::EventAction;
use crate::session::edits::Edit;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct EventsProps {
    /// The form scenario's events.
    pub events: Vec<TimedEvent>,
    pub cursor_us: f64,
    pub link: AttrValue,
    pub gbps: AttrValue,
    /// Why the last change was refused.
    pub refused: Option<AttrValue>,
    /// A change can be made (the fat-tree, a worker ready).
    pub enabled: bool,
    pub on: Callback<EventAction>,
}

#[function_component(Events)]
pub fn events(props: &EventsProps) -> Html {
    let on = &props.on;
    let text = |f: fn(String) -> EventAction| {
        on.reform(move |e: Event| f(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let gbps = props.gbps.parse::<u32>().unwrap_or(0);
    let apply = |edit: Edit| on.reform(move |_| EventAction::Apply(edit));
    let disabled = !props.enabled;
    let invalid = props.refused.is_some().then_some("true");
    html! {
        <div class="events" aria-label="change the network">
            <p class="hint">{ "Change the network: click a link in the picture (or type its name), then fail,                 restore or slow it at the cursor, or start the elephants there. The run starts again from 0                 with the event in it, and the address bar's link replays it." }</p>
            <p class="events-actions">
                <span>{ format!("At {:.1} µs (the cursor), link ", props.cursor_us) }</span>
                <input id="ev-link" type="text" size="11" value={props.link.clone()} onchange={text(EventAction::Link)}
                    placeholder="agg3.up1" aria-label="link (click one in the picture)" aria-invalid={invalid}
                    aria-describedby="ev-refused" />
                <button id="ev-fail" class="quiet" onclick={apply(Edit::Fail)} {disabled}>{ "fail" }</button>
                <button id="ev-restore" class="quiet" onclick={apply(Edit::Restore)} {disabled}>{ "restore" }</button>
                <button id="ev-slow" class="quiet" onclick={apply(Edit::Slow(gbps))} {disabled}>{ "slow to" }</button>
                <input id="ev-gbps" type="text" size="4" value={props.gbps.clone()} onchange={text(EventAction::Gbps)}
                    aria-label="rate to slow the link to, Gbps" />
                <span>{ " Gbps" }</span>
                <button id="ev-elephants" class="quiet" onclick={apply(Edit::ElephantsFromHere)} {disabled}>
                    { "elephants from here" }</button>
            </p>
            if let Some(why) = &props.refused {
                <p id="ev-refused" class="refused" role="alert">{ why.clone() }</p>
            }
            if !props.events.is_empty() {
                <ol id="event-list" class="event-list">
                    { for props.events.iter().enumerate().map(|(i, e)| html! {
                        <li key={i}>{ describe(e) }
                            <button class="quiet small" aria-label={format!("remove event {i}")}
                                onclick={on.reform(move |_| EventAction::Remove(i))}>{ "×" }</button>
                        </li>
                    }) }
                </ol>
            }
        </div>
    }
}

/// One event in words: `12.5 µs: agg3.up1 down`.
fn describe(e: &TimedEvent) -> String {
    use crate::scenario::EventKind::*;
    let link = e.link.as_deref().unwrap_or("");
    let who = match (e.count, e.flow) {
        (Some(n), _) => format!("the first {n} elephants"),
        (_, Some(f)) => format!("elephant flow {f}"),
        _ => "the elephants".to_string(),
    };
    let what = match e.kind {
        LinkDown => format!("{link} down"),
        LinkUp => format!("{link} back"),
        LinkRate => format!("{link} at {} Gbps", e.gbps.unwrap_or(0)),
        ElephantsStop => format!("{who} stop"),
        ElephantsStart => format!("{who} start"),
    };
    format!("{} µs: {what}", e.at_us)
}
