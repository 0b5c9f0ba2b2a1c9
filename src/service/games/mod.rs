//! Games and their results: records submitted, verified by the rules engine, confirmed by the
//! opponent or an arbiter, disputed and decided. Only a final result changes the standings,
//! and it changes them in the same transaction.
//!
//! Lifecycle ([`GameStatus`]): `scheduled` → (a player submits) `pending` → (the opponent
//! confirms, or an arbiter approves) `final`; `pending` → (a player disputes, or the players
//! submit different records) `disputed` → (an arbiter decides) `final`. An organiser's or
//! arbiter's submission or decision is final at once. Every change is written to the audit
//! log.

mod adjudicate;
mod correct;
mod decide;
pub(crate) mod finalise;
pub use finalise::{finalise_held, start_worker};
mod live;
mod record;
mod submit;
mod view;

pub use adjudicate::Proposal;
pub(crate) use adjudicate::{latest_proposal, propose, settle};
pub(crate) use correct::correct;
pub use correct::{Correction, LaterRound};
pub(crate) use decide::{
    accept_submission, confirm, decide, decided_result, dispute, order_replay,
};
pub use live::{LiveBoard, LiveState, MAX_PLIES, MoveError, SentMove};
pub(crate) use live::{play, round_state, state as live_state, take_back};
pub use record::PlyMarks;
pub(crate) use record::{Reverified, reverify};
pub(crate) use submit::submit_record;
pub use submit::{REJECTED_RECORD_KEPT, Refusal, SubmitError, SubmitOutcome};
pub use view::{
    FirstDifference, GamePlayer, GameSubmissions, GameView, PendingView, QueueAsk, QueueItem,
    Replay, SubmissionView, Viewer,
};
pub(crate) use view::{queue, submissions, view};

use super::access::{Access, EventRef, load_access};
use super::accounts::User;
use super::{App, ServiceError, audit};
use crate::db::events::{self as q, GameOutcome};
use crate::db::{self, DbConnection, write_transaction};
use crate::domain::ErrorCode;
use crate::domain::{
    AuditAction, Game, GameId, GameStatus, Player, PlayerId, StaffRole, SubmitterRole, UserId,
};

/// Who acts on a game.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Actor {
    /// An organiser or arbiter of the event.
    Staff { user_id: UserId, role: StaffRole },
    /// One of the two players (by entry), possibly signed in.
    Player {
        player_id: PlayerId,
        user_id: Option<UserId>,
    },
}

impl Actor {
    fn user_id(&self) -> Option<UserId> {
        match self {
            Actor::Staff { user_id, .. } => Some(*user_id),
            Actor::Player { user_id, .. } => *user_id,
        }
    }

    fn player_id(&self) -> Option<PlayerId> {
        match self {
            Actor::Player { player_id, .. } => Some(*player_id),
            Actor::Staff { .. } => None,
        }
    }

    fn role(&self) -> SubmitterRole {
        match self {
            Actor::Staff { role, .. } => SubmitterRole::from(*role),
            Actor::Player { .. } => SubmitterRole::Player,
        }
    }

    /// An audit entry of this actor about `game`.
    fn entry(&self, game: &Game, action: AuditAction) -> audit::Entry {
        audit::Entry::event(game.event_id, self.user_id(), action)
            .by_player(self.player_id())
            .round(game.round_id)
            .game(game.id)
    }
}

/// Who the signed-in user is for a game: one of its players, staff of its event, or nobody.
///
/// A player of the game acts as a player even when also staff of the event: nobody confirms,
/// decides or enters with an arbiter's authority a result of their own game. A staff member
/// whose e-mail address the entry carries, without being bound to it, is taken for that
/// player as far as this restriction goes (it only ever removes rights).
#[must_use]
pub(crate) fn actor_for(access: &Access, game: &Game, players: &[Player]) -> Option<Actor> {
    let user = access.user()?;
    let in_game = |p: &&Player| p.plays_in(game);
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
    let role = access.role()?;
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
pub(crate) fn actor_or_refusal(
    access: &Access,
    game: &Game,
    players: &[Player],
) -> Result<Actor, ServiceError> {
    actor_for(access, game, players).ok_or(if access.is_arbiter() {
        ServiceError::NotAllowed(ErrorCode::OwnGame)
    } else {
        ServiceError::Forbidden
    })
}

/// Whether the account plays in a game it would act on as staff: bound to one of the entries,
/// or its address on one.
fn plays_in(user_id: UserId, email: Option<&str>, first: &Player, second: &Player) -> bool {
    [first, second]
        .iter()
        .any(|p| p.user_id == Some(user_id) || (p.email.is_some() && p.email.as_deref() == email))
}

/// Refuses a staff action on a game the staff member plays in (see [`actor_for`]); checked
/// in every use case that acts with staff authority, whatever route it came by.
fn refuse_own_game(
    conn: &mut DbConnection,
    actor: &Actor,
    first: &Player,
    second: &Player,
) -> Result<(), ServiceError> {
    let Actor::Staff { user_id, .. } = actor else {
        return Ok(());
    };
    let email = crate::db::accounts::user_by_id(conn, *user_id)?.map(|u| u.email);
    if plays_in(*user_id, email.as_deref(), first, second) {
        return Err(ServiceError::NotAllowed(ErrorCode::OwnGame));
    }
    Ok(())
}

/// Refuses an actor who is not staff and not one of the game's two players.
fn refuse_outsider(actor: &Actor, game: &Game) -> Result<(), ServiceError> {
    match actor {
        Actor::Player { player_id, .. }
            if game.first_id != Some(*player_id) && game.second_id != Some(*player_id) =>
        {
            Err(ServiceError::Forbidden)
        }
        _ => Ok(()),
    }
}

/// The game's two players (a bye has only one: nothing to submit).
fn game_players(conn: &mut DbConnection, game: &Game) -> Result<(Player, Player), ServiceError> {
    let (Some(a), Some(b)) = (game.first_id, game.second_id) else {
        return Err(ServiceError::Conflict(ErrorCode::GameHasNoOpponent));
    };
    let first = q::player_by_id(conn, a)?.ok_or(ServiceError::NotFound)?;
    let second = q::player_by_id(conn, b)?.ok_or(ServiceError::NotFound)?;
    Ok((first, second))
}

/// A game of a published round, read under the lock of its event: results of one event are
/// written one at a time on both backends (knockout deciders and the event's end are decided
/// from the other games' results).
fn published_game(conn: &mut DbConnection, game_id: GameId) -> Result<Game, ServiceError> {
    let event_id = q::game_by_id(conn, game_id)?
        .ok_or(ServiceError::NotFound)?
        .event_id;
    db::lock_event(conn, event_id)?;
    let game = q::game_by_id(conn, game_id)?.ok_or(ServiceError::NotFound)?;
    let round = q::rounds_of_event(conn, game.event_id)?
        .into_iter()
        .find(|r| r.id == game.round_id)
        .ok_or(ServiceError::NotFound)?;
    if !round.is_published() {
        return Err(ServiceError::Blocked {
            code: ErrorCode::RoundNotPublished,
            detail: round.number.to_string(),
        });
    }
    Ok(game)
}

/// A game of `access`'s event, published, for its staff: another event's game is not found
/// before anything of it is read or locked.
fn staff_game(
    conn: &mut DbConnection,
    access: &Access,
    game_id: GameId,
) -> Result<Game, ServiceError> {
    let of_event = q::game_by_id(conn, game_id)?.is_some_and(|g| g.event_id == access.event.id);
    if !of_event {
        return Err(ServiceError::NotFound);
    }
    published_game(conn, game_id)
}

/// Sets a game's open records aside (an ordered replay, a withdrawn round), each kept whole
/// in the game's log, as done by `user_id`.
pub(crate) fn set_aside_records(
    conn: &mut DbConnection,
    game: &Game,
    user_id: Option<UserId>,
) -> Result<(), ServiceError> {
    for sub in q::submissions_of_game(conn, game.id)?
        .iter()
        .filter(|s| s.status.is_open())
    {
        audit::record(
            conn,
            audit::Entry::event(game.event_id, user_id, AuditAction::RecordSetAside)
                .by_player(sub.player_id)
                .round(game.round_id)
                .game(game.id)
                .text(sub.record.clone()),
        )?;
    }
    q::settle_submissions(conn, game.id, None)?;
    // Moves entered as the game was played are set aside too, whole in the log.
    let moves = crate::db::live::moves_of_game(conn, game.id)?;
    if !moves.is_empty() {
        let text = moves
            .iter()
            .map(|m| m.move_text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        audit::record(
            conn,
            audit::Entry::event(game.event_id, user_id, AuditAction::RecordSetAside)
                .round(game.round_id)
                .game(game.id)
                .text(text),
        )?;
        crate::db::live::delete_moves(conn, game.id)?;
    }
    Ok(())
}

/// Moves a game to `status` (not final: see [`finalise`]) and logs it as `action`.
fn set_status(
    conn: &mut DbConnection,
    game: &Game,
    status: GameStatus,
    actor: &Actor,
    action: AuditAction,
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
                corrected_from: None,
                correction_reason: None,
            },
            db::now(),
        )?;
        if changed == 0 {
            return Err(ServiceError::Stale);
        }
    }
    audit::record(conn, actor.entry(game, action).states(game.status, status))?;
    q::bump_event(conn, game.event_id, db::now())?;
    Ok(())
}

/// Runs `work` in a write transaction, again when another request changed the game at the
/// same moment (so double clicks and simultaneous submissions settle on one final result).
fn with_retries<T, E>(
    app: &App,
    mut work: impl FnMut(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<ServiceError> + From<diesel::result::Error> + Retry,
{
    let mut conn = app.conn().map_err(E::from)?;
    let mut attempt = 0;
    loop {
        match write_transaction(&mut conn, &mut work) {
            Err(e) if attempt < 5 && e.is_retryable() => attempt += 1,
            other => return other,
        }
    }
}

/// Errors that say "someone else wrote first; try again".
trait Retry {
    fn is_retryable(&self) -> bool;
}

impl Retry for ServiceError {
    fn is_retryable(&self) -> bool {
        match self {
            ServiceError::Stale => true,
            ServiceError::Db(crate::db::DbError::Query(e)) => db::is_retryable(e),
            _ => false,
        }
    }
}

/// Loads the event of a game, with the user's role in it, the game and its players.
pub(crate) fn access_for_game(
    app: &App,
    game_id: GameId,
    user: Option<&User>,
) -> Result<(Access, Game, Vec<Player>), ServiceError> {
    let mut conn = app.conn()?;
    let game = q::game_by_id(&mut conn, game_id)?.ok_or(ServiceError::NotFound)?;
    let access = load_access(&mut conn, EventRef::Id(game.event_id), user)?;
    // The game's own players: who acts on a game is decided by them alone, and an event of
    // thousands is not read for each request.
    let mut players = Vec::with_capacity(2);
    for id in [game.first_id, game.second_id].into_iter().flatten() {
        players.extend(q::player_by_id(&mut conn, id)?);
    }
    Ok((access, game, players))
}
