//! An event carried between installations as one file (`FILE.kiela`, docs/archive.md): written
//! by the installation that ran it, taken in by another (the federation's) with every record
//! verified again and every entry matched to its registry.

mod changes;
mod check;
mod export;
pub(crate) mod format;
mod import;
pub(crate) mod imported;

pub use changes::{ArchiveChange, Decision, Who};
pub use check::{ArchiveFault, FaultDetail, MAX_ARCHIVE_BYTES};
pub use format::{MatchDecision, Person};
pub use import::{
    Asked, Candidate, EntryMatch, ImportAction, ImportWarning, Imported, MatchReason, Matched,
    Review,
};
pub(crate) use import::{import, review};

use super::access::Access;
use super::{App, ServiceError};

/// The event's archive as a file (JSON), for its organisers.
pub(crate) fn export(app: &App, access: &Access) -> Result<Vec<u8>, ServiceError> {
    let mut archive = export::export(app, access)?;
    check::sign(&mut archive, &app.signing);
    serde_json::to_vec_pretty(&archive).map_err(|e| ServiceError::Internal(e.to_string()))
}

/// The archive of an event, for the installation's own tools (the command line and the push
/// to the federation).
pub fn export_event(app: &App, event: &crate::domain::Event) -> Result<Vec<u8>, ServiceError> {
    let mut conn = app.conn()?;
    let mut archive = crate::db::read_transaction(&mut conn, |conn| {
        export::archive_of(conn, &app.installation, event.id)
    })?;
    check::sign(&mut archive, &app.signing);
    serde_json::to_vec_pretty(&archive).map_err(|e| ServiceError::Internal(e.to_string()))
}

/// An archive (JSON or gzip) signed with `key`, as the installation that holds the key vouches
/// for it: what every export of this installation does, offered to the installation's own tools
/// and tests that make an archive by hand. The signature says who vouches for the archive, not
/// that it is right: an import verifies every record again all the same.
pub fn sign_document(
    key: &super::signing::InstallationKey,
    bytes: &[u8],
) -> Result<Vec<u8>, ServiceError> {
    let mut archive = check::decode(bytes)?;
    check::sign(&mut archive, key);
    serde_json::to_vec_pretty(&archive).map_err(|e| ServiceError::Internal(e.to_string()))
}

/// Imports an archive from the command line, as the installation's first administrator (or
/// the account named).
pub fn import_file(
    app: &App,
    owner: Option<&str>,
    bytes: &[u8],
    asked: &Asked<'_>,
    dry_run: bool,
) -> Result<Review, ServiceError> {
    let user = match owner {
        Some(email) => super::accounts::user_by_email(app, email)?.ok_or(ServiceError::NotFound)?,
        None => super::accounts::first_admin(app)?.ok_or(ServiceError::NotFound)?,
    };
    if dry_run {
        review(app, &user, bytes, asked)
    } else {
        import(app, &user, bytes, asked).map(|i| i.review)
    }
}
