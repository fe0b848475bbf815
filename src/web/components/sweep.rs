//! Sweeps: the paper's figures one click away, and what-if grids over the form's scenario, run
//! on a pool of workers, drawn with error bars as they fill, with a table and CSV downloads.

use super::figure::{Canvases, Figure};
use super::glossary::Term;
use crate::repro::{Figure as ReproFigure, FIGURES};
use crate::scenario::{LbScheme, ScenarioError};
use crate::session::charts::Chart;
use crate::sweep::form::{ccas, SweepForm, SEED_CHOICES};
use crate::sweep::{params, PointRow, Sweep, MAX_VALUES};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

pub use crate::session::actions::SweepAction;

#[derive(Properties, PartialEq)]
pub struct SweepProps {
    pub form: SweepForm,
    /// Why the last sweep was refused.
    pub refused: Option<ScenarioError>,
    /// The sweep's status line (empty before the first).
    pub status: AttrValue,
    /// The share of the work done, while a sweep runs.
    pub progress: Option<f64>,
    pub rows: Vec<PointRow>,
    /// The points' labels (`elephants=8`): the table's first column when there are several.
    pub points: Vec<String>,
    /// The results are an n-path figure's: throughput against q.
    pub over_q: bool,
    pub canvases: Canvases,
    pub on: Callback<SweepAction>,
}

/// The paper's figures (the alternatives to SprayLab's choices stay on the command line).
pub fn paper_figures() -> impl Iterator<Item = &'static ReproFigure> {
    FIGURES.iter().filter(|f| f.alternative.is_none())
}

/// Most rows the table shows; the CSV has them all.
const MAX_TABLE_ROWS: usize = 200;

fn pct(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{:.1}", 100.0 * x))
}

fn num(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{x:.1}"))
}

#[function_component(SweepView)]
pub fn sweep_view(props: &SweepProps) -> Html {
    let on = &props.on;
    let form = &props.form;
    let running = props.progress.is_some();
    let seeds_select = {
        let onchange = on.reform(|e: Event| {
            SweepAction::Seeds(e.target_unchecked_into::<HtmlSelectElement>().value())
        });
        html! {
            <label class="inline">{ "seeds per cell " }
                <select id="sweep-seeds" {onchange} disabled={running}>
                    { for SEED_CHOICES.iter().map(|n| html! {
                        <option value={n.to_string()} selected={*n == form.seeds}>{ n }</option>
                    }) }
                </select>
            </label>
        }
    };
    let figure_button = |f: &'static ReproFigure| {
        let runs = Sweep::figure(f.name, form.seeds).map_or(0, |s| s.runs());
        let label = f.label();
        html! {
            <button id={format!("sweep-figure-{}", f.name)} class="figure-button" title={f.about}
                aria-label={format!("Reproduce {label}, {runs} runs")}
                onclick={on.reform(move |_| SweepAction::Figure(f.name))} disabled={running}>
                { label }<small>{ format!("{runs} runs") }</small>
            </button>
        }
    };
    let what_if = form.what_if();
    let invalid = |field: &str| {
        props
            .refused
            .as_ref()
            .is_some_and(|e| e.field == field || (field == "values" && e.field.contains('.')))
            .to_string()
    };
    html! {
        <>
            <h2>{ "Sweeps: the paper's figures, and what-ifs, with error bars" }</h2>
            <p class="hint">{ "A sweep runs many scenarios on every spare core of this machine and draws each cell's mean " }
                <Term term="CCT inflation" />{ " ± one standard error over its seeds, as the paper does. A figure computes the same numbers as " }
                <code>{ "spraylab repro FIGURE --seeds N" }</code>{ "." }</p>
            <div class="sweep-figures">
                <p class="hint">{ "Reproduce a figure of the paper: " }{ seeds_select }</p>
                <div class="buttons">{ for paper_figures().map(figure_button) }</div>
            </div>
            <details class="what-if" open=true>
                <summary>{ "What if… the form's scenario above, with" }</summary>
                <fieldset disabled={running}>
                    <legend>{ "CCAs" }</legend>
                    { for ccas().map(|c| {
                        let checked = form.ccas.contains(&c);
                        let onchange = on.reform(move |e: Event| SweepAction::Cca(c, e.target_unchecked_into::<HtmlInputElement>().checked()));
                        html! { <label class="check"><input type="checkbox" id={format!("sweep-cca-{c}")} {checked} {onchange} />{ c.to_string() }</label> }
                    }) }
                </fieldset>
                <fieldset disabled={running}>
                    <legend><Term term="packet spraying" text="load balancing" /></legend>
                    { for LbScheme::ALL.iter().map(|&l| {
                        let checked = form.lbs.contains(&l);
                        let onchange = on.reform(move |e: Event| SweepAction::Lb(l, e.target_unchecked_into::<HtmlInputElement>().checked()));
                        html! { <label class="check"><input type="checkbox" id={format!("sweep-lb-{l}")} {checked} {onchange} />{ l.name().to_uppercase() }</label> }
                    }) }
                </fieldset>
                { vary_fields(props, running, &invalid) }
                <div class="buttons">
                    <button id="sweep-run" onclick={on.reform(|_| SweepAction::Run)} disabled={running}>
                        { format!("Run the what-if ({} runs)", what_if.runs()) }</button>
                </div>
            </details>
            if let Some(e) = &props.refused {
                <p id="sweep-error" class="error" role="alert">{ format!("Refused: {e}") }</p>
            }
            <div class="buttons sweep-bar">
                if let Some(f) = props.progress {
                    <progress id="sweep-progress" max="1" value={f.to_string()} aria-label="sweep progress"></progress>
                    <button id="sweep-cancel" class="quiet" onclick={on.reform(|_| SweepAction::Cancel)}>{ "Cancel" }</button>
                }
                <span id="sweep-status" class="hint" role="status" aria-live="polite">{ props.status.clone() }</span>
            </div>
            <label class="check"><input id="sweep-log" type="checkbox" checked={form.log}
                onchange={on.reform(|e: Event| SweepAction::Log(e.target_unchecked_into::<HtmlInputElement>().checked()))} />
                { "log scale" }</label>
            <div class="sweep-results">
                <Figure chart={Chart::Sweep} canvases={props.canvases.clone()} alt={alt(props)} class="wide"
                    caption={html!{ <>{ "Bars (or, over a varied field, lines): each cell's mean CCT inflation over its seeds; whiskers: ± one standard error. \
                        An n-path figure shows throughput against q instead. " }
                        <strong>{ "Look for: " }</strong>{ "MSwift's bars stay low where Swift's and LSwift's climb; cells whose whiskers overlap are not told apart by these seeds." }</> }} />
                { table(props) }
            </div>
            <div class="buttons">
                <button id="sweep-csv" class="quiet" onclick={on.reform(|_| SweepAction::Csv(true))} disabled={props.rows.is_empty()}>
                    { "Download summary.csv" }</button>
                <button id="sweep-runs-csv" class="quiet" onclick={on.reform(|_| SweepAction::Csv(false))} disabled={props.rows.is_empty()}>
                    { "Download runs.csv" }</button>
                <button id="sweep-link" class="quiet" onclick={on.reform(|_| SweepAction::CopyAddress)} disabled={props.rows.is_empty() && !running}>
                    { "Copy sweep link" }</button>
            </div>
        </>
    }
}

/// The varied field and its values.
fn vary_fields(props: &SweepProps, running: bool, invalid: &dyn Fn(&str) -> String) -> Html {
    let (on, form) = (&props.on, &props.form);
    let known = form.vary.is_empty() || params().any(|(k, _)| k == form.vary);
    let on_vary = on.reform(|e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        // "another field" starts from an empty path for the user to type
        SweepAction::Vary(if v == "other" { "topology.".into() } else { v })
    });
    let on_values = on.reform(|e: Event| {
        SweepAction::Values(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    let on_path = on.reform(|e: Event| {
        SweepAction::Vary(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    html! {
        <div class="fields">
            <label><span>{ "vary" }</span>
                <select id="sweep-vary" onchange={on_vary} disabled={running}>
                    <option value="" selected={form.vary.is_empty()}>{ "nothing (one point)" }</option>
                    { for params().map(|(k, label)| html! {
                        <option value={k} selected={form.vary == k}>{ label }</option>
                    }) }
                    <option value="other" selected={!known}>{ "another field (its path)…" }</option>
                </select>
            </label>
            if !known {
                <label><span>{ "field path" }</span>
                    <input id="sweep-path" type="text" value={form.vary.clone()} onchange={on_path} disabled={running}
                        aria-invalid={invalid("vary")} aria-describedby="h-sweep-path" />
                    <small id="h-sweep-path" class="range">{ "as in the scenario file: topology.ecn_min_bytes, cca.swift.ai, …" }</small>
                </label>
            }
            if !form.vary.is_empty() {
                <label><span>{ "values" }</span>
                    <input id="sweep-values" type="text" value={form.values.clone()} onchange={on_values} disabled={running}
                        aria-invalid={invalid("values")} aria-describedby="h-sweep-values" />
                    <small id="h-sweep-values" class="range">{ format!("comma-separated, 1 to {MAX_VALUES}") }</small>
                </label>
            }
        </div>
    }
}

fn alt(props: &SweepProps) -> String {
    if props.rows.is_empty() {
        return "Sweep chart: no results yet.".into();
    }
    let cells: Vec<String> = props
        .rows
        .iter()
        .take(60)
        .map(|(_, r)| {
            if props.over_q {
                format!(
                    "{} q {:.3}: {} Gbps",
                    r.cca,
                    1.0 / r.paths.max(1) as f64,
                    num(r.throughput_gbps_mean)
                )
            } else {
                format!(
                    "{} {} {}: {} ± {} %",
                    r.figure,
                    r.cca,
                    r.lb.name().to_uppercase(),
                    pct(r.inflation_mean),
                    pct(r.inflation_stderr)
                )
            }
        })
        .collect();
    format!(
        "Sweep results, {} cells: {}",
        props.rows.len(),
        cells.join("; ")
    )
}

fn table(props: &SweepProps) -> Html {
    if props.rows.is_empty() {
        return html! {};
    }
    let several = props.points.len() > 1;
    let field = props.points[0]
        .split('=')
        .next()
        .unwrap_or_default()
        .to_string();
    let more = props.rows.len().saturating_sub(MAX_TABLE_ROWS);
    html! {
        <div class="table-wrap">
            <table id="sweep-table">
                <tr>
                    if several { <th class="left">{ field }</th> }
                    <th class="left">{ "CCA" }</th><th class="left">{ "LB" }</th>
                    if props.over_q {
                        <th><Term term="q" /></th><th>{ "throughput (Gbps)" }</th><th>{ "closed form (Gbps)" }</th>
                    } else {
                        <th>{ "runs" }</th><th><Term term="CCT inflation" text="CCT inflation (%)" /></th>
                        <th>{ "± SE" }</th><th><Term term="CCT" text="mean CCT (µs)" /></th>
                    }
                </tr>
                { for props.rows.iter().take(MAX_TABLE_ROWS).map(|(p, r)| html! {
                    <tr>
                        if several {
                            <td class="left">{ props.points[*p].split_once('=').map_or("", |x| x.1).to_string() }</td>
                        }
                        <td class="left">{ r.cca.to_string() }</td><td class="left">{ r.lb.name().to_uppercase() }</td>
                        if props.over_q {
                            <td>{ format!("{:.4}", 1.0 / r.paths.max(1) as f64) }</td>
                            <td>{ num(r.throughput_gbps_mean) }</td><td>{ num(r.model_gbps) }</td>
                        } else {
                            <td>{ if r.unfinished > 0 { format!("{} ({} unfinished)", r.runs, r.unfinished) } else { r.runs.to_string() } }</td>
                            <td>{ pct(r.inflation_mean) }</td><td>{ pct(r.inflation_stderr) }</td><td>{ num(r.cct_us_mean) }</td>
                        }
                    </tr>
                }) }
            </table>
            if more > 0 {
                <p class="hint">{ format!("… and {more} more cells in summary.csv") }</p>
            }
        </div>
    }
}
