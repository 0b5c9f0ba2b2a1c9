//! Correcting the entries of an event: a player's details edited, an entry without games
//! removed, a registration rejected with a reason, and the warnings that an entry looks like
//! one already there (same name and club, or same e-mail address).

use serde::Deserialize;

use super::access::Access;
use super::accounts::Email;
use super::audit::{Change, Detail};
use super::entrant::{Details, MAX_FIELD, MAX_RATING};
use super::players::Player;
use super::{App, ServiceError, audit, standings};
use crate::db::events::{self as q, PlayerChange};
use crate::db::{DbConnection, event_transaction};
use crate::domain::{AuditAction, ErrorCode, Player as Entry, PlayerId, PlayerStatus};

/// The details an organiser may change; absent fields stay as they are (`email: null` clears
/// the address).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPatch {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub rating: Option<i64>,
    #[serde(default)]
    pub club: Option<String>,
    #[serde(default)]
    pub province: Option<String>,
    #[serde(default, deserialize_with = "present")]
    pub email: Option<Option<String>>,
    /// `active` (reinstates a withdrawn player for the rounds still to pair) or `withdrawn`.
    #[serde(default)]
    pub status: Option<PlayerStatus>,
    /// `F`, `M`; `null` or empty clears it.
    #[serde(default, deserialize_with = "present")]
    pub sex: Option<Option<String>>,
    #[serde(default, deserialize_with = "present_number")]
    pub birth_year: Option<Option<i64>>,
    #[serde(default, deserialize_with = "present")]
    pub federation_id: Option<Option<String>>,
    /// The whole new list of tags.
    #[serde(default)]
    pub tags: Option<Vec<String>>,
}

/// A number field that is present, possibly `null`.
#[expect(
    clippy::option_option,
    reason = "a patch tells a field left out (None) from one cleared (Some(None))"
)]
fn present_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(d).map(Some)
}

/// A field that is present, possibly `null`.
#[expect(
    clippy::option_option,
    reason = "a patch tells a field left out (None) from one cleared (Some(None))"
)]
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

fn text(value: &str, field: &'static str, code: ErrorCode) -> Result<String, ServiceError> {
    let value = value.trim();
    if value.chars().count() > MAX_FIELD || value.chars().any(char::is_control) {
        return Err(ServiceError::invalid(field, code));
    }
    Ok(value.to_string())
}

impl PlayerPatch {
    /// The entry with this patch applied, checked as a new entry is.
    fn apply(&self, entry: &Entry) -> Result<PlayerChange, ServiceError> {
        let name = match &self.name {
            Some(name) => {
                let name = text(name, "name", ErrorCode::NameTooLong)?;
                if name.is_empty() {
                    return Err(ServiceError::invalid("name", ErrorCode::NameEmpty));
                }
                name
            }
            None => entry.name.clone(),
        };
        let rating = match self.rating {
            Some(r) if !(0..=MAX_RATING).contains(&r) => {
                return Err(ServiceError::invalid("rating", ErrorCode::RatingInvalid));
            }
            Some(r) => r as i32,
            None => entry.rating,
        };
        let email = match &self.email {
            None => entry.email.clone(),
            Some(None) => None,
            Some(Some(e)) if e.trim().is_empty() => None,
            Some(Some(e)) => Some(Email::parse(e.trim())?.as_str().to_string()),
        };
        let kept = |field: &Option<Option<String>>, old: Option<String>| match field {
            None => old,
            Some(v) => v.clone(),
        };
        let details = Details::parse(
            kept(&self.sex, entry.sex.map(|s| s.as_str().to_string())).as_deref(),
            match self.birth_year {
                None => entry.birth_year.map(i64::from),
                Some(v) => v,
            },
            kept(&self.federation_id, entry.federation_id.clone()).as_deref(),
        )?;
        Ok(PlayerChange {
            sex: details.sex,
            birth_year: details.birth_year,
            federation_id: details.federation_id,
            tags: match &self.tags {
                Some(list) => super::entrant::tags_of(list)?,
                None => entry.tags.clone(),
            },
            name,
            rating,
            club: match &self.club {
                Some(c) => text(c, "club", ErrorCode::FieldInvalid)?,
                None => entry.club.clone(),
            },
            province: match &self.province {
                Some(p) => text(p, "province", ErrorCode::FieldInvalid)?,
                None => entry.province.clone(),
            },
            email,
        })
    }
}

/// What an edit changed, for the log: each field with its old and new value.
fn changes(before: &Entry, after: &PlayerChange) -> Vec<Change> {
    let mut out = Vec::new();
    let mut note = |field: &str, old: &str, new: &str| {
        if old != new {
            out.push(Change {
                field: field.to_string(),
                old: old.to_string(),
                new: new.to_string(),
            });
        }
    };
    note("name", &before.name, &after.name);
    note(
        "rating",
        &before.rating.to_string(),
        &after.rating.to_string(),
    );
    note("club", &before.club, &after.club);
    note("province", &before.province, &after.province);
    note(
        "email",
        before.email.as_deref().unwrap_or(""),
        after.email.as_deref().unwrap_or(""),
    );
    note(
        "sex",
        before.sex.map_or("", |s| s.as_str()),
        after.sex.map_or("", |s| s.as_str()),
    );
    let year = |y: Option<i32>| y.map(|y| y.to_string()).unwrap_or_default();
    note(
        "birth_year",
        &year(before.birth_year),
        &year(after.birth_year),
    );
    note(
        "federation_id",
        before.federation_id.as_deref().unwrap_or(""),
        after.federation_id.as_deref().unwrap_or(""),
    );
    note("tags", before.tags.as_str(), after.tags.as_str());
    out
}

fn entry_of_event(
    conn: &mut DbConnection,
    access: &Access,
    player_id: PlayerId,
) -> Result<Entry, ServiceError> {
    q::player_by_id(conn, player_id)?
        .filter(|p| p.event_id == access.event.id)
        .ok_or(ServiceError::NotFound)
}

/// Edits a player's details (organisers), logged field by field; the standings follow.
pub(crate) fn edit(
    app: &App,
    access: &Access,
    player_id: PlayerId,
    patch: &PlayerPatch,
) -> Result<Player, ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        // The registry's lock before any row is written (a merge takes it first too).
        crate::db::ratings::lock(conn)?;
        let entry = entry_of_event(conn, access, player_id)?;
        let change = patch.apply(&entry)?;
        let mut detail = changes(&entry, &change);
        if !detail.is_empty() {
            q::update_player(conn, entry.id, &change)?;
            let after = entry_of_event(conn, access, player_id)?;
            if after.federation_id != entry.federation_id {
                super::registry::refuse_second_entry(
                    conn,
                    access.event.id,
                    after.federation_id.as_deref(),
                    Some(entry.id),
                )?;
            }
            super::registry::follow_edit(conn, &entry, &after)?;
            if entry.federation_id != after.federation_id {
                // In the rating list, the event's games would now count for another person:
                // held for an administrator.
                super::ratings::hold_change(
                    conn,
                    access.event.id,
                    audit::Entry::event(
                        access.event.id,
                        access.user_id(),
                        AuditAction::RatingChangeHeld,
                    )
                    .by_player(Some(entry.id))
                    .detail(Detail::Player {
                        name: after.name.clone(),
                        number: after.number,
                    }),
                )?;
            }
        }
        match (entry.status, patch.status) {
            (from, Some(to)) if from != to => {
                let withdrawn_after = match to {
                    PlayerStatus::Withdrawn => Some(
                        q::rounds_of_event(conn, access.event.id)?
                            .last()
                            .map_or(0, |r| r.number),
                    ),
                    PlayerStatus::Active if from == PlayerStatus::Withdrawn => None,
                    // Approving goes through its own action; an entry is never made pending.
                    _ => return Err(ServiceError::invalid("status", ErrorCode::FieldInvalid)),
                };
                q::set_player_status(conn, entry.id, to, withdrawn_after)?;
                detail.push(Change {
                    field: "status".into(),
                    old: from.as_str().into(),
                    new: to.as_str().into(),
                });
            }
            _ => {}
        }
        if !detail.is_empty() {
            audit::record(
                conn,
                audit::Entry::event(access.event.id, access.user_id(), AuditAction::PlayerEdited)
                    .detail(Detail::PlayerEdited {
                        name: entry.name.clone(),
                        number: entry.number,
                        changes: detail,
                    }),
            )?;
            standings::changed(conn, access.event.id)?;
        }
        let entry = entry_of_event(conn, access, player_id)?;
        Ok(Player::from_row(&entry, true))
    })
}

/// Removes an entry that is on no board of any round (a duplicate, a mistake); one that is
/// is refused (`player_has_games`): withdraw it instead.
pub(crate) fn remove(app: &App, access: &Access, player_id: PlayerId) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let entry = entry_of_event(conn, access, player_id)?;
        if q::player_has_games(conn, entry.id)? {
            return Err(ServiceError::Conflict(ErrorCode::PlayerHasGames));
        }
        q::delete_player(conn, entry.id)?;
        super::registry::forget_if_unused(conn, entry.federation_id.as_deref())?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::PlayerRemoved,
            )
            .detail(Detail::Player {
                name: entry.name.clone(),
                number: entry.number,
            }),
        )?;
        standings::changed(conn, access.event.id)?;
        Ok(())
    })
}

/// Rejects a self-registration waiting for approval, with a reason (logged); the entry is
/// removed and its personal link stops working.
pub(crate) fn reject(
    app: &App,
    access: &Access,
    player_id: PlayerId,
    reason: &str,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(ServiceError::invalid("reason", ErrorCode::ReasonRequired));
    }
    if reason.chars().count() > 1000 {
        return Err(ServiceError::invalid("reason", ErrorCode::ReasonTooLong));
    }
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let entry = entry_of_event(conn, access, player_id)?;
        if entry.status != PlayerStatus::Pending {
            return Err(ServiceError::Conflict(ErrorCode::NotPending));
        }
        q::delete_player(conn, entry.id)?;
        super::registry::forget_if_unused(conn, entry.federation_id.as_deref())?;
        q::bump_event(conn, access.event.id, crate::db::now())?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::RegistrationRejected,
            )
            .states(PlayerStatus::Pending, PlayerStatus::Withdrawn)
            .detail(Detail::RegistrationRejected {
                name: entry.name.clone(),
                reason: reason.to_string(),
            }),
        )?;
        Ok(())
    })
}
