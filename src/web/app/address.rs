//! The form's scenario and the address bar: a field change, and the link that reproduces it.

use super::*;

impl App {
    /// The page's link for the form's scenario.
    pub(super) fn page_link(&self, run: bool) -> String {
        let fragment = to_fragment(&self.page.scenario, run);
        let href = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .unwrap_or_default();
        let base = href.split('#').next().unwrap_or_default();
        format!("{base}#{fragment}")
    }

    /// The address bar's fragment: the form's scenario, and the last sweep while it still fits
    /// the scenario (a what-if's grid is checked again over the new base).
    pub(super) fn address_fragment(&self) -> String {
        let sweep = self.sweep_link.as_ref().filter(|s| {
            matches!(s.plan, crate::sweep::Plan::Figure(_))
                || s.jobs(&self.page.scenario, &crate::scenario::Budget::BROWSER)
                    .is_ok()
        });
        let mut fragment = match sweep {
            Some(s) => sweep_fragment(&self.page.scenario, s, false),
            None => to_fragment(&self.page.scenario, false),
        };
        if let Some(choice) = self.page.beside() {
            let sep = if fragment.is_empty() { "" } else { "&" };
            fragment += &format!("{sep}{}={choice}", crate::link::BESIDE);
        }
        fragment
    }

    /// The link that reproduces the last sweep and starts it on load.
    pub(super) fn sweep_page_link(&self) -> Option<String> {
        let s = self.sweep_link.as_ref()?;
        let href = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .unwrap_or_default();
        let base = href.split('#').next().unwrap_or_default();
        Some(format!(
            "{base}#{}",
            sweep_fragment(&self.page.scenario, s, true)
        ))
    }

    /// Puts `link` on the clipboard and says so, or shows it where the clipboard is refused.
    pub(super) fn copy_link(&mut self, what: &str, link: String) {
        self.page.notice = Some(if exports::copy_text(&link) {
            format!("{what} copied")
        } else {
            format!("{what}: {link}")
        });
    }

    pub(super) fn write_link(&self) {
        let fragment = self.address_fragment();
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
