//! Playing moves: sowing, relay, capture, wipe-out, the endless-move cap, the end of the game and
//! the expert rearrangement (KIELA.md §4–§7).

use serde::Serialize;

use super::hole::{HOLES_PER_SIDE, Hole, Side, is_inner_slot};
use super::moves::{Arrangement, Move};
use super::outcome::{GameResult, Termination};
use super::position::{Board, Position};
use super::variant::Variant;

/// A move that needs more laps than this is endless, and illegal (KIELA.md §6). The longest
/// finite move seen in tens of millions of random samples took under 2,000 laps, so the cap
/// never cuts a real move short, while it keeps every move's cost bounded.
pub const MAX_LAPS: u32 = 10_000;

/// A game in progress: the position, the variant (which fixes the minimum to start a move) and,
/// for the expert variant, who still has the right to rearrange.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    variant: Variant,
    position: Position,
    may_rearrange: [bool; 2],
}

/// Stones lifted from the opponent by one capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Capture {
    /// The mover's inner hole where the capturing lap ended.
    pub landing: Hole,
    /// Stones taken from the opponent's facing inner hole.
    pub from_inner: u8,
    /// Stones taken from the opponent's facing outer hole.
    pub from_outer: u8,
}

/// One hand of stones sown around the mover's loop: lifted from `from` (the hole played, a
/// relay hole, or the hole where a capture landed), its last stone dropped in `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Lap {
    pub from: Hole,
    pub to: Hole,
    pub stones: u32,
}

impl Lap {
    /// The holes that received a stone, in the order they received their first one.
    #[must_use]
    pub fn holes(&self) -> Vec<Hole> {
        let side = self.from.side();
        let reached = (self.stones as usize).min(HOLES_PER_SIDE);
        (1..=reached)
            .filter_map(|step| Hole::from_slot(side, (self.from.slot() + step) % HOLES_PER_SIDE))
            .collect()
    }
}

/// Laps a move's report keeps (a move may relay thousands of times; a reader follows the
/// first ones).
pub const TRACED_LAPS: usize = 100;

/// What one move did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// Hands of stones sown: the first lap, each relay lap and each lap of captured stones.
    pub laps: u32,
    /// Stones dropped in all laps.
    pub stones_sown: u32,
    /// Each capture, in order.
    pub captures: Vec<Capture>,
    /// The first [`TRACED_LAPS`] laps, in order.
    pub sown: Vec<Lap>,
    /// The move took the opponent's last stones.
    pub wipe_out: bool,
    /// The move was an expert rearrangement.
    pub rearranged: bool,
}

impl MoveReport {
    fn trace_lap(&mut self, mover: Side, from: usize, to: usize, stones: u32) {
        if self.sown.len() < TRACED_LAPS
            && let (Some(from), Some(to)) =
                (Hole::from_slot(mover, from), Hole::from_slot(mover, to))
        {
            self.sown.push(Lap { from, to, stones });
        }
    }

    /// Stones taken from the opponent in this move.
    #[must_use]
    pub fn stones_captured(&self) -> u32 {
        self.captures
            .iter()
            .map(|c| u32::from(c.from_inner) + u32::from(c.from_outer))
            .sum()
    }
}

/// Why a move cannot be played in a position. The position is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over: {side} cannot move ({termination})")]
    GameOver {
        side: Side,
        termination: Termination,
    },
    #[error("a rearrangement is only allowed as each player's first turn in the expert variant")]
    RearrangementNotAllowed,
    #[error("the rearrangement places {found} stones, but {side} has {expected}")]
    RearrangementTotal {
        side: Side,
        expected: u32,
        found: u64,
    },
    #[error("{hole} belongs to {owner}, but {to_move} is to move")]
    WrongPlayer {
        hole: Hole,
        owner: Side,
        to_move: Side,
    },
    #[error(
        "{hole} {}; a move must start from a hole with at least {min} stone{}",
        stone_count_words(*count),
        if *min == 1 { "" } else { "s" }
    )]
    TooFewStones { hole: Hole, count: u8, min: u8 },
    #[error(
        "sowing from {hole} never ends (more than {MAX_LAPS} laps): an endless move is illegal"
    )]
    Endless { hole: Hole },
}

fn stone_count_words(count: u8) -> String {
    match count {
        0 => "is empty".to_string(),
        1 => "holds 1 stone".to_string(),
        n => format!("holds {n} stones"),
    }
}

/// Counters kept by the sowing loop.
#[derive(Clone, Copy, Debug, Default)]
struct SowStats {
    laps: u32,
    sown: u32,
    wipe_out: bool,
}

/// The move needs more than [`MAX_LAPS`] laps.
#[derive(Clone, Copy, Debug)]
struct EndlessMove;

/// Drops `hand` stones one by one after `pos` around a 20-hole loop and returns the hole that
/// received the last stone. A lap of 20 or more passes the emptied start hole and fills it too.
#[inline(always)]
fn sow_around(row: &mut [u8; HOLES_PER_SIDE], mut pos: usize, hand: u32) -> usize {
    // Totals are capped (position::MAX_TOTAL_STONES), so no count can pass u8::MAX.
    let full_laps = (hand / HOLES_PER_SIDE as u32) as u8;
    if full_laps > 0 {
        for count in row.iter_mut() {
            *count += full_laps;
        }
    }
    for _ in 0..hand % HOLES_PER_SIDE as u32 {
        pos += 1;
        if pos == HOLES_PER_SIDE {
            pos = 0;
        }
        row[pos] += 1;
    }
    pos
}

/// Plays the sowing move of `mover` from `start` on `pits`. On `Err` the pits are scrambled:
/// the caller works on a copy.
#[inline]
fn run_sowing(
    pits: &mut [[u8; HOLES_PER_SIDE]; 2],
    mover: Side,
    start: usize,
    mut trace: Option<&mut MoveReport>,
) -> Result<SowStats, EndlessMove> {
    let me = mover.index();
    let opp = mover.opponent().index();
    let mut opponent_stones: u32 = pits[opp].iter().map(|&c| u32::from(c)).sum();
    let mut hand = u32::from(pits[me][start]);
    pits[me][start] = 0;
    let mut pos = start;
    let mut stats = SowStats::default();
    loop {
        if stats.laps == MAX_LAPS {
            return Err(EndlessMove);
        }
        stats.laps += 1;
        stats.sown += hand;
        let from = pos;
        pos = sow_around(&mut pits[me], pos, hand);
        if let Some(report) = trace.as_deref_mut() {
            report.trace_lap(mover, from, pos, hand);
        }
        let here = pits[me][pos];
        if here == 1 {
            // The last stone fell into an empty hole.
            return Ok(stats);
        }
        if is_inner_slot(mover, pos) {
            let facing_inner = HOLES_PER_SIDE - 1 - pos;
            let from_inner = pits[opp][facing_inner];
            if from_inner > 0 {
                let from_outer = pits[opp][pos];
                pits[opp][facing_inner] = 0;
                pits[opp][pos] = 0;
                hand = u32::from(from_inner) + u32::from(from_outer);
                opponent_stones -= hand;
                if let Some(report) = trace.as_deref_mut()
                    && let Some(landing) = Hole::from_slot(mover, pos)
                {
                    report.captures.push(Capture {
                        landing,
                        from_inner,
                        from_outer,
                    });
                }
                if opponent_stones == 0 {
                    // Wipe-out: the captured stones are sown and the move ends wherever the
                    // last one lands.
                    if stats.laps == MAX_LAPS {
                        return Err(EndlessMove);
                    }
                    stats.laps += 1;
                    stats.sown += hand;
                    let last = sow_around(&mut pits[me], pos, hand);
                    if let Some(report) = trace.as_deref_mut() {
                        report.trace_lap(mover, pos, last, hand);
                    }
                    stats.wipe_out = true;
                    return Ok(stats);
                }
                continue;
            }
        }
        // Relay: lift the whole hole, including the stone just dropped.
        hand = u32::from(here);
        pits[me][pos] = 0;
    }
}

impl Game {
    /// A game of `variant` from `position`. In the expert variant both players still have
    /// their rearrangement right.
    #[must_use]
    pub fn new(variant: Variant, position: Position) -> Game {
        let right = variant.allows_rearrangement();
        Game {
            variant,
            position,
            may_rearrange: [right, right],
        }
    }

    /// The variant's start position with `first` to move.
    #[must_use]
    pub fn start(variant: Variant, first: Side) -> Game {
        Game::new(variant, variant.start_position(first))
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.position.to_move
    }

    /// Whether `side` may still rearrange (expert, before his first ply).
    #[must_use]
    pub fn may_rearrange(&self, side: Side) -> bool {
        self.may_rearrange[side.index()]
    }

    /// Holes the player to move could start a sowing move from (enough stones), endless or
    /// not, in loop order.
    pub fn candidates(&self) -> impl Iterator<Item = Hole> + '_ {
        let side = self.position.to_move;
        let min = self.variant.min_stones();
        self.position.board.pits[side.index()]
            .iter()
            .enumerate()
            .filter(move |&(_, &count)| count >= min)
            .filter_map(move |(slot, _)| Hole::from_slot(side, slot))
    }

    /// The end of the game as far as it can be seen without playing moves out: no stones, or
    /// no hole with enough stones. `None` means the player to move has a candidate (or may
    /// rearrange); whether all candidates are endless is [`Game::status`]'s question.
    #[must_use]
    pub fn quick_status(&self) -> Option<Termination> {
        let side = self.position.to_move;
        if self.may_rearrange(side) {
            return None;
        }
        let row = &self.position.board.pits[side.index()];
        let min = self.variant.min_stones();
        let mut any = false;
        for &count in row {
            if count >= min {
                return None;
            }
            any |= count > 0;
        }
        Some(if any {
            Termination::NoLegalMove
        } else {
            Termination::NoStones
        })
    }

    /// Whether the game is over, and how. Plays candidates out until one ends, so it costs up to
    /// 20 endless sowings in the worst case.
    #[must_use]
    pub fn status(&self) -> Option<Termination> {
        if let Some(termination) = self.quick_status() {
            return Some(termination);
        }
        if self.may_rearrange(self.position.to_move) {
            return None;
        }
        let finite = self.candidates().any(|hole| self.is_finite(hole));
        (!finite).then_some(Termination::OnlyEndlessMoves)
    }

    /// The result, if the game is over on the board: the player who cannot move loses.
    #[must_use]
    pub fn result(&self) -> Option<(GameResult, Termination)> {
        self.status().map(|termination| {
            (
                GameResult::win_for(self.position.to_move.opponent()),
                termination,
            )
        })
    }

    fn is_finite(&self, hole: Hole) -> bool {
        let mut pits = self.position.board.pits;
        run_sowing(&mut pits, hole.side(), hole.slot(), None).is_ok()
    }

    /// The sowing moves that can be played now: candidates whose sowing ends. Empty when the
    /// game is over. (An expert player who may still rearrange can also play `R:`.)
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Hole> {
        if self.quick_status().is_some() {
            return Vec::new();
        }
        self.candidates().filter(|&h| self.is_finite(h)).collect()
    }

    /// Plays `mv` and returns the new game and what happened. Checks the end of the game
    /// first (cheaply; a player whose every candidate is endless gets `Endless` for each).
    pub fn play(&self, mv: &Move) -> Result<(Game, MoveReport), PlayError> {
        if let Some(termination) = self.quick_status() {
            return Err(PlayError::GameOver {
                side: self.position.to_move,
                termination,
            });
        }
        let mut next = *self;
        let mut report = MoveReport::default();
        next.apply(mv, Some(&mut report))?;
        Ok((next, report))
    }

    /// Plays `mv` in place without checking for the end of the game; the caller has done so.
    /// On error the game is unchanged. This is the verifier's fast path.
    pub fn apply(&mut self, mv: &Move, report: Option<&mut MoveReport>) -> Result<(), PlayError> {
        let mover = self.position.to_move;
        match mv {
            Move::Rearrange(arrangement) => self.rearrange(mover, arrangement, report)?,
            Move::Sow(hole) => self.sow(mover, *hole, report)?,
        }
        self.may_rearrange[mover.index()] = false;
        self.position.to_move = mover.opponent();
        Ok(())
    }

    fn rearrange(
        &mut self,
        mover: Side,
        arrangement: &Arrangement,
        report: Option<&mut MoveReport>,
    ) -> Result<(), PlayError> {
        if !self.may_rearrange(mover) {
            return Err(PlayError::RearrangementNotAllowed);
        }
        let expected = self.position.board.stones(mover);
        let found = arrangement.total();
        if found != u64::from(expected) {
            return Err(PlayError::RearrangementTotal {
                side: mover,
                expected,
                found,
            });
        }
        arrangement.apply(&mut self.position.board, mover);
        if let Some(report) = report {
            report.rearranged = true;
        }
        Ok(())
    }

    fn sow(
        &mut self,
        mover: Side,
        hole: Hole,
        mut report: Option<&mut MoveReport>,
    ) -> Result<(), PlayError> {
        if hole.side() != mover {
            return Err(PlayError::WrongPlayer {
                hole,
                owner: hole.side(),
                to_move: mover,
            });
        }
        let count = self.position.board.get(hole);
        let min = self.variant.min_stones();
        if count < min {
            return Err(PlayError::TooFewStones { hole, count, min });
        }
        let mut pits = self.position.board.pits;
        let stats = run_sowing(&mut pits, mover, hole.slot(), report.as_deref_mut())
            .map_err(|_| PlayError::Endless { hole })?;
        if let Some(report) = report {
            report.laps = stats.laps;
            report.stones_sown = stats.sown;
            report.wipe_out = stats.wipe_out;
        }
        self.position.board = Board { pits };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_traces_each_lap() {
        // Every legal first move of the advanced start, played with a report.
        let game = Game::start(Variant::Advanced, Side::South);
        for hole in game.legal_moves() {
            let mut played = game;
            let mut report = MoveReport::default();
            played.apply(&Move::Sow(hole), Some(&mut report)).unwrap();
            assert_eq!(report.sown.first().map(|l| l.from), Some(hole));
            assert_eq!(report.sown.len(), (report.laps as usize).min(TRACED_LAPS));
            if report.sown.len() == report.laps as usize {
                let total: u32 = report.sown.iter().map(|l| l.stones).sum();
                assert_eq!(total, report.stones_sown);
            }
            for lap in &report.sown {
                let holes = lap.holes();
                if lap.stones < 20 {
                    assert_eq!(holes.last(), Some(&lap.to));
                }
                assert!(holes.iter().all(|h| h.side() == Side::South));
            }
            // Each lap starts where the one before ended (a relay) or where it captured.
            for pair in report.sown.windows(2) {
                assert_eq!(pair[1].from, pair[0].to);
            }
        }
    }

    fn game(text: &str) -> Game {
        Game::new(Variant::Advanced, text.parse().unwrap())
    }

    #[test]
    fn opening_moves_never_capture() {
        let start = Game::start(Variant::Advanced, Side::South);
        for hole in start.legal_moves() {
            let (next, report) = start.play(&Move::Sow(hole)).unwrap();
            assert!(report.captures.is_empty(), "{hole}");
            assert_eq!(next.position().board.total(), 56);
        }
    }

    #[test]
    fn a_move_that_needs_too_many_laps_is_endless_and_changes_nothing() {
        // A lone 3 followed by alternating single stones cycles forever (KIELA.md §6).
        let g = game(
            "2,2,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/1,0,1,0,1,0,1,0,1,0/3,1,0,1,0,1,0,1,0,1 S",
        );
        let a1: Hole = "a1".parse().unwrap();
        assert_eq!(g.play(&Move::Sow(a1)), Err(PlayError::Endless { hole: a1 }));
        assert_eq!(g.status(), Some(Termination::OnlyEndlessMoves));
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn wrong_player_is_checked_before_the_stone_count() {
        let g = Game::start(Variant::Advanced, Side::South);
        let e3: Hole = "e3".parse().unwrap();
        assert!(matches!(
            g.play(&Move::Sow(e3)),
            Err(PlayError::WrongPlayer { .. })
        ));
        let e2: Hole = "e2".parse().unwrap();
        assert!(matches!(
            g.play(&Move::Sow(e2)),
            Err(PlayError::TooFewStones { count: 0, .. })
        ));
    }

    #[test]
    fn rearrangement_only_on_each_experts_first_ply() {
        let g = Game::start(Variant::Expert, Side::South);
        let r: Move = "R:3,3,3,3,3,3,3,3,0,0/0,0,0,0,0,0,0,0,2,2".parse().unwrap();
        let (g2, report) = g.play(&r).unwrap();
        assert!(report.rearranged);
        assert!(!g2.may_rearrange(Side::South));
        assert!(g2.may_rearrange(Side::North));
        let wrong: Move = "R:3,3,3,3,3,3,3,3,0,0/0,0,0,0,0,0,0,0,2,1".parse().unwrap();
        assert!(matches!(
            g2.play(&wrong),
            Err(PlayError::RearrangementTotal { found: 27, .. })
        ));
        let advanced = Game::start(Variant::Advanced, Side::South);
        assert_eq!(advanced.play(&r), Err(PlayError::RearrangementNotAllowed));
    }
}
