//! Adjudication of an unfinished game (the round's time is up, or the arbiter stopped it): the
//! arbiter gives the moves played, the engine searches the position where the game stands
//! with a fixed node budget (the same proposal on every machine), and the event's rule turns
//! its score into a proposed result: a proven win, or a side ahead by the event's margin;
//! otherwise a draw or nothing (the arbiter decides). The arbiter then confirms the proposal
//! or overrides it with a reason. The proposal with its search figures, and the decision, are
//! in the audit log; the game becomes final with the moves played and the result, terminated
//! by adjudication.
//!
//! The search runs outside any transaction, in one of the engine's slots.

use std::time::{Duration, Instant};

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::finalise::{FinalResult, make_final};
use super::record::{Stopped, check_record, stopped_game};
use super::submit::SubmitError;
use super::{Actor, game_players, refuse_own_game, staff_game, with_retries};
use crate::db::adjudications::{self as qa, NewAdjudication};
use crate::db::{self, read_transaction};
use crate::domain::{
    AdjudicationFallback, AdjudicationId, AdjudicationRule, AuditAction, ErrorCode, Game, GameId,
    Player, StoredResult, SubmissionId, SubmissionStatus,
};
use crate::engine::adjudication::{Assessment, assess};
use crate::rules::{GameResult, Side};
use crate::service::access::Access;
use crate::service::audit::Detail;
use crate::service::board::{self, Claim};
use crate::service::standings::AfterCommit;
use crate::service::{App, ServiceError, audit};

/// How long an adjudication waits for one of the engine's slots before the arbiter is told
/// the server is busy.
const SLOT_WAIT: Duration = Duration::from_secs(20);

/// The search as stored with a proposal.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct StoredSearch {
    /// Who moved first.
    first: Side,
    assessment: Assessment,
    millis: u64,
    plies: usize,
    margin: u32,
    otherwise: AdjudicationFallback,
}

/// The engine's proposal for an unfinished game.
#[derive(Clone, Debug, Serialize)]
pub struct Proposal {
    pub id: AdjudicationId,
    pub game_id: GameId,
    /// Plies played before the game stopped.
    pub plies: usize,
    /// Who moved first (`S` or `N`): the side of the result's first player.
    pub first: Side,
    /// The score (from the side to move), depth, nodes, the engine's move and line.
    #[serde(flatten)]
    pub assessment: Assessment,
    /// How long the search took.
    pub millis: u64,
    /// The event's rule the proposal follows.
    pub rule: AdjudicationRule,
    /// The result proposed, from the first mover's side; `None`: the arbiter decides.
    pub proposed: Option<StoredResult>,
    /// Whether the game is still as it was when the proposal was made (else it is history).
    pub current: bool,
    #[serde(serialize_with = "crate::domain::utc::serialize")]
    pub requested_at: NaiveDateTime,
}

/// The result the rule proposes for an assessment, from the first mover's side.
fn proposed_result(
    assessment: &Assessment,
    rule: AdjudicationRule,
    first_side: Side,
) -> Option<StoredResult> {
    match assessment.winner(rule.margin) {
        Some(winner) if winner == first_side => Some(StoredResult::FirstWins),
        Some(_) => Some(StoredResult::SecondWins),
        None => match rule.otherwise {
            AdjudicationFallback::Draw => Some(StoredResult::Draw),
            AdjudicationFallback::Arbiter => None,
        },
    }
}

/// The engine assesses the position the record `text` leads to, and the proposal is stored.
pub(crate) fn propose(
    app: &App,
    access: &Access,
    game_id: GameId,
    text: &str,
) -> Result<Proposal, SubmitError> {
    let (user, role) = access.staff()?;
    let actor = Actor::Staff {
        user_id: user.id,
        role,
    };
    let mut conn = app.conn()?;
    let (game, last_submission, first, second) = read_transaction(&mut conn, |conn| {
        adjudicable_game(conn, access, &actor, game_id)
    })?;
    drop(conn);
    let stopped =
        stopped_game(text, &access.event, &first, &second).map_err(SubmitError::Refused)?;
    let rule = access.event.adjudication;
    let (assessment, millis) = search_stopped(app, &stopped)?;
    let proposed = proposed_result(&assessment, rule, stopped.first_side);
    let search = StoredSearch {
        first: stopped.first_side,
        assessment,
        millis,
        plies: stopped.moves.len(),
        margin: rule.margin,
        otherwise: rule.otherwise,
    };
    let json = serde_json::to_string(&search)
        .map_err(|e| ServiceError::Internal(format!("adjudication: {e}")))?;
    // The record kept is the moves as the rules read them, with the pairing's variant and
    // first mover: what the game becomes final with.
    let record = board::record_of(
        access.event.variant,
        stopped.first_side,
        &stopped.moves,
        None,
    )
    .ok_or_else(|| ServiceError::Internal("an adjudicated record does not write".into()))?;
    let now = db::now();
    let id = with_retries(app, |conn| {
        let current = staff_game(conn, access, game_id)?;
        if current.version != game.version || newest_submission(conn, &current)? != last_submission
        {
            return Err(ServiceError::Conflict(ErrorCode::AdjudicationStale));
        }
        let id = qa::insert(
            conn,
            &NewAdjudication {
                game_id,
                game_version: game.version,
                last_submission,
                record: &record,
                search: &json,
                proposed,
                requested_by: user.id,
                requested_at: now,
            },
        )?;
        audit_proposal(conn, &actor, &game, &search, proposed)?;
        // The staff's game page shows the proposal: it is kept per event version.
        db::events::bump_event(conn, game.event_id, now)?;
        Ok(id)
    })?;
    Ok(Proposal {
        id,
        game_id,
        plies: search.plies,
        first: search.first,
        assessment: search.assessment,
        millis,
        rule,
        proposed,
        current: true,
        requested_at: now,
    })
}

/// Inside the proposal's read transaction: the game, unfinished and not the arbiter's own,
/// with its newest submission and its players.
fn adjudicable_game(
    conn: &mut db::DbConnection,
    access: &Access,
    actor: &Actor,
    game_id: GameId,
) -> Result<(Game, Option<SubmissionId>, Player, Player), ServiceError> {
    let game = staff_game(conn, access, game_id)?;
    let (first, second) = game_players(conn, &game)?;
    refuse_own_game(conn, actor, &first, &second)?;
    if game.is_final() {
        return Err(ServiceError::Conflict(ErrorCode::GameFinal));
    }
    let last = newest_submission(conn, &game)?;
    Ok((game, last, first, second))
}

/// The engine's assessment of the stopped game's position, and how long it took (ms).
fn search_stopped(app: &App, stopped: &Stopped) -> Result<(Assessment, u64), ServiceError> {
    let _slot = app.engine.take_urgent(SLOT_WAIT)?;
    let started = Instant::now();
    let assessment = assess(&stopped.game, app.config.adjudication_nodes);
    let millis = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    Ok((assessment, millis))
}

/// Records the proposal and its search figures in the audit log.
fn audit_proposal(
    conn: &mut db::DbConnection,
    actor: &Actor,
    game: &Game,
    search: &StoredSearch,
    proposed: Option<StoredResult>,
) -> Result<(), ServiceError> {
    audit::record(
        conn,
        actor
            .entry(game, AuditAction::AdjudicationProposed)
            .detail(Detail::AdjudicationProposed {
                plies: u32::try_from(search.plies).unwrap_or(u32::MAX),
                to_move: search.assessment.to_move,
                score: search.assessment.score.to_string(),
                depth: search.assessment.depth,
                nodes: search.assessment.nodes,
                millis: search.millis,
                best: search.assessment.best.clone(),
                margin: search.margin,
                proposed,
            }),
    )
}

/// The newest record sent for the game: a proposal stands only while no record came after it.
fn newest_submission(
    conn: &mut db::DbConnection,
    game: &crate::domain::Game,
) -> Result<Option<SubmissionId>, ServiceError> {
    Ok(crate::db::events::submissions_of_game(conn, game.id)?
        .iter()
        .map(|s| s.id)
        .max())
}

/// The latest proposal for a game of `access`'s event, for its staff (not for one who plays
/// in it: the engine's line is advice).
pub(crate) fn latest_proposal(
    app: &App,
    access: &Access,
    game_id: GameId,
) -> Result<Option<Proposal>, ServiceError> {
    let (user, role) = access.staff_reading()?;
    let actor = Actor::Staff {
        user_id: user.id,
        role,
    };
    let mut conn = app.conn()?;
    let found = read_transaction(&mut conn, |conn| {
        let Some(game) =
            db::events::game_by_id(conn, game_id)?.filter(|g| g.event_id == access.event.id)
        else {
            return Err(ServiceError::NotFound);
        };
        if let (Some(a), Some(b)) = (game.first_id, game.second_id) {
            let first = db::events::player_by_id(conn, a)?.ok_or(ServiceError::NotFound)?;
            let second = db::events::player_by_id(conn, b)?.ok_or(ServiceError::NotFound)?;
            refuse_own_game(conn, &actor, &first, &second)?;
        }
        let newest = newest_submission(conn, &game)?;
        Ok((qa::latest(conn, game.id)?, game, newest))
    })?;
    let (Some(row), game, newest) = found else {
        return Ok(None);
    };
    let search: StoredSearch = serde_json::from_str(&row.search)
        .map_err(|e| ServiceError::Internal(format!("stored adjudication: {e}")))?;
    Ok(Some(Proposal {
        id: row.id,
        game_id: row.game_id,
        plies: search.plies,
        first: search.first,
        assessment: search.assessment,
        millis: search.millis,
        rule: AdjudicationRule {
            margin: search.margin,
            otherwise: search.otherwise,
        },
        proposed: row.proposed,
        current: row.game_version == game.version
            && row.last_submission == newest
            && !game.is_final(),
        requested_at: row.requested_at,
    }))
}

/// The arbiter decides an adjudication: `result` empty confirms the engine's proposal; another
/// result (`1-0`, `0-1`, `1/2-1/2`) overrides it and needs a reason (where the engine proposes
/// nothing, the arbiter's result needs none). The game becomes final
/// with the moves played and the result, terminated by adjudication.
pub(crate) fn settle(
    app: &App,
    access: &Access,
    game_id: GameId,
    proposal_id: AdjudicationId,
    result: &str,
    reason: &str,
) -> Result<StoredResult, ServiceError> {
    let (user, role) = access.staff()?;
    let actor = Actor::Staff {
        user_id: user.id,
        role,
    };
    let reason = super::decide::reason_of(reason)?;
    let chosen = match result.trim() {
        "" => None,
        code => match StoredResult::from_code(code) {
            Some(r @ (StoredResult::FirstWins | StoredResult::SecondWins | StoredResult::Draw)) => {
                Some(r)
            }
            _ => return Err(ServiceError::invalid("result", ErrorCode::ResultInvalid)),
        },
    };
    let after = AfterCommit::default();
    let decided = with_retries(app, |conn| {
        let game = staff_game(conn, access, game_id)?;
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, &actor, &first, &second)?;
        if game.is_final() {
            return Err(ServiceError::Conflict(ErrorCode::GameFinal));
        }
        let row = qa::of_game(conn, game.id, proposal_id)?.ok_or(ServiceError::NotFound)?;
        if row.game_version != game.version
            || newest_submission(conn, &game)? != row.last_submission
        {
            return Err(ServiceError::Conflict(ErrorCode::AdjudicationStale));
        }
        let result = match (chosen, row.proposed) {
            // Overriding the engine's proposal needs a reason; deciding where it proposes
            // nothing is the arbiter's own call.
            (Some(r), Some(proposed)) if r != proposed && reason.is_empty() => {
                return Err(ServiceError::invalid("reason", ErrorCode::ReasonRequired));
            }
            (Some(r), _) => r,
            (None, Some(proposed)) => proposed,
            (None, None) => {
                return Err(ServiceError::Conflict(ErrorCode::AdjudicationUndecided));
            }
        };
        let record = adjudicated_record(access, &row.record, result)?;
        let checked = check_record(&record, &access.event, &first, &second).map_err(|r| {
            ServiceError::Internal(format!("an adjudicated record does not verify: {}", r.code))
        })?;
        crate::db::events::close_open_submissions(conn, game.id, SubmissionStatus::Superseded)?;
        make_final(
            conn,
            &game,
            &FinalResult {
                result,
                termination: checked.termination,
                plies: Some(checked.plies as i32),
                record: Some(&record),
                final_position: Some(checked.final_position.to_string()),
            },
            &actor,
            AuditAction::ArbiterDecision,
            Detail::Adjudicated {
                result,
                proposed: row.proposed,
                reason: reason.to_string(),
            },
            &after,
        )?;
        Ok(result)
    })?;
    after.run(app);
    Ok(decided)
}

/// The stored moves with the adjudicated result (from the first mover's side) claimed.
fn adjudicated_record(
    access: &Access,
    stored: &str,
    result: StoredResult,
) -> Result<String, ServiceError> {
    let unreadable = || ServiceError::Internal("a stored adjudication does not read".into());
    let record = crate::rules::parse_record(stored).map_err(|_| unreadable())?;
    let first = record.header.first;
    let moves: Vec<String> = record
        .moves
        .iter()
        .map(crate::rules::kgn::PlyToken::text)
        .collect();
    let claimed = match result {
        StoredResult::FirstWins => GameResult::win_for(first),
        StoredResult::SecondWins => GameResult::win_for(first.opponent()),
        _ => GameResult::Draw,
    };
    board::record_of(
        access.event.variant,
        first,
        &moves,
        Some(Claim::Adjudicated(claimed)),
    )
    .ok_or_else(unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Score;

    fn assessed(to_move: Side, score: Score) -> Assessment {
        Assessment::scored(to_move, score)
    }

    #[test]
    fn the_rule_names_the_winner_from_the_first_movers_side_or_falls_back() {
        let rule = AdjudicationRule {
            margin: 10,
            otherwise: AdjudicationFallback::Arbiter,
        };
        let north_ahead = assessed(Side::South, Score::Stones(-14));
        assert_eq!(
            proposed_result(&north_ahead, rule, Side::South),
            Some(StoredResult::SecondWins)
        );
        assert_eq!(
            proposed_result(&north_ahead, rule, Side::North),
            Some(StoredResult::FirstWins)
        );
        let close = assessed(Side::South, Score::Stones(3));
        assert_eq!(proposed_result(&close, rule, Side::South), None);
        let draw_rule = AdjudicationRule {
            otherwise: AdjudicationFallback::Draw,
            ..rule
        };
        assert_eq!(
            proposed_result(&close, draw_rule, Side::South),
            Some(StoredResult::Draw)
        );
    }
}
