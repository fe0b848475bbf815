//! The lockstep partner's stage: its network picture and window chart, beside the main run's
//! stage (under it on a narrow screen), on the main run's colour scale and at the one cursor.

use super::figure::{Canvases, Figure};
use crate::session::charts::Chart;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PartnerStageProps {
    /// What the partner is (`swift over ops`), and where it stands.
    pub title: AttrValue,
    /// Its network picture and window chart.
    pub canvases: Canvases,
    pub alts: [AttrValue; 2],
}

#[function_component(PartnerStage)]
pub fn partner_stage(props: &PartnerStageProps) -> Html {
    html! {
        <div class="stage partner" aria-label="the other run">
            <h3 class="stage-title" id="partner-title">{ props.title.clone() }</h3>
            <Figure chart={Chart::PartnerNetwork} canvases={props.canvases.clone()} alt={props.alts[0].clone()}
                caption={html! { "The same network under the other run, at the same cursor, on the same colour scale." }} />
            <Figure chart={Chart::PartnerCwnd} canvases={props.canvases.clone()} alt={props.alts[1].clone()}
                caption={html! { "The other run's congestion windows." }} />
        </div>
    }
}
