//! The theory view: the paper's closed forms against simulated n-path runs, with the sweep's own
//! status (it never touches the main run's).

use super::figure::{Canvases, Figure};
use super::glossary::Term;
use crate::session::charts::Chart;
use crate::session::{theory_total, TheoryPoint, THEORY_CCAS};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TheoryProps {
    pub points: Vec<TheoryPoint>,
    /// The sweep's status line ("running: 3 of 21").
    pub status: AttrValue,
    pub busy: bool,
    pub canvases: Canvases,
    /// Run the theory sweep.
    pub on_run: Callback<()>,
}

#[function_component(TheoryView)]
pub fn theory_view(props: &TheoryProps) -> Html {
    let total = theory_total();
    let status = props.status.clone();
    let alt = format!(
        "Throughput against q, log-log: the TCP/Swift and SMaRTT closed forms fall like 1/√q. Simulated: {}",
        THEORY_CCAS
            .iter()
            .map(|name| {
                let pts: Vec<String> = props
                    .points
                    .iter()
                    .filter(|p| p.cca == *name)
                    .map(|p| format!("q {:.3}: {:.0} Gbps", p.q, p.gbps))
                    .collect();
                format!("{name} {}", if pts.is_empty() { "none yet".to_string() } else { pts.join(", ") })
            })
            .collect::<Vec<_>>()
            .join("; ")
    );
    let look = crate::session::theory_look_for(&props.points).unwrap_or_else(|| {
        "how far each CCA's dots fall as q grows (they appear as the sweep runs).".into()
    });
    html! {
        <>
            <h2>{ "Theory: the Θ(1/√q) collapse and the median" }</h2>
            <p class="hint">{ "The paper's model: one flow sprays " }<Term term="round robin" />{ " over n paths, one of them longer \
                (2.5 µs here, SprayLab's choice: the paper leaves the delay open), so a share " }<Term term="q" />{ " = 1/n of its packets comes back late. \
                Swift falls like 1/√q, as its closed form says; the paper proves the same Θ(1/√q) for LSwift, without a closed form; \
                MSwift's median of the last H delays stays at line rate for q < 1/3." }</p>
            <div class="buttons">
                <button id="theory-run" onclick={props.on_run.reform(|_| ())} disabled={props.busy}>
                    { format!("Run the theory sweep ({total} short runs)") }</button>
                <span id="theory-status" class="hint" role="status" aria-live="polite">{ status }</span>
            </div>
            <Figure chart={Chart::Theory} canvases={props.canvases.clone()} {alt} class="wide"
                caption={html!{ <>{ "Lines: the closed forms of the paper's table (capped at line rate); dots: simulated runs. " }
                    <strong>{ "Look for: " }</strong>{ look }</> }} />
        </>
    }
}
