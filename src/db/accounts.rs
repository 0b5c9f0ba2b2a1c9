//! Users, sessions, API tokens and the login rate-limit ledger.

use super::limit::LimitRows;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{
    account_log, api_tokens, email_changes, login_failures, password_resets, sessions, users,
};
use crate::domain::{AccountAction, Language, Role, TokenId, UserId};

/// A user as stored.
#[derive(Clone, Debug, Queryable, Selectable, PartialEq, Eq)]
#[diesel(table_name = users)]
pub struct UserRow {
    pub id: UserId,
    pub email: String,
    pub display_name: String,
    pub password_hash: String,
    pub role: Role,
    pub created_at: NaiveDateTime,
    /// The language the account last signed in with (its messages are written in it).
    pub language: Option<Language>,
}

/// A new user.
#[derive(Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub email: &'a str,
    pub display_name: &'a str,
    pub password_hash: &'a str,
    pub role: Role,
    pub created_at: NaiveDateTime,
}

/// Inserts a user and returns the new id.
pub(crate) fn insert_user(conn: &mut DbConnection, user: &NewUser<'_>) -> QueryResult<UserId> {
    diesel::insert_into(users::table)
        .values(user)
        .returning(users::id)
        .get_result(conn)
}

pub fn user_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<UserRow>> {
    users::table
        .filter(users::email.eq(email))
        .select(UserRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// The accounts with any of these e-mail addresses.
pub(crate) fn users_by_emails(
    conn: &mut DbConnection,
    emails: &[&str],
) -> QueryResult<Vec<UserRow>> {
    if emails.is_empty() {
        return Ok(Vec::new());
    }
    users::table
        .filter(users::email.eq_any(emails))
        .select(UserRow::as_select())
        .load(conn)
}

/// The accounts of these ids.
pub(crate) fn users_by_ids(conn: &mut DbConnection, ids: &[UserId]) -> QueryResult<Vec<UserRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    users::table
        .filter(users::id.eq_any(ids))
        .select(UserRow::as_select())
        .load(conn)
}

pub(crate) fn user_by_id(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<UserRow>> {
    users::table
        .find(id)
        .select(UserRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

pub(crate) fn count_users(conn: &mut DbConnection) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}

pub fn list_users(conn: &mut DbConnection) -> QueryResult<Vec<UserRow>> {
    users::table
        .order(users::id)
        .select(UserRow::as_select())
        .load(conn)
}

pub(crate) fn set_password_hash(
    conn: &mut DbConnection,
    id: UserId,
    hash: &str,
) -> QueryResult<usize> {
    diesel::update(users::table.find(id))
        .set(users::password_hash.eq(hash))
        .execute(conn)
}

pub(crate) fn set_role(conn: &mut DbConnection, id: UserId, role: Role) -> QueryResult<usize> {
    diesel::update(users::table.find(id))
        .set(users::role.eq(role))
        .execute(conn)
}

pub(crate) fn insert_session(
    conn: &mut DbConnection,
    token_hash: &str,
    user_id: UserId,
    now: NaiveDateTime,
    expires_at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::insert_into(sessions::table)
        .values((
            sessions::token_hash.eq(token_hash),
            sessions::user_id.eq(user_id),
            sessions::created_at.eq(now),
            sessions::expires_at.eq(expires_at),
        ))
        .execute(conn)
}

/// The user of an unexpired session.
pub(crate) fn session_user(
    conn: &mut DbConnection,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<UserRow>> {
    sessions::table
        .inner_join(users::table)
        .filter(sessions::token_hash.eq(token_hash))
        .filter(sessions::expires_at.gt(now))
        .select(UserRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

pub(crate) fn delete_session(conn: &mut DbConnection, token_hash: &str) -> QueryResult<usize> {
    diesel::delete(sessions::table.filter(sessions::token_hash.eq(token_hash))).execute(conn)
}

/// Ends every session of a user except the one given (after a password change).
pub(crate) fn delete_other_sessions(
    conn: &mut DbConnection,
    user_id: UserId,
    keep_hash: &str,
) -> QueryResult<usize> {
    diesel::delete(
        sessions::table
            .filter(sessions::user_id.eq(user_id))
            .filter(sessions::token_hash.ne(keep_hash)),
    )
    .execute(conn)
}

pub(crate) fn delete_expired_sessions(
    conn: &mut DbConnection,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::delete(sessions::table.filter(sessions::expires_at.le(now))).execute(conn)
}

/// An API token as stored (the secret itself is never stored).
#[derive(Clone, Debug, Queryable, Selectable, PartialEq, Eq)]
#[diesel(table_name = api_tokens)]
pub struct ApiTokenRow {
    pub id: TokenId,
    pub user_id: UserId,
    pub label: String,
    pub token_hash: String,
    pub created_at: NaiveDateTime,
    pub last_used_at: Option<NaiveDateTime>,
    pub revoked_at: Option<NaiveDateTime>,
}

pub(crate) fn insert_api_token(
    conn: &mut DbConnection,
    user_id: UserId,
    label: &str,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<TokenId> {
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::user_id.eq(user_id),
            api_tokens::label.eq(label),
            api_tokens::token_hash.eq(token_hash),
            api_tokens::created_at.eq(now),
        ))
        .returning(api_tokens::id)
        .get_result(conn)
}

pub(crate) fn api_tokens_of(
    conn: &mut DbConnection,
    user_id: UserId,
) -> QueryResult<Vec<ApiTokenRow>> {
    api_tokens::table
        .filter(api_tokens::user_id.eq(user_id))
        .order(api_tokens::id.desc())
        .select(ApiTokenRow::as_select())
        .load(conn)
}

/// Revokes a token of this user; returns how many rows changed (0: not theirs or revoked).
pub(crate) fn revoke_api_token(
    conn: &mut DbConnection,
    user_id: UserId,
    token_id: TokenId,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        api_tokens::table
            .filter(api_tokens::id.eq(token_id))
            .filter(api_tokens::user_id.eq(user_id))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(now))
    .execute(conn)
}

/// The user owning an unrevoked token.
pub fn api_token_user(conn: &mut DbConnection, token_hash: &str) -> QueryResult<Option<UserRow>> {
    api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::token_hash.eq(token_hash))
        .filter(api_tokens::revoked_at.is_null())
        .select(UserRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

pub(crate) fn touch_api_token(
    conn: &mut DbConnection,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(api_tokens::table.filter(api_tokens::token_hash.eq(token_hash)))
        .set(api_tokens::last_used_at.eq(now))
        .execute(conn)
}

/// Counts one attempt under a rate-limit key; returns its row id.
pub(crate) fn record_login_failure(
    conn: &mut DbConnection,
    key: &str,
    now: NaiveDateTime,
) -> QueryResult<i32> {
    diesel::insert_into(login_failures::table)
        .values((
            login_failures::limit_key.eq(key),
            login_failures::failed_at.eq(now),
        ))
        .returning(login_failures::id)
        .get_result(conn)
}

pub(crate) fn count_login_failures(
    conn: &mut DbConnection,
    key: &str,
    since: NaiveDateTime,
) -> QueryResult<i64> {
    login_failures::table
        .filter(login_failures::limit_key.eq(key))
        .filter(login_failures::failed_at.gt(since))
        .count()
        .get_result(conn)
}

/// The oldest attempt under a key within the window (when the limit lifts again).
pub(crate) fn oldest_login_failure(
    conn: &mut DbConnection,
    key: &str,
    since: NaiveDateTime,
) -> QueryResult<Option<NaiveDateTime>> {
    login_failures::table
        .filter(login_failures::limit_key.eq(key))
        .filter(login_failures::failed_at.gt(since))
        .select(diesel::dsl::min(login_failures::failed_at))
        .first_row()
        .get_result(conn)
}

pub(crate) fn clear_login_failures(conn: &mut DbConnection, key: &str) -> QueryResult<usize> {
    diesel::delete(login_failures::table.filter(login_failures::limit_key.eq(key))).execute(conn)
}

pub(crate) fn delete_login_failures(conn: &mut DbConnection, ids: &[i32]) -> QueryResult<usize> {
    diesel::delete(login_failures::table.filter(login_failures::id.eq_any(ids))).execute(conn)
}

pub(crate) fn prune_login_failures(
    conn: &mut DbConnection,
    before: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::delete(login_failures::table.filter(login_failures::failed_at.le(before))).execute(conn)
}

/// How many accounts have this role.
pub(crate) fn count_role(conn: &mut DbConnection, role: Role) -> QueryResult<i64> {
    users::table
        .filter(users::role.eq(role))
        .count()
        .get_result(conn)
}

/// Revokes every unrevoked API token of a user.
pub(crate) fn revoke_all_api_tokens(
    conn: &mut DbConnection,
    user_id: UserId,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        api_tokens::table
            .filter(api_tokens::user_id.eq(user_id))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(now))
    .execute(conn)
}

/// A reset link made: its token's hash, for whom, by whom, until when.
pub(crate) fn insert_reset(
    conn: &mut DbConnection,
    token_hash: &str,
    user_id: UserId,
    made_by: Option<UserId>,
    now: NaiveDateTime,
    expires_at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::insert_into(password_resets::table)
        .values((
            password_resets::token_hash.eq(token_hash),
            password_resets::user_id.eq(user_id),
            password_resets::made_by.eq(made_by),
            password_resets::created_at.eq(now),
            password_resets::expires_at.eq(expires_at),
        ))
        .execute(conn)
}

/// The account of an unused, unexpired reset link.
pub(crate) fn reset_user(
    conn: &mut DbConnection,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<UserId>> {
    password_resets::table
        .filter(password_resets::token_hash.eq(token_hash))
        .filter(password_resets::used_at.is_null())
        .filter(password_resets::expires_at.gt(now))
        .select(password_resets::user_id)
        .first_row()
        .get_result(conn)
        .optional()
}

/// Uses a reset link: marked used unless it was already (or has expired); whether this call
/// used it. Two requests with the same link: one uses it.
pub(crate) fn use_reset(
    conn: &mut DbConnection,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let used = diesel::update(
        password_resets::table
            .filter(password_resets::token_hash.eq(token_hash))
            .filter(password_resets::used_at.is_null())
            .filter(password_resets::expires_at.gt(now)),
    )
    .set(password_resets::used_at.eq(now))
    .execute(conn)?;
    Ok(used == 1)
}

/// Every reset link of the account that still works stops working (its address changed: the
/// links went to the old one).
pub(crate) fn end_resets(
    conn: &mut DbConnection,
    user_id: UserId,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        password_resets::table
            .filter(password_resets::user_id.eq(user_id))
            .filter(password_resets::used_at.is_null()),
    )
    .set(password_resets::used_at.eq(now))
    .execute(conn)
}

/// A change of the account's address asked: its token's hash, the new address, until when.
pub(crate) fn insert_email_change(
    conn: &mut DbConnection,
    user_id: UserId,
    new_email: &str,
    token_hash: &str,
    now: NaiveDateTime,
    expires_at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::insert_into(email_changes::table)
        .values((
            email_changes::user_id.eq(user_id),
            email_changes::new_email.eq(new_email),
            email_changes::token_hash.eq(token_hash),
            email_changes::created_at.eq(now),
            email_changes::expires_at.eq(expires_at),
        ))
        .execute(conn)
}

/// The account and new address of an unused, unexpired change link.
pub(crate) fn email_change_by_token(
    conn: &mut DbConnection,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<(UserId, String)>> {
    email_changes::table
        .filter(email_changes::token_hash.eq(token_hash))
        .filter(email_changes::used_at.is_null())
        .filter(email_changes::expires_at.gt(now))
        .select((email_changes::user_id, email_changes::new_email))
        .first_row()
        .get_result(conn)
        .optional()
}

/// Uses a change link: marked used unless it was already (or has expired); whether this call
/// used it. Two requests with the same link: one uses it.
pub(crate) fn use_email_change(
    conn: &mut DbConnection,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let used = diesel::update(
        email_changes::table
            .filter(email_changes::token_hash.eq(token_hash))
            .filter(email_changes::used_at.is_null())
            .filter(email_changes::expires_at.gt(now)),
    )
    .set(email_changes::used_at.eq(now))
    .execute(conn)?;
    Ok(used == 1)
}

/// Every change link of the account that still works stops working (a newer one was asked,
/// or one was used).
pub(crate) fn end_email_changes(
    conn: &mut DbConnection,
    user_id: UserId,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        email_changes::table
            .filter(email_changes::user_id.eq(user_id))
            .filter(email_changes::used_at.is_null()),
    )
    .set(email_changes::used_at.eq(now))
    .execute(conn)
}

/// The account's address becomes `email` (a unique violation when another account has it).
pub(crate) fn set_email(conn: &mut DbConnection, id: UserId, email: &str) -> QueryResult<usize> {
    diesel::update(users::table.find(id))
        .set(users::email.eq(email))
        .execute(conn)
}

/// Every session of the account ends.
pub(crate) fn delete_sessions(conn: &mut DbConnection, user_id: UserId) -> QueryResult<usize> {
    diesel::delete(sessions::table.filter(sessions::user_id.eq(user_id))).execute(conn)
}

/// A line of the account's log.
pub(crate) fn log_account(
    conn: &mut DbConnection,
    user_id: UserId,
    actor: Option<UserId>,
    action: AccountAction,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::insert_into(account_log::table)
        .values((
            account_log::user_id.eq(user_id),
            account_log::actor_user.eq(actor),
            account_log::action.eq(action),
            account_log::created_at.eq(now),
        ))
        .execute(conn)
}
