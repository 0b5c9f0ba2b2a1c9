//! A venue publishing its events to the federation while a connection exists: an event marked
//! for it is sent (its whole archive, to `POST {federation_url}/api/v1/archives`) after every
//! change, a few seconds after the change (so a burst of results goes as one push), and
//! again with a growing wait while the federation cannot be reached. The federation's answer
//! is kept for the event's manage page; the national ids it gave the venue's new people
//! replace their local ids here.

use std::time::Duration;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::access::Access;
use super::{App, ServiceError};
use crate::db::{self, push as q};
use crate::domain::{ErrorCode, Event, EventId};

/// How often the worker looks for events to push (and so how long a burst of changes is
/// gathered into one push).
const POLL: Duration = Duration::from_secs(3);

/// The longest wait between two attempts while the federation cannot be reached.
const MAX_BACKOFF_SECS: i64 = 600;

/// The longest a push may take (an archive of a large event on a slow line).
const TIMEOUT: Duration = Duration::from_mins(2);

/// Where an event's publication to the federation stands.
#[derive(Clone, Debug, Serialize)]
pub struct PushState {
    /// The federation the installation pushes to.
    pub federation: String,
    /// When the federation last took the event.
    pub pushed_at: Option<NaiveDateTime>,
    /// Changes the federation has not taken yet.
    pub pending: bool,
    /// Failed attempts since the last success.
    pub failures: i32,
    pub last_attempt_at: Option<NaiveDateTime>,
    /// The federation's last answer: its HTTP status (0: none) and what it said (for a
    /// refusal, its specifics: a fingerprint, a round).
    pub last_status: Option<i32>,
    pub last_answer: Option<String>,
    /// The federation refused the event as it stands, for this reason: it is not sent again
    /// until the event changes or an organiser asks.
    pub refused: Option<ErrorCode>,
    /// The federation holds the event's last changes until its organiser confirms them.
    pub held: bool,
    /// The refusal's specifics as the federation named them (its message key and arguments),
    /// for the manage page to say in the reader's language.
    pub said: Option<(String, Vec<(String, String)>)>,
}

/// A refusal's specifics as the federation's API names them (`error.said`), kept in
/// `last_answer`.
#[derive(Serialize, Deserialize)]
struct Said {
    key: String,
    args: std::collections::BTreeMap<String, String>,
}

impl Said {
    /// Read from the federation's answer: a message key as this program writes them, and text
    /// arguments.
    fn from_answer(error: &serde_json::Value) -> Option<Said> {
        let said: Said = serde_json::from_value(error["said"].clone()).ok()?;
        let plain = |t: &str| {
            !t.is_empty() && t.len() <= 60 && t.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
        };
        (plain(&said.key) && said.args.len() <= 8 && said.args.keys().all(|k| plain(k))).then(
            || Said {
                key: said.key,
                args: said
                    .args
                    .into_iter()
                    .map(|(k, v)| (k, v.chars().filter(|c| !c.is_control()).take(300).collect()))
                    .collect(),
            },
        )
    }
}

impl PushState {
    /// What the organiser should do about the refusal, as a message key.
    #[must_use]
    pub fn advice_key(&self) -> Option<&'static str> {
        Some(match self.refused? {
            ErrorCode::BadToken | ErrorCode::Unauthorized => "push-advice-token",
            ErrorCode::Forbidden | ErrorCode::EventHeldByOther => "push-advice-held-by-other",
            ErrorCode::VenueNotApproved => "push-advice-not-approved",
            ErrorCode::VenueKeyMismatch => "push-advice-key-mismatch",
            ErrorCode::EventWithdrawn => "push-advice-withdrawn",
            ErrorCode::EventInRatingList => "push-advice-in-rating-list",
            code if code.as_str().starts_with("archive_") => "push-advice-archive",
            _ => "push-advice-other",
        })
    }
}

/// The event's publication, when the installation is connected to a federation and the event
/// is marked for it.
pub(crate) fn state(app: &App, event: &Event) -> Result<Option<PushState>, ServiceError> {
    let Some(federation) = app.config.federation_url.clone() else {
        return Ok(None);
    };
    let mut conn = app.conn()?;
    Ok(q::row(&mut conn, event.id)?.map(|row| PushState {
        federation,
        pushed_at: row.pushed_at,
        pending: row.pushed_version != Some(event.version),
        failures: row.failures,
        last_attempt_at: row.last_attempt_at,
        held: row.last_status == Some(202) && row.pushed_version == Some(event.version),
        refused: row
            .last_code
            .as_deref()
            .filter(|_| row.refused_version == Some(event.version))
            .map(|code| code.parse().unwrap_or(ErrorCode::Conflict)),
        last_status: row.last_status,
        said: row
            .last_answer
            .as_deref()
            .and_then(|a| serde_json::from_str::<Said>(a).ok())
            .map(|s| (s.key, s.args.into_iter().collect())),
        last_answer: row.last_answer,
    }))
}

/// Marks the event to be published to the federation (organisers); it is pushed within
/// seconds, and after every change from then on.
pub(crate) fn mark(app: &App, access: &Access) -> Result<(), ServiceError> {
    access.require_organiser()?;
    if app.config.federation_url.is_none() {
        return Err(ServiceError::Conflict(ErrorCode::FederationNotConfigured));
    }
    let mut conn = app.conn()?;
    q::mark(&mut conn, access.event.id)?;
    // Asked again: sent at the next pass, whatever the federation said last.
    q::retry(&mut conn, access.event.id)?;
    Ok(())
}

/// What the federation answers an import.
#[derive(Deserialize)]
struct Answer {
    slug: String,
    url: String,
    #[serde(default)]
    people: Vec<super::archive::Person>,
}

/// Pushes the event now (and marks it, so its later changes follow); what the federation
/// said.
pub fn push_now(app: &App, event: &Event) -> Result<String, ServiceError> {
    if app.config.federation_url.is_none() {
        return Err(ServiceError::Conflict(ErrorCode::FederationNotConfigured));
    }
    {
        let mut conn = app.conn()?;
        q::mark(&mut conn, event.id)?;
    }
    push(app, event.id)
}

/// One push: the archive as the event stands, sent; the outcome kept with the event.
fn push(app: &App, event_id: EventId) -> Result<String, ServiceError> {
    let (Some(url), Some(token)) = (&app.config.federation_url, &app.config.federation_token)
    else {
        return Err(ServiceError::Conflict(ErrorCode::FederationNotConfigured));
    };
    let event = {
        let mut conn = app.conn()?;
        db::events::event_by_id(&mut conn, event_id)?.ok_or(ServiceError::NotFound)?
    };
    let archive = super::archive::export_event(app, &event)?;
    let body = super::bounded::gzip(&archive)?;
    let endpoint = format!("{}/api/v1/archives", url.trim_end_matches('/'));
    let sent = send(&endpoint, token, &body);
    let mut conn = app.conn()?;
    match sent {
        Ok((status, text)) if (200..300).contains(&status) => {
            let answer: Option<Answer> = serde_json::from_str(&text).ok();
            let said = answer.as_ref().map_or_else(
                || format!("HTTP {status}"),
                |a| format!("{} ({})", a.url, a.slug),
            );
            db::write_transaction(&mut conn, |conn| {
                q::succeeded(conn, event_id, event.version, status, &said)?;
                if let Some(answer) = &answer {
                    adopt_national_ids(conn, &answer.people)?;
                }
                Ok::<_, ServiceError>(())
            })?;
            Ok(said)
        }
        Ok((status, text)) => {
            let (code, detail) = refusal(&text);
            // A refusal that holds until something changes (the token, the approval, the
            // event) is not sent again by itself; a busy or failing server is.
            let lasting = (400..500).contains(&status) && !matches!(status, 408 | 429);
            match &code {
                Some(code) if lasting => {
                    q::refused(&mut conn, event_id, event.version, status, code, &detail)?;
                }
                _ => q::failed(&mut conn, event_id, status, &detail)?,
            }
            Err(ServiceError::Unusable {
                code: ErrorCode::FederationRefused,
                detail: format!("{} {detail}", code.as_deref().unwrap_or("")),
            })
        }
        Err(e) => {
            q::failed(&mut conn, event_id, 0, &e)?;
            Err(ServiceError::Unusable {
                code: crate::domain::ErrorCode::FederationUnreachable,
                detail: e,
            })
        }
    }
}

/// The national ids the federation gave the people of an event this venue pushed (its answer):
/// a local id the archive gave takes the national one, the person and every entry with it:
/// renamed when the registry does not hold the national id yet, merged into the national
/// person when it does. Pairing numbers are not trusted: they change when round 1 is paired.
pub(crate) fn adopt_national_ids(
    conn: &mut db::DbConnection,
    people: &[super::archive::Person],
) -> Result<usize, ServiceError> {
    let valid = |id: &str| {
        !id.is_empty()
            && id.len() <= 30
            && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    let mut adopted = 0;
    for person in people {
        let national = person.federation_id.to_ascii_uppercase();
        let Some(local) = person.given.as_deref() else {
            continue;
        };
        if !crate::domain::installation::is_local_id(local)
            || crate::domain::installation::is_local_id(&national)
            || !valid(&national)
        {
            continue;
        }
        let Some(row) = db::registry::by_federation_id(conn, local)? else {
            continue;
        };
        if db::registry::by_federation_id(conn, &national)?.is_some() {
            db::registry::merge(conn, &row, &national, None, db::now())?;
        } else {
            db::registry::rename(conn, row.id, local, &national)?;
        }
        adopted += 1;
    }
    Ok(adopted)
}

/// The code of an API error answer, and its specifics (a fingerprint, a round and board):
/// what the manage page says in the reader's language, and the data it quotes.
fn refusal(text: &str) -> (Option<String>, String) {
    let value: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    let error = &value["error"];
    let code = error["code"]
        .as_str()
        .filter(|c| c.len() <= 60 && c.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        .map(str::to_string);
    if let Some(said) = Said::from_answer(error)
        && let Ok(kept) = serde_json::to_string(&said)
        && kept.len() <= 1000
    {
        return (code, kept);
    }
    let mut detail = String::new();
    for part in [&error["detail"], &error["round"], &error["board"]] {
        match part {
            serde_json::Value::Null => {}
            serde_json::Value::String(s) => detail.push_str(&format!("{s} ")),
            other => detail.push_str(&format!("{other} ")),
        }
    }
    (
        code,
        detail
            .trim()
            .chars()
            .filter(|c| !c.is_control())
            .take(500)
            .collect(),
    )
}

/// Sends the archive; the status and the answer's text (at most 4 MB), or why nothing came.
fn send(endpoint: &str, token: &str, body: &[u8]) -> Result<(u16, String), String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(TIMEOUT))
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = agent
        .post(endpoint)
        .header("Authorization", &format!("Bearer {token}"))
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        .send(body)
        .map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let text = response
        .body_mut()
        .with_config()
        .limit(4 << 20)
        .read_to_string()
        .unwrap_or_default();
    Ok((status, text))
}

/// The seconds to wait after `failures` failed attempts: 5, 10, 20… up to ten minutes.
fn backoff_secs(failures: i32) -> i64 {
    let doubled = 5_i64.saturating_mul(1_i64 << failures.clamp(0, 16));
    doubled.min(MAX_BACKOFF_SECS)
}

/// Pushes each marked event whose changes the federation has not taken, unless its last
/// attempt failed too recently. Returns the pushes tried.
pub fn push_due(app: &App) -> Result<usize, ServiceError> {
    if app.config.federation_url.is_none() {
        return Ok(0);
    }
    let due = {
        let mut conn = app.conn()?;
        q::due(&mut conn)?
    };
    let now = db::now();
    let mut tried = 0;
    for (event_id, failures, last_attempt) in due {
        let waited = failures == 0
            || last_attempt.is_none_or(|at| (now - at).num_seconds() >= backoff_secs(failures - 1));
        if !waited {
            continue;
        }
        tried += 1;
        if let Err(e) = push(app, event_id) {
            tracing::warn!("event {} not pushed to the federation: {e}", event_id.0);
        }
    }
    Ok(tried)
}

/// Starts the worker that pushes the marked events (a venue connected to a federation).
pub fn start_worker(app: &App) {
    if app.config.federation_url.is_none() {
        return;
    }
    let app = app.clone();
    let spawned = std::thread::Builder::new()
        .name("federation push".into())
        .spawn(move || {
            loop {
                std::thread::sleep(POLL);
                if let Err(e) = push_due(&app) {
                    tracing::error!("federation push: {e}");
                }
            }
        });
    if let Err(e) = spawned {
        tracing::error!("federation push worker not started: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_up_to_ten_minutes() {
        assert_eq!(backoff_secs(0), 5);
        assert_eq!(backoff_secs(1), 10);
        assert_eq!(backoff_secs(3), 40);
        assert_eq!(backoff_secs(20), MAX_BACKOFF_SECS);
    }

    #[test]
    fn a_refusal_keeps_what_the_federation_named_to_be_said_here() {
        let answer = r#"{"error":{"code":"archive_malformed","message":"…","detail":"players.name: a line break","said":{"key":"line_break","args":{"field":"players.name"}}}}"#;
        let (code, kept) = refusal(answer);
        assert_eq!(code.as_deref(), Some("archive_malformed"));
        let said: Said = serde_json::from_str(&kept).unwrap();
        assert_eq!(said.key, "line_break");
        assert_eq!(said.args["field"], "players.name");
        // A key that is not one of ours, or arguments past a few, are quoted as sent.
        for hostile in [
            r#"{"error":{"code":"archive_malformed","detail":"d","said":{"key":"<script>","args":{}}}}"#,
            r#"{"error":{"code":"archive_malformed","detail":"d","said":{"key":"x","args":{"a":"1","b":"1","c":"1","d":"1","e":"1","f":"1","g":"1","h":"1","i":"1"}}}}"#,
            r#"{"error":{"code":"archive_malformed","detail":"d"}}"#,
        ] {
            assert_eq!(refusal(hostile).1, "d", "{hostile}");
        }
    }
}
