//! `kiela verify [--json] FILE...` (KIELA.md §11).

use std::io::{self, Read, Write};
use std::path::Path;

use serde::Serialize;

use crate::rules::{
    MAX_RECORD_BYTES, NextGame, ParseError, ParseErrorKind, Record, Verdict, VerdictJson,
    VerdictKind, next_game,
};

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
/// file to `err`, and returns the exit status. Files are read game by game: however large the
/// file, what is held in memory is the game being verified (and a chunk of what follows).
pub fn run(files: &[String], json: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut status = EXIT_VALID;
    for source in files {
        let reader: Box<dyn Read> = if source == "-" {
            Box::new(io::stdin())
        } else {
            match std::fs::File::open(Path::new(source)) {
                Ok(file) => Box::new(file),
                Err(e) => {
                    let _ = writeln!(err, "kiela verify: {source}: {e}");
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
                    let _ = writeln!(err, "kiela verify: {source}: {e}");
                    status = EXIT_ERROR;
                    break;
                }
            };
            index += 1;
            let verdict = Verdict::of(parsed.as_ref());
            if verdict.kind() == VerdictKind::Invalid && status == EXIT_VALID {
                status = EXIT_INVALID;
            }
            let written = if json {
                let line = Line {
                    source,
                    game: index,
                    verdict: verdict.to_json(),
                };
                serde_json::to_string(&line)
                    .map_err(io::Error::other)
                    .and_then(|text| writeln!(out, "{text}"))
            } else {
                writeln!(out, "{source} game {index}: {}", human(&verdict))
            };
            if let Err(e) = written {
                let _ = writeln!(err, "kiela verify: cannot write the report: {e}");
                return EXIT_ERROR;
            }
        }
    }
    status
}

/// Bytes read from a file at a time.
const CHUNK: usize = 64 * 1024;

/// The games of a file, read one at a time.
/// The games of a file, read one at a time.
pub(crate) struct GameStream<R> {
    reader: R,
    /// Read but not yet consumed, from file offset `base`.
    buffer: Vec<u8>,
    base: usize,
    total: u64,
    eof: bool,
    /// A game grew past the record limit: what follows up to the next tag section is skipped.
    skipping: bool,
    yielded: usize,
    finished: bool,
}

impl<R: Read> GameStream<R> {
    pub(crate) fn new(reader: R) -> GameStream<R> {
        GameStream {
            reader,
            buffer: Vec::new(),
            base: 0,
            total: 0,
            eof: false,
            skipping: false,
            yielded: 0,
            finished: false,
        }
    }

    fn fill(&mut self) -> io::Result<()> {
        let mut chunk = vec![0; CHUNK];
        let n = loop {
            match self.reader.read(&mut chunk) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                other => break other?,
            }
        };
        if n == 0 {
            self.eof = true;
            return Ok(());
        }
        self.total += n as u64;
        if self.total > MAX_FILE_BYTES {
            return Err(io::Error::other(format!(
                "the file is larger than {} MiB",
                MAX_FILE_BYTES >> 20
            )));
        }
        self.buffer.extend_from_slice(&chunk[..n]);
        Ok(())
    }

    fn consume(&mut self, bytes: usize) {
        self.buffer.drain(..bytes);
        self.base += bytes;
    }

    pub(crate) fn next_game(&mut self) -> io::Result<Option<Result<Record, ParseError>>> {
        if self.finished {
            return Ok(None);
        }
        loop {
            if self.skipping {
                // Up to the start of the next game's tags, or the end of the file.
                match self.buffer.windows(2).position(|w| w == b"\n[") {
                    Some(at) => {
                        self.consume(at + 1);
                        self.skipping = false;
                    }
                    None if self.eof => {
                        self.finished = true;
                        return Ok(None);
                    }
                    None => {
                        let keep = self.buffer.len().min(1);
                        self.consume(self.buffer.len() - keep);
                        self.fill()?;
                        continue;
                    }
                }
            }
            let (valid, invalid_at) = match std::str::from_utf8(&self.buffer) {
                Ok(_) => (self.buffer.len(), None),
                // A character cut by the chunk's end is completed by the next read.
                Err(e) if e.error_len().is_none() && !self.eof => (e.valid_up_to(), None),
                Err(e) => (e.valid_up_to(), Some(e.valid_up_to())),
            };
            let text = std::str::from_utf8(&self.buffer[..valid]).unwrap_or_default();
            let complete = self.eof || invalid_at.is_some();
            match next_game(text, complete) {
                NextGame::Game { record, end } => {
                    let base = self.base;
                    self.consume(end);
                    self.yielded += 1;
                    return Ok(Some(record.map_err(|e| ParseError {
                        offset: e.offset + base,
                        ..e
                    })));
                }
                NextGame::NeedMore if self.buffer.len() > 2 * MAX_RECORD_BYTES => {
                    // A game far past the record limit: reported as too large, not held.
                    let error = ParseError {
                        offset: self.base,
                        kind: ParseErrorKind::TooLarge {
                            limit: MAX_RECORD_BYTES,
                        },
                    };
                    self.skipping = true;
                    self.yielded += 1;
                    return Ok(Some(Err(error)));
                }
                NextGame::NeedMore => self.fill()?,
                NextGame::Done => {
                    self.finished = true;
                    if let Some(at) = invalid_at {
                        self.yielded += 1;
                        return Ok(Some(Err(ParseError {
                            offset: self.base + at,
                            kind: ParseErrorKind::InvalidUtf8,
                        })));
                    }
                    // A file with no game at all is refused: an empty file is not a game.
                    if self.yielded == 0 {
                        self.yielded = 1;
                        return Ok(Some(Err(ParseError {
                            offset: 0,
                            kind: ParseErrorKind::NoGame,
                        })));
                    }
                    return Ok(None);
                }
            }
        }
    }
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
