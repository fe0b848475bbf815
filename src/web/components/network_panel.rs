//! The network picture's panel: the canvas (drawn by the app), its caption, what the click
//! selected, and the text alternative.

use super::figure::{Canvases, Figure};
use super::glossary::Term;
use crate::session::actions::Action;
use crate::session::charts::Chart;
use yew::prelude::*;

/// What the panel asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NetworkAction {
    /// A click on the picture: (x, y, width, height) in CSS px.
    Click(f64, f64, f64, f64),
    /// Forget the chosen links.
    ClearChosen,
}

impl From<NetworkAction> for Action {
    fn from(a: NetworkAction) -> Action {
        match a {
            // the picture's colour key is below its plot
            NetworkAction::Click(x, y, w, h) => Action::PictureClick {
                x,
                y,
                w,
                h: h - crate::web::network::KEY_H,
            },
            NetworkAction::ClearChosen => Action::ClearChosen,
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct NetworkPanelProps {
    pub canvases: Canvases,
    pub alt: AttrValue,
    /// One line on the highlighted flow and the chosen links.
    pub selection: AttrValue,
    pub npath: bool,
    /// A two-tier fabric: spines over ToRs, no cores.
    pub leaf_spine: bool,
    pub on: Callback<NetworkAction>,
}

#[function_component(NetworkPanel)]
pub fn network_panel(props: &NetworkPanelProps) -> Html {
    let on = &props.on;
    let onclick = on.reform(|e: MouseEvent| {
        let canvas: web_sys::HtmlElement = e.target_unchecked_into();
        let (w, h) = (canvas.client_width() as f64, canvas.client_height() as f64);
        NetworkAction::Click(e.offset_x() as f64, e.offset_y() as f64, w, h)
    });
    let caption = if props.npath {
        html! { <>
            { "The theory model: one flow sprays " }<Term term="round robin" />{ " over n paths; path 0 (top) is longer, so " }
            <Term term="q" />{ " = 1/n of its packets come back late. Blue: the flow's packets of the last 5 µs per path. " }
            <strong>{ "Look for: " }</strong>{ "every path carries the same share; the late ones alone must not drive the window down." }
        </> }
    } else {
        let tiers = if props.leaf_spine {
            html! { <>{ "The " }<Term term="leaf-spine" />{ ": spines at the top, then ToR switches and hosts" }</> }
        } else {
            html! { <>{ "The " }<Term term="fat-tree" />{ ": cores at the top, then aggregation switches, ToR switches and hosts" }</> }
        };
        html! { <>
            { tiers }{ " (one box per ToR when there are many). Links are coloured by their " }<Term term="queue depth" />
            { " at the cursor; wine outlines mark the " }<Term term="elephant" text="elephants'" />{ " paths; blue lines are the highlighted flow's packets of the last 5 µs, thicker for more; slate lines are links down at the cursor. " }
            <strong>{ "Click " }</strong>{ "a link to plot its queue (and to fail, slow or restore it below), a host to follow its flow." }
        </> }
    };
    html! {
        <div class="network">
            <Figure chart={Chart::Network} canvases={props.canvases.clone()} {caption} alt={props.alt.clone()} onclick={Some(onclick)} class="network-figure" />
            <p id="selection" class="hint">{ props.selection.clone() }
                <button class="quiet small" onclick={on.reform(|_| NetworkAction::ClearChosen)}>{ "clear chosen links" }</button>
            </p>
        </div>
    }
}
