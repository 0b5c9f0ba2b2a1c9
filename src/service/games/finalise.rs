//! A result becomes final, and everything that follows from it: the audit entry, the
//! standings, a knockout decider when a match is level, the end of the event.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

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

/// What became of a result made final: final now, or held until the public sees the game's
/// last move (then final at that moment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Finality {
    Final,
    Held(NaiveDateTime),
}

impl Finality {
    /// The game's status as its outcome answers it.
    pub(super) fn status(self) -> GameStatus {
        match self {
            Finality::Final => GameStatus::Final,
            Finality::Held(_) => GameStatus::Pending,
        }
    }
}

/// A held result as kept until its moment: everything [`finalise`] is given.
#[derive(Serialize, Deserialize)]
struct HeldOutcome {
    result: StoredResult,
    termination: Option<Termination>,
    plies: Option<i32>,
    record: Option<String>,
    final_position: Option<String>,
    actor: Actor,
    action: AuditAction,
    detail: audit::Detail,
}

/// Makes a game's result final, or, for a game entered live whose last moves the public does
/// not see yet (the event's delay), holds it until the public sees them: the game waits as
/// pending (its players see the result agreed, and when it becomes final) and becomes final
/// then ([`finalise_held`]), so no standings, export, bracket or next round tells the public
/// what the hidden moves did.
pub(super) fn make_final(
    conn: &mut DbConnection,
    game: &Game,
    outcome: &FinalResult<'_>,
    actor: &Actor,
    action: AuditAction,
    detail: audit::Detail,
    after: &AfterCommit,
) -> Result<Finality, ServiceError> {
    if let Some(until) = crate::db::live::hidden_until(conn, game.id, db::now())? {
        hold(conn, game, outcome, actor, action, detail, until)?;
        return Ok(Finality::Held(until));
    }
    finalise(conn, game, outcome, actor, action, detail, after)?;
    Ok(Finality::Final)
}

/// Holds the result until `until`: the game pending (a new version, which the held result
/// names: any change of the game meanwhile, a dispute or an arbiter's decision, drops it).
fn hold(
    conn: &mut DbConnection,
    game: &Game,
    outcome: &FinalResult<'_>,
    actor: &Actor,
    action: AuditAction,
    detail: audit::Detail,
    until: NaiveDateTime,
) -> Result<(), ServiceError> {
    // Pending for its players and staff (a new version when it was not yet), logged.
    super::set_status(
        conn,
        game,
        GameStatus::Pending,
        actor,
        AuditAction::ResultHeld,
    )?;
    let version = if game.status == GameStatus::Pending {
        game.version
    } else {
        game.version + 1
    };
    let kept = HeldOutcome {
        result: outcome.result,
        termination: outcome.termination,
        plies: outcome.plies,
        record: outcome.record.map(str::to_string),
        final_position: outcome.final_position.clone(),
        actor: actor.clone(),
        action,
        detail,
    };
    crate::db::live::hold_result(
        conn,
        &crate::db::live::HeldResult {
            game_id: game.id,
            event_id: game.event_id,
            game_version: version,
            final_at: until,
            outcome: serde_json::to_string(&kept)
                .map_err(|e| ServiceError::Internal(e.to_string()))?,
        },
    )?;
    Ok(())
}

/// When a held result of the game becomes final, if one is held.
pub(crate) fn held_until(
    conn: &mut DbConnection,
    game: &Game,
) -> Result<Option<NaiveDateTime>, ServiceError> {
    Ok(crate::db::live::held_result(conn, game.id)?
        .filter(|h| h.game_version == game.version)
        .map(|h| h.final_at))
}

/// Makes final every held result whose moment has come by `now` (the server's worker, every
/// few seconds, and at start-up): each in its own short transaction under its event's lock,
/// unless the game changed since it was held. Returns how many became final.
pub fn finalise_held(app: &crate::service::App, now: NaiveDateTime) -> Result<usize, ServiceError> {
    let due = {
        let mut conn = app.conn()?;
        crate::db::live::held_results_due(&mut conn, now)?
    };
    let mut done = 0;
    for game_id in due {
        let after = AfterCommit::default();
        let finalised = super::with_retries(app, |conn| {
            let event_id = q::game_by_id(conn, game_id)?
                .ok_or(ServiceError::NotFound)?
                .event_id;
            db::lock_event(conn, event_id)?;
            let game = q::game_by_id(conn, game_id)?.ok_or(ServiceError::NotFound)?;
            let Some(held) = crate::db::live::held_result(conn, game_id)? else {
                return Ok(false);
            };
            crate::db::live::release_result(conn, game_id)?;
            if held.game_version != game.version {
                return Ok(false);
            }
            let kept: HeldOutcome = serde_json::from_str(&held.outcome)
                .map_err(|e| ServiceError::Internal(format!("held result: {e}")))?;
            finalise(
                conn,
                &game,
                &FinalResult {
                    result: kept.result,
                    termination: kept.termination,
                    plies: kept.plies,
                    record: kept.record.as_deref(),
                    final_position: kept.final_position,
                },
                &kept.actor,
                kept.action,
                kept.detail,
                &after,
            )?;
            Ok::<_, ServiceError>(true)
        })?;
        after.run(app);
        if finalised {
            done += 1;
        }
    }
    Ok(done)
}

/// How often the server looks for held results whose moment has come.
const HELD_POLL: std::time::Duration = std::time::Duration::from_secs(2);

/// Starts the server's worker that makes held results final when their moment comes (and
/// those a stopped server held, at once).
pub fn start_worker(app: &crate::service::App) {
    let app = app.clone();
    let spawned = std::thread::Builder::new()
        .name("held results".into())
        .spawn(move || {
            loop {
                if let Err(e) = finalise_held(&app, db::now()) {
                    tracing::error!("held results: {e}");
                }
                std::thread::sleep(HELD_POLL);
            }
        });
    if let Err(e) = spawned {
        tracing::error!("the worker of held results did not start: {e}");
    }
}

/// Writes a game's final result (if nobody changed the game since it was read) and what
/// follows from it, logged as `action` with `detail`: a short transaction. The standings count
/// complete rounds only, so a result changes them only when it completes its round; then they
/// are marked due and counted after the commit ([`AfterCommit`]). A knockout match that is
/// complete gets its decider, and the event its end, in this transaction.
fn finalise(
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
    if game.status == GameStatus::Disputed {
        crate::service::notify::dispute_decided(conn, game)?;
    }
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
        crate::service::notify::event_finished(conn, data.event.id)?;
    }
    Ok(done)
}
