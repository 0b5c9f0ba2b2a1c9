//! Iterative-deepening alpha-beta (negamax with principal-variation search) over a
//! transposition table. Every node plays its moves with the rules engine, so a move the search
//! returns is legal by construction; an endless move simply has no child.

use std::time::Instant;

use crate::rules::hole::{HOLES_PER_SIDE, Hole};
use crate::rules::{Arrangement, Game, Move};

use super::arrangements;
use super::score::{MATE, MAX_PLY, Score};
use super::table::{Bound, Entry, Table};
use super::zobrist;

/// A move as the table stores it: a sowing slot (0 … 19) or `ARRANGEMENT + index` into the
/// arrangements considered for that position.
type MoveCode = u8;
const ARRANGEMENT: MoveCode = HOLES_PER_SIDE as MoveCode;
const NO_MOVE: MoveCode = MoveCode::MAX;

/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 256;

/// What a search may spend. The search stops at the first limit reached; with none it searches
/// [`Limits::DEFAULT_NODES`] nodes. A node budget (and a depth) gives the same answer on every
/// machine; a deadline depends on the machine's speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub nodes: Option<u64>,
    pub deadline: Option<Instant>,
    pub depth: Option<u32>,
}

impl Limits {
    /// The node budget of a search given no limit.
    pub const DEFAULT_NODES: u64 = 100_000;

    /// A node budget.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A deadline.
    #[must_use]
    pub fn until(deadline: Instant) -> Limits {
        Limits {
            deadline: Some(deadline),
            ..Limits::default()
        }
    }

    /// A fixed depth.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
}

/// One completed iteration of the deepening, as reported while the search goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    /// The expected line, starting with the best move.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over (the side to move cannot move).
    pub best: Option<Move>,
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// A searching engine. It keeps its table between searches (as a player keeps his memory
/// during a game); [`Engine::clear`] forgets it. For a given seed, sequence of searches and
/// node budgets, it gives the same answers every time.
pub struct Engine {
    table: Table,
    seed: u64,
    nodes: u64,
    limits: Limits,
    /// Whether the budget may end the current iteration (never the first one: a search always
    /// returns a move when there is one).
    stoppable: bool,
    stopped: bool,
}

/// The default table size: 16 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 16 << 20;

impl Engine {
    /// An engine with a table of about `table_bytes` bytes; `seed` chooses the random
    /// expert arrangements it considers.
    #[must_use]
    pub fn new(table_bytes: usize, seed: u64) -> Engine {
        Engine {
            table: Table::with_bytes(table_bytes),
            seed,
            nodes: 0,
            limits: Limits::default(),
            stoppable: false,
            stopped: false,
        }
    }

    /// Forgets every position searched before.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches `game` within `limits`, calling `report` after each completed iteration.
    pub fn search(
        &mut self,
        game: &Game,
        limits: Limits,
        report: &mut dyn FnMut(&Iteration),
    ) -> SearchResult {
        self.nodes = 0;
        self.stopped = false;
        self.limits = if limits == Limits::default() {
            Limits::nodes(Limits::DEFAULT_NODES)
        } else {
            limits
        };
        let mut root = Vec::new();
        if game.quick_status().is_none() {
            self.children(game, &mut root);
        }
        if root.is_empty() {
            return SearchResult {
                best: None,
                score: Score::Loss(0),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        order(&mut root, NO_MOVE);
        let max_depth = self
            .limits
            .depth
            .map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));
        let mut best = (root[0].0, material(&root[0].1).saturating_neg());
        let mut completed = 0;
        for depth in 1..=max_depth {
            self.stoppable = depth > 1;
            let Some((score, index, all_done)) = self.root(&mut root, depth as i32) else {
                break;
            };
            best = (root[index].0, score);
            // The best move searches first in the next iteration.
            let chosen = root.remove(index);
            root.insert(0, chosen);
            if !all_done {
                break;
            }
            completed = depth;
            // The root's entry lets the principal variation be read from the table.
            self.table.store(Entry {
                key: zobrist::key(game),
                score,
                depth: u8::try_from(depth).unwrap_or(u8::MAX),
                bound: Bound::Exact,
                best: root[0].0,
            });
            let proven = Score::from_internal(score).is_proven();
            report(&Iteration {
                depth,
                score: Score::from_internal(score),
                nodes: self.nodes,
                pv: self.principal_variation(game, depth as usize),
            });
            if self.stopped || proven {
                break;
            }
        }
        let mut pv = self.principal_variation(game, completed.max(1) as usize);
        let best_move = decode(game, best.0, self.seed);
        if pv.first() != best_move.as_ref() {
            pv = best_move.iter().cloned().collect();
        }
        SearchResult {
            best: best_move,
            score: Score::from_internal(best.1),
            depth: completed,
            nodes: self.nodes,
            pv,
        }
    }

    /// One iteration at the root. Returns the best score, the index of its move and whether
    /// every move was searched; `None` when the budget ran out before the first move was.
    fn root(&mut self, root: &mut [(MoveCode, Game)], depth: i32) -> Option<(i32, usize, bool)> {
        let mut alpha = -MATE - 1;
        let beta = MATE + 1;
        let mut best: Option<(i32, usize)> = None;
        for (index, (_, child)) in root.iter().enumerate() {
            let score = if index == 0 {
                -self.node(child, depth - 1, 1, -beta, -alpha)
            } else {
                let probe = -self.node(child, depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha && !self.stopped {
                    -self.node(child, depth - 1, 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            if self.stopped {
                return best.map(|(score, index)| (score, index, false));
            }
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, index));
                alpha = alpha.max(score);
            }
        }
        best.map(|(score, index)| (score, index, true))
    }

    fn out_of_budget(&self) -> bool {
        if !self.stoppable {
            return false;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            return true;
        }
        self.nodes.is_multiple_of(CLOCK_INTERVAL)
            && self.limits.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn node(&mut self, game: &Game, depth: i32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            self.stopped = true;
            return 0;
        }
        if game.quick_status().is_some() {
            return -(MATE - ply);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return material(game);
        }
        let key = zobrist::key(game);
        let mut table_move = NO_MOVE;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let mut kids = Vec::with_capacity(HOLES_PER_SIDE);
        self.children(game, &mut kids);
        if kids.is_empty() {
            // Every candidate is endless: the side to move cannot move.
            return -(MATE - ply);
        }
        order(&mut kids, table_move);
        let alpha_before = alpha;
        let mut best = -MATE - 1;
        let mut best_code = kids[0].0;
        for (index, (code, child)) in kids.iter().enumerate() {
            let score = if index == 0 {
                -self.node(child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.node(child, depth - 1, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.node(child, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_code = *code;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            score: to_table(best, ply),
            depth: u8::try_from(depth).unwrap_or(u8::MAX),
            bound,
            best: best_code,
        });
        best
    }

    /// Every legal move of `game` with the game after it.
    fn children(&self, game: &Game, out: &mut Vec<(MoveCode, Game)>) {
        let side = game.to_move();
        let min = game.variant().min_stones();
        let row = game.position().board.side(side);
        for (slot, &count) in row.iter().enumerate() {
            if count < min {
                continue;
            }
            let Some(hole) = Hole::from_slot(side, slot) else {
                continue;
            };
            let mut child = *game;
            if child.apply(&Move::Sow(hole), None).is_ok() {
                out.push((slot as MoveCode, child));
            }
        }
        for (index, arrangement) in arrangements::candidates(game, self.seed).iter().enumerate() {
            let mut child = *game;
            if child.apply(&Move::Rearrange(*arrangement), None).is_ok() {
                out.push((ARRANGEMENT + index as MoveCode, child));
            }
        }
    }

    /// The expected line, read from the table.
    fn principal_variation(&self, game: &Game, length: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut here = *game;
        let mut seen = Vec::new();
        while line.len() < length {
            let key = zobrist::key(&here);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(entry) = self.table.probe(key) else {
                break;
            };
            let Some(mv) = decode(&here, entry.best, self.seed) else {
                break;
            };
            if here.quick_status().is_some() || here.apply(&mv, None).is_err() {
                break;
            }
            line.push(mv);
        }
        line
    }
}

/// Children sorted best first for the mover: the table's move, then by the stones the move
/// leaves the mover ahead (captures first). The sort is stable, so ties keep loop order.
fn order(kids: &mut [(MoveCode, Game)], table_move: MoveCode) {
    kids.sort_by_key(|(code, child)| {
        let first = *code != table_move;
        (first, material(child))
    });
}

/// The stone difference for the side to move.
fn material(game: &Game) -> i32 {
    let side = game.to_move();
    let board = &game.position().board;
    board.stones(side) as i32 - board.stones(side.opponent()) as i32
}

/// Proven scores are stored relative to the node, so a table entry is right at any ply.
fn to_table(score: i32, ply: i32) -> i32 {
    if score >= MATE - MAX_PLY {
        score + ply
    } else if score <= -(MATE - MAX_PLY) {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score >= MATE - MAX_PLY {
        score - ply
    } else if score <= -(MATE - MAX_PLY) {
        score + ply
    } else {
        score
    }
}

/// The move a code names in `game`.
fn decode(game: &Game, code: MoveCode, seed: u64) -> Option<Move> {
    if code == NO_MOVE {
        return None;
    }
    if code < ARRANGEMENT {
        return Hole::from_slot(game.to_move(), usize::from(code)).map(Move::Sow);
    }
    let list: Vec<Arrangement> = arrangements::candidates(game, seed);
    list.get(usize::from(code - ARRANGEMENT))
        .copied()
        .map(Move::Rearrange)
}
