//! Standings with the FIDE tie-breaks (Tie-Break Regulations 2023/24, Swiss mode for unplayed
//! rounds, as FIDE's own tie-break program applies them).
//!
//! - A *played game* is a win, draw or loss over the board. Forfeits, byes, absences and the
//!   rounds after a withdrawal are unplayed.
//! - A *voluntarily unplayed round* (VUR) is an unplayed round that did not score as a win:
//!   a half- or zero-point bye, an absence, a forfeit loss. A PAB or a forfeit win is not.
//! - A played game contributes the opponent's *adjusted score*: the opponent's points with
//!   every absence after his last non-VUR round counted as a draw (a forfeit loss there
//!   keeps its value: the player was paired and did not come).
//! - An unplayed round contributes the player's own score.
//! - Cut-1 removes the lowest VUR contribution when there is one, else the lowest
//!   contribution; Median-1 also removes the highest.
//! - SB weights each contribution by the points scored in that round.
//! - DE ranks players still tied on the criteria before it by their games against each
//!   other; it is 0 outside such a group or when it does not separate the group.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::history::{GameScore, Outcome, PlayerHistory, PointSystem};

/// A tie-break criterion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tiebreak {
    /// Buchholz.
    #[serde(rename = "BH")]
    Buchholz,
    /// Buchholz without the lowest contribution.
    #[serde(rename = "BH-C1")]
    BuchholzCut1,
    /// Buchholz without the highest and the lowest contribution.
    #[serde(rename = "BH-M1")]
    BuchholzMedian1,
    /// Sonneborn-Berger.
    #[serde(rename = "SB")]
    SonnebornBerger,
    /// Direct encounter.
    #[serde(rename = "DE")]
    DirectEncounter,
    /// Rounds won, with or without playing.
    #[serde(rename = "WIN")]
    Wins,
    /// Games won over the board.
    #[serde(rename = "WON")]
    GamesWon,
    /// Average rating of opponents.
    #[serde(rename = "ARO")]
    AverageRatingOfOpponents,
    /// Koya system (round robin): points against opponents with half the maximum or more.
    #[serde(rename = "KS")]
    Koya,
    /// Progressive score: the sum of the running scores.
    #[serde(rename = "PS")]
    ProgressiveScore,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 10] = [
        Tiebreak::BuchholzCut1,
        Tiebreak::Buchholz,
        Tiebreak::BuchholzMedian1,
        Tiebreak::SonnebornBerger,
        Tiebreak::DirectEncounter,
        Tiebreak::Wins,
        Tiebreak::GamesWon,
        Tiebreak::AverageRatingOfOpponents,
        Tiebreak::Koya,
        Tiebreak::ProgressiveScore,
    ];

    /// The FIDE code.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "BH",
            Tiebreak::BuchholzCut1 => "BH-C1",
            Tiebreak::BuchholzMedian1 => "BH-M1",
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::DirectEncounter => "DE",
            Tiebreak::Wins => "WIN",
            Tiebreak::GamesWon => "WON",
            Tiebreak::AverageRatingOfOpponents => "ARO",
            Tiebreak::Koya => "KS",
            Tiebreak::ProgressiveScore => "PS",
        }
    }

    /// Lower is better only for direct encounter (a position in the tied group).
    #[must_use]
    pub fn lower_is_better(self) -> bool {
        self == Tiebreak::DirectEncounter
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The text names no tie-break.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown tie-break `{0}`")]
pub struct UnknownTiebreak(pub String);

impl FromStr for Tiebreak {
    type Err = UnknownTiebreak;

    /// Reads a FIDE code; `BH/C1` and `BH#C1` are accepted for `BH-C1`.
    fn from_str(text: &str) -> Result<Tiebreak, UnknownTiebreak> {
        let normal = text.trim().to_ascii_uppercase().replace(['/', '#'], "-");
        Tiebreak::ALL
            .into_iter()
            .find(|t| t.code() == normal)
            .ok_or_else(|| UnknownTiebreak(text.to_string()))
    }
}

/// What one round added to a player's Buchholz and Sonneborn-Berger.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Contribution {
    /// Round, 1-based.
    pub round: usize,
    /// The opponent of a played game.
    pub opponent: Option<usize>,
    /// The value counted for Buchholz (points).
    pub value: f64,
    /// Points scored in the round, as a fraction of a win (for SB).
    pub result: f64,
    /// The round was a voluntarily unplayed one.
    pub voluntary: bool,
    /// Removed by Cut-1.
    pub cut: bool,
    /// Removed by Median-1 as the highest.
    pub cut_high: bool,
}

/// One player's line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub player: usize,
    /// Shared by players equal on every criterion (1, 2, 2, 4).
    pub rank: usize,
    /// Points.
    pub points: f64,
    /// Values in the event's tie-break order.
    pub values: Vec<f64>,
    pub played: usize,
    pub won: usize,
    /// Per-round contributions behind BH and SB.
    pub contributions: Vec<Contribution>,
    /// Rating performance in played games (average opponent rating ± 400 × (score − 50%)),
    /// when the player has played.
    pub performance: Option<i64>,
}

/// Standings of an event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub tiebreaks: Vec<Tiebreak>,
    /// Rounds counted.
    pub rounds: usize,
    /// In rank order (ties in pairing-number order).
    pub rows: Vec<Row>,
}

/// What the standings are computed from.
#[derive(Clone, Debug)]
pub struct StandingsInput<'a> {
    pub players: &'a [PlayerHistory],
    /// Rounds to count (completed rounds).
    pub rounds: usize,
    pub points: PointSystem,
    pub tiebreaks: &'a [Tiebreak],
}

const EPSILON: f64 = 1e-9;

fn same(a: f64, b: f64) -> bool {
    (a - b).abs() < EPSILON
}

/// Computes the standings.
#[must_use]
pub fn compute(input: &StandingsInput<'_>) -> Standings {
    let n = input.players.len();
    let points: Vec<f64> = (0..n)
        .map(|p| to_points(input.players[p].score_after(input.rounds, &input.points)))
        .collect();
    let adjusted = adjusted_scores(input);
    let mut rows: Vec<Row> = (0..n)
        .map(|p| player_row(input, p, &points, &adjusted))
        .collect();
    push_tiebreak_values(input, &mut rows, &points);
    Standings {
        tiebreaks: input.tiebreaks.to_vec(),
        rounds: input.rounds,
        rows: ranked(input.tiebreaks, &rows),
    }
}

/// Tenths of a point as points.
fn to_points(tenths: u32) -> f64 {
    f64::from(tenths) / 10.0
}

/// Whether player `p`'s round `r` was voluntarily unplayed (see the module's notes).
fn voluntarily_unplayed(input: &StandingsInput<'_>, p: usize, r: usize) -> bool {
    let e = input.players[p].round(r);
    !e.played() && !e.scored_as_win(&input.points)
}

/// Every player's adjusted score, which his opponents' Buchholz counts.
fn adjusted_scores(input: &StandingsInput<'_>) -> Vec<f64> {
    let entry = |p: usize, r: usize| input.players[p].round(r);
    // Adjusted scores: after the last round that was not voluntarily unplayed, every
    // absence counts as a draw. A forfeit loss there keeps its real value (the player was
    // paired and did not come), as FIDE's tie-break program counts it.
    (0..input.players.len())
        .map(|p| {
            let last_active = (0..input.rounds)
                .rev()
                .find(|&r| !voluntarily_unplayed(input, p, r));
            (0..input.rounds)
                .map(|r| {
                    let trailing = last_active.is_none_or(|last| r > last);
                    if trailing && entry(p, r).opponent.is_none() {
                        to_points(input.points.draw)
                    } else {
                        to_points(entry(p, r).points(&input.points))
                    }
                })
                .sum()
        })
        .collect()
}

/// Player `p`'s row before its tie-break values and rank: points, contributions, games and
/// performance.
fn player_row(input: &StandingsInput<'_>, p: usize, points: &[f64], adjusted: &[f64]) -> Row {
    let win = f64::from(input.points.win.max(1));
    let entry = |r: usize| input.players[p].round(r);
    let mut contributions = contributions(input, p, points, adjusted);
    mark_cuts(&mut contributions);
    let played_games: Vec<usize> = (0..input.rounds)
        .filter(|&r| entry(r).played())
        .filter_map(|r| entry(r).opponent)
        .collect();
    let won = (0..input.rounds)
        .filter(|&r| entry(r).outcome == Outcome::Played(GameScore::Win))
        .count();
    let rated: Vec<f64> = played_games
        .iter()
        .map(|&o| input.players[o].rating)
        .filter(|&r| r > 0)
        .map(f64::from)
        .collect();
    let performance = (!rated.is_empty()).then(|| {
        let average = rated.iter().sum::<f64>() / rated.len() as f64;
        let scored: f64 = (0..input.rounds)
            .filter(|&r| entry(r).played())
            .map(|r| f64::from(entry(r).points(&input.points)) / win)
            .sum();
        let fraction = scored / played_games.len() as f64;
        (average + 800.0 * (fraction - 0.5)).round() as i64
    });
    Row {
        player: p,
        rank: 0,
        points: points[p],
        values: Vec::with_capacity(input.tiebreaks.len()),
        played: played_games.len(),
        won,
        contributions,
        performance,
    }
}

/// What each round added to player `p`'s Buchholz and Sonneborn-Berger, before the cuts.
fn contributions(
    input: &StandingsInput<'_>,
    p: usize,
    points: &[f64],
    adjusted: &[f64],
) -> Vec<Contribution> {
    let win = f64::from(input.points.win.max(1));
    (0..input.rounds)
        .map(|r| {
            let e = input.players[p].round(r);
            let result = f64::from(e.points(&input.points)) / win;
            match (e.played(), e.opponent) {
                (true, Some(o)) => Contribution {
                    round: r + 1,
                    opponent: Some(o),
                    value: adjusted[o],
                    result,
                    voluntary: false,
                    cut: false,
                    cut_high: false,
                },
                _ => Contribution {
                    round: r + 1,
                    opponent: None,
                    value: points[p],
                    result,
                    voluntary: voluntarily_unplayed(input, p, r),
                    cut: false,
                    cut_high: false,
                },
            }
        })
        .collect()
}

/// Adds each row's tie-break values, in the event's order.
fn push_tiebreak_values(input: &StandingsInput<'_>, rows: &mut [Row], points: &[f64]) {
    for &tiebreak in input.tiebreaks {
        if tiebreak == Tiebreak::DirectEncounter {
            let values = direct_encounter(input, rows, points);
            for (row, value) in rows.iter_mut().zip(values) {
                row.values.push(value);
            }
            continue;
        }
        for row in rows.iter_mut() {
            // Adding zero turns a -0 (a cut of nothing) into 0, so it never prints as "-0".
            let value = value_of(tiebreak, input, row, points) + 0.0;
            row.values.push(value);
        }
    }
}

/// The rows in rank order, ties in pairing-number order sharing a rank (1, 2, 2, 4).
fn ranked(tiebreaks: &[Tiebreak], rows: &[Row]) -> Vec<Row> {
    let n = rows.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| compare(tiebreaks, &rows[a], &rows[b]).then(a.cmp(&b)));
    let mut ranked: Vec<Row> = Vec::with_capacity(n);
    for (position, &p) in order.iter().enumerate() {
        let rank = match ranked.last() {
            Some(previous) if compare(tiebreaks, previous, &rows[p]) == Ordering::Equal => {
                previous.rank
            }
            _ => position + 1,
        };
        let mut row = rows[p].clone();
        row.rank = rank;
        ranked.push(row);
    }
    ranked
}

/// Marks the contributions removed by Cut-1 (lowest VUR first) and Median-1's highest.
fn mark_cuts(contributions: &mut [Contribution]) {
    let lowest = |candidates: &mut dyn Iterator<Item = (usize, &Contribution)>| {
        candidates
            .min_by(|a, b| a.1.value.total_cmp(&b.1.value))
            .map(|(i, _)| i)
    };
    let cut = lowest(
        &mut contributions
            .iter()
            .enumerate()
            .filter(|(_, c)| c.voluntary),
    )
    .or_else(|| lowest(&mut contributions.iter().enumerate()));
    if let Some(i) = cut {
        contributions[i].cut = true;
    }
    let highest = contributions
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.cut)
        .max_by(|a, b| a.1.value.total_cmp(&b.1.value))
        .map(|(i, _)| i);
    if let Some(i) = highest {
        contributions[i].cut_high = true;
    }
}

fn value_of(tiebreak: Tiebreak, input: &StandingsInput<'_>, row: &Row, points: &[f64]) -> f64 {
    let c = &row.contributions;
    let p = row.player;
    match tiebreak {
        Tiebreak::Buchholz => c.iter().map(|c| c.value).sum(),
        Tiebreak::BuchholzCut1 => c.iter().filter(|c| !c.cut).map(|c| c.value).sum(),
        Tiebreak::BuchholzMedian1 => c
            .iter()
            .filter(|c| !c.cut && !c.cut_high)
            .map(|c| c.value)
            .sum(),
        Tiebreak::SonnebornBerger => c.iter().map(|c| c.value * c.result).sum(),
        Tiebreak::Wins => (0..input.rounds)
            .filter(|&r| {
                let e = input.players[p].round(r);
                matches!(
                    e.outcome,
                    Outcome::Played(GameScore::Win) | Outcome::ForfeitWin | Outcome::Pab
                )
            })
            .count() as f64,
        Tiebreak::GamesWon => row.won as f64,
        Tiebreak::AverageRatingOfOpponents => {
            let ratings: Vec<f64> = c
                .iter()
                .filter_map(|c| c.opponent)
                .map(|o| input.players[o].rating)
                .filter(|&r| r > 0)
                .map(f64::from)
                .collect();
            if ratings.is_empty() {
                0.0
            } else {
                (ratings.iter().sum::<f64>() / ratings.len() as f64 + 0.5).floor()
            }
        }
        Tiebreak::Koya => {
            let max = f64::from(input.points.win) / 10.0 * input.rounds as f64;
            c.iter()
                .filter(|c| c.opponent.is_some_and(|o| points[o] >= max / 2.0 - EPSILON))
                .map(|c| c.result * f64::from(input.points.win) / 10.0)
                .sum()
        }
        Tiebreak::ProgressiveScore => {
            let mut running = 0.0;
            let mut total = 0.0;
            for r in 0..input.rounds {
                running += f64::from(input.players[p].round(r).points(&input.points)) / 10.0;
                total += running;
            }
            total
        }
        Tiebreak::DirectEncounter => 0.0,
    }
}

fn compare(tiebreaks: &[Tiebreak], a: &Row, b: &Row) -> Ordering {
    let by_points = b.points.total_cmp(&a.points);
    if !same(a.points, b.points) {
        return by_points;
    }
    for (i, t) in tiebreaks.iter().enumerate() {
        let (x, y) = (a.values[i], b.values[i]);
        if same(x, y) {
            continue;
        }
        return if t.lower_is_better() {
            x.total_cmp(&y)
        } else {
            y.total_cmp(&x)
        };
    }
    Ordering::Equal
}

/// Direct encounter: positions inside each group of players tied on points and on the
/// criteria listed before DE.
fn direct_encounter(input: &StandingsInput<'_>, rows: &[Row], points: &[f64]) -> Vec<f64> {
    let n = rows.len();
    let before = rows.first().map_or(0, |r| r.values.len());
    let tied = |a: usize, b: usize| {
        same(points[a], points[b])
            && (0..before).all(|i| same(rows[a].values[i], rows[b].values[i]))
    };
    let mut values = vec![0.0; n];
    let mut done = vec![false; n];
    for first in 0..n {
        if done[first] {
            continue;
        }
        let group: Vec<usize> = (first..n).filter(|&p| !done[p] && tied(first, p)).collect();
        for &p in &group {
            done[p] = true;
        }
        if group.len() < 2 {
            continue;
        }
        // Points each scored against the others of the group, in played games.
        let mut scores = Vec::with_capacity(group.len());
        let mut all_met = true;
        for &p in &group {
            let mut score = 0.0;
            for &q in &group {
                if p == q {
                    continue;
                }
                let games: Vec<f64> = (0..input.rounds)
                    .map(|r| input.players[p].round(r))
                    .filter(|e| e.played() && e.opponent == Some(q))
                    .map(|e| f64::from(e.points(&input.points)))
                    .collect();
                if games.is_empty() {
                    all_met = false;
                }
                score += games.iter().sum::<f64>();
            }
            scores.push(score);
        }
        if !all_met {
            continue;
        }
        let mut distinct: Vec<f64> = scores.clone();
        distinct.sort_by(|a, b| b.total_cmp(a));
        distinct.dedup_by(|a, b| same(*a, *b));
        if distinct.len() < 2 {
            continue;
        }
        for (i, &p) in group.iter().enumerate() {
            let better = scores.iter().filter(|&&s| s > scores[i] + EPSILON).count();
            values[p] = (better + 1) as f64;
        }
    }
    values
}
