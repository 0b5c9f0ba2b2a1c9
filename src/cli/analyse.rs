//! `kiela analyse [--movetime MS | --nodes N] [--json] FILE...`: every ply of every game, as
//! the engine sees it.

use std::io::{self, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::engine::review::{Review, review};
use crate::engine::{DEFAULT_TABLE_BYTES, Engine, Limits};
use crate::rules::{Move, verify};

use super::verify::{EXIT_ERROR, EXIT_INVALID, EXIT_VALID, GameStream};

/// What each position's search may spend.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    Movetime(Duration),
    Nodes(u64),
}

impl Budget {
    fn limits(self) -> Limits {
        match self {
            Budget::Movetime(time) => Limits::until(Instant::now() + time),
            Budget::Nodes(nodes) => Limits::nodes(nodes),
        }
    }
}

#[derive(Serialize)]
struct Line<'a> {
    source: &'a str,
    game: usize,
    #[serde(flatten)]
    review: &'a Review,
}

/// Reviews every game of every file; exit status as `kiela verify`'s (an invalid record is
/// reported and not reviewed).
pub fn run(
    files: &[String],
    budget: Budget,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut status = EXIT_VALID;
    let mut engine = Engine::new(DEFAULT_TABLE_BYTES, 1);
    for source in files {
        let reader: Box<dyn Read> = if source == "-" {
            Box::new(io::stdin())
        } else {
            match std::fs::File::open(Path::new(source)) {
                Ok(file) => Box::new(file),
                Err(e) => {
                    let _ = writeln!(err, "kiela analyse: {source}: {e}");
                    status = EXIT_ERROR;
                    continue;
                }
            }
        };
        let mut games = GameStream::new(reader);
        let mut index = 0;
        loop {
            let parsed = match games.next_game() {
                Ok(Some(parsed)) => parsed,
                Ok(None) => break,
                Err(e) => {
                    let _ = writeln!(err, "kiela analyse: {source}: {e}");
                    status = EXIT_ERROR;
                    break;
                }
            };
            index += 1;
            let record = match parsed {
                Ok(record) => record,
                Err(e) => {
                    let _ = writeln!(err, "kiela analyse: {source} game {index}: {e}");
                    status = status.max(EXIT_INVALID);
                    continue;
                }
            };
            if let Err(e) = verify(&record) {
                let _ = writeln!(err, "kiela analyse: {source} game {index}: {e}");
                status = status.max(EXIT_INVALID);
                continue;
            }
            let moves: Vec<Move> = record
                .moves
                .iter()
                .filter_map(|token| token.parsed.clone().ok())
                .collect();
            let reviewed = review(&record.start(), &moves, &mut engine, || budget.limits());
            let written = if json {
                let line = Line {
                    source,
                    game: index,
                    review: &reviewed,
                };
                serde_json::to_string(&line)
                    .map_err(io::Error::other)
                    .and_then(|text| writeln!(out, "{text}"))
            } else {
                write_table(out, source, index, &reviewed)
            };
            if let Err(e) = written {
                let _ = writeln!(err, "kiela analyse: cannot write the report: {e}");
                return EXIT_ERROR;
            }
        }
    }
    status
}

fn write_table(out: &mut dyn Write, source: &str, index: usize, review: &Review) -> io::Result<()> {
    writeln!(out, "{source} game {index}")?;
    writeln!(
        out,
        "{:>5}  {:<4}  {:<8}  {:<8}  {:<10}  {:<10}  {:>6}",
        "ply", "side", "played", "engine", "before", "after", "cost"
    )?;
    for ply in &review.plies {
        writeln!(
            out,
            "{:>5}  {:<4}  {:<8}  {:<8}  {:<10}  {:<10}  {:>6.0}",
            ply.ply,
            ply.side.letter(),
            shorten_move(&ply.played),
            ply.best.as_deref().map_or("-".to_string(), shorten_move),
            ply.before.to_string(),
            ply.after.to_string(),
            ply.cost
        )?;
    }
    writeln!(out, "final position: {} for the side to move", review.last)?;
    writeln!(out)
}

/// A rearrangement is long; the table shows its start.
fn shorten_move(text: &str) -> String {
    if text.len() > 8 {
        format!("{}…", &text[..7])
    } else {
        text.to_string()
    }
}
