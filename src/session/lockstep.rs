//! Two runs side by side in lockstep: "compare with …" runs a second scenario (another CCA,
//! another LB) after the main one, keeps its whole timeline like the main run's, and one
//! playback cursor drives both. The worker runs one thing at a time, so the partner waits for
//! the main run to finish; a new main run drops the pair.

use super::*;

impl Session {
    /// Runs `scenario` as the main run's partner: at once if the main run is over, else as
    /// soon as it finishes.
    pub fn start_partner(&mut self, scenario: Scenario) -> Vec<ToWorker> {
        // the worker drops a series' run for the partner's
        self.theory.stop(Phase::Cancelled);
        self.compare.stop(Phase::Cancelled);
        self.partner = None;
        if self.running() || self.pending.is_some() || !self.worker_ready {
            self.partner_pending = Some(Box::new(scenario));
            self.partner_phase = Some(Phase::Idle);
            return Vec::new();
        }
        self.run_partner(scenario)
    }

    /// The main run of `a` with `b` as its partner.
    pub fn start_pair(&mut self, a: Scenario, b: Scenario) -> Vec<ToWorker> {
        let out = self.start(a);
        self.partner_pending = Some(Box::new(b));
        self.partner_phase = Some(Phase::Idle);
        out
    }

    pub(super) fn run_partner(&mut self, scenario: Scenario) -> Vec<ToWorker> {
        let id = self.take_id();
        self.partner = Some(RunData::new(id, scenario.clone()));
        self.partner_phase = Some(Phase::Running);
        vec![ToWorker::Run {
            id,
            scenario: Box::new(scenario),
        }]
    }

    /// The partner's scenario, running, done or waiting for the main run.
    pub fn partner_scenario(&self) -> Option<&Scenario> {
        match (&self.partner, &self.partner_pending) {
            (Some(p), _) => Some(&p.scenario),
            (None, pending) => pending.as_deref(),
        }
    }

    /// The partner run is streaming, or waits for the main run.
    pub fn partner_busy(&self) -> bool {
        matches!(self.partner_phase, Some(Phase::Running | Phase::Idle))
    }

    /// Drops the partner (a new main run, or "close").
    pub fn drop_partner(&mut self) -> Vec<ToWorker> {
        let out = match (&self.partner, self.partner_phase == Some(Phase::Running)) {
            (Some(p), true) => vec![ToWorker::Cancel { id: p.id }],
            _ => Vec::new(),
        };
        self.partner = None;
        self.partner_pending = None;
        self.partner_phase = None;
        out
    }
}

/// A run's short name: its CCA over its LB scheme (`mswift over ops`).
pub fn name(s: &Scenario) -> String {
    format!(
        "{} over {}",
        crate::scenario::CcaName::of_config(s.cca.algorithm, s.cca.percentile),
        s.lb.scheme
    )
}

impl Session {
    /// The finished runs as the comparison charts draw them, each with its legend name.
    pub fn compared(&self) -> Vec<crate::figures::Compared<'_>> {
        let all: Vec<(u32, &Scenario)> = self.past.iter().map(|r| (r.id, &r.scenario)).collect();
        self.past
            .iter()
            .map(|r| crate::figures::Compared {
                run: r.view(),
                label: compare_label(r.id, &r.scenario, &all),
            })
            .collect()
    }
}

/// A compared run's legend name among `runs` (id and scenario, the run itself included): "#3
/// mswift"; "#3 mswift over reps" when the runs do not all share an LB scheme; and what sets
/// it apart from the first run of its CCA and scheme ("#4 mswift over ops, elephants=8").
pub fn compare_label(id: u32, s: &Scenario, runs: &[(u32, &Scenario)]) -> String {
    let own = name(s);
    let first = runs
        .iter()
        .find(|(_, o)| name(o) == own)
        .filter(|(other, _)| *other != id);
    let schemes_differ = runs.iter().any(|(_, o)| o.lb.scheme != s.lb.scheme);
    let label = match (first, schemes_differ) {
        (Some((_, o)), _) => titles(o, s).1,
        (None, true) => own,
        (None, false) => {
            crate::scenario::CcaName::of_config(s.cca.algorithm, s.cca.percentile).to_string()
        }
    };
    format!("#{id} {label}")
}

/// The titles over the two stages: each run's [`name`], and when the partner keeps both the
/// CCA and the LB scheme, what it changes, as a link writes it (`mswift over ops, elephants=8`).
pub fn titles(a: &Scenario, b: &Scenario) -> (String, String) {
    let (na, nb) = (name(a), name(b));
    if na != nb {
        return (na, nb);
    }
    let parts = |s: &Scenario| {
        crate::share::to_fragment(s, false)
            .split('&')
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let (pa, pb) = (parts(a), parts(b));
    let key = |p: &str| p.split('=').next().unwrap_or_default().to_string();
    let mut changed: Vec<String> = pb.iter().filter(|p| !pa.contains(p)).cloned().collect();
    // a field the partner sets back to its default leaves the partner's link
    changed.extend(
        pa.iter()
            .filter(|p| !pb.iter().any(|q| key(q) == key(p)))
            .map(|p| format!("{} as by default", key(p))),
    );
    match changed.is_empty() {
        true => (na, format!("{nb}, the same scenario")),
        false => (na, format!("{nb}, {}", changed.join(", "))),
    }
}

/// The difference between two runs at the cursor, in words: each one's mean window there, its
/// drops and losses, and its CCT (once both are known). Each run is named by its stage's title,
/// so runs of one CCA and LB scheme are told apart by the field the partner changes.
pub fn difference(a: &RunData, b: &RunData, cursor_us: f64) -> String {
    let (ta, tb) = titles(&a.scenario, &b.scenario);
    let name = |r: &RunData| match std::ptr::eq(r, a) {
        true => ta.clone(),
        false => tb.clone(),
    };
    let cwnd = |r: &RunData| {
        r.summary
            .iter()
            .take_while(|s| s.time_us <= cursor_us)
            .last()
            .map(|s| s.cwnd_mean)
    };
    let mut parts = vec![match (cwnd(a), cwnd(b)) {
        (Some(x), Some(y)) => format!(
            "at {cursor_us:.1} µs the sprayed flows' mean window is {x:.1} packets with {} and {y:.1} with {}",
            name(a),
            name(b)
        ),
        _ => format!("{} against {}", name(a), name(b)),
    }];
    if let (Some(ra), Some(rb)) = (&a.report, &b.report) {
        let lost = |r: &crate::Report| r.counters.drops + r.counters.link_losses;
        parts.push(format!(
            "packets dropped or lost: {} against {}",
            lost(ra),
            lost(rb)
        ));
        if let (Some(x), Some(y)) = (ra.cct_us, rb.cct_us) {
            let (slow, fast, ratio) = match x >= y {
                true => (name(a), name(b), x / y),
                false => (name(b), name(a), y / x),
            };
            parts.push(format!(
                "CCT {x:.1} µs against {y:.1} µs: {slow} takes {ratio:.2}× as long as {fast}"
            ));
        }
    }
    let mut text = parts.join("; ");
    text.push('.');
    text[..1].to_uppercase() + &text[1..]
}
