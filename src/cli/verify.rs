//! `kiela verify [--json] FILE...` (KIELA.md §11).

use std::io::{self, Read, Write};
use std::path::Path;

use serde::Serialize;

use crate::rules::{Verdict, VerdictJson, VerdictKind, parse_games};

/// Files larger than this are refused as an I/O error; a single record is limited to
/// [`crate::rules::MAX_RECORD_BYTES`], but a file may hold many games.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Exit status: every game valid (finished, claimed or unfinished).
pub const EXIT_VALID: i32 = 0;
/// Exit status: at least one game invalid.
pub const EXIT_INVALID: i32 = 1;
/// Exit status: usage or I/O error.
pub const EXIT_ERROR: i32 = 2;

#[derive(Serialize)]
struct Line<'a> {
    source: &'a str,
    game: usize,
    #[serde(flatten)]
    verdict: VerdictJson,
}

/// Verifies every game of every file, writes one line per game to `out`, problems reading a
/// file to `err`, and returns the exit status.
pub fn run(files: &[String], json: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut status = EXIT_VALID;
    for source in files {
        let bytes = match read_source(source) {
            Ok(bytes) => bytes,
            Err(e) => {
                let _ = writeln!(err, "kiela verify: {source}: {e}");
                status = EXIT_ERROR;
                continue;
            }
        };
        for (index, parsed) in parse_games(&bytes).iter().enumerate() {
            let verdict = Verdict::of(parsed.as_ref());
            if verdict.kind() == VerdictKind::Invalid && status == EXIT_VALID {
                status = EXIT_INVALID;
            }
            let written = if json {
                let line = Line {
                    source,
                    game: index + 1,
                    verdict: verdict.to_json(),
                };
                serde_json::to_string(&line)
                    .map_err(io::Error::other)
                    .and_then(|text| writeln!(out, "{text}"))
            } else {
                writeln!(out, "{source} game {}: {}", index + 1, human(&verdict))
            };
            if let Err(e) = written {
                let _ = writeln!(err, "kiela verify: cannot write the report: {e}");
                return EXIT_ERROR;
            }
        }
    }
    status
}

fn read_source(source: &str) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if source == "-" {
        io::stdin()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(Path::new(source))?
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)?;
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(io::Error::other(format!(
            "the file is larger than {} MiB",
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(bytes)
}

/// One line for a person.
fn human(verdict: &Verdict) -> String {
    match verdict {
        Verdict::BadRecord(e) => format!("invalid (bad_record): {e}"),
        Verdict::Rejected(e) => format!("invalid ({}): {e}", e.reason()),
        Verdict::Accepted(v) => {
            let ending = v.termination.map(|t| format!(" ({t})")).unwrap_or_default();
            format!(
                "{} {}{ending}, {} plies, final position {}",
                v.kind.as_str(),
                v.result,
                v.plies,
                v.final_position
            )
        }
    }
}
