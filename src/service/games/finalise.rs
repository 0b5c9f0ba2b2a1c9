//! A result becomes final, and everything that follows from it: the audit entry, the
//! standings, a knockout decider when a match is level, the end of the event.

use super::Actor;
use crate::db::events::{self as q, GameOutcome, NewGame};
use crate::db::{self, DbConnection, standings as qs};
use crate::domain::{AuditAction, EventId, EventState, Game, GameStatus, StoredResult};
use crate::rules::Termination;
use crate::service::event_data::EventData;
use crate::service::standings::AfterCommit;
use crate::service::{ServiceError, audit, bracket};
use crate::tournament::knockout::Status;

/// What a final result writes to the game.
#[derive(Clone, Debug)]
pub(super) struct FinalResult<'a> {
    pub result: StoredResult,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    /// The record that stands (`None` for a forfeit or a decision without one).
    pub record: Option<&'a str>,
    pub final_position: Option<String>,
}

/// Writes a game's final result (if nobody changed the game since it was read) and what
/// follows from it, logged as `action` with `detail`: a short transaction. The standings count
/// complete rounds only, so a result changes them only when it completes its round; then they
/// are marked due and counted after the commit ([`AfterCommit`]). A knockout match that is
/// complete gets its decider, and the event its end, in this transaction.
pub(super) fn make_final(
    conn: &mut DbConnection,
    game: &Game,
    outcome: &FinalResult<'_>,
    actor: &Actor,
    action: AuditAction,
    detail: audit::Detail,
    after: &AfterCommit,
) -> Result<(), ServiceError> {
    let changed = q::update_game(
        conn,
        game.id,
        game.version,
        &GameOutcome {
            status: GameStatus::Final,
            result: Some(outcome.result),
            termination: outcome.termination,
            plies: outcome.plies,
            record: outcome.record,
            final_position: outcome.final_position.as_deref(),
            corrected_from: None,
            correction_reason: None,
        },
        db::now(),
    )?;
    if changed == 0 {
        return Err(ServiceError::Stale);
    }
    audit::record(
        conn,
        actor
            .entry(game, action)
            .states(game.status, GameStatus::Final)
            .detail(detail),
    )?;
    crate::service::live_feed::write_result(
        conn,
        game,
        crate::domain::GameState::Final,
        Some(outcome.result),
    )?;
    // The results of one event are written one at a time (the event's lock, taken when the
    // game was read), so the last result of a round always sees its round complete.
    q::bump_event(conn, game.event_id, db::now())?;
    if let Some(code) = &game.bracket_code {
        if qs::open_games_of_match(conn, game.event_id, code)? == 0 {
            follow_bracket(conn, game.event_id)?;
            qs::mark_due(conn, game.event_id)?;
            after.standings_due(game.event_id);
        }
        return Ok(());
    }
    if qs::open_games_of_round(conn, game.round_id)? > 0 {
        return Ok(());
    }
    if qs::open_games_of_event(conn, game.event_id)? == 0 {
        let event = q::event_by_id(conn, game.event_id)?.ok_or(ServiceError::NotFound)?;
        let data = EventData::load_without_records(conn, event)?;
        finish_when_done(conn, &data)?;
    }
    qs::mark_due(conn, game.event_id)?;
    after.standings_due(game.event_id);
    Ok(())
}

/// What follows in the bracket from a final or changed result: deciders for level knockout
/// matches, the event running again while one is to be played, its end. The standings are
/// the worker's, after the commit.
pub(super) fn follow_bracket(
    conn: &mut DbConnection,
    event_id: EventId,
) -> Result<(), ServiceError> {
    let mut data = add_deciders(conn, event_id)?;
    // A corrected result can leave a finished event with a game to play (a decider): it runs
    // again until that game is final.
    if data.event.state == EventState::Finished && !data.games.iter().all(Game::is_final) {
        q::set_event_state(conn, event_id, EventState::Running, db::now())?;
        data.event.state = EventState::Running;
    }
    finish_when_done(conn, &data)?;
    Ok(())
}

/// Reads the event once, and adds a decider game to every knockout match whose games are all
/// final and level; returns the event as it then stands.
fn add_deciders(conn: &mut DbConnection, event_id: EventId) -> Result<EventData, ServiceError> {
    let event = q::event_by_id(conn, event_id)?.ok_or(ServiceError::NotFound)?;
    let mut data = EventData::load_without_records(conn, event)?;
    let Some(view) = bracket::view(&data) else {
        return Ok(data);
    };
    let mut added = Vec::new();
    for m in view.matches.iter().filter(|m| m.needs_decider) {
        let last = data
            .games
            .iter()
            .filter(|g| m.game_ids.contains(&g.id))
            .max_by_key(|g| g.game_no);
        let (Some(last), Some(a), Some(b)) = (last, m.entrants[0], m.entrants[1]) else {
            continue;
        };
        let next = last.game_no + 1;
        // The first move alternates within a match.
        let (first, second) = if next % 2 == 1 { (a, b) } else { (b, a) };
        let decider = q::insert_game(
            conn,
            &NewGame {
                event_id,
                round_id: last.round_id,
                board: last.board,
                game_no: next,
                bracket_code: Some(&m.code),
                first_id: Some(first),
                second_id: Some(second),
                status: GameStatus::Scheduled,
                result: None,
                termination: None,
                updated_at: db::now(),
            },
        )?;
        audit::record(
            conn,
            audit::Entry::event(event_id, None, AuditAction::DeciderAdded)
                .round(last.round_id)
                .detail(audit::Detail::Decider {
                    code: m.code.clone(),
                    game: next as usize,
                }),
        )?;
        added.push(decider);
    }
    data.add_games(added);
    Ok(data)
}

/// Marks the event finished once its last game is final (a knockout: once it has a champion
/// and no match left to play; otherwise once the planned rounds are played). Whether it did.
pub(crate) fn finish_when_done(
    conn: &mut DbConnection,
    data: &EventData,
) -> Result<bool, ServiceError> {
    if data.event.state == EventState::Finished || !data.games.iter().all(Game::is_final) {
        return Ok(false);
    }
    let last_round = data.rounds.last().map_or(0, |r| r.number);
    let done = match bracket::view(data) {
        Some(view) if data.event.format.has_knockout() => {
            view.champion.is_some() && !view.matches.iter().any(|m| m.status == Status::Ready)
        }
        _ => last_round >= super::super::round_plan::planned_rounds(data),
    };
    if done {
        q::set_event_state(conn, data.event.id, EventState::Finished, db::now())?;
    }
    Ok(done)
}
