//! `kiela check FILE.trf`: pairs every round of a Swiss tournament again with the FIDE Dutch
//! engine, from the rounds before it, and reports each round the file records differently
//! (the check bbpPairings and JaVaFo offer), so a federation can audit an event run with
//! other software.
//!
//! Exit status: 0 every round agrees, 1 some round differs, 2 bad input.

use std::collections::BTreeSet;
use std::io::Write;

use super::trf_file::{self, BAD_INPUT};
use crate::tournament::history::Colour;
use crate::tournament::trf::TrfTournament;
use crate::tournament::trf_pairing;

/// Checks every round; returns the exit status.
pub fn run(path: &str, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let tournament = match trf_file::load("check", path, err) {
        Ok(t) => t,
        Err(status) => return status,
    };
    let rounds = trf_pairing::first_unpaired_round(&tournament) - 1;
    let mut text = String::new();
    let mut differing = 0;
    for round in 1..=rounds {
        let recorded = recorded(&tournament, round);
        match trf_pairing::pair_round(&tournament, round) {
            Ok(pairing) => {
                let engine = Pairing {
                    pairs: pairing.pairs.iter().map(|&(a, b)| (a, b, true)).collect(),
                    bye: pairing.bye,
                };
                let differences = differences(&recorded, &engine);
                if differences.is_empty() {
                    text.push_str(&format!("round {round}: as the Dutch system pairs it\n"));
                } else {
                    differing += 1;
                    text.push_str(&format!("round {round}: differs\n"));
                    for line in differences {
                        text.push_str(&format!("  {line}\n"));
                    }
                }
            }
            Err(e) => {
                differing += 1;
                text.push_str(&format!(
                    "round {round}: differs: the Dutch system finds {e}\n"
                ));
            }
        }
    }
    text.push_str(&format!(
        "{rounds} rounds checked, {differing} paired differently\n"
    ));
    if out.write_all(text.as_bytes()).is_err() {
        return BAD_INPUT;
    }
    i32::from(differing > 0)
}

/// A round's pairing: (first, second, whether the colours are known) and the PAB.
struct Pairing {
    pairs: BTreeSet<(usize, usize, bool)>,
    bye: Option<usize>,
}

/// The pairing the file records: each game once, the `w` side first (a forfeit written
/// without colours: the lower number first, colours unknown).
fn recorded(t: &TrfTournament, round: usize) -> Pairing {
    let (coloured, bye) = trf_pairing::recorded_pairing(t, round);
    let mut pairs: BTreeSet<(usize, usize, bool)> =
        coloured.into_iter().map(|(a, b)| (a, b, true)).collect();
    for (i, p) in t.players.iter().enumerate() {
        let entry = p.history.round(round - 1);
        if let Some(o) = entry.opponent
            && entry.colour.is_none()
            && t.players[o].history.round(round - 1).colour != Some(Colour::Black)
            && i < o
        {
            pairs.insert((i, o, false));
        }
    }
    Pairing { pairs, bye }
}

/// What the file has that the engine does not, and the other way round, in pairing numbers.
fn differences(file: &Pairing, engine: &Pairing) -> Vec<String> {
    let unordered = |p: &Pairing| -> BTreeSet<(usize, usize)> {
        p.pairs
            .iter()
            .map(|&(a, b, _)| (a.min(b), a.max(b)))
            .collect()
    };
    let (file_pairs, engine_pairs) = (unordered(file), unordered(engine));
    let mut lines = Vec::new();
    let show = |pairs: Vec<&(usize, usize)>| {
        pairs
            .iter()
            .map(|(a, b)| format!("{}-{}", a + 1, b + 1))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let only_file: Vec<_> = file_pairs.difference(&engine_pairs).collect();
    let only_engine: Vec<_> = engine_pairs.difference(&file_pairs).collect();
    if !only_file.is_empty() || !only_engine.is_empty() {
        lines.push(format!("the file pairs {}", show(only_file)));
        lines.push(format!("the Dutch system pairs {}", show(only_engine)));
    }
    for &(a, b, known) in &file.pairs {
        if known && engine.pairs.contains(&(b, a, true)) {
            lines.push(format!(
                "{} moves first against {} in the file, second by the Dutch system",
                a + 1,
                b + 1
            ));
        }
    }
    if file.bye != engine.bye {
        let who =
            |b: Option<usize>| b.map_or_else(|| "nobody".to_string(), |b| (b + 1).to_string());
        lines.push(format!(
            "the bye goes to {} in the file, to {} by the Dutch system",
            who(file.bye),
            who(engine.bye)
        ));
    }
    lines
}
