//! The form's scenario and the address bar: a field change, and the link that reproduces it.

use super::*;

impl App {
    pub(super) fn write_link(&self) {
        let fragment = self.page.address_fragment();
        if let Some(w) = web_sys::window() {
            if let Ok(history) = w.history() {
                let url = if fragment.is_empty() {
                    let path = w.location().pathname().unwrap_or_default();
                    let search = w.location().search().unwrap_or_default();
                    format!("{path}{search}")
                } else {
                    format!("#{fragment}")
                };
                // the entry remembers that its link ran, for Back and Forward (the address
                // bar itself drops run=1, so that a reload does not run again)
                let ran = self.link_ran.as_deref() == Some(fragment.as_str());
                let state = if ran { JsValue::TRUE } else { JsValue::NULL };
                let _ = history.replace_state_with_url(&state, "", Some(&url));
            }
        }
    }
}
