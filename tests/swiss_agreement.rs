//! Re-pairs every round of every shared Swiss tournament from the rounds before it and
//! compares with the reference engine's pairing.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::Path;

use kiela::tournament::trf;
use kiela::tournament::trf_pairing::{pair_round, recorded_pairing};

#[test]
fn swiss_rounds_agree_with_the_reference_engine() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pairing/swiss");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    let only = std::env::var("SWISS_ONLY").ok();
    let (mut total, mut same) = (0, 0);
    let mut differences = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if let Some(only) = &only
            && !name.contains(only.as_str())
        {
            continue;
        }
        let t = trf::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        for round in 1..=t.total_rounds {
            total += 1;
            let (expected_pairs, expected_bye) = recorded_pairing(&t, round);
            match pair_round(&t, round) {
                Ok(p) => {
                    let got: BTreeSet<(usize, usize)> = p.pairs.iter().copied().collect();
                    if got == expected_pairs && p.bye == expected_bye {
                        same += 1;
                    } else {
                        differences.push(format!("{name} round {round}"));
                    }
                }
                Err(e) => differences.push(format!("{name} round {round}: {e}")),
            }
        }
    }
    println!("Swiss agreement: {same} of {total} rounds identical");
    for d in differences.iter().take(40) {
        println!("  differs: {d}");
    }
    assert!(total > 0);
    assert_eq!(same, total, "{} rounds differ", total - same);
}
