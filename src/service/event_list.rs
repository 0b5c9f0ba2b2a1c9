//! The list of events as a federation's site shows it: what is running now first, with how far
//! its round has got, then what is coming, then what has finished; found by words of its name
//! or place, by season, by state and by circuit, a page at a time.

use chrono::Datelike;

use super::{App, ServiceError};
use crate::db;
use crate::db::events as q;
use crate::domain::{Event, EventState, GameStatus, RoundState};
use crate::tournament::names::fold;

/// Events on one page of the list.
pub const PAGE_SIZE: usize = 50;

/// What the list is asked for.
#[derive(Clone, Debug, Default)]
pub struct EventQuery {
    /// Words each found in the event's name or place (case and accents aside).
    pub text: String,
    /// The year the event starts in.
    pub season: Option<i32>,
    pub state: Option<EventState>,
    /// A circuit's slug: its qualifiers and its final.
    pub circuit: Option<String>,
    /// From 1.
    pub page: usize,
}

/// The most circuits the list offers to filter by (the newest).
const CIRCUITS_OFFERED: i64 = 100;

/// How far a running event has got: its last published round and that round's boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundProgress {
    pub round: i32,
    pub rounds: i32,
    /// Boards with a final result, of the boards with two players.
    pub finished: usize,
    pub boards: usize,
}

/// One event of the list.
#[derive(Clone, Debug)]
pub struct Listed {
    pub event: Event,
    pub progress: Option<RoundProgress>,
}

/// A page of the list.
#[derive(Clone, Debug)]
pub struct EventsPage {
    pub events: Vec<Listed>,
    /// Events found, on every page.
    pub found: usize,
    pub page: usize,
    pub pages: usize,
    /// The seasons there are events of, newest first (for the filter).
    pub seasons: Vec<i32>,
    /// The circuits, newest first, as (slug, name) (for the filter).
    pub circuits: Vec<(String, String)>,
}

/// Running events first (the latest start first), then those open for entries or still to be
/// paired (the soonest first), then the finished ones (the latest first).
fn order(a: &Event, b: &Event) -> std::cmp::Ordering {
    let group = |e: &Event| match e.state {
        EventState::Running => 0,
        EventState::Registration => 1,
        EventState::Finished => 2,
    };
    group(a).cmp(&group(b)).then_with(|| match a.state {
        EventState::Registration => a
            .starts_on
            .is_none()
            .cmp(&b.starts_on.is_none())
            .then(a.starts_on.cmp(&b.starts_on)),
        _ => b
            .ends_on
            .or(b.starts_on)
            .cmp(&a.ends_on.or(a.starts_on))
            .then(b.id.cmp(&a.id)),
    })
}

fn matches(event: &Event, query: &EventQuery, words: &[String]) -> bool {
    let haystack = fold(&format!("{} {}", event.name, event.location));
    words.iter().all(|w| haystack.contains(w.as_str()))
        && query
            .season
            .is_none_or(|year| event.starts_on.map(|d| d.year()) == Some(year))
        && query.state.is_none_or(|state| event.state == state)
}

/// A page of the events list.
pub(crate) fn list(app: &App, query: &EventQuery) -> Result<EventsPage, ServiceError> {
    let mut conn = app.conn()?;
    db::read_transaction(&mut conn, |conn| {
        let all = q::list_events(conn)?;
        let mut seasons: Vec<i32> = all
            .iter()
            .filter_map(|e| e.starts_on.map(|d| d.year()))
            .collect();
        seasons.sort_unstable_by(|a, b| b.cmp(a));
        seasons.dedup();
        let words: Vec<String> = fold(&query.text)
            .split_whitespace()
            .map(str::to_string)
            .collect();
        // A circuit's events; a circuit nobody has made has none.
        let in_circuit = match &query.circuit {
            None => None,
            Some(slug) => Some(match db::circuits::by_slug(conn, slug)? {
                Some(circuit) => {
                    let mut ids = db::circuits::events_of(conn, circuit.id)?;
                    ids.extend(circuit.final_event_id);
                    ids
                }
                None => Vec::new(),
            }),
        };
        let mut found: Vec<Event> = all
            .into_iter()
            .filter(|e| matches(e, query, &words))
            .filter(|e| in_circuit.as_ref().is_none_or(|ids| ids.contains(&e.id)))
            .collect();
        found.sort_by(order);
        let pages = found.len().div_ceil(PAGE_SIZE).max(1);
        let page = query.page.clamp(1, pages);
        let total = found.len();
        let events = found
            .into_iter()
            .skip((page - 1) * PAGE_SIZE)
            .take(PAGE_SIZE)
            .map(|event| {
                let progress = if event.state == EventState::Running {
                    progress(conn, &event)?
                } else {
                    None
                };
                Ok(Listed { event, progress })
            })
            .collect::<Result<Vec<_>, ServiceError>>()?;
        let circuits = db::circuits::all(conn, CIRCUITS_OFFERED)?
            .into_iter()
            .map(|c| (c.slug, c.name))
            .collect();
        Ok(EventsPage {
            events,
            found: total,
            page,
            pages,
            seasons,
            circuits,
        })
    })
}

/// How far a running event has got (none before its first round is published).
pub(crate) fn progress(
    conn: &mut db::DbConnection,
    event: &Event,
) -> Result<Option<RoundProgress>, ServiceError> {
    let Some(round) = q::rounds_of_event(conn, event.id)?
        .into_iter()
        .rev()
        .find(|r| r.state == RoundState::Published)
    else {
        return Ok(None);
    };
    let games = q::games_of_round(conn, round.id)?;
    let played = games.iter().filter(|g| g.second_id.is_some());
    Ok(Some(RoundProgress {
        round: round.number,
        rounds: event.rounds.max(round.number),
        finished: played
            .clone()
            .filter(|g| g.status == GameStatus::Final)
            .count(),
        boards: played.count(),
    }))
}
