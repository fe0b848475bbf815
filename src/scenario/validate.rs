//! [`Scenario::validate`]: every field against what it allows, naming the field and the range
//! in the error, so that nothing out of range reaches the simulator. It is two loops over the
//! field registry ([`super::registry::FIELDS`]). The first checks each field on its own,
//! against its fixed range or the rule its entry names that reads that field alone. The second
//! checks the ranges that other fields set (the ECN thresholds within the buffer, the elephants
//! within the hosts), by the rules the entries name (`registry/rules.rs`), with the numbers of
//! the scenario at hand.
//!
//! The order is what makes validation total: a cross-field rule divides by, subtracts from and
//! indexes with other fields, and it only runs once every field is within its own range, so
//! that the MSS it divides by is at least 64 and the hosts it subtracts from at least 16,
//! whatever order the fields come in. The timed events are checked last (`timed.rs`).

use super::*;

impl Scenario {
    /// Checks every field against its own range, then against the ranges other fields set,
    /// each in the order of a scenario file; the first field out of range is the error.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        for f in registry::FIELDS {
            f.check(self)?;
        }
        for f in registry::FIELDS {
            f.check_across(self)?;
        }
        self.validate_events()
    }
}
