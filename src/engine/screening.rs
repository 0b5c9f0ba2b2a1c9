//! Fair-play screening: how a player's moves compare with the engine's, against what players of
//! that rating do. Built on a game's review (`review.rs`): its engine move and cost per ply, so
//! nothing is searched twice. A screening opens an inquiry, it never decides one
//! (docs/fair-play.md says what the numbers can and cannot show).

use serde::{Deserialize, Serialize};

use crate::rules::{Game, Move, Side};

use super::review::Review;

/// The first plies of a game (both players' first two moves), left out: an opening is
/// prepared at home, where any help is allowed.
pub const OPENING_PLIES: usize = 4;

/// A position whose score is at least this many stones for either side is decided: nearly
/// every move wins it (or loses it), so matching the engine there says nothing.
pub const DECIDED_STONES: f64 = 40.0;

/// A move's cost is counted up to this many stones: a blunder is a blunder, and one thrown-away
/// proven win (100 stones) must not outweigh a game of moves.
pub const COST_CAP: f64 = 10.0;

/// Why a ply is not counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeftOut {
    /// One of the game's first [`OPENING_PLIES`] plies, or an expert arrangement.
    Opening,
    /// The mover had one sowing move.
    Forced,
    /// The score before the move was proven, or [`DECIDED_STONES`] or more either way.
    Decided,
}

impl LeftOut {
    /// The stable code (as serialised).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            LeftOut::Opening => "opening",
            LeftOut::Forced => "forced",
            LeftOut::Decided => "decided",
        }
    }
}

/// One ply as the screening reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScreenedPly {
    pub ply: usize,
    pub side: Side,
    /// The move played was the engine's first choice.
    pub matched: bool,
    /// Stones it lost against the engine's move, at most [`COST_CAP`].
    pub cost: f64,
    /// `None`: counted.
    pub left_out: Option<LeftOut>,
}

/// Reads the review of the game from `start` through `moves`, ply by ply.
#[must_use]
pub fn screen(start: &Game, moves: &[Move], review: &Review) -> Vec<ScreenedPly> {
    let mut game = *start;
    let mut out = Vec::with_capacity(review.plies.len());
    for (reviewed, mv) in review.plies.iter().zip(moves) {
        let left_out = if reviewed.ply <= OPENING_PLIES || matches!(mv, Move::Rearrange(_)) {
            Some(LeftOut::Opening)
        } else if game.legal_moves().len() <= 1 {
            Some(LeftOut::Forced)
        } else if reviewed.before.is_proven() || reviewed.before.as_stones().abs() >= DECIDED_STONES
        {
            Some(LeftOut::Decided)
        } else {
            None
        };
        out.push(ScreenedPly {
            ply: reviewed.ply,
            side: reviewed.side,
            matched: reviewed.best.as_deref() == Some(reviewed.played.as_str()),
            cost: reviewed.cost.min(COST_CAP),
            left_out,
        });
        let Ok((next, _)) = game.play(mv) else {
            break;
        };
        game = next;
    }
    out
}

/// One player's counted moves, summed (over a game or several).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    pub moves: u32,
    pub matched: u32,
    pub cost: f64,
    /// The sum of the squared costs (for the spread of the data's costs).
    pub cost_squared: f64,
}

impl Tally {
    /// The counted plies of `side` in a screened game.
    #[must_use]
    pub fn of_side(plies: &[ScreenedPly], side: Side) -> Tally {
        let mut tally = Tally::default();
        for ply in plies
            .iter()
            .filter(|p| p.side == side && p.left_out.is_none())
        {
            tally.moves += 1;
            tally.matched += u32::from(ply.matched);
            tally.cost += ply.cost;
            tally.cost_squared += ply.cost * ply.cost;
        }
        tally
    }

    pub fn add(&mut self, other: &Tally) {
        self.moves += other.moves;
        self.matched += other.matched;
        self.cost += other.cost;
        self.cost_squared += other.cost_squared;
    }

    #[must_use]
    pub fn average_cost(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.cost / f64::from(self.moves)
        }
    }
}

/// What one move of a player of a given rating is expected to be.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Expected {
    /// The chance that it is the engine's first choice.
    pub match_rate: f64,
    /// Its cost, on average, and the spread of that cost.
    pub cost: f64,
    pub cost_sd: f64,
}

/// Expectation as a line over the rating: the match rate and the average cost, each
/// `a + b × rating`, and one spread of the cost around its line.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Model {
    pub match_at: (f64, f64),
    pub cost_at: (f64, f64),
    pub cost_sd: f64,
    /// Counted moves the model was fitted on.
    pub moves: u64,
}

/// The rating a player without one is taken to have.
pub const UNRATED: i32 = 1500;

/// Ratings the model is read within (a line is not trusted past the data it came from).
pub const RATINGS: (i32, i32) = (1000, 2400);

impl Model {
    /// What a move of a player rated `rating` (0: unrated) is expected to be.
    #[must_use]
    pub fn expected(&self, rating: i32) -> Expected {
        let r = f64::from(if rating == 0 { UNRATED } else { rating }.clamp(RATINGS.0, RATINGS.1));
        Expected {
            match_rate: (self.match_at.0 + self.match_at.1 * r).clamp(0.02, 0.98),
            cost: (self.cost_at.0 + self.cost_at.1 * r).max(0.05),
            cost_sd: self.cost_sd.max(0.05),
        }
    }

    /// The model fitted on `data` (a tally per player and game, with the player's rating):
    /// least squares over every counted move. `None` when the data holds fewer than
    /// `min_moves` moves, or a single rating (no slope can be fitted).
    #[must_use]
    pub fn fit(data: &[(i32, Tally)], min_moves: u64) -> Option<Model> {
        let mut n = 0.0;
        let (mut sr, mut srr, mut sm, mut src, mut srm, mut sc) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        for (rating, t) in data {
            let r = f64::from(if *rating == 0 { UNRATED } else { *rating });
            let k = f64::from(t.moves);
            n += k;
            sr += k * r;
            srr += k * r * r;
            sm += f64::from(t.matched);
            srm += r * f64::from(t.matched);
            sc += t.cost;
            src += r * t.cost;
        }
        let moves = n as u64;
        let spread = srr - sr * sr / n;
        if moves < min_moves.max(2) || spread <= f64::EPSILON * srr.max(1.0) {
            return None;
        }
        let line = |sy: f64, sry: f64| {
            let slope = (sry - sr * sy / n) / spread;
            ((sy - slope * sr) / n, slope)
        };
        let match_at = line(sm, srm);
        let cost_at = line(sc, src);
        // The spread of one move's cost around the line, from the sums of squares.
        let mut squares = 0.0;
        for (rating, t) in data {
            let r = f64::from(if *rating == 0 { UNRATED } else { *rating });
            let mean = cost_at.0 + cost_at.1 * r;
            let k = f64::from(t.moves);
            squares += t.cost_squared - 2.0 * mean * t.cost + k * mean * mean;
        }
        Some(Model {
            match_at,
            cost_at,
            cost_sd: (squares / n).max(0.0).sqrt(),
            moves,
        })
    }
}

/// A player's play against the expectation at the player's rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Judged {
    pub expected_match_rate: f64,
    pub expected_cost: f64,
    /// How many standard errors more matches than expected.
    pub match_z: f64,
    /// How many standard errors less cost than expected.
    pub cost_z: f64,
    /// The mean of the two: larger the less likely the play is without help.
    pub score: f64,
}

/// Fewer counted moves than this say nothing: no score, never flagged.
pub const MIN_MOVES: u32 = 20;

/// A score at or past this is flagged for an arbiter to look at (docs/fair-play.md: about
/// one honest player in a thousand would reach it if the two numbers were independent normal
/// variables; the rate measured on honest simulated events is given there).
pub const THRESHOLD: f64 = 3.0;

/// `tally` of a player rated `rating` against `model`; `None` below [`MIN_MOVES`].
#[must_use]
pub fn judge(model: &Model, rating: i32, tally: &Tally) -> Option<Judged> {
    if tally.moves < MIN_MOVES {
        return None;
    }
    let e = model.expected(rating);
    let n = f64::from(tally.moves);
    let match_z = (f64::from(tally.matched) - n * e.match_rate)
        / (n * e.match_rate * (1.0 - e.match_rate)).sqrt();
    let cost_z = (e.cost - tally.average_cost()) / (e.cost_sd / n.sqrt());
    Some(Judged {
        expected_match_rate: e.match_rate,
        expected_cost: e.cost,
        match_z,
        cost_z,
        score: f64::midpoint(match_z, cost_z),
    })
}

/// The ratings of the baseline's simulated people.
const LADDER: [i32; 8] = [1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400];

/// The expectation where an installation holds too few games: simulated people of the
/// ladder's ratings ([`super::simulated::Style::person`]) play each other, every pairing
/// twice (each side first once), and the games are reviewed at `nodes` as real ones are.
/// Seeded: the same model on every machine. About 56 games; a few seconds at the default
/// review budget in a release build. `gate` is called before each game and what it returns is
/// held while the game is played and reviewed (a server's engine slot: the baseline never
/// holds one for more than a game).
#[must_use]
pub fn baseline<G>(nodes: u64, mut gate: impl FnMut() -> G) -> Model {
    use super::review::review;
    use super::simulated::{Style, play};
    use super::{Engine, Limits};
    use crate::rules::Variant;
    let mut data = Vec::new();
    let mut engine = Engine::new(1 << 20, 1);
    for (i, a) in LADDER.iter().enumerate() {
        for (j, b) in LADDER.iter().enumerate().skip(i + 1) {
            for first in [Side::South, Side::North] {
                let seed = (i * LADDER.len() + j) as u64 * 2 + u64::from(first == Side::North);
                let _slot = gate();
                let start = Game::start(Variant::Advanced, first);
                let moves = play(
                    Variant::Advanced,
                    first,
                    Style::person(*a),
                    Style::person(*b),
                    seed,
                    300,
                );
                let reviewed = review(&start, &moves, &mut engine, || Limits::nodes(nodes));
                let plies = screen(&start, &moves, &reviewed);
                data.push((*a, Tally::of_side(&plies, Side::South)));
                data.push((*b, Tally::of_side(&plies, Side::North)));
            }
        }
    }
    // Simulated people of eight ratings always give a line.
    Model::fit(&data, 1).unwrap_or(Model {
        match_at: (0.5, 0.0),
        cost_at: (2.0, 0.0),
        cost_sd: 3.0,
        moves: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::review::review;
    use crate::engine::{Engine, Limits};
    use crate::rules::Variant;

    #[test]
    fn forced_opening_and_decided_plies_are_left_out() {
        let start = Game::start(Variant::Advanced, Side::South);
        let mut game = start;
        let mut moves = Vec::new();
        let mut engine = Engine::new(1 << 20, 1);
        while moves.len() < 200 {
            let Some(mv) = engine.search(&game, Limits::nodes(300), &mut |_| {}).best else {
                break;
            };
            game = game.play(&mv).unwrap().0;
            moves.push(mv);
        }
        let reviewed = review(&start, &moves, &mut engine, || Limits::nodes(300));
        let plies = screen(&start, &moves, &reviewed);
        assert_eq!(plies.len(), reviewed.plies.len());
        let mut game = start;
        for (ply, mv) in plies.iter().zip(&moves) {
            let forced = game.legal_moves().len() == 1;
            if ply.ply <= OPENING_PLIES {
                assert_eq!(ply.left_out, Some(LeftOut::Opening));
            } else if forced {
                assert_eq!(ply.left_out, Some(LeftOut::Forced), "ply {}", ply.ply);
            } else if ply.left_out.is_none() {
                assert!(reviewed.plies[ply.ply - 1].before.as_stones().abs() < DECIDED_STONES);
            }
            game = game.play(mv).unwrap().0;
        }
        let counted =
            Tally::of_side(&plies, Side::South).moves + Tally::of_side(&plies, Side::North).moves;
        let left = plies.iter().filter(|p| p.left_out.is_some()).count();
        assert_eq!(counted as usize + left, plies.len());
    }

    #[test]
    fn a_line_fitted_through_two_ratings_reads_back_their_rates() {
        let tally = |moves: u32, matched: u32, cost: f64| Tally {
            moves,
            matched,
            cost: cost * f64::from(moves),
            cost_squared: cost * cost * f64::from(moves),
        };
        let data = [(1200, tally(100, 30, 4.0)), (2000, tally(100, 70, 1.0))];
        let model = Model::fit(&data, 50).unwrap();
        assert!((model.expected(1200).match_rate - 0.3).abs() < 1e-9);
        assert!((model.expected(2000).match_rate - 0.7).abs() < 1e-9);
        assert!((model.expected(1600).cost - 2.5).abs() < 1e-9);
        assert!(Model::fit(&data, 500).is_none(), "too few moves");
        assert!(Model::fit(&data[..1], 50).is_none(), "one rating, no slope");
        // Play as expected scores about nothing; the engine's own play far more.
        let honest = judge(&model, 1200, &tally(100, 30, 4.0)).unwrap();
        assert!(honest.score.abs() < 0.5, "{honest:?}");
        let helped = judge(&model, 1200, &tally(100, 80, 0.5)).unwrap();
        assert!(helped.score > THRESHOLD, "{helped:?}");
        assert!(judge(&model, 1200, &tally(MIN_MOVES - 1, 19, 0.0)).is_none());
    }
}
