//! National ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) over rating
//! periods of one calendar month each, through the `skillratings` crate.
//!
//! Within a period every player's games count together against the opponents' ratings as they
//! stood before it. A player who sits a period out grows less certain: the deviation rises once
//! for each month without a rated game (up to the 350 of a newcomer). Everyone starts at 1500,
//! deviation 350, volatility 0.06; τ is 0.5.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// The system constant τ: how much volatility may change in a period (Glickman suggests 0.3 to
/// 1.2; 0.5 is the middle most lists use).
pub const TAU: f64 = 0.5;

/// Everyone's first rating.
pub const START_RATING: f64 = 1500.0;
/// Everyone's first deviation, and the most a deviation grows to.
const START_DEVIATION: f64 = 350.0;
/// Everyone's first volatility (Glicko-2's default).
pub const START_VOLATILITY: f64 = 0.06;
/// One unit of Glicko-2's own scale, in rating points.
const GLICKO2_SCALE: f64 = 173.7178;

/// Rated games a player needs before their rating stops being provisional.
pub const PROVISIONAL_GAMES: u32 = 10;

/// A rating period: a calendar month, counted from year 0 (`year * 12 + month - 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month(pub i32);

impl Month {
    /// The month of a date.
    #[must_use]
    pub fn of(date: chrono::NaiveDate) -> Month {
        use chrono::Datelike;
        Month(date.year() * 12 + date.month0() as i32)
    }

    /// `2026-11`.
    #[must_use]
    pub fn label(self) -> String {
        format!(
            "{:04}-{:02}",
            self.0.div_euclid(12),
            self.0.rem_euclid(12) + 1
        )
    }
}

/// Written as its label (`"2026-11"`).
impl serde::Serialize for Month {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.label())
    }
}

/// A game's result from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }

    fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// One rated game between two players (indices into the caller's list of people).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatedGame {
    pub first: usize,
    pub second: usize,
    pub score: Score,
}

/// A player's rating after the last period they played in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// The last period the player played in.
    pub period: Month,
    /// Rated games so far.
    pub games: u32,
}

impl Standing {
    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating as it stands in `month`: the deviation grown once for each month since the
    /// last period played (none for that period itself).
    #[must_use]
    pub fn as_of(&self, month: Month) -> Standing {
        let idle = month.0.saturating_sub(self.period.0);
        if idle <= 0 {
            return *self;
        }
        // Glicko-2 grows φ to √(φ² + σ²) for each period sat out (on its own scale, where
        // 173.7178 is one unit), capped at a newcomer's 350: n periods at once are √(φ² + nσ²).
        let phi = self.deviation / GLICKO2_SCALE;
        let grown = (phi.mul_add(phi, f64::from(idle) * self.volatility * self.volatility)).sqrt();
        Standing {
            deviation: (grown * GLICKO2_SCALE).min(START_DEVIATION),
            ..*self
        }
    }

    /// Whether the rating is still provisional.
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }
}

/// Rates one period. `standings[i]` is player i's standing before it (`None`: not yet rated);
/// the players of `games` get their new standing there. Returns the players rated, in order.
pub fn rate_period(
    standings: &mut [Option<Standing>],
    month: Month,
    games: &[RatedGame],
) -> Vec<usize> {
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    // Everyone's rating going into the period: a newcomer's start, or the last one with the
    // deviation grown for the months sat out before this one.
    let before = |standings: &[Option<Standing>], i: usize| -> Glicko2Rating {
        match standings.get(i).copied().flatten() {
            Some(s) => s.as_of(Month(month.0 - 1)).glicko(),
            None => Glicko2Rating::new(),
        }
    };
    let mut results: Vec<Vec<(Glicko2Rating, Outcomes)>> = vec![Vec::new(); standings.len()];
    let mut played: Vec<usize> = Vec::new();
    for game in games {
        if game.first == game.second
            || game.first >= standings.len()
            || game.second >= standings.len()
        {
            continue;
        }
        let (a, b) = (
            before(standings, game.first),
            before(standings, game.second),
        );
        for (player, opponent, score) in [
            (game.first, b, game.score),
            (game.second, a, game.score.reversed()),
        ] {
            if results[player].is_empty() {
                played.push(player);
            }
            results[player].push((opponent, score.outcome()));
        }
    }
    played.sort_unstable();
    let updated: Vec<(usize, Glicko2Rating)> = played
        .iter()
        .map(|&p| {
            (
                p,
                glicko2_rating_period(&before(standings, p), &results[p], &config),
            )
        })
        .collect();
    for (p, glicko) in updated {
        let games_before = standings[p].map_or(0, |s| s.games);
        standings[p] = Some(Standing {
            rating: glicko.rating,
            deviation: glicko.deviation,
            volatility: glicko.volatility,
            period: month,
            games: games_before + results[p].len() as u32,
        });
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Glickman's worked example: a 1500 (RD 200) player beats a 1400 (RD 30), loses to a
    /// 1550 (RD 100) and to a 1700 (RD 300): 1464.06, RD 151.52, volatility 0.05999.
    #[test]
    fn glickmans_example() {
        let start = |rating, deviation| {
            Some(Standing {
                rating,
                deviation,
                volatility: 0.06,
                period: Month(0),
                games: 0,
            })
        };
        let mut standings = vec![
            start(1500.0, 200.0),
            start(1400.0, 30.0),
            start(1550.0, 100.0),
            start(1700.0, 300.0),
        ];
        let games = [
            RatedGame {
                first: 0,
                second: 1,
                score: Score::Win,
            },
            RatedGame {
                first: 2,
                second: 0,
                score: Score::Win,
            },
            RatedGame {
                first: 0,
                second: 3,
                score: Score::Loss,
            },
        ];
        // The next month: no deviation grows before it.
        let rated = rate_period(&mut standings, Month(1), &games);
        assert_eq!(rated, vec![0, 1, 2, 3]);
        let player = standings[0].unwrap();
        assert!(close(player.rating, 1464.06, 0.01), "{player:?}");
        assert!(close(player.deviation, 151.52, 0.01), "{player:?}");
        assert!(close(player.volatility, 0.05999, 0.00001), "{player:?}");
        assert_eq!(player.games, 3);
        assert_eq!(player.period, Month(1));
    }

    #[test]
    fn newcomers_start_at_1500_and_a_win_lifts_the_winner() {
        let mut standings = vec![None, None, None];
        let rated = rate_period(
            &mut standings,
            Month(24_300),
            &[RatedGame {
                first: 1,
                second: 2,
                score: Score::Win,
            }],
        );
        assert_eq!(rated, vec![1, 2]);
        assert!(standings[0].is_none());
        let (winner, loser) = (standings[1].unwrap(), standings[2].unwrap());
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        assert!(close(winner.rating - 1500.0, 1500.0 - loser.rating, 1e-9));
        assert!(winner.deviation < 350.0 && winner.provisional());
    }

    #[test]
    fn opponents_count_as_they_stood_before_the_period() {
        // Two games in one period against the same opponent: the same opponent rating both
        // times, so the order of the games does not matter.
        let games = [
            RatedGame {
                first: 0,
                second: 1,
                score: Score::Win,
            },
            RatedGame {
                first: 1,
                second: 0,
                score: Score::Draw,
            },
        ];
        let mut one = vec![None, None];
        rate_period(&mut one, Month(5), &games);
        let mut other = vec![None, None];
        rate_period(&mut other, Month(5), &[games[1], games[0]]);
        assert_eq!(one, other);
    }

    #[test]
    fn months_sat_out_grow_the_deviation() {
        let s = Standing {
            rating: 1600.0,
            deviation: 60.0,
            volatility: 0.06,
            period: Month(100),
            games: 30,
        };
        assert_eq!(s.as_of(Month(100)), s);
        assert_eq!(s.as_of(Month(90)), s);
        let later = s.as_of(Month(112));
        assert!(later.deviation > 60.0 && later.rating == 1600.0);
        // The same as the crate's one period at a time.
        let mut stepped = skillratings::glicko2::Glicko2Rating {
            rating: 1600.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        for _ in 0..12 {
            stepped = skillratings::glicko2::decay_deviation(&stepped);
        }
        assert!(
            close(later.deviation, stepped.deviation, 1e-9),
            "{later:?} {stepped:?}"
        );
        assert!(s.as_of(Month(100 + 1200)).deviation <= 350.0);
        assert!(!s.provisional());
        assert_eq!(Month(2026 * 12 + 10).label(), "2026-11");
        assert_eq!(
            Month::of(chrono::NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()),
            Month(2026 * 12 + 10)
        );
    }
}
