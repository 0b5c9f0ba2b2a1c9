//! A mutation fuzzer for the KGN parser and the verifier: real records from the shared
//! vectors, cut, spliced, bit-flipped and salted with hostile tokens, plus plain random bytes.
//! Every input is parsed and every game verified; a panic fails the run and leaves the input in
//! `target/fuzz-failures/`.
//!
//! `cargo test` runs 20,000 inputs. The million-input run documented in docs/evidence.md:
//!
//! ```sh
//! KIELA_FUZZ_INPUTS=1000000 cargo test --release --test fuzz_records -- --nocapture
//! ```
//!
//! `KIELA_FUZZ_SEED` picks another sequence of inputs.

#![expect(clippy::unwrap_used)]

use std::path::Path;
use std::time::Instant;

use kiela::rules::kgn::parse_games;
use kiela::rules::verify::{Verdict, verify};

const TOKENS: &[&str] = &[
    "z9",
    "R:",
    "R:99,99",
    "R:2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,2,2,2,2",
    "R:-1,0,0,0,0,0,0,0,0,0/0",
    "{",
    "}",
    "{ comment }",
    "[",
    "]",
    "\"",
    "\\",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "\0",
    "\u{202e}",
    "👩‍👩‍👧",
    "99999999999999999999",
    "-1",
    "...",
    "1.",
    "999.",
    "[Variant \"expert\"]",
    "[Variant \"beginner\"]",
    "[First \"N\"]",
    "[First \"X\"]",
    "[Termination \"resign\"]",
    "[Termination \"time\"]",
    "[Result \"*\"]",
    ";",
    "\n\n",
    "\r\n",
    "a1",
    "j4",
    "e2",
    "k1",
    "a0",
    "a5",
    " ",
    "\t",
    "%",
    "[Event \"",
    "]]]]",
];

/// Records of every shared vector file, as KGN text.
fn corpus() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rules");
    let mut records = Vec::new();
    for file in [
        "beginner",
        "advanced",
        "advanced_greedy",
        "expert",
        "endless_moves",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{file}.jsonl"))).unwrap();
        for line in text.lines().take(150) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let mut kgn = format!(
                "[Variant \"{}\"]\n[First \"{}\"]\n",
                v["variant"].as_str().unwrap_or("advanced"),
                v["first"].as_str().unwrap_or("S")
            );
            if let Some(r) = v["result"].as_str() {
                kgn.push_str(&format!("[Result \"{r}\"]\n"));
            }
            kgn.push('\n');
            for (i, m) in v["moves"].as_array().unwrap().iter().enumerate() {
                if i % 2 == 0 {
                    kgn.push_str(&format!("{}. ", i / 2 + 1));
                }
                kgn.push_str(m.as_str().unwrap());
                kgn.push(' ');
            }
            kgn.push_str(v["result"].as_str().unwrap_or("*"));
            kgn.push('\n');
            records.push(kgn.into_bytes());
        }
    }
    records
}

fn mutate(rng: &mut fastrand::Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    if rng.u8(..10) == 0 {
        let len = rng.usize(..4096);
        return (0..len).map(|_| rng.u8(..)).collect();
    }
    let mut data = corpus[rng.usize(..corpus.len())].clone();
    for _ in 0..rng.usize(1..9) {
        let at = rng.usize(..=data.len());
        match rng.u8(..8) {
            0 => {
                if let Some(b) = data.get_mut(at) {
                    *b ^= 1 << rng.u8(..8);
                }
            }
            1 => data.insert(at, rng.u8(..)),
            2 => {
                let end = (at + rng.usize(..64)).min(data.len());
                data.drain(at..end);
            }
            3 => {
                let end = (at + rng.usize(..256)).min(data.len());
                let copy = data[at..end].to_vec();
                let to = rng.usize(..=data.len());
                data.splice(to..to, copy);
            }
            4 | 5 => {
                let token = TOKENS[rng.usize(..TOKENS.len())].as_bytes();
                data.splice(at..at, token.iter().copied());
            }
            6 => {
                let other = &corpus[rng.usize(..corpus.len())];
                let cut = rng.usize(..=other.len());
                data.truncate(at);
                data.extend_from_slice(&other[cut..]);
            }
            _ => data.truncate(at),
        }
    }
    data
}

/// Parses and verifies everything in the input, as `kiela verify` and the server do.
fn exercise(input: &[u8]) -> usize {
    let mut games = 0;
    for game in parse_games(input) {
        games += 1;
        let verdict = Verdict::of(game.as_ref());
        let _ = serde_json::to_string(&verdict.to_json()).unwrap();
        if let Ok(record) = &game {
            if let Err(e) = verify(record) {
                let _ = e.to_string();
            }
            let _ = record.to_string();
        }
    }
    games
}

#[test]
fn mutated_records_never_panic() {
    let inputs: usize = std::env::var("KIELA_FUZZ_INPUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let seed: u64 = std::env::var("KIELA_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2026);
    let corpus = corpus();
    assert!(corpus.len() > 500);
    let mut rng = fastrand::Rng::with_seed(seed);
    let started = Instant::now();
    let (mut games, mut bytes) = (0usize, 0usize);
    for i in 0..inputs {
        let input = mutate(&mut rng, &corpus);
        bytes += input.len();
        match std::panic::catch_unwind(|| exercise(&input)) {
            Ok(n) => games += n,
            Err(_) => {
                let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-failures");
                std::fs::create_dir_all(&dir).unwrap();
                let file = dir.join(format!("seed{seed}-input{i}.kgn"));
                std::fs::write(&file, &input).unwrap();
                panic!("input {i} panicked; saved to {}", file.display());
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "fuzz: {inputs} inputs ({:.1} MB, {games} games) in {seconds:.1} s, {:.0} inputs/s, no panic",
        bytes as f64 / 1e6,
        inputs as f64 / seconds
    );
}
