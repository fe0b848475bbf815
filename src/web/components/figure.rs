//! A chart's frame: the canvas (drawn by the app on animation frames), its caption saying what
//! it shows and what to look for, and a text alternative with the key figures.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct FigureProps {
    pub id: AttrValue,
    pub canvas: NodeRef,
    /// What the chart shows and what to look for.
    pub caption: Html,
    /// The text alternative: what it shows and the key figures now.
    pub alt: AttrValue,
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub onclick: Option<Callback<MouseEvent>>,
}

#[function_component(Figure)]
pub fn figure(props: &FigureProps) -> Html {
    // a chart a pointer reads (the chart table says which)
    let instrument = crate::session::charts::CHARTS
        .iter()
        .any(|r| r.instrument && r.id == props.id.as_str());
    html! {
        <figure class={classes!("chart", props.class.clone())}>
            <canvas id={props.id.clone()} ref={props.canvas.clone()} role="img" aria-label={props.alt.clone()}
                class={classes!(instrument.then_some("instrument"))}
                onclick={props.onclick.clone()}></canvas>
            <figcaption>{ props.caption.clone() }</figcaption>
        </figure>
    }
}
