//! A change of an account's e-mail address, confirmed at the new address. The owner asks on
//! the account page with the current password; a one-time link goes to the new address (only
//! its hash is kept), valid for a day and once. Until it is opened the account keeps its
//! address, so a mistyped address or one the owner does not hold changes nothing. Opening it
//! changes the address, ends the reset links mailed to the old one, and tells the old address
//! (so that an owner whose session was taken learns of it). Sessions and API tokens stay: the
//! owner proved the password and the new address. A newer ask ends the older links.
//!
//! An address another account has is refused when asked, as the sign-up form refuses it
//! (the sign-up page already tells whether an address has an account).

use chrono::Duration;

use super::accounts::{Email, check_current_password, limit_window};
use super::limits::{self, Limit};
use super::{App, ServiceError, crypto};
use crate::db::{self, accounts as q, is_unique_violation, write_transaction};
use crate::domain::{AccountAction, ErrorCode, Language, UserId};

/// How long a change link works.
pub const CHANGE_LINK_HOURS: i64 = 24;

/// Asks to change an account's address within the login window (each sends a message).
pub const ASKS_PER_ACCOUNT: u32 = 3;

/// The path a change link opens (the token is its last part).
#[must_use]
pub fn change_path(token: &str) -> String {
    format!("/account/email/{token}")
}

/// What the owner typed to ask for a change.
pub struct EmailChangeAsk<'a> {
    pub new_email: &'a str,
    pub current_password: &'a str,
}

/// Asks to change the account's address to `ask.new_email`: after the current password is
/// checked, a link is queued to the new address (in the account's language, else
/// `language`). The new address, as parsed.
pub(crate) fn ask(
    app: &App,
    user_id: UserId,
    ask: &EmailChangeAsk<'_>,
    client_ip: &str,
    language: Language,
) -> Result<String, ServiceError> {
    let email = Email::parse(ask.new_email)?;
    let mut conn = app.conn()?;
    let current = q::user_by_id(&mut conn, user_id)?.ok_or(ServiceError::NotFound)?;
    if current.email == email.as_str() {
        return Err(ServiceError::invalid("email", ErrorCode::EmailUnchanged));
    }
    if q::user_by_email(&mut conn, email.as_str())?.is_some() {
        return Err(ServiceError::invalid("email", ErrorCode::EmailTaken));
    }
    // Every ask counts, whatever becomes of it: each mails an address the owner typed.
    let limit = Limit::new(format!("email-change:{user_id}"), ASKS_PER_ACCOUNT);
    let _counted = limits::reserve(&mut conn, &[limit], limit_window(app))?;
    drop(conn);
    let (user, checked) = check_current_password(app, user_id, ask.current_password, client_ip)?;
    let token = crypto::random_token()?;
    let queue = || {
        let mut conn = app.conn()?;
        write_transaction(&mut conn, |conn| {
            let now = db::now();
            q::end_email_changes(conn, user_id, now)?;
            q::insert_email_change(
                conn,
                user_id,
                email.as_str(),
                &crypto::token_hash(&token),
                now,
                now + Duration::hours(CHANGE_LINK_HOURS),
            )?;
            q::log_account(conn, user_id, None, AccountAction::EmailChangeMailed, now)?;
            super::notify::email_change_link(conn, &user, email.as_str(), &token, language)?;
            checked.forget(conn)
        })
    };
    queue().map_err(|e| checked.undo(app, e))?;
    Ok(email.as_str().to_string())
}

/// The new address of a change link that still works (unused, unexpired).
pub(crate) fn link_works(app: &App, token: &str) -> Result<Option<String>, ServiceError> {
    let mut conn = app.conn()?;
    Ok(
        q::email_change_by_token(&mut conn, &crypto::token_hash(token), db::now())?
            .map(|(_, email)| email),
    )
}

/// Changes the address through a change link (once, even by two requests at once): the old
/// address is told, its reset links end.
pub(crate) fn confirm(app: &App, token: &str) -> Result<UserId, ServiceError> {
    let hash_of_token = crypto::token_hash(token);
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        let now = db::now();
        let dead = || ServiceError::Conflict(ErrorCode::EmailChangeLinkDead);
        let (user_id, new_email) =
            q::email_change_by_token(conn, &hash_of_token, now)?.ok_or_else(dead)?;
        if !q::use_email_change(conn, &hash_of_token, now)? {
            return Err(dead());
        }
        let before = q::user_by_id(conn, user_id)?.ok_or(ServiceError::NotFound)?;
        q::set_email(conn, user_id, &new_email).map_err(|e| {
            if is_unique_violation(&e) {
                // Another account took the address since the link was mailed.
                ServiceError::Conflict(ErrorCode::EmailTaken)
            } else {
                e.into()
            }
        })?;
        q::end_email_changes(conn, user_id, now)?;
        q::end_resets(conn, user_id, now)?;
        q::log_account(conn, user_id, None, AccountAction::EmailChanged, now)?;
        super::notify::email_changed(conn, &before, &new_email)?;
        Ok(user_id)
    })
}
