//! The `kiela engine` protocol (docs/engine.md) and `kiela analyse`, driven as a GUI or a script
//! drives them: a child process, commands on its standard input, answers read line by line.

#![expect(clippy::unwrap_used, clippy::panic)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use kiela::rules::{Game, Move, Variant, parse_record};

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kiela"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    fn line(&mut self) -> String {
        let mut line = String::new();
        assert!(
            self.output.read_line(&mut line).unwrap() > 0,
            "the engine closed its output"
        );
        line.trim_end().to_string()
    }

    /// Lines up to and including the first that starts with `last`.
    fn until(&mut self, last: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let done = line.starts_with(last);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `go …` and returns the info lines and the best move's text.
    fn go(&mut self, limits: &str) -> (Vec<String>, String) {
        self.send(&format!("go {limits}"));
        let mut lines = self.until("bestmove ");
        let best = lines.pop().unwrap();
        (lines, best.trim_start_matches("bestmove ").to_string())
    }

    fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().unwrap().success());
    }
}

/// The game a `position` command's moves lead to, by the rules engine.
fn game_after(variant: Variant, moves: &[&str]) -> Game {
    let mut game = Game::start(variant, kiela::rules::Side::South);
    for token in moves {
        game = game.play(&token.parse::<Move>().unwrap()).unwrap().0;
    }
    game
}

/// Checks an info line's shape: `info depth D nodes N time T nps X score (stones S|win N|loss N) [pv …]`.
fn check_info(line: &str) -> (u32, String) {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], "info", "{line}");
    assert_eq!(words[1], "depth", "{line}");
    let depth: u32 = words[2].parse().unwrap();
    assert_eq!(words[3], "nodes");
    words[4].parse::<u64>().unwrap();
    assert_eq!(words[5], "time");
    words[6].parse::<u64>().unwrap();
    assert_eq!(words[7], "nps");
    words[8].parse::<u64>().unwrap();
    assert_eq!(words[9], "score");
    match words[10] {
        "stones" => {
            words[11].parse::<i32>().unwrap();
        }
        "win" | "loss" => {
            words[11].parse::<u32>().unwrap();
        }
        other => panic!("score kind {other} in {line}"),
    }
    if words.len() > 12 {
        assert_eq!(words[12], "pv", "{line}");
    }
    (depth, format!("{} {}", words[10], words[11]))
}

#[test]
fn the_handshake_names_the_engine_and_its_options() {
    let mut engine = Engine::start();
    engine.send("kei");
    let lines = engine.until("keiok");
    assert!(lines[0].starts_with("id name Kiela"), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Seed type spin"))
    );
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
    engine.quit();
}

#[test]
fn every_variant_gets_a_legal_best_move_with_deepening_info() {
    let cases: [(Variant, &[&str]); 4] = [
        (Variant::Advanced, &[]),
        (Variant::Advanced, &["j2", "a3", "b1"]),
        (Variant::Beginner, &["a1"]),
        (
            Variant::Expert,
            &["R:3,3,3,3,3,3,3,3,2,2/0,0,0,0,0,0,0,0,0,0"],
        ),
    ];
    let mut engine = Engine::start();
    for (variant, moves) in cases {
        let command = if moves.is_empty() {
            format!("position {variant}")
        } else {
            format!("position {variant} moves {}", moves.join(" "))
        };
        engine.send(&command);
        let (info, best) = engine.go("nodes 5000");
        assert!(!info.is_empty());
        let depths: Vec<u32> = info.iter().map(|l| check_info(l).0).collect();
        assert!(depths.windows(2).all(|w| w[1] == w[0] + 1), "{depths:?}");
        let game = game_after(variant, moves);
        let mv: Move = best.parse().unwrap();
        assert!(game.play(&mv).is_ok(), "{command}: {best}");
    }
    // The expert's own first turn: a rearrangement or a sowing, legal either way.
    engine.send("position expert first N");
    let (_, best) = engine.go("depth 2");
    let game = Game::start(Variant::Expert, kiela::rules::Side::North);
    assert!(game.play(&best.parse::<Move>().unwrap()).is_ok(), "{best}");
    engine.quit();
}

/// The lines of a search without the fields that depend on the clock.
fn without_clock(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            words
                .iter()
                .enumerate()
                .filter(|(i, _)| !matches!(i, 5..=8))
                .map(|(_, w)| *w)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn a_node_budget_gives_the_same_search_in_every_run() {
    let run = || {
        let mut engine = Engine::start();
        engine.send("setoption name Seed value 7");
        engine.send("position expert");
        let (first, first_best) = engine.go("nodes 20000");
        engine.send("position advanced moves j2 a3 b1 j4");
        let (second, second_best) = engine.go("nodes 20000");
        engine.quit();
        (
            without_clock(&first),
            first_best,
            without_clock(&second),
            second_best,
        )
    };
    assert_eq!(run(), run());
}

#[test]
fn a_set_up_position_is_searched_to_a_proven_win() {
    let mut engine = Engine::start();
    // North's only stones are in c3; South's e2 takes them all.
    engine.send(
        "position advanced fen 0,0,0,0,0,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0/0,0,1,0,2,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 S",
    );
    let (info, best) = engine.go("depth 6");
    assert_eq!(best, "e2");
    assert_eq!(check_info(info.last().unwrap()).1, "win 1");
    // The same position with North to move: North cannot move at all.
    engine.send(
        "position advanced fen 0,0,0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0,0,0/0,0,1,0,2,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 N",
    );
    engine.send("go nodes 100");
    assert!(engine.line().starts_with("info string the game is over"));
    assert_eq!(engine.line(), "bestmove (none)");
    engine.quit();
}

#[test]
fn bad_commands_are_reported_and_the_engine_goes_on() {
    let mut engine = Engine::start();
    for (command, says) in [
        ("position advanced moves j2 j2", "info string error: ply 2:"),
        ("position classic", "info string error: unknown variant"),
        (
            "position advanced fen 1,2/3 S",
            "info string error: bad position",
        ),
        (
            "position advanced moves R:1,1/1",
            "info string error: ply 1:",
        ),
        ("go nodes many", "info string error:"),
        ("go sometimes 5", "info string error: unknown `go` limit"),
        (
            "setoption name Hash value 0",
            "info string error: Hash must be",
        ),
        (
            "setoption name Colour value 1",
            "info string error: unknown option",
        ),
        ("fly", "info string error: unknown command"),
    ] {
        engine.send(command);
        let line = engine.line();
        assert!(line.starts_with(says), "{command}: {line}");
        engine.send("isready");
        assert_eq!(engine.line(), "readyok", "after {command}");
    }
    // After a bad move the position is the game up to the move before it: South's j2 stands,
    // and North is to move.
    engine.send("position advanced moves j2 j2");
    engine.line();
    let (_, best) = engine.go("nodes 1000");
    assert!(
        game_after(Variant::Advanced, &["j2"])
            .play(&best.parse().unwrap())
            .is_ok()
    );
    // A line past the record limit is refused whole.
    let long = format!("position advanced moves {}", "a1 ".repeat(400_000));
    engine.send(&long);
    assert!(engine.line().contains("limited to"));
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
    // A movetime search ends with a move.
    engine.send("position advanced");
    let (_, best) = engine.go("movetime 50");
    assert!(best.parse::<Move>().is_ok());
    // The end of the input ends the engine, as `quit` does.
    drop(engine.input);
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn analyse_reviews_every_ply_and_refuses_an_invalid_record() {
    let dir = std::env::temp_dir().join(format!("kiela-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.kgn");
    let text = "[Variant \"advanced\"]\n[Result \"*\"]\n\n1. j2 a3 2. b1 j4 3. e1 *\n";
    std::fs::write(&good, text).unwrap();
    let bad = dir.join("bad.kgn");
    std::fs::write(&bad, "1. j2 j2\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["analyse", "--nodes", "3000", "--json"])
        .arg(&good)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let review: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let plies = review["plies"].as_array().unwrap();
    let record = parse_record(text).unwrap();
    assert_eq!(plies.len(), record.moves.len());
    let mut game = record.start();
    for (ply, token) in plies.iter().zip(&record.moves) {
        let played = token.parsed.clone().unwrap();
        assert_eq!(ply["played"], played.to_string());
        let best: Move = ply["best"].as_str().unwrap().parse().unwrap();
        assert!(game.play(&best).is_ok());
        assert!(ply["cost"].as_f64().unwrap() >= 0.0);
        assert!(ply["before"]["stones"].is_i64(), "{ply}");
        game = game.play(&played).unwrap().0;
    }
    let again = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["analyse", "--nodes", "3000", "--json"])
        .arg(&good)
        .output()
        .unwrap();
    assert_eq!(
        output.stdout, again.stdout,
        "a node budget gives the same review"
    );

    let refused = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(["analyse", "--nodes", "100"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("ply 2"));
    let _ = std::fs::remove_dir_all(&dir);
}
