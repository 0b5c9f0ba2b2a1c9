//! The national rating list: a federation administrator puts a finished rated event into it;
//! its games are rated in the period (calendar month) of its last day, and that period and
//! every later one are rated again from the standings before it, so the list is always what
//! rating every period from scratch gives.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde::Serialize;

use super::accounts::User;
use super::{App, ServiceError, audit};
use crate::db::ratings as q;
use crate::db::{self, DbConnection, write_transaction};
use crate::domain::{
    AuditAction, ErrorCode, EventId, EventState, GameStatus, LeftOut, RatingRecord as HistoryRow,
    RegistryPlayer, Sex, StoredResult,
};
use crate::tournament::ratings::{Month, RatedGame, Score, Standing, rate_period};

fn standing_of(row: &HistoryRow) -> Standing {
    Standing {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
        period: Month(row.period),
        games: u32::try_from(row.games).unwrap_or(0),
    }
}

fn score_of(result: StoredResult) -> Option<Score> {
    match result {
        StoredResult::FirstWins => Some(Score::Win),
        StoredResult::SecondWins => Some(Score::Loss),
        StoredResult::Draw => Some(Score::Draw),
        _ => None,
    }
}

/// A rated game between two people, by federation id.
type PlayedGame = (String, String, Score);

/// Rates every period from `from` on again, from the standings before it; returns how many
/// periods were rated.
pub(crate) fn rate_from(conn: &mut DbConnection, from: Month) -> Result<usize, ServiceError> {
    let mut played: Vec<(Month, Vec<PlayedGame>)> = Vec::new();
    for (event, period) in q::events_from(conn, from.0)? {
        let month = Month(period);
        if played.last().is_none_or(|(m, _)| *m != month) {
            played.push((month, Vec::new()));
        }
        // The games as the event was put in (or its changes last accepted).
        let games = q::listed_games(conn, event)?;
        let Some((_, list)) = played.last_mut() else {
            continue;
        };
        list.extend(
            games
                .into_iter()
                .filter_map(|g| Some((g.first, g.second, score_of(g.result)?))),
        );
    }
    // Only the people who play from `from` on are rated again: their standings before it are
    // all that is read (an event put into the latest month reads its 200 players, not the
    // whole list).
    let mut people: Vec<String> = played
        .iter()
        .flat_map(|(_, games)| games.iter().flat_map(|(a, b, _)| [a.clone(), b.clone()]))
        .collect();
    people.sort_unstable();
    people.dedup();
    let index: HashMap<&str, usize> = people
        .iter()
        .enumerate()
        .map(|(i, id)| (id.as_str(), i))
        .collect();
    let mut standings: Vec<Option<Standing>> = vec![None; people.len()];
    let ids: Vec<&str> = people.iter().map(String::as_str).collect();
    for row in q::latest_of(conn, &ids, Some(from.0))? {
        if let Some(&i) = index.get(row.federation_id.as_str()) {
            standings[i] = Some(standing_of(&row));
        }
    }
    let periods: Vec<(Month, Vec<RatedGame>)> = played
        .iter()
        .map(|(month, games)| {
            let games = games
                .iter()
                .filter_map(|(first, second, score)| {
                    Some(RatedGame {
                        first: *index.get(first.as_str())?,
                        second: *index.get(second.as_str())?,
                        score: *score,
                    })
                })
                .collect();
            (*month, games)
        })
        .collect();
    let mut rows = Vec::new();
    for (month, games) in &periods {
        for p in rate_period(&mut standings, *month, games) {
            if let Some(s) = standings[p] {
                rows.push(HistoryRow {
                    federation_id: people[p].clone(),
                    period: month.0,
                    rating: s.rating,
                    deviation: s.deviation,
                    volatility: s.volatility,
                    games: i32::try_from(s.games).unwrap_or(i32::MAX),
                });
            }
        }
    }
    q::replace_from(conn, from.0, &rows)?;
    Ok(periods.len())
}

/// A participant's rating before and after the event's period.
#[derive(Clone, Debug, Serialize)]
pub struct RatingChange {
    pub federation_id: String,
    pub name: String,
    pub before: Option<f64>,
    pub after: f64,
    pub deviation: f64,
    pub change: f64,
}

/// What putting an event into the list did, and the changes made to the event since that the
/// list has not taken yet.
#[derive(Clone, Debug, Serialize)]
pub struct RatingReport {
    pub period: Month,
    pub rated_games: usize,
    pub changes: Vec<RatingChange>,
    /// Changes to the event's counted games since it was put in (a corrected result, an entry
    /// naming another person), held until an administrator accepts them.
    pub held: Vec<HeldChange>,
    /// The event's games the list does not count as it stands now, each with why.
    pub left_out: Vec<LeftOutGame>,
}

/// A game as the list counts it: the two people by federation id, the first mover first, and
/// the result from the first mover's side.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CountedAs {
    pub first: String,
    pub second: String,
    pub result: StoredResult,
}

/// A game the list counts otherwise than the event now stands: as listed (`None`: not counted)
/// and as it would count now (`None`: it would not count any more).
#[derive(Clone, Debug, Serialize)]
pub struct HeldChange {
    pub game_id: crate::domain::GameId,
    pub round: i32,
    pub board: i32,
    pub listed: Option<CountedAs>,
    pub now: Option<CountedAs>,
}

/// The differences between the games the list counts for the event and those it would count
/// now, game by game.
fn held_changes(
    conn: &mut DbConnection,
    event_id: EventId,
) -> Result<Vec<HeldChange>, ServiceError> {
    let listed = q::listed_games(conn, event_id)?;
    let (now, _) = countable_games(conn, event_id)?;
    let as_counted = |g: &q::CountedGame| CountedAs {
        first: g.first.clone(),
        second: g.second.clone(),
        result: g.result,
    };
    let mut ids: Vec<crate::domain::GameId> =
        listed.iter().chain(&now).map(|g| g.game_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut held = Vec::new();
    let mut places: Option<HashMap<crate::domain::GameId, (i32, i32)>> = None;
    for id in ids {
        let before = listed.iter().find(|g| g.game_id == id).map(as_counted);
        let after = now.iter().find(|g| g.game_id == id).map(as_counted);
        if before == after {
            continue;
        }
        let places = match &mut places {
            Some(places) => places,
            None => places.insert(game_places(conn, event_id)?),
        };
        let (round, board) = places.get(&id).copied().unwrap_or((0, 0));
        held.push(HeldChange {
            game_id: id,
            round,
            board,
            listed: before,
            now: after,
        });
    }
    Ok(held)
}

/// A game of a rated event the list does not count, and why.
#[derive(Clone, Debug, Serialize)]
pub struct LeftOutGame {
    pub game_id: crate::domain::GameId,
    pub round: i32,
    pub board: i32,
    pub reason: LeftOut,
}

/// What the list counts of an event as it stands now: how many games, and each game left out
/// with its reason.
#[derive(Clone, Debug, Serialize)]
pub struct ListCount {
    pub counted: usize,
    pub left_out: Vec<LeftOutGame>,
}

/// How the list counts a game: final, played over the board, its result standing on a record
/// verified on this installation or on an arbiter's decision, between two people of the
/// registry. A result without a record (a TRF file's) never counts: nobody here checked it; an
/// imported event's arbiter's decision without a record counts only when `venue_decisions`
/// (this installation said so for the event).
fn counted(game: &q::ListCandidate, venue_decisions: bool) -> Result<q::CountedGame, LeftOut> {
    if game.status != GameStatus::Final {
        return Err(LeftOut::NotFinal);
    }
    let Some(result @ (StoredResult::FirstWins | StoredResult::SecondWins | StoredResult::Draw)) =
        game.result
    else {
        return Err(LeftOut::Forfeit);
    };
    if !game.on_record {
        return Err(LeftOut::NoRecord);
    }
    if !game.has_record && !venue_decisions {
        return Err(LeftOut::VenueDecision);
    }
    match (&game.first, &game.second) {
        (Some(first), Some(second)) => Ok(q::CountedGame {
            game_id: game.game_id,
            first: first.clone(),
            second: second.clone(),
            result,
        }),
        _ => Err(LeftOut::NotRegistered),
    }
}

/// A game the list leaves out, and why.
type GameLeftOut = (crate::domain::GameId, LeftOut);

/// The games of an event the list would count now, and those it would leave out.
fn countable_games(
    conn: &mut DbConnection,
    event_id: EventId,
) -> Result<(Vec<q::CountedGame>, Vec<GameLeftOut>), ServiceError> {
    let mut counted_games = Vec::new();
    let mut left_out = Vec::new();
    // An imported event's decisions without a record were not verified here: they count only
    // when this installation says so. This installation's own decisions count.
    let imported = db::events::event_by_id(conn, event_id)?.is_some_and(|e| e.origin.is_some());
    let venue_decisions = !imported || db::archive::rate_decisions(conn, event_id)?;
    for game in q::list_candidates(conn, event_id)? {
        match counted(&game, venue_decisions) {
            Ok(g) => counted_games.push(g),
            Err(reason) => left_out.push((game.game_id, reason)),
        }
    }
    Ok((counted_games, left_out))
}

/// The count of an event as it stands now, each game left out placed by round and board.
fn list_count(conn: &mut DbConnection, event_id: EventId) -> Result<ListCount, ServiceError> {
    let (counted_games, left_out) = countable_games(conn, event_id)?;
    let places = if left_out.is_empty() {
        HashMap::new()
    } else {
        game_places(conn, event_id)?
    };
    let mut left_out: Vec<LeftOutGame> = left_out
        .into_iter()
        .map(|(game_id, reason)| {
            let (round, board) = places.get(&game_id).copied().unwrap_or((0, 0));
            LeftOutGame {
                game_id,
                round,
                board,
                reason,
            }
        })
        .collect();
    left_out.sort_by_key(|g| (g.round, g.board, g.game_id));
    Ok(ListCount {
        counted: counted_games.len(),
        left_out,
    })
}

/// What the list would count of an event not in it yet (its rating page, before an
/// administrator puts it in).
pub(crate) fn list_preview(
    app: &App,
    event: &crate::domain::Event,
) -> Result<ListCount, ServiceError> {
    let mut conn = app.conn()?;
    list_count(&mut conn, event.id)
}

/// Makes the event count for its games as they stand now.
pub(crate) fn list_event_games(
    conn: &mut DbConnection,
    event_id: EventId,
) -> Result<(), ServiceError> {
    let (games, _) = countable_games(conn, event_id)?;
    q::list_games(conn, event_id, &games)?;
    Ok(())
}

/// Each game's round number and board.
fn game_places(
    conn: &mut DbConnection,
    event_id: EventId,
) -> Result<HashMap<crate::domain::GameId, (i32, i32)>, ServiceError> {
    let rounds: HashMap<crate::domain::RoundId, i32> = db::events::rounds_of_event(conn, event_id)?
        .into_iter()
        .map(|r| (r.id, r.number))
        .collect();
    Ok(db::events::games_of_event_without_records(conn, event_id)?
        .into_iter()
        .map(|g| {
            (
                g.id,
                (rounds.get(&g.round_id).copied().unwrap_or(0), g.board),
            )
        })
        .collect())
}

/// After a change an organiser made to an event in the list (a corrected result, an entry's
/// federation id): whether the list would now count it otherwise; then the change is held for
/// an administrator, logged as such on `entry`. Called inside the change's transaction.
pub(crate) fn hold_change(
    conn: &mut DbConnection,
    event_id: EventId,
    entry: audit::Entry,
) -> Result<bool, ServiceError> {
    let listed = db::events::event_by_id(conn, event_id)?.and_then(|e| e.rating_period);
    if listed.is_none() || held_changes(conn, event_id)?.is_empty() {
        return Ok(false);
    }
    audit::record(conn, entry)?;
    Ok(true)
}

/// A change of an event's place in the list (federation administrators only): one
/// transaction holding the list's lock, with the event as it is now; the change is audited
/// as `action`.
fn change_listing<T>(
    app: &App,
    user: &User,
    event_id: EventId,
    action: AuditAction,
    mut change: impl FnMut(&mut DbConnection, &crate::domain::Event) -> Result<T, ServiceError>,
) -> Result<T, ServiceError> {
    if !user.is_admin() {
        return Err(ServiceError::Forbidden);
    }
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        q::lock(conn)?;
        let event = db::events::event_by_id(conn, event_id)?.ok_or(ServiceError::NotFound)?;
        let done = change(conn, &event)?;
        audit::record(conn, audit::Entry::event(event_id, Some(user.id), action))?;
        db::events::bump_event(conn, event_id, db::now())?;
        Ok(done)
    })
}

/// Puts a finished rated event into the list (federation administrators); its period and
/// every later one are rated again. Answers each participant's change.
pub(crate) fn put_into_list(
    app: &App,
    user: &User,
    event_id: EventId,
) -> Result<RatingReport, ServiceError> {
    change_listing(
        app,
        user,
        event_id,
        AuditAction::EventRated,
        |conn, event| {
            if !event.rated {
                return Err(ServiceError::Conflict(ErrorCode::EventNotRated));
            }
            if event.state != EventState::Finished {
                return Err(ServiceError::Conflict(ErrorCode::EventNotFinished));
            }
            if event.rating_period.is_some() {
                return Err(ServiceError::Conflict(ErrorCode::EventInRatingList));
            }
            let day = event
                .ends_on
                .or(event.starts_on)
                .unwrap_or_else(|| db::now().date());
            let period = Month::of(day);
            q::set_rating_period(conn, event.id, Some(period.0))?;
            list_event_games(conn, event.id)?;
            rate_from(conn, period)?;
            report(conn, event.id, period)
        },
    )
}

/// Takes an event out of the list (federation administrators: an event put in by mistake, or
/// found wanting afterwards); its month and every later one are rated again without it.
/// Answers the number of periods rated.
pub(crate) fn take_out_of_list(
    app: &App,
    user: &User,
    event_id: EventId,
) -> Result<usize, ServiceError> {
    change_listing(
        app,
        user,
        event_id,
        AuditAction::EventUnrated,
        |conn, event| {
            let Some(period) = event.rating_period else {
                return Err(ServiceError::Conflict(ErrorCode::EventNotInRatingList));
            };
            q::set_rating_period(conn, event.id, None)?;
            q::unlist_games(conn, event.id)?;
            rate_from(conn, period)
        },
    )
}

/// Takes an event out of the list inside the caller's transaction (an administrator's
/// withdrawal of an imported event): its month and every later one are rated again without it.
pub(crate) fn unlist_within(
    conn: &mut DbConnection,
    event: &crate::domain::Event,
) -> Result<(), ServiceError> {
    q::lock(conn)?;
    if let Some(period) = event.rating_period {
        q::set_rating_period(conn, event.id, None)?;
        q::unlist_games(conn, event.id)?;
        rate_from(conn, period)?;
    }
    Ok(())
}

/// Accepts the changes made to an event in the list since it was put in (federation
/// administrators): the list counts its games as they stand now, and its month and every later
/// one are rated again. Answers the report.
pub(crate) fn accept_changes(
    app: &App,
    user: &User,
    event_id: EventId,
) -> Result<RatingReport, ServiceError> {
    change_listing(
        app,
        user,
        event_id,
        AuditAction::RatingChangesAccepted,
        |conn, event| {
            let Some(period) = event.rating_period else {
                return Err(ServiceError::Conflict(ErrorCode::EventNotInRatingList));
            };
            if held_changes(conn, event.id)?.is_empty() {
                return Err(ServiceError::Conflict(ErrorCode::RatingNothingHeld));
            }
            list_event_games(conn, event.id)?;
            rate_from(conn, period)?;
            report(conn, event.id, period)
        },
    )
}

/// Each participant of the event: their rating before its period and after it.
fn report(
    conn: &mut DbConnection,
    event_id: EventId,
    period: Month,
) -> Result<RatingReport, ServiceError> {
    let games = q::listed_games(conn, event_id)?;
    let mut ids: Vec<String> = games
        .iter()
        .flat_map(|g| [g.first.clone(), g.second.clone()])
        .collect();
    ids.sort();
    ids.dedup();
    // Three queries for the whole field, not three a player.
    let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
    let by_id = |rows: Vec<crate::domain::RatingRecord>| -> HashMap<String, f64> {
        rows.into_iter()
            .map(|r| (r.federation_id, r.rating))
            .collect()
    };
    let before = by_id(q::latest_of(conn, &refs, Some(period.0))?);
    let after: HashMap<String, crate::domain::RatingRecord> =
        q::latest_of(conn, &refs, Some(period.0 + 1))?
            .into_iter()
            .filter(|r| r.period == period.0)
            .map(|r| (r.federation_id.clone(), r))
            .collect();
    let names: HashMap<String, String> =
        crate::db::registry::by_federation_ids(conn, refs.iter().copied())?
            .into_iter()
            .map(|p| (p.federation_id, p.name))
            .collect();
    let mut changes = Vec::with_capacity(ids.len());
    for id in ids {
        let Some(after) = after.get(&id) else {
            continue;
        };
        let before = before.get(&id).copied();
        changes.push(RatingChange {
            name: names.get(&id).cloned().unwrap_or_default(),
            federation_id: id,
            before,
            after: after.rating,
            deviation: after.deviation,
            change: after.rating - before.unwrap_or(crate::tournament::ratings::START_RATING),
        });
    }
    changes.sort_by(|a, b| b.after.total_cmp(&a.after));
    Ok(RatingReport {
        period,
        rated_games: games.len(),
        changes,
        held: held_changes(conn, event_id)?,
        left_out: list_count(conn, event_id)?.left_out,
    })
}

/// The event's rating report, once it is in the list.
pub(crate) fn event_report(
    app: &App,
    event: &crate::domain::Event,
) -> Result<Option<RatingReport>, ServiceError> {
    let Some(period) = event.rating_period else {
        return Ok(None);
    };
    let mut conn = app.conn()?;
    report(&mut conn, event.id, period).map(Some)
}

/// Rates every period again from the first (a federation administrator's tool, and the
/// check that the stored list is what rating from scratch gives). Returns the periods rated.
pub fn rate_everything(app: &App) -> Result<usize, ServiceError> {
    let mut conn = app.conn()?;
    write_transaction(&mut conn, |conn| {
        q::lock(conn)?;
        rate_all(conn)
    })
}

/// Rates every period again, inside the caller's transaction (which holds the lock).
pub(crate) fn rate_all(conn: &mut DbConnection) -> Result<usize, ServiceError> {
    rate_from(conn, Month(i32::MIN / 2))
}

/// The list as CSV: rank, federation id, name, club, province, rating, deviation, volatility,
/// games, provisional (`provisional[0]` when it is, `[1]` when not), under `header`.
pub(crate) fn csv(
    list: &RatingList,
    header: &[String; 10],
    provisional: &[String; 2],
    style: super::csv::CsvStyle,
) -> String {
    let mut csv = super::csv::Csv::new(style);
    for h in header {
        csv.text(h);
    }
    csv.end_row();
    for row in &list.rows {
        csv.number(row.rank)
            .text(&row.federation_id)
            .text(&row.name)
            .text(&row.club)
            .text(&row.province)
            .number(format!("{:.1}", row.rating))
            .number(format!("{:.1}", row.deviation))
            .number(format!("{:.6}", row.volatility))
            .number(row.games)
            .text(&provisional[usize::from(!row.provisional)])
            .end_row();
    }
    csv.finish()
}

/// Who the list shows.
#[derive(Clone, Debug, Default)]
pub struct ListFilter {
    pub province: Option<String>,
    pub sex: Option<Sex>,
    /// Born in this year or later (an age limit, as of the list's date).
    pub born_from: Option<i32>,
    pub born_to: Option<i32>,
}

/// One row of the rating list.
#[derive(Clone, Debug, Serialize)]
pub struct ListRow {
    pub rank: usize,
    pub federation_id: String,
    pub name: String,
    pub club: String,
    pub province: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
    pub provisional: bool,
    /// The change in the person's last period.
    pub trend: f64,
}

/// The rating list as of a date (today when none).
#[derive(Clone, Debug, Serialize)]
pub struct RatingList {
    pub as_of: NaiveDate,
    pub rows: Vec<ListRow>,
}

/// The whole list after a month, best first, with what the filters read of each person: read
/// once per version of the list ([`list_version`]) and month, whatever the filters.
#[derive(Debug)]
pub struct WholeList {
    rows: Vec<(ListRow, Option<Sex>, Option<i32>)>,
    /// The list is the federation's, as this venue imported it on this date.
    imported: Option<NaiveDate>,
}

impl WholeList {
    /// About the bytes it holds, for the memo's budget.
    pub(crate) fn weight(&self) -> usize {
        self.rows
            .iter()
            .map(|(r, _, _)| 160 + r.federation_id.len() + r.name.len() + r.club.len())
            .sum()
    }
}

/// The version of what the rating list shows: a digest of the list's and the registry's
/// counters (a period rated again, a person's name or province changed). Pages of the list are
/// kept per version.
pub(crate) fn list_version(app: &App) -> Result<u64, ServiceError> {
    let mut conn = app.conn()?;
    Ok(digest(&db::versions::read(&mut conn)?))
}

/// A digest of `value`, for a version made of several counters.
pub(crate) fn digest(value: &impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(value)
}

/// The list as it stood on `as_of`: each person's rating after the last period up to then,
/// the deviation grown for the months since; best first.
pub(crate) fn list(
    app: &App,
    as_of: Option<NaiveDate>,
    filter: &ListFilter,
) -> Result<RatingList, ServiceError> {
    let as_of = as_of.unwrap_or_else(|| db::now().date());
    let whole = whole_list(app, Month::of(as_of))?;
    let province = filter
        .province
        .as_deref()
        .map(crate::tournament::names::fold);
    let mut rows: Vec<ListRow> = whole
        .rows
        .iter()
        .filter(|(row, sex, born)| {
            province
                .as_ref()
                .is_none_or(|p| *p == crate::tournament::names::fold(&row.province))
                && filter.sex.is_none_or(|s| *sex == Some(s))
                && filter
                    .born_from
                    .is_none_or(|y| born.is_some_and(|b| b >= y))
                && filter.born_to.is_none_or(|y| born.is_some_and(|b| b <= y))
        })
        .map(|(row, _, _)| row.clone())
        .collect();
    for (i, row) in rows.iter_mut().enumerate() {
        row.rank = i + 1;
    }
    Ok(RatingList {
        as_of: whole.imported.unwrap_or(as_of),
        rows,
    })
}

/// The whole list after `month`, as stored for the list's current version.
pub(crate) fn whole_list(
    app: &App,
    month: Month,
) -> Result<std::sync::Arc<WholeList>, ServiceError> {
    let key = super::memo::MemoKey {
        scope: super::memo::MemoScope::RatingList,
        version: list_version(app)?,
        what: month.0.to_string(),
    };
    app.memo.rating_lists.get_or_try(&key, || {
        read_whole_list(app, month).map(std::sync::Arc::new)
    })
}

fn read_whole_list(app: &App, month: Month) -> Result<WholeList, ServiceError> {
    let mut conn = app.conn()?;
    // A venue that loaded the federation's registry file shows the national list it holds,
    // whatever date is asked: it rates nothing itself.
    let (imported, imported_as_of) = crate::db::registry::national_ratings(&mut conn)?;
    if !imported.is_empty() {
        return imported_list(&mut conn, &imported, imported_as_of);
    }
    let latest = q::latest_rows(&mut conn, Some(month.0 + 1))?;
    let previous = previous_ratings(&mut conn, month)?;
    let people: HashMap<String, RegistryPlayer> = crate::db::registry::by_federation_ids(
        &mut conn,
        latest.iter().map(|r| r.federation_id.as_str()),
    )?
    .into_iter()
    .map(|p| (p.federation_id.clone(), p))
    .collect();
    let mut rows: Vec<(ListRow, Option<Sex>, Option<i32>)> = latest
        .iter()
        .filter_map(|row| {
            let person = people.get(&row.federation_id)?;
            let standing = standing_of(row).as_of(month);
            let before = previous
                .get(&row.federation_id)
                .copied()
                .unwrap_or(crate::tournament::ratings::START_RATING);
            Some((
                ListRow {
                    rank: 0,
                    federation_id: row.federation_id.clone(),
                    name: person.name.clone(),
                    club: person.club.clone(),
                    province: person.province.clone(),
                    rating: standing.rating,
                    deviation: standing.deviation,
                    volatility: standing.volatility,
                    games: standing.games,
                    provisional: standing.provisional(),
                    trend: row.rating - before,
                },
                person.sex,
                person.birth_year,
            ))
        })
        .collect();
    sort_list(&mut rows);
    Ok(WholeList {
        rows,
        imported: None,
    })
}

/// Best first; a tie by name.
fn sort_list(rows: &mut [(ListRow, Option<Sex>, Option<i32>)]) {
    rows.sort_by(|(a, _, _), (b, _, _)| {
        b.rating
            .total_cmp(&a.rating)
            .then_with(|| a.name.cmp(&b.name))
    });
}

/// The federation's list as the venue imported it: its ratings and deviations (the file
/// carries no games, volatility or trend).
fn imported_list(
    conn: &mut DbConnection,
    imported: &[crate::db::registry::NationalRating],
    as_of: Option<NaiveDate>,
) -> Result<WholeList, ServiceError> {
    let people: HashMap<String, RegistryPlayer> =
        crate::db::registry::by_federation_ids(conn, imported.iter().map(|r| r.0.as_str()))?
            .into_iter()
            .map(|p| (p.federation_id.clone(), p))
            .collect();
    let mut rows: Vec<(ListRow, Option<Sex>, Option<i32>)> = imported
        .iter()
        .filter_map(|(id, rating, deviation)| {
            let person = people.get(id)?;
            Some((
                ListRow {
                    rank: 0,
                    federation_id: id.clone(),
                    name: person.name.clone(),
                    club: person.club.clone(),
                    province: person.province.clone(),
                    rating: *rating,
                    deviation: *deviation,
                    volatility: crate::tournament::ratings::START_VOLATILITY,
                    games: 0,
                    provisional: false,
                    trend: 0.0,
                },
                person.sex,
                person.birth_year,
            ))
        })
        .collect();
    sort_list(&mut rows);
    Ok(WholeList {
        rows,
        imported: as_of,
    })
}

/// Each person's rating before their newest period up to `month`.
fn previous_ratings(
    conn: &mut DbConnection,
    month: Month,
) -> Result<HashMap<String, f64>, ServiceError> {
    Ok(q::previous_rows(conn, month.0 + 1)?
        .into_iter()
        .map(|r| (r.federation_id, r.rating))
        .collect())
}
