//! The worker that sends the outbox: it takes each waiting message, makes it into an e-mail in
//! the recipient's language ([`compose`]) and hands it to the SMTP server (`smtp_url`). With no
//! server configured, messages wait. A server that cannot be reached, or puts a message off,
//! is tried again later (5 s, doubling, at most 10 minutes); a message it refuses for good is
//! marked failed with its answer, for the organiser to see and send again.
//!
//! A message is sent at most once in normal operation. If the app server stops after the SMTP
//! server accepted a message and before the outbox says so, the message is sent again once
//! its lease (`mail_lease_secs`) ends: at most one duplicate, under the same `Message-ID`.

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

/// Messages read per look.
const BATCH: i64 = 50;

/// Starts the worker (when `smtp_url` is set).
pub fn start_worker(app: &App) {
    let (Some(url), Some(from)) = (&app.config.smtp_url, &app.config.mail_from) else {
        tracing::info!("no smtp_url: messages wait in the outbox");
        return;
    };
    // Both were checked when the configuration was read.
    let (Ok(relay), Ok(from)) = (Relay::parse(url), from.parse::<Mailbox>()) else {
        return;
    };
    let app = app.clone();
    let spawned = std::thread::Builder::new()
        .name("mail".into())
        .spawn(move || run(&app, &relay, &from));
    if let Err(e) = spawned {
        tracing::error!("mail worker not started: {e}");
    }
}

fn run(app: &App, relay: &Relay, from: &Mailbox) {
    let mut mailer: Option<Mailer> = None;
    let mut pruned = std::time::Instant::now();
    loop {
        match send_due(app, relay, &mut mailer, from) {
            Ok(0) => std::thread::sleep(POLL),
            Ok(_) => {}
            Err(e) => {
                tracing::error!("mail: {e}");
                std::thread::sleep(POLL);
            }
        }
        if pruned.elapsed() > Duration::from_hours(1) {
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
    let mut tried = 0;
    for row in outbox::due(app, BATCH)? {
        if !outbox::claim(app, &row)? {
            continue;
        }
        tried += 1;
        let attempt = attempt(app, relay, mailer, from, &row)?;
        if let Attempt::PutOff(answer) = &attempt {
            tracing::warn!("mail to message {} put off: {answer}", row.id);
            // A server that cannot be reached now will not be for the next message either.
            *mailer = None;
            outbox::settle(app, &row, &attempt)?;
            break;
        }
        outbox::settle(app, &row, &attempt)?;
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
