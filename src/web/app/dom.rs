//! The document around the app: listeners on the whole page, and scrolling to a section.

use super::*;

/// Document-level listeners: keys outside the form drive the playback (P: the presentation
/// layout); a resize redraws.
pub(super) fn listen(ctx: &Context<App>) -> Vec<Closure<dyn FnMut(web_sys::Event)>> {
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    let link = ctx.link().clone();
    let on_key = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        let tag = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .map(|el| el.tag_name().to_ascii_lowercase())
            .unwrap_or_default();
        // the form's fields, lists and buttons keep their own keys
        if matches!(
            tag.as_str(),
            "input" | "select" | "textarea" | "button" | "summary"
        ) {
            return;
        }
        let key = k.key();
        if matches!(key.as_str(), " " | "ArrowLeft" | "ArrowRight" | "p" | "P")
            && !k.ctrl_key()
            && !k.meta_key()
            && !k.alt_key()
        {
            e.prevent_default();
            link.send_message(Msg::Key(key, k.shift_key()));
        }
    });
    let link = ctx.link().clone();
    let on_resize =
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_| link.send_message(Msg::Resize));
    let _ = window.add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
    vec![on_key, on_resize]
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
