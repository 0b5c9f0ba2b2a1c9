//! Accounts: sign-up, login with a rate limit, sessions, passwords, roles and API tokens.

use crate::domain::ErrorCode;
use chrono::{NaiveDateTime, TimeDelta};
use serde::Serialize;

use super::crypto;
use super::limits::{self, Limit};
use super::{App, ServiceError};
use crate::db::{self, DbConnection, accounts as q, is_unique_violation, write_transaction};
pub use crate::domain::Role;
use crate::domain::{TokenId, UserId};

/// How long a login lasts.
pub const SESSION_DAYS: i64 = 30;
/// Shortest accepted password.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longest accepted password (hashing cost grows with length).
pub const MAX_PASSWORD_CHARS: usize = 256;
/// Longest display name.
pub const MAX_NAME_CHARS: usize = 100;

/// A role given by text (the command line, the administrator's form): case and spaces
/// do not matter.
pub(crate) fn parse_role(text: &str) -> Result<Role, ServiceError> {
    Role::from_code(&text.trim().to_ascii_lowercase())
        .ok_or_else(|| ServiceError::invalid("role", ErrorCode::RoleUnknown))
}

/// An e-mail address as mail servers read it (RFC 5321's mailbox, parsed by lettre, the same
/// parser the messages are sent with), lower-cased, with a domain of at least two labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub(crate) fn parse(text: &str) -> Result<Email, ServiceError> {
        let text = text.trim().to_lowercase();
        let invalid = || ServiceError::invalid("email", ErrorCode::EmailInvalid);
        if text.len() > 254 {
            return Err(invalid());
        }
        let address: lettre::Address = text.parse().map_err(|_| invalid())?;
        // An address on a bare host name (`root@localhost`) or a literal (`a@[10.0.0.1]`)
        // reaches nobody a tournament writes to.
        let domain = address.domain();
        if !domain.contains('.') || domain.starts_with('[') || domain.ends_with('.') {
            return Err(invalid());
        }
        Ok(Email(text))
    }

    #[must_use]
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }
}

/// A person's name as shown on pages: trimmed, 1 to 100 characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisplayName(String);

impl DisplayName {
    pub(crate) fn parse(text: &str) -> Result<DisplayName, ServiceError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ServiceError::invalid("name", ErrorCode::NameEmpty));
        }
        if text.chars().count() > MAX_NAME_CHARS {
            return Err(ServiceError::invalid("name", ErrorCode::NameTooLong));
        }
        if text.chars().any(char::is_control) {
            return Err(ServiceError::invalid("name", ErrorCode::NameInvalid));
        }
        Ok(DisplayName(text.to_string()))
    }

    #[must_use]
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password good enough to keep: 8 to 256 characters.
pub struct NewPassword(String);

impl NewPassword {
    /// The password as typed.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    pub(crate) fn parse(text: &str) -> Result<NewPassword, ServiceError> {
        let chars = text.chars().count();
        if chars < MIN_PASSWORD_CHARS {
            return Err(ServiceError::invalid(
                "password",
                ErrorCode::PasswordTooShort,
            ));
        }
        if chars > MAX_PASSWORD_CHARS {
            return Err(ServiceError::invalid(
                "password",
                ErrorCode::PasswordTooLong,
            ));
        }
        Ok(NewPassword(text.to_string()))
    }
}

/// A signed-in person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct User {
    pub id: UserId,
    pub email: String,
    pub display_name: String,
    pub role: Role,
}

impl User {
    pub(crate) fn from_row(row: q::UserRow) -> User {
        User {
            id: row.id,
            email: row.email,
            display_name: row.display_name,
            role: row.role,
        }
    }

    #[must_use]
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }
}

/// A new session: the user and the secret cookie value (shown to the browser, never stored).
#[derive(Debug)]
pub struct Session {
    pub user: User,
    pub token: String,
}

/// Creates an account from the sign-up form. The first account of an installation becomes
/// its administrator, so whoever installs the program can run it without the command line.
///
/// Sign-ups are limited per client address (each costs a password hash). A new account is
/// never given any player entry: an address typed at sign-up proves nothing, so entries are
/// bound only through the entry's personal link or by the event's organiser.
pub(crate) fn sign_up(
    app: &App,
    email: &str,
    name: &str,
    password: &str,
    client_ip: &str,
    language: crate::domain::Language,
) -> Result<Session, ServiceError> {
    let email = Email::parse(email)?;
    let name = DisplayName::parse(name)?;
    let password = NewPassword::parse(password)?;
    let mut conn = app.conn()?;
    let limit = Limit::new(
        format!("signup:{client_ip}"),
        app.config.signup_limit_per_ip,
    );
    // Every sign-up counts, whether or not it succeeds.
    let _counted = limits::reserve(&mut conn, &[limit], limit_window(app))?;
    // No connection is held while waiting for a hashing thread.
    drop(conn);
    let hash = app
        .hasher
        .hash(&password.0)?
        .map_err(ServiceError::Internal)?;
    let token = crypto::random_token()?;
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        let role = if q::count_users(conn)? == 0 {
            Role::Admin
        } else {
            Role::Player
        };
        let user = insert_user(conn, &email, &name, &hash, role)?;
        start_session(conn, &token, user.id)?;
        crate::db::outbox::set_user_language(conn, user.id, language)?;
        Ok(Session { user, token })
    })
}

/// The window of the login, password, sign-up and reset-link limits.
pub(crate) fn limit_window(app: &App) -> TimeDelta {
    TimeDelta::minutes(i64::from(app.config.login_window_minutes))
}

/// Creates an account with a given role (administration command line).
pub fn create_user(
    app: &App,
    email: &str,
    name: &str,
    role: Role,
    password: &str,
) -> Result<User, ServiceError> {
    let email = Email::parse(email)?;
    let name = DisplayName::parse(name)?;
    let password = NewPassword::parse(password)?;
    let hash = app
        .hasher
        .hash(&password.0)?
        .map_err(ServiceError::Internal)?;
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        insert_user(conn, &email, &name, &hash, role)
    })
}

fn insert_user(
    conn: &mut DbConnection,
    email: &Email,
    name: &DisplayName,
    hash: &str,
    role: Role,
) -> Result<User, ServiceError> {
    let new = q::NewUser {
        email: email.as_str(),
        display_name: name.as_str(),
        password_hash: hash,
        role,
        created_at: db::now(),
    };
    let id = q::insert_user(conn, &new).map_err(|e| {
        if is_unique_violation(&e) {
            ServiceError::invalid("email", ErrorCode::EmailTaken)
        } else {
            e.into()
        }
    })?;
    Ok(User {
        id,
        email: email.as_str().to_string(),
        display_name: name.as_str().to_string(),
        role,
    })
}

fn start_session(
    conn: &mut DbConnection,
    token: &str,
    user_id: UserId,
) -> Result<(), ServiceError> {
    let now = db::now();
    q::insert_session(
        conn,
        &crypto::token_hash(token),
        user_id,
        now,
        now + TimeDelta::days(SESSION_DAYS),
    )?;
    Ok(())
}

/// A hash to verify against when the account does not exist, so that a wrong e-mail address
/// costs the same time as a wrong password and does not reveal which accounts exist.
fn dummy_hash() -> &'static str {
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$ZPUeD8lmbtIBe5skJoXS3gf6vGl05v+9pEyyXGX7aSc"
}

/// Logs in. Attempts are counted per account from one client address, and per client
/// address, in the database, so the limits hold across app servers; each attempt is counted
/// before its password is checked, so a burst of simultaneous guesses gets no further than the
/// limit. Past a limit every attempt from that address (for that account, or at all), right
/// or wrong, is refused until the window has passed; a successful login clears the account's
/// count from that address. A guesser elsewhere never locks the owner out: the owner's own
/// address has its own count. A login replaces `old_session` (the id is rotated).
pub(crate) fn log_in(
    app: &App,
    email: &str,
    password: &str,
    client_ip: &str,
    old_session: Option<&str>,
    language: crate::domain::Language,
) -> Result<Session, ServiceError> {
    let email = Email::parse(email).map_err(|_| ServiceError::BadCredentials)?;
    let config = &app.config;
    let window = limit_window(app);
    let account_key = format!("account:{}:{client_ip}", email.as_str());
    let limits = [
        Limit::new(account_key.clone(), config.login_limit_per_account),
        Limit::new(format!("ip:{client_ip}"), config.login_limit_per_ip),
    ];
    let mut conn = app.conn()?;
    let reservation = limits::reserve(&mut conn, &limits, window)?;
    let row = q::user_by_email(&mut conn, email.as_str())?;
    drop(conn);
    let hash = row
        .as_ref()
        .map_or(dummy_hash(), |r| r.password_hash.as_str());
    let matches = match app.hasher.verify(password, hash) {
        Ok(matches) => matches && row.is_some(),
        Err(busy) => return Err(release_after(app, reservation, busy.into())),
    };
    let Some(row) = row.filter(|_| matches) else {
        // A wrong password: the attempt stays counted.
        return Err(ServiceError::BadCredentials);
    };
    let finish = || {
        let token = crypto::random_token()?;
        let mut conn = app.conn()?;
        write_transaction(&mut conn, |conn| {
            let now = db::now();
            limits::clear(conn, &account_key)?;
            limits::release_ids(conn, &reservation)?;
            if let Some(old) = old_session {
                q::delete_session(conn, &crypto::token_hash(old))?;
            }
            q::prune_login_failures(conn, now - window)?;
            q::delete_expired_sessions(conn, now)?;
            let user = User::from_row(row.clone());
            start_session(conn, &token, user.id)?;
            // The account's messages are written in the language it signs in with.
            crate::db::outbox::set_user_language(conn, user.id, language)?;
            Ok(Session { user, token })
        })
    };
    finish().map_err(|e| release_after(app, reservation, e))
}

/// An attempt that failed for the server's reason (busy, a database error), not the visitor's:
/// it does not count against them. The release is best effort; the error is what is returned.
fn release_after(app: &App, reservation: limits::Reservation, error: ServiceError) -> ServiceError {
    let released = app
        .conn()
        .and_then(|mut conn| limits::release(&mut conn, reservation));
    if let Err(e) = released {
        tracing::warn!("a rate-limit reservation could not be released: {e}");
    }
    error
}

/// The user of a session cookie, if it is valid.
pub(crate) fn session_user(app: &App, token: &str) -> Result<Option<User>, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::session_user(&mut conn, &crypto::token_hash(token), db::now())?.map(User::from_row))
}

/// Ends a session.
pub(crate) fn log_out(app: &App, token: &str) -> Result<(), ServiceError> {
    let mut conn = app.conn()?;
    q::delete_session(&mut conn, &crypto::token_hash(token))?;
    Ok(())
}

/// A password change as asked for on the account page.
#[derive(Clone, Debug)]
pub struct PasswordChange<'a> {
    pub current: &'a str,
    pub new: &'a str,
    /// Also revoke every API token of the account (offered, and checked, by default).
    pub revoke_tokens: bool,
}

/// Changes a password after checking the current one, and ends the user's other sessions
/// (and, if asked, revokes the account's API tokens). The check of the current password is
/// limited like a login, per account and per client address.
pub(crate) fn change_password(
    app: &App,
    user_id: UserId,
    session_token: &str,
    change: &PasswordChange<'_>,
    client_ip: &str,
) -> Result<(), ServiceError> {
    let new = NewPassword::parse(change.new)?;
    let (_, checked) = check_current_password(app, user_id, change.current, client_ip)?;
    let finish = || {
        let hash = app.hasher.hash(&new.0)?.map_err(ServiceError::Internal)?;
        let mut conn = app.conn()?;
        write_transaction(&mut conn, |conn| {
            q::set_password_hash(conn, user_id, &hash)?;
            q::delete_other_sessions(conn, user_id, &crypto::token_hash(session_token))?;
            if change.revoke_tokens {
                q::revoke_all_api_tokens(conn, user_id, db::now())?;
            }
            checked.forget(conn)
        })
    };
    finish().map_err(|e| checked.undo(app, e))
}

/// An account's current password, checked under the login's limits (per account and client
/// address) before a change it guards.
pub(super) struct PasswordChecked {
    key: String,
    reservation: limits::Reservation,
}

impl PasswordChecked {
    /// In the transaction of the change: the check's attempt no longer counts, nor do the
    /// account's earlier wrong ones from this client.
    pub(super) fn forget(&self, conn: &mut DbConnection) -> Result<(), ServiceError> {
        limits::clear(conn, &self.key)?;
        limits::release_ids(conn, &self.reservation)
    }

    /// The change failed for another reason: the check's attempt no longer counts.
    pub(super) fn undo(self, app: &App, error: ServiceError) -> ServiceError {
        release_after(app, self.reservation, error)
    }
}

/// Checks `current` against the account's password: the account's row, and the check to
/// [`PasswordChecked::forget`] once the change is made. A wrong password stays counted.
pub(super) fn check_current_password(
    app: &App,
    user_id: UserId,
    current: &str,
    client_ip: &str,
) -> Result<(q::UserRow, PasswordChecked), ServiceError> {
    let config = &app.config;
    let key = format!("password:{user_id}:{client_ip}");
    let limits = [
        Limit::new(key.clone(), config.login_limit_per_account),
        Limit::new(format!("ip:{client_ip}"), config.login_limit_per_ip),
    ];
    let mut conn = app.conn()?;
    let row = q::user_by_id(&mut conn, user_id)?.ok_or(ServiceError::NotFound)?;
    let reservation = limits::reserve(&mut conn, &limits, limit_window(app))?;
    drop(conn);
    match app.hasher.verify(current, &row.password_hash) {
        Ok(true) => Ok((row, PasswordChecked { key, reservation })),
        Ok(false) => Err(ServiceError::invalid(
            "current_password",
            ErrorCode::PasswordWrong,
        )),
        Err(busy) => Err(release_after(app, reservation, busy.into())),
    }
}

/// Every account, for the administrator.
pub fn list_users(app: &App) -> Result<Vec<User>, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::list_users(&mut conn)?
        .into_iter()
        .map(User::from_row)
        .collect())
}

/// Sets a user's global role (administrator only; the caller checked). The installation's
/// last administrator keeps the role: someone must be able to run it.
pub(crate) fn set_role(app: &App, user_id: UserId, role: Role) -> Result<(), ServiceError> {
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        // Two administrators demoting each other at once must not leave none.
        db::lock_key(conn, "administrators")?;
        let user = q::user_by_id(conn, user_id)?.ok_or(ServiceError::NotFound)?;
        let demoted = user.role == Role::Admin && role != Role::Admin;
        if demoted && q::count_role(conn, Role::Admin)? <= 1 {
            return Err(ServiceError::Conflict(ErrorCode::LastAdmin));
        }
        q::set_role(conn, user_id, role)?;
        Ok(())
    })
}

/// An API token as listed on the account page.
#[derive(Clone, Debug, Serialize)]
pub struct ApiTokenInfo {
    pub id: TokenId,
    pub label: String,
    pub created_at: NaiveDateTime,
    pub last_used_at: Option<NaiveDateTime>,
    pub revoked: bool,
}

/// Creates an API token; the secret is returned once and only its hash is kept.
pub(crate) fn create_api_token(
    app: &App,
    user_id: UserId,
    label: &str,
) -> Result<String, ServiceError> {
    let label = label.trim();
    let label = if label.is_empty() { "API" } else { label };
    if label.chars().count() > MAX_NAME_CHARS || label.chars().any(char::is_control) {
        return Err(ServiceError::invalid("label", ErrorCode::LabelInvalid));
    }
    let token = crypto::random_token()?;
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        q::insert_api_token(conn, user_id, label, &crypto::token_hash(&token), db::now())?;
        Ok::<_, ServiceError>(())
    })?;
    Ok(token)
}

/// Creates an API token for the account with this e-mail address (command line).
pub fn create_api_token_for(app: &App, email: &str, label: &str) -> Result<String, ServiceError> {
    let email = Email::parse(email)?;
    let mut conn = app.conn()?;
    let user = q::user_by_email(&mut conn, email.as_str())?.ok_or(ServiceError::NotFound)?;
    drop(conn);
    create_api_token(app, user.id, label)
}

/// The account with this e-mail address, if there is one.
pub fn user_by_email(app: &App, email: &str) -> Result<Option<User>, ServiceError> {
    let email = Email::parse(email)?;
    let mut conn = app.conn()?;
    Ok(q::user_by_email(&mut conn, email.as_str())?.map(User::from_row))
}

pub(crate) fn list_api_tokens(
    app: &App,
    user_id: UserId,
) -> Result<Vec<ApiTokenInfo>, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::api_tokens_of(&mut conn, user_id)?
        .into_iter()
        .map(|row| ApiTokenInfo {
            id: row.id,
            label: row.label,
            created_at: row.created_at,
            last_used_at: row.last_used_at,
            revoked: row.revoked_at.is_some(),
        })
        .collect())
}

pub(crate) fn revoke_api_token(
    app: &App,
    user_id: UserId,
    token_id: TokenId,
) -> Result<(), ServiceError> {
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        if q::revoke_api_token(conn, user_id, token_id, db::now())? == 0 {
            return Err(ServiceError::NotFound);
        }
        Ok(())
    })
}

/// The user a bearer token acts for, if the token is valid; notes when it was last used.
pub fn api_token_user(app: &App, token: &str) -> Result<Option<User>, ServiceError> {
    let hash = crypto::token_hash(token.trim());
    let mut conn = app.conn()?;
    let user = q::api_token_user(&mut conn, &hash)?.map(User::from_row);
    if user.is_some() {
        q::touch_api_token(&mut conn, &hash, db::now())?;
    }
    Ok(user)
}

/// The installation's first administrator (the account the command line acts as).
pub fn first_admin(app: &App) -> Result<Option<User>, ServiceError> {
    Ok(list_users(app)?
        .into_iter()
        .filter(|u| u.role == Role::Admin)
        .min_by_key(|u| u.id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(
            Email::parse(" Ana@Example.AO ").unwrap().as_str(),
            "ana@example.ao"
        );
        for bad in [
            "",
            "ana",
            "ana@",
            "@x.ao",
            "a b@x.ao",
            "ana@x",
            "a@b@c.ao",
            "a@.ao",
            "ana@x.ao\r\nBcc: eve@x.ao",
            "<ana@x.ao>",
            "Ana <ana@x.ao>",
            "ana@x.ao,eve@x.ao",
            "ana@[10.0.0.1]",
            "ana@x..ao",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn names_and_passwords_are_checked() {
        assert!(DisplayName::parse("  ").is_err());
        assert!(DisplayName::parse(&"x".repeat(101)).is_err());
        assert!(DisplayName::parse("a\u{0}b").is_err());
        assert_eq!(DisplayName::parse(" João ").unwrap().as_str(), "João");
        assert!(NewPassword::parse("short").is_err());
        assert!(NewPassword::parse("long enough").is_ok());
    }

    #[test]
    fn dummy_hash_is_a_valid_argon2id_hash() {
        assert!(!crypto::verify_password("anything", dummy_hash()));
        assert!(argon2::password_hash::phc::PasswordHash::new(dummy_hash()).is_ok());
    }
}
