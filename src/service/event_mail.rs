//! An event's mail, as its organisers see and steer it: what was sent to whom, what waits,
//! what failed and why; which announcements the event sends; a written notice to every
//! player; a message sent again.

use super::access::Access;
use super::outbox::{self, EventMail, MailChoice};
use super::{App, ServiceError, audit};
use crate::db::event_transaction;
use crate::domain::{AuditAction, ErrorCode, MessageId};

/// The longest notice.
pub const MAX_NOTICE_CHARS: usize = 5000;

/// The event's mail page.
pub(crate) fn view(app: &App, access: &Access) -> Result<EventMail, ServiceError> {
    access.require_organiser_reading()?;
    let mut conn = app.conn()?;
    outbox::event_mail_in(&mut conn, access.event.id)
}

/// Stores which announcements the event sends, and in which language.
pub(crate) fn choose(app: &App, access: &Access, choice: &MailChoice) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        outbox::put_choice_in(conn, access.event.id, choice)?;
        audit::record(
            conn,
            audit::Entry::event(access.event.id, access.user_id(), AuditAction::MailChosen),
        )
    })
}

/// A notice written by an organiser, to every player of the event with an address; how many
/// were queued.
pub(crate) fn send_notice(app: &App, access: &Access, text: &str) -> Result<usize, ServiceError> {
    access.require_organiser()?;
    let text = text.trim();
    if text.is_empty() {
        return Err(ServiceError::invalid("notice", ErrorCode::NoticeEmpty));
    }
    if text.chars().count() > MAX_NOTICE_CHARS {
        return Err(ServiceError::invalid("notice", ErrorCode::NoticeTooLong));
    }
    // Line breaks are kept; other control characters are not a notice's.
    let text: String = text
        .chars()
        .filter(|c| !c.is_control() || *c == '\n')
        .collect();
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let queued = super::notify::notice(conn, access.event.id, &text)?;
        audit::record(
            conn,
            audit::Entry::event(access.event.id, access.user_id(), AuditAction::NoticeSent)
                .text(text.clone()),
        )?;
        Ok(queued)
    })
}

/// Sends one of the event's messages again.
pub(crate) fn send_again(app: &App, access: &Access, id: MessageId) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        outbox::send_again_in(conn, access.event.id, id)?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::MessageSentAgain,
            ),
        )
    })
}
