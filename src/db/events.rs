//! Events, their staff, players, byes, rounds, games, submissions, the audit log and the
//! standings cache.

use super::limit::LimitRows;
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConnection;
use super::schema::{
    audit_log, event_live, event_origins, event_staff, events, games, player_byes, players,
    prize_funds, rounds, submissions, users,
};
use crate::domain::{
    AccountVia, AdjudicationFallback, AdjudicationRule, AuditAction, Bye, ByeKind, Event, EventId,
    EventState, FideDetails, Format, Game, GameId, GameStatus, Player, PlayerId, PlayerStatus,
    Round, RoundId, RoundState, Sex, StaffRole, Stage, StoredResult, Submission, SubmissionId,
    SubmissionStatus, SubmitterRole, Tags, Tiebreaks, UserId, UtcOffset,
};
use crate::rules::{Termination, Variant, VerdictKind};
use crate::tournament::history::{Colour, PointSystem};

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = events)]
struct EventRow {
    id: EventId,
    slug: String,
    name: String,
    starts_on: Option<NaiveDate>,
    ends_on: Option<NaiveDate>,
    location: String,
    variant: Variant,
    format: Format,
    rounds: i32,
    games_per_match: i32,
    knockout_size: i32,
    third_place: bool,
    grand_final_reset: bool,
    tiebreaks: Tiebreaks,
    points_win: i32,
    points_draw: i32,
    points_loss: i32,
    points_bye: i32,
    initial_colour: Colour,
    accelerated: bool,
    self_registration: bool,
    check_in: bool,
    rated: bool,
    rating_period: Option<i32>,
    state: EventState,
    owner_id: UserId,
    version: i32,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    utc_offset: Option<UtcOffset>,
    adjudication_margin: i32,
    adjudication_otherwise: AdjudicationFallback,
}

/// Where an imported event was run, as stored.
#[derive(Queryable, Selectable)]
#[diesel(table_name = event_origins)]
struct OriginRow {
    installation: String,
    name: String,
    origin_event: i32,
}

/// The public's delay of an event's games in play, as stored.
#[derive(Queryable, Selectable)]
#[diesel(table_name = event_live)]
struct LiveRow {
    delay_minutes: i32,
}

/// An event read with where it was run, when it was imported, and its public's delay.
type EventWithOrigin = (EventRow, Option<OriginRow>, Option<LiveRow>);

fn event_of((row, origin, live): EventWithOrigin) -> Event {
    let mut event = Event::from(row);
    event.live_delay_minutes = live.map_or(0, |l| u32::try_from(l.delay_minutes).unwrap_or(0));
    event.origin = origin.map(|o| crate::domain::Origin {
        installation: o.installation,
        name: o.name,
        event_id: o.origin_event,
    });
    event
}

impl From<EventRow> for Event {
    fn from(row: EventRow) -> Event {
        // The schema's CHECKs keep the points at 0 or more.
        let tenths = |v: i32| u32::try_from(v).unwrap_or(0);
        Event {
            id: row.id,
            slug: row.slug,
            name: row.name,
            starts_on: row.starts_on,
            ends_on: row.ends_on,
            location: row.location,
            variant: row.variant,
            format: row.format,
            rounds: row.rounds,
            games_per_match: row.games_per_match,
            knockout_size: row.knockout_size,
            third_place: row.third_place,
            grand_final_reset: row.grand_final_reset,
            tiebreaks: row.tiebreaks.list().to_vec(),
            points: PointSystem {
                win: tenths(row.points_win),
                draw: tenths(row.points_draw),
                loss: tenths(row.points_loss),
                zero_bye: 0,
                forfeit_loss: tenths(row.points_loss),
                pab: tenths(row.points_bye),
                half_bye: tenths(row.points_draw),
                full_bye: tenths(row.points_win),
            },
            initial_colour: row.initial_colour,
            accelerated: row.accelerated,
            self_registration: row.self_registration,
            check_in: row.check_in,
            rated: row.rated,
            rating_period: row.rating_period.map(crate::tournament::ratings::Month),
            utc_offset: row.utc_offset,
            adjudication: AdjudicationRule {
                margin: u32::try_from(row.adjudication_margin).unwrap_or(0),
                otherwise: row.adjudication_otherwise,
            },
            live_delay_minutes: 0,
            state: row.state,
            owner_id: row.owner_id,
            version: row.version,
            updated_at: row.updated_at,
            created_at: row.created_at,
            origin: None,
        }
    }
}

/// Settings written when an event is created or edited (an absent date or offset is cleared).
#[derive(Clone, Debug, Insertable, AsChangeset)]
#[diesel(table_name = events, treat_none_as_null = true)]
pub struct EventSettings {
    pub name: String,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    pub location: String,
    pub variant: Variant,
    pub format: Format,
    pub rounds: i32,
    pub games_per_match: i32,
    pub knockout_size: i32,
    pub third_place: bool,
    pub grand_final_reset: bool,
    pub tiebreaks: Tiebreaks,
    /// Points in tenths.
    pub points_win: i32,
    pub points_draw: i32,
    pub points_loss: i32,
    pub points_bye: i32,
    pub initial_colour: Colour,
    pub accelerated: bool,
    pub self_registration: bool,
    pub check_in: bool,
    pub rated: bool,
    pub utc_offset: Option<UtcOffset>,
    pub adjudication_margin: i32,
    pub adjudication_otherwise: AdjudicationFallback,
}

pub(crate) fn insert_event(
    conn: &mut DbConnection,
    slug: &str,
    settings: &EventSettings,
    owner_id: UserId,
    now: NaiveDateTime,
) -> QueryResult<EventId> {
    diesel::insert_into(events::table)
        .values((
            settings,
            events::slug.eq(slug),
            events::owner_id.eq(owner_id),
            events::created_at.eq(now),
            events::updated_at.eq(now),
        ))
        .returning(events::id)
        .get_result(conn)
}

pub(crate) fn update_event(
    conn: &mut DbConnection,
    id: EventId,
    settings: &EventSettings,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(events::table.find(id))
        .set((
            settings,
            events::updated_at.eq(now),
            events::version.eq(events::version + 1),
        ))
        .execute(conn)
}

/// Minutes the public waits to see the event's games in play.
pub(crate) fn live_delay_of(conn: &mut DbConnection, id: EventId) -> QueryResult<i32> {
    Ok(event_live::table
        .find(id)
        .select(event_live::delay_minutes)
        .first_row()
        .get_result(conn)
        .optional()?
        .unwrap_or(0))
}

/// Sets the minutes the public waits to see the event's games in play.
pub(crate) fn set_live_delay(
    conn: &mut DbConnection,
    id: EventId,
    minutes: i32,
) -> QueryResult<()> {
    diesel::delete(event_live::table.find(id)).execute(conn)?;
    if minutes > 0 {
        diesel::insert_into(event_live::table)
            .values((
                event_live::event_id.eq(id),
                event_live::delay_minutes.eq(minutes),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A round.
pub(crate) fn round_by_id(conn: &mut DbConnection, id: RoundId) -> QueryResult<Option<Round>> {
    rounds::table
        .find(id)
        .select(Round::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// A round's number.
pub(crate) fn round_number_of(conn: &mut DbConnection, id: RoundId) -> QueryResult<i32> {
    rounds::table
        .find(id)
        .select(rounds::number)
        .first_row()
        .get_result(conn)
}

pub(crate) fn event_by_id(conn: &mut DbConnection, id: EventId) -> QueryResult<Option<Event>> {
    Ok(events::table
        .left_join(event_origins::table)
        .left_join(event_live::table)
        .filter(events::id.eq(id))
        .select(<EventWithOrigin>::as_select())
        .first_row()
        .get_result(conn)
        .optional()?
        .map(event_of))
}

pub(crate) fn event_by_slug(conn: &mut DbConnection, slug: &str) -> QueryResult<Option<Event>> {
    Ok(events::table
        .left_join(event_origins::table)
        .left_join(event_live::table)
        .filter(events::slug.eq(slug))
        .select(<EventWithOrigin>::as_select())
        .first_row()
        .get_result(conn)
        .optional()?
        .map(event_of))
}

pub(crate) fn slug_taken(conn: &mut DbConnection, slug: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        events::table.filter(events::slug.eq(slug)),
    ))
    .get_result(conn)
}

pub(crate) fn list_events(conn: &mut DbConnection) -> QueryResult<Vec<Event>> {
    Ok(events::table
        .left_join(event_origins::table)
        .left_join(event_live::table)
        .order((events::created_at.desc(), events::id.desc()))
        .select(<EventWithOrigin>::as_select())
        .load(conn)?
        .into_iter()
        .map(event_of)
        .collect())
}

/// The events in `state`, the most recently changed first, at most `limit`.
pub(crate) fn events_in_state(
    conn: &mut DbConnection,
    state: EventState,
    limit: i64,
) -> QueryResult<Vec<Event>> {
    Ok(events::table
        .left_join(event_origins::table)
        .left_join(event_live::table)
        .filter(events::state.eq(state))
        .order((events::updated_at.desc(), events::id.desc()))
        .select(<EventWithOrigin>::as_select())
        .limit_rows(limit)
        .load(conn)?
        .into_iter()
        .map(event_of)
        .collect())
}

pub(crate) fn set_event_state(
    conn: &mut DbConnection,
    id: EventId,
    state: EventState,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(events::table.find(id))
        .set((
            events::state.eq(state),
            events::updated_at.eq(now),
            events::version.eq(events::version + 1),
        ))
        .execute(conn)
}

/// Marks the event as changed, so cached public pages and standings are renewed.
pub(crate) fn bump_event(
    conn: &mut DbConnection,
    id: EventId,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(events::table.find(id))
        .set((
            events::updated_at.eq(now),
            events::version.eq(events::version + 1),
        ))
        .execute(conn)
}

/// A staff member with the account's name and e-mail.
#[derive(Clone, Debug, Queryable)]
pub struct StaffRow {
    pub user_id: UserId,
    pub role: StaffRole,
    pub display_name: String,
    pub email: String,
}

pub(crate) fn staff_of_event(
    conn: &mut DbConnection,
    event_id: EventId,
) -> QueryResult<Vec<StaffRow>> {
    event_staff::table
        .inner_join(users::table)
        .filter(event_staff::event_id.eq(event_id))
        .order(event_staff::id)
        .select((
            event_staff::user_id,
            event_staff::role,
            users::display_name,
            users::email,
        ))
        .load(conn)
}

pub(crate) fn staff_role(
    conn: &mut DbConnection,
    event_id: EventId,
    user_id: UserId,
) -> QueryResult<Option<StaffRole>> {
    event_staff::table
        .filter(event_staff::event_id.eq(event_id))
        .filter(event_staff::user_id.eq(user_id))
        .select(event_staff::role)
        .first_row()
        .get_result(conn)
        .optional()
}

pub(crate) fn set_staff(
    conn: &mut DbConnection,
    event_id: EventId,
    user_id: UserId,
    role: StaffRole,
) -> QueryResult<usize> {
    let updated = diesel::update(
        event_staff::table
            .filter(event_staff::event_id.eq(event_id))
            .filter(event_staff::user_id.eq(user_id)),
    )
    .set(event_staff::role.eq(role))
    .execute(conn)?;
    if updated > 0 {
        return Ok(updated);
    }
    diesel::insert_into(event_staff::table)
        .values((
            event_staff::event_id.eq(event_id),
            event_staff::user_id.eq(user_id),
            event_staff::role.eq(role),
        ))
        .execute(conn)
}

pub(crate) fn remove_staff(
    conn: &mut DbConnection,
    event_id: EventId,
    user_id: UserId,
) -> QueryResult<usize> {
    diesel::delete(
        event_staff::table
            .filter(event_staff::event_id.eq(event_id))
            .filter(event_staff::user_id.eq(user_id)),
    )
    .execute(conn)
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = players)]
pub struct NewPlayer<'a> {
    pub event_id: EventId,
    pub number: i32,
    pub name: &'a str,
    pub rating: i32,
    pub club: &'a str,
    pub province: &'a str,
    pub email: Option<&'a str>,
    pub user_id: Option<UserId>,
    pub secret: &'a str,
    pub status: PlayerStatus,
    pub joined_round: i32,
    pub missed_points: ByeKind,
    pub created_at: NaiveDateTime,
    pub sex: Option<Sex>,
    pub birth_year: Option<i32>,
    pub federation_id: Option<&'a str>,
    pub tags: &'a Tags,
    #[diesel(embed)]
    pub fide: FideDetails,
    pub account_via: Option<AccountVia>,
}

/// The details of an entry an organiser may change.
#[derive(Clone, Debug, AsChangeset)]
#[diesel(table_name = players, treat_none_as_null = true)]
pub struct PlayerChange {
    pub name: String,
    pub rating: i32,
    pub club: String,
    pub province: String,
    pub email: Option<String>,
    pub sex: Option<Sex>,
    pub birth_year: Option<i32>,
    pub federation_id: Option<String>,
    pub tags: Tags,
}

pub(crate) fn update_player(
    conn: &mut DbConnection,
    id: PlayerId,
    change: &PlayerChange,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set(change)
        .execute(conn)
}

/// Whether the entry is on any board of any round (drafts included).
pub(crate) fn player_has_games(conn: &mut DbConnection, id: PlayerId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        games::table.filter(games::first_id.eq(id).or(games::second_id.eq(id))),
    ))
    .get_result(conn)
}

pub(crate) fn delete_player(conn: &mut DbConnection, id: PlayerId) -> QueryResult<usize> {
    diesel::delete(players::table.find(id)).execute(conn)
}

pub(crate) fn insert_player(
    conn: &mut DbConnection,
    player: &NewPlayer<'_>,
) -> QueryResult<PlayerId> {
    diesel::insert_into(players::table)
        .values(player)
        .returning(players::id)
        .get_result(conn)
}

/// Inserts many entries, a few hundred rows to a statement (both backends' limits on bound
/// values stay far away).
pub(crate) fn insert_players(
    conn: &mut DbConnection,
    players: &[NewPlayer<'_>],
) -> QueryResult<usize> {
    let mut inserted = 0;
    for chunk in players.chunks(500) {
        // A statement of many rows is each backend's own dialect.
        inserted += match conn {
            DbConnection::Sqlite(c) => diesel::insert_into(players::table)
                .values(chunk)
                .execute(c)?,
            DbConnection::Postgres(c) => diesel::insert_into(players::table)
                .values(chunk)
                .execute(c)?,
        };
    }
    Ok(inserted)
}

pub(crate) fn next_player_number(conn: &mut DbConnection, event_id: EventId) -> QueryResult<i32> {
    let max: Option<i32> = players::table
        .filter(players::event_id.eq(event_id))
        .select(diesel::dsl::max(players::number))
        .first_row()
        .get_result(conn)?;
    Ok(max.unwrap_or(0) + 1)
}

/// How many entries an event has.
pub(crate) fn players_of_event_count(
    conn: &mut DbConnection,
    event_id: EventId,
) -> QueryResult<i64> {
    players::table
        .filter(players::event_id.eq(event_id))
        .count()
        .get_result(conn)
}

pub(crate) fn players_of_event(
    conn: &mut DbConnection,
    event_id: EventId,
) -> QueryResult<Vec<Player>> {
    players::table
        .filter(players::event_id.eq(event_id))
        .order(players::number)
        .select(Player::as_select())
        .load(conn)
}

pub(crate) fn player_by_id(conn: &mut DbConnection, id: PlayerId) -> QueryResult<Option<Player>> {
    players::table
        .find(id)
        .select(Player::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// The entries bound to an account, newest event first.
pub(crate) fn entries_of_user(conn: &mut DbConnection, user: UserId) -> QueryResult<Vec<Player>> {
    players::table
        .filter(players::user_id.eq(user))
        .order(players::event_id.desc())
        .select(Player::as_select())
        .load(conn)
}

pub(crate) fn player_by_secret(
    conn: &mut DbConnection,
    secret: &str,
) -> QueryResult<Option<Player>> {
    players::table
        .filter(players::secret.eq(secret))
        .select(Player::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// Binds an entry to an account (or removes the binding).
/// Unbinds an entry from its account.
pub(crate) fn unbind_player_user(conn: &mut DbConnection, id: PlayerId) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set((
            players::user_id.eq(None::<UserId>),
            players::account_via.eq(None::<AccountVia>),
        ))
        .execute(conn)
}

/// Binds an entry that is bound to nobody, saying how; returns the rows changed (0: someone
/// else was first).
pub(crate) fn bind_player_user(
    conn: &mut DbConnection,
    id: PlayerId,
    user_id: UserId,
    via: AccountVia,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id).filter(players::user_id.is_null()))
        .set((players::user_id.eq(user_id), players::account_via.eq(via)))
        .execute(conn)
}

/// The organiser confirms the binding of an entry to the account it is bound to.
pub(crate) fn confirm_player_user(
    conn: &mut DbConnection,
    id: PlayerId,
    user_id: UserId,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id).filter(players::user_id.eq(user_id)))
        .set(players::account_via.eq(AccountVia::Organiser))
        .execute(conn)
}

/// Replaces an entry's personal-link secret.
pub(crate) fn set_player_secret(
    conn: &mut DbConnection,
    id: PlayerId,
    secret: &str,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set(players::secret.eq(secret))
        .execute(conn)
}

pub(crate) fn set_player_status(
    conn: &mut DbConnection,
    id: PlayerId,
    status: PlayerStatus,
    withdrawn_after: Option<i32>,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set((
            players::status.eq(status),
            players::withdrawn_after.eq(withdrawn_after),
        ))
        .execute(conn)
}

pub(crate) fn set_checked_in(
    conn: &mut DbConnection,
    id: PlayerId,
    checked_in: bool,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set(players::checked_in.eq(checked_in))
        .execute(conn)
}

pub(crate) fn clear_check_ins(conn: &mut DbConnection, event_id: EventId) -> QueryResult<usize> {
    diesel::update(players::table.filter(players::event_id.eq(event_id)))
        .set(players::checked_in.eq(false))
        .execute(conn)
}

pub(crate) fn set_player_seed(
    conn: &mut DbConnection,
    id: PlayerId,
    seed: Option<i32>,
) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set(players::seed.eq(seed))
        .execute(conn)
}

/// Gives players new pairing numbers (id → number), without tripping the uniqueness of
/// numbers halfway.
pub(crate) fn renumber_players(
    conn: &mut DbConnection,
    numbers: &[(PlayerId, i32)],
) -> QueryResult<()> {
    for &(id, _) in numbers {
        diesel::update(players::table.find(id))
            .set(players::number.eq(-id.0))
            .execute(conn)?;
    }
    for &(id, number) in numbers {
        diesel::update(players::table.find(id))
            .set(players::number.eq(number))
            .execute(conn)?;
    }
    Ok(())
}

pub(crate) fn set_bye(
    conn: &mut DbConnection,
    player_id: PlayerId,
    round: i32,
    kind: ByeKind,
) -> QueryResult<()> {
    diesel::delete(
        player_byes::table
            .filter(player_byes::player_id.eq(player_id))
            .filter(player_byes::round.eq(round)),
    )
    .execute(conn)?;
    diesel::insert_into(player_byes::table)
        .values((
            player_byes::player_id.eq(player_id),
            player_byes::round.eq(round),
            player_byes::kind.eq(kind),
        ))
        .execute(conn)?;
    Ok(())
}

pub(crate) fn byes_of_event(conn: &mut DbConnection, event_id: EventId) -> QueryResult<Vec<Bye>> {
    player_byes::table
        .inner_join(players::table)
        .filter(players::event_id.eq(event_id))
        .order((player_byes::round, player_byes::player_id))
        .select(Bye::as_select())
        .load(conn)
}

/// Adds a draft round; the round as stored.
pub(crate) fn insert_round(
    conn: &mut DbConnection,
    event_id: EventId,
    number: i32,
    stage: Stage,
    now: NaiveDateTime,
) -> QueryResult<Round> {
    diesel::insert_into(rounds::table)
        .values((
            rounds::event_id.eq(event_id),
            rounds::number.eq(number),
            rounds::stage.eq(stage),
            rounds::state.eq(RoundState::Draft),
            rounds::created_at.eq(now),
        ))
        .returning(rounds::id)
        .get_result::<RoundId>(conn)
        .and_then(|id| {
            rounds::table
                .find(id)
                .select(Round::as_select())
                .first_row()
                .get_result(conn)
        })
}

pub(crate) fn rounds_of_event(
    conn: &mut DbConnection,
    event_id: EventId,
) -> QueryResult<Vec<Round>> {
    rounds::table
        .filter(rounds::event_id.eq(event_id))
        .order(rounds::number)
        .select(Round::as_select())
        .load(conn)
}

pub(crate) fn round_by_number(
    conn: &mut DbConnection,
    event_id: EventId,
    number: i32,
) -> QueryResult<Option<Round>> {
    rounds::table
        .filter(rounds::event_id.eq(event_id))
        .filter(rounds::number.eq(number))
        .select(Round::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// Publishes a draft round; 0 rows when it was published already.
pub(crate) fn publish_round(
    conn: &mut DbConnection,
    id: RoundId,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        rounds::table
            .find(id)
            .filter(rounds::state.eq(RoundState::Draft)),
    )
    .set((
        rounds::state.eq(RoundState::Published),
        rounds::published_at.eq(now),
    ))
    .execute(conn)
}

/// A published round back to a draft.
pub(crate) fn unpublish_round(conn: &mut DbConnection, id: RoundId) -> QueryResult<usize> {
    diesel::update(
        rounds::table
            .find(id)
            .filter(rounds::state.eq(RoundState::Published)),
    )
    .set((
        rounds::state.eq(RoundState::Draft),
        rounds::published_at.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)
}

pub(crate) fn set_round_start(
    conn: &mut DbConnection,
    id: RoundId,
    starts_at: Option<NaiveDateTime>,
) -> QueryResult<usize> {
    diesel::update(rounds::table.find(id))
        .set(rounds::starts_at.eq(starts_at))
        .execute(conn)
}

pub(crate) fn delete_round(conn: &mut DbConnection, id: RoundId) -> QueryResult<usize> {
    diesel::delete(rounds::table.find(id)).execute(conn)
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = games)]
pub struct NewGame<'a> {
    pub event_id: EventId,
    pub round_id: RoundId,
    pub board: i32,
    pub game_no: i32,
    pub bracket_code: Option<&'a str>,
    pub first_id: Option<PlayerId>,
    pub second_id: Option<PlayerId>,
    pub status: GameStatus,
    pub result: Option<StoredResult>,
    /// How a result given at creation ended (a generated history's adjudications).
    pub termination: Option<crate::rules::Termination>,
    pub updated_at: NaiveDateTime,
}

/// Inserts many games, a few hundred rows to a statement (a generated history's rounds).
pub(crate) fn insert_games(conn: &mut DbConnection, games: &[NewGame<'_>]) -> QueryResult<usize> {
    let mut inserted = 0;
    for chunk in games.chunks(500) {
        inserted += match conn {
            DbConnection::Sqlite(c) => {
                diesel::insert_into(games::table).values(chunk).execute(c)?
            }
            DbConnection::Postgres(c) => {
                diesel::insert_into(games::table).values(chunk).execute(c)?
            }
        };
    }
    Ok(inserted)
}

/// Adds a game; the game as stored.
pub(crate) fn insert_game(conn: &mut DbConnection, game: &NewGame<'_>) -> QueryResult<Game> {
    diesel::insert_into(games::table)
        .values(game)
        .returning(games::id)
        .get_result::<GameId>(conn)
        .and_then(|id| {
            games::table
                .find(id)
                .select(Game::as_select())
                .first_row()
                .get_result(conn)
        })
}

pub(crate) fn games_of_round(conn: &mut DbConnection, round_id: RoundId) -> QueryResult<Vec<Game>> {
    games::table
        .filter(games::round_id.eq(round_id))
        .order((games::board, games::game_no))
        .select(Game::as_select())
        .load(conn)
}

pub fn games_of_event(conn: &mut DbConnection, event_id: EventId) -> QueryResult<Vec<Game>> {
    games::table
        .filter(games::event_id.eq(event_id))
        .order((games::round_id, games::board, games::game_no))
        .select(Game::as_select())
        .load(conn)
}

/// The games of an event without their records and final positions: what standings and
/// pairing read, a small part of what the records weigh.
pub(crate) fn games_of_event_without_records(
    conn: &mut DbConnection,
    event_id: EventId,
) -> QueryResult<Vec<Game>> {
    type Row = (
        (GameId, EventId, RoundId, i32, i32, Option<String>),
        (
            Option<PlayerId>,
            Option<PlayerId>,
            GameStatus,
            Option<StoredResult>,
        ),
        (Option<Termination>, Option<i32>, i32, NaiveDateTime),
        (Option<StoredResult>, Option<String>),
    );
    let rows: Vec<Row> = games::table
        .filter(games::event_id.eq(event_id))
        .order((games::round_id, games::board, games::game_no))
        .select((
            (
                games::id,
                games::event_id,
                games::round_id,
                games::board,
                games::game_no,
                games::bracket_code,
            ),
            (
                games::first_id,
                games::second_id,
                games::status,
                games::result,
            ),
            (
                games::termination,
                games::plies,
                games::version,
                games::updated_at,
            ),
            (games::corrected_from, games::correction_reason),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(
                (id, event_id, round_id, board, game_no, bracket_code),
                (first_id, second_id, status, result),
                (termination, plies, version, updated_at),
                (corrected_from, correction_reason),
            )| Game {
                id,
                event_id,
                round_id,
                board,
                game_no,
                bracket_code,
                first_id,
                second_id,
                status,
                result,
                termination,
                plies,
                record: None,
                final_position: None,
                version,
                updated_at,
                corrected_from,
                correction_reason,
            },
        )
        .collect())
}

pub(crate) fn game_by_id(conn: &mut DbConnection, id: GameId) -> QueryResult<Option<Game>> {
    games::table
        .find(id)
        .select(Game::as_select())
        .first_row()
        .get_result(conn)
        .optional()
}

/// What a state change of a game writes.
#[derive(Clone, Debug, AsChangeset)]
#[diesel(table_name = games, treat_none_as_null = true)]
pub struct GameOutcome<'a> {
    pub status: GameStatus,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    pub record: Option<&'a str>,
    pub final_position: Option<&'a str>,
    /// Set by a correction only; any other write of the game's state clears it.
    pub corrected_from: Option<StoredResult>,
    pub correction_reason: Option<&'a str>,
}

/// Writes a game's new state if nobody changed it since `version` was read; returns the rows
/// changed (0 means someone else got there first).
pub(crate) fn update_game(
    conn: &mut DbConnection,
    id: GameId,
    version: i32,
    outcome: &GameOutcome<'_>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(games::table.find(id).filter(games::version.eq(version)))
        .set((
            outcome,
            games::version.eq(version + 1),
            games::updated_at.eq(now),
        ))
        .execute(conn)
}

pub(crate) fn set_game_players(
    conn: &mut DbConnection,
    id: GameId,
    first: Option<PlayerId>,
    second: Option<PlayerId>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(games::table.find(id))
        .set((
            games::first_id.eq(first),
            games::second_id.eq(second),
            games::version.eq(games::version + 1),
            games::updated_at.eq(now),
        ))
        .execute(conn)
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = submissions)]
pub struct NewSubmission<'a> {
    pub game_id: GameId,
    pub user_id: Option<UserId>,
    pub player_id: Option<PlayerId>,
    pub role: SubmitterRole,
    pub record: &'a str,
    pub record_hash: &'a str,
    pub verdict: VerdictKind,
    pub reason: Option<&'a str>,
    pub ply: Option<i32>,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    pub status: SubmissionStatus,
    pub created_at: NaiveDateTime,
    pub record_bytes: i32,
    pub record_sha256: &'a str,
}

pub(crate) fn insert_submission(
    conn: &mut DbConnection,
    s: &NewSubmission<'_>,
) -> QueryResult<SubmissionId> {
    let record = super::storable(s.record);
    let s = NewSubmission {
        record: &record,
        ..s.clone()
    };
    diesel::insert_into(submissions::table)
        .values(&s)
        .returning(submissions::id)
        .get_result(conn)
}

pub fn submissions_of_game(
    conn: &mut DbConnection,
    game_id: GameId,
) -> QueryResult<Vec<Submission>> {
    submissions::table
        .filter(submissions::game_id.eq(game_id))
        .order(submissions::id)
        .select(Submission::as_select())
        .load(conn)
}

/// How many records this player (or, for staff, this account) sent for a game since a time.
pub(crate) fn count_recent_submissions(
    conn: &mut DbConnection,
    game_id: GameId,
    player_id: Option<PlayerId>,
    user_id: Option<UserId>,
    since: NaiveDateTime,
) -> QueryResult<i64> {
    let recent = submissions::table
        .filter(submissions::game_id.eq(game_id))
        .filter(submissions::created_at.gt(since));
    match (player_id, user_id) {
        (Some(player), _) => recent
            .filter(submissions::player_id.eq(player))
            .count()
            .get_result(conn),
        (None, Some(user)) => recent
            .filter(submissions::player_id.is_null())
            .filter(submissions::user_id.eq(user))
            .count()
            .get_result(conn),
        (None, None) => Ok(0),
    }
}

/// Marks every open (pending) submission of a game with a new status.
pub(crate) fn close_open_submissions(
    conn: &mut DbConnection,
    game_id: GameId,
    status: SubmissionStatus,
) -> QueryResult<usize> {
    diesel::update(
        submissions::table
            .filter(submissions::game_id.eq(game_id))
            .filter(submissions::status.eq(SubmissionStatus::Pending)),
    )
    .set(submissions::status.eq(status))
    .execute(conn)
}

/// Settles every open (pending or disputed) submission of a game: `accepted`, if any, stood
/// behind by staff; the others superseded.
pub(crate) fn settle_submissions(
    conn: &mut DbConnection,
    game_id: GameId,
    accepted: Option<SubmissionId>,
) -> QueryResult<usize> {
    let open = [SubmissionStatus::Pending, SubmissionStatus::Disputed];
    if let Some(id) = accepted {
        diesel::update(
            submissions::table
                .find(id)
                .filter(submissions::game_id.eq(game_id)),
        )
        .set(submissions::status.eq(SubmissionStatus::Confirmed))
        .execute(conn)?;
    }
    diesel::update(
        submissions::table
            .filter(submissions::game_id.eq(game_id))
            .filter(submissions::status.eq_any(open)),
    )
    .set(submissions::status.eq(SubmissionStatus::Superseded))
    .execute(conn)
}

#[derive(Clone, Debug, Queryable, Selectable, PartialEq, Eq)]
#[diesel(table_name = audit_log)]
pub struct AuditRow {
    pub id: i32,
    pub event_id: EventId,
    pub round_id: Option<RoundId>,
    pub game_id: Option<GameId>,
    pub actor_user: Option<UserId>,
    pub actor_player: Option<PlayerId>,
    pub action: AuditAction,
    pub from_state: Option<String>,
    pub to_state: Option<String>,
    pub detail: String,
    pub created_at: NaiveDateTime,
}

#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = audit_log)]
pub struct NewAudit<'a> {
    pub event_id: EventId,
    pub round_id: Option<RoundId>,
    pub game_id: Option<GameId>,
    pub actor_user: Option<UserId>,
    pub actor_player: Option<PlayerId>,
    pub action: AuditAction,
    pub from_state: Option<&'a str>,
    pub to_state: Option<&'a str>,
    pub detail: &'a str,
    pub created_at: NaiveDateTime,
}

pub(crate) fn insert_audit(conn: &mut DbConnection, entry: &NewAudit<'_>) -> QueryResult<usize> {
    let detail = super::storable(entry.detail);
    let entry = NewAudit {
        detail: &detail,
        ..entry.clone()
    };
    diesel::insert_into(audit_log::table)
        .values(&entry)
        .execute(conn)
}

pub(crate) fn audit_of_event(
    conn: &mut DbConnection,
    event_id: EventId,
) -> QueryResult<Vec<AuditRow>> {
    // By the moment of each line: an imported event's lines carry the moments the venue
    // wrote them, whatever order they were written in here.
    audit_log::table
        .filter(audit_log::event_id.eq(event_id))
        .order((audit_log::created_at.desc(), audit_log::id.desc()))
        .select(AuditRow::as_select())
        .load(conn)
}

pub fn audit_of_game(conn: &mut DbConnection, game_id: GameId) -> QueryResult<Vec<AuditRow>> {
    audit_log::table
        .filter(audit_log::game_id.eq(game_id))
        .order((audit_log::created_at, audit_log::id))
        .select(AuditRow::as_select())
        .load(conn)
}

/// An event's prize fund as stored (JSON) and whether its list is public before the end.
pub(crate) fn prize_fund(
    conn: &mut DbConnection,
    event_id: EventId,
) -> QueryResult<Option<(String, bool)>> {
    prize_funds::table
        .find(event_id)
        .select((prize_funds::fund, prize_funds::published))
        .first_row()
        .get_result(conn)
        .optional()
}

/// Stores an event's prize fund, replacing any earlier one.
pub(crate) fn store_prize_fund(
    conn: &mut DbConnection,
    event_id: EventId,
    fund: &str,
    published: bool,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::delete(prize_funds::table.find(event_id)).execute(conn)?;
    diesel::insert_into(prize_funds::table)
        .values((
            prize_funds::event_id.eq(event_id),
            prize_funds::fund.eq(fund),
            prize_funds::published.eq(published),
            prize_funds::updated_at.eq(now),
        ))
        .execute(conn)
}

/// Makes `owner` the event's owner, in place of its owner and every other member of its staff
/// (an imported event handed to another organiser).
pub(crate) fn hand_over(conn: &mut DbConnection, event: EventId, owner: UserId) -> QueryResult<()> {
    diesel::delete(event_staff::table.filter(event_staff::event_id.eq(event))).execute(conn)?;
    diesel::update(events::table.find(event))
        .set(events::owner_id.eq(owner))
        .execute(conn)?;
    Ok(())
}

/// Deletes an event and everything of it (its rows below it first, for the foreign keys that
/// do not cascade).
pub(crate) fn delete_event(conn: &mut DbConnection, event: EventId) -> QueryResult<()> {
    super::archive::clear_event(conn, event)?;
    diesel::delete(events::table.find(event)).execute(conn)?;
    Ok(())
}
