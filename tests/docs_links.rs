//! Every reference to a document is to one that exists: each `docs/….md` named in the code, the
//! tests, the templates, the scripts and the documents, and each relative link of the README
//! and of `docs/` (with its `#anchor`, a heading of the page linked to).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("rs" | "md" | "html" | "sh" | "py" | "toml" | "sql" | "ftl")
        ) {
            out.push(path);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The anchor GitHub gives a heading: lower case, letters, digits, spaces and hyphens kept,
/// spaces made hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors_of(path: &Path) -> BTreeSet<String> {
    fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_docs_path_named_anywhere_exists() {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("Cargo.toml")];
    for dir in [
        "src",
        "tests",
        "templates",
        "bench",
        "docs",
        ".ci",
        "locales",
        "migrations",
    ] {
        files_under(&root.join(dir), &mut files);
    }
    files.push(root.join(".ci/run"));
    let mut missing = Vec::new();
    let mut named = 0;
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_default();
        for (at, _) in text.match_indices("docs/") {
            // `docs/` inside another path (`../shared/docs/`, `a/docs/`) is not ours.
            if at > 0
                && !text[..at].ends_with(|c: char| !c.is_alphanumeric() && c != '/' && c != '.')
            {
                continue;
            }
            let rest = &text[at..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || matches!(c, '/' | '-' | '_' | '.'))
                .collect();
            let name = name.trim_end_matches('.');
            if Path::new(name).extension().is_none_or(|e| e != "md") {
                continue;
            }
            named += 1;
            if !root.join(name).is_file() {
                missing.push(format!("{}: {name}", file.display()));
            }
        }
    }
    assert!(named > 50, "the references were read ({named})");
    assert!(
        missing.is_empty(),
        "documents named but absent: {missing:#?}"
    );
}

#[test]
fn every_relative_link_of_the_docs_leads_somewhere() {
    let root = root();
    let mut pages = vec![root.join("README.md")];
    files_under(&root.join("docs"), &mut pages);
    let mut broken = Vec::new();
    let mut links = 0;
    for page in pages
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
    {
        let text = fs::read_to_string(page).unwrap();
        let dir = page.parent().unwrap();
        for (at, _) in text.match_indices("](") {
            let target: String = text[at + 2..].chars().take_while(|c| *c != ')').collect();
            if target.contains("://") || target.starts_with("mailto:") || target.starts_with("../")
            {
                continue;
            }
            links += 1;
            let (file, fragment) = match target.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (target.as_str(), None),
            };
            let linked = if file.is_empty() {
                page.clone()
            } else {
                dir.join(file)
            };
            if !linked.exists() {
                broken.push(format!("{}: {target}", page.display()));
                continue;
            }
            if let Some(fragment) = fragment
                && !anchors_of(&linked).contains(fragment)
            {
                broken.push(format!("{}: {target} (no such heading)", page.display()));
            }
        }
    }
    assert!(links > 30, "the links were read ({links})");
    assert!(broken.is_empty(), "links that lead nowhere: {broken:#?}");
}
