//! Standing behind a result: the opponent confirms (or staff approve) the pending record, a
//! player disputes it, staff decide.

use super::finalise::{FinalResult, make_final};
use super::record::check_record;
use super::submit::SubmitOutcome;
use super::{
    Actor, game_players, published_game, refuse_outsider, refuse_own_game, set_aside_records,
    set_status, staff_game, with_retries,
};
use crate::db::events as q;
use crate::domain::ErrorCode;
use crate::domain::{
    AuditAction, GameId, GameStatus, StoredResult, SubmissionId, SubmissionStatus,
};
use crate::rules::Termination;
use crate::service::access::Access;
use crate::service::audit::Detail;
use crate::service::standings::AfterCommit;
use crate::service::{App, ServiceError, audit};

/// Longest reason of a dispute or a decision.
const MAX_REASON_CHARS: usize = 1000;

pub(super) fn reason_of(text: &str) -> Result<&str, ServiceError> {
    let reason = text.trim();
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err(ServiceError::invalid("reason", ErrorCode::ReasonTooLong));
    }
    Ok(reason)
}

/// The opponent confirms the pending record (or staff approve it): the game is final with it.
pub(crate) fn confirm(
    app: &App,
    game_id: GameId,
    actor: &Actor,
) -> Result<SubmitOutcome, ServiceError> {
    let after = AfterCommit::default();
    let outcome = with_retries(app, |conn| {
        let game = published_game(conn, game_id)?;
        refuse_outsider(actor, &game)?;
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, actor, &first, &second)?;
        if game.is_final() {
            return Err(ServiceError::Conflict(ErrorCode::GameFinal));
        }
        let pending = q::submissions_of_game(conn, game.id)?
            .into_iter()
            .rfind(|s| s.status == SubmissionStatus::Pending)
            .ok_or(ServiceError::Conflict(ErrorCode::NothingToConfirm))?;
        if actor.player_id().is_some() && pending.player_id == actor.player_id() {
            return Err(ServiceError::Conflict(ErrorCode::CannotConfirmOwn));
        }
        // The record was verified when it was sent; verified again, it gives the position
        // to keep (and a record that no longer verifies is never made final).
        let event = q::event_by_id(conn, game.event_id)?.ok_or(ServiceError::NotFound)?;
        let checked = check_record(&pending.record, &event, &first, &second).map_err(|r| {
            ServiceError::Internal(format!("a pending record no longer verifies: {}", r.code))
        })?;
        q::close_open_submissions(conn, game.id, SubmissionStatus::Confirmed)?;
        let action = match actor {
            Actor::Staff { .. } => AuditAction::RecordApproved,
            Actor::Player { .. } => AuditAction::RecordConfirmed,
        };
        make_final(
            conn,
            &game,
            &FinalResult {
                result: checked.result,
                termination: checked.termination,
                plies: pending.plies,
                record: Some(&pending.record),
                final_position: Some(checked.final_position.to_string()),
            },
            actor,
            action,
            Detail::Result {
                result: checked.result,
            },
            &after,
        )?;
        Ok(SubmitOutcome {
            game_id: game.id,
            status: GameStatus::Final,
            verdict: checked.verdict,
            result: checked.result,
            termination: checked.termination,
            plies: checked.plies,
        })
    })?;
    after.run(app);
    Ok(outcome)
}

/// A player disputes the pending result. Staff never dispute: they decide.
pub(crate) fn dispute(
    app: &App,
    game_id: GameId,
    actor: &Actor,
    reason: &str,
) -> Result<(), ServiceError> {
    let reason = reason_of(reason)?;
    if matches!(actor, Actor::Staff { .. }) {
        return Err(ServiceError::Forbidden);
    }
    with_retries(app, |conn| {
        let game = published_game(conn, game_id)?;
        refuse_outsider(actor, &game)?;
        match game.status {
            GameStatus::Final => return Err(ServiceError::Conflict(ErrorCode::GameFinal)),
            GameStatus::Disputed => return Ok(()),
            GameStatus::Scheduled | GameStatus::Pending => {}
        }
        q::close_open_submissions(conn, game.id, SubmissionStatus::Disputed)?;
        set_status(
            conn,
            &game,
            GameStatus::Disputed,
            actor,
            AuditAction::ResultDisputed,
        )?;
        crate::service::notify::dispute_opened(conn, &game)?;
        if !reason.is_empty() {
            audit::record(
                conn,
                actor.entry(&game, AuditAction::DisputeReason).text(reason),
            )?;
        }
        Ok(())
    })
}

/// A decided result as typed: `1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`, `--` (never a bye).
pub(crate) fn decided_result(text: &str) -> Result<StoredResult, ServiceError> {
    match StoredResult::from_code(text.trim()) {
        Some(StoredResult::Bye) | None => {
            Err(ServiceError::invalid("result", ErrorCode::ResultInvalid))
        }
        Some(r) => Ok(r),
    }
}

/// A staff decision: a result (`1-0`, `0-1`, `1/2-1/2`) by adjudication, or a forfeit (`+-`,
/// `-+`, `--`). Final at once; replaces any pending or disputed result. A final game is
/// refused (`game_final`): see [`super::correct`].
pub(crate) fn decide(
    app: &App,
    access: &Access,
    game_id: GameId,
    decided: StoredResult,
    reason: &str,
) -> Result<(), ServiceError> {
    let (user, role) = access.staff()?;
    if decided == StoredResult::Bye {
        return Err(ServiceError::invalid("result", ErrorCode::ResultInvalid));
    }
    let reason = reason_of(reason)?;
    let actor = Actor::Staff {
        user_id: user.id,
        role,
    };
    let after = AfterCommit::default();
    with_retries(app, |conn| {
        let game = staff_game(conn, access, game_id)?;
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, &actor, &first, &second)?;
        // A final result changes only through a correction, which needs its reason.
        if game.is_final() {
            return Err(ServiceError::Conflict(ErrorCode::GameFinal));
        }
        q::close_open_submissions(conn, game.id, SubmissionStatus::Superseded)?;
        make_final(
            conn,
            &game,
            &FinalResult {
                result: decided,
                termination: (!decided.is_forfeit()).then_some(Termination::Adjudication),
                plies: None,
                record: game.record.as_deref(),
                final_position: None,
            },
            &actor,
            AuditAction::ArbiterDecision,
            Detail::Decision {
                result: decided,
                reason: reason.to_string(),
            },
            &after,
        )
    })?;
    after.run(app);
    Ok(())
}

/// Staff accept one of a game's submitted records (after comparing them): the game is final
/// with it, the other open submissions superseded.
pub(crate) fn accept_submission(
    app: &App,
    access: &Access,
    game_id: GameId,
    submission_id: SubmissionId,
    reason: &str,
) -> Result<SubmitOutcome, ServiceError> {
    let (user, role) = access.staff()?;
    let reason = reason_of(reason)?;
    let actor = Actor::Staff {
        user_id: user.id,
        role,
    };
    let after = AfterCommit::default();
    let outcome = with_retries(app, |conn| {
        let game = staff_game(conn, access, game_id)?;
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, &actor, &first, &second)?;
        if game.is_final() {
            return Err(ServiceError::Conflict(ErrorCode::GameFinal));
        }
        let chosen = q::submissions_of_game(conn, game.id)?
            .into_iter()
            .find(|s| s.id == submission_id)
            .ok_or(ServiceError::NotFound)?;
        // Only a record still open (waiting, or disputed) can be accepted; one set aside (by an
        // ordered replay, a withdrawn round) is history.
        if !chosen.status.is_open() {
            return Err(ServiceError::Conflict(ErrorCode::SubmissionClosed));
        }
        let checked = check_record(&chosen.record, &access.event, &first, &second)
            .map_err(|r| ServiceError::invalid("submission", r.code))?;
        q::settle_submissions(conn, game.id, Some(chosen.id))?;
        let detail = Detail::Accepted {
            result: checked.result,
            submission: chosen.id,
            reason: reason.to_string(),
        };
        make_final(
            conn,
            &game,
            &FinalResult {
                result: checked.result,
                termination: checked.termination,
                plies: Some(checked.plies as i32),
                record: Some(&chosen.record),
                final_position: Some(checked.final_position.to_string()),
            },
            &actor,
            AuditAction::RecordAccepted,
            detail,
            &after,
        )?;
        Ok(SubmitOutcome {
            game_id: game.id,
            status: GameStatus::Final,
            verdict: checked.verdict,
            result: checked.result,
            termination: checked.termination,
            plies: checked.plies,
        })
    })?;
    after.run(app);
    Ok(outcome)
}

/// Staff order a game replayed: it is scheduled again, every open submission superseded; the
/// reason is required.
pub(crate) fn order_replay(
    app: &App,
    access: &Access,
    game_id: GameId,
    reason: &str,
) -> Result<(), ServiceError> {
    let (user, role) = access.staff()?;
    let reason = reason_of(reason)?;
    if reason.is_empty() {
        return Err(ServiceError::invalid("reason", ErrorCode::ReasonRequired));
    }
    let actor = Actor::Staff {
        user_id: user.id,
        role,
    };
    with_retries(app, |conn| {
        let game = staff_game(conn, access, game_id)?;
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, &actor, &first, &second)?;
        if game.is_final() {
            return Err(ServiceError::Conflict(ErrorCode::GameFinal));
        }
        // The records set aside stay in the game's log, whole.
        set_aside_records(conn, &game, Some(user.id))?;
        set_status(
            conn,
            &game,
            GameStatus::Scheduled,
            &actor,
            AuditAction::ReplayOrdered,
        )?;
        audit::record(
            conn,
            actor.entry(&game, AuditAction::DecisionReason).text(reason),
        )?;
        Ok(())
    })
}
