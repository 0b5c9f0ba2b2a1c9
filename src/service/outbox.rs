//! The outbox: messages written in the transaction of the change that causes them (a round
//! published, a record sent), then handed to the SMTP server by a background worker. What a
//! message says is read when it is sent, from what it names (a player, a game), so that a
//! message that waited says what is true when it leaves; only a reset link's token, which is
//! kept nowhere else, is stored with it, and forgotten once the message is sent.
//!
//! Limits: at most [`OUTBOX_MAX`] messages wait at once. Past it, a change still happens and
//! its messages are left out, counted on the event's mail page. Sent messages are forgotten
//! after [`KEEP_SENT_DAYS`] days.

use chrono::{Duration, NaiveDateTime};

use super::{App, ServiceError, crypto};
use crate::db::outbox::{self as q, EventMailRow, MessageRow, NewMessage};
use crate::db::{self, DbConnection, write_transaction};
use crate::domain::{
    EventId, GameId, Language, MailKind, MessageId, OutboxState, Player, PlayerId, RoundId, UserId,
};

/// Messages that may wait at once, over every event.
pub const OUTBOX_MAX: i64 = 100_000;

/// Days a sent message stays listed on its event's mail page.
pub const KEEP_SENT_DAYS: i64 = 90;

/// A message to queue: who it is for and what it names.
#[derive(Clone, Debug)]
pub(crate) struct Letter {
    pub kind: MailKind,
    pub to_email: String,
    pub to_name: String,
    pub language: Language,
    pub event: Option<EventId>,
    pub player: Option<PlayerId>,
    pub user: Option<UserId>,
    pub round: Option<RoundId>,
    pub game: Option<GameId>,
    pub secret: Option<String>,
    pub body: String,
}

impl Letter {
    /// A message to an event's player, in the language of the player's account, else the
    /// event's.
    pub(crate) fn to_player(
        kind: MailKind,
        player: &Player,
        email: &str,
        language: Language,
    ) -> Letter {
        Letter {
            kind,
            to_email: email.to_string(),
            to_name: player.name.clone(),
            language,
            event: Some(player.event_id),
            player: Some(player.id),
            user: player.user_id,
            round: None,
            game: None,
            secret: None,
            body: String::new(),
        }
    }
}

/// An event's choice of announcements (all on, in Portuguese, until the organiser chooses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailChoice {
    pub language: Language,
    pub personal_link: bool,
    pub round_published: bool,
    pub confirmation: bool,
    pub disputes: bool,
    pub corrections: bool,
    pub final_ranking: bool,
}

impl Default for MailChoice {
    fn default() -> MailChoice {
        MailChoice {
            language: Language::Pt,
            personal_link: true,
            round_published: true,
            confirmation: true,
            disputes: true,
            corrections: true,
            final_ranking: true,
        }
    }
}

impl MailChoice {
    /// Whether the event sends messages of this kind (a written notice always, and an
    /// account's messages, which are no event's).
    #[must_use]
    pub fn sends(&self, kind: MailKind) -> bool {
        match kind {
            MailKind::PasswordReset
            | MailKind::EmailChange
            | MailKind::EmailChanged
            | MailKind::Notice => true,
            MailKind::PersonalLink => self.personal_link,
            MailKind::RoundPublished => self.round_published,
            MailKind::ConfirmationWanted => self.confirmation,
            MailKind::DisputeOpened | MailKind::DisputeDecided => self.disputes,
            MailKind::ResultCorrected => self.corrections,
            MailKind::FinalRanking => self.final_ranking,
        }
    }

    fn from_row(row: EventMailRow) -> MailChoice {
        MailChoice {
            language: row.language,
            personal_link: row.personal_link,
            round_published: row.round_published,
            confirmation: row.confirmation,
            disputes: row.disputes,
            corrections: row.corrections,
            final_ranking: row.final_ranking,
        }
    }

    fn row(&self, event: EventId) -> EventMailRow {
        EventMailRow {
            event_id: event,
            language: self.language,
            personal_link: self.personal_link,
            round_published: self.round_published,
            confirmation: self.confirmation,
            disputes: self.disputes,
            corrections: self.corrections,
            final_ranking: self.final_ranking,
            dropped: 0,
        }
    }
}

/// An event's choice, inside a transaction.
pub(crate) fn choice_in(
    conn: &mut DbConnection,
    event: EventId,
) -> Result<MailChoice, ServiceError> {
    Ok(q::event_mail(conn, event)?.map_or_else(MailChoice::default, MailChoice::from_row))
}

/// Stores an event's choice.
pub(crate) fn put_choice_in(
    conn: &mut DbConnection,
    event: EventId,
    choice: &MailChoice,
) -> Result<(), ServiceError> {
    Ok(q::put_event_mail(conn, &choice.row(event))?)
}

/// Where a player's messages go: the address, and the account's language if it has one.
type Address = Option<(String, Option<Language>)>;

/// The address a player's messages go to: the entry's own, else its account's.
pub(crate) fn addresses_of(
    conn: &mut DbConnection,
    players: &[&Player],
) -> Result<Vec<Address>, ServiceError> {
    let ids: Vec<UserId> = players.iter().filter_map(|p| p.user_id).collect();
    let accounts = db::accounts::users_by_ids(conn, &ids)?;
    Ok(players
        .iter()
        .map(|p| {
            let account = p.user_id.and_then(|u| accounts.iter().find(|a| a.id == u));
            let email = p
                .email
                .clone()
                .filter(|e| !e.is_empty())
                .or_else(|| account.map(|a| a.email.clone()))?;
            let language = account.and_then(|a| a.language);
            Some((email, language))
        })
        .collect())
}

/// Letters of `kind` to these players (those with an address), in each one's language.
pub(crate) fn letters_to_players(
    conn: &mut DbConnection,
    kind: MailKind,
    event: EventId,
    players: &[&Player],
) -> Result<Vec<Letter>, ServiceError> {
    let choice = choice_in(conn, event)?;
    if !choice.sends(kind) {
        return Ok(Vec::new());
    }
    let addresses = addresses_of(conn, players)?;
    Ok(players
        .iter()
        .zip(addresses)
        .filter_map(|(player, address)| {
            let (email, language) = address?;
            Some(Letter::to_player(
                kind,
                player,
                &email,
                language.unwrap_or(choice.language),
            ))
        })
        .collect())
}

/// Queues messages inside the caller's transaction: those the event does not send, and
/// announcements to addresses that asked for none, are left out; past [`OUTBOX_MAX`] the rest
/// are counted as left out. Returns how many were queued.
pub(crate) fn queue(conn: &mut DbConnection, letters: Vec<Letter>) -> Result<usize, ServiceError> {
    if letters.is_empty() {
        return Ok(0);
    }
    let announced: Vec<&str> = letters
        .iter()
        .filter(|l| l.kind.is_announcement())
        .map(|l| l.to_email.as_str())
        .collect();
    let unsubscribed = q::unsubscribed_among(conn, &announced)?;
    let mut letters: Vec<Letter> = letters
        .into_iter()
        .filter(|l| !(l.kind.is_announcement() && unsubscribed.contains(&l.to_email)))
        .collect();
    let room = usize::try_from((OUTBOX_MAX - q::count_waiting(conn)?).max(0)).unwrap_or(0);
    if letters.len() > room {
        let left_out = letters.split_off(room);
        for event in left_out.iter().filter_map(|l| l.event) {
            let row = choice_in(conn, event)?.row(event);
            q::add_dropped(conn, &row, 1)?;
        }
        tracing::warn!(
            "the outbox is full ({OUTBOX_MAX} messages waiting): {} left out",
            left_out.len()
        );
    }
    let now = db::now();
    let mut rows = Vec::with_capacity(letters.len());
    for l in letters {
        rows.push(NewMessage {
            event_id: l.event,
            kind: l.kind,
            to_email: l.to_email,
            to_name: l.to_name,
            language: l.language,
            player_id: l.player,
            user_id: l.user,
            round_id: l.round,
            game_id: l.game,
            secret: l.secret,
            body: l.body,
            state: OutboxState::Waiting,
            attempts: 0,
            next_attempt_at: now,
            last_error: None,
            message_id: new_message_id()?,
            created_at: now,
            sent_at: None,
        });
    }
    q::insert(conn, &rows)?;
    Ok(rows.len())
}

/// A `Message-ID`, fixed when the message is queued: a duplicate sent after a crash carries
/// the same one, and mail programs show it once.
fn new_message_id() -> Result<String, ServiceError> {
    Ok(format!("<{}@kiela.outbox>", crypto::random_token()?))
}

/// A message waiting to be sent, as a worker takes it.
#[derive(Clone, Debug)]
pub struct Queued {
    pub id: MessageId,
    pub kind: MailKind,
    pub to_email: String,
    pub to_name: String,
    pub language: Language,
    pub event: Option<EventId>,
    pub player: Option<PlayerId>,
    pub game: Option<GameId>,
    /// A reset link's token.
    pub secret: Option<String>,
    /// A written notice's text.
    pub body: String,
    pub message_id: String,
    pub attempts: i32,
    pub(crate) next_attempt_at: NaiveDateTime,
}

impl Queued {
    fn from_row(row: MessageRow) -> Queued {
        Queued {
            id: row.id,
            kind: row.kind,
            to_email: row.to_email,
            to_name: row.to_name,
            language: row.language,
            event: row.event_id,
            player: row.player_id,
            game: row.game_id,
            secret: row.secret,
            body: row.body,
            message_id: row.message_id,
            attempts: row.attempts,
            next_attempt_at: row.next_attempt_at,
        }
    }
}

/// Messages a worker may send now, oldest first.
pub(crate) fn due(app: &App, rows: i64) -> Result<Vec<Queued>, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::due(&mut conn, db::now(), rows)?
        .into_iter()
        .map(Queued::from_row)
        .collect())
}

/// Messages taken for sending: no other worker sends them until the lease ends.
#[derive(Debug)]
pub(crate) struct Taken {
    pub messages: Vec<Queued>,
    until: NaiveDateTime,
    claimed_at: std::time::Instant,
    lease: std::time::Duration,
}

impl Taken {
    /// Whether the lease still has half its time: a message is sent only then, so that it is
    /// accepted (and marked) before another worker may take it.
    #[must_use]
    pub(crate) fn still_held(&self) -> bool {
        self.claimed_at.elapsed() < self.lease / 2
    }
}

/// Takes these messages for `mail_lease_secs`, in one transaction (one commit for the batch);
/// those another worker took first are left out.
pub(crate) fn claim(app: &App, rows: Vec<Queued>) -> Result<Taken, ServiceError> {
    let lease_secs = app.config.mail_lease_secs;
    let until = db::now() + Duration::seconds(i64::try_from(lease_secs).unwrap_or(i64::MAX / 2));
    let claimed_at = std::time::Instant::now();
    let mut conn = app.conn()?;
    let messages = write_transaction(&mut conn, |conn| {
        let mut taken = Vec::with_capacity(rows.len());
        for mut row in rows {
            if q::claim(conn, row.id, row.next_attempt_at, until)? {
                row.next_attempt_at = until;
                taken.push(row);
            }
        }
        Ok::<_, ServiceError>(taken)
    })?;
    Ok(Taken {
        messages,
        until,
        claimed_at,
        lease: std::time::Duration::from_secs(lease_secs),
    })
}

/// Gives back the messages of a batch not sent (the lease ran short): any worker may take
/// them at once.
pub(crate) fn release(app: &App, taken: &Taken, left: &[Queued]) -> Result<(), ServiceError> {
    let mut conn = app.conn()?;
    let now = db::now();
    write_transaction(&mut conn, |conn| {
        for row in left {
            q::claim(conn, row.id, taken.until, now)?;
        }
        Ok::<_, ServiceError>(())
    })
}

/// What became of one attempt.
#[derive(Debug)]
pub(crate) enum Attempt {
    Accepted,
    /// The server could not be reached or put the message off: tried again later.
    PutOff(String),
    /// Refused for good, or no longer to be made (what it named is gone).
    Refused(String),
}

/// Seconds before the next attempt after `attempts` failed ones: 5 s, doubling, at most 10
/// minutes.
#[must_use]
pub(crate) fn backoff_secs(attempts: i32) -> i64 {
    (5_i64 << attempts.clamp(0, 16)).min(600)
}

/// Writes what became of an attempt.
pub(crate) fn settle(app: &App, row: &Queued, attempt: &Attempt) -> Result<(), ServiceError> {
    let mut conn = app.conn()?;
    let now = db::now();
    match attempt {
        Attempt::Accepted => q::mark_sent(&mut conn, row.id, now)?,
        Attempt::PutOff(answer) => q::mark_retry(
            &mut conn,
            row.id,
            now + Duration::seconds(backoff_secs(row.attempts)),
            &clip(answer),
        )?,
        Attempt::Refused(answer) => q::mark_failed(&mut conn, row.id, &clip(answer))?,
    }
    Ok(())
}

/// A server's answer, short enough to list.
fn clip(answer: &str) -> String {
    answer.chars().take(500).collect()
}

/// The outbox's messages in each state, over every event (for `kiela` and the tests).
pub fn counts_by_state(app: &App) -> Result<Vec<(OutboxState, i64)>, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::counts_by_state(&mut conn)?)
}

/// The most attempts a waiting message has had.
pub fn most_attempts(app: &App) -> Result<i32, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::most_attempts(&mut conn)?)
}

/// Forgets the messages sent more than [`KEEP_SENT_DAYS`] days ago.
pub(crate) fn prune(app: &App) -> Result<usize, ServiceError> {
    let mut conn = app.conn()?;
    Ok(q::prune_sent(
        &mut conn,
        db::now() - Duration::days(KEEP_SENT_DAYS),
    )?)
}

/// The token of an address's unsubscribe link (made the first time).
pub fn unsubscribe_token(app: &App, email: &str) -> Result<String, ServiceError> {
    let fresh = crypto::random_token()?;
    let mut conn = app.conn()?;
    Ok(q::recipient_token(&mut conn, email, &fresh)?)
}

/// Where an unsubscribe link stands: the address, and whether it already asked.
pub(crate) fn unsubscribe_state(app: &App, token: &str) -> Result<(String, bool), ServiceError> {
    let mut conn = app.conn()?;
    let (email, at) = q::recipient_of_token(&mut conn, token)?.ok_or(ServiceError::NotFound)?;
    Ok((email, at.is_some()))
}

/// The address of `token` asks for no more announcements (`stop`), or for them again.
pub(crate) fn set_unsubscribed(app: &App, token: &str, stop: bool) -> Result<(), ServiceError> {
    let mut conn = app.conn()?;
    if q::set_unsubscribed(&mut conn, token, stop.then(db::now))? {
        Ok(())
    } else {
        Err(ServiceError::NotFound)
    }
}

/// One message as the organiser's mail page lists it: never its secret or its links.
#[derive(Clone, Debug)]
pub struct ListedMessage {
    pub id: MessageId,
    pub kind: MailKind,
    pub to_email: String,
    pub to_name: String,
    pub state: OutboxState,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: NaiveDateTime,
    pub sent_at: Option<NaiveDateTime>,
    pub next_attempt_at: NaiveDateTime,
}

impl ListedMessage {
    pub(crate) fn from_row(row: MessageRow) -> ListedMessage {
        ListedMessage {
            id: row.id,
            kind: row.kind,
            to_email: row.to_email,
            to_name: row.to_name,
            state: row.state,
            attempts: row.attempts,
            last_error: row.last_error,
            created_at: row.created_at,
            sent_at: row.sent_at,
            next_attempt_at: row.next_attempt_at,
        }
    }
}

/// Whether a message may be sent again from the organiser's page: not a reset link (its token
/// is forgotten once sent; the account asks for a new one).
#[must_use]
pub fn may_send_again(message: &ListedMessage) -> bool {
    !message.kind.is_account() && message.state != OutboxState::Waiting
}

/// Sends a message again (a failed one, or one the player says never came).
pub(crate) fn send_again_in(
    conn: &mut DbConnection,
    event: EventId,
    id: MessageId,
) -> Result<(), ServiceError> {
    let row = q::by_id(conn, id)?
        .filter(|m| m.event_id == Some(event))
        .ok_or(ServiceError::NotFound)?;
    if !may_send_again(&ListedMessage::from_row(row)) {
        return Err(ServiceError::Conflict(
            crate::domain::ErrorCode::MessageNotResendable,
        ));
    }
    if q::count_waiting(conn)? >= OUTBOX_MAX {
        return Err(ServiceError::Conflict(crate::domain::ErrorCode::OutboxFull));
    }
    q::send_again(conn, id, db::now(), &new_message_id()?)?;
    Ok(())
}

/// An event's mail: the counts in each state, the messages left out, the latest messages.
#[derive(Clone, Debug)]
pub struct EventMail {
    pub choice: MailChoice,
    pub waiting: i64,
    pub sent: i64,
    pub failed: i64,
    pub dropped: i32,
    pub messages: Vec<ListedMessage>,
}

/// Messages listed on the mail page.
pub const LISTED_MESSAGES: i64 = 500;

pub(crate) fn event_mail_in(
    conn: &mut DbConnection,
    event: EventId,
) -> Result<EventMail, ServiceError> {
    let row = q::event_mail(conn, event)?;
    let dropped = row.as_ref().map_or(0, |r| r.dropped);
    let choice = row.map_or_else(MailChoice::default, MailChoice::from_row);
    let counts = q::counts_of_event(conn, event)?;
    let count = |state| {
        counts
            .iter()
            .find(|(s, _)| *s == state)
            .map_or(0, |(_, n)| *n)
    };
    Ok(EventMail {
        choice,
        waiting: count(OutboxState::Waiting),
        sent: count(OutboxState::Sent),
        failed: count(OutboxState::Failed),
        dropped,
        messages: q::of_event(conn, event, LISTED_MESSAGES)?
            .into_iter()
            .map(ListedMessage::from_row)
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_up_to_ten_minutes() {
        assert_eq!(backoff_secs(0), 5);
        assert_eq!(backoff_secs(2), 20);
        assert_eq!(backoff_secs(40), 600);
    }

    #[test]
    fn an_event_sends_what_it_chose_and_always_an_accounts_messages_and_a_notice() {
        let none = MailChoice {
            personal_link: false,
            round_published: false,
            confirmation: false,
            disputes: false,
            corrections: false,
            final_ranking: false,
            ..MailChoice::default()
        };
        let sent: Vec<_> = MailKind::ALL.iter().filter(|k| none.sends(**k)).collect();
        assert_eq!(
            sent,
            [
                &MailKind::PasswordReset,
                &MailKind::EmailChange,
                &MailKind::EmailChanged,
                &MailKind::Notice
            ]
        );
        assert!(
            MailKind::ALL
                .iter()
                .all(|k| MailChoice::default().sends(*k))
        );
    }
}
