//! The service modules form a tree: a module may use the ones below it, never one that uses
//! it back. A cycle would mean that changing one use case needs reading all the others in the
//! circle, so a test reads the sources and fails on the first circle it finds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The service module each source file belongs to, and the source without its test modules
/// (a test may reach anywhere).
fn sources() -> Vec<(String, PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service");
    let mut files = Vec::new();
    let mut pending = vec![root.clone()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(&root).unwrap().to_path_buf();
                let top = relative
                    .components()
                    .next()
                    .unwrap()
                    .as_os_str()
                    .to_string_lossy()
                    .trim_end_matches(".rs")
                    .to_string();
                let text = without_tests(&std::fs::read_to_string(&path).unwrap());
                files.push((top, relative, text));
            }
        }
    }
    files
}

fn without_tests(text: &str) -> String {
    let mut text = text.to_string();
    while let Some(start) = text.find("#[cfg(test)]\nmod ") {
        let open = start + text[start..].find('{').unwrap();
        let mut depth = 0;
        let mut end = open;
        for (i, c) in text[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        text.replace_range(start..end, "");
    }
    text
}

/// The words that follow `prefix` in `text`: the module named right after it, or every name
/// of a `{…}` group after it.
fn named_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    for (at, _) in text.match_indices(prefix) {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| is_name(c) || c == ':') {
            continue;
        }
        let rest = &text[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find(';').unwrap_or(group.len())];
            names.extend(
                group
                    .split(|c: char| !is_name(c))
                    .filter(|w| !w.is_empty())
                    .map(str::to_string),
            );
        } else {
            let word: String = rest.chars().take_while(|&c| is_name(c)).collect();
            names.insert(word);
        }
    }
    names
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let files = sources();
    let modules: BTreeSet<String> = files.iter().map(|(top, ..)| top.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (top, relative, text) in &files {
        let mut used = named_after(text, "crate::service::");
        // `super::` means the service module itself only in a file directly under it.
        let depth = relative.components().count();
        let at_top = depth == 1 || (depth == 2 && relative.ends_with("mod.rs"));
        if at_top {
            used.extend(named_after(text, "super::"));
        } else if depth == 2 || (depth == 3 && relative.ends_with("mod.rs")) {
            used.extend(named_after(text, "super::super::"));
        }
        let entry = graph.entry(top.clone()).or_default();
        entry.extend(
            used.into_iter()
                .filter(|name| name != top && name != "mod" && modules.contains(name)),
        );
    }
    graph
}

/// A circle of modules, if there is one.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut found = path[at..].to_vec();
            found.push(module.to_string());
            return Some(found);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_string());
        for next in graph.get(module).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(module.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|module| visit(module, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_service_module_uses_one_that_uses_it() {
    let graph = graph();
    assert!(graph.len() > 20, "the service modules were not found");
    // The reading sees real edges (a module it could not read would pass any check).
    assert!(graph["rounds"].contains("games"));
    assert!(graph["players"].contains("registry"));
    assert_eq!(circle(&graph), None);
}

#[test]
fn a_circle_is_found() {
    let mut graph = graph();
    graph
        .get_mut("access")
        .unwrap()
        .insert("players".to_string());
    let found = circle(&graph).unwrap();
    assert!(found.contains(&"access".to_string()) && found.contains(&"players".to_string()));
}

#[test]
fn the_audit_log_writer_uses_no_other_use_case() {
    assert_eq!(graph()["audit"], BTreeSet::new());
}
