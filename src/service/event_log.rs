//! The audit log as organisers and arbiters read it: an event's entries or one game's.

use serde::Serialize;

use super::access::Access;
use super::audit::Said;
use super::{App, ServiceError};
use crate::db::events as q;
use crate::domain::{AuditAction, GameId, PlayerId, RoundId, UserId};

/// An entry as shown to organisers and arbiters.
#[derive(Clone, Debug, Serialize)]
pub struct Shown {
    pub at: chrono::NaiveDateTime,
    pub actor_user: Option<UserId>,
    pub actor_player: Option<PlayerId>,
    pub action: AuditAction,
    pub from_state: Option<String>,
    pub to_state: Option<String>,
    pub detail: Said,
    pub game_id: Option<GameId>,
    pub round_id: Option<RoundId>,
}

fn shown(rows: Vec<q::AuditRow>) -> Vec<Shown> {
    rows.into_iter()
        .map(|r| Shown {
            at: r.created_at,
            actor_user: r.actor_user,
            actor_player: r.actor_player,
            action: r.action,
            from_state: r.from_state,
            to_state: r.to_state,
            detail: Said::read(r.detail),
            game_id: r.game_id,
            round_id: r.round_id,
        })
        .collect()
}

/// The event's log, newest first (organisers and arbiters).
pub fn event_log(app: &App, access: &Access) -> Result<Vec<Shown>, ServiceError> {
    access.require_arbiter_reading()?;
    let mut conn = app.conn()?;
    Ok(shown(q::audit_of_event(&mut conn, access.event.id)?))
}

/// A game's log, oldest first.
pub(crate) fn game_log(
    app: &App,
    access: &Access,
    game_id: GameId,
) -> Result<Vec<Shown>, ServiceError> {
    access.require_arbiter_reading()?;
    let mut conn = app.conn()?;
    Ok(shown(q::audit_of_game(&mut conn, game_id)?))
}
