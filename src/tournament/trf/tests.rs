use super::*;
use crate::tournament::history::Outcome;

const SAMPLE: &str = "012 Test\n142 3\n152 W\n\
001    1      Alpha                             2000                             2.5    1     2 w 1     3 b 1  0000 - H\n\
001    2      Beta                              1900                             1.0    2     1 b 0  0000 - U\n\
001    3      Gamma                             1800                             0.0    3  0000 - Z     1 w -\n";

#[test]
fn reads_players_rounds_and_settings() {
    let t = parse(SAMPLE).unwrap();
    assert_eq!(t.total_rounds, 3);
    assert_eq!(t.initial_colour, Some(Colour::White));
    assert_eq!(t.players.len(), 3);
    let alpha = &t.players[0].history;
    assert_eq!(alpha.name, "Alpha");
    assert_eq!(alpha.rating, 2000);
    assert_eq!(alpha.rounds[0].opponent, Some(1));
    assert_eq!(alpha.rounds[2].outcome, Outcome::HalfBye);
    assert_eq!(
        t.players[1].history.rounds.len(),
        2,
        "trailing blanks are not entries"
    );
    assert_eq!(t.players[2].history.rounds[1].outcome, Outcome::ForfeitLoss);
    assert!(check_consistency(&t).is_ok());
    assert_eq!(alpha.score_after(3, &t.points), 25);
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
}

/// The sample's three-round Swiss written with these players.
fn written(players: &[TrfExportPlayer<'_>]) -> String {
    write(&TrfExport {
        comments: &[],
        name: "Test",
        city: "",
        start_date: None,
        end_date: None,
        total_rounds: 3,
        initial_colour: Colour::White,
        kind: "",
        tiebreaks: &[],
        players,
        points: PointSystem::default(),
        next_round_byes: &[],
        knockout: None,
    })
}

#[test]
fn writes_what_it_reads() {
    let t = parse(SAMPLE).unwrap();
    let players: Vec<TrfExportPlayer<'_>> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| TrfExportPlayer {
            history: &p.history,
            sex: p.sex,
            title: &p.title,
            federation: &p.federation,
            fide_id: &p.fide_id,
            federation_id: p.federation_id.as_deref().unwrap_or(""),
            birth_year: p.birth_year,
            rounds_written: p.history.rounds.len(),
            rank: i + 1,
        })
        .collect();
    let text = written(&players);
    let again = parse(&text).unwrap();
    for (a, b) in again.players.iter().zip(&t.players) {
        assert_eq!(a.history, b.history);
    }
    assert_eq!(again.total_rounds, 3);
    assert_eq!(again.players[0].points_written, Some(25));
    let line = text.lines().find(|l| l.starts_with("001    1")).unwrap();
    assert_eq!(&line[80..84], " 2.5");
    assert_eq!(&line[91..99], "   2 w 1");
}

#[test]
fn federation_ids_are_read_from_xkf_lines_and_written_back() {
    let text = format!("{SAMPLE}XKF    1 ao-77\nXKF    3 K0000012\nXKF    9 K9\nXKF    2 a,b\n");
    let t = parse(&text).unwrap();
    let ids: Vec<Option<&str>> = t
        .players
        .iter()
        .map(|p| p.federation_id.as_deref())
        .collect();
    assert_eq!(ids, [Some("AO-77"), None, Some("K0000012")]);
    let mut unread: Vec<usize> = t
        .warnings
        .iter()
        .filter_map(|w| match w {
            TrfWarning::LineNotKept { line, code } if code == "XKF" => Some(*line),
            _ => None,
        })
        .collect();
    unread.sort_unstable();
    assert_eq!(
        unread,
        [9, 10],
        "a player the file lacks, an id that is no id"
    );
    let players: Vec<TrfExportPlayer<'_>> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| TrfExportPlayer {
            history: &p.history,
            sex: None,
            title: "",
            federation: "",
            fide_id: "",
            federation_id: match i {
                1 => "X\n012 injected",
                _ => p.federation_id.as_deref().unwrap_or(""),
            },
            birth_year: None,
            rounds_written: p.history.rounds.len(),
            rank: i + 1,
        })
        .collect();
    let written = written(&players);
    let xkf: Vec<&str> = written.lines().filter(|l| l.starts_with("XKF")).collect();
    assert_eq!(xkf, ["XKF    1 AO-77", "XKF    3 K0000012"]);
    assert!(!written.contains("injected"));
    let again = parse(&written).unwrap();
    assert_eq!(again.players[0].federation_id.as_deref(), Some("AO-77"));
}

#[test]
fn bad_lines_are_named() {
    let err = parse("001 abcd      X\n").unwrap_err();
    assert_eq!((err.line, err.column), (1, Some(5)));
    let err = parse("012 x\n001    2      A\n").unwrap_err();
    assert_eq!(err.line, 2);
    assert!(matches!(
        err.kind,
        TrfErrorKind::PairingNumberBeyond {
            number: 2,
            players: 1
        }
    ));
}
