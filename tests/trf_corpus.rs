//! TRF files as other programs write them (`tests/data/trf/`), each with its expected reading:
//! what is kept, what is a warning, and where a refusal points.

#![expect(clippy::unwrap_used)]
#![expect(
    clippy::format_collect,
    reason = "a test builds its files line by line"
)]

use std::path::PathBuf;
use std::process::Command;

use chrono::NaiveDate;
use kiela::tournament::history::{Colour, GameScore, Outcome};
use kiela::tournament::trf::{self, Encoding, TrfErrorKind, TrfSex, TrfTournament, TrfWarning};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/trf")
        .join(name)
}

fn read(name: &str) -> Result<TrfTournament, trf::TrfError> {
    let t = trf::read(&std::fs::read(path(name)).unwrap())?;
    trf::check_consistency(&t)?;
    Ok(t)
}

fn kiela(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kiela"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn outcomes(t: &TrfTournament, player: usize) -> Vec<Outcome> {
    t.players[player]
        .history
        .rounds
        .iter()
        .map(|e| e.outcome)
        .collect()
}

#[test]
fn forfeits_written_without_a_colour_are_forfeits() {
    let t = read("forfeits-without-colour.trf").unwrap();
    let r2 = t.players[0].history.round(1);
    assert_eq!(
        (r2.opponent, r2.colour, r2.outcome),
        (Some(1), None, Outcome::ForfeitWin)
    );
    assert_eq!(t.players[1].history.round(1).outcome, Outcome::ForfeitLoss);
    assert_eq!(t.players[0].history.score_after(3, &t.points), 30);
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
}

#[test]
fn byes_written_with_game_codes_are_byes() {
    let t = read("byes-written-otherwise.trf").unwrap();
    assert_eq!(outcomes(&t, 0)[1], Outcome::HalfBye, "0000 - =");
    assert_eq!(outcomes(&t, 1)[1], Outcome::FullBye, "0000 - +");
    assert_eq!(outcomes(&t, 2), vec![Outcome::Pab, Outcome::ZeroBye]);
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
}

#[test]
fn blank_rounds_are_scored_as_the_totals_say_and_disagreements_reported() {
    let t = read("blank-rounds-and-totals.trf").unwrap();
    assert_eq!(outcomes(&t, 0)[1], Outcome::HalfBye);
    assert_eq!(
        outcomes(&t, 1)[1],
        Outcome::ZeroBye,
        "a blank the total counts as nothing"
    );
    assert_eq!(outcomes(&t, 2)[1], Outcome::FullBye);
    for (i, p) in t.players.iter().enumerate().take(3) {
        assert_eq!(
            Some(p.history.score_after(3, &t.points)),
            p.points_written,
            "player {}",
            i + 1
        );
    }
    assert_eq!(
        t.warnings,
        vec![
            TrfWarning::AbsenceScored {
                player: 1,
                rounds: vec![2],
                points: 5
            },
            TrfWarning::AbsenceScored {
                player: 3,
                rounds: vec![2],
                points: 10
            },
            TrfWarning::TotalDisagrees {
                player: 4,
                written: 20,
                computed: 10
            },
        ]
    );
}

#[test]
fn latin1_and_windows_1252_files_are_read_with_any_line_ends() {
    let t = read("latin1-crlf.trf").unwrap();
    assert_eq!(t.encoding, Encoding::Windows1252);
    assert_eq!(t.warnings, vec![TrfWarning::ReadAsLatin1]);
    assert_eq!(t.city, "Malanje");
    assert_eq!(t.players[0].history.name, "José Dória");
    assert_eq!(t.players[1].history.name, "Conceição Gonçalves");
    assert_eq!(
        t.players[0].history.round(0).outcome,
        Outcome::Played(GameScore::Win)
    );
    let t = read("cp1252-cr.trf").unwrap();
    assert_eq!(t.name, "Taça d’Ouro");
    assert_eq!(t.players[0].history.name, "N’Gola Kiluanji");
    assert_eq!(t.players[1].history.name, "Zoé Œuvray");
    assert_eq!(t.players.len(), 2, "CR alone ends lines");
}

#[test]
fn every_field_of_a_player_and_an_event_is_read() {
    let t = read("full-details.trf").unwrap();
    assert_eq!(t.name, "Prémio Kiela 2026 — Luanda");
    assert_eq!((t.city.as_str(), t.federation.as_str()), ("Luanda", "ANG"));
    assert_eq!(t.start_date, NaiveDate::from_ymd_opt(2026, 3, 14));
    assert_eq!(t.end_date, NaiveDate::from_ymd_opt(2026, 3, 15));
    assert_eq!((t.total_rounds, t.initial_colour), (3, Some(Colour::Black)));
    assert_eq!(t.kind, "Individual: Swiss-System");
    assert_eq!(t.tiebreaks, vec!["BH/C1", "BH", "SB"]);
    assert_eq!(
        (t.points.win, t.points.draw, t.points.loss, t.points.pab),
        (30, 10, 0, 30)
    );
    let ana = &t.players[0];
    assert_eq!(ana.history.name, "Kiala, Ana");
    assert_eq!(ana.sex, Some(TrfSex::Female));
    assert_eq!(
        (
            ana.title.as_str(),
            ana.federation.as_str(),
            ana.fide_id.as_str()
        ),
        ("WIM", "ANG", "12345678")
    );
    assert_eq!(ana.birth_year, Some(1998));
    assert_eq!(t.players[1].birth_year, Some(2001), "YYYY/00/00");
    assert_eq!(t.players[2].birth_year, Some(2010), "a year alone");
    assert_eq!(t.players[3].history.rating, 0);
    assert_eq!(t.players[3].sex, Some(TrfSex::Male));
    assert_eq!(
        t.warnings,
        vec![
            TrfWarning::LineNotKept {
                line: 9,
                code: "102".into()
            },
            TrfWarning::LineNotKept {
                line: 10,
                code: "122".into()
            },
            TrfWarning::BirthDate {
                line: 18,
                found: "unknown".into()
            },
        ]
    );
}

#[test]
fn rulers_headings_comments_and_bye_lines() {
    let t = read("ruler-and-bye-lines.trf").unwrap();
    assert_eq!(t.name, "Ruler above the players", "a ruler is not the name");
    assert_eq!(t.players.len(), 4);
    assert_eq!(
        outcomes(&t, 0),
        vec![Outcome::Played(GameScore::Win), Outcome::HalfBye]
    );
    assert_eq!(outcomes(&t, 3)[1], Outcome::HalfBye);
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
}

#[test]
fn points_lines_and_forbidden_pairings() {
    let t = read("points-lines-and-forbidden.trf").unwrap();
    assert_eq!((t.points.win, t.points.draw, t.points.pab), (20, 10, 10));
    assert_eq!(t.forbidden_in(2), vec![(0, 1)]);
    assert!(t.forbidden_in(1).is_empty());
    // The two leaders may not meet: each is paired with one of the others.
    let (status, out, _) = kiela(&[
        "pair",
        path("points-lines-and-forbidden.trf").to_str().unwrap(),
    ]);
    assert_eq!(status, Some(0));
    let pairs: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(pairs.len(), 2, "{out}");
    assert!(!pairs.contains(&"1 2") && !pairs.contains(&"2 1"), "{out}");
}

#[test]
fn refusals_name_the_line_the_column_and_what_was_expected() {
    let cases: &[(&str, usize, Option<usize>, &str)] = &[
        ("empty.trf", 0, None, "empty"),
        ("not-trf.trf", 0, None, "not-trf"),
        ("team.trf", 5, Some(1), "team"),
        ("bad-colour.trf", 2, Some(97), "colour"),
        ("bad-result.trf", 3, Some(99), "result"),
        ("bad-opponent.trf", 2, Some(102), "opponent"),
        (
            "played-game-without-colour.trf",
            2,
            Some(97),
            "game-without-colour",
        ),
        ("games-disagree.trf", 0, None, "games-disagree"),
    ];
    for &(name, line, column, code) in cases {
        let e = read(name).expect_err(name);
        assert_eq!(
            (e.line, e.column, e.code()),
            (line, column, code),
            "{name}: {e}"
        );
        let (status, out, err) = kiela(&["pair", path(name).to_str().unwrap()]);
        assert_eq!(status, Some(2), "{name}");
        assert!(out.is_empty(), "{name}: nothing on standard output");
        assert!(err.contains(&e.to_string()), "{name}: {err}");
    }
    let e = read("bad-colour.trf").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2, column 97: round 1: the colour should be w, b or -, not `x`"
    );
    assert!(matches!(
        read("team.trf").unwrap_err().kind,
        TrfErrorKind::TeamTournament { .. }
    ));
}

#[test]
fn pair_says_when_every_round_is_played() {
    let (status, out, err) = kiela(&["pair", path("all-rounds-played.trf").to_str().unwrap()]);
    assert_eq!(status, Some(3));
    assert!(out.is_empty());
    assert!(err.contains("all 2 rounds are played"), "{err}");
    let (status, _, err) = kiela(&[
        "pair",
        "--round",
        "3",
        path("all-rounds-played.trf").to_str().unwrap(),
    ]);
    assert_eq!(status, Some(3), "{err}");
    // Re-pairing a played round stays possible.
    let (status, out, _) = kiela(&[
        "pair",
        "--round",
        "2",
        path("all-rounds-played.trf").to_str().unwrap(),
    ]);
    assert_eq!(status, Some(0));
    assert_eq!(out.lines().next(), Some("2"));
}

#[test]
fn byes_entered_for_the_next_round_are_honoured() {
    let t = read("byes-for-next-round.trf").unwrap();
    assert_eq!(kiela::tournament::trf_pairing::first_unpaired_round(&t), 3);
    let (status, out, err) = kiela(&["pair", path("byes-for-next-round.trf").to_str().unwrap()]);
    assert_eq!(status, Some(0), "{err}");
    let numbers: Vec<usize> = out
        .lines()
        .skip(1)
        .flat_map(|l| l.split_whitespace().map(|n| n.parse::<usize>().unwrap()))
        .filter(|&n| n != 0)
        .collect();
    let mut sorted = numbers.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        vec![2, 4, 5],
        "players 1 and 3 asked for byes: {out}"
    );
}

#[test]
fn standings_of_a_file_equal_the_fide_tiebreak_program() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing/swiss");
    for name in ["swiss-003", "swiss-017", "swiss-101"] {
        let expected: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{name}.tiebreaks.json"))).unwrap(),
        )
        .unwrap();
        let codes: Vec<&str> = expected["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        let file = dir.join(format!("{name}.trf"));
        let (status, out, err) = kiela(&[
            "standings",
            "--json",
            "--tiebreaks",
            &codes.join(","),
            file.to_str().unwrap(),
        ]);
        assert_eq!(status, Some(0), "{err}");
        let got: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(got["tiebreaks"], expected["tiebreaks"], "{name}");
        assert_eq!(got["rank_order"], expected["rank_order"], "{name}");
        for (g, e) in got["rows"]
            .as_array()
            .unwrap()
            .iter()
            .zip(expected["rows"].as_array().unwrap())
        {
            assert_eq!((&g["id"], &g["rank"]), (&e["id"], &e["rank"]), "{name}");
            let (gv, ev) = (
                g["values"].as_array().unwrap(),
                e["values"].as_array().unwrap(),
            );
            for (a, b) in gv.iter().zip(ev) {
                assert!(
                    (a.as_f64().unwrap() - b.as_f64().unwrap()).abs() < 1e-9,
                    "{name}: {g} {e}"
                );
            }
        }
    }
    let (status, out, _) = kiela(&["standings", path("full-details.trf").to_str().unwrap()]);
    assert_eq!(status, Some(0));
    let first = out.lines().nth(1).unwrap();
    assert!(
        first.contains("Kiala, Ana") && first.contains("6.0"),
        "3/1/0 points: {out}"
    );
    assert!(
        out.lines().next().unwrap().contains("BH/C1"),
        "the file's own tie-breaks: {out}"
    );
    let (status, _, err) = kiela(&[
        "standings",
        "--tiebreaks",
        "XYZ",
        path("full-details.trf").to_str().unwrap(),
    ]);
    assert_eq!(status, Some(2));
    assert!(err.contains("XYZ") && err.contains("BH"), "{err}");
}

#[test]
fn check_finds_the_rounds_paired_otherwise() {
    let file =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing/swiss/swiss-003.trf");
    let (status, out, err) = kiela(&["check", file.to_str().unwrap()]);
    assert_eq!(status, Some(0), "{out}{err}");
    assert!(out.ends_with("0 paired differently\n"), "{out}");
    // Swap two opponents in round 2 and the check points at it.
    let text = std::fs::read_to_string(&file).unwrap();
    let t = trf::parse(&text).unwrap();
    let (pairs, _) = kiela::tournament::trf_pairing::recorded_pairing(&t, 2);
    let mut pairs = pairs.into_iter();
    let (a, b) = pairs.next().unwrap();
    let (c, d) = pairs.next().unwrap();
    let swapped: String = text
        .lines()
        .map(|line| {
            if !line.starts_with("001") {
                return format!("{line}\n");
            }
            let number: usize = line[4..8].trim().parse().unwrap();
            let new = match number - 1 {
                n if n == a => Some(d),
                n if n == d => Some(a),
                n if n == c => Some(b),
                n if n == b => Some(c),
                _ => None,
            };
            let mut chars: Vec<char> = line.chars().collect();
            if let Some(o) = new {
                for (i, ch) in format!("{:>4}", o + 1).chars().enumerate() {
                    chars[101 + i] = ch;
                }
            }
            format!("{}\n", chars.into_iter().collect::<String>())
        })
        .collect();
    let changed = std::env::temp_dir().join(format!("kiela-check-{}.trf", std::process::id()));
    std::fs::write(&changed, swapped).unwrap();
    let (status, out, _) = kiela(&["check", changed.to_str().unwrap()]);
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("round 2: differs"), "{out}");
}

#[test]
fn utf8_lines_whose_columns_count_bytes_are_read_by_bytes() {
    let t = read("utf8-columns-in-bytes.trf").unwrap();
    let jose = &t.players[0];
    assert_eq!(jose.history.name, "José Dória");
    assert_eq!(jose.history.rating, 1900);
    assert_eq!(
        jose.history.round(0).outcome,
        Outcome::Played(GameScore::Win)
    );
    assert_eq!(t.warnings, vec![TrfWarning::ColumnsInBytes { line: 3 }]);
}

/// Files built to exhaust memory or time are refused at once, naming the line.
#[test]
fn hostile_sizes_are_refused_at_the_line() {
    let base = "012 Hostile\n\
001    1      Ana Kiala                         1900                             1.0    1     2 w 1\n\
001    2      Bento Mbala                       1850                             0.0    2     1 b 0\n";
    let refused = |extra: &str| {
        let e = trf::parse(&format!("{base}{extra}")).expect_err(extra);
        (e.line, e.code())
    };
    assert_eq!(refused("240 H 4000000000 1\n"), (4, "bye-line"));
    assert_eq!(refused("240 H 18446744073709551615 1\n"), (4, "bye-line"));
    assert_eq!(refused("240 H 1000 1\n"), (4, "bye-line"));
    assert_eq!(refused("260 1 2 1 9\n"), (4, "forbidden-line"));
    // Sixty thousand players named on one forbidden line, most of them twice.
    let many = format!("260 1 99 {}\n", "1 2 ".repeat(30_000));
    let t = trf::parse(&format!("{base}{many}")).unwrap();
    assert_eq!(
        t.forbidden_in(5),
        vec![(0, 1)],
        "the same two players, once"
    );
    let lines: String = (0..1500)
        .map(|_| format!("260 1 2 {}\n", "1 2 ".repeat(40)))
        .collect();
    assert!(
        trf::parse(&format!("{base}{lines}")).is_ok(),
        "many small lines"
    );
    // A round column past the 999th.
    let long = format!(
        "{}{}",
        base.lines().nth(1).unwrap(),
        "  0000 - Z".repeat(1000)
    );
    let e = trf::parse(&format!("012 X\n{long}\n")).unwrap_err();
    assert_eq!((e.line, e.code()), (2, "too-many-rounds"));
    // A pairing number far beyond the players is blamed on its own line.
    let beyond = "012 X\n\
001    1      Ana Kiala                         1900                             0.0    1\n\
001 9999      Bento Mbala                       1850                             0.0    2\n";
    let e = trf::parse(beyond).unwrap_err();
    assert_eq!(
        (e.line, e.column, e.code()),
        (3, Some(5), "pairing-number-beyond")
    );
    // Points of a result above 100 are not a points system.
    assert_eq!(refused("162  W1000.0    D 1.0\n"), (4, "points-system"));
}

/// A file mostly UTF-8 with one Latin-1 line keeps its UTF-8 lines as written.
#[test]
fn mixed_encodings_are_decoded_line_by_line() {
    let mut bytes = "012 Torneio de demonstração\n".as_bytes().to_vec();
    bytes.extend_from_slice(b"022 Hu\xedla\n");
    bytes.extend_from_slice(
        "001    1      Ana Kiala                         1900                             1.0    1     2 w 1\n\
001    2      Bento Mbala                       1850                             0.0    2     1 b 0\n"
            .as_bytes(),
    );
    let t = trf::read(&bytes).unwrap();
    assert_eq!(t.name, "Torneio de demonstração");
    assert_eq!(t.city, "Huíla");
    assert_eq!(t.warnings, vec![TrfWarning::ReadAsLatin1]);
}
