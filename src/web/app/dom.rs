//! The document around the app: listeners on the whole page, and scrolling to a section.

use super::*;
use crate::session::keys;

/// What the keyboard model depends on, set after each render for the key listener to read.
#[derive(Default)]
pub(super) struct KeysOn {
    /// A flow's decisions are on screen, for ↑ and ↓.
    pub decisions: std::cell::Cell<bool>,
    /// The class story is open, for a clicker's Page Down and Page Up.
    pub class: std::cell::Cell<bool>,
}

/// Document-level listeners: the keyboard model of [`crate::session::keys`], whatever has
/// focus (a text field or a select keeps its keys); a resize redraws.
/// `on`: what the keys depend on, as the last render left it.
pub(super) fn listen(
    ctx: &Context<App>,
    on: std::rc::Rc<KeysOn>,
) -> Vec<Closure<dyn FnMut(web_sys::Event)>> {
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    let link = ctx.link().clone();
    let on_key = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        let modified = k.ctrl_key() || k.meta_key() || k.alt_key();
        // Escape is taken as leaving the presentation; the app ignores it outside one
        let target = key_target(&e);
        let Some(cmd) = keys::command(
            &k.key(),
            k.shift_key(),
            modified,
            target,
            true,
            on.decisions.get(),
            on.class.get(),
        ) else {
            return;
        };
        // a focused button must not also take Space (or the arrows) as its own
        e.prevent_default();
        link.send_message(Msg::Page(Action::Key(cmd)));
    });
    // a button is pressed by Space on key up: the model's Space is not a press
    let on_key_up = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        if k.key() == " " && key_target(&e) != keys::KeyTarget::Field {
            e.prevent_default();
        }
    });
    let link = ctx.link().clone();
    let on_resize =
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_| link.send_message(Msg::Resize));
    // a link pasted into the address bar, or Back and Forward (the page itself only replaces
    // the address, which fires nothing)
    let link = ctx.link().clone();
    let on_hash =
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_| link.send_message(Msg::NewAddress));
    let mut listeners = vec![on_key, on_key_up, on_resize, on_hash];
    for _ in POINTER_EVENTS {
        let link = ctx.link().clone();
        listeners.push(Closure::<dyn FnMut(web_sys::Event)>::new(
            move |e: web_sys::Event| match pointer_on_chart(&e) {
                Some((chart, p)) => link.send_message(Msg::Page(Action::Pointer(chart, p))),
                None if e.type_() == "pointerdown" => {
                    link.send_message(Msg::Page(Action::PressedElsewhere))
                }
                None => {}
            },
        ));
    }
    for (event, listener) in LISTENED.iter().zip(&listeners) {
        let _ = window.add_event_listener_with_callback(event, listener.as_ref().unchecked_ref());
    }
    listeners
}

/// The pointer's events on the charts, heard on the whole page (they bubble from the canvases).
const POINTER_EVENTS: [&str; 5] = [
    "pointermove",
    "pointerdown",
    "pointerup",
    "pointerout",
    "dblclick",
];

/// The events [`listen`] listens to, in the order of the listeners it returns.
pub(super) const LISTENED: [&str; 9] = [
    "keydown",
    "keyup",
    "resize",
    "hashchange",
    POINTER_EVENTS[0],
    POINTER_EVENTS[1],
    POINTER_EVENTS[2],
    POINTER_EVENTS[3],
    POINTER_EVENTS[4],
];

/// A pointer event on an instrumented chart's canvas: the chart (by the canvas' id, from the
/// chart table) and the pointer, in the canvas' CSS pixels.
fn pointer_on_chart(
    e: &web_sys::Event,
) -> Option<(
    crate::session::charts::Chart,
    crate::session::instruments::Pointer,
)> {
    use crate::session::instruments::{Pointer, PointerKind};
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let id = el.id();
    let row = crate::session::charts::CHARTS
        .iter()
        .find(|r| r.instrument && r.id == id)?;
    let m = e.dyn_ref::<web_sys::MouseEvent>()?;
    // a double-click is a mouse event: the mouse's one pointer
    let id = e
        .dyn_ref::<web_sys::PointerEvent>()
        .map_or(1, |p| p.pointer_id());
    let kind = match e.type_().as_str() {
        "pointermove" => PointerKind::Move,
        "pointerdown" => PointerKind::Down,
        "pointerup" => PointerKind::Up,
        "pointerout" => PointerKind::Leave,
        "dblclick" => PointerKind::DoubleClick,
        _ => return None,
    };
    Some((
        row.chart,
        Pointer {
            kind,
            touch: e
                .dyn_ref::<web_sys::PointerEvent>()
                .is_some_and(|p| p.pointer_type() == "touch"),
            id,
            x: m.offset_x() as f64,
            y: m.offset_y() as f64,
            screen: (m.client_x() as f64, m.client_y() as f64),
        },
    ))
}

/// Shows `readout` by the pointer (beside it, inside the window), or hides it.
pub(super) fn show_readout(readout: Option<&crate::session::instruments::Readout>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(el) = window
        .document()
        .and_then(|d| d.get_element_by_id("readout"))
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let Some(r) = readout else {
        el.set_hidden(true);
        return;
    };
    el.set_text_content(Some(&r.lines.join("\n")));
    el.set_hidden(false);
    let width = window
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .unwrap_or(1280.0);
    let box_w = el.offset_width() as f64;
    let left = (r.screen.0 + 14.0).min(width - box_w - 8.0).max(4.0);
    let top = r.screen.1 + 16.0;
    let style = el.style();
    let _ = style.set_property("left", &format!("{left}px"));
    let _ = style.set_property("top", &format!("{top}px"));
}

/// Where a key event happened, for the keyboard model.
fn key_target(e: &web_sys::Event) -> keys::KeyTarget {
    let Some(el) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return keys::KeyTarget::Page;
    };
    let input_type = el.get_attribute("type").unwrap_or_default();
    keys::KeyTarget::of(
        &el.tag_name(),
        &input_type,
        el.get_attribute("class")
            .is_some_and(|c| c.split_whitespace().any(|w| w == "term")),
    )
}

/// Takes focus from the focused element (an open definition closes).
pub(super) fn blur_focused() {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.blur();
    }
}

pub(super) fn scroll_to(id: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        el.scroll_into_view();
    }
}

/// Scrolls the least that shows the element with this id whole (none when it is on screen).
pub(super) fn reveal(id: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        el.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

impl App {}
