//! The venues whose archives this installation takes (docs/archive.md, "Signed archives"): a
//! venue is known by its code and the key its archives are signed with. The first archive
//! signed under a code registers its key, waiting; the administrator approves it after
//! comparing its fingerprint with the one the venue's own administrator page shows; from then
//! on only archives signed with that key are taken under that code, so nobody else can write
//! the venue's events here. A venue reinstalled with a new key is forgotten by the
//! administrator, and its next archive registers the new key.

use chrono::NaiveDateTime;

use super::accounts::User;
use super::signing::PublicKey;
use super::{App, ServiceError};
use crate::db::{self, venues as q};
use crate::domain::{ErrorCode, VenueState};

/// A venue as the administrator sees it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Venue {
    pub code: String,
    pub name: String,
    /// Its key's fingerprint, to compare with the venue's.
    pub fingerprint: String,
    pub state: VenueState,
    pub first_seen_at: NaiveDateTime,
    pub decided_at: Option<NaiveDateTime>,
}

impl Venue {
    fn of(row: q::VenueRow) -> Venue {
        Venue {
            fingerprint: PublicKey::parse(&row.public_key)
                .map(|k| k.fingerprint())
                .unwrap_or_default(),
            code: row.code,
            name: row.name,
            state: row.state,
            first_seen_at: row.first_seen_at,
            decided_at: row.decided_at,
        }
    }
}

/// Takes an archive signed by `key` under the venue `code` only if that key is the venue's,
/// approved. The first archive under a code registers its key (committed on its own, so the
/// administrator sees it even though this archive is refused); then:
/// `venue_not_approved` (409) while the administrator has not approved it, and
/// `venue_key_mismatch` (409) for an archive signed by another key than the venue's.
pub(crate) fn admit(
    app: &App,
    code: &str,
    name: &str,
    key: &PublicKey,
) -> Result<(), ServiceError> {
    let mut conn = app.conn()?;
    let row = db::write_transaction(&mut conn, |conn| {
        if q::venue(conn, code)?.is_none() {
            q::insert_pending(conn, code, name, &key.to_hex(), db::now())?;
        }
        let row = q::venue(conn, code)?.ok_or(ServiceError::NotFound)?;
        if row.public_key == key.to_hex() && row.name != name {
            q::rename(conn, code, name)?;
        }
        Ok::<_, ServiceError>(row)
    })?;
    if row.public_key != key.to_hex() {
        let registered = PublicKey::parse(&row.public_key)
            .map(|k| k.fingerprint())
            .unwrap_or_default();
        return Err(ServiceError::Blocked {
            code: ErrorCode::VenueKeyMismatch,
            detail: format!(
                "{code}: signed by {}, the venue's key is {registered}",
                key.fingerprint()
            ),
        });
    }
    match row.state {
        VenueState::Approved => Ok(()),
        VenueState::Pending => Err(ServiceError::Blocked {
            code: ErrorCode::VenueNotApproved,
            detail: format!("{code} ({})", key.fingerprint()),
        }),
    }
}

/// Every venue, for the administrator.
pub(crate) fn list(app: &App, user: &User) -> Result<Vec<Venue>, ServiceError> {
    if !user.is_admin() {
        return Err(ServiceError::Forbidden);
    }
    let mut conn = app.conn()?;
    Ok(q::all(&mut conn)?.into_iter().map(Venue::of).collect())
}

/// The administrator approves the venue's key, the one whose fingerprint they compared
/// (`fingerprint`): a key registered again meanwhile is not approved by mistake.
pub fn approve(
    app: &App,
    user: &User,
    code: &str,
    fingerprint: &str,
) -> Result<Venue, ServiceError> {
    if !user.is_admin() {
        return Err(ServiceError::Forbidden);
    }
    let mut conn = app.conn()?;
    db::write_transaction(&mut conn, |conn| {
        let row = q::venue(conn, code)?.ok_or(ServiceError::NotFound)?;
        let venue = Venue::of(row.clone());
        let given: String = fingerprint
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_uppercase();
        let shown: String = venue.fingerprint.chars().filter(|c| *c != '-').collect();
        if given != shown {
            return Err(ServiceError::invalid(
                "fingerprint",
                ErrorCode::FingerprintWrong,
            ));
        }
        q::approve(conn, code, &row.public_key, user.id, db::now())?;
        tracing::info!(
            "venue {code} ({}) approved by account {}",
            venue.fingerprint,
            user.id
        );
        let row = q::venue(conn, code)?.ok_or(ServiceError::NotFound)?;
        Ok(Venue::of(row))
    })
}

/// The administrator forgets a venue: its next archive registers its key again.
pub(crate) fn forget(app: &App, user: &User, code: &str) -> Result<(), ServiceError> {
    if !user.is_admin() {
        return Err(ServiceError::Forbidden);
    }
    let mut conn = app.conn()?;
    if !q::forget(&mut conn, code)? {
        return Err(ServiceError::NotFound);
    }
    tracing::info!("venue {code} forgotten by account {}", user.id);
    Ok(())
}
