//! A game in play: its moves entered one ply at a time as they are played, by either player
//! (through the personal link or the account) or the event's staff.
//!
//! A move names its ply. The ply is the key of the stored move, so the same move sent again (a
//! retry after the venue's Wi-Fi dropped) changes nothing, and two devices cannot fork the
//! game: another move for a ply already played is refused with the game as it stands. When
//! the position is over on the board the moves are the game's record, submitted in the name of
//! each player who stands behind it: a player who entered every ply of their own side from
//! their own account or personal link. Both did, and it is final at once; one did, and the
//! other confirms or disputes as any record. Either player may enter the other's move (one
//! phone passed across the board), but then the record waits for that player's confirmation:
//! nobody's result is final in the name of a player who did not enter their own moves. Staff
//! alone entered it, and it is the staff's record, final at once.

use super::{
    Actor, App, Retry, ServiceError, game_players, refuse_outsider, refuse_own_game, staff_game,
    with_retries,
};
use crate::db::events as q;
use crate::db::live::{self as ql, LiveMove, NewLiveMove};
use crate::db::{self, DbConnection};
use crate::domain::{
    AuditAction, ErrorCode, FeedKind, Game, GameId, GameState, GameStatus, PlayerId,
};
use crate::rules::explain::Explanation;
use crate::rules::{
    Game as Board, GameResult, Hole, Move, Position, Reason, ReplayError, ReplayErrorKind, Side,
    Termination, Variant,
};
use crate::service::access::Access;
use crate::service::audit::{self, Detail};
use crate::service::live_feed::{self, Happened, Placed};

/// The most plies a game in play takes: far beyond any real game.
pub const MAX_PLIES: usize = 2000;

/// A game in play as it stands.
#[derive(Clone, Debug)]
pub struct LiveState {
    pub game_id: GameId,
    /// Plies played so far.
    pub ply: u32,
    pub position: Position,
    /// The moves played, in order.
    pub moves: Vec<String>,
    /// Holes the player to move can sow from (none once the game is over).
    pub legal: Vec<Hole>,
    /// The player to move may rearrange instead (expert, their first turn).
    pub may_rearrange: bool,
    /// The result on the board, from South's side (South moves first), once it is over.
    pub over: Option<(GameResult, Termination)>,
    pub status: GameState,
}

impl LiveState {
    /// Whether the game still takes moves: not over on the board, no record sent yet.
    #[must_use]
    pub fn takes_moves(&self) -> bool {
        self.over.is_none() && matches!(self.status, GameState::Scheduled | GameState::InPlay)
    }

    /// The game after `moves`.
    fn replay(
        game: &Game,
        variant: Variant,
        moves: &[LiveMove],
    ) -> Result<LiveState, ServiceError> {
        let board = board_after(variant, moves)?;
        Ok(LiveState::of(
            game,
            &board,
            moves.iter().map(|m| m.move_text.clone()).collect(),
        ))
    }

    fn of(game: &Game, board: &Board, moves: Vec<String>) -> LiveState {
        let over = board.result();
        LiveState {
            game_id: game.id,
            ply: u32::try_from(moves.len()).unwrap_or(u32::MAX),
            position: *board.position(),
            legal: if over.is_some() {
                Vec::new()
            } else {
                board.legal_moves()
            },
            may_rearrange: over.is_none() && board.may_rearrange(board.to_move()),
            over,
            status: GameState::of(game.status, moves.len()),
            moves,
        }
    }
}

/// The board after `moves`, from the start of `variant` with South (the first mover) to move.
fn board_after(variant: Variant, moves: &[LiveMove]) -> Result<Board, ServiceError> {
    let mut board = Board::start(variant, Side::South);
    for mv in moves {
        let parsed: Move = mv
            .move_text
            .parse()
            .map_err(|_| ServiceError::Internal(format!("stored move {}", mv.move_text)))?;
        board
            .apply(&parsed, None)
            .map_err(|e| ServiceError::Internal(format!("stored move {}: {e}", mv.move_text)))?;
    }
    Ok(board)
}

/// Why a move was not played.
#[derive(Debug)]
pub enum MoveError {
    /// The ply was played with another move (`ply_taken`), or is not the next one
    /// (`ply_not_next`): the game as it stands.
    Taken {
        code: ErrorCode,
        state: Box<LiveState>,
    },
    /// The move cannot be played now: why, and the game as it stands.
    Illegal {
        reason: Reason,
        explanation: Explanation,
        state: Box<LiveState>,
    },
    Service(ServiceError),
}

impl From<ServiceError> for MoveError {
    fn from(e: ServiceError) -> MoveError {
        MoveError::Service(e)
    }
}

impl From<diesel::result::Error> for MoveError {
    fn from(e: diesel::result::Error) -> MoveError {
        MoveError::Service(e.into())
    }
}

impl Retry for MoveError {
    fn is_retryable(&self) -> bool {
        matches!(self, MoveError::Service(e) if e.is_retryable())
    }
}

/// A move as sent: the ply it plays and its text.
#[derive(Clone, Debug)]
pub struct SentMove {
    pub ply: u32,
    pub text: String,
}

/// What the move's transaction ended with.
enum Played {
    /// The same move for the same ply again: nothing changed.
    Again(LiveState),
    /// A new move; the game may be over on the board.
    New(LiveState),
}

/// Plays a move of a game in play. The game must be of a published round, with two players,
/// and neither final nor waiting on a record; the actor one of its players or staff.
pub(crate) fn play(
    app: &App,
    game_id: GameId,
    actor: &Actor,
    sent: &SentMove,
) -> Result<LiveState, MoveError> {
    app.live
        .count_move(game_id, actor.player_id(), actor.user_id())?;
    let played = with_retries(app, |conn| play_in(conn, game_id, actor, sent))?;
    let state = match played {
        Played::Again(state) | Played::New(state) => state,
    };
    app.live.wake();
    if state.over.is_some() && state.status == GameState::InPlay {
        // Over on the board: the moves are the game's record. (A retry of the last move
        // finishes a game whose record a stopped server never submitted.)
        return Ok(finish(app, game_id, actor, state)?);
    }
    Ok(state)
}

fn play_in(
    conn: &mut DbConnection,
    game_id: GameId,
    actor: &Actor,
    sent: &SentMove,
) -> Result<Played, MoveError> {
    let Seated {
        game,
        round_number,
        variant,
    } = seated(conn, game_id, actor)?;
    let moves = ql::moves_of_game(conn, game.id)?;
    let board = board_after(variant, &moves)?;
    let state = LiveState::of(
        &game,
        &board,
        moves.iter().map(|m| m.move_text.clone()).collect(),
    );
    let ply = sent.ply as usize;
    if ply == 0 || ply > MAX_PLIES {
        return Err(ServiceError::invalid("ply", ErrorCode::FieldInvalid).into());
    }
    if ply <= moves.len() {
        let same = sent
            .text
            .trim()
            .parse::<Move>()
            .is_ok_and(|mv| mv.to_string() == moves[ply - 1].move_text);
        return if same {
            Ok(Played::Again(state))
        } else {
            Err(MoveError::Taken {
                code: ErrorCode::PlyTaken,
                state: Box::new(state),
            })
        };
    }
    if game.status != GameStatus::Scheduled || state.over.is_some() {
        return Err(ServiceError::Conflict(ErrorCode::GameNotInPlay).into());
    }
    if ply > moves.len() + 1 {
        return Err(MoveError::Taken {
            code: ErrorCode::PlyNotNext,
            state: Box::new(state),
        });
    }
    let text = sent.text.trim();
    let refused = |kind: ReplayErrorKind| {
        let error = ReplayError {
            ply: sent.ply,
            move_text: Some(text.to_string()),
            position_before: state.position,
            kind,
        };
        MoveError::Illegal {
            reason: error.reason(),
            explanation: Explanation::of_replay(&error),
            state: Box::new(state.clone()),
        }
    };
    let parsed: Move = match text.parse() {
        Ok(mv) => mv,
        Err(bad) => return Err(refused(ReplayErrorKind::BadNotation(bad))),
    };
    let next = match board.play(&parsed) {
        Ok((next, _)) => next,
        Err(e) => return Err(refused(ReplayErrorKind::Play(e))),
    };
    let mut moves_after = state.moves.clone();
    moves_after.push(parsed.to_string());
    let after = LiveState::of(&game, &next, moves_after);
    store_move(
        conn,
        &game,
        round_number,
        actor,
        &parsed.to_string(),
        &after,
    )?;
    Ok(Played::New(after))
}

/// A game a move is sent to, with what the move needs of its round and event.
struct Seated {
    game: Game,
    round_number: i32,
    variant: Variant,
}

/// The game, checked to take moves from `actor`, under a lock of the game: the moves of one
/// game are taken one at a time, those of different games side by side (a move changes no
/// result; the record at the end goes through the event's lock as any record).
fn seated(conn: &mut DbConnection, game_id: GameId, actor: &Actor) -> Result<Seated, ServiceError> {
    db::lock_key(conn, &format!("live game {game_id}"))?;
    let game = q::game_by_id(conn, game_id)?.ok_or(ServiceError::NotFound)?;
    refuse_outsider(actor, &game)?;
    let round = q::round_by_id(conn, game.round_id)?.ok_or(ServiceError::NotFound)?;
    if !round.is_published() {
        return Err(ServiceError::Blocked {
            code: ErrorCode::RoundNotPublished,
            detail: round.number.to_string(),
        });
    }
    if game.second_id.is_none() {
        return Err(ServiceError::Conflict(ErrorCode::GameHasNoOpponent));
    }
    if let Actor::Staff { .. } = actor {
        let (first, second) = game_players(conn, &game)?;
        refuse_own_game(conn, actor, &first, &second)?;
    }
    let event = q::event_by_id(conn, game.event_id)?.ok_or(ServiceError::NotFound)?;
    Ok(Seated {
        game,
        round_number: round.number,
        variant: event.variant,
    })
}

/// Stores the move and its line of the live feed.
fn store_move(
    conn: &mut DbConnection,
    game: &Game,
    round_number: i32,
    actor: &Actor,
    text: &str,
    after: &LiveState,
) -> Result<(), ServiceError> {
    let now = db::now();
    let public_at = live_feed::public_at(conn, game.event_id, now)?;
    let position = after.position.to_string();
    let ply = i32::try_from(after.ply).unwrap_or(i32::MAX);
    ql::insert_move(
        conn,
        &NewLiveMove {
            game_id: game.id,
            ply,
            move_text: text,
            position: &position,
            player_id: actor.player_id(),
            user_id: actor.user_id(),
            played_at: now,
            public_at,
        },
    )?;
    live_feed::write(
        conn,
        game,
        &Placed {
            round_number,
            written_at: now,
            public_at,
        },
        &Happened {
            kind: FeedKind::Move,
            ply,
            move_text: Some(text),
            position: Some(&position),
            status: GameState::InPlay,
            result: None,
        },
    )
}

/// The game is over on the board: its moves are submitted as its record in the name of each
/// player who stands behind it ([`entrants_of`]).
fn finish(
    app: &App,
    game_id: GameId,
    actor: &Actor,
    mut state: LiveState,
) -> Result<LiveState, ServiceError> {
    let (game, entrants, record) = {
        let mut conn = app.conn()?;
        let game = q::game_by_id(&mut conn, game_id)?.ok_or(ServiceError::NotFound)?;
        let event = q::event_by_id(&mut conn, game.event_id)?.ok_or(ServiceError::NotFound)?;
        let moves = ql::moves_of_game(&mut conn, game_id)?;
        let sides = sides_of(event.variant, &moves)?;
        let entrants = entrants_of(&game, &moves, &sides, actor);
        let record =
            crate::service::board::record_of(event.variant, Side::South, &state.moves, None)
                .ok_or_else(|| ServiceError::Internal("the moves make no record".into()))?;
        (game, entrants, record)
    };
    for entrant in &entrants {
        match super::submit_record(app, game.id, entrant, &record) {
            Ok(_) => {}
            Err(super::SubmitError::Service(e)) => return Err(e),
            Err(super::SubmitError::Refused(refusal)) => {
                return Err(ServiceError::Internal(format!(
                    "the moves played were refused as a record: {}",
                    refusal.code
                )));
            }
        }
    }
    let mut conn = app.conn()?;
    let game = q::game_by_id(&mut conn, game.id)?.ok_or(ServiceError::NotFound)?;
    state.status = GameState::of(game.status, state.moves.len());
    if game.status != GameStatus::Final {
        // A final result writes its own line; one waiting for confirmation is said here.
        db::write_transaction(&mut conn, |conn| {
            live_feed::write_result(conn, &game, state.status, None)
        })?;
    }
    app.live.wake();
    Ok(state)
}

/// The side that played each of `moves`, from the start of `variant` (South moves first).
fn sides_of(variant: Variant, moves: &[LiveMove]) -> Result<Vec<Side>, ServiceError> {
    let mut board = Board::start(variant, Side::South);
    let mut sides = Vec::with_capacity(moves.len());
    for mv in moves {
        sides.push(board.to_move());
        let parsed: Move = mv
            .move_text
            .parse()
            .map_err(|_| ServiceError::Internal(format!("stored move {}", mv.move_text)))?;
        board
            .apply(&parsed, None)
            .map_err(|e| ServiceError::Internal(format!("stored move {}: {e}", mv.move_text)))?;
    }
    Ok(sides)
}

/// Who the record of a game entered live is submitted as.
///
/// A player stands behind it when they entered every ply of their own side themselves (their
/// account or their personal link): the record goes in as theirs. A player any of whose plies
/// someone else entered (the opponent, a stolen link's holder for one ply, staff) has not, and
/// confirms or disputes it as any record sent by the opponent. When neither player stands
/// behind it, it goes in as the record of whoever entered the last ply: a player's then waits
/// for the other, a staff member's is final as any staff record. Moves entered by staff alone
/// are the staff's record.
fn entrants_of(game: &Game, moves: &[LiveMove], sides: &[Side], last: &Actor) -> Vec<Actor> {
    let seats = [(Side::South, game.first_id), (Side::North, game.second_id)];
    let mut backers = Vec::new();
    for (side, player) in seats {
        let Some(player_id) = player else { continue };
        let mut own = moves
            .iter()
            .zip(sides)
            .filter(|(_, s)| **s == side)
            .map(|(mv, _)| mv)
            .peekable();
        if own.peek().is_none() {
            continue;
        }
        let mut user_id = None;
        let entered_all = own.all(|mv| {
            user_id = user_id.or(mv.user_id);
            mv.player_id == Some(player_id)
        });
        if entered_all {
            backers.push(Actor::Player { player_id, user_id });
        }
    }
    if backers.is_empty() {
        return vec![last.clone()];
    }
    backers
}

/// The game as it stands: for the players and staff every move, for the public the moves the
/// event's delay lets them see.
pub(crate) fn state(
    app: &App,
    access: &Access,
    game_id: GameId,
    public: bool,
) -> Result<LiveState, ServiceError> {
    let mut conn = app.conn()?;
    let game = q::game_by_id(&mut conn, game_id)?
        .filter(|g| g.event_id == access.event.id)
        .ok_or(ServiceError::NotFound)?;
    // A draft round's games are the staff's, as on every page.
    let published = q::round_by_id(&mut conn, game.round_id)?.is_some_and(|r| r.is_published());
    if !published && !access.is_arbiter() {
        return Err(ServiceError::NotFound);
    }
    let mut moves = ql::moves_of_game(&mut conn, game_id)?;
    if public {
        let now = db::now();
        moves.retain(|m| m.public_at <= now);
    }
    LiveState::replay(&game, access.event.variant, &moves)
}

/// Staff take back the last move of a game in play (a move entered by mistake), logged.
pub(crate) fn take_back(
    app: &App,
    access: &Access,
    game_id: GameId,
) -> Result<LiveState, ServiceError> {
    access.require_arbiter()?;
    let state = with_retries(app, |conn| {
        let game = staff_game(conn, access, game_id)?;
        let (first, second) = game_players(conn, &game)?;
        let user_id = access.user().map(|u| u.id).ok_or(ServiceError::Forbidden)?;
        if super::plays_in(
            user_id,
            access.user().map(|u| u.email.as_str()),
            &first,
            &second,
        ) {
            return Err(ServiceError::NotAllowed(ErrorCode::OwnGame));
        }
        if game.status != GameStatus::Scheduled {
            return Err(ServiceError::Conflict(ErrorCode::GameNotInPlay));
        }
        let mut moves = ql::moves_of_game(conn, game.id)?;
        let Some(last) = moves.pop() else {
            return Err(ServiceError::Conflict(ErrorCode::NothingToTakeBack));
        };
        ql::delete_move(conn, game.id, last.ply)?;
        let state = LiveState::replay(&game, access.event.variant, &moves)?;
        let position = state.position.to_string();
        let placed = Placed::now(conn, &game, true)?;
        live_feed::write(
            conn,
            &game,
            &placed,
            &Happened {
                kind: FeedKind::TakeBack,
                ply: i32::try_from(state.ply).unwrap_or(i32::MAX),
                move_text: None,
                position: Some(&position),
                status: state.status,
                result: None,
            },
        )?;
        audit::record(
            conn,
            audit::Entry::event(game.event_id, Some(user_id), AuditAction::MoveTakenBack)
                .round(game.round_id)
                .game(game.id)
                .detail(Detail::MoveTakenBack {
                    ply: last.ply,
                    text: last.move_text,
                }),
        )?;
        Ok::<_, ServiceError>(state)
    })?;
    app.live.wake();
    Ok(state)
}

/// A board of a round as its live page shows it.
#[derive(Clone, Debug)]
pub struct LiveBoard {
    pub game_id: GameId,
    pub board: i32,
    pub game_no: i32,
    pub first: String,
    pub second: String,
    /// Plies played (as far as the viewer may see).
    pub ply: u32,
    pub last_move: Option<String>,
    pub position: Position,
    pub status: GameState,
    pub result: Option<crate::domain::StoredResult>,
}

/// Every board of a published round as it stands: for the public as far as the event's delay
/// lets them see (a result too waits for the delay when the game was played live), for the
/// staff everything.
pub(crate) fn round_state(
    app: &App,
    access: &Access,
    number: i32,
    public: bool,
) -> Result<Vec<LiveBoard>, ServiceError> {
    let mut conn = app.conn()?;
    db::read_transaction(&mut conn, |conn| {
        let round = crate::db::events::rounds_of_event(conn, access.event.id)?
            .into_iter()
            .find(|r| r.number == number)
            .filter(|r| r.is_published() || access.is_arbiter())
            .ok_or(ServiceError::NotFound)?;
        let now = db::now();
        let last = ql::last_moves_of_round(conn, round.id, public.then_some(now))?;
        let all_plies = ql::last_moves_of_round(conn, round.id, None)?;
        let players = crate::db::events::players_of_event(conn, access.event.id)?;
        let name = |id: Option<PlayerId>| {
            id.and_then(|id| players.iter().find(|p| p.id == id))
                .map(|p| p.name.clone())
                .unwrap_or_default()
        };
        let start = access.event.variant.start_position(Side::South);
        let mut boards = Vec::new();
        for game in crate::db::events::games_of_round(conn, round.id)? {
            if game.second_id.is_none() {
                continue;
            }
            let seen = last.iter().find(|m| m.game_id == game.id);
            // A game played live keeps its result from the public as long as its moves.
            let hidden_moves = all_plies
                .iter()
                .find(|m| m.game_id == game.id)
                .is_some_and(|m| seen.is_none_or(|s| s.ply < m.ply));
            let status = if hidden_moves {
                GameState::InPlay
            } else {
                GameState::of(game.status, seen.map_or(0, |m| m.ply as usize))
            };
            boards.push(LiveBoard {
                game_id: game.id,
                board: game.board,
                game_no: game.game_no,
                first: name(game.first_id),
                second: name(game.second_id),
                ply: seen.map_or(0, |m| u32::try_from(m.ply).unwrap_or(0)),
                last_move: seen.map(|m| m.move_text.clone()),
                position: seen.and_then(|m| m.position.parse().ok()).unwrap_or(start),
                status,
                result: if hidden_moves { None } else { game.result },
            });
        }
        Ok(boards)
    })
}
