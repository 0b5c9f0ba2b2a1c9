//! A forgotten password: a one-time link that sets a new one. The account's owner asks for it
//! by e-mail on the sign-in page ("forgot my password"): the answer is the same whether or not
//! the address has an account, and asks are limited per address and per client. At a venue
//! without e-mail an administrator makes it from the account's admin page or with
//! `kiela admin reset-password --email E`, to hand over in person. The link is valid for 30 minutes and once; only its hash is
//! kept. Using it sets the password and ends every session of the account; the account's API
//! tokens are left as they are (each is listed on the account page, to revoke there), since an
//! integration's token is not the forgotten secret. Both are written in the account's log.

use chrono::Duration;

use super::accounts::{NewPassword, User};
use super::limits::{self, Limit};
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

/// Asks for a reset link by e-mail, for each address within the login window.
pub const ASKS_PER_ADDRESS: u32 = 3;

/// Asks for reset links from one client address within the login window.
pub const ASKS_PER_CLIENT: u32 = 10;

/// "Forgot my password": when `email` is an account's, a reset link is queued to it (in the
/// account's language, else `language`). Whether it is one is never told: the answer is the
/// same, and so are the limits (counted per address whether or not it has an account).
pub(crate) fn ask_by_email(
    app: &App,
    email: &str,
    client_ip: &str,
    language: crate::domain::Language,
) -> Result<(), ServiceError> {
    let email = super::accounts::Email::parse(email)?;
    let limits = [
        Limit::new(format!("forgot:{}", email.as_str()), ASKS_PER_ADDRESS),
        Limit::new(format!("forgot-ip:{client_ip}"), ASKS_PER_CLIENT),
    ];
    let window = super::accounts::limit_window(app);
    let token = crypto::random_token()?;
    let mut conn = app.conn()?;
    // Every ask counts, whether or not the address has an account.
    let _counted = limits::reserve(&mut conn, &limits, window)?;
    write_transaction(&mut conn, |conn| {
        let Some(user) = q::user_by_email(conn, email.as_str())? else {
            return Ok(());
        };
        let now = db::now();
        q::insert_reset(
            conn,
            &crypto::token_hash(&token),
            user.id,
            None,
            now,
            now + Duration::minutes(RESET_LINK_MINUTES),
        )?;
        q::log_account(conn, user.id, None, AccountAction::ResetLinkMailed, now)?;
        super::notify::reset_link(conn, &user, &token, language)?;
        Ok::<_, ServiceError>(())
    })
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
