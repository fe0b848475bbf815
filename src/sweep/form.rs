//! The page's sweep form as plain data: what the user has chosen so far, turned into a
//! [`Sweep`] on demand, and filled back from a
//! sweep a link carried.

use super::{Plan, Sweep, Vary, DEFAULT_SEEDS};
use crate::repro::FOUR;
use crate::scenario::{CcaKind, CcaName, LbScheme};

/// The CCAs a what-if offers, in the page's order.
pub fn ccas() -> impl Iterator<Item = CcaName> {
    CcaKind::ALL.iter().map(|&k| CcaName::of(k))
}

/// The seeds per cell the page offers.
pub const SEED_CHOICES: &[u32] = &[1, 2, 3, 5, 10, 20];

/// What the sweep form holds.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepForm {
    pub seeds: u32,
    pub ccas: Vec<CcaName>,
    pub lbs: Vec<LbScheme>,
    /// The varied field's key (see [`super::params`]), a dotted path, or empty for none.
    pub vary: String,
    /// The values, comma-separated, as typed.
    pub values: String,
    /// Draw the chart's y axis on a log scale.
    pub log: bool,
}

impl Default for SweepForm {
    /// The paper's four CCAs under OPS, over 0 to 16 elephants: the collapse growing with the
    /// congested paths, and the median holding.
    fn default() -> SweepForm {
        SweepForm {
            seeds: DEFAULT_SEEDS,
            ccas: FOUR.to_vec(),
            lbs: vec![LbScheme::Ops],
            vary: "elephants".to_string(),
            values: "0,2,4,8,16".to_string(),
            log: false,
        }
    }
}

impl SweepForm {
    /// The what-if this form describes; its values are checked against the scenario by
    /// [`Sweep::jobs`].
    pub fn what_if(&self) -> Sweep {
        let vary = match self.vary.trim() {
            "" => None,
            field => Some(Vary {
                field: field.to_string(),
                values: self
                    .values
                    .split(',')
                    .map(|v| v.trim().to_string())
                    .filter(|v| !v.is_empty())
                    .collect(),
            }),
        };
        Sweep {
            plan: Plan::WhatIf {
                // in the page's order, whatever the order of the clicks
                ccas: ccas()
                    .filter(|c| self.ccas.contains(c))
                    .chain(
                        self.ccas
                            .iter()
                            .copied()
                            .filter(|c| !ccas().any(|d| d == *c)),
                    )
                    .collect(),
                lbs: LbScheme::ALL
                    .iter()
                    .copied()
                    .filter(|l| self.lbs.contains(l))
                    .collect(),
                vary,
            },
            seeds: self.seeds,
        }
    }

    /// Turns a CCA or LB scheme on or off.
    pub fn toggle_cca(&mut self, cca: CcaName, on: bool) {
        self.ccas.retain(|c| *c != cca);
        if on {
            self.ccas.push(cca);
        }
    }

    pub fn toggle_lb(&mut self, lb: LbScheme, on: bool) {
        self.lbs.retain(|l| *l != lb);
        if on {
            self.lbs.push(lb);
        }
    }

    /// The form showing `sweep` (a figure changes only the seeds).
    pub fn show(&mut self, sweep: &Sweep) {
        self.seeds = sweep.seeds;
        if let Plan::WhatIf { ccas, lbs, vary } = &sweep.plan {
            self.ccas = ccas.clone();
            self.lbs = lbs.clone();
            match vary {
                Some(v) => {
                    self.vary = v.field.clone();
                    self.values = v.values.join(",");
                }
                None => self.vary.clear(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_makes_the_what_if_it_shows_and_shows_the_one_it_makes() {
        let mut f = SweepForm::default();
        let s = f.what_if();
        assert_eq!(s.runs(), 4 * 5 * DEFAULT_SEEDS as usize);
        f.toggle_cca(CcaName::SWIFT, true);
        f.toggle_cca(CcaName::NSCC, false);
        f.toggle_lb(LbScheme::Reps, true);
        f.values = " 0, 4 ,,16".into();
        let s = f.what_if();
        let Plan::WhatIf { ccas, lbs, vary } = &s.plan else {
            panic!("{s:?}")
        };
        assert_eq!(
            ccas,
            &[
                CcaName::SWIFT,
                CcaName::LSWIFT,
                CcaName::MSWIFT,
                CcaName::MNSCC
            ]
        );
        assert_eq!(lbs, &[LbScheme::Ops, LbScheme::Reps]);
        assert_eq!(vary.as_ref().unwrap().values, ["0", "4", "16"]);
        let mut g = SweepForm {
            vary: String::new(),
            ..SweepForm::default()
        };
        g.show(&s);
        assert_eq!(g.what_if(), s);
        f.vary.clear();
        assert!(matches!(f.what_if().plan, Plan::WhatIf { vary: None, .. }));
    }
}
