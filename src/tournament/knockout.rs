//! Knockout brackets: single elimination (optional third-place match) and double
//! elimination (optional grand-final reset).
//!
//! Seeds are placed in the standard order (1 v P, and seeds 1 and 2 can only meet in the
//! final), with P the next power of two; missing seeds are byes, so byes go to the top seeds
//! and occur only in the first round of the winners' bracket (and, in double elimination,
//! where a bye's missing loser would have entered the losers' bracket). Each match names
//! where its two entrants come from: a seed, or the winner or loser of an earlier match. The
//! state of the bracket is then a pure function of the results so far.

use serde::{Deserialize, Serialize};

/// Where a match's entrant comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Source {
    /// A seed, 1-based.
    Seed(usize),
    Winner(usize),
    Loser(usize),
}

/// Which part of the bracket a match is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Part {
    Winners,
    Losers,
    GrandFinal,
    GrandFinalReset,
    ThirdPlace,
}

/// One match of the bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchSpec {
    /// A stable code: `W2-3` (winners' round 2, match 3), `L1-1`, `GF`, `GF2`, `3P`.
    pub code: String,
    pub part: Part,
    /// The round of its own bracket part (1-based).
    pub part_round: usize,
    /// The event round it is played in (1-based).
    pub round: usize,
    pub sources: [Source; 2],
}

/// A whole bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bracket {
    pub players: usize,
    /// Slots: the next power of two.
    pub size: usize,
    pub matches: Vec<MatchSpec>,
    /// Event rounds needed (the reset round included when there is one).
    pub rounds: usize,
}

/// What people call a stage of a knockout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StageName {
    /// Single elimination: the last match, the two before it, the four before those.
    Final,
    SemiFinal,
    QuarterFinal,
    /// An earlier round, by the players it starts with (16, 32 …).
    RoundOf(usize),
    /// Double elimination: the winners' side, named the same way.
    WinnersFinal,
    WinnersSemiFinal,
    WinnersQuarterFinal,
    WinnersRound(usize),
    /// The losers' side, by its round; its last round is its final.
    LosersRound(usize),
    LosersFinal,
    GrandFinal,
    GrandFinalReset,
    ThirdPlace,
}

/// A match's stage, its number among that stage's matches, and how many the stage has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatchStage {
    pub name: StageName,
    pub number: usize,
    pub of: usize,
}

impl Bracket {
    /// The stage of the match with this code (`W2-1`, `L3-2`, `GF`, `3P`).
    #[must_use]
    pub fn stage(&self, code: &str) -> Option<MatchStage> {
        let spec = self.matches.iter().find(|m| m.code == code)?;
        let same: Vec<&MatchSpec> = self
            .matches
            .iter()
            .filter(|m| m.part == spec.part && m.part_round == spec.part_round)
            .collect();
        let number = same.iter().position(|m| m.code == code)? + 1;
        let double = self.matches.iter().any(|m| m.part == Part::Losers);
        let name = match spec.part {
            Part::Winners => {
                // Players left when the round starts.
                let players = self.size >> (spec.part_round - 1);
                match (players, double) {
                    (2, false) => StageName::Final,
                    (4, false) => StageName::SemiFinal,
                    (8, false) => StageName::QuarterFinal,
                    (n, false) => StageName::RoundOf(n),
                    (2, true) => StageName::WinnersFinal,
                    (4, true) => StageName::WinnersSemiFinal,
                    (8, true) => StageName::WinnersQuarterFinal,
                    (_, true) => StageName::WinnersRound(spec.part_round),
                }
            }
            Part::Losers => {
                let last = self
                    .matches
                    .iter()
                    .filter(|m| m.part == Part::Losers)
                    .map(|m| m.part_round)
                    .max()
                    .unwrap_or(spec.part_round);
                if spec.part_round == last {
                    StageName::LosersFinal
                } else {
                    StageName::LosersRound(spec.part_round)
                }
            }
            Part::GrandFinal => StageName::GrandFinal,
            Part::GrandFinalReset => StageName::GrandFinalReset,
            Part::ThirdPlace => StageName::ThirdPlace,
        };
        Some(MatchStage {
            name,
            number,
            of: same.len(),
        })
    }
}

/// The standard seed order of a bracket of `size` slots (a power of two): consecutive pairs
/// are the first-round matches.
#[must_use]
pub fn seed_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

fn slots(players: usize) -> usize {
    players.max(2).next_power_of_two()
}

fn winners_bracket(players: usize, matches: &mut Vec<MatchSpec>) -> (usize, Vec<Vec<usize>>) {
    let size = slots(players);
    let order = seed_order(size);
    let levels = size.trailing_zeros() as usize;
    let mut by_round: Vec<Vec<usize>> = Vec::new();
    let mut previous: Vec<usize> = Vec::new();
    for round in 1..=levels {
        let count = size >> round;
        let mut current = Vec::with_capacity(count);
        for i in 0..count {
            let sources = if round == 1 {
                [Source::Seed(order[2 * i]), Source::Seed(order[2 * i + 1])]
            } else {
                [
                    Source::Winner(previous[2 * i]),
                    Source::Winner(previous[2 * i + 1]),
                ]
            };
            current.push(matches.len());
            matches.push(MatchSpec {
                code: format!("W{round}-{}", i + 1),
                part: Part::Winners,
                part_round: round,
                round,
                sources,
            });
        }
        by_round.push(current.clone());
        previous = current;
    }
    (levels, by_round)
}

/// Single elimination for `players` (at least 2).
#[must_use]
pub fn single_elimination(players: usize, third_place: bool) -> Bracket {
    let mut matches = Vec::new();
    let (levels, by_round) = winners_bracket(players, &mut matches);
    if third_place && levels >= 2 {
        let semis = &by_round[levels - 2];
        matches.push(MatchSpec {
            code: "3P".to_string(),
            part: Part::ThirdPlace,
            part_round: 1,
            round: levels,
            sources: [Source::Loser(semis[0]), Source::Loser(semis[1])],
        });
    }
    Bracket {
        players,
        size: slots(players),
        matches,
        rounds: levels,
    }
}

/// Double elimination for `players` (at least 2).
#[must_use]
pub fn double_elimination(players: usize, reset: bool) -> Bracket {
    let mut matches = Vec::new();
    let (levels, winners) = winners_bracket(players, &mut matches);
    let size = slots(players);
    // The losers' bracket: odd rounds pair survivors, even rounds bring in the next
    // winners' round's losers (in reverse order, to put off rematches).
    let mut survivors: Vec<Source> = Vec::new();
    let mut lb_round = 0;
    if levels >= 2 {
        let first_losers: Vec<Source> = winners[0].iter().map(|&m| Source::Loser(m)).collect();
        lb_round += 1;
        let mut next = Vec::new();
        for i in 0..first_losers.len() / 2 {
            next.push(Source::Winner(matches.len()));
            matches.push(MatchSpec {
                code: format!("L{lb_round}-{}", i + 1),
                part: Part::Losers,
                part_round: lb_round,
                round: lb_round + 1,
                sources: [first_losers[2 * i], first_losers[2 * i + 1]],
            });
        }
        survivors = next;
        for wb_round in 2..=levels {
            let dropped: Vec<Source> = winners[wb_round - 1]
                .iter()
                .rev()
                .map(|&m| Source::Loser(m))
                .collect();
            lb_round += 1;
            let mut next = Vec::new();
            for (i, (&a, &b)) in survivors.iter().zip(dropped.iter()).enumerate() {
                next.push(Source::Winner(matches.len()));
                matches.push(MatchSpec {
                    code: format!("L{lb_round}-{}", i + 1),
                    part: Part::Losers,
                    part_round: lb_round,
                    round: lb_round + 1,
                    sources: [a, b],
                });
            }
            survivors = next;
            if survivors.len() > 1 {
                lb_round += 1;
                let mut next = Vec::new();
                for i in 0..survivors.len() / 2 {
                    next.push(Source::Winner(matches.len()));
                    matches.push(MatchSpec {
                        code: format!("L{lb_round}-{}", i + 1),
                        part: Part::Losers,
                        part_round: lb_round,
                        round: lb_round + 1,
                        sources: [survivors[2 * i], survivors[2 * i + 1]],
                    });
                }
                survivors = next;
            }
        }
    }
    let final_match = winners[levels - 1][0];
    let losers_champion = survivors
        .first()
        .copied()
        .unwrap_or(Source::Loser(final_match));
    let gf_round = (lb_round + 1).max(levels) + 1;
    let gf = matches.len();
    matches.push(MatchSpec {
        code: "GF".to_string(),
        part: Part::GrandFinal,
        part_round: 1,
        round: gf_round,
        sources: [Source::Winner(final_match), losers_champion],
    });
    let mut rounds = gf_round;
    if reset {
        matches.push(MatchSpec {
            code: "GF2".to_string(),
            part: Part::GrandFinalReset,
            part_round: 1,
            round: gf_round + 1,
            sources: [Source::Winner(gf), Source::Loser(gf)],
        });
        rounds += 1;
    }
    Bracket {
        players,
        size,
        matches,
        rounds,
    }
}

/// Who fills a slot: a seed, or nobody (a bye).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Entrant {
    Seed(usize),
    Nobody,
}

/// Which slot won a decided match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Slot {
    First,
    Second,
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Status {
    /// An entrant is not known yet.
    Waiting,
    /// Both entrants known; to be played.
    Ready,
    /// One entrant is nobody: the other goes through without playing.
    Bye,
    /// Played and decided.
    Decided,
    /// Not played: both slots empty, or a reset that is not needed.
    Void,
}

/// A match with its entrants resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatchState {
    pub entrants: [Option<Entrant>; 2],
    pub status: Status,
    pub winner: Option<Entrant>,
    pub loser: Option<Entrant>,
}

/// Resolves every match from the results of the decided ones (`results[i]` for match i).
#[must_use]
pub fn resolve(bracket: &Bracket, results: &[Option<Slot>]) -> Vec<MatchState> {
    let mut states: Vec<MatchState> = Vec::with_capacity(bracket.matches.len());
    for (i, spec) in bracket.matches.iter().enumerate() {
        let entrant = |source: Source, states: &[MatchState]| match source {
            Source::Seed(s) if s <= bracket.players => Some(Entrant::Seed(s)),
            Source::Seed(_) => Some(Entrant::Nobody),
            Source::Winner(m) => states.get(m).and_then(|s| s.winner),
            Source::Loser(m) => states.get(m).and_then(|s| s.loser),
        };
        let a = entrant(spec.sources[0], &states);
        let b = entrant(spec.sources[1], &states);
        let result = results.get(i).copied().flatten();
        let mut state = MatchState {
            entrants: [a, b],
            status: Status::Waiting,
            winner: None,
            loser: None,
        };
        if spec.part == Part::GrandFinalReset {
            // Played only when the losers' bracket champion won the first grand final.
            if let Source::Winner(gf) = spec.sources[0] {
                let gf_result = results.get(gf).copied().flatten();
                let gf_state = states[gf];
                match (gf_state.status, gf_result) {
                    (Status::Decided, Some(Slot::First)) | (Status::Bye | Status::Void, _) => {
                        state.status = Status::Void;
                        states.push(state);
                        continue;
                    }
                    (Status::Decided, Some(Slot::Second)) => {}
                    _ => {
                        states.push(state);
                        continue;
                    }
                }
            }
        }
        if let (Some(a), Some(b)) = (a, b) {
            match (a, b) {
                (Entrant::Nobody, Entrant::Nobody) => {
                    state.status = Status::Void;
                    state.winner = Some(Entrant::Nobody);
                    state.loser = Some(Entrant::Nobody);
                }
                (real, Entrant::Nobody) | (Entrant::Nobody, real) => {
                    state.status = Status::Bye;
                    state.winner = Some(real);
                    state.loser = Some(Entrant::Nobody);
                }
                _ => match result {
                    Some(Slot::First) => {
                        state.status = Status::Decided;
                        state.winner = Some(a);
                        state.loser = Some(b);
                    }
                    Some(Slot::Second) => {
                        state.status = Status::Decided;
                        state.winner = Some(b);
                        state.loser = Some(a);
                    }
                    None => state.status = Status::Ready,
                },
            }
        }
        states.push(state);
    }
    states
}

/// The champion, once the bracket is complete.
#[must_use]
pub fn champion(bracket: &Bracket, states: &[MatchState]) -> Option<usize> {
    let last_deciding = bracket
        .matches
        .iter()
        .enumerate()
        .rev()
        .find(|(i, m)| m.part != Part::ThirdPlace && states[*i].status != Status::Void)?
        .0;
    match states[last_deciding].winner {
        Some(Entrant::Seed(s)) if states[last_deciding].status != Status::Ready => Some(s),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn stages_are_named_as_people_name_them() {
        let sixteen = single_elimination(13, true);
        let name = |b: &Bracket, code: &str| b.stage(code).map(|s| (s.name, s.number, s.of));
        assert_eq!(name(&sixteen, "W1-3"), Some((StageName::RoundOf(16), 3, 8)));
        assert_eq!(
            name(&sixteen, "W2-1"),
            Some((StageName::QuarterFinal, 1, 4))
        );
        assert_eq!(name(&sixteen, "W3-2"), Some((StageName::SemiFinal, 2, 2)));
        assert_eq!(name(&sixteen, "W4-1"), Some((StageName::Final, 1, 1)));
        assert_eq!(name(&sixteen, "3P"), Some((StageName::ThirdPlace, 1, 1)));
        let double = double_elimination(8, true);
        assert_eq!(name(&double, "W3-1"), Some((StageName::WinnersFinal, 1, 1)));
        assert_eq!(
            name(&double, "W1-1").map(|n| n.0),
            Some(StageName::WinnersQuarterFinal)
        );
        assert_eq!(
            name(&double, "L1-1").map(|n| n.0),
            Some(StageName::LosersRound(1))
        );
        let last_losers = double
            .matches
            .iter()
            .rfind(|m| m.part == Part::Losers)
            .map(|m| m.code.clone())
            .unwrap();
        assert_eq!(
            name(&double, &last_losers).map(|n| n.0),
            Some(StageName::LosersFinal)
        );
        assert_eq!(
            name(&double, "GF").map(|n| n.0),
            Some(StageName::GrandFinal)
        );
        assert_eq!(
            name(&double, "GF2").map(|n| n.0),
            Some(StageName::GrandFinalReset)
        );
        assert_eq!(name(&double, "X9"), None);
    }

    fn play_out(bracket: &Bracket, mut pick: impl FnMut(usize) -> Slot) -> Vec<MatchState> {
        let mut results: Vec<Option<Slot>> = vec![None; bracket.matches.len()];
        for round in 1..=bracket.rounds {
            let states = resolve(bracket, &results);
            let mut seen = HashSet::new();
            for (i, spec) in bracket.matches.iter().enumerate() {
                if spec.round != round {
                    continue;
                }
                let state = states[i];
                for entrant in state.entrants.iter().flatten() {
                    if let Entrant::Seed(s) = entrant {
                        assert!(seen.insert(*s), "seed {s} twice in round {round}");
                    }
                }
                if state.status == Status::Bye {
                    // Only the first round, the losers' bracket where a bye's missing loser
                    // would have dropped, and a third-place match with one semi-final bye.
                    assert!(
                        round == 1 || matches!(spec.part, Part::Losers | Part::ThirdPlace),
                        "a bye in round {round} ({})",
                        spec.code
                    );
                }
                if state.status == Status::Ready {
                    results[i] = Some(pick(i));
                }
                assert_ne!(
                    state.status,
                    Status::Waiting,
                    "{} not ready in its round",
                    spec.code
                );
            }
        }
        resolve(bracket, &results)
    }

    #[test]
    fn seed_order_is_standard() {
        assert_eq!(seed_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    }

    #[test]
    fn single_elimination_completes_for_every_size() {
        for n in 2..=64 {
            for third in [false, true] {
                let bracket = single_elimination(n, third);
                let states = play_out(&bracket, |_| Slot::First);
                assert_eq!(champion(&bracket, &states), Some(1), "n={n}");
            }
        }
    }

    #[test]
    fn double_elimination_completes_for_every_size() {
        let mut rng = fastrand::Rng::with_seed(3);
        for n in 2..=64 {
            for reset in [false, true] {
                let bracket = double_elimination(n, reset);
                let states = play_out(&bracket, |_| {
                    if rng.bool() {
                        Slot::First
                    } else {
                        Slot::Second
                    }
                });
                assert!(champion(&bracket, &states).is_some(), "n={n}");
                // Everyone but the champion lost twice or never played past a bye.
                let mut losses = vec![0; n + 1];
                for s in &states {
                    if s.status == Status::Decided
                        && let Some(Entrant::Seed(l)) = s.loser
                    {
                        losses[l] += 1;
                    }
                }
                let champion = champion(&bracket, &states).unwrap();
                // Without a reset the grand final's loser may have lost only once.
                let gf = bracket
                    .matches
                    .iter()
                    .position(|m| m.part == Part::GrandFinal)
                    .unwrap();
                let gf_loser = match states[gf].loser {
                    Some(Entrant::Seed(s)) => s,
                    _ => 0,
                };
                for (seed, &lost) in losses.iter().enumerate().skip(1) {
                    if seed == champion {
                        assert!(lost <= 1);
                    } else if !reset && seed == gf_loser {
                        assert!((1..=2).contains(&lost), "n={n} seed {seed}");
                    } else {
                        assert_eq!(lost, 2, "n={n} seed {seed}");
                    }
                }
            }
        }
    }
}
