//! The `kiela verify` command-line contract (KIELA.md §11), run as other programs run it.

#![expect(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kiela(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(args)
        .output()
        .unwrap()
}

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("kiela-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn file(&self, name: &str, content: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, content).unwrap();
        path.to_string_lossy().into_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// A finished advanced game from the shared vectors, as KGN.
fn finished_game() -> (String, serde_json::Value) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rules/advanced.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let vector: serde_json::Value = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["expected"]["verdict"] == "valid")
        .unwrap();
    let moves: Vec<&str> = vector["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let kgn = format!(
        "[Variant \"advanced\"]\n[First \"{}\"]\n[Result \"{}\"]\n\n{} {}\n",
        vector["first"].as_str().unwrap(),
        vector["result"].as_str().unwrap(),
        moves.join(" "),
        vector["result"].as_str().unwrap()
    );
    (kgn, vector)
}

#[test]
fn valid_game_json_has_every_field_of_the_contract() {
    let dir = TempDir::new("valid");
    let (kgn, vector) = finished_game();
    let file = dir.file("r2.kgn", kgn.as_bytes());
    let output = kiela(&["verify", "--json", &file]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    assert_eq!(line["source"], file.as_str());
    assert_eq!(line["game"], 1);
    assert_eq!(line["verdict"], "valid");
    assert_eq!(line["result"], vector["result"]);
    assert_eq!(line["termination"], vector["termination"]);
    assert_eq!(line["plies"], vector["plies"]);
    assert_eq!(line["final_position"], vector["final_position"]);
    assert_eq!(line["stones"], vector["stones"]);
}

#[test]
fn invalid_game_json_names_reason_ply_move_and_position() {
    let dir = TempDir::new("invalid");
    let file = dir.file("r1.kgn", b"1. j2 a3 2. b1 c3");
    let output = kiela(&["verify", "--json", &file]);
    assert_eq!(output.status.code(), Some(1));
    let line = &json_lines(&output)[0];
    assert_eq!(line["verdict"], "invalid");
    assert_eq!(line["reason"], "illegal_move");
    assert_eq!(line["ply"], 4);
    assert_eq!(line["move"], "c3");
    assert!(line["message"].as_str().unwrap().contains("c3"));
    let before: kiela::rules::Position = line["position_before"].as_str().unwrap().parse().unwrap();
    assert_eq!(before.to_move, kiela::rules::Side::North);
}

#[test]
fn several_games_in_one_file_each_get_a_line_and_the_worst_sets_the_exit_status() {
    let dir = TempDir::new("several");
    let file = dir.file(
        "games.kgn",
        b"[Round \"1\"]\n1. j2 a3 *\n\n[Round \"2\"]\n1. j2 j2 *\n\n[Variant \"nope\"]\n1. a1\n",
    );
    let output = kiela(&["verify", "--json", &file]);
    assert_eq!(output.status.code(), Some(1));
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["verdict"], "valid_unfinished");
    assert_eq!(lines[0]["game"], 1);
    assert_eq!(lines[1]["reason"], "wrong_player");
    assert_eq!(lines[1]["game"], 2);
    assert_eq!(lines[2]["reason"], "bad_record");
    assert!(lines[2]["offset"].as_u64().unwrap() > 0);
}

#[test]
fn claimed_and_unfinished_games_exit_zero() {
    let dir = TempDir::new("claimed");
    let a = dir.file(
        "a.kgn",
        b"[Termination \"resignation\"]\n[Result \"0-1\"]\n1. j2 a3\n",
    );
    let b = dir.file("b.kgn", b"1. j2 a3 *");
    let output = kiela(&["verify", "--json", &a, &b]);
    assert_eq!(output.status.code(), Some(0));
    let lines = json_lines(&output);
    assert_eq!(lines[0]["verdict"], "valid_claimed");
    assert_eq!(lines[0]["termination"], "resignation");
    assert_eq!(lines[0]["result"], "0-1");
    assert_eq!(lines[1]["verdict"], "valid_unfinished");
    assert_eq!(lines[1]["source"], b.as_str());
}

#[test]
fn io_and_usage_errors_exit_two() {
    let dir = TempDir::new("io");
    let good = dir.file("good.kgn", b"1. j2 *");
    let missing = dir.0.join("missing.kgn").to_string_lossy().into_owned();
    let output = kiela(&["verify", "--json", &good, &missing]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        json_lines(&output).len(),
        1,
        "the readable file is still reported"
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("missing.kgn"));
    assert_eq!(kiela(&["verify"]).status.code(), Some(2));
    assert_eq!(kiela(&["verify", "--bogus", &good]).status.code(), Some(2));
}

#[test]
fn an_input_without_a_game_is_refused() {
    let dir = TempDir::new("empty");
    for (name, content) in [
        ("empty.kgn", &b""[..]),
        ("blank.kgn", b"\n  \n\r\n"),
        ("comment.kgn", b"{ nothing here }\n"),
    ] {
        let file = dir.file(name, content);
        let output = kiela(&["verify", "--json", &file]);
        assert_eq!(output.status.code(), Some(1), "{name}");
        let lines = json_lines(&output);
        assert_eq!(lines.len(), 1, "{name}");
        assert_eq!(lines[0]["verdict"], "invalid");
        assert_eq!(lines[0]["reason"], "bad_record");
        assert!(
            lines[0]["message"]
                .as_str()
                .unwrap()
                .contains("no game found"),
            "{name}: {}",
            lines[0]
        );
        let human = kiela(&["verify", &file]);
        assert_eq!(human.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&human.stdout).contains("no game found"));
    }
    // A file with games and trailing blank lines is only its games.
    let games = dir.file("games.kgn", b"1. j2 *\n\n\n");
    assert_eq!(kiela(&["verify", &games]).status.code(), Some(0));
}

#[test]
fn human_output_without_json() {
    let dir = TempDir::new("human");
    let file = dir.file("x.kgn", b"1. j2 z9");
    let output = kiela(&["verify", &file]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("bad_notation") && text.contains("ply 2"),
        "{text}"
    );
}

/// A file is verified game by game: an 8 MB file of 160,000 games runs within 160 MB of
/// address space (holding every game read at once took some 36 times the file).
#[test]
fn a_large_file_is_read_game_by_game() {
    let dir = TempDir::new("large");
    let game = "[Variant \"advanced\"]\n1. j2 a3 2. b1 j4 3. e1 f4 4. g2 d4 5. e2 h3 *\n\n";
    let path = dir.file("many.kgn", game.repeat(8_000_000 / game.len()).as_bytes());
    let output = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 160000 && exec \"$0\" verify \"$1\" | tail -n 1")
        .arg(env!("CARGO_BIN_EXE_kiela"))
        .arg(&path)
        .output()
        .unwrap();
    let last = String::from_utf8(output.stdout).unwrap();
    let expected = format!("game {}: valid_unfinished", 8_000_000 / game.len());
    assert!(
        last.contains(&expected),
        "{last} / {}",
        String::from_utf8_lossy(&output.stderr)
    );
}
