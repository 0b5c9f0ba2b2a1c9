//! Pairing a round of a tournament given as a TRF file, as the established pairing programs
//! do: the round is computed from the rounds before it.
//!
//! Who is paired in round R: everyone, except a player whose round-R entry is already an
//! unpaired one (opponent `0000` with `H`, `Z`, `F` or `-`); and, when the file already holds
//! games of round R (re-pairing a played round, as a checker does), a player with no round-R
//! entry at all. Round-R games and all later rounds are ignored. Pairings the file forbids
//! for round R (`260` lines) are not made.

use std::collections::BTreeSet;

use super::dutch::{self, DutchInput, DutchPairing, NoValidPairing};
use super::history::{Colour, Outcome, PlayerHistory};
use super::trf::TrfTournament;

/// The first round without any game, PAB or forfeit in it (1-based).
#[must_use]
pub fn first_unpaired_round(t: &TrfTournament) -> usize {
    let rounds = t.rounds_written();
    (0..rounds)
        .find(|&r| !round_has_pairings(t, r))
        .unwrap_or(rounds)
        + 1
}

fn round_has_pairings(t: &TrfTournament, round: usize) -> bool {
    t.players
        .iter()
        .any(|p| p.history.round(round).participated())
}

/// Who is to be paired in `round` (1-based).
#[must_use]
pub fn players_to_pair(t: &TrfTournament, round: usize) -> Vec<bool> {
    let r = round - 1;
    let has_games = round_has_pairings(t, r);
    t.players
        .iter()
        .map(|p| {
            let entry = p.history.round(r);
            let written = p.has_entry.get(r).copied().unwrap_or(false);
            if !written {
                return !has_games;
            }
            if entry.participated() {
                return true;
            }
            !matches!(
                entry.outcome,
                Outcome::HalfBye | Outcome::ZeroBye | Outcome::FullBye | Outcome::ForfeitLoss
            )
        })
        .collect()
}

/// The colour of the top player in round 1, from the file or inferred from its first round.
#[must_use]
pub fn initial_colour(t: &TrfTournament) -> Colour {
    if let Some(colour) = t.initial_colour {
        return colour;
    }
    let first = t
        .players
        .iter()
        .flat_map(|p| {
            p.history
                .rounds
                .iter()
                .enumerate()
                .filter(|(_, e)| e.colour.is_some())
                .map(|(r, _)| r)
        })
        .min();
    let Some(first) = first else {
        return Colour::White;
    };
    let mut counter = 0usize;
    for p in &t.players {
        let took_part = (0..=first).any(|r| p.history.round(r).participated());
        if !took_part {
            continue;
        }
        if let Some(colour) = p.history.round(first).colour {
            return if counter % 2 == 1 {
                colour.invert()
            } else {
                colour
            };
        }
        counter += 1;
    }
    Colour::White
}

/// The histories as they stood before `round` (1-based).
#[must_use]
pub fn histories_before(t: &TrfTournament, round: usize) -> Vec<PlayerHistory> {
    t.players
        .iter()
        .map(|p| {
            let mut h = p.history.clone();
            h.rounds.truncate(round - 1);
            h
        })
        .collect()
}

/// Pairs `round` (1-based) of the file with the Dutch system.
pub fn pair_round(t: &TrfTournament, round: usize) -> Result<DutchPairing, NoValidPairing> {
    let histories = histories_before(t, round);
    let to_pair = players_to_pair(t, round);
    let total_rounds = t.total_rounds.max(round);
    let forbidden = t.forbidden_in(round);
    dutch::pair(&DutchInput {
        players: &histories,
        to_pair: &to_pair,
        played_rounds: round - 1,
        total_rounds,
        initial_colour: initial_colour(t),
        points: t.points,
        forbidden: &forbidden,
        accelerations: None,
    })
}

/// The pairing the file records for `round` (1-based): (first mover, second mover) pairs
/// and the PAB.
#[must_use]
pub fn recorded_pairing(
    t: &TrfTournament,
    round: usize,
) -> (BTreeSet<(usize, usize)>, Option<usize>) {
    let r = round - 1;
    let mut pairs = BTreeSet::new();
    let mut bye = None;
    for (i, p) in t.players.iter().enumerate() {
        let entry = p.history.round(r);
        match (entry.opponent, entry.colour) {
            (Some(o), Some(Colour::White)) => {
                pairs.insert((i, o));
            }
            (None, _) if entry.outcome == Outcome::Pab => bye = Some(i),
            _ => {}
        }
    }
    (pairs, bye)
}

/// How the Dutch system pairs one recorded round: what differs (in pairing numbers; nothing
/// when it pairs the round as recorded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundCheck {
    pub round: usize,
    pub differences: Vec<Difference>,
}

/// One way a recorded round differs from the Dutch system's pairing, in pairing numbers
/// (from 1). Said in English by `Display` (`kiela check`, the API); pages say it in the
/// reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The pairs only the file has, and those only the Dutch system has.
    Pairs {
        file: Vec<(usize, usize)>,
        dutch: Vec<(usize, usize)>,
    },
    /// A pair both have, the first move the other way: `first` moves first in the file.
    FirstMove { first: usize, second: usize },
    /// The pairing-allocated bye (`None`: nobody).
    Bye {
        file: Option<usize>,
        dutch: Option<usize>,
    },
    /// The Dutch system finds no pairing of the round: why, in its words.
    NoPairing(String),
}

impl Difference {
    /// Pairs as a file's reader writes them: `2-7 3-5`.
    #[must_use]
    pub fn pairs_text(pairs: &[(usize, usize)]) -> String {
        pairs
            .iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let who = |b: &Option<usize>| b.map_or_else(|| "nobody".to_string(), |b| b.to_string());
        match self {
            Difference::Pairs { file, dutch } => write!(
                f,
                "the file pairs {}; the Dutch system pairs {}",
                Difference::pairs_text(file),
                Difference::pairs_text(dutch)
            ),
            Difference::FirstMove { first, second } => write!(
                f,
                "{first} moves first against {second} in the file, second by the Dutch system"
            ),
            Difference::Bye { file, dutch } => write!(
                f,
                "the bye goes to {} in the file, to {} by the Dutch system",
                who(file),
                who(dutch)
            ),
            Difference::NoPairing(why) => write!(f, "the Dutch system finds {why}"),
        }
    }
}

impl serde::Serialize for Difference {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Pairs every recorded round again from the rounds before it (the check bbpPairings and
/// JaVaFo offer).
#[must_use]
pub fn check_rounds(tournament: &TrfTournament) -> Vec<RoundCheck> {
    let rounds = first_unpaired_round(tournament) - 1;
    (1..=rounds)
        .map(|round| {
            let recorded = recorded(tournament, round);
            let differences = match pair_round(tournament, round) {
                Ok(pairing) => {
                    let engine = Pairing {
                        pairs: pairing.pairs.iter().map(|&(a, b)| (a, b, true)).collect(),
                        bye: pairing.bye,
                    };
                    differences(&recorded, &engine)
                }
                Err(e) => vec![Difference::NoPairing(e.to_string())],
            };
            RoundCheck { round, differences }
        })
        .collect()
}

/// A round's pairing: (first, second, whether the colours are known) and the PAB.
struct Pairing {
    pairs: BTreeSet<(usize, usize, bool)>,
    bye: Option<usize>,
}

/// The pairing the file records: each game once, the `w` side first (a forfeit written
/// without colours: the lower number first, colours unknown).
fn recorded(t: &TrfTournament, round: usize) -> Pairing {
    let (coloured, bye) = recorded_pairing(t, round);
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
fn differences(file: &Pairing, engine: &Pairing) -> Vec<Difference> {
    let unordered = |p: &Pairing| -> BTreeSet<(usize, usize)> {
        p.pairs
            .iter()
            .map(|&(a, b, _)| (a.min(b), a.max(b)))
            .collect()
    };
    let (file_pairs, engine_pairs) = (unordered(file), unordered(engine));
    let mut lines = Vec::new();
    let numbered =
        |pairs: Vec<&(usize, usize)>| pairs.iter().map(|(a, b)| (a + 1, b + 1)).collect();
    let only_file: Vec<_> = file_pairs.difference(&engine_pairs).collect();
    let only_engine: Vec<_> = engine_pairs.difference(&file_pairs).collect();
    if !only_file.is_empty() || !only_engine.is_empty() {
        lines.push(Difference::Pairs {
            file: numbered(only_file),
            dutch: numbered(only_engine),
        });
    }
    for &(a, b, known) in &file.pairs {
        if known && engine.pairs.contains(&(b, a, true)) {
            lines.push(Difference::FirstMove {
                first: a + 1,
                second: b + 1,
            });
        }
    }
    if file.bye != engine.bye {
        lines.push(Difference::Bye {
            file: file.bye.map(|b| b + 1),
            dutch: engine.bye.map(|b| b + 1),
        });
    }
    lines
}
