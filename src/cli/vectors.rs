//! Reading the shared test vectors (`rules/vectors/*.jsonl`) and turning each into a KGN
//! record, so tests and benchmarks exercise the same parser as real submissions.

use std::path::Path;

use serde::Deserialize;

/// One line of a record vector file.
#[derive(Clone, Debug, Deserialize)]
pub struct VectorRecord {
    #[serde(default)]
    pub id: Option<String>,
    pub variant: String,
    #[serde(default)]
    pub first: Option<String>,
    #[serde(default)]
    pub initial_position: Option<String>,
    pub moves: Vec<String>,
    #[serde(default)]
    pub result: Option<String>,
    #[serde(default)]
    pub final_position: Option<String>,
    #[serde(default)]
    pub plies: Option<u32>,
    #[serde(default)]
    pub termination: Option<String>,
    #[serde(default)]
    pub stones: Option<serde_json::Value>,
    #[serde(default)]
    pub positions: Option<Vec<String>>,
    pub expected: Expected,
}

/// The verdict a vector expects.
#[derive(Clone, Debug, Deserialize)]
pub struct Expected {
    pub verdict: String,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub ply: Option<u32>,
}

/// One line of `single_moves.jsonl`.
#[derive(Clone, Debug, Deserialize)]
pub struct SingleMove {
    pub name: String,
    pub variant: String,
    pub position: String,
    #[serde(rename = "move")]
    pub mv: String,
    pub after: String,
}

impl VectorRecord {
    /// The record as KGN text, claims as tags. `termination` is the engine's own finding,
    /// not a `Termination` claim, so it is not written.
    #[must_use]
    pub fn to_kgn(&self) -> String {
        let mut text = String::new();
        let mut tag = |name: &str, value: &str| {
            text.push_str(&format!("[{name} \"{value}\"]\n"));
        };
        tag("Variant", &self.variant);
        if let Some(first) = &self.first {
            tag("First", first);
        }
        if let Some(position) = &self.initial_position {
            tag("Position", position);
        }
        if let Some(result) = &self.result {
            tag("Result", result);
        }
        if let Some(position) = &self.final_position {
            tag("FinalPosition", position);
        }
        if let Some(plies) = self.plies {
            tag("Plies", &plies.to_string());
        }
        text.push('\n');
        for (i, mv) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(mv);
            text.push(if i % 16 == 15 { '\n' } else { ' ' });
        }
        if let Some(result) = &self.result {
            text.push_str(result);
        }
        text.push('\n');
        text
    }
}

/// Reads every line of a JSONL file.
pub fn read_jsonl<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Vec<T>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(n, line)| {
            serde_json::from_str(line).map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))
        })
        .collect()
}

/// Every record vector of a directory (all `*.jsonl` but `single_moves.jsonl`), with the
/// file name each came from, in file-name order.
pub fn read_record_vectors(dir: &Path) -> Result<Vec<(String, VectorRecord)>, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|e| e == "jsonl")
                && path.file_name().is_some_and(|n| n != "single_moves.jsonl")
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for record in read_jsonl::<VectorRecord>(&path)? {
            out.push((name.clone(), record));
        }
    }
    Ok(out)
}
