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
use crate::domain::{Event, EventId};

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
    /// The federation's last answer: its HTTP status (0: none) and what it said.
    pub last_status: Option<i32>,
    pub last_answer: Option<String>,
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
        last_status: row.last_status,
        last_answer: row.last_answer,
    }))
}

/// Marks the event to be published to the federation (organisers); it is pushed within
/// seconds, and after every change from then on.
pub(crate) fn mark(app: &App, access: &Access) -> Result<(), ServiceError> {
    access.require_organiser()?;
    if app.config.federation_url.is_none() {
        return Err(ServiceError::Conflict(
            crate::domain::ErrorCode::FederationNotConfigured,
        ));
    }
    let mut conn = app.conn()?;
    q::mark(&mut conn, access.event.id)?;
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
        return Err(ServiceError::Conflict(
            crate::domain::ErrorCode::FederationNotConfigured,
        ));
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
        return Err(ServiceError::Conflict(
            crate::domain::ErrorCode::FederationNotConfigured,
        ));
    };
    let event = {
        let mut conn = app.conn()?;
        db::events::event_by_id(&mut conn, event_id)?.ok_or(ServiceError::NotFound)?
    };
    let archive = super::archive::export_event(app, &event)?;
    let body = gzip(&archive)?;
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
            let said = refusal(&text).unwrap_or_else(|| format!("HTTP {status}"));
            q::failed(&mut conn, event_id, status, &said)?;
            Err(ServiceError::Unusable {
                code: crate::domain::ErrorCode::FederationRefused,
                detail: said,
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

/// The code and words of an API error answer.
fn refusal(text: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let error = value.get("error")?;
    let mut said = format!(
        "{}: {}",
        error.get("code")?.as_str()?,
        error.get("message")?.as_str()?
    );
    if let Some(detail) = error.get("detail") {
        said.push_str(&format!(" {detail}"));
    }
    Some(said.chars().take(500).collect())
}

fn gzip(bytes: &[u8]) -> Result<Vec<u8>, ServiceError> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder
        .write_all(bytes)
        .map_err(|e| ServiceError::Internal(e.to_string()))?;
    encoder
        .finish()
        .map_err(|e| ServiceError::Internal(e.to_string()))
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
}
