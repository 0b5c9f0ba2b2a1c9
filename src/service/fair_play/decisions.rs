//! What an arbiter does with a screening: records a decision on a player (appended, never
//! changed: the rows are the decisions' audit), or asks for the event's games to be reviewed
//! before other events'.

use crate::db::fair_play_decisions::{self as qd, NewDecision};
use crate::db::{self, write_transaction};
use crate::domain::{ErrorCode, FairPlayDecision, PlayerId};
use crate::service::access::{EventRef, load_access};
use crate::service::accounts::User;
use crate::service::{App, ServiceError};

/// The longest note kept with a decision, in characters.
pub const NOTE_CHARS: usize = 2_000;

/// Records `decision` on the event's player `player` with `note`, for the event's staff (403
/// for anyone else; 404 for a player of another event). The event's own record is left
/// alone, so a decision may be recorded on an imported event too.
pub fn decide(
    app: &App,
    user: &User,
    event: EventRef<'_>,
    player: PlayerId,
    decision: FairPlayDecision,
    note: &str,
) -> Result<(), ServiceError> {
    let note = note.trim();
    if note.chars().count() > NOTE_CHARS {
        return Err(ServiceError::invalid("note", ErrorCode::NoteTooLong));
    }
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        let access = load_access(conn, event, Some(user))?;
        access.staff_reading()?;
        let entry = db::events::player_by_id(conn, player)?
            .filter(|p| p.event_id == access.event.id)
            .ok_or(ServiceError::NotFound)?;
        qd::record(
            conn,
            &NewDecision {
                event_id: entry.event_id,
                player_id: entry.id,
                decision,
                note,
                user_id: Some(user.id),
                decided_at: db::now(),
            },
        )?;
        Ok(())
    })
}

/// Asks for the event's final games to be reviewed, and so screened, before other events'
/// (for [`crate::service::reviews::ASKED_FIRST_FOR`] from now), for the event's staff.
pub fn ask_first(app: &App, user: &User, event: EventRef<'_>) -> Result<(), ServiceError> {
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        let access = load_access(conn, event, Some(user))?;
        access.staff_reading()?;
        db::reviews::ask_first(conn, access.event.id, Some(user.id), db::now())?;
        Ok(())
    })
}
