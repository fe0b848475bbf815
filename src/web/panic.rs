//! The main thread's panic hook: a panic aborts the app's WebAssembly, so the hook logs it,
//! then reloads the page and has it say so in one line, as [`crate::session::recovery`] plans
//! (the scenario in the address bar first, the defaults if that panics again, and a line on the
//! page without reloading after a third). The worker needs none of this: a panic there ends the
//! worker, which the page reports and replaces.

use crate::session::recovery::{self, Crash, Recovery, CRASH_KEY, NOTICE_KEY};

/// Installs the hook; called once, before the app mounts. Through Yew's own door: its renderer
/// replaces any other hook with one that only logs.
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| on_panic(&info.to_string())));
}

/// The line a reload left for the page to show, taken once.
pub fn take_notice() -> Option<String> {
    let storage = web_sys::window()?.session_storage().ok()??;
    let notice = storage.get_item(NOTICE_KEY).ok()??;
    let _ = storage.remove_item(NOTICE_KEY);
    Some(notice)
}

fn on_panic(message: &str) {
    web_sys::console::error_1(&format!("SprayLab panicked: {message}").into());
    let Some(window) = web_sys::window() else {
        return;
    };
    let storage = window.session_storage().ok().flatten();
    let previous = storage
        .as_ref()
        .and_then(|s| s.get_item(CRASH_KEY).ok().flatten())
        .and_then(|t| Crash::parse(&t));
    let (crash, action) = recovery::recover(previous, js_sys::Date::now());
    let line = recovery::notice(message, action);
    // without session storage the chain cannot be counted: never reload, say so on the page
    let action = match storage {
        Some(s)
            if s.set_item(CRASH_KEY, &crash.to_text()).is_ok()
                && s.set_item(NOTICE_KEY, &line).is_ok() =>
        {
            action
        }
        _ => Recovery::Stop,
    };
    let location = window.location();
    match action {
        Recovery::Reload => {
            let _ = location.reload();
        }
        Recovery::ReloadDefaults => {
            // the address without its fragment: a full load, not a jump within the page
            let href = location.href().unwrap_or_default();
            let _ = location.replace(href.split('#').next().unwrap_or_default());
        }
        Recovery::Stop => show_on_page(&window, &recovery::notice(message, Recovery::Stop)),
    }
}

/// The line, at the top of the page, as an alert.
fn show_on_page(window: &web_sys::Window, line: &str) {
    let Some(document) = window.document() else {
        return;
    };
    let (Ok(p), Some(body)) = (document.create_element("p"), document.body()) else {
        return;
    };
    let _ = p.set_attribute("role", "alert");
    let _ = p.set_attribute("class", "crash-notice");
    p.set_text_content(Some(line));
    let _ = body.prepend_with_node_1(&p);
}
