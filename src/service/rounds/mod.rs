//! Rounds: pairing the next round in the event's format, reviewing a draft by hand (every
//! change logged), and publishing it.

mod edit;

use crate::domain::ErrorCode;
use std::collections::HashMap;

use serde::Serialize;

pub use edit::{ManualBoard, ManualPairing, PairingWarning};
pub(crate) use edit::{pair_again, pair_by_hand, withdraw};

use super::access::Access;
use super::event_data::EventData;
use super::round_plan::{
    PlannedGame, knockout_seeds, plan_knockout, plan_round_robin, plan_swiss, plan_swiss_to_pair,
    planned_rounds,
};
use super::{App, ServiceError, audit, bracket, standings};
use crate::db::events::{self as q, NewGame};
use crate::db::{self, DbConnection, event_transaction, is_unique_violation};
use crate::domain::{
    AuditAction, EventState, GameId, GameStatus, PlayerId, PlayerStatus, Round, RoundId,
    RoundState, Stage, StoredResult,
};
use crate::rules::Termination;
use crate::tournament::knockout::{MatchStage, StageName};

/// Seeds the knockout stage (`data` follows).
fn seed_knockout(conn: &mut DbConnection, data: &mut EventData) -> Result<(), ServiceError> {
    let seeded = knockout_seeds(data);
    if seeded.len() < 2 {
        return Err(ServiceError::Conflict(ErrorCode::NotEnoughPlayers));
    }
    for (i, &id) in seeded.iter().enumerate() {
        let seed = Some(i as i32 + 1);
        q::set_player_seed(conn, id, seed)?;
        if let Some(player) = data.players.iter_mut().find(|p| p.id == id) {
            player.seed = seed;
        }
    }
    Ok(())
}

/// Pairing numbers in rating order (highest first), fixed when the first round is paired
/// (`data` follows, its players in their new order).
fn number_by_rating(conn: &mut DbConnection, data: &mut EventData) -> Result<(), ServiceError> {
    let numbers = rating_order(data);
    q::renumber_players(conn, &numbers)?;
    apply_numbers(data, &numbers);
    Ok(())
}

/// The pairing numbers the first round gives: by rating, then name, pending entries last.
fn rating_order(data: &EventData) -> Vec<(PlayerId, i32)> {
    let mut order: Vec<&crate::domain::Player> = data.players.iter().collect();
    order.sort_by(|a, b| {
        let pending = |p: &crate::domain::Player| p.status == PlayerStatus::Pending;
        pending(a)
            .cmp(&pending(b))
            .then(b.rating.cmp(&a.rating))
            .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then(a.id.cmp(&b.id))
    });
    order
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i as i32 + 1))
        .collect()
}

/// Gives the players of `data` their new numbers, in number order.
fn apply_numbers(data: &mut EventData, numbers: &[(PlayerId, i32)]) {
    let by_id: HashMap<PlayerId, i32> = numbers.iter().copied().collect();
    for player in &mut data.players {
        if let Some(&number) = by_id.get(&player.id) {
            player.number = number;
        }
    }
    data.players.sort_by_key(|p| p.number);
}

/// A round as shown.
#[derive(Clone, Debug, Serialize)]
pub struct RoundView {
    pub id: RoundId,
    pub number: i32,
    pub stage: Stage,
    pub state: RoundState,
    pub starts_at: Option<chrono::NaiveDateTime>,
    pub boards: Vec<BoardView>,
    /// A knockout round's stages (semi-finals, the final and the third place …), in order.
    #[serde(skip)]
    pub stages: Vec<StageName>,
}

/// A player on a board.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerRef {
    pub id: PlayerId,
    pub number: i32,
    pub name: String,
    pub rating: i32,
    /// Points before the round.
    pub points: f64,
}

/// One game of a round.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    pub game_id: GameId,
    pub board: i32,
    pub game_no: i32,
    pub bracket_code: Option<String>,
    /// What the knockout match is called (semi-final 2, the final …).
    #[serde(skip)]
    pub match_stage: Option<MatchStage>,
    pub first: Option<PlayerRef>,
    pub second: Option<PlayerRef>,
    pub status: GameStatus,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
}

fn round_view(data: &EventData, number: i32) -> Option<RoundView> {
    let round = data.round(number)?;
    let before = (number - 1).max(0) as usize;
    let histories = data.histories(before);
    let index = data.index();
    let reference = |id: Option<PlayerId>| {
        let id = id?;
        let &i = index.get(&id)?;
        let p = &data.players[i];
        Some(PlayerRef {
            id: p.id,
            number: p.number,
            name: p.name.clone(),
            rating: p.rating,
            points: f64::from(histories[i].score_after(before, &data.event.points)) / 10.0,
        })
    };
    let shape = (round.stage == Stage::Knockout).then(|| {
        let seeds = bracket::seeds(data);
        bracket::shape(data, seeds.len())
    });
    let match_stage = |code: Option<&str>| shape.as_ref()?.stage(code?);
    let boards: Vec<BoardView> = data
        .games_of_round(round.id)
        .into_iter()
        .map(|g| BoardView {
            game_id: g.id,
            board: g.board,
            game_no: g.game_no,
            bracket_code: g.bracket_code.clone(),
            match_stage: match_stage(g.bracket_code.as_deref()),
            first: reference(g.first_id),
            second: reference(g.second_id),
            status: g.status,
            result: g.result,
            termination: g.termination,
        })
        .collect();
    let mut stages: Vec<StageName> = Vec::new();
    for b in &boards {
        if let Some(stage) = b.match_stage
            && !stages.contains(&stage.name)
        {
            stages.push(stage.name);
        }
    }
    Some(RoundView {
        id: round.id,
        number: round.number,
        stage: round.stage,
        state: round.state,
        starts_at: round.starts_at,
        boards,
        stages,
    })
}

/// A round of the event; a draft only for its organisers and arbiters.
pub(crate) fn view(app: &App, access: &Access, number: i32) -> Result<RoundView, ServiceError> {
    let mut conn = app.conn()?;
    let data = EventData::load_seen(&mut conn, access.event.clone(), access.is_arbiter())?;
    let round = round_view(&data, number).ok_or(ServiceError::NotFound)?;
    if round.state == RoundState::Draft && !access.is_arbiter() {
        return Err(ServiceError::NotFound);
    }
    Ok(round)
}

/// Every round visible to the caller, with its boards.
pub(crate) fn all(app: &App, access: &Access) -> Result<Vec<RoundView>, ServiceError> {
    let mut conn = app.conn()?;
    let data = EventData::load_seen(&mut conn, access.event.clone(), access.is_arbiter())?;
    Ok(visible(&data, access))
}

/// The rounds of `data` that the caller may see (drafts for staff only).
pub(crate) fn visible(data: &EventData, access: &Access) -> Vec<RoundView> {
    data.rounds
        .iter()
        .filter(|r| r.is_published() || access.is_arbiter())
        .filter_map(|r| round_view(data, r.number))
        .collect()
}

/// Pairs the next round as a draft for review. Refused while the current round is a draft
/// or has a game without a final result (the message names the boards).
pub(crate) fn pair_next(app: &App, access: &Access) -> Result<RoundView, ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    pair_ahead(&mut conn, access, |_, round| Ok(round))
}

/// How many times a round computed ahead is computed again from a new read when the event
/// changed while it was being computed, before the write transaction computes it itself.
const PLANS: usize = 3;

/// Pairs the next round and does `then` with it, in one short write transaction: a Swiss
/// round is computed ahead from a read of the event ([`plan_ahead`]) and written only if the
/// event is still at the version read; if it changed meanwhile (a late result, an entry, a
/// withdrawal), nothing is written and the round is computed again from a new read, so the
/// write lock is never held while a large field is paired. After [`PLANS`] changed reads, or
/// for a round not computed ahead (a knockout's), the transaction computes it.
fn pair_ahead<T>(
    conn: &mut DbConnection,
    access: &Access,
    then: impl Fn(&mut DbConnection, RoundView) -> Result<T, ServiceError>,
) -> Result<T, ServiceError> {
    for _ in 0..PLANS {
        let Some(planned) = plan_ahead(conn, access) else {
            break;
        };
        if let Some(done) = write_planned(conn, access, &planned, &then)? {
            return Ok(done);
        }
    }
    event_transaction(conn, access.event.id, |conn| {
        let round = pair_next_in(conn, access, None)?;
        then(conn, round)
    })
}

/// Writes a round computed ahead and does `then` with it, in one transaction; `None`, with
/// nothing written, when the event is no longer at the version the round was computed from.
fn write_planned<T>(
    conn: &mut DbConnection,
    access: &Access,
    planned: &PlannedAhead,
    then: impl Fn(&mut DbConnection, RoundView) -> Result<T, ServiceError>,
) -> Result<Option<T>, ServiceError> {
    event_transaction(conn, access.event.id, |conn| {
        let current = q::event_by_id(conn, access.event.id)?.ok_or(ServiceError::NotFound)?;
        if current.version != planned.version {
            return Ok(None);
        }
        let round = pair_next_in(conn, access, Some(planned))?;
        then(conn, round).map(Some)
    })
}

/// A Swiss round computed before the write transaction, from a read of the event at `version`,
/// with what it was computed from.
struct PlannedAhead {
    version: i32,
    number: i32,
    inputs: SwissInputs,
    games: Vec<PlannedGame>,
}

/// What a Swiss round's pairing depends on beyond the event's settings: the players in order,
/// who is to be paired, and everyone's rounds so far.
#[derive(PartialEq)]
struct SwissInputs {
    players: Vec<PlayerId>,
    to_pair: Vec<bool>,
    histories: Vec<crate::tournament::history::PlayerHistory>,
}

impl SwissInputs {
    fn of(data: &EventData, number: i32) -> SwissInputs {
        SwissInputs {
            players: data.players.iter().map(|p| p.id).collect(),
            to_pair: plan_swiss_to_pair(data, number),
            histories: data.histories((number - 1) as usize),
        }
    }
}

/// Computes the next Swiss round outside the write transaction, so pairing a large field does
/// not hold the event's write lock (and with SQLite, every writer's) while it runs. The first
/// round is computed on the pairing numbers it will give (the transaction gives them, and the
/// plan stands only if they come out the same); a knockout seeds its bracket and pairs it
/// quickly, in the transaction. `None` whenever anything stands in the way: the transaction
/// then decides, as it always did.
fn plan_ahead(conn: &mut DbConnection, access: &Access) -> Option<PlannedAhead> {
    // The version is read before the rest: a change landing in between makes the plan stale,
    // never a plan that looks current.
    let event = q::event_by_id(conn, access.event.id).ok()??;
    let version = event.version;
    let mut data = EventData::load_without_records(conn, event).ok()?;
    ready_for_next_round(&data).ok()?;
    let number = data.rounds.last().map_or(1, |r| r.number + 1);
    if number > planned_rounds(&data) || stage_of(&data, number) != Stage::Swiss {
        return None;
    }
    if number == 1 {
        let numbers = rating_order(&data);
        apply_numbers(&mut data, &numbers);
    }
    let games = plan_swiss(&data, number).ok()?;
    Some(PlannedAhead {
        version,
        number,
        inputs: SwissInputs::of(&data, number),
        games,
    })
}

fn pair_next_in(
    conn: &mut DbConnection,
    access: &Access,
    planned: Option<&PlannedAhead>,
) -> Result<RoundView, ServiceError> {
    // The round computed ahead stands only if nothing changed the event since it was read.
    let current = q::event_by_id(conn, access.event.id)?.ok_or(ServiceError::NotFound)?;
    let planned = planned.filter(|p| p.version == current.version);
    let mut data = EventData::load_without_records(conn, access.event.clone())?;
    ready_for_next_round(&data)?;
    let number = data.rounds.last().map_or(1, |r| r.number + 1);
    if number == 1 {
        start_event(conn, &mut data)?;
    }
    let stage = stage_of(&data, number);
    if stage == Stage::Knockout && number == bracket::first_round(&data) {
        seed_knockout(conn, &mut data)?;
    }
    if number > planned_rounds(&data) {
        return Err(ServiceError::Conflict(ErrorCode::NoMoreRounds));
    }
    // With check-in on, a Swiss round pairs those present: say so when nobody is yet.
    let present = |p: &crate::domain::Player| p.status == PlayerStatus::Active && p.checked_in;
    if stage == Stage::Swiss && data.event.check_in && !data.players.iter().any(present) {
        return Err(ServiceError::Conflict(ErrorCode::NobodyCheckedIn));
    }
    let games = match (stage, planned) {
        (Stage::Swiss, Some(p))
            if p.number == number && p.inputs == SwissInputs::of(&data, number) =>
        {
            p.games.clone()
        }
        (Stage::Swiss, _) => plan_swiss(&data, number)?,
        (Stage::RoundRobin, _) => plan_round_robin(&data, number)?,
        (Stage::Knockout, _) => plan_knockout(&data, number)?,
    };
    if games.is_empty() {
        return Err(ServiceError::Conflict(ErrorCode::NoMoreRounds));
    }
    let round_id = store_round(conn, &mut data, number, stage, &games)?;
    audit::record(
        conn,
        audit::Entry::event(data.event.id, access.user_id(), AuditAction::RoundPaired)
            .round(round_id)
            .detail(audit::Detail::RoundPaired {
                round: number,
                games: games.len(),
            }),
    )?;
    standings::store(conn, &data)?;
    round_view(&data, number).ok_or(ServiceError::NotFound)
}

/// What stands in the way of pairing the next round now, as pairing would say it (`None`:
/// nothing does): the event finished, a round still open or unpublished, a decider to play,
/// no round left, too few players. The manage page offers to pair only when it would work.
pub(crate) fn next_round_blocked(
    app: &App,
    access: &Access,
) -> Result<Option<ServiceError>, ServiceError> {
    if let Err(e) = access.require_organiser() {
        return match e {
            // An imported event is paired where it was run.
            ServiceError::Conflict(_) => Ok(Some(e)),
            e => Err(e),
        };
    }
    let data = {
        let mut conn = app.conn()?;
        EventData::load_without_records(&mut conn, access.event.clone())?
    };
    if let Err(e) = ready_for_next_round(&data) {
        return Ok(Some(e));
    }
    let number = data.rounds.last().map_or(1, |r| r.number + 1);
    let active = data
        .players
        .iter()
        .filter(|p| p.status == PlayerStatus::Active)
        .count();
    if number == 1 && active < 2 {
        return Ok(Some(ServiceError::Conflict(ErrorCode::NotEnoughPlayers)));
    }
    if number > planned_rounds(&data) {
        return Ok(Some(ServiceError::Conflict(ErrorCode::NoMoreRounds)));
    }
    Ok(None)
}

/// The last round, if any, is published and complete (a knockout match needing a decider is
/// not complete).
fn ready_for_next_round(data: &EventData) -> Result<(), ServiceError> {
    if data.event.state == EventState::Finished {
        return Err(ServiceError::Conflict(ErrorCode::EventFinished));
    }
    let Some(last) = data.rounds.last() else {
        return Ok(());
    };
    if !last.is_published() {
        return Err(ServiceError::Blocked {
            code: ErrorCode::RoundNotPublished,
            detail: last.number.to_string(),
        });
    }
    let open: std::collections::BTreeSet<i32> = data
        .games_of_round(last.id)
        .iter()
        .filter(|g| !g.is_final())
        .map(|g| g.board)
        .collect();
    if !open.is_empty() {
        let boards: Vec<String> = open.iter().map(ToString::to_string).collect();
        return Err(ServiceError::Blocked {
            code: ErrorCode::RoundOpen,
            detail: boards.join(", "),
        });
    }
    if bracket::view(data).is_some_and(|view| view.matches.iter().any(|m| m.needs_decider)) {
        return Err(ServiceError::Conflict(ErrorCode::DeciderNeeded));
    }
    Ok(())
}

/// Before the first round: enough players, pairing numbers by rating, the event running.
fn start_event(conn: &mut DbConnection, data: &mut EventData) -> Result<(), ServiceError> {
    let active = data
        .players
        .iter()
        .filter(|p| p.status == PlayerStatus::Active)
        .count();
    if active < 2 {
        return Err(ServiceError::Conflict(ErrorCode::NotEnoughPlayers));
    }
    number_by_rating(conn, data)?;
    q::set_event_state(conn, data.event.id, EventState::Running, db::now())?;
    data.event.state = EventState::Running;
    Ok(())
}

/// The stage round `number` belongs to.
fn stage_of(data: &EventData, number: i32) -> Stage {
    if data.in_swiss_stage(number) {
        Stage::Swiss
    } else if data.event.format.is_round_robin() {
        Stage::RoundRobin
    } else {
        Stage::Knockout
    }
}

/// Stores a planned round as a draft (games decided at pairing, a bye or a forfeit against a
/// withdrawn player, are final at once); `data` then holds it.
fn store_round(
    conn: &mut DbConnection,
    data: &mut EventData,
    number: i32,
    stage: Stage,
    games: &[PlannedGame],
) -> Result<RoundId, ServiceError> {
    let round_id = match q::insert_round(conn, data.event.id, number, stage, db::now()) {
        Ok(round) => {
            let id = round.id;
            data.rounds.push(round);
            id
        }
        Err(e) if is_unique_violation(&e) => {
            return Err(ServiceError::Conflict(ErrorCode::RoundExists));
        }
        Err(e) => return Err(e.into()),
    };
    for g in games {
        let status = if g.result.is_some() {
            GameStatus::Final
        } else {
            GameStatus::Scheduled
        };
        let game = q::insert_game(
            conn,
            &NewGame {
                event_id: data.event.id,
                round_id,
                board: g.board,
                game_no: g.game_no,
                bracket_code: g.bracket_code.as_deref(),
                first_id: Some(g.first),
                second_id: g.second,
                status,
                result: g.result,
                termination: None,
                updated_at: db::now(),
            },
        )?;
        data.add_games([game]);
    }
    q::bump_event(conn, data.event.id, db::now())?;
    Ok(round_id)
}

/// Publishes a draft round; a round is published once.
pub(crate) fn publish(app: &App, access: &Access, number: i32) -> Result<RoundView, ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        publish_in(conn, access, number)
    })
}

fn publish_in(
    conn: &mut DbConnection,
    access: &Access,
    number: i32,
) -> Result<RoundView, ServiceError> {
    let round = q::round_by_number(conn, access.event.id, number)?.ok_or(ServiceError::NotFound)?;
    if q::publish_round(conn, round.id, db::now())? == 0 {
        return Err(ServiceError::Conflict(ErrorCode::AlreadyPublished));
    }
    if access.event.check_in {
        q::clear_check_ins(conn, access.event.id)?;
    }
    q::bump_event(conn, access.event.id, db::now())?;
    audit::record(
        conn,
        audit::Entry::event(
            access.event.id,
            access.user_id(),
            AuditAction::RoundPublished,
        )
        .round(round.id)
        .states(RoundState::Draft, RoundState::Published)
        .detail(audit::Detail::Round { round: number }),
    )?;
    // A published round's byes count in the standings.
    let event = q::event_by_id(conn, access.event.id)?.ok_or(ServiceError::NotFound)?;
    let data = EventData::load_without_records(conn, event)?;
    standings::store(conn, &data)?;
    crate::service::notify::round_published(conn, access.event.id, round.id)?;
    round_view(&data, number).ok_or(ServiceError::NotFound)
}

/// Pairs and publishes the next round in one step (the API's `POST …/rounds`).
pub(crate) fn pair_and_publish(app: &App, access: &Access) -> Result<RoundView, ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    pair_ahead(&mut conn, access, |conn, round| {
        publish_in(conn, access, round.number)
    })
}

fn draft(conn: &mut DbConnection, access: &Access, number: i32) -> Result<Round, ServiceError> {
    let round = q::round_by_number(conn, access.event.id, number)?.ok_or(ServiceError::NotFound)?;
    if round.state != RoundState::Draft {
        return Err(ServiceError::Conflict(ErrorCode::RoundPublished));
    }
    Ok(round)
}

/// Swaps who moves first in a game of a draft round.
pub(crate) fn swap_first_move(
    app: &App,
    access: &Access,
    number: i32,
    game_id: GameId,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let round = draft(conn, access, number)?;
        let game = q::game_by_id(conn, game_id)?
            .filter(|g| g.round_id == round.id)
            .ok_or(ServiceError::NotFound)?;
        let Some(second) = game.second_id else {
            return Err(ServiceError::Conflict(ErrorCode::ByeHasNoColours));
        };
        q::set_game_players(conn, game.id, Some(second), game.first_id, db::now())?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::FirstMoveSwapped,
            )
            .round(round.id)
            .game(game.id)
            .detail(audit::Detail::Board { board: game.board }),
        )?;
        Ok(())
    })
}

/// Exchanges two players' places in a draft round (re-pairing by hand).
pub(crate) fn exchange_players(
    app: &App,
    access: &Access,
    number: i32,
    a: PlayerId,
    b: PlayerId,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    if a == b {
        return Err(ServiceError::invalid("player", ErrorCode::SamePlayer));
    }
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let round = draft(conn, access, number)?;
        let games = q::games_of_round(conn, round.id)?;
        let place = |id: PlayerId| {
            games
                .iter()
                .find(|g| g.first_id == Some(id) || g.second_id == Some(id))
                .cloned()
        };
        let (Some(ga), Some(gb)) = (place(a), place(b)) else {
            return Err(ServiceError::invalid("player", ErrorCode::PlayerNotInRound));
        };
        let swap = |x: Option<PlayerId>| {
            if x == Some(a) {
                Some(b)
            } else if x == Some(b) {
                Some(a)
            } else {
                x
            }
        };
        for g in [&ga, &gb] {
            let first = swap(g.first_id);
            let second = swap(g.second_id);
            q::set_game_players(conn, g.id, first, second, db::now())?;
            if ga.id == gb.id {
                break;
            }
        }
        // A rematch made by hand is allowed but logged.
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::PlayersExchanged,
            )
            .round(round.id)
            .detail(audit::Detail::PlayersExchanged {
                first: a,
                second: b,
                first_board: ga.board,
                second_board: gb.board,
            }),
        )?;
        Ok(())
    })
}

/// Deletes a draft round so that it can be paired again.
pub(crate) fn discard_draft(app: &App, access: &Access, number: i32) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let round = draft(conn, access, number)?;
        let is_last = q::rounds_of_event(conn, access.event.id)?
            .last()
            .is_some_and(|r| r.id == round.id);
        if !is_last {
            return Err(ServiceError::Conflict(ErrorCode::NotLastRound));
        }
        q::delete_round(conn, round.id)?;
        q::bump_event(conn, access.event.id, db::now())?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::DraftDiscarded,
            )
            .detail(audit::Detail::Round { round: number }),
        )?;
        Ok(())
    })
}

/// Sets when a round starts (for calendars and the pairing sheet).
pub(crate) fn set_start(
    app: &App,
    access: &Access,
    number: i32,
    starts_at: Option<chrono::NaiveDateTime>,
) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let round =
            q::round_by_number(conn, access.event.id, number)?.ok_or(ServiceError::NotFound)?;
        q::set_round_start(conn, round.id, starts_at)?;
        q::bump_event(conn, access.event.id, db::now())?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;

    use super::*;
    use crate::db::schema::events as events_table;
    use crate::domain::{ByeKind, EventState, Role};
    use crate::service::access::EventRef;

    /// An event of 9 players with 2 rounds played and 2 more to pair.
    fn event_to_pair(dir: &std::path::Path) -> (App, Access) {
        let app = App::start(crate::config::Config {
            database_url: format!("sqlite://{}", dir.join("rounds.sqlite3").display()),
            ..crate::config::Config::default()
        })
        .unwrap();
        let owner = crate::service::accounts::create_user(
            &app,
            "org@example.ao",
            "Organiser",
            Role::Organiser,
            "a-long-password",
        )
        .unwrap();
        let spec = crate::service::demo::DemoSpec {
            name: "Ahead".into(),
            players: 9,
            rounds: 2,
            played: 2,
            open_round: false,
            seed: 3,
        };
        let event = crate::service::demo::create_demo_event(&app, &owner, &spec).unwrap();
        // Two more rounds to go.
        let mut conn = app.conn().unwrap();
        diesel::update(events_table::table.find(event.id))
            .set((
                events_table::rounds.eq(4),
                events_table::state.eq(EventState::Running),
            ))
            .execute(&mut *conn)
            .unwrap();
        drop(conn);
        let access =
            crate::service::access::access(&app, EventRef::Id(event.id), Some(&owner)).unwrap();
        (app, access)
    }

    /// An event of 9 players, none of its 3 rounds paired yet.
    fn event_to_start(dir: &std::path::Path) -> (App, Access) {
        let (app, access) = event_to_pair(dir);
        let owner = crate::service::accounts::user_by_email(&app, "org@example.ao")
            .unwrap()
            .unwrap();
        let settings = crate::service::events::SettingsInput {
            name: "First".into(),
            rounds: Some(3),
            ..crate::service::events::SettingsInput::default()
        };
        let event = crate::service::events::create_event(&app, &owner, &settings).unwrap();
        let fresh =
            crate::service::access::access(&app, EventRef::Id(event.id), Some(&owner)).unwrap();
        for (i, rating) in [1500, 1720, 1610, 1980, 1450, 1800, 1655, 1530, 1900]
            .into_iter()
            .enumerate()
        {
            crate::service::players::add_player(
                &app,
                &fresh,
                &crate::service::entrant::PlayerInput {
                    name: format!("Player {i}"),
                    rating: Some(rating),
                    ..crate::service::entrant::PlayerInput::default()
                },
            )
            .unwrap();
        }
        drop(access);
        let access =
            crate::service::access::access(&app, EventRef::Id(event.id), Some(&owner)).unwrap();
        (app, access)
    }

    fn boards_of(view: &RoundView) -> Vec<(PlayerId, Option<PlayerId>)> {
        view.boards
            .iter()
            .map(|b| {
                (
                    b.first.as_ref().unwrap().id,
                    b.second.as_ref().map(|p| p.id),
                )
            })
            .collect()
    }

    #[test]
    fn a_first_round_is_computed_ahead_on_the_numbers_it_gives() {
        let dir = std::env::temp_dir().join(format!("kiela-ahead-first-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (app, access) = event_to_start(&dir);
        let mut conn = app.conn().unwrap();
        let planned = plan_ahead(&mut conn, &access).expect("round 1 is computed ahead");
        assert_eq!(planned.number, 1);
        let view = event_transaction(&mut conn, access.event.id, |c| {
            pair_next_in(c, &access, Some(&planned))
        })
        .unwrap();
        let computed: Vec<(PlayerId, Option<PlayerId>)> =
            planned.games.iter().map(|g| (g.first, g.second)).collect();
        assert_eq!(boards_of(&view), computed);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A player rated above everyone, entered after a round was computed ahead.
    fn enter_late_best_rated(app: &App, access: &Access) -> crate::service::players::Player {
        crate::service::players::add_player(
            app,
            access,
            &crate::service::entrant::PlayerInput {
                name: "Late Entry".into(),
                rating: Some(2900),
                ..crate::service::entrant::PlayerInput::default()
            },
        )
        .unwrap()
        .0
    }

    #[test]
    fn a_first_round_computed_ahead_gives_way_to_a_late_entry() {
        let dir = std::env::temp_dir().join(format!("kiela-ahead-late-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (app, access) = event_to_start(&dir);
        let mut conn = app.conn().unwrap();
        let planned = plan_ahead(&mut conn, &access).expect("round 1 is computed ahead");
        drop(conn);
        // A tenth player, the best rated, enters after the round was computed: the computed
        // round has a bye and no place for them; the stored one pairs everybody by the new
        // numbers.
        let late = enter_late_best_rated(&app, &access);
        let mut conn = app.conn().unwrap();
        let view = event_transaction(&mut conn, access.event.id, |c| {
            pair_next_in(c, &access, Some(&planned))
        })
        .unwrap();
        let boards = boards_of(&view);
        assert_eq!(boards.len(), 5, "ten players, five boards, no bye");
        assert!(boards.iter().all(|(_, second)| second.is_some()));
        assert_eq!(boards[0].0, late.id, "the best rated is number one");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_round_computed_before_a_change_is_not_written_but_computed_again() {
        let dir = std::env::temp_dir().join(format!("kiela-ahead-again-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (app, access) = event_to_start(&dir);
        let mut conn = app.conn().unwrap();
        let planned = plan_ahead(&mut conn, &access).expect("round 1 is computed ahead");
        drop(conn);
        let late = enter_late_best_rated(&app, &access);
        let mut conn = app.conn().unwrap();
        let written = write_planned(&mut conn, &access, &planned, |_, round| Ok(round)).unwrap();
        assert!(
            written.is_none(),
            "the event changed after the round was computed"
        );
        assert!(
            q::round_by_number(&mut conn, access.event.id, 1)
                .unwrap()
                .is_none(),
            "nothing is written"
        );
        // Computed again from a new read, the round stands, with the late entry in it.
        let again = plan_ahead(&mut conn, &access).expect("computed ahead again");
        assert_ne!(again.version, planned.version);
        let view = write_planned(&mut conn, &access, &again, |_, round| Ok(round))
            .unwrap()
            .expect("nothing changed since the new read");
        let computed: Vec<(PlayerId, Option<PlayerId>)> =
            again.games.iter().map(|g| (g.first, g.second)).collect();
        assert_eq!(boards_of(&view), computed);
        assert_eq!(view.boards[0].first.as_ref().unwrap().id, late.id);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_round_computed_ahead_is_stored_only_if_its_inputs_still_hold() {
        let dir = std::env::temp_dir().join(format!("kiela-ahead-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (app, access) = event_to_pair(&dir);
        let mut conn = app.conn().unwrap();
        let planned = plan_ahead(&mut conn, &access).expect("round 3 is computed ahead");
        assert_eq!(planned.number, 3);
        // Someone asks for a bye for round 3 after the round was computed: the computed round
        // pairs them, the stored one must not.
        let asker = planned.games[0].first;
        q::set_bye(&mut conn, asker, 3, ByeKind::Half).unwrap();
        let view = event_transaction(&mut conn, access.event.id, |c| {
            pair_next_in(c, &access, Some(&planned))
        })
        .unwrap();
        let paired: Vec<PlayerId> = view
            .boards
            .iter()
            .flat_map(|b| [b.first.as_ref(), b.second.as_ref()])
            .flatten()
            .map(|p| p.id)
            .collect();
        assert_eq!(view.number, 3);
        assert!(
            !paired.contains(&asker),
            "the bye asked for meanwhile is kept"
        );
        assert_eq!(
            paired.len(),
            8,
            "the eight others, one of them with the bye"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_round_computed_ahead_is_the_round_stored_when_nothing_changed() {
        let dir = std::env::temp_dir().join(format!("kiela-ahead-same-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (app, access) = event_to_pair(&dir);
        let mut conn = app.conn().unwrap();
        let planned = plan_ahead(&mut conn, &access).expect("round 3 is computed ahead");
        let view = event_transaction(&mut conn, access.event.id, |c| {
            pair_next_in(c, &access, Some(&planned))
        })
        .unwrap();
        let stored: Vec<(PlayerId, Option<PlayerId>)> = view
            .boards
            .iter()
            .map(|b| {
                (
                    b.first.as_ref().unwrap().id,
                    b.second.as_ref().map(|p| p.id),
                )
            })
            .collect();
        let computed: Vec<(PlayerId, Option<PlayerId>)> =
            planned.games.iter().map(|g| (g.first, g.second)).collect();
        assert_eq!(stored, computed);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
