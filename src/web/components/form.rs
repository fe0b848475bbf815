//! The scenario form: presets named after the paper's figures, the fields with their allowed
//! ranges shown beside them, Run and Cancel. A refused value is marked `aria-invalid` and its
//! reason announced; Enter in a field applies it and runs.

use super::glossary::Term;
use crate::scenario::registry::{self as r, Allowed, Field};
use crate::scenario::{CcaKind, CcaName, Scenario, ScenarioError};
pub use crate::session::actions::FormAction;
use web_sys::{HtmlInputElement, HtmlSelectElement, KeyboardEvent};
use yew::prelude::*;

/// A field's label, with its glossary term where it has one.
fn label(f: &Field) -> Html {
    match f.term {
        Some(term) => html! { <Term term={term} text={f.label} /> },
        None => html! { { f.label } },
    }
}

/// The form's CCAs, labelled by the CCA table: every algorithm, and one whose name carries its
/// percentile (MSwift) on the 10th and 90th percentiles too (Fig. 12's), after the median.
fn ccas() -> Vec<(String, String)> {
    CcaKind::ALL
        .iter()
        .flat_map(|&kind| {
            let percentiles: &[u32] = if kind.named_percentile() {
                &[10, 90]
            } else {
                &[]
            };
            let others = percentiles
                .iter()
                .map(move |&percentile| CcaName { kind, percentile });
            std::iter::once(CcaName::of(kind)).chain(others)
        })
        .map(|name| (name.to_string(), name.label()))
        .collect()
}

/// Each k the page runs, labelled with its hosts in the scenario's fabric (its tiers,
/// oversubscription and pods).
fn ks(s: &Scenario) -> Vec<(String, String)> {
    (4..=crate::scenario::Budget::BROWSER.max_k)
        .step_by(2)
        .map(|k| {
            let mut t = s.topology.clone();
            t.k = k;
            let hosts = t.fabric().hosts();
            (k.to_string(), format!("k={k} ({hosts} hosts)"))
        })
        .collect()
}

/// The choices of a field the form offers as a list, (value, label) in the scenario's
/// spelling; `None` for a field typed in.
fn choices(f: &Field, s: &Scenario) -> Option<Vec<(String, String)>> {
    let pairs = |values: &[&str], labels: &[&str]| {
        let pair = |(v, l): (&&str, &&str)| (v.to_string(), l.to_string());
        values.iter().zip(labels).map(pair).collect()
    };
    match f.allowed {
        _ if f.path == r::TOPOLOGY_K.path => Some(ks(s)),
        Allowed::Ccas => Some(ccas()),
        Allowed::Names(names, labels) => Some(pairs(names, labels)),
        Allowed::Switch => Some(pairs(&["false", "true"], &["off", "on"])),
        Allowed::Whole(lo, hi) if hi - lo < 8 => {
            Some((lo..=hi).map(|n| (n.to_string(), n.to_string())).collect())
        }
        Allowed::Whole(..) | Allowed::Real(..) | Allowed::Words(_) => None,
    }
}

#[derive(Properties, PartialEq)]
pub struct FormProps {
    pub scenario: Scenario,
    pub refused: Option<ScenarioError>,
    pub running: bool,
    pub run_ref: NodeRef,
    pub on: Callback<FormAction>,
}

/// The error's field as the form names it: its short name.
fn form_field(e: &ScenarioError) -> &str {
    r::find(&e.field)
        .and_then(|f| f.short)
        .unwrap_or(e.field.as_str())
}

#[function_component(Form)]
pub fn form(props: &FormProps) -> Html {
    let s = &props.scenario;
    let on = &props.on;
    let invalid = props.refused.as_ref().map(form_field);
    let field = |name: &str| s.field(name).unwrap_or_default();
    let select = |f: &'static Field, options: Vec<(String, String)>| {
        let name = f.key();
        let current = field(name);
        let onchange = on.reform(move |e: Event| {
            FormAction::Field(name, e.target_unchecked_into::<HtmlSelectElement>().value())
        });
        html! {
            <label><span>{ label(f) }</span>
                <select id={format!("f-{name}")} {onchange}>
                    { for options.into_iter().map(|(v, text)| html! {
                        <option value={v.clone()} selected={v == current}>{ text }</option>
                    }) }
                </select>
            </label>
        }
    };
    let input = |f: &'static Field| {
        let name = f.key();
        let onchange = on.reform(move |e: Event| {
            FormAction::Field(name, e.target_unchecked_into::<HtmlInputElement>().value())
        });
        let on_enter = on.clone();
        let onkeydown = Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                let text = e.target_unchecked_into::<HtmlInputElement>().value();
                on_enter.emit(FormAction::FieldAndRun(name, text));
            }
        });
        let bad = invalid == Some(name);
        let hint_id = format!("h-{name}");
        html! {
            <label>
                <span>{ label(f) }</span>
                <input id={format!("f-{name}")} type="text" value={field(name)} {onchange} {onkeydown}
                    aria-invalid={bad.to_string()} aria-describedby={hint_id.clone()} />
                <small id={hint_id} class="range">{ f.allowed_text() }</small>
            </label>
        }
    };
    let widget = |f: &'static Field| match choices(f, s) {
        Some(options) => select(f, options),
        None => input(f),
    };
    let on_file = {
        let on = on.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|l| l.get(0)) {
                open_file(file, on.clone());
            }
            input.set_value("");
        })
    };
    let on_preset = on.reform(|e: Event| {
        FormAction::Preset(e.target_unchecked_into::<HtmlSelectElement>().value())
    });
    // a scenario file dropped anywhere on the form opens as if chosen
    let on_drag_over = Callback::from(|e: web_sys::DragEvent| e.prevent_default());
    let on_drop = {
        let on = on.clone();
        Callback::from(move |e: web_sys::DragEvent| {
            e.prevent_default();
            if let Some(file) = e
                .data_transfer()
                .and_then(|d| d.files())
                .and_then(|l| l.get(0))
            {
                open_file(file, on.clone());
            }
        })
    };
    html! {
        <div class="form" ondragover={on_drag_over} ondrop={on_drop}>
            <div class="fields">
                <label class="wide">{ "preset (the paper's figures)" }
                    <select id="f-preset" onchange={on_preset}>
                        <option value="" selected=true>{ "choose a figure…" }</option>
                        { for crate::repro::figure_presets().map(|(name, label)| html! { <option value={name}>{ label }</option> }) }
                    </select>
                </label>
                { for r::short_fields().filter(|f| (f.applies)(s)).map(widget) }
            </div>
            if let Some(e) = &props.refused {
                <p id="form-error" class="error" role="alert">{ format!("Refused: {e}") }</p>
            }
            <div class="buttons">
                <button id="run" ref={props.run_ref.clone()} onclick={on.reform(|_| FormAction::Run)} disabled={props.running}>{ "Run" }</button>
                <button id="cancel" class="quiet" onclick={on.reform(|_| FormAction::Cancel)} disabled={!props.running}>{ "Cancel" }</button>
                <button id="copy-link" class="quiet" onclick={on.reform(|_| FormAction::CopyAddress)}>{ "Copy link" }</button>
                <label class="open-file button quiet">{ "Open a scenario file, .cm or .topo…" }
                    <input id="open-file" type="file" accept=".toml,.json,.cm,.topo" onchange={on_file} />
                </label>
            </div>
        </div>
    }
}

/// Reads `file` (at most one byte more than the largest file the page reads, so that a larger
/// one is refused without being read whole) and hands its name and text to the form's callback.
pub fn open_file(file: web_sys::File, on: Callback<FormAction>) {
    let limit = crate::session::form::MAX_FILE as f64 + 1.0;
    let Ok(head) = file.slice_with_f64_and_f64(0.0, limit) else {
        return;
    };
    let name = file.name();
    wasm_bindgen_futures::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(head.text())
            .await
            .ok()
            .and_then(|t| t.as_string())
            .unwrap_or_default();
        on.emit(FormAction::Open(name, text));
    });
}
