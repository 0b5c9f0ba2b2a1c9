//! Tie-break values and ranks equal those of FIDE's tie-break program for every shared
//! tournament (`tests/data/pairing/swiss/*.tiebreaks.json`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

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
