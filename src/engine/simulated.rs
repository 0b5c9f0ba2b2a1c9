//! Simulated players, for the screening's baseline and its tests: a person of a rating plays
//! a random move now and then and otherwise searches shallowly (the weaker, the more random
//! moves and the shallower); a player helped by an engine searches deeply every move.

use crate::rules::{Game, Move, Side, Variant};

use super::baseline::random_move;
use super::search::{Engine, Limits};

/// How a simulated player picks a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// The share of moves played at random.
    pub random_share: f64,
    /// The node budget of the other moves.
    pub nodes: u64,
    /// The share of those searched with `deep_nodes` instead.
    pub deep_share: f64,
    pub deep_nodes: u64,
}

impl Style {
    /// A person rated `rating` (1000 … 2400): from 45 % random moves and 20-node searches at
    /// 1000 to 5 % and 2,560 nodes at 2400.
    #[must_use]
    pub fn person(rating: i32) -> Style {
        let r = f64::from(rating.clamp(1000, 2400) - 1000) / 1400.0;
        Style {
            random_share: 0.45 - 0.40 * r,
            nodes: (20.0 * 2f64.powf(7.0 * r)).round() as u64,
            deep_share: 0.0,
            deep_nodes: 0,
        }
    }

    /// A person rated `rating` who, on `share` of the moves, searches `nodes` deep (a strong
    /// player's best moments, or an engine consulted now and then).
    #[must_use]
    pub fn sometimes_deep(rating: i32, share: f64, nodes: u64) -> Style {
        Style {
            deep_share: share,
            deep_nodes: nodes,
            ..Style::person(rating)
        }
    }

    /// Every move an engine's at `nodes`.
    #[must_use]
    pub fn engine(nodes: u64) -> Style {
        Style {
            random_share: 0.0,
            nodes,
            deep_share: 0.0,
            deep_nodes: 0,
        }
    }
}

/// A game between `south` and `north` from the start of `variant`, `first` moving first, at
/// most `max_plies` long; the moves played (a game cut short is still a game of them).
#[must_use]
pub fn play(
    variant: Variant,
    first: Side,
    south: Style,
    north: Style,
    seed: u64,
    max_plies: usize,
) -> Vec<Move> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut engine = Engine::new(1 << 20, seed);
    let mut game = Game::start(variant, first);
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        let style = if game.to_move() == Side::South {
            south
        } else {
            north
        };
        let mv = if rng.f64() < style.random_share {
            random_move(&game, |n| rng.usize(..n))
        } else {
            let nodes = if rng.f64() < style.deep_share {
                style.deep_nodes
            } else {
                style.nodes
            };
            engine.clear();
            engine
                .search(&game, Limits::nodes(nodes.max(1)), &mut |_| {})
                .best
        };
        let Some(mv) = mv else {
            break;
        };
        let Ok((next, _)) = game.play(&mv) else {
            break;
        };
        game = next;
        moves.push(mv);
    }
    moves
}
