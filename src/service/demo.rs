//! A demonstration event played out with random legal games: for trying the application, for
//! training arbiters, and as the fixture of the load benchmark.

use super::access::EventRef;
use super::accounts::User;
use super::entrant::PlayerInput;
use super::events::{self, Event, SettingsInput};
use super::games::{self, Actor, SubmitError};
use super::players;
use super::rounds;
use super::{App, ServiceError};
use crate::domain::ErrorCode;
use crate::rules::playout::random_game;
use crate::rules::{Game, Record, Side, Variant};

const GIVEN_NAMES: [&str; 16] = [
    "Ana", "Bento", "Carla", "Domingos", "Eva", "Fausto", "Graça", "Helena", "Isabel", "João",
    "Kiluanji", "Luzia", "Mário", "Nzinga", "Osvaldo", "Paula",
];
const FAMILY_NAMES: [&str; 16] = [
    "Kiala",
    "Lunda",
    "Muxima",
    "Neto",
    "Quissama",
    "Ribeiro",
    "Soba",
    "Tchissola",
    "Ukuma",
    "Vunge",
    "Xavier",
    "Zua",
    "Bungo",
    "Cassule",
    "Dembo",
    "Ngola",
];

/// What to create.
#[derive(Clone, Debug)]
pub struct DemoSpec {
    pub name: String,
    pub players: usize,
    /// The rounds of the Swiss.
    pub rounds: usize,
    /// The first rounds paired and played (at most `rounds`).
    pub played: usize,
    /// The round after those played is paired and published, and left for the players to play
    /// (a round-end rush to rehearse).
    pub open_round: bool,
    pub seed: u64,
}

/// A finished random game from the start of `variant`, as a record with its tags and result:
/// the first seed from `seed` on (in steps of 1,000, at most 1,000 tries) whose random game
/// ends within 3,000 plies. For demonstration events and tests.
#[must_use]
pub fn random_finished_record(variant: Variant, first: Side, seed: u64) -> Option<Record> {
    let mut seed = seed;
    for _ in 0..1000 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let playout = random_game(Game::start(variant, first), 3000, |n| rng.usize(..n));
        if let Some((result, _)) = playout.end.result() {
            let tags = vec![
                ("Variant".to_string(), variant.as_str().to_string()),
                ("First".to_string(), first.letter().to_string()),
                ("Result".to_string(), result.as_str().to_string()),
            ];
            return Record::from_parts(tags, playout.moves, Some(result)).ok();
        }
        seed = seed.wrapping_add(1000);
    }
    None
}

/// Demonstration events an organiser may make from the web in a day: enough to try the
/// program and train arbiters, not a way to keep the engine busy.
pub const DEMOS_PER_DAY: u32 = 5;

/// A demonstration event asked for from the web: at most [`DEMOS_PER_DAY`] a day per account
/// (429 past it), then as [`create_demo_event`].
pub(crate) fn create_demo_from_web(
    app: &App,
    owner: &User,
    spec: &DemoSpec,
) -> Result<Event, ServiceError> {
    {
        let mut conn = app.conn()?;
        let _counted = super::limits::reserve(
            &mut conn,
            &[super::limits::Limit::new(
                format!("demo:{}", owner.id),
                DEMOS_PER_DAY,
            )],
            chrono::TimeDelta::days(1),
        )?;
    }
    create_demo_event(app, owner, spec)
}

/// Creates a Swiss event owned by `owner`, registers the players and plays the first `played`
/// rounds, every result entered by the organiser (so final at once). It is marked as a
/// demonstration: the engine reviews its games after real events'.
pub fn create_demo_event(app: &App, owner: &User, spec: &DemoSpec) -> Result<Event, ServiceError> {
    let settings = SettingsInput {
        name: spec.name.clone(),
        location: Some("Luanda".into()),
        format: Some("swiss".into()),
        rounds: Some(i64::try_from(spec.rounds).unwrap_or(i64::MAX)),
        ..SettingsInput::default()
    };
    let event = events::create_event(app, owner, &settings)?;
    {
        let mut conn = app.conn()?;
        crate::db::reviews::mark_demo(&mut conn, event.id)?;
    }
    let access = crate::service::access::access(app, EventRef::Id(event.id), Some(owner))?;
    let mut rng = fastrand::Rng::with_seed(spec.seed);
    for i in 0..spec.players {
        let name = format!(
            "{} {} {}",
            GIVEN_NAMES[rng.usize(..GIVEN_NAMES.len())],
            FAMILY_NAMES[rng.usize(..FAMILY_NAMES.len())],
            i + 1
        );
        players::add_player(
            app,
            &access,
            &PlayerInput {
                name,
                rating: Some(rng.i64(1200..2400)),
                ..PlayerInput::default()
            },
        )?;
    }
    let role = access.role().ok_or(ServiceError::Forbidden)?;
    let actor = Actor::Staff {
        user_id: owner.id,
        role,
    };
    if spec.played + usize::from(spec.open_round) > spec.rounds {
        return Err(ServiceError::invalid("rounds", ErrorCode::RoundsInvalid));
    }
    for _ in 0..spec.played {
        let access = crate::service::access::access(app, EventRef::Id(event.id), Some(owner))?;
        let round = rounds::pair_and_publish(app, &access)?;
        for board in round.boards.iter().filter(|b| b.second.is_some()) {
            let record = random_finished_record(event.variant, Side::South, rng.u64(..))
                .ok_or_else(|| ServiceError::Internal("no finished random game".into()))?
                .to_string();
            match games::submit_record(app, board.game_id, &actor, &record) {
                Ok(_) => {}
                Err(SubmitError::Service(e)) => return Err(e),
                Err(SubmitError::Refused(r)) => {
                    return Err(ServiceError::Internal(format!(
                        "a random record was refused: {}",
                        r.code
                    )));
                }
            }
        }
    }
    if spec.open_round {
        let access = crate::service::access::access(app, EventRef::Id(event.id), Some(owner))?;
        rounds::pair_and_publish(app, &access)?;
    }
    crate::service::access::access(app, EventRef::Id(event.id), Some(owner)).map(|a| a.event)
}

/// Entries of each event of the rating history.
const HISTORY_FIELD: usize = 200;

/// Rounds of each event of the rating history.
const HISTORY_ROUNDS: usize = 9;

/// Months the rating history spans.
const HISTORY_MONTHS: usize = 24;

/// A federation's past for the rating benchmark: `people` registered players and at least
/// `games` final games over the board, in finished rated events of 200 players and 9 rounds
/// (random pairings and results), spread over 24 months and already in the rating list (not
/// yet rated: the benchmark times that). One more such event, finished but not in the list,
/// follows in the month after; its id is returned with the others'.
pub fn seed_rating_history(
    app: &App,
    owner: &User,
    people: usize,
    games: usize,
    seed: u64,
) -> Result<(Vec<crate::domain::EventId>, crate::domain::EventId), ServiceError> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut conn = app.conn()?;
    let ids = register_history_people(app, &mut conn, people)?;
    let per_event = HISTORY_FIELD / 2 * HISTORY_ROUNDS;
    let events = games.div_ceil(per_event).max(1);
    let first_month = crate::tournament::ratings::Month::of(
        chrono::NaiveDate::from_ymd_opt(2024, 1, 15).unwrap_or_default(),
    );
    let mut listed = Vec::with_capacity(events);
    let mut last = None;
    for e in 0..=events {
        let month = first_month.0 + (e * HISTORY_MONTHS / events) as i32;
        let settings = SettingsInput {
            name: format!("Rated {}", e + 1),
            format: Some("swiss".into()),
            rounds: Some(HISTORY_ROUNDS as i64),
            rated: Some(true),
            ..SettingsInput::default()
        }
        .validate()?;
        let mut field: Vec<usize> = (0..people).collect();
        rng.shuffle(&mut field);
        field.truncate(HISTORY_FIELD);
        let event = crate::db::write_transaction(&mut conn, |conn| {
            let event = events::insert_event(conn, owner, &settings)?;
            let now = crate::db::now();
            let entries = insert_history_field(conn, event.id, &field, &ids, now)?;
            insert_random_rounds(conn, event.id, &entries, &mut rng, now)?;
            crate::db::events::set_event_state(
                conn,
                event.id,
                crate::domain::EventState::Finished,
                now,
            )?;
            if e < events {
                crate::db::ratings::set_rating_period(conn, event.id, Some(month))?;
                super::ratings::list_event_games(conn, event.id)?;
            }
            Ok::<_, ServiceError>(event.id)
        })?;
        if e < events {
            listed.push(event);
        } else {
            last = Some(event);
        }
    }
    let last = last.ok_or_else(|| ServiceError::Internal("no event seeded".into()))?;
    Ok((listed, last))
}

/// Registers `people` people of the rating history, a thousand a transaction: their names and
/// national ids, in order.
fn register_history_people(
    app: &App,
    conn: &mut crate::db::DbConnection,
    people: usize,
) -> Result<Vec<(String, String)>, ServiceError> {
    let issued = app.installation.issued_ids();
    let mut ids = Vec::with_capacity(people);
    for start in (0..people).step_by(1000) {
        crate::db::write_transaction(conn, |conn| {
            for i in start..(start + 1000).min(people) {
                let mut person = crate::service::entrant::ValidPlayer {
                    name: format!(
                        "{} {} {}",
                        GIVEN_NAMES[i % GIVEN_NAMES.len()],
                        FAMILY_NAMES[(i / GIVEN_NAMES.len()) % FAMILY_NAMES.len()],
                        i + 1
                    ),
                    rating: 0,
                    club: String::new(),
                    province: String::new(),
                    email: None,
                    missed_points: crate::domain::ByeKind::Zero,
                    details: crate::service::entrant::Details::default(),
                };
                super::registry::enter(conn, &issued, None, &mut person, false)?;
                ids.push((
                    person.name,
                    person.details.federation_id.unwrap_or_default(),
                ));
            }
            Ok::<_, ServiceError>(())
        })?;
    }
    Ok(ids)
}

/// Enters the people `field` (indices into `ids`) in a history event: their entries' ids.
fn insert_history_field(
    conn: &mut crate::db::DbConnection,
    event_id: crate::domain::EventId,
    field: &[usize],
    ids: &[(String, String)],
    now: chrono::NaiveDateTime,
) -> Result<Vec<crate::domain::PlayerId>, ServiceError> {
    use crate::db::events::NewPlayer;
    use crate::domain::{ByeKind, FideDetails, PlayerStatus, Tags};
    let secrets: Vec<String> = (0..HISTORY_FIELD)
        .map(|_| super::crypto::random_token())
        .collect::<Result<_, _>>()?;
    let tags = Tags::default();
    let rows: Vec<NewPlayer<'_>> = field
        .iter()
        .zip(&secrets)
        .enumerate()
        .map(|(n, (&p, secret))| NewPlayer {
            event_id,
            number: n as i32 + 1,
            name: &ids[p].0,
            rating: 0,
            club: "",
            province: "",
            email: None,
            user_id: None,
            secret,
            status: PlayerStatus::Active,
            joined_round: 1,
            missed_points: ByeKind::Zero,
            created_at: now,
            sex: None,
            birth_year: None,
            federation_id: Some(&ids[p].1),
            tags: &tags,
            account_via: None,
            fide: FideDetails::default(),
        })
        .collect();
    crate::db::events::insert_players(conn, &rows)?;
    Ok(crate::db::events::players_of_event(conn, event_id)?
        .iter()
        .map(|p| p.id)
        .collect())
}

/// A history event's rounds, paired at random among `entries`, every game final with a random
/// result.
fn insert_random_rounds(
    conn: &mut crate::db::DbConnection,
    event_id: crate::domain::EventId,
    entries: &[crate::domain::PlayerId],
    rng: &mut fastrand::Rng,
    now: chrono::NaiveDateTime,
) -> Result<(), ServiceError> {
    use crate::db::events::NewGame;
    use crate::domain::{GameStatus, Stage, StoredResult};
    for round in 1..=HISTORY_ROUNDS {
        let round_id =
            crate::db::events::insert_round(conn, event_id, round as i32, Stage::Swiss, now)?.id;
        let mut order = entries.to_vec();
        rng.shuffle(&mut order);
        // An odd player out sits out the round.
        order.truncate(order.len() / 2 * 2);
        let games: Vec<NewGame<'_>> = order
            .chunks(2)
            .enumerate()
            .map(|(board, pair)| NewGame {
                event_id,
                round_id,
                board: board as i32 + 1,
                game_no: 1,
                bracket_code: None,
                first_id: pair.first().copied(),
                second_id: pair.get(1).copied(),
                status: GameStatus::Final,
                result: Some(match rng.u8(..10) {
                    0..=3 => StoredResult::FirstWins,
                    4..=7 => StoredResult::SecondWins,
                    _ => StoredResult::Draw,
                }),
                // Each seeded result stands for an adjudicated game, so that the list
                // counts it as it would a verified one.
                termination: Some(crate::rules::Termination::Adjudication),
                updated_at: now,
            })
            .collect();
        crate::db::events::insert_games(conn, &games)?;
    }
    Ok(())
}
