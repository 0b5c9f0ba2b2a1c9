//! `kiela pair` as other programs call it.

#![expect(clippy::unwrap_used)]
#![expect(
    clippy::format_collect,
    reason = "a test builds its files line by line"
)]

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use kiela::tournament::trf;
use kiela::tournament::trf_pairing::recorded_pairing;

fn kiela(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(args)
        .output()
        .unwrap()
}

fn temp_file(name: &str, content: &str) -> String {
    let path = std::env::temp_dir().join(format!("kiela-pair-{}-{name}", std::process::id()));
    std::fs::write(&path, content).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn prints_the_count_then_one_pair_per_line_with_the_bye_last() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing/swiss/swiss-003.trf");
    let text = std::fs::read_to_string(&path).unwrap();
    let t = trf::parse(&text).unwrap();
    for round in 1..=t.total_rounds {
        let output = kiela(&[
            "pair",
            "--round",
            &round.to_string(),
            path.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(0));
        let stdout = String::from_utf8(output.stdout).unwrap();
        let mut lines = stdout.lines();
        let count: usize = lines.next().unwrap().parse().unwrap();
        let pairs: Vec<(usize, usize)> = lines
            .map(|l| {
                let mut it = l.split_whitespace().map(|x| x.parse::<usize>().unwrap());
                (it.next().unwrap(), it.next().unwrap())
            })
            .collect();
        assert_eq!(pairs.len(), count);
        let (expected, bye) = recorded_pairing(&t, round);
        let got: BTreeSet<(usize, usize)> = pairs
            .iter()
            .filter(|(_, b)| *b != 0)
            .map(|&(a, b)| (a - 1, b - 1))
            .collect();
        assert_eq!(got, expected, "round {round}");
        let got_bye = pairs.iter().find(|(_, b)| *b == 0).map(|(a, _)| a - 1);
        assert_eq!(got_bye, bye, "round {round}");
        if bye.is_some() {
            assert_eq!(pairs.last().unwrap().1, 0, "the bye is written last");
        }
    }
}

#[test]
fn the_default_round_is_the_first_without_results() {
    let text = "012 Small\nXXR 3\nXXC white1\n\
001    1      A                                 2000                             1.0    1     3 w 1\n\
001    2      B                                 1900                             1.0    2     4 b 1\n\
001    3      C                                 1800                             0.0    3     1 b 0\n\
001    4      D                                 1700                             0.0    4     2 w 0\n";
    let path = temp_file("default.trf", text);
    let output = kiela(&["pair", &path]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("2\n"), "{stdout}");
    assert!(
        stdout.contains("2 1") || stdout.contains("1 2"),
        "winners meet: {stdout}"
    );
}

#[test]
fn no_valid_pairing_exits_one_and_bad_input_exits_two() {
    let text = "012 Two\nXXR 2\n\
001    1      A                                 2000                             1.0    1     2 w 1\n\
001    2      B                                 1900                             0.0    2     1 b 0\n";
    let path = temp_file("impossible.trf", text);
    let output = kiela(&["pair", "--round", "2", &path]);
    assert_eq!(output.status.code(), Some(1));
    let bad = temp_file("bad.trf", "012 Bad\n001    1      A    x\n001 zzzz\n");
    let output = kiela(&["pair", &bad]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("line"),
        "{output:?}"
    );
    let output = kiela(&["pair", "/no/such/file.trf"]);
    assert_eq!(output.status.code(), Some(2));
    let output = kiela(&["pair", "--round", "x", &path]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn an_endless_input_is_cut_off_at_the_documented_size() {
    let output = kiela(&["pair", "/dev/zero"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("larger than 16 MiB"), "{stderr}");
}

#[test]
fn a_round_beyond_the_file_is_refused_clearly() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing/swiss/swiss-003.trf");
    let text = std::fs::read_to_string(&path).unwrap();
    let t = trf::parse(&text).unwrap();
    let rounds = t.rounds_written();
    // With its planned rounds, a round past them is "the tournament has N rounds" (exit 3).
    for round in [rounds + 2, 1_000_000_000] {
        let output = kiela(&[
            "pair",
            "--round",
            &round.to_string(),
            path.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(3));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(&format!("the tournament has {rounds} rounds")),
            "{stderr}"
        );
    }
    // Without them, a round past the one after the file's last is refused (exit 2).
    let unplanned: String = text
        .lines()
        .filter(|l| !l.starts_with("142") && !l.starts_with("XXR"))
        .map(|l| format!("{l}\n"))
        .collect();
    let unplanned = temp_file("unplanned.trf", &unplanned);
    for round in [rounds + 2, 1_000_000_000] {
        let output = kiela(&["pair", "--round", &round.to_string(), &unplanned]);
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(&format!(
                "the latest round that can be paired is {}",
                rounds + 1
            )),
            "{stderr}"
        );
    }
}

#[test]
fn the_benchmark_writes_its_simulated_swiss_for_other_engines_to_pair() {
    let path = std::env::temp_dir().join(format!("kiela-bench-{}.trf", std::process::id()));
    let output = kiela(&[
        "bench",
        "--swiss-players",
        "31",
        "--swiss-round",
        "4",
        "--write-trf",
        path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = std::fs::read_to_string(&path).unwrap();
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.players.len(), 31);
    assert_eq!(t.total_rounds, 9);
    // Rounds 1-3 are played and carried in the file; bbpPairings reads XXR and XXC.
    assert!(text.lines().any(|l| l == "XXR 9"));
    assert!(text.lines().any(|l| l == "XXC white1"));
    for round in 1..=3 {
        let (pairs, bye) = recorded_pairing(&t, round);
        assert_eq!(pairs.len(), 15, "round {round}");
        assert!(bye.is_some(), "round {round}");
    }
    let output = kiela(&["pair", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout.lines().next(),
        Some("16"),
        "15 boards and the bye: {stdout}"
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_benchmark_refuses_to_write_a_field_a_trf_file_cannot_number() {
    let path = std::env::temp_dir().join(format!("kiela-bench-big-{}.trf", std::process::id()));
    let output = kiela(&[
        "bench",
        "--swiss-players",
        "10000",
        "--swiss-round",
        "2",
        "--write-trf",
        path.to_str().unwrap(),
    ]);
    assert_ne!(output.status.code(), Some(0), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("9,999 players"), "{stderr}");
    assert!(!path.exists(), "nothing is written");
}
