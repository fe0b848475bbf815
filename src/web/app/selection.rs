//! Keys and clicks: the playback keys, picking a link or a host in the network picture, and the text that describes the selection.

use super::*;
use crate::session::keys::KeyCommand;
use crate::web::components::playback::PlaybackAction;

impl App {
    pub(super) fn on_key(&mut self, ctx: &Context<Self>, cmd: KeyCommand) -> bool {
        let msg = match cmd {
            KeyCommand::Play => Msg::Playback(PlaybackAction::Play),
            KeyCommand::Step(n) => Msg::Playback(PlaybackAction::Step(n)),
            KeyCommand::Start => Msg::Playback(PlaybackAction::Seek(0.0)),
            KeyCommand::End => Msg::Playback(PlaybackAction::Seek(f64::MAX)),
            KeyCommand::Present => Msg::Present(!self.page.presenting),
            KeyCommand::LeavePresent if self.page.presenting => Msg::Present(false),
            KeyCommand::LeavePresent => return false,
            KeyCommand::CloseDefinition => {
                dom::blur_focused();
                return false;
            }
        };
        <App as Component>::update(self, ctx, msg)
    }

    pub(super) fn on_network_click(
        &mut self,
        ctx: &Context<Self>,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
    ) -> bool {
        let Some((_, layout)) = &self.drawing.layout else {
            return false;
        };
        let plot_h = (h - network::KEY_H).max(1.0);
        let p = (x / w.max(1.0), y / plot_h);
        match layout.hit(p, crate::session::layout::TOUCH_REACH_PX / w.max(1.0)) {
            Some(Hit::Host(h)) => {
                let flows = self.page.session.run.as_ref().and_then(|r| r.meta.as_ref());
                let group = layout
                    .nodes
                    .iter()
                    .find(|n| n.hosts.contains(&h))
                    .map_or(h..h + 1, |n| n.hosts.clone());
                if let Some(f) =
                    flows.and_then(|m| m.flows.iter().position(|f| group.contains(&f.0)))
                {
                    self.page.highlight = Some(f);
                }
            }
            Some(Hit::Link(i)) => {
                let run = self.page.session.run.as_ref();
                let peak = |p: u32| {
                    run.and_then(|r| r.port_peak.get(p as usize))
                        .copied()
                        .unwrap_or(0.0)
                };
                let ports = &layout.links[i].ports;
                let busiest = ports
                    .iter()
                    .copied()
                    .max_by(|a, b| peak(*a).total_cmp(&peak(*b)));
                if let Some(p) = busiest.map(|p| p as usize) {
                    let names = run.and_then(|r| r.meta.as_ref()).map(|m| &m.port_names);
                    if let Some(name) = names.and_then(|n| n.get(p)) {
                        self.page.events.link = name.clone();
                        self.page.events.refused = None;
                    }
                    if let Some(at) = self.page.chosen.iter().position(|&c| c == p) {
                        self.page.chosen.remove(at);
                    } else {
                        self.page.chosen.insert(0, p);
                        self.page.chosen.truncate(4);
                    }
                }
            }
            None => return false,
        }
        self.mark(&AT_CURSOR, ctx);
        true
    }

    pub(super) fn meta_flows(&self) -> usize {
        self.page
            .session
            .run
            .as_ref()
            .and_then(|r| r.meta.as_ref())
            .map_or(0, |m| m.flows.len())
    }

    pub(super) fn flow(&self) -> usize {
        let run = self.page.session.run.as_ref();
        self.page
            .highlight
            .or_else(|| run.map(RunData::slowest_flow))
            .unwrap_or(0)
    }

    /// One line on the highlighted flow and the chosen links.
    pub(super) fn selection_text(&self, cursor: f64) -> String {
        let Some(run) = &self.page.session.run else {
            return String::new();
        };
        let Some(meta) = &run.meta else {
            return String::new();
        };
        let flow = self.flow();
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
            .chosen
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
            .session
            .run
            .as_ref()
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
