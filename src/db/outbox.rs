//! The outbox (messages to send), each event's choice of announcements, and the addresses
//! that asked for no more of them.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::limit::LimitRows;
use super::schema::{event_mail, mail_recipients, outbox, users};
use crate::domain::{
    EventId, GameId, Language, MailKind, MessageId, OutboxState, PlayerId, RoundId, UserId,
};

/// A message as stored.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = outbox)]
pub(crate) struct MessageRow {
    pub id: MessageId,
    pub event_id: Option<EventId>,
    pub kind: MailKind,
    pub to_email: String,
    pub to_name: String,
    pub language: Language,
    pub player_id: Option<PlayerId>,
    pub game_id: Option<GameId>,
    pub secret: Option<String>,
    pub body: String,
    pub state: OutboxState,
    pub attempts: i32,
    pub next_attempt_at: NaiveDateTime,
    pub last_error: Option<String>,
    pub message_id: String,
    pub created_at: NaiveDateTime,
    pub sent_at: Option<NaiveDateTime>,
}

/// A message to queue.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = outbox, treat_none_as_default_value = false)]
pub(crate) struct NewMessage {
    pub event_id: Option<EventId>,
    pub kind: MailKind,
    pub to_email: String,
    pub to_name: String,
    pub language: Language,
    pub player_id: Option<PlayerId>,
    pub user_id: Option<UserId>,
    pub round_id: Option<RoundId>,
    pub game_id: Option<GameId>,
    pub secret: Option<String>,
    pub body: String,
    pub state: OutboxState,
    pub attempts: i32,
    pub next_attempt_at: NaiveDateTime,
    pub last_error: Option<String>,
    pub message_id: String,
    pub created_at: NaiveDateTime,
    pub sent_at: Option<NaiveDateTime>,
}

/// Rows written per statement (SQLite binds at most 32,766 parameters; 18 columns each).
const BATCH: usize = 500;

/// Writes messages, a batch per statement.
pub(crate) fn insert(conn: &mut DbConnection, messages: &[NewMessage]) -> QueryResult<()> {
    for chunk in messages.chunks(BATCH) {
        match conn {
            DbConnection::Sqlite(c) => {
                diesel::insert_into(outbox::table)
                    .values(chunk)
                    .execute(c)?;
            }
            DbConnection::Postgres(c) => {
                diesel::insert_into(outbox::table)
                    .values(chunk)
                    .execute(c)?;
            }
        }
    }
    Ok(())
}

/// Messages not yet accepted, in all.
pub(crate) fn count_waiting(conn: &mut DbConnection) -> QueryResult<i64> {
    outbox::table
        .filter(outbox::state.eq(OutboxState::Waiting))
        .count()
        .get_result(conn)
}

/// Messages in each state, over every event.
pub(crate) fn counts_by_state(conn: &mut DbConnection) -> QueryResult<Vec<(OutboxState, i64)>> {
    outbox::table
        .group_by(outbox::state)
        .select((outbox::state, diesel::dsl::count_star()))
        .load(conn)
}

/// The most attempts a waiting message has had.
pub(crate) fn most_attempts(conn: &mut DbConnection) -> QueryResult<i32> {
    let most: Option<i32> = outbox::table
        .filter(outbox::state.eq(OutboxState::Waiting))
        .select(diesel::dsl::max(outbox::attempts))
        .get_result(conn)?;
    Ok(most.unwrap_or(0))
}

/// The messages a worker may take now, oldest first.
pub(crate) fn due(
    conn: &mut DbConnection,
    now: NaiveDateTime,
    rows: i64,
) -> QueryResult<Vec<MessageRow>> {
    outbox::table
        .filter(outbox::state.eq(OutboxState::Waiting))
        .filter(outbox::next_attempt_at.le(now))
        .order(outbox::id)
        .select(MessageRow::as_select())
        .limit_rows(rows)
        .load(conn)
}

/// Takes a message for sending until `until`, if no other worker took it since it was read
/// (its `next_attempt_at` still `seen`).
pub(crate) fn claim(
    conn: &mut DbConnection,
    id: MessageId,
    seen: NaiveDateTime,
    until: NaiveDateTime,
) -> QueryResult<bool> {
    let changed = diesel::update(
        outbox::table
            .filter(outbox::id.eq(id))
            .filter(outbox::state.eq(OutboxState::Waiting))
            .filter(outbox::next_attempt_at.eq(seen)),
    )
    .set(outbox::next_attempt_at.eq(until))
    .execute(conn)?;
    Ok(changed == 1)
}

/// The server accepted the message: it is sent, and a secret it carried is forgotten.
pub(crate) fn mark_sent(
    conn: &mut DbConnection,
    id: MessageId,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(outbox::table.find(id))
        .set((
            outbox::state.eq(OutboxState::Sent),
            outbox::sent_at.eq(Some(now)),
            outbox::attempts.eq(outbox::attempts + 1),
            outbox::secret.eq(None::<String>),
            outbox::last_error.eq(None::<String>),
        ))
        .execute(conn)?;
    Ok(())
}

/// The attempt failed and the message waits until `next`.
pub(crate) fn mark_retry(
    conn: &mut DbConnection,
    id: MessageId,
    next: NaiveDateTime,
    error: &str,
) -> QueryResult<()> {
    diesel::update(outbox::table.find(id))
        .set((
            outbox::attempts.eq(outbox::attempts + 1),
            outbox::next_attempt_at.eq(next),
            outbox::last_error.eq(Some(error)),
        ))
        .execute(conn)?;
    Ok(())
}

/// The server refused the message for good (or it cannot be made any more).
pub(crate) fn mark_failed(conn: &mut DbConnection, id: MessageId, error: &str) -> QueryResult<()> {
    diesel::update(outbox::table.find(id))
        .set((
            outbox::state.eq(OutboxState::Failed),
            outbox::attempts.eq(outbox::attempts + 1),
            outbox::secret.eq(None::<String>),
            outbox::last_error.eq(Some(error)),
        ))
        .execute(conn)?;
    Ok(())
}

/// An event's messages, newest first.
pub(crate) fn of_event(
    conn: &mut DbConnection,
    event: EventId,
    rows: i64,
) -> QueryResult<Vec<MessageRow>> {
    outbox::table
        .filter(outbox::event_id.eq(event))
        .order(outbox::id.desc())
        .select(MessageRow::as_select())
        .limit_rows(rows)
        .load(conn)
}

/// An event's messages in each state.
pub(crate) fn counts_of_event(
    conn: &mut DbConnection,
    event: EventId,
) -> QueryResult<Vec<(OutboxState, i64)>> {
    outbox::table
        .filter(outbox::event_id.eq(event))
        .group_by(outbox::state)
        .select((outbox::state, diesel::dsl::count_star()))
        .load(conn)
}

pub(crate) fn by_id(conn: &mut DbConnection, id: MessageId) -> QueryResult<Option<MessageRow>> {
    outbox::table
        .find(id)
        .select(MessageRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// A message to be sent again, now, under a new `Message-ID` (a new sending, not a retry).
pub(crate) fn send_again(
    conn: &mut DbConnection,
    id: MessageId,
    now: NaiveDateTime,
    message_id: &str,
) -> QueryResult<()> {
    diesel::update(outbox::table.find(id))
        .set((
            outbox::state.eq(OutboxState::Waiting),
            outbox::attempts.eq(0),
            outbox::next_attempt_at.eq(now),
            outbox::last_error.eq(None::<String>),
            outbox::sent_at.eq(None::<NaiveDateTime>),
            outbox::message_id.eq(message_id),
        ))
        .execute(conn)?;
    Ok(())
}

/// Forgets messages sent before `before`.
pub(crate) fn prune_sent(conn: &mut DbConnection, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(
        outbox::table
            .filter(outbox::state.eq(OutboxState::Sent))
            .filter(outbox::sent_at.lt(before)),
    )
    .execute(conn)
}

/// An event's choice of announcements, as stored.
#[derive(Clone, Copy, Debug, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = event_mail)]
pub(crate) struct EventMailRow {
    pub event_id: EventId,
    pub language: Language,
    pub personal_link: bool,
    pub round_published: bool,
    pub confirmation: bool,
    pub disputes: bool,
    pub corrections: bool,
    pub final_ranking: bool,
    pub dropped: i32,
}

pub(crate) fn event_mail(
    conn: &mut DbConnection,
    event: EventId,
) -> QueryResult<Option<EventMailRow>> {
    event_mail::table
        .find(event)
        .select(EventMailRow::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// Stores an event's choice (the count of messages left out kept as it is).
pub(crate) fn put_event_mail(conn: &mut DbConnection, row: &EventMailRow) -> QueryResult<()> {
    let changed = diesel::update(event_mail::table.find(row.event_id))
        .set((
            event_mail::language.eq(row.language),
            event_mail::personal_link.eq(row.personal_link),
            event_mail::round_published.eq(row.round_published),
            event_mail::confirmation.eq(row.confirmation),
            event_mail::disputes.eq(row.disputes),
            event_mail::corrections.eq(row.corrections),
            event_mail::final_ranking.eq(row.final_ranking),
        ))
        .execute(conn)?;
    if changed == 0 {
        diesel::insert_into(event_mail::table)
            .values(row)
            .execute(conn)?;
    }
    Ok(())
}

/// Counts messages of an event left out because the outbox was full.
pub(crate) fn add_dropped(conn: &mut DbConnection, row: &EventMailRow, n: i32) -> QueryResult<()> {
    put_event_mail(conn, row)?;
    diesel::update(event_mail::table.find(row.event_id))
        .set(event_mail::dropped.eq(event_mail::dropped + n))
        .execute(conn)?;
    Ok(())
}

/// The token of the unsubscribe link of an address, made the first time (`fresh`).
pub(crate) fn recipient_token(
    conn: &mut DbConnection,
    email: &str,
    fresh: &str,
) -> QueryResult<String> {
    let known: Option<String> = mail_recipients::table
        .find(email)
        .select(mail_recipients::token)
        .first_row()
        .get_result(conn)
        .optional()?;
    if let Some(token) = known {
        return Ok(token);
    }
    diesel::insert_into(mail_recipients::table)
        .values((
            mail_recipients::email.eq(email),
            mail_recipients::token.eq(fresh),
        ))
        .execute(conn)?;
    Ok(fresh.to_string())
}

/// The address of an unsubscribe token, and whether it already asked for no announcements.
pub(crate) fn recipient_of_token(
    conn: &mut DbConnection,
    token: &str,
) -> QueryResult<Option<(String, Option<NaiveDateTime>)>> {
    mail_recipients::table
        .filter(mail_recipients::token.eq(token))
        .select((mail_recipients::email, mail_recipients::unsubscribed_at))
        .first_row()
        .get_result(conn)
        .optional()
}

/// The address of this token asks for no more announcements (`Some`), or for them again.
pub(crate) fn set_unsubscribed(
    conn: &mut DbConnection,
    token: &str,
    at: Option<NaiveDateTime>,
) -> QueryResult<bool> {
    let changed = diesel::update(mail_recipients::table.filter(mail_recipients::token.eq(token)))
        .set(mail_recipients::unsubscribed_at.eq(at))
        .execute(conn)?;
    Ok(changed == 1)
}

/// Which of these addresses asked for no announcements.
pub(crate) fn unsubscribed_among(
    conn: &mut DbConnection,
    emails: &[&str],
) -> QueryResult<Vec<String>> {
    if emails.is_empty() {
        return Ok(Vec::new());
    }
    let mut found = Vec::new();
    for chunk in emails.chunks(BATCH) {
        found.extend(
            mail_recipients::table
                .filter(mail_recipients::email.eq_any(chunk))
                .filter(mail_recipients::unsubscribed_at.is_not_null())
                .select(mail_recipients::email)
                .load::<String>(conn)?,
        );
    }
    Ok(found)
}

/// The language an account uses the site in.
pub(crate) fn set_user_language(
    conn: &mut DbConnection,
    user: UserId,
    language: Language,
) -> QueryResult<()> {
    diesel::update(users::table.find(user))
        .set(users::language.eq(Some(language)))
        .execute(conn)?;
    Ok(())
}
