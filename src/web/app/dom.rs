//! The document around the app: listeners on the whole page, and scrolling to a section.

use super::*;
use crate::session::keys;

/// Document-level listeners: the keyboard model of [`crate::session::keys`], whatever has
/// focus (a text field or a select keeps its keys); a resize redraws.
pub(super) fn listen(ctx: &Context<App>) -> Vec<Closure<dyn FnMut(web_sys::Event)>> {
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
        let Some(cmd) = keys::command(&k.key(), k.shift_key(), modified, key_target(&e), true)
        else {
            return;
        };
        // a focused button must not also take Space (or the arrows) as its own
        e.prevent_default();
        link.send_message(Msg::Key(cmd));
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
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_| link.send_message(Msg::NewLink));
    let listeners = [on_key, on_key_up, on_resize, on_hash];
    for (event, listener) in LISTENED.iter().zip(&listeners) {
        let _ = window.add_event_listener_with_callback(event, listener.as_ref().unchecked_ref());
    }
    listeners.into()
}

/// The events [`listen`] listens to, in the order of the listeners it returns.
pub(super) const LISTENED: [&str; 4] = ["keydown", "keyup", "resize", "hashchange"];

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

impl App {}
