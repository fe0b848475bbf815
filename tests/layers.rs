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

/// A source file as a module: its crate (`lib` or the `spraylab` binary) and its path in it
/// (`["session", "page"]` for src/session/page.rs; a `mod.rs`, `lib.rs` or `main.rs` is its
/// folder's module).
type Module = (&'static str, Vec<String>);

/// Every source file of the library and the binary, by module.
fn modules() -> std::collections::BTreeMap<Module, PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let bin = src.join("bin/spraylab");
    let mut out = std::collections::BTreeMap::new();
    for file in sources(&src) {
        let (krate, root) = match file.starts_with(&bin) {
            true => ("bin", &bin),
            false => ("lib", &src),
        };
        let rel = file.strip_prefix(root).unwrap().with_extension("");
        let mut path: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into()).collect();
        if matches!(
            path.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            path.pop();
        }
        out.insert((krate, path), file);
    }
    out
}

/// A `use` tree's paths, braces expanded: `a::{b, c::{d, e}}` is `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.to_string()];
    };
    let (prefix, body) = (
        &tree[..open],
        &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())],
    );
    let (mut parts, mut depth, mut part) = (Vec::new(), 0, String::new());
    for ch in body.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if ch == ',' && depth == 0 {
            parts.push(std::mem::take(&mut part));
        } else {
            part.push(ch);
        }
    }
    parts.push(part);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p))
        .map(|p| format!("{prefix}{p}"))
        .collect()
}

/// The module a path from module `here` names (the longest prefix that is a source file).
fn resolve(
    all: &std::collections::BTreeMap<Module, PathBuf>,
    (krate, here): &Module,
    path: &str,
) -> Option<Module> {
    let path = path.split(" as ").next()?.replace(char::is_whitespace, "");
    let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let (krate, mut at): (&'static str, Vec<String>) = match *segs.first()? {
        "crate" => (krate, Vec::new()),
        "spraylab" => ("lib", Vec::new()),
        "self" => (krate, here.clone()),
        "super" => {
            let mut at = here.clone();
            while segs.first() == Some(&"super") {
                at.pop();
                segs.remove(0);
            }
            segs.insert(0, "self");
            (krate, at)
        }
        child => {
            // a path from a child module, as a `mod.rs` names its own children
            let mut at = here.clone();
            at.push(child.to_string());
            if !all.contains_key(&(krate, at)) {
                return None;
            }
            segs.insert(0, "self");
            (krate, here.clone())
        }
    };
    for seg in segs.iter().skip(1) {
        let mut next = at.clone();
        next.push(seg.to_string());
        if !all.contains_key(&(krate, next.clone())) {
            break;
        }
        at = next;
    }
    Some((krate, at))
}

/// The tree of a line that starts a `use` declaration (`use a::b`, `pub(crate) use a::{b, c}`).
fn use_tree(line: &str) -> Option<&str> {
    let rest = match line.strip_prefix("pub") {
        Some(r) if r.starts_with('(') => &r[r.find(')')? + 1..],
        Some(r) => r,
        None => line,
    };
    rest.trim_start().strip_prefix("use ")
}

/// Which modules each module imports (`use` trees and paths written out in its code, outside
/// its tests and comments). A module and its parent or child naming each other is not counted:
/// a folder's `mod.rs` and its files are one unit.
fn imports() -> std::collections::BTreeMap<Module, std::collections::BTreeSet<Module>> {
    let all = modules();
    let mut out = std::collections::BTreeMap::new();
    for (module, file) in &all {
        let code: String = code_lines(file)
            .into_iter()
            .map(|(_, l)| l.split("//").next().unwrap_or_default().to_string() + "\n")
            .collect();
        let mut paths = Vec::new();
        for stmt in code.split(';') {
            // a `use` (or `pub use`, `pub(crate) use`) starts a line of the statement
            let mut lines = stmt.lines().map(str::trim_start);
            let tree = lines.by_ref().find_map(use_tree);
            if let Some(first) = tree {
                let rest: Vec<&str> = lines.collect();
                paths.extend(expand(&format!("{first} {}", rest.join(" "))));
            }
        }
        for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
            if ["crate::", "super::", "spraylab::"]
                .iter()
                .any(|p| word.starts_with(p))
            {
                paths.push(word.to_string());
            }
        }
        let (krate, here) = module;
        let targets = paths
            .iter()
            .filter_map(|p| resolve(&all, module, p))
            .filter(|(k, t)| {
                let family = *k == *krate
                    && (here.starts_with(t) && t.len() + 1 == here.len()
                        || t.starts_with(here) && t.len() == here.len() + 1);
                !family && (k, t) != (krate, here)
            })
            .collect();
        out.insert(module.clone(), targets);
    }
    out
}

/// The import circles among `graph`'s modules: its strongly connected components of more than
/// one module (Tarjan's algorithm), each as its modules' paths.
fn circles(
    graph: &std::collections::BTreeMap<Module, std::collections::BTreeSet<Module>>,
) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a std::collections::BTreeMap<Module, std::collections::BTreeSet<Module>>,
        index: std::collections::BTreeMap<&'a Module, (usize, usize)>,
        stack: Vec<&'a Module>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a Module) {
        let n = w.index.len();
        w.index.insert(v, (n, n));
        w.stack.push(v);
        for t in w.graph.get(v).into_iter().flatten() {
            let Some(t) = w.graph.get_key_value(t).map(|(k, _)| k) else {
                continue;
            };
            if !w.index.contains_key(t) {
                visit(w, t);
                let low = w.index[t].1.min(w.index[v].1);
                w.index.get_mut(v).unwrap().1 = low;
            } else if w.stack.contains(&t) {
                let low = w.index[t].0.min(w.index[v].1);
                w.index.get_mut(v).unwrap().1 = low;
            }
        }
        if w.index[v].0 == w.index[v].1 {
            let at = w.stack.iter().position(|m| *m == v).unwrap();
            let comp: Vec<&Module> = w.stack.split_off(at);
            if comp.len() > 1 {
                let mut names: Vec<String> = comp
                    .iter()
                    .map(|(k, p)| format!("{k}:{}", p.join("/")))
                    .collect();
                names.sort();
                w.found.push(names);
            }
        }
    }
    let mut w = Walk {
        graph,
        index: Default::default(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !w.index.contains_key(v) {
            visit(&mut w, v);
        }
    }
    w.found
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = imports();
    assert!(
        graph.len() > 100,
        "the sources were not read: {}",
        graph.len()
    );
    let page = ("lib", vec!["session".to_string(), "page".to_string()]);
    let reduce = ("lib", vec!["session".to_string(), "reduce".to_string()]);
    assert!(
        graph[&reduce].contains(&page),
        "the reducer's import of the page was not seen: {:?}",
        graph[&reduce]
    );
    assert_eq!(circles(&graph), Vec::<Vec<String>>::new());
}

#[test]
fn a_circle_is_found() {
    // the page's state imports the instruments' types; an import back closes a circle
    let mut graph = imports();
    let module = |p: &[&str]| ("lib", p.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    let (page, instruments) = (
        module(&["session", "page"]),
        module(&["session", "instruments"]),
    );
    assert!(graph[&page].contains(&instruments));
    graph.get_mut(&instruments).unwrap().insert(page.clone());
    let found = circles(&graph);
    assert_eq!(
        found,
        vec![vec![
            "lib:session/instruments".to_string(),
            "lib:session/page".to_string()
        ]]
    );
    // and a path written out in the code counts as an import
    assert!(
        resolve(&modules(), &page, "crate::session::sweeps::Sweeps")
            == Some(module(&["session", "sweeps"]))
    );
}

#[test]
fn no_file_of_the_page_holds_more_than_500_lines_of_code() {
    // one concept per file: the page's state, its door, each feature's actions, the shell
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut long = Vec::new();
    for dir in ["session", "web"] {
        for file in sources(&root.join(dir)) {
            let code = code_lines(&file)
                .iter()
                .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
                .count();
            if code > 500 {
                long.push(format!("{}: {code} lines of code", file.display()));
            }
        }
    }
    assert_eq!(long, Vec::<String>::new());
}
