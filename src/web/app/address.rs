//! The form's scenario and the address bar: a field change, and the link that reproduces it.

use super::*;

impl App {
    /// Applies a form field; false (with the reason shown) when refused.
    pub(super) fn set_field(&mut self, name: &str, value: &str) -> bool {
        let mut next = self.scenario.clone();
        // a workload starts from its preset (the n-path model has no elephants, sprays round
        // robin), keeping the CCA settings and the seed
        if name == "workload" {
            let preset = match value {
                "npath" | "incast" | "hsdp" => Scenario::preset(value),
                _ => Scenario::preset("baseline"),
            };
            if let Some(mut p) = preset {
                p.cca = next.cca.clone();
                p.seed = next.seed;
                next = p;
            }
        }
        let checked = next
            .set_field(name, value)
            .and_then(|_| next.validate())
            .and_then(|_| check_web_size(&next));
        match checked {
            Ok(()) => {
                self.scenario = next;
                self.refused = None;
                self.notice = None;
                self.write_link();
                true
            }
            Err(e) => {
                self.refused = Some(e);
                false
            }
        }
    }

    /// The page's link for the form's scenario.
    pub(super) fn page_link(&self, run: bool) -> String {
        let fragment = to_fragment(&self.scenario, run);
        let href = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .unwrap_or_default();
        let base = href.split('#').next().unwrap_or_default();
        format!("{base}#{fragment}")
    }

    /// The address bar's fragment: the form's scenario, and the last sweep while it still fits
    /// the scenario (a what-if's grid is checked again over the new base).
    fn address_fragment(&self) -> String {
        let sweep = self.sweep_link.as_ref().filter(|s| {
            matches!(s.plan, crate::sweep::Plan::Figure(_))
                || s.jobs(&self.scenario, &crate::scenario::Budget::BROWSER)
                    .is_ok()
        });
        let mut fragment = match sweep {
            Some(s) => sweep_fragment(&self.scenario, s, false),
            None => to_fragment(&self.scenario, false),
        };
        if let Some(choice) =
            (self.partner_beside.as_ref()).filter(|_| self.session.partner_scenario().is_some())
        {
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
            sweep_fragment(&self.scenario, s, true)
        ))
    }

    /// Puts `link` on the clipboard and says so, or shows it where the clipboard is refused.
    pub(super) fn copy_link(&mut self, what: &str, link: String) {
        self.notice = Some(if exports::copy_text(&link) {
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
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
        }
    }
}
