//! An event's screening: its players ranked by how far their play lies from what players of
//! their rating do, with the decision that stands for each.

use std::collections::HashMap;

use serde::Serialize;

use super::model::{ExpectationFrom, expectation_for, tally_of};
use crate::db::fair_play_decisions as qd;
use crate::db::read_transaction;
use crate::db::screenings::{self as qs, ScreeningRow};
use crate::domain::{EventId, FairPlayDecision, Player, PlayerId};
use crate::engine::screening::{self, Model, Tally, judge};
use crate::service::access::{EventRef, load_access};
use crate::service::accounts::User;
use crate::service::{App, ServiceError};

/// One player of an event, as the screening reads the player's games.
#[derive(Clone, Debug, Serialize)]
pub struct ScreenedPlayer {
    pub player_id: PlayerId,
    pub name: String,
    pub rating: i32,
    /// Games screened.
    pub games: u32,
    /// Moves counted, and how many were the engine's first choice.
    pub moves: u32,
    pub matched: u32,
    pub average_cost: f64,
    pub expected_match_rate: Option<f64>,
    /// The matches expected of the player's counted moves.
    pub expected_matched: Option<f64>,
    pub expected_cost: Option<f64>,
    /// Larger the less likely the play is without help; `None` below the moves it needs.
    pub score: Option<f64>,
    pub flagged: bool,
    /// The arbiter's decision that stands (the latest), if one was recorded.
    pub decision: Option<FairPlayDecision>,
}

impl ScreenedPlayer {
    /// `player`'s `games` screened games, their moves in `tally`, judged against `model`.
    pub(super) fn judged(
        player: &Player,
        games: u32,
        tally: &Tally,
        model: Option<&Model>,
        decision: Option<FairPlayDecision>,
    ) -> ScreenedPlayer {
        let judged = model.and_then(|m| judge(m, player.rating, tally));
        ScreenedPlayer {
            player_id: player.id,
            name: player.name.clone(),
            rating: player.rating,
            games,
            moves: tally.moves,
            matched: tally.matched,
            average_cost: tally.average_cost(),
            expected_match_rate: judged.map(|j| j.expected_match_rate),
            expected_matched: judged.map(|j| j.expected_match_rate * f64::from(tally.moves)),
            expected_cost: judged.map(|j| j.expected_cost),
            score: judged.map(|j| j.score),
            flagged: judged.is_some_and(|j| j.score >= screening::THRESHOLD),
            decision,
        }
    }
}

/// An event's screening.
#[derive(Clone, Debug, Serialize)]
pub struct EventScreening {
    /// Every final game with a record is screened.
    pub complete: bool,
    pub screened_games: i64,
    pub final_games: i64,
    pub expectation: ExpectationFrom,
    /// The moves the expectation was fitted on.
    pub expectation_moves: u64,
    pub threshold: f64,
    pub min_moves: u32,
    /// By score, highest first (players without one last, by name).
    pub players: Vec<ScreenedPlayer>,
    /// Until when the event's games are reviewed before other events', if an arbiter asked.
    #[serde(serialize_with = "crate::domain::utc::serialize_option")]
    pub first_until: Option<chrono::NaiveDateTime>,
}

/// Each player's screened games and their tally.
pub(super) fn tallies(rows: &[ScreeningRow]) -> HashMap<PlayerId, (u32, Tally)> {
    let mut per: HashMap<PlayerId, (u32, Tally)> = HashMap::new();
    for row in rows {
        for (player, side) in [
            (row.first_player, &row.first),
            (row.second_player, &row.second),
        ] {
            if let Some(player) = player {
                let entry = per.entry(player).or_default();
                entry.0 += 1;
                entry.1.add(&tally_of(side));
            }
        }
    }
    per
}

/// The screening of an event, for its staff (403 for anyone else).
pub fn of_event(
    app: &App,
    viewer: Option<&User>,
    event: EventRef<'_>,
) -> Result<EventScreening, ServiceError> {
    let mut conn = app.conn()?;
    read_transaction(&mut conn, |conn| {
        let access = load_access(conn, event, viewer)?;
        access.staff_reading()?;
        let id: EventId = access.event.id;
        let rows = qs::of_event(conn, id)?;
        let (screened_games, final_games) = qs::progress(conn, id)?;
        let (from, model) = expectation_for(app, conn, id)?;
        let players = crate::db::events::players_of_event(conn, id)?;
        let decisions: HashMap<PlayerId, FairPlayDecision> =
            qd::standing_in_event(conn, id)?.into_iter().collect();
        let per = tallies(&rows);
        let mut listed: Vec<ScreenedPlayer> = players
            .iter()
            .map(|p| {
                let (games, tally) = per.get(&p.id).copied().unwrap_or_default();
                ScreenedPlayer::judged(
                    p,
                    games,
                    &tally,
                    model.as_ref(),
                    decisions.get(&p.id).copied(),
                )
            })
            .collect();
        listed.sort_by(|a, b| {
            b.score
                .unwrap_or(f64::NEG_INFINITY)
                .total_cmp(&a.score.unwrap_or(f64::NEG_INFINITY))
                .then_with(|| a.name.cmp(&b.name))
        });
        let first_until = crate::db::reviews::asked_first_at(conn, id)?
            .map(|at| at + crate::service::reviews::ASKED_FIRST_FOR)
            .filter(|until| *until > crate::db::now());
        Ok(EventScreening {
            complete: from != ExpectationFrom::Pending && screened_games == final_games,
            screened_games,
            final_games,
            expectation: from,
            expectation_moves: model.map_or(0, |m| m.moves),
            threshold: screening::THRESHOLD,
            min_moves: screening::MIN_MOVES,
            players: listed,
            first_until,
        })
    })
}
