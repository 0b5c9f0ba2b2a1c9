//! The expert rearrangements the engine considers. Any distribution of a player's stones over
//! his 20 holes is legal (KIELA.md §7), far too many to search, so the engine weighs a fixed
//! family of shapes and a few seeded random ones, and lets the search choose among them and the
//! sowing moves.

use crate::rules::{Arrangement, Game};

/// How many random arrangements join the fixed shapes.
const RANDOM_SHAPES: usize = 4;

/// The arrangements considered for the player to move, in a fixed order (the search refers to
/// them by index). Empty unless he may still rearrange.
pub(crate) fn candidates(game: &Game, seed: u64) -> Vec<Arrangement> {
    let side = game.to_move();
    if !game.may_rearrange(side) {
        return Vec::new();
    }
    let board = &game.position().board;
    let stones = board.stones(side);
    let mut out = vec![
        // Keep the stones where they are (the turn is spent).
        Arrangement::of(board, side),
        // Everything in the outer row: nothing to capture until stones reach the inner row.
        spread(stones, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], &[]),
        // The outer row and the inner row's right end, as in the rules' example.
        spread(stones, &[0, 1, 2, 3, 4, 5, 6, 7], &[8, 9]),
        // Evenly over both rows.
        spread(
            stones,
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        ),
    ];
    let mut state = seed ^ u64::from(stones).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for _ in 0..RANDOM_SHAPES {
        out.push(random(stones, &mut state));
    }
    out.retain(|a| a.total() == u64::from(stones));
    let mut seen = Vec::with_capacity(out.len());
    out.retain(|a| {
        let new = !seen.contains(a);
        seen.push(*a);
        new
    });
    out
}

/// `stones` dealt round-robin over the listed outer and inner columns.
fn spread(stones: u32, outer_columns: &[usize], inner_columns: &[usize]) -> Arrangement {
    let mut outer = [0u32; 10];
    let mut inner = [0u32; 10];
    let holes = outer_columns.len() + inner_columns.len();
    if holes > 0 {
        for i in 0..stones as usize {
            let k = i % holes;
            if k < outer_columns.len() {
                outer[outer_columns[k]] += 1;
            } else {
                inner[inner_columns[k - outer_columns.len()]] += 1;
            }
        }
    }
    Arrangement::new(outer, inner)
}

/// Stones dropped one by one into random holes, in pairs where they can be (a hole needs two
/// stones to start a move).
fn random(stones: u32, state: &mut u64) -> Arrangement {
    let mut counts = [0u32; 20];
    let mut left = stones;
    while left > 0 {
        let slot = (next(state) % 20) as usize;
        let take = left.min(2);
        counts[slot] += take;
        left -= take;
    }
    let mut outer = [0u32; 10];
    let mut inner = [0u32; 10];
    outer.copy_from_slice(&counts[..10]);
    inner.copy_from_slice(&counts[10..]);
    Arrangement::new(outer, inner)
}

fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Side, Variant};

    #[test]
    fn every_candidate_is_a_legal_first_ply() {
        for first in Side::BOTH {
            let game = Game::start(Variant::Expert, first);
            let list = candidates(&game, 7);
            assert!(list.len() >= 5);
            for arrangement in &list {
                let (after, report) = game.play(&Move::Rearrange(*arrangement)).unwrap();
                assert!(report.rearranged);
                assert_eq!(after.position().board.stones(first), 28);
            }
            assert_eq!(
                list,
                candidates(&game, 7),
                "the same seed gives the same list"
            );
        }
        assert!(candidates(&Game::start(Variant::Advanced, Side::South), 7).is_empty());
    }
}
