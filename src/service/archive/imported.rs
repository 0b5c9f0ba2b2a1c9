//! An imported event as this installation keeps it: the venue it came from (and the key that
//! signed it), a later archive held for the organiser's confirmation, whether the venue's
//! decisions without a record count for the rating list, and what an administrator may undo:
//! hand the event to another organiser, or withdraw it.

use chrono::NaiveDateTime;

use super::changes::{ArchiveChange, Decision};
use super::check;
use crate::db;
use crate::domain::{AuditAction, ErrorCode, Event};
use crate::service::access::Access;
use crate::service::accounts::User;
use crate::service::audit::{self, Detail};
use crate::service::{App, ServiceError};

/// A later archive of the event, held until its organiser confirms what it changes.
#[derive(Clone, Debug)]
pub struct HeldUpdate {
    pub received_at: NaiveDateTime,
    pub changes: Vec<ArchiveChange>,
}

/// The imported event as its organisers see it.
#[derive(Clone, Debug)]
pub struct ImportedState {
    /// The fingerprint of the venue's key, as approved here.
    pub venue_fingerprint: Option<String>,
    pub held: Option<HeldUpdate>,
    /// Whether the rating list counts the venue's decisions without a record.
    pub rate_decisions: bool,
    /// The results of the event that stand on such a decision.
    pub decisions: Vec<Decision>,
}

/// What the organisers of an imported event are shown of it; `None` for an event run here.
pub(crate) fn state(app: &App, access: &Access) -> Result<Option<ImportedState>, ServiceError> {
    access.organiser_reading()?;
    let Some(origin) = &access.event.origin else {
        return Ok(None);
    };
    let mut conn = app.conn()?;
    let venue_fingerprint = db::venues::venue(&mut conn, &origin.installation)?.and_then(|v| {
        crate::service::signing::PublicKey::parse(&v.public_key).map(|k| k.fingerprint())
    });
    let last = match db::archive::last_archive(&mut conn, access.event.id)? {
        Some(kept) => Some(check::decode(&kept)?),
        None => None,
    };
    let held = match db::archive::held(&mut conn, access.event.id)? {
        Some(held) => {
            let archive = check::decode(&held.archive)?;
            Some(HeldUpdate {
                received_at: held.received_at,
                changes: last
                    .as_ref()
                    .map(|last| super::changes::changes(last, &archive))
                    .unwrap_or_default(),
            })
        }
        None => None,
    };
    Ok(Some(ImportedState {
        venue_fingerprint,
        held,
        rate_decisions: db::archive::rate_decisions(&mut conn, access.event.id)?,
        decisions: last
            .as_ref()
            .map(super::changes::decisions)
            .unwrap_or_default(),
    }))
}

/// The held archive, for the event's organisers.
fn held_bytes(app: &App, access: &Access) -> Result<(Vec<u8>, String), ServiceError> {
    access.organiser_reading()?;
    let mut conn = app.conn()?;
    let held = db::archive::held(&mut conn, access.event.id)?
        .ok_or(ServiceError::Conflict(ErrorCode::NothingHeld))?;
    Ok((held.archive, held.digest))
}

/// The organiser accepts the held archive: it is imported with its changes confirmed.
pub(crate) fn accept_held(app: &App, access: &Access) -> Result<Event, ServiceError> {
    let (bytes, digest) = held_bytes(app, access)?;
    let user = access.organiser_reading()?.clone();
    let asked = super::Asked {
        decisions: &[],
        confirm: Some(&digest),
    };
    super::import(app, &user, &bytes, &asked).map(|imported| imported.event)
}

/// The organiser refuses the held archive: it is dropped (the venue's next archive is compared
/// with what is here again), logged.
pub(crate) fn refuse_held(app: &App, access: &Access) -> Result<(), ServiceError> {
    let (_, digest) = held_bytes(app, access)?;
    let user = access.organiser_reading()?;
    let mut conn = app.conn()?;
    db::write_transaction(&mut conn, |conn| {
        db::archive::release_held(conn, access.event.id)?;
        audit::record(
            conn,
            audit::Entry::event(access.event.id, Some(user.id), AuditAction::ArchiveRefused)
                .detail(Detail::Text {
                    text: digest.chars().take(16).collect(),
                }),
        )?;
        db::events::bump_event(conn, access.event.id, db::now())?;
        Ok(())
    })
}

/// Whether the rating list counts the venue's decisions without a record (the event's
/// organisers, while it is not in the list; an administrator takes it out first).
pub(crate) fn set_rate_decisions(
    app: &App,
    access: &Access,
    rate: bool,
) -> Result<(), ServiceError> {
    let user = access.organiser_reading()?;
    if access.event.origin.is_none() {
        return Err(ServiceError::Conflict(ErrorCode::EventNotImported));
    }
    let mut conn = app.conn()?;
    db::write_transaction(&mut conn, |conn| {
        db::ratings::lock(conn)?;
        let event =
            db::events::event_by_id(conn, access.event.id)?.ok_or(ServiceError::NotFound)?;
        if event.rating_period.is_some() {
            return Err(ServiceError::Conflict(ErrorCode::EventInRatingList));
        }
        db::archive::set_rate_decisions(conn, event.id, rate)?;
        audit::record(
            conn,
            audit::Entry::event(event.id, Some(user.id), AuditAction::DecisionsRated)
                .detail(Detail::DecisionsRated { rated: rate }),
        )?;
        db::events::bump_event(conn, event.id, db::now())?;
        Ok(())
    })
}

/// An administrator hands the imported event to another organiser (the account with
/// `email`): they hold it from now on, and the venue's pushes with their token write it.
/// Logged.
pub(crate) fn hand_over(
    app: &App,
    user: &User,
    access: &Access,
    email: &str,
) -> Result<(), ServiceError> {
    require_imported_admin(user, access)?;
    let email = crate::service::accounts::Email::parse(email)?;
    let mut conn = app.conn()?;
    db::write_transaction(&mut conn, |conn| {
        let to = db::accounts::user_by_email(conn, email.as_str())?
            .ok_or_else(|| ServiceError::invalid("email", ErrorCode::AccountUnknown))?;
        let to = crate::service::accounts::User::from_row(to);
        if !to.role.can_create_events() {
            return Err(ServiceError::invalid("email", ErrorCode::NotAnOrganiser));
        }
        let from = db::accounts::user_by_id(conn, access.event.owner_id)?
            .map(|u| u.display_name)
            .unwrap_or_default();
        db::events::hand_over(conn, access.event.id, to.id)?;
        audit::record(
            conn,
            audit::Entry::event(access.event.id, Some(user.id), AuditAction::EventHandedOver)
                .detail(Detail::HandedOver {
                    from,
                    to: to.display_name.clone(),
                }),
        )?;
        db::events::bump_event(conn, access.event.id, db::now())?;
        Ok(())
    })
}

/// An administrator withdraws the imported event: out of the rating list first (the list
/// rated again without it), then gone from this installation. The venue's next archive of it
/// is refused to organisers (`event_withdrawn`) until an administrator imports one again.
pub(crate) fn withdraw(app: &App, user: &User, access: &Access) -> Result<(), ServiceError> {
    require_imported_admin(user, access)?;
    let Some(origin) = &access.event.origin else {
        return Err(ServiceError::Conflict(ErrorCode::EventNotImported));
    };
    let mut conn = app.conn()?;
    db::write_transaction(&mut conn, |conn| {
        let event =
            db::events::event_by_id(conn, access.event.id)?.ok_or(ServiceError::NotFound)?;
        crate::service::ratings::unlist_within(conn, &event)?;
        db::archive::mark_withdrawn(
            conn,
            &origin.installation,
            origin.event_id,
            &event.name,
            user.id,
            db::now(),
        )?;
        db::events::delete_event(conn, event.id)?;
        Ok::<_, ServiceError>(())
    })?;
    tracing::info!(
        "event {} of {} withdrawn by account {}",
        origin.event_id,
        origin.installation,
        user.id
    );
    Ok(())
}

fn require_imported_admin(user: &User, access: &Access) -> Result<(), ServiceError> {
    if !user.is_admin() {
        return Err(ServiceError::Forbidden);
    }
    if access.event.origin.is_none() {
        return Err(ServiceError::Conflict(ErrorCode::EventNotImported));
    }
    Ok(())
}
