//! The main run's status line and progress bar, in an `aria-live` region so screen readers hear
//! when a run starts, finishes or fails.

use crate::session::store::RunData;
use crate::session::Phase;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StatusProps {
    pub phase: Option<Phase>,
    /// The status line (computed by the app from the run).
    pub text: AttrValue,
    /// (acknowledged, total packets, progress text) while a run has progress.
    pub progress: Option<(u64, u64, AttrValue)>,
    pub worker_error: Option<AttrValue>,
    /// Stops the run (shown while one runs, so class mode, with the form folded, can stop it).
    pub on_cancel: Callback<MouseEvent>,
}

/// The status line of a main run.
pub fn status_text(phase: Option<&Phase>, run: Option<&RunData>, notice: Option<&str>) -> String {
    let base = match phase {
        None => "Ready: choose a figure or change a setting, then Run.".to_string(),
        Some(Phase::Idle) => "idle".to_string(),
        Some(Phase::Running) => "running…".to_string(),
        Some(Phase::Cancelled) => "cancelled".to_string(),
        Some(Phase::Failed(e)) => format!("failed: {e}"),
        Some(Phase::Done) => match run.and_then(|r| r.report.as_ref()) {
            Some(r) => match (r.cct_us, r.cct_inflation) {
                (Some(c), Some(i)) => format!(
                    "done: CCT {c:.1} µs, lower bound {:.1} µs, CCT inflation {:.1} %",
                    r.ideal_cct_us,
                    i * 100.0
                ),
                _ => format!("done: unfinished at {:.1} µs", r.sim_time_us),
            },
            None => "done".to_string(),
        },
    };
    match notice {
        Some(n) => format!("{base} · {n}"),
        None => base,
    }
}

#[function_component(Status)]
pub fn status(props: &StatusProps) -> Html {
    let failed = matches!(props.phase, Some(Phase::Failed(_)));
    html! {
        <div class="status-area">
            if let Some(e) = &props.worker_error {
                <p id="worker-error" class="error" role="alert">{ e.clone() }</p>
            }
            <p id="status" class="status" role={if failed { "alert" } else { "status" }} aria-live="polite">{ props.text.clone() }</p>
            if let Some((acked, total, text)) = &props.progress {
                <div class="progress">
                    <progress id="progress" max={total.max(&1).to_string()} value={acked.to_string()} aria-label="run progress"></progress>
                    <span id="progress-text">{ text.clone() }</span>
                    if props.phase == Some(Phase::Running) {
                        <button id="status-cancel" class="quiet small" onclick={props.on_cancel.clone()}>{ "Stop" }</button>
                    }
                </div>
            }
        </div>
    }
}
