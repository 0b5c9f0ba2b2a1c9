//! The audit log: every change to pairings and results, with who and when.

use serde::Serialize;

use super::{App, ServiceError};
use crate::db::events::{self as q, NewAudit};
use crate::db::{self, DbConnection};
use crate::domain::{AuditAction, EventId, GameId, PlayerId, RoundId, UserId};

/// An entry to write.
#[derive(Clone, Debug)]
pub struct Entry {
    pub event_id: EventId,
    pub round_id: Option<RoundId>,
    pub game_id: Option<GameId>,
    pub actor_user: Option<UserId>,
    pub actor_player: Option<PlayerId>,
    pub action: AuditAction,
    pub from_state: Option<String>,
    pub to_state: Option<String>,
    pub detail: String,
}

impl Entry {
    #[must_use]
    pub(crate) fn event(
        event_id: EventId,
        actor_user: Option<UserId>,
        action: AuditAction,
    ) -> Entry {
        Entry {
            event_id,
            round_id: None,
            game_id: None,
            actor_user,
            actor_player: None,
            action,
            from_state: None,
            to_state: None,
            detail: String::new(),
        }
    }

    #[must_use]
    pub(crate) fn round(mut self, round_id: RoundId) -> Entry {
        self.round_id = Some(round_id);
        self
    }

    #[must_use]
    pub(crate) fn game(mut self, game_id: GameId) -> Entry {
        self.game_id = Some(game_id);
        self
    }

    #[must_use]
    pub(crate) fn by_player(mut self, player_id: Option<PlayerId>) -> Entry {
        self.actor_player = player_id;
        self
    }

    #[must_use]
    /// The states before and after (their codes).
    pub(crate) fn states(
        mut self,
        from: impl std::fmt::Display,
        to: impl std::fmt::Display,
    ) -> Entry {
        self.from_state = Some(from.to_string());
        self.to_state = Some(to.to_string());
        self
    }

    /// The entry's detail, at most [`MAX_DETAIL_CHARS`] characters: details quote what people
    /// sent (a dispute's reason, a record's tags), and the log must not grow by what a client
    /// chooses to send.
    #[must_use]
    pub(crate) fn detail(mut self, detail: impl Into<String>) -> Entry {
        let detail = detail.into();
        self.detail = if detail.chars().count() > MAX_DETAIL_CHARS {
            let mut cut: String = detail.chars().take(MAX_DETAIL_CHARS).collect();
            cut.push('…');
            cut
        } else {
            detail
        };
        self
    }
}

/// Longest detail kept in the log (a dispute's reason may take 1,000).
pub const MAX_DETAIL_CHARS: usize = 1200;

/// Writes an entry (inside the caller's transaction).
pub(crate) fn record(conn: &mut DbConnection, entry: Entry) -> Result<(), ServiceError> {
    q::insert_audit(
        conn,
        &NewAudit {
            event_id: entry.event_id,
            round_id: entry.round_id,
            game_id: entry.game_id,
            actor_user: entry.actor_user,
            actor_player: entry.actor_player,
            action: entry.action,
            from_state: entry.from_state.as_deref(),
            to_state: entry.to_state.as_deref(),
            detail: &entry.detail,
            created_at: db::now(),
        },
    )?;
    Ok(())
}

/// An entry as shown to organisers and arbiters.
#[derive(Clone, Debug, Serialize)]
pub struct Shown {
    pub at: chrono::NaiveDateTime,
    pub actor_user: Option<UserId>,
    pub actor_player: Option<PlayerId>,
    pub action: AuditAction,
    pub from_state: Option<String>,
    pub to_state: Option<String>,
    pub detail: String,
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
            detail: r.detail,
            game_id: r.game_id,
            round_id: r.round_id,
        })
        .collect()
}

/// The event's log, newest first (organisers and arbiters).
pub fn event_log(app: &App, access: &super::events::Access) -> Result<Vec<Shown>, ServiceError> {
    access.require_arbiter()?;
    let mut conn = app.conn()?;
    Ok(shown(q::audit_of_event(&mut conn, access.event.id)?))
}

/// A game's log, oldest first.
pub(crate) fn game_log(
    app: &App,
    access: &super::events::Access,
    game_id: GameId,
) -> Result<Vec<Shown>, ServiceError> {
    access.require_arbiter()?;
    let mut conn = app.conn()?;
    Ok(shown(q::audit_of_game(&mut conn, game_id)?))
}
