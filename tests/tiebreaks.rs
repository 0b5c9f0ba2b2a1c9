//! Tie-break values and ranks equal those of FIDE's tie-break program for every shared
//! tournament (`tests/data/pairing/swiss/*.tiebreaks.json`).

use std::path::Path;

use kiela::tournament::standings::{self, StandingsInput, Tiebreak};
use kiela::tournament::trf;

#[test]
fn tiebreaks_equal_the_fide_program() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing/swiss");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".tiebreaks.json"))
        .collect();
    files.sort();
    let mut rows_checked = 0;
    let mut failures = Vec::new();
    for path in &files {
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let trf_path = path.to_string_lossy().replace(".tiebreaks.json", ".trf");
        let t = trf::parse(&std::fs::read_to_string(&trf_path).unwrap()).unwrap();
        let codes: Vec<String> = json["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        assert_eq!(codes[0], "PTS");
        let tiebreaks: Vec<Tiebreak> = codes[1..].iter().map(|c| c.parse().unwrap()).collect();
        let players: Vec<_> = t.players.iter().map(|p| p.history.clone()).collect();
        let result = standings::compute(&StandingsInput {
            players: &players,
            rounds: json["rounds"].as_u64().unwrap() as usize,
            points: t.points,
            tiebreaks: &tiebreaks,
        });
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        for expected in json["rows"].as_array().unwrap() {
            let id = expected["id"].as_u64().unwrap() as usize;
            let row = result.rows.iter().find(|r| r.player == id - 1).unwrap();
            let values: Vec<f64> = expected["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap())
                .collect();
            let mut got = vec![row.points];
            got.extend(&row.values);
            let rank = expected["rank"].as_u64().unwrap() as usize;
            let agree = values.iter().zip(&got).all(|(a, b)| (a - b).abs() < 1e-9);
            if !agree || row.rank != rank {
                failures.push(format!(
                    "{name} player {id}: expected {values:?} rank {rank}, got {got:?} rank {}",
                    row.rank
                ));
            }
            rows_checked += 1;
        }
    }
    assert!(rows_checked > 6000, "{rows_checked}");
    assert!(
        failures.is_empty(),
        "{} of {rows_checked} rows differ:\n{}",
        failures.len(),
        failures
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A cut of nothing is zero, never "-0", after a single round.
#[test]
fn values_after_one_game_are_positive_zeros_or_more() {
    use kiela::tournament::history::{
        Colour, GameScore, Outcome, PlayerHistory, PointSystem, RoundEntry,
    };
    let game = |opponent, colour, score| RoundEntry {
        opponent: Some(opponent),
        colour: Some(colour),
        outcome: Outcome::Played(score),
    };
    let players = vec![
        PlayerHistory {
            name: "A".into(),
            rating: 0,
            rounds: vec![game(1, Colour::White, GameScore::Win)],
        },
        PlayerHistory {
            name: "B".into(),
            rating: 0,
            rounds: vec![game(0, Colour::Black, GameScore::Loss)],
        },
    ];
    let tiebreaks: Vec<Tiebreak> = ["BH-C1", "BH", "SB", "DE", "WON"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let result = standings::compute(&StandingsInput {
        players: &players,
        rounds: 1,
        points: PointSystem::default(),
        tiebreaks: &tiebreaks,
    });
    for row in &result.rows {
        for v in &row.values {
            assert!(v.is_sign_positive(), "{:?}", row.values);
        }
    }
    assert_eq!(result.rows[0].player, 0);
    assert_eq!(format!("{}", result.rows[1].values[0]), "0");
}
