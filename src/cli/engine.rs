//! `kiela engine`: the engine behind a line protocol on standard input and output, modelled on
//! UCI (docs/engine.md is the contract).

use std::io::{self, BufRead, Read, Write};
use std::time::{Duration, Instant};

use crate::engine::{DEFAULT_TABLE_BYTES, Engine, Iteration, Limits};
use crate::rules::{Game, MAX_RECORD_BYTES, Move, Position, Side, Variant};

/// The largest table `setoption name Hash` accepts, in MiB.
const MAX_HASH_MIB: usize = 1024;
/// The longest `go movetime` accepted: a day.
const MAX_MOVETIME_MS: u64 = 86_400_000;

/// What the engine is asked to search and with what.
struct Session {
    engine: Engine,
    table_bytes: usize,
    seed: u64,
    game: Game,
}

/// Whether to go on reading commands.
enum Flow {
    Continue,
    Quit,
}

/// Reads commands from `input` until `quit` or the end of the input, answering on `out`.
pub fn run(input: &mut impl BufRead, out: &mut dyn Write) -> io::Result<()> {
    let mut session = Session {
        engine: Engine::new(DEFAULT_TABLE_BYTES, 1),
        table_bytes: DEFAULT_TABLE_BYTES,
        seed: 1,
        game: Game::start(Variant::Advanced, Side::South),
    };
    let mut line = Vec::new();
    loop {
        line.clear();
        let read =
            Read::take(&mut *input, MAX_RECORD_BYTES as u64 + 1).read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(());
        }
        if line.len() > MAX_RECORD_BYTES && !line.ends_with(b"\n") {
            // Skip the rest of an overlong line.
            let mut rest = Vec::new();
            while !rest.ends_with(b"\n") {
                rest.clear();
                if Read::take(&mut *input, 1 << 16).read_until(b'\n', &mut rest)? == 0 {
                    break;
                }
            }
            writeln!(
                out,
                "info string error: a command line is limited to {MAX_RECORD_BYTES} bytes"
            )?;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let flow = session.handle(text.trim(), out)?;
        out.flush()?;
        if let Flow::Quit = flow {
            return Ok(());
        }
    }
}

impl Session {
    fn handle(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Flow> {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Ok(Flow::Continue);
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "kei" => {
                writeln!(out, "id name Kiela {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the Kiela tournament manager")?;
                writeln!(
                    out,
                    "option name Hash type spin default {} min 1 max {MAX_HASH_MIB}",
                    DEFAULT_TABLE_BYTES >> 20
                )?;
                writeln!(
                    out,
                    "option name Seed type spin default 1 min 0 max {}",
                    u64::MAX
                )?;
                writeln!(out, "keiok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "keinewgame" => self.engine.clear(),
            "setoption" => {
                if let Err(message) = self.set_option(&rest) {
                    writeln!(out, "info string error: {message}")?;
                }
            }
            "position" => match parse_position(&rest) {
                Ok(game) => self.game = game,
                Err((game, message)) => {
                    self.game = game;
                    writeln!(out, "info string error: {message}")?;
                }
            },
            "go" => match parse_go(&rest) {
                Ok(limits) => self.go(limits, out)?,
                Err(message) => writeln!(out, "info string error: {message}")?,
            },
            "quit" => return Ok(Flow::Quit),
            other => writeln!(
                out,
                "info string error: unknown command `{}`",
                crate::rules::moves::shorten(other)
            )?,
        }
        Ok(Flow::Continue)
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let (name, value) = match words {
            ["name", name, "value", value] => (*name, *value),
            _ => return Err("expected `setoption name <Hash|Seed> value <number>`".to_string()),
        };
        let number: u64 = value
            .parse()
            .map_err(|_| format!("`{}` is not a number", crate::rules::moves::shorten(value)))?;
        if name.eq_ignore_ascii_case("hash") {
            if !(1..=MAX_HASH_MIB as u64).contains(&number) {
                return Err(format!("Hash must be 1 to {MAX_HASH_MIB} (MiB)"));
            }
            self.table_bytes = (number as usize) << 20;
        } else if name.eq_ignore_ascii_case("seed") {
            self.seed = number;
        } else {
            return Err(format!(
                "unknown option `{}`",
                crate::rules::moves::shorten(name)
            ));
        }
        self.engine = Engine::new(self.table_bytes, self.seed);
        Ok(())
    }

    fn go(&mut self, limits: Limits, out: &mut dyn Write) -> io::Result<()> {
        let started = Instant::now();
        let mut written = Ok(());
        let result = self.engine.search(&self.game, limits, &mut |iteration| {
            if written.is_ok() {
                written = writeln!(out, "{}", info_line(iteration, started.elapsed()));
            }
        });
        written?;
        match result.best {
            Some(best) => writeln!(out, "bestmove {best}"),
            None => {
                writeln!(
                    out,
                    "info string the game is over: {} cannot move",
                    self.game.to_move().letter()
                )?;
                writeln!(out, "bestmove (none)")
            }
        }
    }
}

fn info_line(iteration: &Iteration, elapsed: Duration) -> String {
    let millis = elapsed.as_millis().max(1);
    let nps = u128::from(iteration.nodes) * 1000 / millis;
    let mut line = format!(
        "info depth {} nodes {} time {} nps {nps} score {}",
        iteration.depth,
        iteration.nodes,
        elapsed.as_millis(),
        iteration.score
    );
    if !iteration.pv.is_empty() {
        line.push_str(" pv");
        for mv in &iteration.pv {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

/// `position <variant> [first S|N] [fen <ranks> <side>] [moves <m1> <m2> …]`. On a bad move,
/// the game up to the move before it comes with the error.
fn parse_position(words: &[&str]) -> Result<Game, (Game, String)> {
    let fallback = Game::start(Variant::Advanced, Side::South);
    let fail = |message: String| Err((fallback, message));
    let Some((variant_word, mut rest)) = words.split_first() else {
        return fail("expected `position <beginner|advanced|expert> …`".to_string());
    };
    let variant: Variant = match variant_word.parse() {
        Ok(v) => v,
        Err(e) => return fail(e.to_string()),
    };
    let mut first = Side::South;
    let mut set_up: Option<Position> = None;
    loop {
        match rest {
            ["first", side, tail @ ..] => {
                let Some(side) = Side::from_letter(side) else {
                    return fail(format!("`first` takes S or N, not `{side}`"));
                };
                first = side;
                rest = tail;
            }
            ["fen", ranks, side, tail @ ..] => {
                match format!("{ranks} {side}").parse::<Position>() {
                    Ok(position) => set_up = Some(position),
                    Err(e) => return fail(format!("bad position: {e}")),
                }
                rest = tail;
            }
            _ => break,
        }
    }
    let mut game = match set_up {
        Some(position) => Game::new(variant, position),
        None => Game::start(variant, first),
    };
    let moves = match rest {
        [] => &[][..],
        ["moves", moves @ ..] => moves,
        [other, ..] => {
            return Err((
                game,
                format!(
                    "expected `first`, `fen` or `moves`, found `{}`",
                    crate::rules::moves::shorten(other)
                ),
            ));
        }
    };
    for (index, token) in moves.iter().enumerate() {
        let played = token
            .parse::<Move>()
            .map_err(|e| e.to_string())
            .and_then(|mv| game.play(&mv).map_err(|e| e.to_string()));
        match played {
            Ok((next, _)) => game = next,
            Err(message) => {
                return Err((game, format!("ply {}: {message}", index + 1)));
            }
        }
    }
    Ok(game)
}

/// `go [movetime <ms>] [nodes <n>] [depth <d>]`; with none, a one-second search.
fn parse_go(words: &[&str]) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut rest = words;
    while let [name, value, tail @ ..] = rest {
        let number: u64 = value
            .parse()
            .map_err(|_| format!("`{}` is not a number", crate::rules::moves::shorten(value)))?;
        match *name {
            "movetime" => {
                limits.deadline =
                    Some(Instant::now() + Duration::from_millis(number.min(MAX_MOVETIME_MS)));
            }
            "nodes" => limits.nodes = Some(number.max(1)),
            "depth" => limits.depth = Some(u32::try_from(number).unwrap_or(u32::MAX).max(1)),
            other => {
                return Err(format!(
                    "unknown `go` limit `{}` (movetime, nodes or depth)",
                    crate::rules::moves::shorten(other)
                ));
            }
        }
        rest = tail;
    }
    if let [word] = rest {
        return Err(format!(
            "`{}` needs a number",
            crate::rules::moves::shorten(word)
        ));
    }
    if limits == Limits::default() {
        limits.deadline = Some(Instant::now() + Duration::from_secs(1));
    }
    Ok(limits)
}
