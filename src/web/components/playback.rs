//! The playback bar: play or pause, step a sample back or forward, the speed (which also paces a
//! live run), and a slider to scrub through the run's simulated time; under it, the page's keys
//! ([`crate::session::keys`]), which work whatever has focus but a text field or a list.

pub use crate::session::actions::PlaybackAction;
use crate::session::keys::HELP;
use crate::session::playback::{speed_label, SPEEDS};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PlaybackProps {
    pub playing: bool,
    pub at_edge: bool,
    pub cursor_us: f64,
    pub span_us: f64,
    pub speed: usize,
    pub live: bool,
    pub on: Callback<PlaybackAction>,
}

#[function_component(Playback)]
pub fn playback(props: &PlaybackProps) -> Html {
    let on = &props.on;
    let disabled = props.span_us <= 0.0;
    let on_speed = on.reform(|e: Event| {
        let list = e.target_unchecked_into::<HtmlSelectElement>();
        // a speed chosen, the page's keys are the page's again (Home, Space)
        let _ = list.blur();
        PlaybackAction::Speed(list.value().parse().unwrap_or(SPEEDS.len() - 1))
    });
    let on_seek = on.reform(|e: InputEvent| {
        PlaybackAction::Seek(
            e.target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse()
                .unwrap_or(0.0),
        )
    });
    let where_ = if props.at_edge && props.live {
        "live".to_string()
    } else {
        format!("{:.1} of {:.1} µs", props.cursor_us, props.span_us)
    };
    html! {
        <div class="playback" role="group" aria-label="playback">
            <button id="play" class="icon" onclick={on.reform(|_| PlaybackAction::Play)} {disabled}
                aria-label={if props.playing { "pause (Space)" } else { "play (Space)" }}
                title={if props.playing { "pause (Space)" } else { "play (Space)" }}>
                { if props.playing { "❚❚" } else { "▶" } }</button>
            <button id="step-back" class="icon quiet" onclick={on.reform(|_| PlaybackAction::Step(-1))} {disabled}
                aria-label="one sample back (←)" title="one sample back (←)">{ "◀❘" }</button>
            <button id="step-fwd" class="icon quiet" onclick={on.reform(|_| PlaybackAction::Step(1))} {disabled}
                aria-label="one sample forward (→)" title="one sample forward (→)">{ "❘▶" }</button>
            <input id="scrub" type="range" min="0" max={format!("{:.3}", props.span_us.max(0.0))} step="any"
                value={format!("{:.3}", props.cursor_us)} oninput={on_seek} {disabled}
                aria-label="simulated time (µs)" aria-valuetext={where_.clone()} />
            <span id="cursor-text" class="cursor-text">{ where_ }</span>
            <label class="speed">{ "speed" }
                <select id="speed" onchange={on_speed} aria-label="playback speed, simulated time per second">
                    { for (0..SPEEDS.len()).map(|i| html! {
                        <option value={i.to_string()} selected={i == props.speed}>{ speed_label(i) }</option>
                    }) }
                </select>
            </label>
            <p id="keys-help" class="keys-help" aria-label="keys">
                { for HELP.iter().map(|(key, what)| html! {
                    <span><kbd>{ *key }</kbd>{ " " }{ *what }</span>
                }) }
            </p>
        </div>
    }
}
