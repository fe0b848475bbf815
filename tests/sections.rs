//! Every section reference is right: a `§` followed by a Roman numeral names a section of the
//! paper (spraylab::claims::paper::SECTIONS), an appendix its one appendix, and a `§` followed
//! by digits a numbered heading of the document it points at (ALGORITHMS.md unless the text
//! names REPRODUCTION.md, or is REPRODUCTION.md and the heading is its own). Reads src/, docs/,
//! tests/, e2e/, examples/, static/, README.md and REPRODUCTION.md.

use spraylab::claims::paper::section;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if p.is_dir() {
            if name != "node_modules" && name != "regressions" {
                files(&p, out);
            }
        } else if ["rs", "md", "mjs", "js", "html", "css", "sh", "toml"]
            .iter()
            .any(|x| name.ends_with(&format!(".{x}")))
        {
            out.push(p);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The numbers of a markdown document's numbered headings ("5", "5.2").
fn headings(doc: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(doc)).expect(doc);
    text.lines()
        .filter(|l| l.starts_with("##"))
        .filter_map(|l| {
            let n: String = l
                .trim_start_matches('#')
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let n = n.trim_end_matches('.').to_string();
            (!n.is_empty()).then_some(n)
        })
        .collect()
}

/// The reference after a `§` (and spaces): a Roman numeral with an optional "-X", or digits
/// with dots.
fn reference(after: &str) -> String {
    let after = after.trim_start();
    let roman: String = after.chars().take_while(|c| "IVX".contains(*c)).collect();
    if !roman.is_empty() {
        let rest = &after[roman.len()..];
        let mut c = rest.chars();
        if let (Some('-'), Some(l)) = (c.next(), c.next()) {
            if l.is_ascii_uppercase() {
                return format!("{roman}-{l}");
            }
        }
        return roman;
    }
    let n: String = after
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    n.trim_end_matches('.').to_string()
}

#[test]
fn every_section_reference_names_a_section_that_exists() {
    let mut all = Vec::new();
    for dir in ["src", "docs", "tests", "e2e", "examples", "static"] {
        files(&root().join(dir), &mut all);
    }
    all.push(root().join("README.md"));
    all.push(root().join("REPRODUCTION.md"));
    let algorithms = headings("docs/ALGORITHMS.md");
    let reproduction = headings("REPRODUCTION.md");
    let (mut paper, mut ours, mut wrong) = (0, 0, Vec::new());
    for path in &all {
        let text = std::fs::read_to_string(path).expect("a readable file");
        let name = path.strip_prefix(root()).unwrap().display().to_string();
        for (i, line) in text.lines().enumerate() {
            let at = |what: &str| format!("{name}:{}: {what} in {:?}", i + 1, line.trim());
            for (pos, _) in line.match_indices('§') {
                let r = reference(&line[pos + '§'.len_utf8()..]);
                if r.is_empty() || r == "N" {
                    continue;
                }
                if r.starts_with(|c: char| c.is_ascii_digit()) {
                    ours += 1;
                    let before = &line[..pos];
                    let doc = if before.ends_with("REPRODUCTION.md ")
                        || (name == "REPRODUCTION.md" && !before.ends_with("ALGORITHMS.md "))
                    {
                        &reproduction
                    } else {
                        &algorithms
                    };
                    // REPRODUCTION.md's own text also cites ALGORITHMS.md's sections by number
                    let found =
                        doc.contains(&r) || (name == "REPRODUCTION.md" && algorithms.contains(&r));
                    if !found {
                        wrong.push(at(&format!("§{r} is no heading")));
                    }
                } else {
                    paper += 1;
                    if section(&r).is_none() {
                        wrong.push(at(&format!("§{r} is no section of the paper")));
                    }
                }
            }
            for (pos, _) in line.match_indices("Appendix ") {
                let l = line[pos + 9..].chars().next().unwrap_or(' ');
                if l.is_ascii_uppercase() && section(&format!("Appendix {l}")).is_none() {
                    wrong.push(at(&format!("Appendix {l} is no appendix of the paper")));
                }
            }
        }
    }
    // the walk found the references: the claims alone cite the paper some 20 times
    assert!(
        paper >= 50 && ours >= 50,
        "{paper} references to the paper and {ours} to the docs found"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
