//! The layers of the library hold: each imports only what is below it. A scenario knows nothing
//! of the simulator that runs it; the simulator nothing of the page, the session or the shared links;
//! the shared-link layer (`src/share.rs`) nothing of the page's session; the figures nothing of
//! the page or its session. Read from the sources: a `crate::`
//! path to a forbidden module, outside a test, fails with the file and the line.

use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`, or `dir` itself when it is a file.
fn sources(dir: &Path) -> Vec<PathBuf> {
    if dir.is_file() {
        return vec![dir.to_path_buf()];
    }
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The lines of `path` before its tests (a `tests.rs` file is all tests).
fn code_lines(path: &Path) -> Vec<(usize, String)> {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return Vec::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect()
}

/// The places under `layer` (a folder or file of `src/`) that name one of `forbidden`.
fn breaches(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(layer);
    let files = sources(&root);
    assert!(!files.is_empty(), "no sources under {}", root.display());
    let mut out = Vec::new();
    for file in files {
        for (n, line) in code_lines(&file) {
            for module in forbidden {
                if line.contains(&format!("crate::{module}")) {
                    out.push(format!("{}:{n}: {}", file.display(), line.trim()));
                }
            }
        }
    }
    out
}

#[test]
fn the_scenario_layer_imports_nothing_above_it() {
    let above = [
        "sim", "session", "web", "share", "sweep", "protocol", "repro", "claims", "figures",
        "model",
    ];
    assert_eq!(breaches("scenario", &above), Vec::<String>::new());
}

#[test]
fn the_simulator_imports_nothing_of_the_page_the_session_or_the_links() {
    let above = [
        "session", "web", "share", "sweep", "protocol", "repro", "claims", "figures",
    ];
    assert_eq!(breaches("sim", &above), Vec::<String>::new());
}

#[test]
fn the_shared_link_layer_imports_nothing_of_the_page_s_session() {
    assert_eq!(
        breaches("share.rs", &["session", "web"]),
        Vec::<String>::new()
    );
}

#[test]
fn the_figures_import_nothing_of_the_page_or_its_session() {
    // a figure takes plain data (src/figures/data.rs); the session builds it from its state
    assert_eq!(
        breaches("figures", &["session", "web"]),
        Vec::<String>::new()
    );
}

#[test]
fn a_breach_is_found() {
    // the session names the shared-link layer, so a rule forbidding it must fail there
    assert!(!breaches("session", &["share"]).is_empty());
}

/// The dotted paths the field registry declares (`field("topology.k", ...)`).
fn registry_paths() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/scenario/registry/mod.rs");
    let text = std::fs::read_to_string(path).unwrap();
    text.split("field(")
        .skip(1)
        .filter_map(|rest| {
            let rest = rest.trim_start().strip_prefix('"')?;
            let path = &rest[..rest.find('"')?];
            path.contains('.').then(|| path.to_string())
        })
        .collect()
}

#[test]
fn no_field_path_is_typed_as_a_string_outside_the_registry() {
    let paths = registry_paths();
    assert!(
        paths.len() > 40,
        "the registry's paths were not found: {paths:?}"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut typed = Vec::new();
    for file in sources(&root) {
        if file.ends_with("scenario/registry/mod.rs") {
            continue;
        }
        for (n, line) in code_lines(&file) {
            // comments and doc examples may quote a path, as a user reads it
            if line.trim_start().starts_with("//") {
                continue;
            }
            for p in &paths {
                if line.contains(&format!("\"{p}\"")) {
                    typed.push(format!("{}:{n}: {}", file.display(), line.trim()));
                }
            }
        }
    }
    assert_eq!(typed, Vec::<String>::new());
}
