//! Correcting a final result: its own staff action, with a reason, audited; the standings and
//! everything that follows from results are recomputed, and the staff are told which boards of
//! later rounds would have been paired differently on the corrected result.

use serde::Serialize;

use super::finalise::follow_bracket;
use super::{Actor, game_players, refuse_own_game, staff_game, with_retries};
use crate::db::events::{self as q, GameOutcome};
use crate::db::{self, DbConnection, standings as qs};
use crate::domain::{AuditAction, ErrorCode, Game, GameId, GameStatus, StoredResult};
use crate::service::access::Access;
use crate::service::event_data::EventData;
use crate::service::standings::AfterCommit;
use crate::service::{App, ServiceError, audit};

/// Boards of a later round that would have been paired differently on the corrected result.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LaterRound {
    pub round: i32,
    pub boards: Vec<i32>,
}

/// What a correction did.
#[derive(Clone, Debug, Serialize)]
pub struct Correction {
    pub game_id: GameId,
    pub status: GameStatus,
    pub previous_result: StoredResult,
    pub result: StoredResult,
    /// Later rounds paired on the old result whose pairing would now differ (empty when none).
    pub later_rounds: Vec<LaterRound>,
}

/// Corrects the result of a final game (`1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`, `--`); the reason
/// is required, and is public with the result. The record, if any, is kept as it was played,
/// and so is the way it ended: the game says it was corrected, from what and why. One short
/// transaction writes the game, its log entry and the event's version (and, in a knockout, a
/// decider the corrected match now needs); the standings are counted after it, by the
/// event's worker, and the later rounds that would pair differently are found from a read of
/// the event after the commit, holding no lock: re-pairing a large Swiss round takes seconds.
pub(crate) fn correct(
    app: &App,
    access: &Access,
    game_id: GameId,
    result: &str,
    reason: &str,
) -> Result<Correction, ServiceError> {
    let (user, role) = access.staff()?;
    let (corrected, reason) = checked_correction(result, reason)?;
    let actor = Actor::Staff {
        user_id: user.id,
        role,
    };
    let after = AfterCommit::default();
    let (game, previous) = with_retries(app, |conn| {
        let game = staff_game(conn, access, game_id)?;
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, &actor, &first, &second)?;
        refuse_knockout_played_on(conn, &game)?;
        let previous = match game.final_result() {
            Some(previous) if game.status == GameStatus::Final => previous,
            _ => return Err(ServiceError::Conflict(ErrorCode::GameNotFinal)),
        };
        if previous == corrected {
            return Ok((game, previous));
        }
        write_correction(conn, &actor, &game, previous, corrected, reason)?;
        q::bump_event(conn, game.event_id, db::now())?;
        // An event in the rating list keeps counting the old result until an administrator
        // accepts the change.
        crate::service::ratings::hold_change(
            conn,
            game.event_id,
            actor
                .entry(&game, AuditAction::RatingChangeHeld)
                .detail(audit::Detail::Result { result: corrected }),
        )?;
        if game.bracket_code.is_some() {
            follow_bracket(conn, game.event_id)?;
        }
        qs::mark_due(conn, game.event_id)?;
        after.standings_due(game.event_id);
        Ok((game, previous))
    })?;
    after.run(app);
    let later_rounds = later_rounds(app, &game)?;
    Ok(Correction {
        game_id: game.id,
        status: GameStatus::Final,
        previous_result: previous,
        result: corrected,
        later_rounds,
    })
}

/// The corrected result (a bye is no game's result) and the reason, which is required.
fn checked_correction<'a>(
    result: &str,
    reason: &'a str,
) -> Result<(StoredResult, &'a str), ServiceError> {
    let corrected = match StoredResult::from_code(result.trim()) {
        Some(StoredResult::Bye) | None => {
            return Err(ServiceError::invalid("result", ErrorCode::ResultInvalid));
        }
        Some(r) => r,
    };
    let reason = super::decide::reason_of(reason)?;
    if reason.is_empty() {
        return Err(ServiceError::invalid("reason", ErrorCode::ReasonRequired));
    }
    Ok((corrected, reason))
}

/// Refuses a knockout game whose match's winner already plays in a later published round.
fn refuse_knockout_played_on(conn: &mut DbConnection, game: &Game) -> Result<(), ServiceError> {
    // A knockout match's winner already plays in a later published round: that round is
    // withdrawn first (a draft is then paired again on the corrected bracket).
    let rounds = q::rounds_of_event(conn, game.event_id)?;
    let this = rounds.iter().find(|r| r.id == game.round_id);
    let knockout = this.is_some_and(|r| r.stage == crate::domain::Stage::Knockout);
    let later = rounds
        .iter()
        .any(|r| r.is_published() && this.is_some_and(|t| r.number > t.number));
    if knockout && later {
        return Err(ServiceError::Conflict(ErrorCode::LaterRoundPaired));
    }
    Ok(())
}

/// Inside the correction's transaction: writes the corrected result and its audit entry.
fn write_correction(
    conn: &mut DbConnection,
    actor: &Actor,
    game: &Game,
    previous: StoredResult,
    corrected: StoredResult,
    reason: &str,
) -> Result<(), ServiceError> {
    let changed = q::update_game(
        conn,
        game.id,
        game.version,
        &GameOutcome {
            status: GameStatus::Final,
            result: Some(corrected),
            termination: game.termination,
            plies: game.plies,
            record: game.record.as_deref(),
            final_position: game.final_position.as_deref(),
            corrected_from: Some(previous),
            correction_reason: Some(reason),
        },
        db::now(),
    )?;
    if changed == 0 {
        return Err(ServiceError::Stale);
    }
    audit::record(
        conn,
        actor
            .entry(game, AuditAction::ResultCorrected)
            .detail(audit::Detail::Corrected {
                from: previous,
                to: corrected,
                reason: reason.to_string(),
            }),
    )?;
    crate::service::notify::result_corrected(conn, game)?;
    Ok(())
}

/// The boards of the rounds after `game`'s that would pair differently on the results as they
/// stand: from a read of the event, outside any write transaction.
fn later_rounds(app: &App, game: &crate::domain::Game) -> Result<Vec<LaterRound>, ServiceError> {
    let data = {
        let mut conn = app.conn()?;
        let event = q::event_by_id(&mut conn, game.event_id)?.ok_or(ServiceError::NotFound)?;
        EventData::load_without_records(&mut conn, event)?
    };
    let number = data
        .rounds
        .iter()
        .find(|r| r.id == game.round_id)
        .map_or(0, |r| r.number);
    Ok(data
        .rounds
        .iter()
        .filter(|r| r.number > number)
        .map(|r| LaterRound {
            round: r.number,
            boards: super::super::round_plan::boards_paired_differently(&data, r.number),
        })
        .filter(|later| !later.boards.is_empty())
        .collect())
}
