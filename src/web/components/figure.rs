//! A chart's frame: the canvas (drawn by the app on animation frames), its caption saying what
//! it shows and what to look for, and a text alternative with the key figures.

use crate::session::charts::{Chart, COUNT};
use std::rc::Rc;
use yew::prelude::*;

/// The page's canvases, a reference for each chart of the table: the shell draws into them, and
/// a section's component places its charts by name, so the shell hands every component the
/// same table rather than a list of each one's canvases.
#[derive(Clone, Default, PartialEq)]
pub struct Canvases(Rc<[NodeRef; COUNT]>);

impl Canvases {
    /// `chart`'s canvas.
    pub fn of(&self, chart: Chart) -> NodeRef {
        self.0[chart as usize].clone()
    }

    /// The canvas of the table's row `i`.
    pub fn at(&self, i: usize) -> &NodeRef {
        &self.0[i]
    }
}

#[derive(Properties, PartialEq)]
pub struct FigureProps {
    /// Which chart of the table: its canvas's id, reference and whether a pointer reads it.
    pub chart: Chart,
    pub canvases: Canvases,
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
    // its id, and whether a pointer reads it ("instrument"), are its row's in the chart table
    let row = props.chart.row();
    html! {
        <figure class={classes!("chart", props.class.clone())}>
            <canvas id={row.id} ref={props.canvases.of(props.chart)} role="img" aria-label={props.alt.clone()}
                class={classes!(row.instrument.then_some("instrument"))}
                onclick={props.onclick.clone()}></canvas>
            <figcaption>{ props.caption.clone() }</figcaption>
        </figure>
    }
}
