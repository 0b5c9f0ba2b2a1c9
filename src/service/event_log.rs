//! The audit log as organisers and arbiters read it: an event's entries or one game's.

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
}

/// The entries as read; a state that is none of its kind's codes fails, as an unknown code
/// of any column does.
fn shown(rows: Vec<q::AuditRow>) -> Result<Vec<Shown>, ServiceError> {
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
            Ok(Shown {
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
    shown(q::audit_of_event(&mut conn, access.event.id)?)
}

/// A game's log, oldest first.
pub(crate) fn game_log(
    app: &App,
    access: &Access,
    game_id: GameId,
) -> Result<Vec<Shown>, ServiceError> {
    access.require_arbiter_reading()?;
    let mut conn = app.conn()?;
    shown(q::audit_of_game(&mut conn, game_id)?)
}
