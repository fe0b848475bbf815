//! The scenario form and the events panel: a field set (or refused, naming it), a preset, Run,
//! a scenario file or an htsim traffic matrix opened, a network event added at the cursor.

use super::actions::{EventAction, FormAction};
use super::edits;
use super::effects::Effect;
use super::page::Page;
use crate::scenario::topo_file::MAX_TOPO_BYTES;
use crate::scenario::traffic::MAX_MATRIX_BYTES;
use crate::scenario::Scenario;
use crate::scenario::{escape_controls, registry};

impl Page {
    pub(super) fn on_form(&mut self, action: FormAction) -> Vec<Effect> {
        match action {
            FormAction::Field(name, value) => self.set_field(name, &value),
            FormAction::FieldAndRun(name, value) => {
                let mut out = self.set_field(name, &value);
                if self.refused.is_none() {
                    out.extend(self.start_main(self.scenario.clone()));
                }
                out
            }
            FormAction::Preset(name) => match Scenario::preset(&name) {
                Some(mut preset) => {
                    preset.seed = self.scenario.seed;
                    self.scenario = preset;
                    self.refused = None;
                    vec![Effect::WriteAddress]
                }
                None => Vec::new(),
            },
            FormAction::Run => {
                // focus goes back to Run after a run that Run started, not one a link started
                let effects = self.start_main(self.scenario.clone());
                self.run_pressed = true;
                effects
            }
            FormAction::Cancel => vec![Effect::Worker(self.session.cancel())],
            FormAction::Open(name, text) => self.open_file(&name, &text),
            FormAction::CopyAddress => vec![Effect::Copy {
                what: "link",
                text: self.share_url(true),
            }],
        }
    }

    /// Applies a form field by its short name; refused (with the reason kept), nothing changes.
    pub(super) fn set_field(&mut self, name: &str, value: &str) -> Vec<Effect> {
        let mut next = self.scenario.clone();
        // a workload starts from its preset (the n-path model has no elephants, sprays round
        // robin; a collective has none either), keeping the CCA settings and the seed
        if name == registry::WORKLOAD_KIND.key() {
            use crate::scenario::WorkloadKind as W;
            let preset = match W::parse(value) {
                Some(W::Permutation) | None => Scenario::preset("baseline"),
                Some(kind) => Scenario::preset(kind.name()),
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
            .and_then(|_| next.check_web_size());
        match checked {
            Ok(()) => {
                self.scenario = next;
                self.refused = None;
                self.notice = None;
                vec![Effect::WriteAddress]
            }
            Err(e) => {
                self.refused = Some(e);
                Vec::new()
            }
        }
    }

    /// Starts the main run of `scenario` (a new run drops the lockstep pair).
    pub(super) fn start_main(&mut self, scenario: Scenario) -> Vec<Effect> {
        self.notice = None;
        let msgs = self.session.start(scenario);
        self.highlight = None;
        self.chosen.clear();
        vec![Effect::Worker(msgs), Effect::RedrawAll]
    }

    /// A scenario file opened (or dropped) on the page, `name` and its text: TOML, or JSON (a
    /// scenario as `spraylab scenario` writes it, or the page's report export, whose
    /// `scenario` it takes), an htsim traffic matrix (`.cm`, whose flows replace the form's
    /// workload) or an htsim topology file (`.topo`, whose fabric replaces the form's). A good one replaces the form's scenario and the address bar; a bad one leaves
    /// the form as it is and says why in one line, naming the field (or the line).
    pub(super) fn open_file(&mut self, name: &str, text: &str) -> Vec<Effect> {
        match read_scenario_file(name, text, &self.scenario) {
            Ok((s, said)) => {
                if s.workload.connections.is_empty() {
                    self.flows_file = None;
                } else if s.workload.connections != self.scenario.workload.connections {
                    self.flows_file = Some(name.to_string());
                }
                self.scenario = s;
                self.refused = None;
                self.highlight = None;
                self.chosen.clear();
                let mut notice = format!("opened {}", escape_controls(name));
                if let Some((what, notes)) = said.split_first() {
                    notice.push_str(&format!(": {what}"));
                    if !notes.is_empty() {
                        notice.push_str(&format!(" ({})", notes.join("; ")));
                    }
                }
                if crate::share::carried(&self.scenario, self.flows_file.as_deref())
                    .1
                    .is_some()
                {
                    notice.push_str(
                        "; they are more than a link holds, so the address names the file instead",
                    );
                }
                self.notice = Some(notice);
                vec![Effect::WriteAddress, Effect::RedrawAll]
            }
            Err(e) => {
                self.notice = Some(format!(
                    "{} was refused ({e}); the form is unchanged",
                    escape_controls(name)
                ));
                Vec::new()
            }
        }
    }

    pub(super) fn on_events(&mut self, action: EventAction) -> Vec<Effect> {
        match action {
            EventAction::Link(text) => {
                self.events.link = text.trim().to_string();
                self.events.refused = None;
            }
            EventAction::Gbps(text) => {
                self.events.gbps = text.trim().to_string();
                self.events.refused = None;
            }
            EventAction::Apply(edit) => {
                let at = self.session.cursor_us();
                match edits::add(&self.scenario, edit, &self.events.link, at) {
                    Ok(s) => return self.rerun_with(s),
                    Err(e) => self.events.refused = Some(e.to_string()),
                }
            }
            EventAction::Remove(i) => return self.rerun_with(edits::remove(&self.scenario, i)),
        }
        Vec::new()
    }

    /// The form's scenario becomes `s`, in the address bar, and runs from time zero.
    pub(super) fn rerun_with(&mut self, s: Scenario) -> Vec<Effect> {
        self.scenario = s;
        self.refused = None;
        self.events.refused = None;
        let mut out = vec![Effect::WriteAddress];
        out.extend(self.start_main(self.scenario.clone()));
        out
    }
}

/// The largest scenario file (TOML, JSON) the page reads; a traffic matrix may have
/// [`MAX_MATRIX_BYTES`], a topology file [`MAX_TOPO_BYTES`].
pub const MAX_SCENARIO_FILE: usize = 256 * 1024;

/// The largest file of any kind the page reads: the file picker's limit.
pub const MAX_FILE: usize = max(MAX_SCENARIO_FILE, max(MAX_MATRIX_BYTES, MAX_TOPO_BYTES));

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// A scenario file's scenario, checked as a link's is (ranges, and what a tab can run); an
/// htsim traffic matrix (`.cm`) puts its flows in the form's scenario `form`, an htsim topology
/// file (`.topo`) its fabric. Returns the scenario and, for an htsim file, what it changed
/// followed by what its reader says of keys it read differently from htsim.
fn read_scenario_file(
    name: &str,
    text: &str,
    form: &Scenario,
) -> Result<(Scenario, Vec<String>), String> {
    let lower = name.to_ascii_lowercase();
    let (limit, what) = if lower.ends_with(".cm") {
        (MAX_MATRIX_BYTES, "a traffic matrix")
    } else if lower.ends_with(".topo") {
        (MAX_TOPO_BYTES, "a topology file")
    } else {
        (MAX_SCENARIO_FILE, "a scenario file")
    };
    if text.len() > limit {
        return Err(format!(
            "{} bytes, more than the {limit} {what} may have",
            text.len()
        ));
    }
    let parsed = if lower.ends_with(".json") {
        Scenario::from_json(text).or_else(|e| {
            // the page's report export holds the scenario under "scenario"
            let doc: serde_json::Value = serde_json::from_str(text).map_err(|_| e.clone())?;
            match doc.get("scenario") {
                Some(inner) => Scenario::from_json(&inner.to_string()),
                None => Err(e),
            }
        })
    } else if lower.ends_with(".toml") {
        Scenario::from_toml(text)
    } else if lower.ends_with(".cm") {
        return read_matrix_file(text, form);
    } else if lower.ends_with(".topo") {
        return read_topology_file(text, form);
    } else {
        return Err(
            "a scenario file ends in .toml or .json, a traffic matrix in .cm, a topology in .topo"
                .into(),
        );
    };
    let s = parsed.map_err(|e| e.to_string())?;
    if s.workload.traffic.is_some() {
        return Err(format!(
            "{}: the page opens the .cm file itself (Open, or drop it on the form)",
            registry::WORKLOAD_TRAFFIC.path
        ));
    }
    Ok((checked(s)?, Vec::new()))
}

/// An htsim connection matrix read as the command line reads it (`--traffic`): its flows
/// replace the workload's in the form's scenario, on the form's fat-tree. It must fit a link,
/// which carries the flows.
fn read_matrix_file(text: &str, form: &Scenario) -> Result<(Scenario, Vec<String>), String> {
    let m = crate::scenario::traffic::parse_matrix(text)?;
    let mut s = form.clone();
    if m.nodes > s.hosts() {
        return Err(format!(
            "written for 'Nodes {}', more than the form's {} hosts (fat-tree k sets them: k³/4 hosts)",
            m.nodes,
            s.hosts()
        ));
    }
    s.workload.connections = m.connections;
    s.workload.triggers = m.triggers;
    let s = checked(s)?;
    let replaced = format!(
        "its {} flows replace the workload's",
        s.workload.connections.len()
    );
    Ok((s, std::iter::once(replaced).chain(m.notes).collect()))
}

/// An htsim topology file read as the command line reads it (`--topology`): its fabric (k,
/// tiers, oversubscription, pods, link rate and latency) replaces the form's, the workload kept.
fn read_topology_file(text: &str, form: &Scenario) -> Result<(Scenario, Vec<String>), String> {
    use crate::scenario::topo_file::{parse_topo, MAX_TOPO_BYTES};
    if text.len() > MAX_TOPO_BYTES {
        return Err(format!(
            "{} bytes, more than the {MAX_TOPO_BYTES} a topology file may have",
            text.len()
        ));
    }
    let mut s = form.clone();
    parse_topo(text)?.apply(&mut s.topology);
    let s = checked(s)?;
    let fabric = format!("the fabric is {}", s.topology.fabric().describe());
    Ok((s, vec![fabric]))
}

/// A scenario checked as a link's is: its ranges, and what a tab can run.
fn checked(s: Scenario) -> Result<Scenario, String> {
    s.validate().map_err(|e| e.to_string())?;
    s.check_web_size().map_err(|e| e.to_string())?;
    Ok(s)
}
