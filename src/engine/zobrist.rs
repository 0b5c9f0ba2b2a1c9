//! Position keys for the transposition table: Zobrist hashing over the 40 holes' counts, the
//! side to move and the expert rearrangement rights.

use crate::rules::Game;
use crate::rules::hole::{HOLES_PER_SIDE, Side};
use crate::rules::position::MAX_TOTAL_STONES;

const COUNTS: usize = MAX_TOTAL_STONES as usize + 1;
const HOLES: usize = 2 * HOLES_PER_SIDE;

/// splitmix64: a fixed, well-mixed sequence, so the keys are the same on every machine and
/// every run (the search is deterministic).
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One key per (hole, count). Count 0 has key 0, so empty holes cost nothing.
static HOLE_KEYS: [[u64; COUNTS]; HOLES] = {
    let mut keys = [[0u64; COUNTS]; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        let mut count = 1;
        while count < COUNTS {
            keys[hole][count] = splitmix((hole * COUNTS + count) as u64);
            count += 1;
        }
        hole += 1;
    }
    keys
};

const NORTH_TO_MOVE: u64 = splitmix(1 << 40);
const SOUTH_MAY_REARRANGE: u64 = splitmix((1 << 40) + 1);
const NORTH_MAY_REARRANGE: u64 = splitmix((1 << 40) + 2);

/// The key of a game position (the variant is fixed for a search, so it is not hashed).
pub(crate) fn key(game: &Game) -> u64 {
    let pits = &game.position().board.pits;
    let mut key = 0u64;
    for (side, row) in pits.iter().enumerate() {
        for (slot, &count) in row.iter().enumerate() {
            key ^= HOLE_KEYS[side * HOLES_PER_SIDE + slot][usize::from(count)];
        }
    }
    if game.to_move() == Side::North {
        key ^= NORTH_TO_MOVE;
    }
    if game.may_rearrange(Side::South) {
        key ^= SOUTH_MAY_REARRANGE;
    }
    if game.may_rearrange(Side::North) {
        key ^= NORTH_MAY_REARRANGE;
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Variant};

    #[test]
    fn keys_tell_positions_and_sides_apart() {
        let start = Game::start(Variant::Advanced, Side::South);
        let north = Game::start(Variant::Advanced, Side::North);
        assert_ne!(key(&start), key(&north));
        let mut keys: Vec<u64> = start
            .legal_moves()
            .into_iter()
            .map(|hole| key(&start.play(&Move::Sow(hole)).unwrap().0))
            .collect();
        keys.push(key(&start));
        let before = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), before);
        assert_ne!(
            key(&Game::start(Variant::Expert, Side::South)),
            key(&start),
            "a rearrangement right changes the key"
        );
    }
}
