//! The audit log as organisers and arbiters read it: an event's entries or one game's.

use std::collections::HashMap;

use serde::Serialize;

use super::access::Access;
use super::audit::Said;
use super::{App, ServiceError};
use crate::db::events as q;
use crate::domain::{AuditAction, AuditState, GameId, PlayerId, RoundId, UserId};

/// An entry as shown to organisers and arbiters.
#[derive(Clone, Debug, Serialize)]
pub struct Shown {
    pub at: chrono::NaiveDateTime,
    pub actor_user: Option<UserId>,
    pub actor_player: Option<PlayerId>,
    pub action: AuditAction,
    pub from_state: Option<AuditState>,
    pub to_state: Option<AuditState>,
    pub detail: Said,
    pub game_id: Option<GameId>,
    pub round_id: Option<RoundId>,
    /// Who acted, by name: the account's display name, the entry's name.
    pub user_name: Option<String>,
    pub player_name: Option<String>,
    /// Where: the round's number, and the game's board in it.
    pub round_number: Option<i32>,
    pub board: Option<i32>,
}

/// The names and places an event's entries refer to by id.
struct Names {
    users: HashMap<UserId, String>,
    players: HashMap<PlayerId, String>,
    rounds: HashMap<RoundId, i32>,
    games: HashMap<GameId, (RoundId, i32)>,
}

impl Names {
    fn of(
        conn: &mut crate::db::DbConnection,
        event: crate::domain::EventId,
        rows: &[q::AuditRow],
    ) -> Result<Names, ServiceError> {
        let mut user_ids: Vec<UserId> = rows.iter().filter_map(|r| r.actor_user).collect();
        user_ids.sort_unstable();
        user_ids.dedup();
        let users = crate::db::accounts::users_by_ids(conn, &user_ids)?
            .into_iter()
            .map(|u| (u.id, u.display_name))
            .collect();
        let players = q::players_of_event(conn, event)?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect();
        let rounds = q::rounds_of_event(conn, event)?
            .into_iter()
            .map(|r| (r.id, r.number))
            .collect();
        let games = q::games_of_event(conn, event)?
            .into_iter()
            .map(|g| (g.id, (g.round_id, g.board)))
            .collect();
        Ok(Names {
            users,
            players,
            rounds,
            games,
        })
    }
}

/// The entries as read; a state that is none of its kind's codes fails, as an unknown code
/// of any column does.
fn shown(rows: Vec<q::AuditRow>, names: &Names) -> Result<Vec<Shown>, ServiceError> {
    rows.into_iter()
        .map(|r| {
            let action = r.action;
            let state = |code: Option<String>| {
                code.map(|code| {
                    AuditState::read(action, &code).ok_or_else(|| {
                        ServiceError::Internal(format!("no {action} state {code:?}"))
                    })
                })
                .transpose()
            };
            let game = r.game_id.and_then(|g| names.games.get(&g));
            let round_id = r.round_id.or(game.map(|(round, _)| *round));
            Ok(Shown {
                user_name: r.actor_user.and_then(|u| names.users.get(&u).cloned()),
                player_name: r.actor_player.and_then(|p| names.players.get(&p).cloned()),
                round_number: round_id.and_then(|id| names.rounds.get(&id).copied()),
                board: game.map(|(_, board)| *board),
                at: r.created_at,
                actor_user: r.actor_user,
                actor_player: r.actor_player,
                action,
                from_state: state(r.from_state)?,
                to_state: state(r.to_state)?,
                detail: Said::read(r.detail),
                game_id: r.game_id,
                round_id: r.round_id,
            })
        })
        .collect()
}

/// The event's log, newest first (organisers and arbiters).
pub fn event_log(app: &App, access: &Access) -> Result<Vec<Shown>, ServiceError> {
    access.require_arbiter_reading()?;
    let mut conn = app.conn()?;
    let rows = q::audit_of_event(&mut conn, access.event.id)?;
    let names = Names::of(&mut conn, access.event.id, &rows)?;
    shown(rows, &names)
}

/// A game's log, oldest first.
pub(crate) fn game_log(
    app: &App,
    access: &Access,
    game_id: GameId,
) -> Result<Vec<Shown>, ServiceError> {
    access.require_arbiter_reading()?;
    let mut conn = app.conn()?;
    let rows = q::audit_of_game(&mut conn, game_id)?;
    let names = Names::of(&mut conn, access.event.id, &rows)?;
    shown(rows, &names)
}
