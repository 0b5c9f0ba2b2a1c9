//! Round-robin schedules from the FIDE Berger tables (C.05, Annex 1).
//!
//! For N players (N rounded up to an even N′; with an odd N the extra number N′ is the bye),
//! round r uses the numbers 1 … N′−1 in a row starting at s_r, where s_1 = 1 and each round
//! starts N′/2 further on (modulo N′−1). Board 1 pairs the row's first number with N′ (who
//! has the first move in even rounds); board i pairs the row's i-th number, who moves first,
//! with its (N′−i+1)-th. A double round robin plays the single table with its last two rounds
//! exchanged (so nobody moves first three times running), then the single table again with
//! every first move swapped.

use serde::{Deserialize, Serialize};

/// One board: (first mover, second mover) as 1-based player numbers; 0 is the bye.
pub type Board = (usize, usize);

/// A round-robin schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    pub players: usize,
    pub cycles: usize,
    /// Rounds, each a list of boards in table order.
    pub rounds: Vec<Vec<Board>>,
}

/// The single Berger table for `players` (at least 2).
#[must_use]
pub fn single(players: usize) -> Schedule {
    let even = players + players % 2;
    let mut rounds = Vec::new();
    if even >= 2 {
        let m = even - 1;
        let mut start = 1;
        for r in 1..=m {
            let row: Vec<usize> = (0..m).map(|i| (start - 1 + i) % m + 1).collect();
            let mut boards = Vec::with_capacity(even / 2);
            let first = row[0];
            boards.push(if r % 2 == 1 {
                (first, even)
            } else {
                (even, first)
            });
            for i in 1..even / 2 {
                boards.push((row[i], row[m - i]));
            }
            // The extra number of an odd field is the bye.
            let boards = boards
                .into_iter()
                .map(|(a, b)| {
                    let bye = |x: usize| if x > players { 0 } else { x };
                    (bye(a), bye(b))
                })
                .collect();
            rounds.push(boards);
            start = (start - 1 + even / 2) % m + 1;
        }
    }
    Schedule {
        players,
        cycles: 1,
        rounds,
    }
}

/// The double round robin: the single table with its last two rounds exchanged, then the
/// single table with colours reversed.
#[must_use]
pub fn double(players: usize) -> Schedule {
    let single = single(players).rounds;
    let mut first = single.clone();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 2, len - 1);
    }
    let second = single
        .into_iter()
        .map(|round| round.into_iter().map(|(a, b)| (b, a)).collect());
    Schedule {
        players,
        cycles: 2,
        rounds: first.into_iter().chain(second).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_players_match_the_handbook() {
        let s = single(6);
        assert_eq!(s.rounds[0], vec![(1, 6), (2, 5), (3, 4)]);
        assert_eq!(s.rounds[1], vec![(6, 4), (5, 3), (1, 2)]);
        assert_eq!(s.rounds[4], vec![(3, 6), (4, 2), (5, 1)]);
    }

    #[test]
    fn everyone_meets_everyone_once() {
        for n in 2..=20 {
            let s = single(n);
            let mut met = std::collections::HashSet::new();
            for round in &s.rounds {
                let mut seen = std::collections::HashSet::new();
                for &(a, b) in round {
                    assert!(seen.insert(a) && seen.insert(b), "n={n}");
                    if a != 0 && b != 0 {
                        assert!(met.insert((a.min(b), a.max(b))), "n={n}");
                    }
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2, "n={n}");
        }
    }
}
