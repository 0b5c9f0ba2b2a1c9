//! A forgotten password: a one-time link that sets a new one. An administrator makes it from
//! the account's admin page or with `kiela admin reset-password --email E`, to hand over in
//! person (a venue has no e-mail). The link is valid for 30 minutes and once; only its hash is
//! kept. Using it sets the password and ends every session of the account; the account's API
//! tokens are left as they are (each is listed on the account page, to revoke there), since an
//! integration's token is not the forgotten secret. Both are written in the account's log.

use chrono::Duration;

use super::accounts::{NewPassword, User};
use super::{App, ServiceError, crypto};
use crate::db::{self, accounts as q, write_transaction};
use crate::domain::{AccountAction, ErrorCode, UserId};

/// How long a reset link works.
pub const RESET_LINK_MINUTES: i64 = 30;

/// The path a reset link opens (the token is its last part).
#[must_use]
pub fn reset_path(token: &str) -> String {
    format!("/reset/{token}")
}

/// A reset link made: its token (shown once) and the address of the account it is for.
#[derive(Clone, Debug)]
pub struct ResetLink {
    pub token: String,
    pub email: String,
}

/// Makes a reset link for the account `user_id` (by an administrator, or `None` from the
/// command line).
pub(crate) fn make_link(
    app: &App,
    by: Option<&User>,
    user_id: UserId,
) -> Result<ResetLink, ServiceError> {
    if let Some(by) = by
        && !by.is_admin()
    {
        return Err(ServiceError::Forbidden);
    }
    let token = crypto::random_token()?;
    let mut conn = app.conn()?;
    let email = write_transaction(&mut conn, |conn| {
        let user = q::user_by_id(conn, user_id)?.ok_or(ServiceError::NotFound)?;
        let now = db::now();
        q::insert_reset(
            conn,
            &crypto::token_hash(&token),
            user_id,
            by.map(|u| u.id),
            now,
            now + Duration::minutes(RESET_LINK_MINUTES),
        )?;
        q::log_account(
            conn,
            user_id,
            by.map(|u| u.id),
            AccountAction::ResetLinkMade,
            now,
        )?;
        Ok::<_, ServiceError>(user.email)
    })?;
    Ok(ResetLink { token, email })
}

/// A reset link's token for the account of `email`, from the command line.
pub fn make_link_for_email(app: &App, email: &str) -> Result<String, ServiceError> {
    let user = super::accounts::user_by_email(app, email)?.ok_or(ServiceError::NotFound)?;
    Ok(make_link(app, None, user.id)?.token)
}

/// Whether a reset link still works (unused, unexpired): its page offers the form or says it
/// does not.
pub(crate) fn link_works(app: &App, token: &str) -> Result<bool, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::reset_user(&mut conn, &crypto::token_hash(token), db::now())?.is_some())
}

/// Sets a new password through a reset link: the link is used (once, even by two requests at
/// once), the password set, every session of the account ended.
pub(crate) fn reset(app: &App, token: &str, password: &str) -> Result<UserId, ServiceError> {
    let new = NewPassword::parse(password)?;
    let hash_of_token = crypto::token_hash(token);
    if !link_works(app, token)? {
        return Err(ServiceError::Conflict(ErrorCode::ResetLinkDead));
    }
    // Hashed outside the transaction: argon2 takes its time, the database should not wait.
    let hash = app
        .hasher
        .hash(new.as_str())?
        .map_err(ServiceError::Internal)?;
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        let now = db::now();
        let user_id = q::reset_user(conn, &hash_of_token, now)?
            .ok_or(ServiceError::Conflict(ErrorCode::ResetLinkDead))?;
        if !q::use_reset(conn, &hash_of_token, now)? {
            return Err(ServiceError::Conflict(ErrorCode::ResetLinkDead));
        }
        q::set_password_hash(conn, user_id, &hash)?;
        q::delete_sessions(conn, user_id)?;
        q::log_account(
            conn,
            user_id,
            Some(user_id),
            AccountAction::PasswordReset,
            now,
        )?;
        Ok(user_id)
    })
}
