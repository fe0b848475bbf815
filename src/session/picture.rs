//! A click (or tap) on the network picture: a host highlights the first flow it sends or
//! receives, a link is chosen for the queue chart (or forgotten, clicked again) and named in
//! the events panel. Hit-testing reads the layout the picture was drawn from
//! ([`Page::layouts`]), with a finger's reach ([`super::layout::TOUCH_REACH_PX`]).

use super::charts::Trigger;
use super::effects::Effect;
use super::layout::{Hit, Layout, TOUCH_REACH_PX};
use super::page::Page;

/// How many chosen links the queue chart keeps.
const MAX_CHOSEN: usize = 4;

impl Page {
    /// A click at (x, y) CSS px on the main run's picture, whose plot is `w` × `h` CSS px.
    pub(super) fn on_picture_click(&mut self, x: f64, y: f64, w: f64, h: f64) -> Vec<Effect> {
        let Some((_, layout)) = &self.layouts[0] else {
            return Vec::new();
        };
        let (w, h) = (w.max(1.0), h.max(1.0));
        let run = self.session.run.as_ref();
        match layout.hit((x / w, y / h), TOUCH_REACH_PX / w) {
            Some(Hit::Host(host)) => {
                let group = layout
                    .nodes
                    .iter()
                    .find(|n| n.hosts.contains(&host))
                    .map_or(host..host + 1, |n| n.hosts.clone());
                let meta = run.and_then(|r| r.meta.as_ref());
                if let Some(f) =
                    meta.and_then(|m| m.flows.iter().position(|f| group.contains(&f.0)))
                {
                    self.highlight = Some(f);
                }
            }
            Some(Hit::Link(i)) => {
                let peak = |p: u32| {
                    run.and_then(|r| r.port_peak.get(p as usize))
                        .copied()
                        .unwrap_or(0.0)
                };
                let busiest = layout.links[i]
                    .ports
                    .iter()
                    .copied()
                    .max_by(|a, b| peak(*a).total_cmp(&peak(*b)));
                let Some(p) = busiest.map(|p| p as usize) else {
                    return Vec::new();
                };
                let names = run.and_then(|r| r.meta.as_ref()).map(|m| &m.port_names);
                if let Some(name) = names.and_then(|n| n.get(p)) {
                    self.events.link = name.clone();
                    self.events.refused = None;
                }
                match self.chosen.iter().position(|&c| c == p) {
                    Some(at) => {
                        self.chosen.remove(at);
                    }
                    None => {
                        self.chosen.insert(0, p);
                        self.chosen.truncate(MAX_CHOSEN);
                    }
                }
            }
            Some(Hit::Pod(pod)) => self.open_pod = Some(pod),
            Some(Hit::AllPods) => self.open_pod = None,
            None => return Vec::new(),
        }
        self.refresh_layouts();
        vec![Effect::Redraw(Trigger::Cursor)]
    }

    /// The layouts of the pictures of the runs on screen, made anew for a new run.
    pub(super) fn refresh_layouts(&mut self) {
        let runs = [&self.session.run, &self.session.partner];
        for (run, layout) in runs.into_iter().zip(&mut self.layouts) {
            let Some((run, meta)) = run.as_ref().and_then(|r| Some((r, r.meta.as_ref()?))) else {
                continue;
            };
            // a picture drawn as blocks follows the pod opened or closed
            let stale = |(id, l): &(u32, Layout)| {
                *id != run.id
                    || (l.open.is_some() || !l.blocks.is_empty())
                        && l.open.map(|o| o.0) != self.open_pod
            };
            if layout.as_ref().is_none_or(stale) {
                *layout = Some((run.id, Layout::of(&meta.network, self.open_pod)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::fake_worker::{finished_page, small};
    use crate::sim::netmap::Role;

    /// A page whose finished run's picture is laid out, `W` × `W` CSS px.
    fn laid_out() -> Page {
        let mut page = finished_page(small());
        page.refresh_layouts();
        page
    }

    const W: f64 = 800.0;

    fn click(page: &mut Page, at: (f64, f64)) -> Vec<Effect> {
        let action = super::super::actions::Action::PictureClick {
            x: at.0 * W,
            y: at.1 * W,
            w: W,
            h: W,
        };
        page.reduce(action)
    }

    #[test]
    fn a_host_highlights_a_flow_of_its_own() {
        let mut page = laid_out();
        let (_, layout) = page.layouts[0].clone().unwrap();
        let flows = page
            .session
            .run
            .as_ref()
            .unwrap()
            .meta
            .as_ref()
            .unwrap()
            .flows
            .clone();
        let host = layout
            .nodes
            .iter()
            .find(|n| matches!(n.role, Role::Host(_)))
            .unwrap();
        let effects = click(&mut page, host.at);
        let f = page.highlight.expect("a flow is highlighted");
        assert!(host.hosts.contains(&flows[f].0));
        // the charts follow it, and so does the decision view: its decisions are asked for
        let asked = vec![crate::protocol::ToWorker::Trace {
            id: 3,
            scenario: Box::new(page.session.run.as_ref().unwrap().scenario.clone()),
            flow: f as u32,
        }];
        assert_eq!(
            effects,
            vec![Effect::Redraw(Trigger::Cursor), Effect::Worker(asked)]
        );
    }

    #[test]
    fn a_link_is_chosen_named_and_forgotten_when_clicked_again() {
        let mut page = laid_out();
        let (_, layout) = page.layouts[0].clone().unwrap();
        let link = &layout.links[layout.links.len() / 2];
        let mid = ((link.a.0 + link.b.0) / 2.0, (link.a.1 + link.b.1) / 2.0);
        click(&mut page, mid);
        assert_eq!(page.chosen.len(), 1);
        assert!(link.ports.contains(&(page.chosen[0] as u32)));
        assert!(!page.events.link.is_empty(), "the events panel names it");
        click(&mut page, mid);
        assert!(page.chosen.is_empty());
        // nowhere near anything: nothing changes
        assert_eq!(click(&mut page, (-1.0, -1.0)), vec![]);
    }

    /// At k = 18 (18 pods) the pictures draw pods as blocks: a click on one opens it, the
    /// label at the top left goes back, and a host of the open pod highlights its flow.
    #[test]
    fn a_block_opens_its_pod_and_the_label_goes_back_to_all_pods() {
        let mut s = small();
        (s.topology.k, s.workload.elephants) = (18, 0);
        s.workload.flow_size_bytes = 4096;
        let mut page = finished_page(s);
        page.refresh_layouts();
        let blocks = page.layouts[0].as_ref().unwrap().1.blocks.clone();
        assert_eq!(blocks.len(), 18);
        let b = &blocks[3];
        let effects = click(
            &mut page,
            ((b.lo.0 + b.hi.0) / 2.0, (b.lo.1 + b.hi.1) / 2.0),
        );
        assert_eq!(effects, vec![Effect::Redraw(Trigger::Cursor)]);
        assert_eq!(page.open_pod, Some(3));
        let (_, open) = page.layouts[0].clone().unwrap();
        assert_eq!(open.open, Some((3, 18)));
        let host = open
            .nodes
            .iter()
            .find(|n| matches!(n.role, Role::Host(_)))
            .unwrap();
        click(&mut page, host.at);
        assert!(
            page.highlight.is_some(),
            "a host of the open pod highlights a flow"
        );
        let back = super::super::layout::BACK;
        click(&mut page, (back.0 .0 + 0.01, back.0 .1 + 0.01));
        assert_eq!(page.open_pod, None);
        assert_eq!(page.layouts[0].as_ref().unwrap().1.blocks.len(), 18);
    }
}
