//! Why a Swiss round is paired the way it is: for every board, the facts of the Dutch system
//! that decided it (score groups and floaters, the standard pairing of a score group and why
//! it was changed, who moves first and by which rule), and for the bye, why that player.
//!
//! The explanation is data, not prose: the pages turn it into sentences in the reader's
//! language. It describes the published pairing; boards that differ from what the engine
//! itself produces are marked as set by hand.

use serde::Serialize;

use super::{Context, DutchInput, DutchPairing, context, preferences_compatible};
use crate::tournament::history::Colour;

/// How strongly a player wants a first move (C.04.3, A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Strength {
    /// Two more games moving second than first (or the reverse), or the same two games in a
    /// row: must not happen again.
    Absolute,
    /// One game more on one side.
    Strong,
    /// Balanced, but moved second (or first) last time: alternation.
    Mild,
}

/// A player's first-move preference going into the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Preference {
    /// Wants to move first (else second).
    pub first: bool,
    pub strength: Strength,
}

/// Which rule gave the first move (C.04.3, E).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FirstMove {
    /// Nobody has played yet: round 1 alternates down the boards from the event's choice.
    FirstRound,
    /// Both players get the side they prefer.
    BothSatisfied,
    /// Only this player has a preference, and gets it.
    OnlyOne { player: usize },
    /// Both want the same side; this player's preference is stronger.
    Stronger { player: usize },
    /// Equally strong: the player whose sides differed most recently from the other's gets
    /// the alternation.
    History { player: usize },
    /// Equally strong with the same history: the higher-ranked player's preference wins.
    Ranking { player: usize },
    /// Neither has a preference: the sides alternate by ranking.
    NoPreference,
    /// Not what the rules give: the organiser swapped the first move by hand.
    ByHand,
}

/// Why a score group's standard pairing (top half against bottom half, in order) was changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Change {
    /// The standard opponent was already played: rematches are never allowed.
    Rematch,
    /// Both must move first (or both second) and may not.
    FirstMoveClash,
    /// To satisfy more first-move preferences or avoid repeated floats, in the rules' order.
    Quality,
}

/// The board compared with its score group's standard pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Standard {
    /// The pairing is the standard one.
    Kept,
    /// The standard opponent of the higher-ranked player was `expected`.
    Changed { expected: usize, why: Change },
    /// The score group is odd or has floaters: no single standard pairing to compare with.
    NotApplicable,
}

/// One board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardWhy {
    pub first: usize,
    pub second: usize,
    /// Pairing scores before the round, in tenths (virtual points included).
    pub scores: [u32; 2],
    /// Virtual points of an accelerated round, in tenths.
    pub virtual_points: [u32; 2],
    pub preferences: [Option<Preference>; 2],
    /// The player of the higher score who moved down to meet a lower score group.
    pub floater: Option<usize>,
    pub standard: Standard,
    pub first_move: FirstMove,
    /// For each player, the others of the same score group already played.
    pub already_met: [Vec<usize>; 2],
    /// The board is not one the engine produces: the organiser set it by hand.
    pub by_hand: bool,
}

/// Why the bye went where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ByeWhy {
    /// Lowest score among those who have not had a bye or a win without playing, and the
    /// lowest-ranked of that score.
    LowestEligible,
    /// Eligible, but giving it to a lower player would break a more important rule.
    Constrained,
    /// Not eligible by the rules: set by hand.
    ByHand,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bye {
    pub player: usize,
    pub score: u32,
    pub why: ByeWhy,
    /// Players ranked below with a lower or equal score who were not eligible (already had a
    /// bye or a win without playing).
    pub ineligible_below: Vec<usize>,
}

/// The explanation of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundWhy {
    pub boards: Vec<BoardWhy>,
    pub bye: Option<Bye>,
}

fn preference_of(ctx: &Context, p: usize) -> Option<Preference> {
    let state = &ctx.states[p];
    state.preference.map(|colour| Preference {
        first: colour == Colour::White,
        strength: if state.absolute_preference() {
            Strength::Absolute
        } else if state.strong {
            Strength::Strong
        } else {
            Strength::Mild
        },
    })
}

/// The rule that gives `first` the first move against `second`.
fn first_move(ctx: &Context, first: usize, second: usize) -> FirstMove {
    if ctx.colour_for(first, second) != Colour::White {
        return FirstMove::ByHand;
    }
    let (p, o) = (&ctx.states[first], &ctx.states[second]);
    if p.preference.is_none() && o.preference.is_none() {
        return if ctx.played_rounds == 0 {
            FirstMove::FirstRound
        } else {
            FirstMove::NoPreference
        };
    }
    if preferences_compatible(p.preference, o.preference) {
        return match (p.preference, o.preference) {
            (Some(_), Some(_)) => FirstMove::BothSatisfied,
            (Some(_), None) => FirstMove::OnlyOne { player: first },
            _ => FirstMove::OnlyOne { player: second },
        };
    }
    // Both want the same side: who got it, and by which rule.
    let (winner, loser) = if p.preference == Some(Colour::White) {
        (first, second)
    } else {
        (second, first)
    };
    let (w, l) = (&ctx.states[winner], &ctx.states[loser]);
    if w.absolute_preference() && (w.imbalance > l.imbalance || !l.absolute_preference()) {
        return FirstMove::Stronger { player: winner };
    }
    if w.strong && !l.strong && !l.absolute_preference() {
        return FirstMove::Stronger { player: winner };
    }
    if ctx.neutral_colour(first, second).is_some() {
        return FirstMove::History { player: winner };
    }
    FirstMove::Ranking { player: winner }
}

/// Explains a published pairing of the round described by `input`.
#[must_use]
pub fn explain(input: &DutchInput<'_>, published: &DutchPairing) -> RoundWhy {
    let round = RoundFacts::new(input, published);
    let n = round.n;
    let boards = published
        .pairs
        .iter()
        .filter(|&&(a, b)| a < n && b < n)
        .map(|&(a, b)| round.board(a, b))
        .collect();
    let bye = published
        .bye
        .filter(|&p| p < n)
        .map(|player| round.bye(player));
    RoundWhy { boards, bye }
}

/// What every board's explanation looks at: the round as the engine sees it, the published
/// pairing, and what the engine itself pairs.
struct RoundFacts<'a> {
    ctx: Context,
    published: &'a DutchPairing,
    /// The engine's own pairing, to tell the boards set by hand (none when it finds none).
    engine: Option<DutchPairing>,
    /// The number of players.
    n: usize,
    /// The players to be paired this round.
    to_pair: Vec<usize>,
    /// Each player's opponent in the published pairing.
    partner: Vec<Option<usize>>,
}

impl<'a> RoundFacts<'a> {
    fn new(input: &DutchInput<'_>, published: &'a DutchPairing) -> Self {
        let ctx = context(input);
        let engine = super::pair(input).ok();
        let n = input.players.len();
        let to_pair: Vec<usize> = (0..n)
            .filter(|&i| input.to_pair.get(i).copied().unwrap_or(false))
            .collect();
        let mut partner: Vec<Option<usize>> = vec![None; n];
        for &(a, b) in &published.pairs {
            if a < n && b < n {
                partner[a] = Some(b);
                partner[b] = Some(a);
            }
        }
        RoundFacts {
            ctx,
            published,
            engine,
            n,
            to_pair,
            partner,
        }
    }

    /// A player's pairing score before the round (virtual points included).
    fn score(&self, p: usize) -> u32 {
        self.ctx.score(p, 0)
    }

    /// A player's virtual points for this round.
    fn virtual_points(&self, p: usize) -> u32 {
        let round = self.ctx.played_rounds;
        self.ctx.states[p]
            .accelerations
            .get(round)
            .copied()
            .unwrap_or(0)
    }

    /// The players to be paired with the same score as `p`, in ranking order.
    fn group_of(&self, p: usize) -> Vec<usize> {
        let mut group: Vec<usize> = self
            .to_pair
            .iter()
            .copied()
            .filter(|&q| self.score(q) == self.score(p))
            .collect();
        group.sort_by_key(|&q| self.ctx.states[q].rank);
        group
    }

    /// Whether `a` and `b` have already played each other.
    fn played(&self, a: usize, b: usize) -> bool {
        self.ctx.states[a]
            .matches
            .iter()
            .any(|m| m.played() && m.opponent == Some(b))
    }

    /// The board of `a` (first mover) against `b`.
    fn board(&self, a: usize, b: usize) -> BoardWhy {
        let ctx = &self.ctx;
        let score = |p: usize| self.score(p);
        let higher = if ctx.worse(a, b) { b } else { a };
        let floater = (score(a) != score(b)).then(|| if score(a) > score(b) { a } else { b });
        let standard = if floater.is_some() {
            Standard::NotApplicable
        } else {
            self.standard(a, b, higher)
        };
        let met = |p: usize| -> Vec<usize> {
            self.group_of(p)
                .into_iter()
                .filter(|&q| q != p && self.played(p, q))
                .collect()
        };
        let by_hand = self.engine.as_ref().is_some_and(|e| {
            !e.pairs
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
        });
        BoardWhy {
            first: a,
            second: b,
            scores: [score(a), score(b)],
            virtual_points: [self.virtual_points(a), self.virtual_points(b)],
            preferences: [preference_of(ctx, a), preference_of(ctx, b)],
            floater,
            standard,
            first_move: first_move(ctx, a, b),
            already_met: [met(a), met(b)],
            by_hand,
        }
    }

    /// The board of `a` and `b`, of one score, compared with their score group's standard
    /// pairing (`higher` is the higher-ranked of the two).
    fn standard(&self, a: usize, b: usize, higher: usize) -> Standard {
        let score = |p: usize| self.score(p);
        // The group's players paired among themselves (without the bye and the
        // floaters in or out): the Dutch system pairs them top half against bottom half.
        let group: Vec<usize> = self
            .group_of(higher)
            .into_iter()
            .filter(|&q| {
                self.partner[q].is_some_and(|r| score(r) == score(q))
                    && self.published.bye != Some(q)
            })
            .collect();
        match group.iter().position(|&q| q == higher) {
            Some(i) if group.len().is_multiple_of(2) => {
                let half = group.len() / 2;
                let expected = if i < half {
                    group[i + half]
                } else {
                    group[i - half]
                };
                let actual = if higher == a { b } else { a };
                if expected == actual {
                    Standard::Kept
                } else {
                    let ctx = &self.ctx;
                    let why = if self.played(higher, expected) || ctx.forbids(higher, expected) {
                        Change::Rematch
                    } else if !ctx.compatible(higher, expected) {
                        Change::FirstMoveClash
                    } else {
                        Change::Quality
                    };
                    Standard::Changed { expected, why }
                }
            }
            _ => Standard::NotApplicable,
        }
    }

    /// Why `player` has the bye.
    fn bye(&self, player: usize) -> Bye {
        let ctx = &self.ctx;
        let eligible: Vec<usize> = self
            .to_pair
            .iter()
            .copied()
            .filter(|&q| ctx.eligible_for_bye(q))
            .collect();
        let lowest = eligible
            .iter()
            .copied()
            .reduce(|x, y| if ctx.worse(y, x) { y } else { x });
        let why = if !ctx.eligible_for_bye(player) {
            ByeWhy::ByHand
        } else if lowest == Some(player) {
            ByeWhy::LowestEligible
        } else {
            ByeWhy::Constrained
        };
        let ineligible_below = self
            .to_pair
            .iter()
            .copied()
            .filter(|&q| q != player && ctx.worse(q, player) && !ctx.eligible_for_bye(q))
            .collect();
        Bye {
            player,
            score: self.score(player),
            why,
            ineligible_below,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::history::{GameScore, Outcome, PlayerHistory, PointSystem, RoundEntry};

    fn player(name: &str, rating: u32) -> PlayerHistory {
        PlayerHistory {
            name: name.into(),
            rating,
            rounds: Vec::new(),
        }
    }

    fn game(h: &mut [PlayerHistory], white: usize, black: usize, score: GameScore) {
        let other = match score {
            GameScore::Win => GameScore::Loss,
            GameScore::Loss => GameScore::Win,
            GameScore::Draw => GameScore::Draw,
        };
        h[white].rounds.push(RoundEntry {
            opponent: Some(black),
            colour: Some(Colour::White),
            outcome: Outcome::Played(score),
        });
        h[black].rounds.push(RoundEntry {
            opponent: Some(white),
            colour: Some(Colour::Black),
            outcome: Outcome::Played(other),
        });
    }

    fn input<'a>(
        players: &'a [PlayerHistory],
        to_pair: &'a [bool],
        played: usize,
    ) -> DutchInput<'a> {
        DutchInput {
            players,
            to_pair,
            played_rounds: played,
            total_rounds: 5,
            initial_colour: Colour::White,
            points: PointSystem::default(),
            forbidden: &[],
            accelerations: None,
        }
    }

    #[test]
    fn round_one_is_the_standard_pairing_with_alternating_first_moves() {
        let players: Vec<_> = (0..4).map(|i| player(&format!("P{i}"), 2000 - i)).collect();
        let to_pair = vec![true; 4];
        let input = input(&players, &to_pair, 0);
        let pairing = crate::tournament::dutch::pair(&input).unwrap();
        let why = explain(&input, &pairing);
        assert_eq!(why.boards.len(), 2);
        for board in &why.boards {
            assert_eq!(board.standard, Standard::Kept);
            assert_eq!(board.first_move, FirstMove::FirstRound);
            assert_eq!(board.floater, None);
            assert!(!board.by_hand);
        }
    }

    #[test]
    fn a_rematch_changes_the_standard_pairing_and_the_bye_goes_lowest() {
        // Round 1: 0-2 and 1-3 (standard), all draws, and player 4 had the bye.
        let mut players: Vec<_> = (0..5).map(|i| player(&format!("P{i}"), 2000 - i)).collect();
        game(&mut players, 0, 2, GameScore::Draw);
        game(&mut players, 3, 1, GameScore::Draw);
        players[4].rounds.push(RoundEntry {
            opponent: None,
            colour: None,
            outcome: Outcome::Pab,
        });
        // Round 2: the four drawn players form one group; the standard pairing 0-2 would be a
        // rematch.
        let to_pair = vec![true; 5];
        let input = input(&players, &to_pair, 1);
        let pairing = crate::tournament::dutch::pair(&input).unwrap();
        let why = explain(&input, &pairing);
        let bye = why.bye.as_ref().unwrap();
        // Player 4 already had the bye, so another player gets it now.
        assert_ne!(bye.player, 4);
        for board in &why.boards {
            assert!(!board.by_hand);
            if let Standard::Changed { expected, why } = board.standard {
                assert_eq!(why, Change::Rematch, "{board:?}");
                assert!(expected < 5);
            }
        }
        // The same pairing with the first move swapped on a board is flagged as by hand.
        let mut swapped = pairing.clone();
        let (a, b) = swapped.pairs[0];
        swapped.pairs[0] = (b, a);
        let why = explain(&input, &swapped);
        assert_eq!(why.boards[0].first_move, FirstMove::ByHand);
    }

    #[test]
    fn a_rematch_in_the_standard_pairing_is_named() {
        let mut players: Vec<_> = (0..4).map(|i| player(&format!("P{i}"), 2000 - i)).collect();
        game(&mut players, 0, 2, GameScore::Draw);
        game(&mut players, 3, 1, GameScore::Draw);
        let to_pair = vec![true; 4];
        let input = input(&players, &to_pair, 1);
        let pairing = crate::tournament::dutch::pair(&input).unwrap();
        let why = explain(&input, &pairing);
        let board = why
            .boards
            .iter()
            .find(|b| b.first == 0 || b.second == 0)
            .unwrap();
        assert_eq!(
            board.standard,
            Standard::Changed {
                expected: 2,
                why: Change::Rematch
            }
        );
        let me = usize::from(board.first != 0);
        assert_eq!(board.already_met[me], vec![2]);
    }

    #[test]
    fn the_stronger_preference_gets_the_first_move() {
        // Player 0 moved second twice (absolute preference to move first); player 1 moved
        // second once against player 3 and first against player 2 (no preference left).
        let mut players: Vec<_> = (0..6).map(|i| player(&format!("P{i}"), 2000 - i)).collect();
        game(&mut players, 4, 0, GameScore::Loss);
        game(&mut players, 1, 2, GameScore::Win);
        game(&mut players, 3, 5, GameScore::Draw);
        game(&mut players, 5, 0, GameScore::Loss);
        game(&mut players, 3, 1, GameScore::Loss);
        game(&mut players, 2, 4, GameScore::Draw);
        let to_pair = vec![true; 6];
        let input = input(&players, &to_pair, 2);
        let pairing = crate::tournament::dutch::pair(&input).unwrap();
        let why = explain(&input, &pairing);
        let board = why
            .boards
            .iter()
            .find(|b| b.first == 0 || b.second == 0)
            .unwrap();
        assert_eq!(board.first, 0, "an absolute preference is granted");
        assert_eq!(
            board.preferences[0],
            Some(Preference {
                first: true,
                strength: Strength::Absolute
            })
        );
        assert!(matches!(
            board.first_move,
            FirstMove::OnlyOne { player: 0 }
                | FirstMove::Stronger { player: 0 }
                | FirstMove::BothSatisfied
        ));
    }
}
