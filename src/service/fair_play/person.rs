//! One person's screenings across the installation's events: the evidence page's "other
//! events", and the federation's view of a registered person for its rating officers (the
//! administrators).

use std::collections::HashMap;

use serde::Serialize;

use super::model::{ExpectationFrom, expectation_for};
use super::ranking::{ScreenedPlayer, tallies};
use crate::db::fair_play_decisions as qd;
use crate::db::screenings as qs;
use crate::db::{self, DbConnection, read_transaction};
use crate::domain::{EventId, FairPlayDecision, Player, PlayerId};
use crate::service::accounts::User;
use crate::service::{App, ServiceError};

/// One event's screening of one entry.
#[derive(Clone, Debug, Serialize)]
pub struct EventLine {
    pub event_id: EventId,
    pub slug: String,
    pub event: String,
    pub starts_on: Option<chrono::NaiveDate>,
    pub expectation: ExpectationFrom,
    #[serde(flatten)]
    pub player: ScreenedPlayer,
}

/// The screening of each of `entries` in its event, judged as that event's page judges it,
/// newest event first.
pub(super) fn lines_of(
    app: &App,
    conn: &mut DbConnection,
    entries: &[Player],
) -> Result<Vec<EventLine>, ServiceError> {
    let ids: Vec<PlayerId> = entries.iter().map(|p| p.id).collect();
    let per = tallies(&qs::of_entries(conn, &ids)?);
    let mut standing: HashMap<PlayerId, FairPlayDecision> = HashMap::new();
    for row in qd::of_entries(conn, &ids)? {
        standing.insert(row.player_id, row.decision);
    }
    let mut lines = Vec::with_capacity(entries.len());
    for entry in entries {
        let Some(event) = db::events::event_by_id(conn, entry.event_id)? else {
            continue;
        };
        let (expectation, model) = expectation_for(app, conn, event.id)?;
        let (games, tally) = per.get(&entry.id).copied().unwrap_or_default();
        lines.push(EventLine {
            event_id: event.id,
            slug: event.slug,
            event: event.name,
            starts_on: event.starts_on,
            expectation,
            player: ScreenedPlayer::judged(
                entry,
                games,
                &tally,
                model.as_ref(),
                standing.get(&entry.id).copied(),
            ),
        });
    }
    lines.sort_by(|a, b| {
        b.starts_on
            .cmp(&a.starts_on)
            .then(b.event_id.cmp(&a.event_id))
    });
    Ok(lines)
}

/// A registered person's screenings across events.
#[derive(Clone, Debug, Serialize)]
pub struct PersonScreening {
    pub federation_id: String,
    pub name: String,
    pub events: Vec<EventLine>,
}

/// A registered person's screenings in every event they entered here, for administrators
/// (the federation's rating officers; 403 for anyone else, 404 for an unknown id).
pub fn of_person(
    app: &App,
    user: &User,
    federation_id: &str,
) -> Result<PersonScreening, ServiceError> {
    if !user.is_admin() {
        return Err(ServiceError::Forbidden);
    }
    let mut conn = app.conn()?;
    read_transaction(&mut conn, |conn| {
        let id = db::registry::resolve(conn, &federation_id.trim().to_ascii_uppercase())?;
        let person = db::registry::by_federation_id(conn, &id)?.ok_or(ServiceError::NotFound)?;
        let entries = db::registry::entries_of(conn, &person.federation_id)?;
        Ok(PersonScreening {
            events: lines_of(app, conn, &entries)?,
            federation_id: person.federation_id,
            name: person.name,
        })
    })
}
