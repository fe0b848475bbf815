//! The text that describes the selection (the highlighted flow, the chosen links).

use super::*;

impl App {
    pub(super) fn meta_flows(&self) -> usize {
        self.page
            .session()
            .run()
            .and_then(|r| r.meta.as_ref())
            .map_or(0, |m| m.flows.len())
    }

    /// One line on the highlighted flow and the chosen links.
    pub(super) fn selection_text(&self, cursor: f64) -> String {
        let Some(run) = self.page.session().run() else {
            return String::new();
        };
        let Some(meta) = &run.meta else {
            return String::new();
        };
        let flow = self.page.flow();
        let Some(&(src, dst, sprayed)) = meta.flows.get(flow) else {
            return String::new();
        };
        let counts = run.spread(flow, cursor - network::SPREAD_WINDOW_US, cursor);
        let (n, used) = (
            counts.iter().sum::<u32>(),
            counts.iter().filter(|&&c| c > 0).count(),
        );
        let kind = if sprayed { "sprayed" } else { "elephant, ECMP" };
        let chosen: Vec<&str> = self
            .page
            .chosen()
            .iter()
            .filter_map(|&p| meta.port_names.get(p).map(String::as_str))
            .collect();
        format!(
            "Flow {flow}: host {src} → host {dst} ({kind}); in the {} µs before the cursor, {n} packets over {used} paths.{}",
            network::SPREAD_WINDOW_US,
            if chosen.is_empty() { String::new() } else { format!(" Chosen links: {}.", chosen.join(", ")) }
        )
    }

    /// The network picture's text alternative: the hottest links at the cursor.
    pub(super) fn network_alt(&self, cursor: f64) -> String {
        let Some((run, meta)) = self
            .page
            .session()
            .run()
            .and_then(|r| Some((r, r.meta.as_ref()?)))
        else {
            return "Network picture: appears when a run starts.".to_string();
        };
        let Some(q) = run.queues_at(cursor) else {
            return "Network picture: no sample yet.".to_string();
        };
        let mut hot: Vec<(usize, f32)> = q
            .iter()
            .map(|m| m.max)
            .enumerate()
            .filter(|x| x.1 > 0.0)
            .collect();
        hot.sort_by(|a, b| b.1.total_cmp(&a.1));
        let list: Vec<String> = hot
            .iter()
            .take(4)
            .map(|&(p, b)| {
                let e = if meta.elephant_ports.contains(&p) {
                    " (elephant)"
                } else {
                    ""
                };
                format!("{}{e} {:.0} KiB", meta.port_names[p], b / 1024.0)
            })
            .collect();
        format!(
            "Network at {cursor:.1} µs: {} links with a queue{}.",
            hot.len(),
            if list.is_empty() {
                String::new()
            } else {
                format!("; the deepest: {}", list.join(", "))
            }
        )
    }
}
