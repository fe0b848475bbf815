//! The address bar: it always holds the page's address, which reproduces the run.

use super::*;

impl App {
    pub(super) fn write_address(&self) {
        let (fragment, ran) = self.page.address();
        if let Some(w) = web_sys::window() {
            if let Ok(history) = w.history() {
                let url = if fragment.is_empty() {
                    let path = w.location().pathname().unwrap_or_default();
                    let search = w.location().search().unwrap_or_default();
                    format!("{path}{search}")
                } else {
                    format!("#{fragment}")
                };
                // the entry remembers that its run ran, for Back and Forward (the address
                // bar itself drops run=1, so that a reload does not run again)
                let state = if ran { JsValue::TRUE } else { JsValue::NULL };
                let _ = history.replace_state_with_url(&state, "", Some(&url));
            }
        }
    }
}
