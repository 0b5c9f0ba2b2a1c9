//! Submitting a record (pasted, uploaded, entered on the board, or sent to the API).

use crate::domain::ErrorCode;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::finalise::{FinalResult, make_final};
use super::record::{Checked, check_record};
use super::{
    Actor, Retry, game_players, published_game, refuse_outsider, refuse_own_game, set_status,
    with_retries,
};
use crate::db::events::{self as q, NewSubmission};
use crate::db::{self, DbConnection};
use crate::domain::Mismatch;
use crate::domain::{AuditAction, Game, GameId, GameStatus, StoredResult, SubmissionStatus};
use crate::rules::explain::Explanation;
use crate::rules::{Termination, Verdict, VerdictJson, VerdictKind};
use crate::service::audit::Detail;
use crate::service::standings::AfterCommit;
use crate::service::{App, ServiceError, audit};

/// The verdict of a submission.
#[derive(Clone, Debug, Serialize)]
pub struct SubmitOutcome {
    pub game_id: GameId,
    /// `final` or `pending` (or `disputed` when the players' records differ).
    pub status: GameStatus,
    pub verdict: VerdictKind,
    /// From the first mover's side: `1-0` means the player who moved first won.
    pub result: StoredResult,
    pub termination: Option<Termination>,
    pub plies: u32,
}

/// Why a record was refused.
#[derive(Clone, Debug, Serialize)]
pub struct Refusal {
    /// `invalid_record`, `record_unfinished`, `record_mismatch`.
    pub code: ErrorCode,
    /// The verifier's verdict, for an invalid or unfinished record.
    pub verdict: Option<VerdictJson>,
    /// What contradicts the pairing, for a mismatch.
    pub mismatch: Option<Mismatch>,
    /// The verifier's fault as data, for saying it in the reader's language.
    #[serde(skip)]
    pub explanation: Option<Explanation>,
}

impl Refusal {
    pub(super) fn invalid(verdict: &Verdict) -> Box<Refusal> {
        Box::new(Refusal {
            code: ErrorCode::InvalidRecord,
            verdict: Some(verdict.to_json()),
            mismatch: None,
            explanation: Explanation::of(verdict),
        })
    }

    pub(super) fn unfinished(verdict: &Verdict) -> Box<Refusal> {
        Box::new(Refusal {
            code: ErrorCode::RecordUnfinished,
            verdict: Some(verdict.to_json()),
            mismatch: None,
            explanation: None,
        })
    }

    /// A record of a game already over on the board, sent for an adjudication.
    pub(super) fn over_on_board(verdict: &Verdict) -> Box<Refusal> {
        Box::new(Refusal {
            code: ErrorCode::GameOverOnBoard,
            verdict: Some(verdict.to_json()),
            mismatch: None,
            explanation: None,
        })
    }

    pub(super) fn mismatch(mismatch: Mismatch) -> Box<Refusal> {
        Box::new(Refusal {
            code: ErrorCode::RecordMismatch,
            verdict: None,
            mismatch: Some(mismatch),
            explanation: None,
        })
    }

    /// The reason and ply kept with the stored refusal.
    pub(crate) fn reason(&self) -> (String, Option<i32>) {
        match &self.verdict {
            Some(VerdictJson::Invalid { reason, ply, .. }) => (
                reason.as_str().to_string(),
                ply.and_then(|p| i32::try_from(p).ok()),
            ),
            _ => (self.code.as_str().to_string(), None),
        }
    }
}

/// Why a submission did not go through: the record was refused (and that refusal is kept), or
/// the use case failed.
#[derive(Debug)]
pub enum SubmitError {
    Refused(Box<Refusal>),
    Service(ServiceError),
}

impl From<ServiceError> for SubmitError {
    fn from(e: ServiceError) -> SubmitError {
        SubmitError::Service(e)
    }
}

impl From<diesel::result::Error> for SubmitError {
    fn from(e: diesel::result::Error) -> SubmitError {
        SubmitError::Service(e.into())
    }
}

impl Retry for SubmitError {
    fn is_retryable(&self) -> bool {
        matches!(self, SubmitError::Service(e) if e.is_retryable())
    }
}

/// Bytes kept of a refused submission.
pub const REJECTED_RECORD_KEPT: usize = 64 * 1024;

/// How long the window of [`Config::submission_limit_per_game`] is.
///
/// [`Config::submission_limit_per_game`]: crate::config::Config::submission_limit_per_game
const SUBMISSION_WINDOW: chrono::TimeDelta = chrono::TimeDelta::minutes(10);

/// What a transaction of a submission ends with: both are committed (a refusal is kept).
enum Submitted {
    Accepted(SubmitOutcome),
    Refused(Box<Refusal>),
}

/// Submits a record for a game. A refused record is stored (its start) and logged, and
/// changes nothing else; a staff member's record is final at once; a player's waits for the
/// opponent, confirms the opponent's identical record, or disputes a different one.
pub(crate) fn submit_record(
    app: &App,
    game_id: GameId,
    actor: &Actor,
    text: &str,
) -> Result<SubmitOutcome, SubmitError> {
    let after = AfterCommit::default();
    let submitted = with_retries(app, |conn| {
        let game = published_game(conn, game_id)?;
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, actor, &first, &second)?;
        refuse_outsider(actor, &game)?;
        check_submission_limit(conn, app, &game, actor)?;
        let event = q::event_by_id(conn, game.event_id)?.ok_or(ServiceError::NotFound)?;
        let checked = match check_record(text, &event, &first, &second) {
            Ok(checked) => checked,
            Err(refusal) => return keep_refusal(conn, &game, actor, text, refusal),
        };
        let sub = Sent::of(actor, text, &checked);
        let outcome = match actor {
            Actor::Staff { .. } => staff_record(conn, &game, actor, &sub, &checked, &after)?,
            Actor::Player { .. } => player_record(conn, &game, actor, &sub, &checked, &after)?,
        };
        Ok(Submitted::Accepted(outcome))
    })?;
    after.run(app);
    match submitted {
        Submitted::Accepted(outcome) => Ok(outcome),
        Submitted::Refused(refusal) => Err(SubmitError::Refused(refusal)),
    }
}

/// A record as sent, to store: the text and what its check found.
struct Sent<'a> {
    text: &'a str,
    checked: Option<&'a Checked>,
    refusal: Option<&'a Refusal>,
    actor: &'a Actor,
}

impl<'a> Sent<'a> {
    fn of(actor: &'a Actor, text: &'a str, checked: &'a Checked) -> Sent<'a> {
        Sent {
            text,
            checked: Some(checked),
            refusal: None,
            actor,
        }
    }

    fn store(
        &self,
        conn: &mut DbConnection,
        game: &Game,
        status: SubmissionStatus,
    ) -> Result<(), ServiceError> {
        let (verdict, reason, ply) = match (self.refusal, self.checked) {
            (Some(refusal), _) => {
                let (reason, ply) = refusal.reason();
                (VerdictKind::Invalid, Some(reason), ply)
            }
            (None, Some(checked)) => (checked.verdict, None, None),
            (None, None) => (VerdictKind::Invalid, None, None),
        };
        // A refused record may be anything a client sent: its start is kept to show what it
        // was, with its size and hash, never the megabytes themselves.
        let kept = if self.refusal.is_some() {
            truncate_at_char(self.text, REJECTED_RECORD_KEPT)
        } else {
            self.text
        };
        let sha256 = hex::encode(Sha256::digest(self.text.as_bytes()));
        let checked = self.checked;
        q::insert_submission(
            conn,
            &NewSubmission {
                game_id: game.id,
                user_id: self.actor.user_id(),
                player_id: self.actor.player_id(),
                role: self.actor.role(),
                record: kept,
                record_bytes: i32::try_from(self.text.len()).unwrap_or(i32::MAX),
                record_sha256: &sha256,
                record_hash: checked.map_or("", |c| c.fingerprint.as_str()),
                verdict,
                reason: reason.as_deref(),
                ply,
                result: checked.map(|c| c.result),
                termination: checked.and_then(|c| c.termination),
                plies: checked.map(|c| i32::try_from(c.plies).unwrap_or(i32::MAX)),
                status,
                created_at: db::now(),
            },
        )?;
        Ok(())
    }
}

/// The refused record is kept (its start) and logged; the refusal is answered after the
/// commit.
fn keep_refusal(
    conn: &mut DbConnection,
    game: &Game,
    actor: &Actor,
    text: &str,
    refusal: Box<Refusal>,
) -> Result<Submitted, SubmitError> {
    let sub = Sent {
        text,
        checked: None,
        refusal: Some(&refusal),
        actor,
    };
    sub.store(conn, game, SubmissionStatus::Rejected)?;
    let detail = Detail::Refused {
        code: refusal.code,
        reason: match &refusal.verdict {
            Some(VerdictJson::Invalid { reason, .. }) => Some(*reason),
            _ => None,
        },
        ply: match &refusal.verdict {
            Some(VerdictJson::Invalid { ply, .. }) => *ply,
            _ => None,
        },
        mismatch: refusal.mismatch.clone(),
    };
    audit::record(
        conn,
        actor
            .entry(game, AuditAction::RecordRejected)
            .detail(detail),
    )?;
    Ok(Submitted::Refused(refusal))
}

fn outcome(game: &Game, status: GameStatus, checked: &Checked) -> SubmitOutcome {
    SubmitOutcome {
        game_id: game.id,
        status,
        verdict: checked.verdict,
        result: checked.result,
        termination: checked.termination,
        plies: checked.plies,
    }
}

/// The result a checked record makes final, with the record to keep.
fn final_result<'a>(checked: &'a Checked, record: &'a str) -> FinalResult<'a> {
    FinalResult {
        result: checked.result,
        termination: checked.termination,
        plies: Some(i32::try_from(checked.plies).unwrap_or(i32::MAX)),
        record: Some(record),
        final_position: Some(checked.final_position.to_string()),
    }
}

/// A final game takes no new record; sending its record again is answered as before.
fn already_final(
    conn: &mut DbConnection,
    game: &Game,
    checked: &Checked,
) -> Result<SubmitOutcome, ServiceError> {
    let same = q::submissions_of_game(conn, game.id)?.iter().any(|s| {
        matches!(
            s.status,
            SubmissionStatus::Final | SubmissionStatus::Confirmed
        ) && s.record_hash == checked.fingerprint
    }) || game.result == Some(checked.result)
        && game.plies == i32::try_from(checked.plies).ok();
    if same {
        Ok(outcome(game, GameStatus::Final, checked))
    } else {
        Err(ServiceError::Conflict(ErrorCode::GameFinal))
    }
}

/// Staff enter the result: final at once.
fn staff_record(
    conn: &mut DbConnection,
    game: &Game,
    actor: &Actor,
    sub: &Sent<'_>,
    checked: &Checked,
    after: &AfterCommit,
) -> Result<SubmitOutcome, ServiceError> {
    if game.is_final() {
        return already_final(conn, game, checked);
    }
    q::close_open_submissions(conn, game.id, SubmissionStatus::Superseded)?;
    sub.store(conn, game, SubmissionStatus::Final)?;
    let finality = make_final(
        conn,
        game,
        &final_result(checked, sub.text),
        actor,
        AuditAction::RecordFinal,
        Detail::Result {
            result: checked.result,
        },
        after,
    )?;
    Ok(outcome(game, finality.status(), checked))
}

/// A player's record: waits for the opponent, confirms the opponent's same record, or opens
/// a dispute when the two records differ.
fn player_record(
    conn: &mut DbConnection,
    game: &Game,
    actor: &Actor,
    sub: &Sent<'_>,
    checked: &Checked,
    after: &AfterCommit,
) -> Result<SubmitOutcome, ServiceError> {
    if game.is_final() {
        return already_final(conn, game, checked);
    }
    let previous = q::submissions_of_game(conn, game.id)?;
    let open: Vec<_> = previous.iter().filter(|s| s.is_open()).collect();
    let me = actor.player_id();
    let mine = open.iter().find(|s| s.player_id == me);
    let theirs = open
        .iter()
        .find(|s| s.player_id.is_some() && s.player_id != me);
    if mine.is_some_and(|m| m.record_hash == checked.fingerprint) && theirs.is_none() {
        // The same record again: nothing changes.
        return Ok(outcome(game, game.status, checked));
    }
    if game.status == GameStatus::Disputed {
        sub.store(conn, game, SubmissionStatus::Disputed)?;
        audit::record(
            conn,
            actor
                .entry(game, AuditAction::RecordSubmitted)
                .detail(Detail::WhileDisputed),
        )?;
        return Ok(outcome(game, GameStatus::Disputed, checked));
    }
    match theirs {
        Some(theirs) if theirs.record_hash == checked.fingerprint => {
            // The opponent's record, sent by this player too: the result is confirmed.
            q::close_open_submissions(conn, game.id, SubmissionStatus::Confirmed)?;
            sub.store(conn, game, SubmissionStatus::Confirmed)?;
            let finality = make_final(
                conn,
                game,
                &final_result(checked, &theirs.record),
                actor,
                AuditAction::RecordConfirmed,
                Detail::Result {
                    result: checked.result,
                },
                after,
            )?;
            Ok(outcome(game, finality.status(), checked))
        }
        Some(_) => {
            q::close_open_submissions(conn, game.id, SubmissionStatus::Disputed)?;
            sub.store(conn, game, SubmissionStatus::Disputed)?;
            set_status(
                conn,
                game,
                GameStatus::Disputed,
                actor,
                AuditAction::RecordsDiffer,
            )?;
            crate::service::notify::dispute_opened(conn, game)?;
            Ok(outcome(game, GameStatus::Disputed, checked))
        }
        None => {
            if mine.is_some() {
                q::close_open_submissions(conn, game.id, SubmissionStatus::Superseded)?;
            }
            sub.store(conn, game, SubmissionStatus::Pending)?;
            set_status(
                conn,
                game,
                GameStatus::Pending,
                actor,
                AuditAction::RecordSubmitted,
            )?;
            // The opponent is asked to confirm (or dispute) the record.
            let opponent = if me == game.first_id {
                game.second_id
            } else {
                game.first_id
            };
            if let Some(opponent) = opponent {
                crate::service::notify::confirmation_wanted(conn, game, opponent)?;
            }
            Ok(outcome(game, GameStatus::Pending, checked))
        }
    }
}

/// The start of `text`, at most `max` bytes, cut at a character boundary.
fn truncate_at_char(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Refuses a record beyond the sender's limit for this game (429): a personal link must not be
/// a way to fill the database. The refused request itself stores nothing.
fn check_submission_limit(
    conn: &mut DbConnection,
    app: &App,
    game: &Game,
    actor: &Actor,
) -> Result<(), ServiceError> {
    let since = db::now() - SUBMISSION_WINDOW;
    let sent =
        q::count_recent_submissions(conn, game.id, actor.player_id(), actor.user_id(), since)?;
    if sent >= i64::from(app.config.submission_limit_per_game) {
        return Err(ServiceError::RateLimited {
            retry_after_secs: SUBMISSION_WINDOW.num_seconds().unsigned_abs(),
        });
    }
    Ok(())
}
