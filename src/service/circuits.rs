//! Circuits: an organiser groups events into a season (the provinces' qualifiers of the
//! Prémio) with a points table and a qualification rule; anyone follows the circuit's
//! standings; the final's organiser fills its registration from the qualifiers.

use serde::{Deserialize, Serialize};

use super::access::{EventRef, access};
use super::accounts::User;
use super::entrant::PlayerInput;
use super::events::slugify;
use super::players;
use super::{App, ServiceError};
use crate::db::circuits::{self as q, NewCircuit};
use crate::db::{self, write_transaction};
use crate::domain::{Circuit, CircuitId, ErrorCode, EventId, EventState};
use crate::tournament::circuit::{self, Placing};

/// The most qualifiers a circuit groups.
const MAX_EVENTS: usize = 100;
/// The longest points table.
const MAX_PLACES: usize = 200;

/// A circuit as an organiser describes it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CircuitInput {
    pub name: String,
    /// Points for the 1st, 2nd, … place.
    pub points: Vec<f64>,
    /// How many of each qualifier go to the final.
    #[serde(default)]
    pub qualifiers: u32,
    /// The qualifiers, in order.
    pub events: Vec<EventId>,
    /// The final, if there is one.
    #[serde(default, rename = "final")]
    pub final_event: Option<EventId>,
}

/// The qualifiers in the order a circuit takes them, from each one's place typed by the
/// organiser (if any) and its first day: by place (1 first; equal places by their first day),
/// then those without a place by their first day (a season's order), then as given. The order
/// decides where a place goes when a player qualifies twice: the earlier qualifier keeps them
/// and the later one passes its place down.
pub(crate) fn season_order(
    qualifiers: &[(EventId, Option<u32>, Option<chrono::NaiveDate>)],
) -> Vec<EventId> {
    let mut keyed: Vec<_> = qualifiers
        .iter()
        .enumerate()
        .map(|(given, &(id, place, day))| ((place.is_none(), place, day.is_none(), day, given), id))
        .collect();
    keyed.sort_by_key(|(key, _)| *key);
    keyed.into_iter().map(|(_, id)| id).collect()
}

/// Creates a circuit (accounts that may create events).
pub(crate) fn create(
    app: &App,
    user: &User,
    input: &CircuitInput,
) -> Result<Circuit, ServiceError> {
    if !user.role.can_create_events() {
        return Err(ServiceError::Forbidden);
    }
    let name = input.name.trim();
    if name.is_empty() {
        return Err(ServiceError::invalid("name", ErrorCode::NameEmpty));
    }
    if name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(ServiceError::invalid("name", ErrorCode::NameTooLong));
    }
    if input.points.is_empty()
        || input.points.len() > MAX_PLACES
        || input
            .points
            .iter()
            .any(|p| !p.is_finite() || !(0.0..=10_000.0).contains(p))
    {
        return Err(ServiceError::invalid(
            "points",
            ErrorCode::CircuitPointsInvalid,
        ));
    }
    if input.qualifiers > 1000 {
        return Err(ServiceError::invalid("qualifiers", ErrorCode::FieldInvalid));
    }
    let mut events = input.events.clone();
    let mut seen = std::collections::HashSet::new();
    events.retain(|e| seen.insert(*e));
    if events.is_empty() || events.len() > MAX_EVENTS {
        return Err(ServiceError::invalid(
            "events",
            ErrorCode::CircuitEventsInvalid,
        ));
    }
    if input.final_event.is_some_and(|f| events.contains(&f)) {
        return Err(ServiceError::invalid(
            "final",
            ErrorCode::CircuitEventsInvalid,
        ));
    }
    let points = input
        .points
        .iter()
        .map(|p| format!("{p}"))
        .collect::<Vec<_>>()
        .join(",");
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        for event in events.iter().chain(&input.final_event) {
            if db::events::event_by_id(conn, *event)?.is_none() {
                return Err(ServiceError::invalid(
                    "events",
                    ErrorCode::CircuitEventsInvalid,
                ));
            }
        }
        db::lock_key(conn, "circuit slugs")?;
        let base = slugify(name);
        let mut slug = base.clone();
        let mut n = 2;
        // `/circuits/new` is the form.
        while slug == "new" || q::slug_taken(conn, &slug)? {
            slug = format!("{base}-{n}");
            n += 1;
        }
        let id = q::insert(
            conn,
            &NewCircuit {
                slug: &slug,
                name,
                points: &points,
                qualifiers: input.qualifiers as i32,
                final_event_id: input.final_event,
                owner_id: user.id,
                created_at: db::now(),
            },
            &events,
        )?;
        q::by_id(conn, id)?.ok_or(ServiceError::NotFound)
    })
}

/// Which circuit.
#[derive(Clone, Copy, Debug)]
pub enum CircuitRef<'a> {
    Id(CircuitId),
    Slug(&'a str),
}

/// A qualifier as the standings show it.
#[derive(Clone, Debug, Serialize)]
pub struct CircuitEvent {
    pub id: EventId,
    pub slug: String,
    pub name: String,
    pub starts_on: Option<chrono::NaiveDate>,
    /// Only finished qualifiers count.
    pub finished: bool,
}

/// A line of the circuit's standings.
#[derive(Clone, Debug, Serialize)]
pub struct CircuitLine {
    pub rank: usize,
    pub federation_id: String,
    pub name: String,
    pub club: String,
    pub province: String,
    pub points: f64,
    pub events: usize,
    pub best: usize,
}

/// A player going to the final, and the qualifier that sent them.
#[derive(Clone, Debug, Serialize)]
pub struct Qualified {
    pub federation_id: String,
    pub name: String,
    pub event_id: EventId,
}

/// The circuit's standings.
#[derive(Clone, Debug, Serialize)]
pub struct CircuitStandings {
    pub id: CircuitId,
    pub slug: String,
    pub name: String,
    pub points: Vec<f64>,
    pub qualifiers: i32,
    #[serde(rename = "final")]
    pub final_event: Option<CircuitEvent>,
    pub events: Vec<CircuitEvent>,
    pub rows: Vec<CircuitLine>,
    pub qualified: Vec<Qualified>,
}

fn event_of(
    app: &App,
    id: EventId,
) -> Result<Option<(CircuitEvent, super::access::Access)>, ServiceError> {
    match access(app, EventRef::Id(id), None) {
        Ok(a) => Ok(Some((
            CircuitEvent {
                id,
                slug: a.event.slug.clone(),
                name: a.event.name.clone(),
                starts_on: a.event.starts_on,
                finished: a.event.state == EventState::Finished,
            },
            a,
        ))),
        Err(ServiceError::NotFound) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The circuit and the version of what its standings show: a digest of its qualifiers' and
/// final's versions and of the registry's counter (the people's names, clubs and provinces).
/// Its pages are kept per version.
pub(crate) fn version(app: &App, which: CircuitRef<'_>) -> Result<(CircuitId, u64), ServiceError> {
    let mut conn = app.conn()?;
    let row = match which {
        CircuitRef::Id(id) => q::by_id(&mut conn, id)?,
        CircuitRef::Slug(slug) => q::by_slug(&mut conn, slug)?,
    }
    .ok_or(ServiceError::NotFound)?;
    let mut ids = q::events_of(&mut conn, row.id)?;
    ids.extend(row.final_event_id);
    let events = db::versions::of_events(&mut conn, &ids)?;
    let counters = db::versions::read(&mut conn)?;
    Ok((row.id, super::ratings::digest(&(counters.1, events))))
}

/// The standings of a circuit from its finished qualifiers.
pub(crate) fn standings(
    app: &App,
    which: CircuitRef<'_>,
) -> Result<CircuitStandings, ServiceError> {
    let (row, event_ids) = {
        let mut conn = app.conn()?;
        let row = match which {
            CircuitRef::Id(id) => q::by_id(&mut conn, id)?,
            CircuitRef::Slug(slug) => q::by_slug(&mut conn, slug)?,
        }
        .ok_or(ServiceError::NotFound)?;
        let events = q::events_of(&mut conn, row.id)?;
        (row, events)
    };
    let table: Vec<f64> = row
        .points
        .split(',')
        .filter_map(|p| p.trim().parse().ok())
        .collect();
    let mut events = Vec::new();
    let mut placings: Vec<Vec<Placing>> = Vec::new();
    let mut counted: Vec<EventId> = Vec::new();
    for id in event_ids {
        let Some((event, access)) = event_of(app, id)? else {
            continue;
        };
        if event.finished {
            placings.push(placings_of(app, &access, id)?);
            counted.push(id);
        }
        events.push(event);
    }
    let lines = circuit::standings(&placings, &table);
    let going = circuit::qualified(&placings, usize::try_from(row.qualifiers).unwrap_or(0));
    let people = registry_people(app, &lines, &going)?;
    let name_of = |id: &str| people.get(id).map(|p| p.name.clone()).unwrap_or_default();
    let final_event = match row.final_event_id {
        Some(id) => event_of(app, id)?.map(|(e, _)| e),
        None => None,
    };
    Ok(CircuitStandings {
        id: row.id,
        slug: row.slug,
        name: row.name,
        points: table,
        qualifiers: row.qualifiers,
        final_event,
        events,
        rows: lines
            .iter()
            .map(|l| CircuitLine {
                rank: l.rank,
                federation_id: l.person.clone(),
                name: name_of(&l.person),
                club: people
                    .get(&l.person)
                    .map(|p| p.club.clone())
                    .unwrap_or_default(),
                province: people
                    .get(&l.person)
                    .map(|p| p.province.clone())
                    .unwrap_or_default(),
                points: l.points,
                events: l.events,
                best: l.best,
            })
            .collect(),
        qualified: going
            .iter()
            .map(|(p, e)| Qualified {
                federation_id: p.clone(),
                name: name_of(p),
                event_id: counted[*e],
            })
            .collect(),
    })
}

/// The places in a finished qualifier of its players with a federation id.
fn placings_of(
    app: &App,
    access: &super::access::Access,
    id: EventId,
) -> Result<Vec<Placing>, ServiceError> {
    let ranking = super::standings::get(app, access)?;
    let entries = {
        let mut conn = app.conn()?;
        db::events::players_of_event(&mut conn, id)?
    };
    let people: std::collections::HashMap<crate::domain::PlayerId, String> = entries
        .into_iter()
        .filter_map(|e| Some((e.id, e.federation_id?)))
        .collect();
    let person = |pid| people.get(&pid).cloned();
    Ok(ranking
        .rows
        .iter()
        .filter_map(|r| {
            Some(Placing {
                person: person(r.player_id)?,
                place: r.rank,
                place_to: r.place_to.max(r.rank),
            })
        })
        .collect())
}

/// The registered persons the circuit's lines and qualified players name, by federation id.
fn registry_people(
    app: &App,
    lines: &[circuit::CircuitRow],
    going: &[(String, usize)],
) -> Result<std::collections::HashMap<String, crate::domain::RegistryPlayer>, ServiceError> {
    let mut ids: Vec<&str> = lines.iter().map(|l| l.person.as_str()).collect();
    ids.extend(going.iter().map(|(p, _)| p.as_str()));
    let mut conn = app.conn()?;
    Ok(db::registry::by_federation_ids(&mut conn, ids.into_iter())?
        .into_iter()
        .map(|p| (p.federation_id.clone(), p))
        .collect())
}

/// What filling the final did.
#[derive(Clone, Debug, Serialize)]
pub struct Filled {
    /// Qualified players entered now.
    pub added: usize,
    /// Qualified players already entered.
    pub already: usize,
}

/// Enters every qualified player into the final (its organisers), once.
pub(crate) fn fill_final(app: &App, user: &User, id: CircuitId) -> Result<Filled, ServiceError> {
    let standings = standings(app, CircuitRef::Id(id))?;
    let final_event = standings
        .final_event
        .as_ref()
        .ok_or(ServiceError::Conflict(ErrorCode::CircuitWithoutFinal))?;
    let access = access(app, EventRef::Id(final_event.id), Some(user))?;
    access.require_organiser()?;
    if access.event.state == EventState::Finished {
        return Err(ServiceError::Conflict(ErrorCode::EventFinished));
    }
    let mut checked = Vec::with_capacity(standings.qualified.len());
    for q in &standings.qualified {
        checked.push(
            PlayerInput {
                name: q.name.clone(),
                federation_id: Some(q.federation_id.clone()),
                ..PlayerInput::default()
            }
            .validate()?,
        );
    }
    let mut conn = app.conn()?;
    // One transaction under the event's lock: two fills at once enter nobody twice, and a
    // failure enters nobody.
    db::event_transaction(&mut conn, final_event.id, |conn| {
        let entered: std::collections::HashSet<String> =
            db::events::players_of_event(conn, final_event.id)?
                .into_iter()
                .filter_map(|p| p.federation_id)
                .collect();
        let mut filled = Filled {
            added: 0,
            already: 0,
        };
        for player in &checked {
            if player
                .details
                .federation_id
                .as_ref()
                .is_some_and(|id| entered.contains(id))
            {
                filled.already += 1;
                continue;
            }
            players::add_in(conn, &app.installation.issued_ids(), &access, player)?;
            filled.added += 1;
        }
        Ok(filled)
    })
}

#[cfg(test)]
mod tests {
    use super::season_order;
    use crate::domain::EventId;

    #[test]
    fn places_first_then_first_days_then_as_given() {
        let day = |d: u32| chrono::NaiveDate::from_ymd_opt(2026, 3, d);
        let id = EventId;
        let order = season_order(&[
            (id(1), None, None),
            (id(2), None, day(20)),
            (id(3), Some(2), day(1)),
            (id(4), None, day(5)),
            (id(5), Some(2), None),
            (id(6), Some(1), day(30)),
            (id(7), None, None),
        ]);
        assert_eq!(order, [6, 3, 5, 4, 2, 1, 7].map(id));
    }
}
