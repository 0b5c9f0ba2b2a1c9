//! Every shared vector, checked: verdict, reason and ply; for valid records the result,
//! termination, final position, plies, stones and the position after every ply.

#![expect(clippy::too_many_lines, reason = "a vector's checks read as one list")]

use std::path::Path;

use kiela::cli::vectors::{SingleMove, read_jsonl, read_record_vectors};
use kiela::rules::{
    Game, Move, Position, Side, Variant, Verdict, VerdictKind, parse_record, replay,
};

fn vectors_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rules"))
}

#[test]
fn every_record_vector_gets_its_expected_verdict() {
    let records = read_record_vectors(vectors_dir()).unwrap();
    assert!(
        records.len() >= 2000,
        "only {} vectors found",
        records.len()
    );
    let mut failures = Vec::new();
    let mut positions_checked = 0;
    for (file, vector) in &records {
        let name = format!("{file} {}", vector.id.as_deref().unwrap_or("?"));
        let text = vector.to_kgn();
        let record = match parse_record(&text) {
            Ok(record) => record,
            Err(e) => {
                failures.push(format!("{name}: unreadable: {e}"));
                continue;
            }
        };
        let verdict = Verdict::of(Ok(&record));
        let expected = &vector.expected;
        if verdict.kind().as_str() != expected.verdict {
            failures.push(format!(
                "{name}: verdict {} (reason {:?}), expected {} {:?} at {:?}: {verdict:?}",
                verdict.kind().as_str(),
                verdict.reason(),
                expected.verdict,
                expected.reason,
                expected.ply
            ));
            continue;
        }
        match &verdict {
            Verdict::Rejected(e) => {
                if Some(e.reason().as_str()) != expected.reason.as_deref()
                    || Some(e.ply) != expected.ply
                {
                    failures.push(format!(
                        "{name}: {} at ply {}, expected {:?} at {:?}",
                        e.reason(),
                        e.ply,
                        expected.reason,
                        expected.ply
                    ));
                }
                let per_ply = [
                    "move_after_game_end",
                    "bad_notation",
                    "illegal_move",
                    "wrong_player",
                    "endless_move",
                ];
                // After the last move, the message counts the plies the record holds.
                if e.move_text.is_none() {
                    let said = format!("after ply {}: ", vector.moves.len());
                    if !e.to_string().starts_with(&said) {
                        failures.push(format!("{name}: `{e}` does not start `{said}`"));
                    }
                }
                if let Some(ply) = expected.ply
                    && per_ply.contains(&e.reason().as_str())
                {
                    assert_eq!(
                        e.move_text.as_deref().map(str::to_lowercase),
                        Some(vector.moves[ply as usize - 1].to_lowercase()),
                        "{name}: the move text of the faulty ply"
                    );
                }
            }
            Verdict::BadRecord(e) => failures.push(format!("{name}: bad record {e}")),
            Verdict::Accepted(v) => {
                if let Some(result) = &vector.result {
                    assert_eq!(v.result.as_str(), result, "{name}");
                }
                if v.kind == VerdictKind::Valid
                    && let Some(termination) = &vector.termination
                {
                    assert_eq!(
                        v.termination.map(kiela::rules::Termination::as_str),
                        Some(termination.as_str()),
                        "{name}"
                    );
                }
                if let Some(fp) = &vector.final_position {
                    assert_eq!(v.final_position, fp.parse::<Position>().unwrap(), "{name}");
                    assert_eq!(&v.final_position.to_string(), fp, "{name}: printed form");
                }
                if let Some(plies) = vector.plies {
                    assert_eq!(v.plies, plies, "{name}");
                }
                assert_eq!(v.plies as usize, vector.moves.len(), "{name}");
                if let Some(stones) = &vector.stones {
                    let board = &v.final_position.board;
                    assert_eq!(stones["S"], u64::from(board.stones(Side::South)), "{name}");
                    assert_eq!(stones["N"], u64::from(board.stones(Side::North)), "{name}");
                }
                if let Some(positions) = &vector.positions {
                    let replayed = replay(&record).unwrap();
                    assert_eq!(replayed.steps.len(), positions.len(), "{name}");
                    for (i, (step, expected)) in replayed.steps.iter().zip(positions).enumerate() {
                        assert_eq!(
                            step.after,
                            expected.parse::<Position>().unwrap(),
                            "{name}: position after ply {}",
                            i + 1
                        );
                        positions_checked += 1;
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} vectors disagree:\n{}",
        failures.len(),
        records.len(),
        failures.join("\n")
    );
    assert!(
        positions_checked > 1000,
        "{positions_checked} positions checked"
    );
}

#[test]
fn every_single_move_vector_gives_the_position_after() {
    let moves: Vec<SingleMove> = read_jsonl(&vectors_dir().join("single_moves.jsonl")).unwrap();
    assert!(!moves.is_empty());
    for vector in &moves {
        let variant: Variant = vector.variant.parse().unwrap();
        let game = Game::new(variant, vector.position.parse().unwrap());
        let mv: Move = vector.mv.parse().unwrap();
        let (next, _) = game
            .play(&mv)
            .unwrap_or_else(|e| panic!("{}: {e}", vector.name));
        assert_eq!(
            *next.position(),
            vector.after.parse::<Position>().unwrap(),
            "{}",
            vector.name
        );
        assert_eq!(next.position().to_string(), vector.after, "{}", vector.name);
        assert_eq!(
            next.position().board.total(),
            game.position().board.total(),
            "{}: stones are conserved",
            vector.name
        );
    }
}
