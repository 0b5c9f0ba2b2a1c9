//! The federation's registry: each person once, across every event. Every new entry names its
//! person by federation id: the one the organiser gives (a registered player, or the
//! federation's own numbering for someone not yet registered), or one the registry issues.
//! A new person whose name may be someone already registered is flagged, never merged by
//! itself: the same name is not the same person.

use serde::Serialize;

use super::duplicates::DuplicateWarning;
use super::entrant::{Details, ValidPlayer};
use super::{App, ServiceError};
use crate::db::registry::{self as q, PersonDetails};
use crate::db::{self, DbConnection};
use crate::domain::{
    AuditAction, ErrorCode, EventId, GameId, IssuedIds, Player as Entry, PlayerId, RegistryPlayer,
    UserId,
};
use crate::tournament::history::{GameScore, Outcome};
use crate::tournament::names;

/// The most people a search answers.
pub const SEARCH_LIMIT: i64 = 20;
/// The most words of a search that count.
const SEARCH_WORDS: usize = 5;
/// The most registered people a new name is compared with.
const CANDIDATES: i64 = 200;

/// A registered person as anyone may see them (no e-mail, sex or year of birth).
#[derive(Clone, Debug, Serialize)]
pub struct Person {
    pub federation_id: String,
    pub name: String,
    pub club: String,
    pub province: String,
    /// The national rating, once the person is on the list.
    pub rating: Option<i32>,
}

impl Person {
    fn of(row: &RegistryPlayer) -> Person {
        Person {
            federation_id: row.federation_id.clone(),
            name: row.name.clone(),
            club: row.club.clone(),
            province: row.province.clone(),
            rating: None,
        }
    }
}

/// Registry people matching a search (accents, case and spelling aside): every word of the
/// text is in the name, sounds like a part of it, or is the federation id.
pub(crate) fn search(app: &App, text: &str) -> Result<Vec<Person>, ServiceError> {
    let words: Vec<(String, String)> = names::fold(text)
        .split(' ')
        .filter(|w| !w.is_empty())
        .take(SEARCH_WORDS)
        .map(|w| (w.to_string(), names::sound(w)))
        .collect();
    if words.is_empty() {
        return Ok(Vec::new());
    }
    let mut conn = app.conn()?;
    let mut rows = Vec::new();
    // The text may be a federation id as printed (`AO-77`, a merged one): that person first.
    let as_id = text.trim().to_ascii_uppercase();
    if !as_id.is_empty() && as_id.len() <= 30 && !as_id.contains(char::is_whitespace) {
        let id = q::resolve(&mut conn, &as_id)?;
        rows.extend(q::by_federation_id(&mut conn, &id)?);
    }
    for row in q::search(&mut conn, &words, SEARCH_LIMIT)? {
        if !rows.iter().any(|r: &RegistryPlayer| r.id == row.id) {
            rows.push(row);
        }
    }
    rows.truncate(SEARCH_LIMIT as usize);
    let mut found: Vec<Person> = rows.iter().map(Person::of).collect();
    rate(&mut conn, &mut found)?;
    Ok(found)
}

/// Each person's national rating, where they have one.
fn rate(conn: &mut DbConnection, people: &mut [Person]) -> Result<(), ServiceError> {
    let ids: Vec<&str> = people.iter().map(|p| p.federation_id.as_str()).collect();
    let ratings: std::collections::HashMap<String, f64> = db::ratings::latest_of(conn, &ids, None)?
        .into_iter()
        .map(|r| (r.federation_id, r.rating))
        .collect();
    for person in people {
        // The federation's list as this venue imported it comes first, as for entries.
        let imported = q::national_rating(conn, &person.federation_id)?.map(|(r, _)| r);
        person.rating = imported
            .or_else(|| ratings.get(&person.federation_id).copied())
            .map(|r| r.round() as i32);
    }
    Ok(())
}

/// One event entry of a registered person.
#[derive(Clone, Debug, Serialize)]
pub struct EventEntry {
    pub event_id: EventId,
    pub slug: String,
    pub event: String,
    pub starts_on: Option<chrono::NaiveDate>,
    pub pairing_number: i32,
    pub rating: i32,
    pub club: String,
}

/// A registered person with their events.
#[derive(Clone, Debug, Serialize)]
pub struct PersonRecord {
    #[serde(flatten)]
    pub person: Person,
    pub events: Vec<EventEntry>,
    /// Final games played (byes aside), in every event.
    pub games: usize,
    /// Of those, the games the national rating list counts (verified records in rated events,
    /// as of its last period).
    pub rated_games: u32,
    /// The national rating after each rating period (none before the person is rated).
    pub rating_history: Vec<RatingPoint>,
    /// Ids of people merged into this one (they lead here).
    pub merged_ids: Vec<String>,
}

/// The rating after one rating period.
#[derive(Clone, Debug, Serialize)]
pub struct RatingPoint {
    pub period: String,
    pub rating: f64,
    pub deviation: f64,
}

/// The person an id names now (itself, or the one it was merged into) and the version of what
/// their page shows: a digest of the registry's and the rating list's counters and of the
/// versions of every event they entered. Their pages are kept per version.
pub(crate) fn person_version(
    app: &App,
    federation_id: &str,
) -> Result<(crate::domain::PersonId, String, u64), ServiceError> {
    let mut conn = app.conn()?;
    let id = q::resolve(&mut conn, &federation_id.trim().to_ascii_uppercase())?;
    let row = q::by_federation_id(&mut conn, &id)?.ok_or(ServiceError::NotFound)?;
    let events = db::versions::of_person_events(&mut conn, &row.federation_id)?;
    let counters = db::versions::read(&mut conn)?;
    Ok((
        row.id,
        row.federation_id,
        super::ratings::digest(&(counters, events)),
    ))
}

/// A registered person and every event they entered.
pub(crate) fn person(app: &App, federation_id: &str) -> Result<PersonRecord, ServiceError> {
    let mut conn = app.conn()?;
    Ok(person_with_games(&mut conn, federation_id)?.0)
}

/// One final game of a registered person, from their side.
#[derive(Clone, Debug)]
pub struct PersonGame {
    pub slug: String,
    pub event: String,
    pub round: i32,
    pub game_id: GameId,
    pub moved_first: bool,
    pub opponent: String,
    /// The opponent's person, unless the opponent is a guest outside the registry.
    pub opponent_federation_id: Option<String>,
    pub outcome: Outcome,
    pub plies: Option<i32>,
}

/// Games against one opponent, counted.
#[derive(Clone, Debug, Default)]
pub struct HeadToHead {
    pub opponent: String,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
}

/// A registered person's page: their record, every final game, and the games against one
/// opponent when asked.
#[derive(Clone, Debug)]
pub struct PersonPage {
    pub record: PersonRecord,
    pub games: Vec<PersonGame>,
    pub head_to_head: Option<HeadToHead>,
}

/// A registered person with every final game; with `against` (an opponent's federation id, or
/// words of their name), only the games against that opponent, counted.
pub(crate) fn person_page(
    app: &App,
    federation_id: &str,
    against: Option<&str>,
) -> Result<PersonPage, ServiceError> {
    let mut conn = app.conn()?;
    let (record, mut games) = person_with_games(&mut conn, federation_id)?;
    let head_to_head = match against.map(str::trim).filter(|a| !a.is_empty()) {
        None => None,
        Some(asked) => {
            let by_id = q::resolve(&mut conn, &asked.to_ascii_uppercase())?;
            let (other, name) = match q::by_federation_id(&mut conn, &by_id)? {
                Some(opponent) => (Some(by_id), opponent.name),
                None => match opponent_named(&games, asked) {
                    Some((id, name)) => (Some(id), name),
                    None => (None, asked.to_string()),
                },
            };
            games.retain(|g| other.is_some() && g.opponent_federation_id == other);
            let mut tally = HeadToHead {
                opponent: name,
                ..HeadToHead::default()
            };
            for g in &games {
                match g.outcome {
                    Outcome::Played(GameScore::Win) | Outcome::ForfeitWin => tally.wins += 1,
                    Outcome::Played(GameScore::Draw) => tally.draws += 1,
                    _ => tally.losses += 1,
                }
            }
            Some(tally)
        }
    };
    Ok(PersonPage {
        record,
        games,
        head_to_head,
    })
}

/// The opponent of these games whose name holds every word asked (case and accents aside):
/// their federation id and name; the one met most often when several are.
fn opponent_named(games: &[PersonGame], asked: &str) -> Option<(String, String)> {
    let words: Vec<String> = crate::tournament::names::fold(asked)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if words.is_empty() {
        return None;
    }
    let mut met: std::collections::HashMap<&str, (usize, &str)> = std::collections::HashMap::new();
    for g in games {
        let Some(id) = g.opponent_federation_id.as_deref() else {
            continue;
        };
        let name = crate::tournament::names::fold(&g.opponent);
        if words.iter().all(|w| name.contains(w.as_str())) {
            met.entry(id).or_insert((0, g.opponent.as_str())).0 += 1;
        }
    }
    met.into_iter()
        .max_by(|a, b| a.1.0.cmp(&b.1.0).then(b.0.cmp(a.0)))
        .map(|(id, (_, name))| (id.to_string(), name.to_string()))
}

fn person_with_games(
    conn: &mut DbConnection,
    federation_id: &str,
) -> Result<(PersonRecord, Vec<PersonGame>), ServiceError> {
    let id = q::resolve(conn, &federation_id.trim().to_ascii_uppercase())?;
    let row = q::by_federation_id(conn, &id)?.ok_or(ServiceError::NotFound)?;
    let entries = q::entries_of(conn, &row.federation_id)?;
    let mut events = Vec::with_capacity(entries.len());
    let mut event_names = std::collections::HashMap::new();
    for entry in &entries {
        if let Some(event) = db::events::event_by_id(conn, entry.event_id)? {
            event_names.insert(event.id, (event.slug.clone(), event.name.clone()));
            events.push(EventEntry {
                event_id: event.id,
                slug: event.slug,
                event: event.name,
                starts_on: event.starts_on,
                pairing_number: entry.number,
                rating: entry.rating,
                club: entry.club.clone(),
            });
        }
    }
    let own: Vec<PlayerId> = entries.iter().map(|e| e.id).collect();
    let found = q::final_games_list(conn, &own)?;
    let opponent_ids: Vec<PlayerId> = found
        .iter()
        .filter_map(|g| {
            if g.first_id.is_some_and(|id| own.contains(&id)) {
                g.second_id
            } else {
                g.first_id
            }
        })
        .collect();
    let opponents: std::collections::HashMap<PlayerId, Entry> =
        q::entries_by_id(conn, &opponent_ids)?
            .into_iter()
            .map(|e| (e.id, e))
            .collect();
    let mut games = Vec::with_capacity(found.len());
    for g in found {
        let (Some(first), Some(second), Some(result)) = (g.first_id, g.second_id, g.result) else {
            continue;
        };
        let moved_first = own.contains(&first);
        let opponent = opponents.get(if moved_first { &second } else { &first });
        let (first_outcome, second_outcome) = result.outcomes();
        let Some((slug, event)) = event_names.get(&g.event_id).cloned() else {
            continue;
        };
        games.push(PersonGame {
            slug,
            event,
            round: g.round,
            game_id: g.id,
            moved_first,
            opponent: opponent.map(|o| o.name.clone()).unwrap_or_default(),
            opponent_federation_id: opponent.and_then(|o| o.federation_id.clone()),
            outcome: if moved_first {
                first_outcome
            } else {
                second_outcome
            },
            plies: g.plies,
        });
    }
    let history = db::ratings::history_of(conn, &row.federation_id)?;
    let mut person = Person::of(&row);
    person.rating = national_rating(conn, &row.federation_id)?.map(|r| r.round() as i32);
    let record = PersonRecord {
        person,
        events,
        games: games.len(),
        rated_games: history
            .last()
            .map_or(0, |r| u32::try_from(r.games).unwrap_or(0)),
        rating_history: history
            .iter()
            .map(|r| RatingPoint {
                period: crate::tournament::ratings::Month(r.period).label(),
                rating: r.rating,
                deviation: r.deviation,
            })
            .collect(),
        merged_ids: q::merged_into(conn, &row.federation_id)?
            .into_iter()
            .map(|(id, _)| id)
            .collect(),
    };
    Ok((record, games))
}

/// Names the person of a new entry in the registry, inside the entry's transaction: the
/// registered person its federation id names (blank details filled from the registry, the
/// registry brought up to date with the entry's), a new person with that id, or a new person
/// with an issued id. Returns the warnings for the organiser: with `compare`, a new person
/// is compared with the registered ones (an import of thousands of lines does not, and says
/// so).
pub(crate) fn enter(
    conn: &mut DbConnection,
    issued: &IssuedIds,
    event: Option<EventId>,
    player: &mut ValidPlayer,
    compare: bool,
) -> Result<Vec<DuplicateWarning>, ServiceError> {
    // The federation's registry holds national ids only: a venue's local id names a person
    // there only through the import of the venue's event, which asks the organiser who it is.
    if *issued == IssuedIds::National
        && player
            .details
            .federation_id
            .as_deref()
            .is_some_and(crate::domain::installation::is_local_id)
    {
        return Err(ServiceError::invalid(
            "federation_id",
            ErrorCode::FederationIdLocal,
        ));
    }
    // A merge of the person named, running at the same moment, comes first or after.
    db::ratings::lock(conn)?;
    if let Some(id) = &player.details.federation_id {
        // An id merged into another person's names that person.
        player.details.federation_id = Some(q::resolve(conn, id)?);
    }
    let given = player.details.federation_id.clone();
    let known = match &given {
        Some(id) => q::by_federation_id(conn, id)?,
        None => None,
    };
    let mut warnings = Vec::new();
    if player.name.is_empty() {
        match &known {
            Some(row) => player.name.clone_from(&row.name),
            None => return Err(ServiceError::invalid("name", ErrorCode::NameEmpty)),
        }
    }
    match known {
        Some(row) => {
            if names::may_be_same(&row.name, &player.name) {
                fill_from(player, &row);
                if player.rating == 0
                    && let Some(rating) = national_rating(conn, &row.federation_id)?
                {
                    // Seeding and pairing numbers follow the national rating unless the
                    // organiser typed one.
                    player.rating = (rating.round() as i32).clamp(0, 4000);
                }
                follow_entry(conn, &row, &Update::of_player(player), event)?;
            } else {
                // Someone else's id typed by mistake, or a change of name: the organiser is
                // told, nothing of the registered person's reaches the entry, and the registry
                // keeps what it had.
                warnings.push(DuplicateWarning {
                    player_id: None,
                    code: crate::domain::Resemblance::OtherName,
                    federation_id: Some(row.federation_id.clone()),
                    name: row.name.clone(),
                });
            }
        }
        None => {
            if given.is_none() && compare {
                warnings = similar(conn, &player.name)?;
            }
            let (name_key, sound_key) = keys(&player.name);
            let placeholder = format!("#{}", super::crypto::random_token()?);
            let id = match given.as_deref() {
                Some(id) => q::NewId::Given(id),
                None => q::NewId::Issued {
                    issued,
                    placeholder: &placeholder,
                },
            };
            let row = q::insert(conn, &details_of(player, &name_key, &sound_key), id)?;
            player.details.federation_id = Some(row.federation_id);
        }
    }
    Ok(warnings)
}

/// A person has one entry in an event: refuses an entry (or an edit of `except`) naming a
/// person another entry of the event names already. That is the event's state (409): the same
/// entry is right in another event.
pub(crate) fn refuse_second_entry(
    conn: &mut DbConnection,
    event: EventId,
    federation_id: Option<&str>,
    except: Option<crate::domain::PlayerId>,
) -> Result<(), ServiceError> {
    let Some(id) = federation_id else {
        return Ok(());
    };
    match q::entry_in_event(conn, event, id, except)? {
        Some(_) => Err(ServiceError::Conflict(ErrorCode::PersonAlreadyEntered)),
        None => Ok(()),
    }
}

/// Blank details of the entry taken from the registered person it is (never their e-mail
/// address: an organiser does not learn it by typing a federation id).
fn fill_from(player: &mut ValidPlayer, row: &RegistryPlayer) {
    if player.club.is_empty() {
        player.club.clone_from(&row.club);
    }
    if player.province.is_empty() {
        player.province.clone_from(&row.province);
    }
    let details: &mut Details = &mut player.details;
    details.sex = details.sex.or(row.sex);
    details.birth_year = details.birth_year.or(row.birth_year);
}

/// What an entry says of its person, for the registry to take.
struct Update<'a> {
    name: &'a str,
    club: &'a str,
    province: &'a str,
    sex: Option<crate::domain::Sex>,
    birth_year: Option<i32>,
}

impl<'a> Update<'a> {
    fn of_player(player: &'a ValidPlayer) -> Update<'a> {
        Update {
            name: &player.name,
            club: &player.club,
            province: &player.province,
            sex: player.details.sex,
            birth_year: player.details.birth_year,
        }
    }

    fn of_entry(entry: &'a Entry) -> Update<'a> {
        Update {
            name: &entry.name,
            club: &entry.club,
            province: &entry.province,
            sex: entry.sex,
            birth_year: entry.birth_year,
        }
    }
}

/// What an entry says of its registered person reaches the registry only where the person is
/// this installation's own (a venue's local id, which no one else keeps): then the person takes
/// the entry's details ([`update_from`]). A national person is the registry keeper's (the
/// federation's, its registry file at a venue): an entry that says otherwise (a club, a year of
/// birth) changes nothing there, and the difference waits for this installation's
/// administrator to take or leave it ([`settle_proposal`]).
fn follow_entry(
    conn: &mut DbConnection,
    row: &RegistryPlayer,
    entry: &Update<'_>,
    event: Option<EventId>,
) -> Result<(), ServiceError> {
    if crate::domain::installation::is_local_id(&row.federation_id) {
        return update_from(conn, row, entry);
    }
    let differs = entry.name.trim() != row.name
        || (!entry.club.is_empty() && entry.club != row.club)
        || (!entry.province.is_empty() && entry.province != row.province)
        || entry.sex.is_some_and(|s| Some(s) != row.sex)
        || entry.birth_year.is_some_and(|y| Some(y) != row.birth_year);
    if let Some(event) = event.filter(|_| differs) {
        let (name_key, sound_key) = keys(entry.name);
        q::propose(
            conn,
            &row.federation_id,
            event,
            &PersonDetails {
                name: entry.name.trim(),
                name_key: &name_key,
                sound_key: &sound_key,
                sex: entry.sex,
                birth_year: entry.birth_year,
                club: entry.club,
                province: entry.province,
                email: None,
                user_id: None,
                updated_at: db::now(),
            },
        )?;
    }
    Ok(())
}

/// A difference an entry proposes for a registered person, as the keeper sees it.
#[derive(Clone, Debug, Serialize)]
pub struct Proposal {
    pub id: i32,
    pub event_id: EventId,
    pub event: String,
    pub event_slug: String,
    pub name: String,
    pub club: String,
    pub province: String,
    pub sex: Option<crate::domain::Sex>,
    pub birth_year: Option<i32>,
    pub proposed_at: chrono::NaiveDateTime,
}

/// The differences waiting for a person (administrators only).
pub(crate) fn proposals(
    app: &App,
    user: &crate::service::accounts::User,
    federation_id: &str,
) -> Result<Vec<Proposal>, ServiceError> {
    if !user.is_admin() {
        return Ok(Vec::new());
    }
    let mut conn = app.conn()?;
    let rows = q::proposals_of(&mut conn, federation_id)?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let (event, event_slug) = db::events::event_by_id(&mut conn, row.event_id)?
            .map(|e| (e.name, e.slug))
            .unwrap_or_default();
        out.push(Proposal {
            id: row.id,
            event_id: row.event_id,
            event,
            event_slug,
            name: row.name,
            club: row.club,
            province: row.province,
            sex: row.sex,
            birth_year: row.birth_year,
            proposed_at: row.proposed_at,
        });
    }
    Ok(out)
}

/// The administrator takes a proposed difference (`take`: the person takes the entry's
/// details, blank ones left as they were) or leaves it; either way it is settled.
pub(crate) fn settle_proposal(
    app: &App,
    user: &crate::service::accounts::User,
    id: i32,
    take: bool,
) -> Result<String, ServiceError> {
    if !user.is_admin() {
        return Err(ServiceError::Forbidden);
    }
    let mut conn = app.conn()?;
    db::write_transaction(&mut conn, |conn| {
        db::ratings::lock(conn)?;
        let proposal = q::proposal(conn, id)?.ok_or(ServiceError::NotFound)?;
        if take {
            let row = q::by_federation_id(conn, &proposal.federation_id)?
                .ok_or(ServiceError::NotFound)?;
            update_from(
                conn,
                &row,
                &Update {
                    name: &proposal.name,
                    club: &proposal.club,
                    province: &proposal.province,
                    sex: proposal.sex,
                    birth_year: proposal.birth_year,
                },
            )?;
            tracing::info!(
                "registry: {} takes the details of event {}'s entry (account {})",
                proposal.federation_id,
                proposal.event_id.0,
                user.id
            );
        }
        q::drop_proposal(conn, id)?;
        Ok(proposal.federation_id)
    })
}

/// The registered person takes the latest details an entry gives, and loses none it had: a
/// blank field of the entry leaves the registry's as it is. The e-mail address and the
/// account stay the registry's own (an account is bound only by [`bind`]).
fn update_from(
    conn: &mut DbConnection,
    row: &RegistryPlayer,
    entry: &Update<'_>,
) -> Result<(), ServiceError> {
    let (name_key, sound_key) = keys(entry.name);
    let kept = |new: &'_ str, old: &'_ str| -> String {
        if new.is_empty() { old } else { new }.to_string()
    };
    let (club, province) = (
        kept(entry.club, &row.club),
        kept(entry.province, &row.province),
    );
    q::update(
        conn,
        row.id,
        &PersonDetails {
            name: entry.name,
            name_key: &name_key,
            sound_key: &sound_key,
            sex: entry.sex.or(row.sex),
            birth_year: entry.birth_year.or(row.birth_year),
            club: &club,
            province: &province,
            email: row.email.as_deref(),
            user_id: row.user_id,
            updated_at: db::now(),
        },
    )?;
    Ok(())
}

fn details_of<'a>(
    player: &'a ValidPlayer,
    name_key: &'a str,
    sound_key: &'a str,
) -> PersonDetails<'a> {
    PersonDetails {
        name: &player.name,
        name_key,
        sound_key,
        sex: player.details.sex,
        birth_year: player.details.birth_year,
        club: &player.club,
        province: &player.province,
        email: player.email.as_deref(),
        // An account is bound to a person only by an organiser's act ([`bind`]).
        user_id: None,
        updated_at: db::now(),
    }
}

/// A person's national rating: the federation's list as this venue last imported it, else
/// this installation's own list.
fn national_rating(
    conn: &mut DbConnection,
    federation_id: &str,
) -> Result<Option<f64>, ServiceError> {
    if let Some((rating, _)) = q::national_rating(conn, federation_id)? {
        return Ok(Some(rating));
    }
    Ok(db::ratings::history_of(conn, federation_id)?
        .last()
        .map(|latest| latest.rating))
}

pub(crate) fn keys(name: &str) -> (String, String) {
    (names::fold(name), names::sound(name))
}

/// Registered people whose name may be `name`'s.
pub(crate) fn similar(
    conn: &mut DbConnection,
    name: &str,
) -> Result<Vec<DuplicateWarning>, ServiceError> {
    Ok(alike(conn, name)?
        .into_iter()
        .map(|row| DuplicateWarning {
            player_id: None,
            code: crate::domain::Resemblance::PossibleSamePerson,
            federation_id: Some(row.federation_id),
            name: row.name,
        })
        .collect())
}

/// Registered people whose name may be `name`'s (among those sharing a sounded word).
fn alike(conn: &mut DbConnection, name: &str) -> Result<Vec<RegistryPlayer>, ServiceError> {
    let sounded: Vec<String> = names::sound(name).split(' ').map(str::to_string).collect();
    Ok(q::sharing_a_sound(conn, &sounded, CANDIDATES)?
        .into_iter()
        .filter(|row| names::may_be_same(&row.name, name))
        .collect())
}

/// After an entry was edited: an id merged into another person is made that person's; the
/// person takes the entry's details when the names may be the same person's, or, for a
/// federation id the registry does not know, is registered with it; the person it named before
/// goes when nothing else names them.
pub(crate) fn follow_edit(
    conn: &mut DbConnection,
    before: &Entry,
    after: &Entry,
) -> Result<(), ServiceError> {
    db::ratings::lock(conn)?;
    let now_names = match &after.federation_id {
        Some(id) => {
            let id = q::resolve(conn, id)?;
            if Some(&id) != after.federation_id.as_ref() {
                q::set_entry_person(conn, after.id, &id)?;
            }
            match q::by_federation_id(conn, &id)? {
                Some(row) => {
                    if names::may_be_same(&row.name, &after.name) {
                        follow_entry(conn, &row, &Update::of_entry(after), Some(after.event_id))?;
                    }
                }
                None => {
                    let (name_key, sound_key) = keys(&after.name);
                    q::insert(
                        conn,
                        &PersonDetails {
                            name: &after.name,
                            name_key: &name_key,
                            sound_key: &sound_key,
                            sex: after.sex,
                            birth_year: after.birth_year,
                            club: &after.club,
                            province: &after.province,
                            email: None,
                            user_id: None,
                            updated_at: db::now(),
                        },
                        q::NewId::Given(&id),
                    )?;
                }
            }
            Some(id)
        }
        None => None,
    };
    if before.federation_id != now_names {
        forget_if_unused(conn, before.federation_id.as_deref())?;
    }
    Ok(())
}

/// The person bound to an account, if any.
pub(crate) fn of_user(
    conn: &mut DbConnection,
    user_id: UserId,
) -> Result<Option<RegistryPlayer>, ServiceError> {
    Ok(q::by_user(conn, user_id)?)
}

/// Binds the person of an entry to the account the organiser bound the entry to (linking it,
/// confirming a claim, approving a registration), unless the person is bound to another
/// account already: an entry never takes a registered person away from the account they have.
/// A claim through a personal link alone binds no person: a photographed slip must not make
/// anyone a registered person.
pub(crate) fn bind(
    conn: &mut DbConnection,
    federation_id: Option<&str>,
    user_id: UserId,
) -> Result<(), ServiceError> {
    if let Some(id) = federation_id {
        q::bind_user(conn, id, user_id)?;
    }
    Ok(())
}

/// Unbinds the person of an entry from the account the entry was just unbound from, if the
/// person was bound to that account.
pub(crate) fn unbind(
    conn: &mut DbConnection,
    federation_id: Option<&str>,
    user_id: UserId,
) -> Result<(), ServiceError> {
    if let Some(id) = federation_id {
        q::unbind_user(conn, id, user_id)?;
    }
    Ok(())
}

/// The person of an entry that was just deleted goes too when nothing else names them.
pub(crate) fn forget_if_unused(
    conn: &mut DbConnection,
    federation_id: Option<&str>,
) -> Result<(), ServiceError> {
    if let Some(id) = federation_id {
        q::delete_if_unused(conn, id)?;
    }
    Ok(())
}

/// Writes the search keys of the people a migration registered (at start-up; the names are
/// folded by the program, not by SQL, whose case rules differ between the backends).
pub fn write_missing_keys(conn: &mut DbConnection) -> Result<usize, ServiceError> {
    let mut written = 0;
    loop {
        let batch = q::without_keys(conn, 500)?;
        if batch.is_empty() {
            return Ok(written);
        }
        db::write_transaction(conn, |conn| {
            for (id, name) in &batch {
                let (mut name_key, sound_key) = keys(name);
                if name_key.is_empty() {
                    // A name of no letters: a key all the same, so it is not read again.
                    name_key.push(' ');
                }
                q::set_keys(conn, *id, &name_key, &sound_key)?;
            }
            Ok::<_, ServiceError>(())
        })?;
        written += batch.len();
    }
}

/// What a merge did.
#[derive(Clone, Debug, Serialize)]
pub struct Merged {
    /// The person kept.
    pub federation_id: String,
    /// The id merged into it, which leads to it from now on.
    pub merged: String,
    /// Entries moved to the person kept.
    pub entries: usize,
}

/// Merges two registered people who are one (federation administrators): every entry of
/// `gone` names `into` from now on, and `gone`'s id leads to it; each event concerned logs it,
/// and the rating list is rated again. Two people entered in one event are two people: that
/// is refused.
pub(crate) fn merge(
    app: &App,
    user: &super::accounts::User,
    gone: &str,
    into: &str,
) -> Result<Merged, ServiceError> {
    if !user.is_admin() {
        return Err(ServiceError::Forbidden);
    }
    let mut conn = app.conn()?;
    db::write_transaction(&mut conn, |conn| {
        db::ratings::lock(conn)?;
        let gone = q::resolve(conn, &gone.trim().to_ascii_uppercase())?;
        let kept = q::resolve(conn, &into.trim().to_ascii_uppercase())?;
        let gone = q::by_federation_id(conn, &gone)?.ok_or(ServiceError::NotFound)?;
        let kept = q::by_federation_id(conn, &kept)?
            .ok_or_else(|| ServiceError::invalid("into", ErrorCode::RegistryPlayerUnknown))?;
        if gone.id == kept.id {
            return Err(ServiceError::invalid("into", ErrorCode::MergeSamePerson));
        }
        let shared = q::shared_events(conn, &gone.federation_id, &kept.federation_id)?;
        if !shared.is_empty() {
            let mut names = Vec::new();
            for id in shared {
                if let Some(event) = db::events::event_by_id(conn, id)? {
                    names.push(event.name);
                }
            }
            return Err(ServiceError::Blocked {
                code: ErrorCode::MergeSameEvent,
                detail: names.join(", "),
            });
        }
        let moved = q::merge(conn, &gone, &kept.federation_id, Some(user.id), db::now())?;
        // The games the list counts follow the person (a merge is an administrator's act).
        db::ratings::merge_listed(conn, &gone.federation_id, &kept.federation_id)?;
        if kept.user_id.is_none()
            && let Some(account) = gone.user_id
        {
            // The account bound to the person merged now finds the person kept.
            q::bind_user(conn, &kept.federation_id, account)?;
        }
        let mut events: Vec<EventId> = moved.iter().map(|(e, _)| *e).collect();
        events.sort();
        events.dedup();
        for event in events {
            super::audit::record(
                conn,
                super::audit::Entry::event(event, Some(user.id), AuditAction::RegistryMerged).text(
                    format!(
                        "{} ({}) → {} ({})",
                        gone.name, gone.federation_id, kept.name, kept.federation_id
                    ),
                ),
            )?;
            db::events::bump_event(conn, event, db::now())?;
        }
        super::ratings::rate_all(conn)?;
        Ok(Merged {
            federation_id: kept.federation_id.clone(),
            merged: gone.federation_id.clone(),
            entries: moved.len(),
        })
    })
}

/// Registered people whose name may be `person`'s, for an administrator to merge.
pub(crate) fn possible_duplicates(app: &App, person: &Person) -> Result<Vec<Person>, ServiceError> {
    let mut conn = app.conn()?;
    Ok(alike(&mut conn, &person.name)?
        .iter()
        .filter(|row| row.federation_id != person.federation_id)
        .map(Person::of)
        .collect())
}

/// The registry's names held in memory, to compare the lines of an import with all of them
/// at the cost of a lookup each (a file of 4,000 lines would otherwise scan the registry 4,000
/// times).
pub(crate) struct Matcher {
    people: Vec<(String, String)>,
    by_sound: std::collections::HashMap<String, Vec<usize>>,
}

impl Matcher {
    pub(crate) fn load(conn: &mut DbConnection) -> Result<Matcher, ServiceError> {
        let mut people = Vec::new();
        let mut by_sound: std::collections::HashMap<String, Vec<usize>> =
            std::collections::HashMap::new();
        for (id, name, sound) in q::all_names(conn)? {
            for word in sound.split(' ').filter(|w| w.chars().count() >= 3) {
                by_sound
                    .entry(word.to_string())
                    .or_default()
                    .push(people.len());
            }
            people.push((id, name));
        }
        Ok(Matcher { people, by_sound })
    }

    /// Registered people whose name may be `name`'s, at most `limit`.
    pub(crate) fn similar(&self, name: &str, limit: usize) -> Vec<(String, String)> {
        let mut candidates: Vec<usize> = names::sound(name)
            .split(' ')
            .filter_map(|w| self.by_sound.get(w))
            .flat_map(|list| list.iter().take(CANDIDATES as usize).copied())
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        candidates
            .into_iter()
            .map(|i| &self.people[i])
            .filter(|(_, other)| names::may_be_same(other, name))
            .take(limit)
            .cloned()
            .collect()
    }
}

/// What an import's line is to the registry: `matched` (its federation id names this
/// registered person), `other_name` (it names a registered person of another name), or
/// `possible_same_person` (a new person who may be this registered one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImportMatch {
    pub line: usize,
    pub code: crate::domain::Resemblance,
    pub federation_id: String,
    pub name: String,
}

/// How each line of an import stands against the registry, read before it is written.
pub(crate) fn match_import(
    conn: &mut DbConnection,
    lines: &[(usize, ValidPlayer)],
) -> Result<Vec<ImportMatch>, ServiceError> {
    let matcher = Matcher::load(conn)?;
    let mut out = Vec::new();
    for (line, player) in lines {
        match &player.details.federation_id {
            Some(id) => {
                let id = q::resolve(conn, id)?;
                if let Some(row) = q::by_federation_id(conn, &id)? {
                    // A line by national id alone takes the registered name.
                    let code =
                        if player.name.is_empty() || names::may_be_same(&row.name, &player.name) {
                            crate::domain::Resemblance::Matched
                        } else {
                            crate::domain::Resemblance::OtherName
                        };
                    out.push(ImportMatch {
                        line: *line,
                        code,
                        federation_id: row.federation_id,
                        name: row.name,
                    });
                }
            }
            None => {
                for (federation_id, name) in matcher.similar(&player.name, 3) {
                    out.push(ImportMatch {
                        line: *line,
                        code: crate::domain::Resemblance::PossibleSamePerson,
                        federation_id,
                        name,
                    });
                }
            }
        }
    }
    Ok(out)
}
