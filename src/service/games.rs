//! Games and their results: records submitted, verified by the rules engine, confirmed by the
//! opponent or an arbiter, disputed and decided. Only a final result changes the standings,
//! and it changes them in the same transaction.
//!
//! Lifecycle: `scheduled` → (a player submits) `pending` → (the opponent confirms, or an
//! arbiter approves) `final`; `pending` → (a player disputes, or the players submit different
//! records) `disputed` → (an arbiter decides) `final`. An organiser's or arbiter's submission
//! or decision is final at once. Every change is written to the audit log.

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::event_data::{EventData, StoredResult};
use super::events::{Access, EventRef, EventState, StaffRole, load_access};
use super::{App, ServiceError, audit, bracket, rounds, standings};
use crate::db::events::{self as q, GameOutcome, GameRow, NewGame, NewSubmission, PlayerRow};
use crate::db::{self, DbConnection, write_transaction};
use crate::rules::{
    self, GameResult, Position, Record, Side, Termination, Verdict, VerdictJson, VerdictKind,
};

/// Who acts on a game.
#[derive(Clone, Debug)]
pub enum Actor {
    /// An organiser or arbiter of the event (user id).
    Staff { user_id: i32, role: StaffRole },
    /// One of the two players (by entry), possibly signed in.
    Player {
        player_id: i32,
        user_id: Option<i32>,
    },
}

impl Actor {
    fn user_id(&self) -> Option<i32> {
        match self {
            Actor::Staff { user_id, .. } => Some(*user_id),
            Actor::Player { user_id, .. } => *user_id,
        }
    }

    fn player_id(&self) -> Option<i32> {
        match self {
            Actor::Player { player_id, .. } => Some(*player_id),
            Actor::Staff { .. } => None,
        }
    }

    fn role(&self) -> &'static str {
        match self {
            Actor::Staff { role, .. } => role.as_str(),
            Actor::Player { .. } => "player",
        }
    }
}

/// Who the signed-in user is for a game: one of its players, staff of its event, or nobody.
///
/// A player of the game acts as a player even when also staff of the event: nobody confirms,
/// decides or enters with an arbiter's authority a result of their own game. A staff member
/// whose e-mail address the entry carries, without being bound to it, is taken for that
/// player as far as this restriction goes (it only ever removes rights).
pub fn actor_for(access: &Access, game: &GameRow, players: &[PlayerRow]) -> Option<Actor> {
    let user = access.user.as_ref()?;
    let in_game = |p: &&PlayerRow| Some(p.id) == game.first_id || Some(p.id) == game.second_id;
    if let Some(p) = players
        .iter()
        .filter(in_game)
        .find(|p| p.user_id == Some(user.id))
    {
        return Some(Actor::Player {
            player_id: p.id,
            user_id: Some(user.id),
        });
    }
    let role = access.role?;
    let own = players
        .iter()
        .filter(in_game)
        .any(|p| p.email.as_deref() == Some(user.email.as_str()));
    (!own).then_some(Actor::Staff {
        user_id: user.id,
        role,
    })
}

/// [`actor_for`], or why there is none: staff of the event kept off their own game are told so
/// (`own_game`); anyone else is simply not allowed.
pub fn actor_or_refusal(
    access: &Access,
    game: &GameRow,
    players: &[PlayerRow],
) -> Result<Actor, ServiceError> {
    actor_for(access, game, players).ok_or(if access.role.is_some() {
        ServiceError::NotAllowed("own_game")
    } else {
        ServiceError::Forbidden
    })
}

/// Refuses a staff action on a game the staff member plays in (see [`actor_for`]); checked
/// in every use case that acts with staff authority, whatever route it came by.
fn refuse_own_game(
    conn: &mut DbConnection,
    actor: &Actor,
    first: &PlayerRow,
    second: &PlayerRow,
) -> Result<(), ServiceError> {
    let Actor::Staff { user_id, .. } = actor else {
        return Ok(());
    };
    let email = crate::db::accounts::user_by_id(conn, *user_id)?.map(|u| u.email);
    let plays = [first, second]
        .iter()
        .any(|p| p.user_id == Some(*user_id) || (p.email.is_some() && p.email == email));
    if plays {
        return Err(ServiceError::NotAllowed("own_game"));
    }
    Ok(())
}

/// The verdict of a submission.
#[derive(Clone, Debug, Serialize)]
pub struct SubmitOutcome {
    pub game_id: i32,
    /// `final` or `pending` (or `disputed` when the players' records differ).
    pub status: String,
    pub verdict: VerdictKind,
    /// From the first mover's side: `1-0` means the player who moved first won.
    pub result: String,
    pub termination: Option<String>,
    pub plies: u32,
}

/// Why a record was refused.
#[derive(Clone, Debug, Serialize)]
pub struct Refusal {
    /// `invalid_record`, `record_unfinished`, `record_mismatch`.
    pub code: &'static str,
    /// The verifier's verdict, for an invalid record.
    pub verdict: Option<VerdictJson>,
    /// What contradicts the pairing, for a mismatch.
    pub detail: Option<String>,
}

/// A submission error: refused (stored, nothing else changed) or a service error.
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

/// A verified record, related to the game's pairing.
#[derive(Clone, Debug)]
struct Checked {
    /// Stored result (first mover's view).
    result: StoredResult,
    termination: Option<Termination>,
    plies: u32,
    final_position: Position,
    verdict: VerdictKind,
    /// Identifies the game recorded (moves and outcome), to tell equal submissions apart.
    fingerprint: String,
}

fn names_match(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    norm(a) == norm(b)
}

/// Reads and verifies a record for this game. The event's variant applies when the record
/// has no `Variant` tag; the players, first mover and variant must agree with the pairing.
fn check_record(
    text: &str,
    event: &super::events::Event,
    first: &PlayerRow,
    second: &PlayerRow,
) -> Result<Checked, Box<Refusal>> {
    let refuse_verdict = |verdict: &Verdict| {
        Box::new(Refusal {
            code: "invalid_record",
            verdict: Some(verdict.to_json()),
            detail: None,
        })
    };
    let mismatch = |detail: String| {
        Box::new(Refusal {
            code: "record_mismatch",
            verdict: None,
            detail: Some(detail),
        })
    };
    let mut record: Record = match rules::parse_record(text) {
        Ok(r) => r,
        Err(e) => return Err(refuse_verdict(&Verdict::BadRecord(e))),
    };
    match record.tag("Variant") {
        None => record.header.variant = event.variant,
        Some(_) if record.header.variant != event.variant => {
            return Err(mismatch(format!(
                "Variant {} (the event plays {})",
                record.header.variant, event.variant
            )));
        }
        Some(_) => {}
    }
    if let Some(position) = record.header.position {
        let start = event.variant.start_position(position.to_move);
        if position.board != start.board {
            return Err(mismatch(
                "Position (games start from the standard position)".into(),
            ));
        }
        record.header.first = position.to_move;
    }
    let first_side = record.header.first;
    let (south, north) = match first_side {
        Side::South => (first, second),
        Side::North => (second, first),
    };
    // A tag quoted back is cut short: it is whatever the sender wrote.
    let quoted = |name: &str| -> String { name.chars().take(super::players::MAX_FIELD).collect() };
    if let Some(name) = record.tag("South")
        && !names_match(name, &south.name)
    {
        return Err(mismatch(format!(
            "South \"{}\" (the pairing has {} on that side)",
            quoted(name),
            south.name
        )));
    }
    if let Some(name) = record.tag("North")
        && !names_match(name, &north.name)
    {
        return Err(mismatch(format!(
            "North \"{}\" (the pairing has {} on that side)",
            quoted(name),
            north.name
        )));
    }
    let verdict = Verdict::of(Ok(&record));
    let verified = match &verdict {
        Verdict::Accepted(v) => v.clone(),
        _ => return Err(refuse_verdict(&verdict)),
    };
    if verified.kind == VerdictKind::ValidUnfinished {
        return Err(Box::new(Refusal {
            code: "record_unfinished",
            verdict: Some(verdict.to_json()),
            detail: None,
        }));
    }
    let first_wins = |side: Side| side == first_side;
    let result = match verified.result {
        GameResult::SouthWins => {
            if first_wins(Side::South) {
                StoredResult::FirstWins
            } else {
                StoredResult::SecondWins
            }
        }
        GameResult::NorthWins => {
            if first_wins(Side::North) {
                StoredResult::FirstWins
            } else {
                StoredResult::SecondWins
            }
        }
        GameResult::Draw => StoredResult::Draw,
        GameResult::Unfinished => {
            return Err(Box::new(Refusal {
                code: "record_unfinished",
                verdict: Some(verdict.to_json()),
                detail: None,
            }));
        }
    };
    let moves: Vec<String> = record.moves.iter().map(rules::PlyToken::text).collect();
    let fingerprint = hex::encode(Sha256::digest(
        format!(
            "{}|{}|{}|{}",
            first_side.letter(),
            moves.join(" "),
            result.as_str(),
            verified.termination.map_or("", |t| t.as_str())
        )
        .as_bytes(),
    ));
    Ok(Checked {
        result,
        termination: verified.termination,
        plies: verified.plies,
        final_position: verified.final_position,
        verdict: verified.kind,
        fingerprint,
    })
}

fn game_players(
    conn: &mut DbConnection,
    game: &GameRow,
) -> Result<(PlayerRow, PlayerRow), ServiceError> {
    let (Some(a), Some(b)) = (game.first_id, game.second_id) else {
        return Err(ServiceError::Conflict("game_has_no_opponent"));
    };
    let first = q::player_by_id(conn, a)?.ok_or(ServiceError::NotFound)?;
    let second = q::player_by_id(conn, b)?.ok_or(ServiceError::NotFound)?;
    Ok((first, second))
}

/// A game of a published round, read under the lock of its event: results of one event are
/// written one at a time on both backends (knockout deciders and the event's end are decided
/// from the other games' results).
fn published_game(conn: &mut DbConnection, game_id: i32) -> Result<GameRow, ServiceError> {
    let event_id = q::game_by_id(conn, game_id)?
        .ok_or(ServiceError::NotFound)?
        .event_id;
    db::lock_event(conn, event_id)?;
    let game = q::game_by_id(conn, game_id)?.ok_or(ServiceError::NotFound)?;
    let round = q::rounds_of_event(conn, game.event_id)?
        .into_iter()
        .find(|r| r.id == game.round_id)
        .ok_or(ServiceError::NotFound)?;
    if round.state != "published" {
        return Err(ServiceError::Conflict("round_not_published"));
    }
    Ok(game)
}

/// Writes a game's final result and everything that follows from it: the open submissions
/// are closed, the standings recomputed, a knockout decider added when a match is level,
/// and the event finished after its last game.
#[allow(clippy::too_many_arguments)]
fn make_final(
    conn: &mut DbConnection,
    game: &GameRow,
    result: StoredResult,
    termination: Option<&str>,
    plies: Option<i32>,
    record: Option<&str>,
    final_position: Option<&str>,
    actor: &Actor,
    action: &'static str,
    detail: String,
) -> Result<(), ServiceError> {
    let changed = q::update_game(
        conn,
        game.id,
        game.version,
        &GameOutcome {
            status: "final",
            result: Some(result.as_str()),
            termination,
            plies,
            record,
            final_position,
        },
        db::now(),
    )?;
    if changed == 0 {
        return Err(ServiceError::Conflict("stale"));
    }
    audit::record(
        conn,
        audit::Entry::event(game.event_id, actor.user_id(), action)
            .by_player(actor.player_id())
            .round(game.round_id)
            .game(game.id)
            .states(&game.status, "final")
            .detail(detail),
    )?;
    q::bump_event(conn, game.event_id, db::now())?;
    after_result(conn, game.event_id)?;
    standings::refresh(conn, game.event_id)?;
    Ok(())
}

/// Adds knockout deciders and finishes the event when its last game is decided.
fn after_result(conn: &mut DbConnection, event_id: i32) -> Result<(), ServiceError> {
    let row = q::event_by_id(conn, event_id)?.ok_or(ServiceError::NotFound)?;
    let event = super::events::Event::from_row(row);
    let data = EventData::load(conn, event)?;
    if let Some(view) = bracket::view(&data) {
        for m in view.matches.iter().filter(|m| m.needs_decider) {
            let games: Vec<&GameRow> = data
                .games
                .iter()
                .filter(|g| m.game_ids.contains(&g.id))
                .collect();
            let (Some(last), Some(a), Some(b)) = (
                games.iter().max_by_key(|g| g.game_no),
                m.entrants[0],
                m.entrants[1],
            ) else {
                continue;
            };
            let next = last.game_no + 1;
            let (first, second) = if next % 2 == 1 { (a, b) } else { (b, a) };
            q::insert_game(
                conn,
                &NewGame {
                    event_id,
                    round_id: last.round_id,
                    board: last.board,
                    game_no: next,
                    bracket_code: Some(&m.code),
                    first_id: Some(first),
                    second_id: Some(second),
                    status: "scheduled",
                    result: None,
                    updated_at: db::now(),
                },
            )?;
            audit::record(
                conn,
                audit::Entry::event(event_id, None, "decider_added")
                    .round(last.round_id)
                    .detail(format!("{}: game {next}", m.code)),
            )?;
        }
    }
    let data = EventData::load(conn, data.event)?;
    let all_final = data.games.iter().all(|g| g.status == "final");
    let last_round = data.rounds.last().map_or(0, |r| r.number);
    let done = match bracket::view(&data) {
        Some(view) if data.event.format.has_knockout() => {
            view.champion.is_some()
                && !view
                    .matches
                    .iter()
                    .any(|m| m.status == crate::tournament::knockout::Status::Ready)
        }
        _ => last_round >= rounds::planned_rounds(&data),
    };
    if all_final && done && data.event.state != EventState::Finished {
        q::set_event_state(conn, event_id, "finished", db::now())?;
    }
    Ok(())
}

/// Bytes kept of a refused submission.
pub const REJECTED_RECORD_KEPT: usize = 64 * 1024;

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

/// How long the window of [`Config::submission_limit_per_game`] is.
///
/// [`Config::submission_limit_per_game`]: crate::config::Config::submission_limit_per_game
const SUBMISSION_WINDOW: chrono::TimeDelta = chrono::TimeDelta::minutes(10);

/// Refuses a record beyond the sender's limit for this game (429): a personal link must not be
/// a way to fill the database. The refused request itself stores nothing.
fn check_submission_limit(
    conn: &mut DbConnection,
    app: &App,
    game: &GameRow,
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

fn store_submission(
    conn: &mut DbConnection,
    game: &GameRow,
    actor: &Actor,
    text: &str,
    checked: Option<&Checked>,
    refusal: Option<&Refusal>,
    status: &str,
) -> Result<i32, ServiceError> {
    let (verdict, reason, ply) = match refusal {
        Some(r) => {
            let (reason, ply) = match &r.verdict {
                Some(VerdictJson::Invalid { reason, ply, .. }) => {
                    (Some(reason.as_str().to_string()), ply.map(|p| p as i32))
                }
                _ => (Some(r.code.to_string()), None),
            };
            ("invalid".to_string(), reason, ply)
        }
        None => (
            checked.map_or("valid", |c| c.verdict.as_str()).to_string(),
            None,
            None,
        ),
    };
    // A refused record may be anything a client sent: its start is kept to show what it
    // was, with its size and hash, never the megabytes themselves.
    let kept = if refusal.is_some() {
        truncate_at_char(text, REJECTED_RECORD_KEPT)
    } else {
        text
    };
    let sha256 = hex::encode(Sha256::digest(text.as_bytes()));
    Ok(q::insert_submission(
        conn,
        &NewSubmission {
            game_id: game.id,
            user_id: actor.user_id(),
            player_id: actor.player_id(),
            role: actor.role(),
            record: kept,
            record_bytes: i32::try_from(text.len()).unwrap_or(i32::MAX),
            record_sha256: &sha256,
            record_hash: checked.map_or("", |c| c.fingerprint.as_str()),
            verdict: &verdict,
            reason: reason.as_deref(),
            ply,
            result: checked.map(|c| c.result.as_str()),
            termination: checked.and_then(|c| c.termination.map(|t| t.as_str())),
            plies: checked.map(|c| c.plies as i32),
            status,
            created_at: db::now(),
        },
    )?)
}

fn outcome(game: &GameRow, status: &str, checked: &Checked) -> SubmitOutcome {
    SubmitOutcome {
        game_id: game.id,
        status: status.to_string(),
        verdict: checked.verdict,
        result: checked.result.as_str().to_string(),
        termination: checked.termination.map(|t| t.as_str().to_string()),
        plies: checked.plies,
    }
}

/// Runs `work` in a write transaction, again when another request changed the game at the
/// same moment (so double clicks and simultaneous submissions settle on one final result).
fn with_retries<T>(
    app: &App,
    mut work: impl FnMut(&mut DbConnection) -> Result<T, SubmitError>,
) -> Result<T, SubmitError> {
    let mut conn = app.conn()?;
    let mut attempt = 0;
    loop {
        match write_transaction(&mut conn, &mut work) {
            Err(SubmitError::Service(ServiceError::Conflict("stale"))) if attempt < 5 => {
                attempt += 1;
            }
            Err(SubmitError::Service(ServiceError::Db(crate::db::DbError::Query(e))))
                if attempt < 5 && is_retryable(&e) =>
            {
                attempt += 1;
            }
            other => return other,
        }
    }
}

fn is_retryable(e: &diesel::result::Error) -> bool {
    matches!(
        e,
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::SerializationFailure,
            _
        )
    ) || e.to_string().contains("database is locked")
}

/// Submits a record for a game (pasted, uploaded, entered on the board, or sent to the API).
pub fn submit_record(
    app: &App,
    game_id: i32,
    actor: &Actor,
    text: &str,
) -> Result<SubmitOutcome, SubmitError> {
    with_retries(app, |conn| {
        let game = published_game(conn, game_id)?;
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, actor, &first, &second)?;
        if let Actor::Player { player_id, .. } = actor
            && Some(*player_id) != game.first_id
            && Some(*player_id) != game.second_id
        {
            return Err(ServiceError::Forbidden.into());
        }
        check_submission_limit(conn, app, &game, actor)?;
        let row = q::event_by_id(conn, game.event_id)?.ok_or(ServiceError::NotFound)?;
        let event = super::events::Event::from_row(row);
        let checked = match check_record(text, &event, &first, &second) {
            Ok(c) => c,
            Err(refusal) => {
                store_submission(conn, &game, actor, text, None, Some(&refusal), "rejected")?;
                audit::record(
                    conn,
                    audit::Entry::event(game.event_id, actor.user_id(), "record_rejected")
                        .by_player(actor.player_id())
                        .game(game.id)
                        .detail(
                            refusal
                                .detail
                                .clone()
                                .unwrap_or_else(|| refusal.code.into()),
                        ),
                )?;
                // The rejection is kept; the error is returned after the commit.
                return Ok(Err(refusal));
            }
        };
        let previous = q::submissions_of_game(conn, game.id)?;
        if game.status == "final" {
            let same = previous
                .iter()
                .any(|s| s.status == "final" && s.record_hash == checked.fingerprint)
                || game.result.as_deref() == Some(checked.result.as_str())
                    && game.plies == Some(checked.plies as i32);
            if same {
                return Ok(Ok(outcome(&game, "final", &checked)));
            }
            return Err(ServiceError::Conflict("game_final").into());
        }
        let position = checked.final_position.to_string();
        let termination = checked.termination.map(|t| t.as_str());
        match actor {
            Actor::Staff { .. } => {
                q::close_open_submissions(conn, game.id, "superseded")?;
                store_submission(conn, &game, actor, text, Some(&checked), None, "final")?;
                make_final(
                    conn,
                    &game,
                    checked.result,
                    termination,
                    Some(checked.plies as i32),
                    Some(text),
                    Some(&position),
                    actor,
                    "record_final",
                    format!("{} by the arbiter's record", checked.result.as_str()),
                )?;
                Ok(Ok(outcome(&game, "final", &checked)))
            }
            Actor::Player { player_id, .. } => {
                let open: Vec<_> = previous
                    .iter()
                    .filter(|s| s.status == "pending" || s.status == "disputed")
                    .collect();
                let mine = open.iter().find(|s| s.player_id == Some(*player_id));
                let theirs = open
                    .iter()
                    .find(|s| s.player_id.is_some() && s.player_id != Some(*player_id));
                if let Some(mine) = mine
                    && mine.record_hash == checked.fingerprint
                    && theirs.is_none()
                {
                    // The same record again: nothing changes.
                    return Ok(Ok(outcome(&game, &game.status, &checked)));
                }
                if game.status == "disputed" {
                    store_submission(conn, &game, actor, text, Some(&checked), None, "disputed")?;
                    audit::record(
                        conn,
                        audit::Entry::event(game.event_id, actor.user_id(), "record_submitted")
                            .by_player(actor.player_id())
                            .game(game.id)
                            .detail("while disputed"),
                    )?;
                    return Ok(Ok(outcome(&game, "disputed", &checked)));
                }
                match theirs {
                    Some(theirs) if theirs.record_hash == checked.fingerprint => {
                        // The opponent's record, submitted by this player: a confirmation.
                        q::close_open_submissions(conn, game.id, "confirmed")?;
                        store_submission(
                            conn,
                            &game,
                            actor,
                            text,
                            Some(&checked),
                            None,
                            "confirmed",
                        )?;
                        make_final(
                            conn,
                            &game,
                            checked.result,
                            termination,
                            Some(checked.plies as i32),
                            Some(&theirs.record),
                            Some(&position),
                            actor,
                            "record_confirmed",
                            format!("{} confirmed by both players", checked.result.as_str()),
                        )?;
                        Ok(Ok(outcome(&game, "final", &checked)))
                    }
                    Some(_) => {
                        // Two different records: the game is disputed.
                        q::close_open_submissions(conn, game.id, "disputed")?;
                        store_submission(
                            conn,
                            &game,
                            actor,
                            text,
                            Some(&checked),
                            None,
                            "disputed",
                        )?;
                        set_status(conn, &game, "disputed", actor, "records_differ")?;
                        Ok(Ok(outcome(&game, "disputed", &checked)))
                    }
                    None => {
                        if mine.is_some() {
                            q::close_open_submissions(conn, game.id, "superseded")?;
                        }
                        store_submission(
                            conn,
                            &game,
                            actor,
                            text,
                            Some(&checked),
                            None,
                            "pending",
                        )?;
                        set_status(conn, &game, "pending", actor, "record_submitted")?;
                        Ok(Ok(outcome(&game, "pending", &checked)))
                    }
                }
            }
        }
    })
    .and_then(|inner| inner.map_err(SubmitError::Refused))
}

fn set_status(
    conn: &mut DbConnection,
    game: &GameRow,
    status: &str,
    actor: &Actor,
    action: &'static str,
) -> Result<(), ServiceError> {
    if game.status != status {
        let changed = q::update_game(
            conn,
            game.id,
            game.version,
            &GameOutcome {
                status,
                result: None,
                termination: None,
                plies: None,
                record: None,
                final_position: None,
            },
            db::now(),
        )?;
        if changed == 0 {
            return Err(ServiceError::Conflict("stale"));
        }
    }
    audit::record(
        conn,
        audit::Entry::event(game.event_id, actor.user_id(), action)
            .by_player(actor.player_id())
            .round(game.round_id)
            .game(game.id)
            .states(&game.status, status),
    )?;
    q::bump_event(conn, game.event_id, db::now())?;
    Ok(())
}

/// The opponent confirms the pending record (or an arbiter approves it).
pub fn confirm(app: &App, game_id: i32, actor: &Actor) -> Result<SubmitOutcome, ServiceError> {
    let result = with_retries(app, |conn| {
        let game = published_game(conn, game_id)?;
        if game.status == "final" {
            return Err(ServiceError::Conflict("game_final").into());
        }
        let pending = q::submissions_of_game(conn, game.id)?
            .into_iter()
            .rfind(|s| s.status == "pending")
            .ok_or(ServiceError::Conflict("nothing_to_confirm"))?;
        match actor {
            Actor::Player { player_id, .. } => {
                let is_player =
                    Some(*player_id) == game.first_id || Some(*player_id) == game.second_id;
                if !is_player {
                    return Err(ServiceError::Forbidden.into());
                }
                if pending.player_id == Some(*player_id) {
                    return Err(ServiceError::Conflict("cannot_confirm_own").into());
                }
            }
            Actor::Staff { .. } => {
                let (first, second) = game_players(conn, &game)?;
                refuse_own_game(conn, actor, &first, &second)?;
            }
        }
        let result = pending
            .result
            .as_deref()
            .and_then(StoredResult::parse)
            .ok_or(ServiceError::Conflict("nothing_to_confirm"))?;
        q::close_open_submissions(conn, game.id, "confirmed")?;
        let final_position = {
            let row = q::event_by_id(conn, game.event_id)?.ok_or(ServiceError::NotFound)?;
            let event = super::events::Event::from_row(row);
            let (first, second) = game_players(conn, &game)?;
            check_record(&pending.record, &event, &first, &second)
                .ok()
                .map(|c| c.final_position.to_string())
        };
        let action = match actor {
            Actor::Staff { .. } => "record_approved",
            Actor::Player { .. } => "record_confirmed",
        };
        make_final(
            conn,
            &game,
            result,
            pending.termination.as_deref(),
            pending.plies,
            Some(&pending.record),
            final_position.as_deref(),
            actor,
            action,
            format!("{} confirmed", result.as_str()),
        )?;
        Ok(SubmitOutcome {
            game_id: game.id,
            status: "final".into(),
            verdict: if pending.verdict == "valid_claimed" {
                VerdictKind::ValidClaimed
            } else {
                VerdictKind::Valid
            },
            result: result.as_str().into(),
            termination: pending.termination.clone(),
            plies: pending.plies.unwrap_or(0).max(0) as u32,
        })
    });
    match result {
        Ok(o) => Ok(o),
        Err(SubmitError::Service(e)) => Err(e),
        Err(SubmitError::Refused(_)) => Err(ServiceError::Conflict("nothing_to_confirm")),
    }
}

/// A player disputes the pending result.
pub fn dispute(app: &App, game_id: i32, actor: &Actor, reason: &str) -> Result<(), ServiceError> {
    let reason = reason.trim();
    if reason.chars().count() > 1000 {
        return Err(ServiceError::invalid("reason", "reason_too_long"));
    }
    let result = with_retries(app, |conn| {
        let game = published_game(conn, game_id)?;
        match actor {
            Actor::Player { player_id, .. }
                if Some(*player_id) == game.first_id || Some(*player_id) == game.second_id => {}
            // Staff do not dispute: they decide (`decide`).
            Actor::Player { .. } | Actor::Staff { .. } => {
                return Err(ServiceError::Forbidden.into());
            }
        }
        if game.status == "final" {
            return Err(ServiceError::Conflict("game_final").into());
        }
        if game.status == "disputed" {
            return Ok(());
        }
        q::close_open_submissions(conn, game.id, "disputed")?;
        set_status(conn, &game, "disputed", actor, "result_disputed")?;
        if !reason.is_empty() {
            audit::record(
                conn,
                audit::Entry::event(game.event_id, actor.user_id(), "dispute_reason")
                    .by_player(actor.player_id())
                    .game(game.id)
                    .detail(reason),
            )?;
        }
        Ok(())
    });
    match result {
        Ok(()) => Ok(()),
        Err(SubmitError::Service(e)) => Err(e),
        Err(SubmitError::Refused(_)) => Err(ServiceError::Conflict("game_final")),
    }
}

/// An arbiter's decision: a result (`1-0`, `0-1`, `1/2-1/2`) by adjudication, or a forfeit
/// (`+-`, `-+`, `--`). Final at once; replaces any pending or disputed result.
pub fn decide(
    app: &App,
    access: &Access,
    game_id: i32,
    result: &str,
    reason: &str,
) -> Result<(), ServiceError> {
    access.require_arbiter()?;
    let stored = match StoredResult::parse(result.trim()) {
        Some(StoredResult::Bye) | None => {
            return Err(ServiceError::invalid("result", "result_invalid"));
        }
        Some(r) => r,
    };
    let reason = reason.trim().to_string();
    if reason.chars().count() > 1000 {
        return Err(ServiceError::invalid("reason", "reason_too_long"));
    }
    let actor = Actor::Staff {
        user_id: access.user_id().unwrap_or(0),
        role: access.role.unwrap_or(StaffRole::Arbiter),
    };
    let outcome = with_retries(app, |conn| {
        let game = published_game(conn, game_id)?;
        if game.event_id != access.event.id {
            return Err(ServiceError::NotFound.into());
        }
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, &actor, &first, &second)?;
        if game.status == "final" && game.result.as_deref() == Some(stored.as_str()) {
            return Ok(());
        }
        let termination = match stored {
            StoredResult::FirstWinsByForfeit
            | StoredResult::SecondWinsByForfeit
            | StoredResult::DoubleForfeit => None,
            _ => Some(Termination::Adjudication.as_str()),
        };
        q::close_open_submissions(conn, game.id, "superseded")?;
        make_final(
            conn,
            &game,
            stored,
            termination,
            None,
            game.record.as_deref(),
            None,
            &actor,
            "arbiter_decision",
            if reason.is_empty() {
                stored.as_str().to_string()
            } else {
                format!("{}: {reason}", stored.as_str())
            },
        )?;
        Ok(())
    });
    match outcome {
        Ok(()) => Ok(()),
        Err(SubmitError::Service(e)) => Err(e),
        Err(SubmitError::Refused(_)) => Err(ServiceError::Conflict("game_final")),
    }
}

/// A game as shown.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub id: i32,
    pub event_id: i32,
    pub event_slug: String,
    pub event_name: String,
    pub round: i32,
    pub board: i32,
    pub game_no: i32,
    pub bracket_code: Option<String>,
    pub first: Option<GamePlayer>,
    pub second: Option<GamePlayer>,
    pub status: String,
    pub result: Option<String>,
    pub termination: Option<String>,
    pub plies: Option<i32>,
    pub record: Option<String>,
    pub variant: String,
    /// The position before the first ply, then after each ply (for replay).
    pub positions: Vec<String>,
    /// Move text of each ply.
    pub moves: Vec<String>,
    /// Stones captured in each ply.
    pub captured: Vec<u32>,
    /// The side that moved first (`S` or `N`).
    pub first_side: String,
    /// The last pending submission (its result and who sent it), if any.
    pub pending: Option<PendingView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct GamePlayer {
    pub id: i32,
    pub number: i32,
    pub name: String,
    pub rating: i32,
}

#[derive(Clone, Debug, Serialize)]
pub struct PendingView {
    pub result: Option<String>,
    pub player_id: Option<i32>,
    pub by_staff: bool,
    /// The record itself, for the game's parties only (absent from the JSON for others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

/// Who is looking at a game: a party to it (one of its players, or staff of its event) sees
/// the record waiting for confirmation; anyone else sees records once they are final.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    Party,
    Public,
}

/// A game, with its replay when it has a record. Games of draft rounds are for staff only.
pub fn view(
    app: &App,
    access: &Access,
    game_id: i32,
    viewer: Viewer,
) -> Result<GameView, ServiceError> {
    let mut conn = app.conn()?;
    let game = q::game_by_id(&mut conn, game_id)?
        .filter(|g| g.event_id == access.event.id)
        .ok_or(ServiceError::NotFound)?;
    let round = q::rounds_of_event(&mut conn, game.event_id)?
        .into_iter()
        .find(|r| r.id == game.round_id)
        .ok_or(ServiceError::NotFound)?;
    if round.state != "published" && !access.is_arbiter() {
        return Err(ServiceError::NotFound);
    }
    let player =
        |conn: &mut DbConnection, id: Option<i32>| -> Result<Option<GamePlayer>, ServiceError> {
            Ok(match id {
                Some(id) => q::player_by_id(conn, id)?.map(|p| GamePlayer {
                    id: p.id,
                    number: p.number,
                    name: p.name,
                    rating: p.rating,
                }),
                None => None,
            })
        };
    let first = player(&mut conn, game.first_id)?;
    let second = player(&mut conn, game.second_id)?;
    let pending = q::submissions_of_game(&mut conn, game.id)?
        .into_iter()
        .rfind(|s| s.status == "pending")
        .map(|s| PendingView {
            result: s.result,
            player_id: s.player_id,
            by_staff: s.player_id.is_none(),
            record: (viewer == Viewer::Party).then_some(s.record),
        });
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    let mut captured = Vec::new();
    let mut first_side = "S".to_string();
    if let Some(text) = &game.record
        && let Ok(mut record) = rules::parse_record(text)
    {
        if record.tag("Variant").is_none() {
            record.header.variant = access.event.variant;
        }
        first_side = record.header.first.letter().to_string();
        if let Ok(replay) = rules::replay(&record) {
            positions.push(replay.start.to_string());
            for step in &replay.steps {
                positions.push(step.after.to_string());
                moves.push(step.mv.to_string());
                captured.push(step.report.stones_captured());
            }
        }
    }
    Ok(GameView {
        id: game.id,
        event_id: access.event.id,
        event_slug: access.event.slug.clone(),
        event_name: access.event.name.clone(),
        round: round.number,
        board: game.board,
        game_no: game.game_no,
        bracket_code: game.bracket_code,
        first,
        second,
        status: game.status,
        result: game.result,
        termination: game.termination,
        plies: game.plies,
        record: game.record,
        variant: access.event.variant.as_str().to_string(),
        positions,
        moves,
        captured,
        first_side,
        pending,
    })
}

/// Loads the event of a game, with the user's role in it.
pub fn access_for_game(
    app: &App,
    game_id: i32,
    user: Option<&super::accounts::User>,
) -> Result<(Access, GameRow, Vec<PlayerRow>), ServiceError> {
    let mut conn = app.conn()?;
    let game = q::game_by_id(&mut conn, game_id)?.ok_or(ServiceError::NotFound)?;
    let access = load_access(&mut conn, EventRef::Id(game.event_id), user)?;
    let players = q::players_of_event(&mut conn, game.event_id)?;
    Ok((access, game, players))
}

/// Games waiting for an arbiter: pending and disputed, oldest first.
pub fn queue(app: &App, access: &Access) -> Result<Vec<GameRow>, ServiceError> {
    access.require_arbiter()?;
    let mut conn = app.conn()?;
    let mut games: Vec<GameRow> = q::games_of_event(&mut conn, access.event.id)?
        .into_iter()
        .filter(|g| g.status == "pending" || g.status == "disputed")
        .collect();
    games.sort_by_key(|g| (g.status != "disputed", g.updated_at));
    Ok(games)
}

/// Every submission of a game (for the audit view).
pub fn submissions(
    app: &App,
    access: &Access,
    game_id: i32,
) -> Result<Vec<crate::db::events::SubmissionRow>, ServiceError> {
    access.require_arbiter()?;
    let mut conn = app.conn()?;
    Ok(q::submissions_of_game(&mut conn, game_id)?)
}
