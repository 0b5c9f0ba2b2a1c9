//! Correcting the entries of an event: a player's details edited, an entry without games
//! removed, a registration rejected with a reason, and the warnings that an entry looks like
//! one already there (same name and club, or same e-mail address).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::accounts::Email;
use super::audit::{Change, Detail};
use super::events::Access;
use super::players::{Details, MAX_FIELD, MAX_RATING, Player, ValidPlayer};
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
fn present_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(d).map(Some)
}

/// A field that is present, possibly `null`.
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
                Some(list) => super::players::tags_of(list)?,
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

/// Why an entry looks like one already there.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DuplicateWarning {
    /// `same_name_and_club` or `same_email` (an entry of the event); `possible_same_person`
    /// (a new person of the registry whose name may be a registered one's) or `other_name`
    /// (the federation id given is a registered person of another name).
    pub code: crate::domain::Resemblance,
    /// The entry it looks like (`None`: an earlier line of the same import, or a registered
    /// person).
    pub player_id: Option<PlayerId>,
    /// The registered person it looks like.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub federation_id: Option<String>,
    pub name: String,
}

impl DuplicateWarning {
    /// Whether the warning names a registered person rather than an entry of the event.
    #[must_use]
    pub fn is_registry(&self) -> bool {
        self.federation_id.is_some()
    }
}

fn normalised(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The entries among `existing` that `new` looks like.
#[must_use]
pub(crate) fn duplicates_of(new: &ValidPlayer, existing: &[Entry]) -> Vec<DuplicateWarning> {
    let name = normalised(&new.name);
    let club = normalised(&new.club);
    let mut out = Vec::new();
    for e in existing {
        if normalised(&e.name) == name && normalised(&e.club) == club {
            out.push(DuplicateWarning {
                code: crate::domain::Resemblance::SameNameAndClub,
                player_id: Some(e.id),
                federation_id: None,
                name: e.name.clone(),
            });
        } else if new.email.is_some() && e.email == new.email {
            out.push(DuplicateWarning {
                code: crate::domain::Resemblance::SameEmail,
                player_id: Some(e.id),
                federation_id: None,
                name: e.name.clone(),
            });
        }
    }
    out
}

/// Two entries of one import that look alike: (the later line's index, the earlier's). One
/// pass with an index, so a file of thousands of lines costs thousands of lookups, not
/// millions of comparisons.
#[must_use]
pub(crate) fn duplicates_within(lines: &[ValidPlayer]) -> Vec<(usize, usize)> {
    let mut by_name: HashMap<(String, String), usize> = HashMap::new();
    let mut by_email: HashMap<&str, usize> = HashMap::new();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let key = (normalised(&line.name), normalised(&line.club));
        let same_name = by_name.get(&key).copied();
        let same_email = line.email.as_deref().and_then(|e| by_email.get(e).copied());
        if let Some(j) = same_name.into_iter().chain(same_email).min() {
            out.push((i, j));
        }
        by_name.entry(key).or_insert(i);
        if let Some(email) = line.email.as_deref() {
            by_email.entry(email).or_insert(i);
        }
    }
    out
}

/// The entries of an event indexed by what makes a new one look like them: the first entry
/// (in pairing order) [`duplicates_of`] would name, found by lookup.
pub(crate) struct DuplicateIndex<'a> {
    by_name: HashMap<(String, String), usize>,
    by_email: HashMap<&'a str, usize>,
    entries: &'a [Entry],
}

impl<'a> DuplicateIndex<'a> {
    pub(crate) fn of(entries: &'a [Entry]) -> DuplicateIndex<'a> {
        let mut by_name = HashMap::new();
        let mut by_email = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            by_name
                .entry((normalised(&e.name), normalised(&e.club)))
                .or_insert(i);
            if let Some(email) = e.email.as_deref() {
                by_email.entry(email).or_insert(i);
            }
        }
        DuplicateIndex {
            by_name,
            by_email,
            entries,
        }
    }

    /// The first entry `new` looks like.
    pub(crate) fn first_like(&self, new: &ValidPlayer) -> Option<&'a Entry> {
        let same_name = self
            .by_name
            .get(&(normalised(&new.name), normalised(&new.club)))
            .copied();
        let same_email = new
            .email
            .as_deref()
            .and_then(|e| self.by_email.get(e).copied());
        same_name
            .into_iter()
            .chain(same_email)
            .min()
            .map(|i| &self.entries[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(name: &str, club: &str, email: Option<&str>) -> ValidPlayer {
        ValidPlayer {
            name: name.into(),
            rating: 0,
            club: club.into(),
            province: String::new(),
            email: email.map(Into::into),
            missed_points: crate::domain::ByeKind::Zero,
            details: Details::default(),
        }
    }

    #[test]
    fn lines_alike_by_name_and_club_or_email() {
        let lines = [
            valid("Ana  Kiala", "Clube A", None),
            valid("Bento", "", Some("b@example.ao")),
            valid("ana kiala", "clube a", None),
            valid("Ana Kiala", "Clube B", None),
            valid("Outro", "", Some("b@example.ao")),
        ];
        assert_eq!(duplicates_within(&lines), vec![(2, 0), (4, 1)]);
    }
}
