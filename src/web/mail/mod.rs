//! The senders of the outbox: each takes waiting messages, makes each into an e-mail in
//! the recipient's language ([`compose`]) and hands it to the SMTP server (`smtp_url`). With no
//! server configured, messages wait. A server that cannot be reached, or puts a message off,
//! is tried again later (5 s, doubling, at most 10 minutes); a message it refuses for good is
//! marked failed with its answer, for the organiser to see and send again.
//!
//! A message is sent at most once in normal operation. If the app server stops after the SMTP
//! server accepted a message and before the outbox says so, the message is sent again once
//! its lease (`mail_lease_secs`) ends: at most one duplicate of each message being sent at that
//! moment, under the same `Message-ID`.

pub(crate) mod compose;

use std::time::Duration;

use lettre::message::Mailbox;

use crate::mail::{Mailer, Relay};
use crate::service::outbox::Queued;
use crate::service::outbox::{self, Attempt};
use crate::service::{App, ServiceError, letters};
use crate::web::i18n::Lang;

/// How often a worker looks for messages when there were none.
const POLL: Duration = Duration::from_secs(1);

/// Messages taken per look (one commit for their leases).
const BATCH: i64 = 20;

/// Connections to the SMTP server an app server sends over at once. One message takes a few
/// round trips (and a servers' delayed acknowledgement, some 40 ms): one connection alone
/// sends some 20 messages a second, eight some eight times as many.
const SENDERS: usize = 8;

/// Starts the senders (when `smtp_url` is set).
pub fn start_worker(app: &App) {
    let (Some(url), Some(from)) = (&app.config.smtp_url, &app.config.mail_from) else {
        tracing::info!("no smtp_url: messages wait in the outbox");
        return;
    };
    // Both were checked when the configuration was read.
    let (Ok(relay), Ok(from)) = (Relay::parse(url), from.parse::<Mailbox>()) else {
        return;
    };
    for n in 0..SENDERS {
        let (app, relay, from) = (app.clone(), relay.clone(), from.clone());
        let spawned = std::thread::Builder::new()
            .name(format!("mail {n}"))
            .spawn(move || run(&app, &relay, &from, n == 0));
        if let Err(e) = spawned {
            tracing::error!("mail sender not started: {e}");
        }
    }
}

/// One sender: takes the messages due, a batch at a time, and sends them over its own
/// connection; the first also forgets old messages now and then.
fn run(app: &App, relay: &Relay, from: &Mailbox, prunes: bool) {
    let mut mailer: Option<Mailer> = None;
    let mut pruned = std::time::Instant::now();
    loop {
        match send_due(app, relay, &mut mailer, from) {
            Ok(0) => std::thread::sleep(POLL),
            // The server could not be reached: a pause before the next message tries it.
            Ok(_) if mailer.is_none() => std::thread::sleep(POLL),
            Ok(_) => {}
            Err(e) => {
                tracing::error!("mail: {e}");
                std::thread::sleep(POLL);
            }
        }
        if prunes && pruned.elapsed() > Duration::from_hours(1) {
            pruned = std::time::Instant::now();
            if let Err(e) = outbox::prune(app) {
                tracing::error!("mail: old messages not forgotten: {e}");
            }
        }
    }
}

/// Sends the messages due now; how many were tried.
fn send_due(
    app: &App,
    relay: &Relay,
    mailer: &mut Option<Mailer>,
    from: &Mailbox,
) -> Result<usize, ServiceError> {
    let taken = outbox::claim(app, outbox::due(app, BATCH)?)?;
    let mut tried = 0;
    for (n, row) in taken.messages.iter().enumerate() {
        if !taken.still_held() {
            // A slow server: what is left goes back, for whichever worker comes first.
            outbox::release(app, &taken, &taken.messages[n..])?;
            break;
        }
        tried += 1;
        let attempt = attempt(app, relay, mailer, from, row)?;
        outbox::settle(app, row, &attempt)?;
        if let Attempt::PutOff(answer) = &attempt {
            tracing::warn!("mail to message {} put off: {answer}", row.id);
            // A server that cannot be reached now will not be for the next message either.
            *mailer = None;
            outbox::release(app, &taken, &taken.messages[n + 1..])?;
            break;
        }
    }
    Ok(tried)
}

/// One message made and handed over.
fn attempt(
    app: &App,
    relay: &Relay,
    mailer: &mut Option<Mailer>,
    from: &Mailbox,
    row: &Queued,
) -> Result<Attempt, ServiceError> {
    let Some(content) = letters::content(app, row)? else {
        return Ok(Attempt::Refused(
            "what the message named is gone (a game paired again, a player removed)".into(),
        ));
    };
    let lang = Lang::of(row.language);
    let unsubscribe = if row.kind.is_announcement() {
        let token = outbox::unsubscribe_token(app, &row.to_email)?;
        Some(format!("{}/unsubscribe/{token}", base(app)))
    } else {
        None
    };
    let base = base(app);
    // The site as a reader knows it: its address without the scheme.
    let name = base
        .split_once("://")
        .map_or(base.as_str(), |(_, rest)| rest)
        .to_string();
    let site = compose::Site {
        base: &base,
        name: &name,
        offset: app.config.offset(),
    };
    let words = compose::words(lang, row, &content, &site, unsubscribe);
    let message = match compose::message(lang, row, &words, from) {
        Ok(message) => message,
        Err(e) => return Ok(Attempt::Refused(e.to_string())),
    };
    if mailer.is_none() {
        match relay.transport() {
            Ok(made) => *mailer = Some(made),
            Err(refused) => return Ok(Attempt::PutOff(refused.answer)),
        }
    }
    let Some(connected) = mailer.as_ref() else {
        return Ok(Attempt::PutOff("no connection".into()));
    };
    Ok(match connected.send(&message) {
        Ok(()) => Attempt::Accepted,
        Err(refused) if refused.permanent => Attempt::Refused(refused.answer),
        Err(refused) => Attempt::PutOff(refused.answer),
    })
}

/// The site's address in links: `base_url` (the hall's address in hall mode), else `bind`.
fn base(app: &App) -> String {
    app.config.base_url.as_ref().map_or_else(
        || format!("http://{}", app.config.bind),
        |b| b.trim_end_matches('/').to_string(),
    )
}
