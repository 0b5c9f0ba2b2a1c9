//! Simulated Swiss tournaments, for benchmarks and property tests: players with spread
//! ratings, each round paired by the Dutch system, results drawn with the Elo expectation.

use super::dutch::{self, DutchInput, DutchPairing, NoValidPairing};
use super::history::{Colour, GameScore, Outcome, PlayerHistory, PointSystem, RoundEntry};

/// A simulated field of `players` with ratings from 2400 down to 1200.
#[must_use]
pub fn field(players: usize) -> Vec<PlayerHistory> {
    (0..players)
        .map(|i| PlayerHistory {
            name: format!("Player {}", i + 1),
            rating: 2400 - (1200 * i / players.max(1)) as u32,
            rounds: Vec::new(),
        })
        .collect()
}

/// Plays `rounds` rounds: pairs each with the Dutch system and draws results. `random` must
/// return numbers in [0, 1).
pub fn play_rounds(
    players: &mut [PlayerHistory],
    rounds: usize,
    total_rounds: usize,
    mut random: impl FnMut() -> f64,
) -> Result<(), NoValidPairing> {
    let points = PointSystem::default();
    for round in 0..rounds {
        let to_pair = vec![true; players.len()];
        let pairing = dutch::pair(&DutchInput {
            players,
            to_pair: &to_pair,
            played_rounds: round,
            total_rounds,
            initial_colour: Colour::White,
            points,
            forbidden: &[],
            accelerations: None,
        })?;
        record(players, &pairing, &to_pair, &mut random);
    }
    Ok(())
}

/// Adds a paired round to the histories with simulated results: the Elo expectation decides,
/// 3% of games are drawn and 2% forfeited; players not paired get a zero-point bye.
pub fn record(
    players: &mut [PlayerHistory],
    pairing: &DutchPairing,
    to_pair: &[bool],
    mut random: impl FnMut() -> f64,
) {
    for &(white, black) in &pairing.pairs {
        let diff = f64::from(players[black].rating) - f64::from(players[white].rating);
        let expected = 1.0 / (1.0 + 10f64.powf(diff / 400.0));
        let roll = random();
        let (w, b) = if roll < 0.02 {
            (Outcome::ForfeitWin, Outcome::ForfeitLoss)
        } else if roll < 0.05 {
            (
                Outcome::Played(GameScore::Draw),
                Outcome::Played(GameScore::Draw),
            )
        } else if random() < expected {
            (
                Outcome::Played(GameScore::Win),
                Outcome::Played(GameScore::Loss),
            )
        } else {
            (
                Outcome::Played(GameScore::Loss),
                Outcome::Played(GameScore::Win),
            )
        };
        players[white].rounds.push(RoundEntry {
            opponent: Some(black),
            colour: Some(Colour::White),
            outcome: w,
        });
        players[black].rounds.push(RoundEntry {
            opponent: Some(white),
            colour: Some(Colour::Black),
            outcome: b,
        });
    }
    if let Some(bye) = pairing.bye {
        players[bye].rounds.push(RoundEntry {
            opponent: None,
            colour: None,
            outcome: Outcome::Pab,
        });
    }
    for (i, player) in players.iter_mut().enumerate() {
        if !to_pair.get(i).copied().unwrap_or(false) {
            player.rounds.push(RoundEntry::absent());
        }
    }
}
