//! A game as shown: its players, state, record and replay; the staff's queue and a game's
//! submissions.

use serde::Serialize;

use super::record::{PlyMarks, Replayed, replay};
use crate::db::DbConnection;
use crate::db::events as q;
use crate::domain::{
    EventId, Game, GameId, GameState, GameStatus, PlayerId, StoredResult, SubmissionId,
    SubmissionStatus, SubmitterRole,
};
use crate::rules::{Termination, Variant, VerdictKind};
use crate::service::access::Access;
use crate::service::{App, ServiceError};

/// A game as shown.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub id: GameId,
    pub event_id: EventId,
    pub event_slug: String,
    pub event_name: String,
    pub round: i32,
    pub board: i32,
    pub game_no: i32,
    pub bracket_code: Option<String>,
    /// What the knockout match is called (semi-final 2, the final …).
    #[serde(skip)]
    pub match_stage: Option<crate::tournament::knockout::MatchStage>,
    pub first: Option<GamePlayer>,
    pub second: Option<GamePlayer>,
    /// Its stored state; `in_play` while its moves are entered as they are played.
    pub status: GameState,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    pub record: Option<String>,
    pub variant: Variant,
    /// The position before the first ply, then after each ply (for replay).
    pub positions: Vec<String>,
    /// Move text of each ply.
    pub moves: Vec<String>,
    /// Stones captured in each ply.
    pub captured: Vec<u32>,
    /// What each ply did on the board (not part of the API's answer).
    #[serde(skip)]
    pub marks: Vec<PlyMarks>,
    /// The side that moved first (`S` or `N`).
    pub first_side: String,
    /// The last pending submission (its result and who sent it), if any.
    pub pending: Option<PendingView>,
    /// The pending record's replay, for the game's parties (not part of the API's answer).
    #[serde(skip)]
    pub pending_replay: Option<Replay>,
    /// For the game's parties: the result is agreed and becomes final at this moment, when the
    /// public sees the game's last move (the event's delay).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::domain::utc::serialize_option"
    )]
    pub final_at: Option<chrono::NaiveDateTime>,
    /// The engine's review of the final record, once computed (not part of the API's answer).
    #[serde(skip)]
    pub review: Option<crate::engine::review::Review>,
    /// After a correction, the result the game's record itself reaches (the record is kept as
    /// it was played).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record_result: Option<StoredResult>,
    /// The staff's correction of the final result: what it was and why (public).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correction: Option<CorrectionView>,
}

/// A corrected result: the result before the correction and the reason given.
#[derive(Clone, Debug, Serialize)]
pub struct CorrectionView {
    pub previous_result: StoredResult,
    pub reason: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct GamePlayer {
    pub id: PlayerId,
    pub number: i32,
    pub name: String,
    pub rating: i32,
}

#[derive(Clone, Debug, Serialize)]
pub struct PendingView {
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    pub player_id: Option<PlayerId>,
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

fn game_player(
    conn: &mut DbConnection,
    id: Option<PlayerId>,
) -> Result<Option<GamePlayer>, ServiceError> {
    let Some(id) = id else { return Ok(None) };
    Ok(q::player_by_id(conn, id)?.map(|p| GamePlayer {
        id: p.id,
        number: p.number,
        name: p.name,
        rating: p.rating,
    }))
}

/// A game, with its replay when it has a record. Games of draft rounds are for staff only.
pub(crate) fn view(
    app: &App,
    access: &Access,
    game_id: GameId,
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
    if !round.is_published() && !access.is_arbiter() {
        return Err(ServiceError::NotFound);
    }
    let first = game_player(&mut conn, game.first_id)?;
    let second = game_player(&mut conn, game.second_id)?;
    let match_stage = match_stage_of(&mut conn, access, &game)?;
    let public = viewer == Viewer::Public && !access.is_arbiter();
    // A game whose moves the event's delay still hides is, for the public, still in play: no
    // record sent, dispute or result of it shows before its moves do.
    let hidden = public
        && !game.is_final()
        && crate::db::live::hidden_until(&mut conn, game.id, crate::db::now())?.is_some();
    let game = if hidden {
        Game {
            status: GameStatus::Scheduled,
            result: None,
            termination: None,
            plies: None,
            record: None,
            final_position: None,
            ..game
        }
    } else {
        game
    };
    let final_at = if public {
        None
    } else {
        super::finalise::held_until(&mut conn, &game)?
    };
    let pending = if hidden {
        None
    } else {
        pending_of(&mut conn, game.id, viewer)?
    };
    let live = live_record(&mut conn, &game, access, viewer)?;
    let replayed = game
        .record
        .as_deref()
        .or(live.as_ref().map(|(text, _)| text.as_str()))
        .and_then(|text| replay(text, &access.event));
    let pending_replay = pending_replay_of(pending.as_ref(), access);
    let record_result = replayed
        .as_ref()
        .and_then(|r| r.result)
        .filter(|_| game.corrected_from.is_some());
    let (shown, first_side) = replay_shown(replayed);
    let review = if game.is_final() && game.record.is_some() {
        crate::service::reviews::of_game(&mut conn, &game)?
    } else {
        None
    };
    Ok(GameView {
        review,
        id: game.id,
        event_id: access.event.id,
        event_slug: access.event.slug.clone(),
        event_name: access.event.name.clone(),
        round: round.number,
        board: game.board,
        game_no: game.game_no,
        bracket_code: game.bracket_code,
        match_stage,
        first,
        second,
        status: GameState::of(game.status, live.as_ref().map_or(0, |(_, plies)| *plies)),
        result: game.result,
        termination: game.termination,
        plies: game.plies.or(live
            .as_ref()
            .and_then(|(_, plies)| i32::try_from(*plies).ok())),
        record: game.record,
        variant: access.event.variant,
        positions: shown.positions,
        moves: shown.moves,
        captured: shown.captured,
        marks: shown.marks,
        first_side,
        pending,
        pending_replay,
        final_at,
        record_result,
        correction: game
            .corrected_from
            .filter(|_| game.status == GameStatus::Final)
            .map(|previous_result| CorrectionView {
                previous_result,
                reason: game.correction_reason.clone().unwrap_or_default(),
            }),
    })
}

/// The moves of a game in play as an unfinished record, and how many there are: every move for
/// its parties, for the public those the event's delay lets them see. `None` for a game not in
/// play.
fn live_record(
    conn: &mut DbConnection,
    game: &Game,
    access: &Access,
    viewer: Viewer,
) -> Result<Option<(String, usize)>, ServiceError> {
    // A game played live that is not final (in play, or over and waiting for a confirmation
    // or for the public to see its last move) is shown by its moves.
    if game.status == GameStatus::Final || game.record.is_some() {
        return Ok(None);
    }
    let mut moves = crate::db::live::moves_of_game(conn, game.id)?;
    if viewer == Viewer::Public && !access.is_arbiter() {
        let now = crate::db::now();
        moves.retain(|m| m.public_at <= now);
    }
    if moves.is_empty() {
        return Ok(None);
    }
    let texts: Vec<String> = moves.into_iter().map(|m| m.move_text).collect();
    Ok(crate::service::board::record_of(
        access.event.variant,
        crate::rules::Side::South,
        &texts,
        None,
    )
    .map(|text| (text, texts.len())))
}

/// What the knockout match a game belongs to is called, for a game of the bracket.
fn match_stage_of(
    conn: &mut DbConnection,
    access: &Access,
    game: &Game,
) -> Result<Option<crate::tournament::knockout::MatchStage>, ServiceError> {
    Ok(match game.bracket_code.as_deref() {
        Some(code) => {
            let seeded = q::players_of_event(conn, game.event_id)?
                .iter()
                .filter(|p| p.seed.is_some())
                .count();
            crate::service::bracket::shape_for(&access.event, seeded).stage(code)
        }
        None => None,
    })
}

/// The game's last pending submission, its record for the game's parties only.
fn pending_of(
    conn: &mut DbConnection,
    game_id: GameId,
    viewer: Viewer,
) -> Result<Option<PendingView>, ServiceError> {
    Ok(q::submissions_of_game(conn, game_id)?
        .into_iter()
        .rfind(|s| s.status == SubmissionStatus::Pending)
        .map(|s| PendingView {
            result: s.result,
            termination: s.termination,
            plies: s.plies,
            player_id: s.player_id,
            by_staff: s.player_id.is_none(),
            record: (viewer == Viewer::Party).then_some(s.record),
        }))
}

/// The replay of the record waiting for confirmation, when the viewer may see it.
fn pending_replay_of(pending: Option<&PendingView>, access: &Access) -> Option<Replay> {
    // Before the game is final, its parties replay the record waiting for confirmation (what
    // the opponent is asked to stand behind).
    pending
        .and_then(|p| p.record.as_deref())
        .and_then(|text| replay(text, &access.event))
        .map(|r| Replay {
            positions: r.positions,
            moves: r.moves,
            captured: r.captured,
            marks: r.marks,
        })
}

/// The record's replay as shown, and the side that moved first (`S` without a record).
fn replay_shown(replayed: Option<Replayed>) -> (Replay, String) {
    match replayed {
        Some(r) => (
            Replay {
                positions: r.positions,
                moves: r.moves,
                captured: r.captured,
                marks: r.marks,
            },
            r.first_side.letter().to_string(),
        ),
        None => (
            Replay {
                positions: Vec::new(),
                moves: Vec::new(),
                captured: Vec::new(),
                marks: Vec::new(),
            },
            "S".to_string(),
        ),
    }
}

/// What a game in the staff's queue asks of them.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum QueueAsk {
    /// The result is disputed: compare the records and decide.
    Dispute,
    /// A record waits for the opponent longer than [`PENDING_TOO_LONG_MINUTES`]: approve it
    /// (or chase the opponent).
    PendingTooLong,
    /// A record waits for the opponent's confirmation.
    Pending,
    /// One of the players is withdrawn: decide the forfeit.
    Forfeit,
    /// Every other game of the round is final: the round waits for this one.
    Unfinished,
}

impl QueueAsk {
    /// Every ask, for tests.
    pub const ALL: [QueueAsk; 5] = [
        QueueAsk::Dispute,
        QueueAsk::PendingTooLong,
        QueueAsk::Pending,
        QueueAsk::Forfeit,
        QueueAsk::Unfinished,
    ];

    /// The stable code, which keys its message.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            QueueAsk::Dispute => "dispute",
            QueueAsk::PendingTooLong => "pending_too_long",
            QueueAsk::Pending => "pending",
            QueueAsk::Forfeit => "forfeit",
            QueueAsk::Unfinished => "unfinished",
        }
    }
}

/// How long a record may wait for the opponent before the staff are asked to step in.
pub const PENDING_TOO_LONG_MINUTES: i64 = 20;

/// A game in the staff's queue.
#[derive(Clone, Debug, Serialize)]
pub struct QueueItem {
    pub game_id: GameId,
    pub round: i32,
    pub board: i32,
    pub game_no: i32,
    pub first: String,
    pub second: String,
    pub status: GameStatus,
    pub ask: QueueAsk,
    /// Since when the game has needed the staff.
    #[serde(serialize_with = "crate::domain::utc::serialize")]
    pub since: chrono::NaiveDateTime,
}

/// Every game that needs the staff (disputed, waiting too long for confirmation, a forfeit to
/// decide, the last unfinished games of a round), the newest problem first.
pub(crate) fn queue(app: &App, access: &Access) -> Result<Vec<QueueItem>, ServiceError> {
    access.require_arbiter_reading()?;
    let mut conn = app.conn()?;
    crate::db::read_transaction(&mut conn, |conn| {
        let rounds: Vec<_> = q::rounds_of_event(conn, access.event.id)?
            .into_iter()
            .filter(crate::domain::Round::is_published)
            .collect();
        let players = q::players_of_event(conn, access.event.id)?;
        let games = q::games_of_event(conn, access.event.id)?;
        let now = crate::db::now();
        let name = |id: Option<PlayerId>| {
            id.and_then(|id| players.iter().find(|p| p.id == id))
                .map(|p| p.name.clone())
                .unwrap_or_default()
        };
        let withdrawn = |id: Option<PlayerId>| {
            id.and_then(|id| players.iter().find(|p| p.id == id))
                .is_some_and(|p| p.status == crate::domain::PlayerStatus::Withdrawn)
        };
        let mut items = Vec::new();
        for round in &rounds {
            let of_round: Vec<&Game> = games.iter().filter(|g| g.round_id == round.id).collect();
            let open = of_round.iter().filter(|g| !g.is_final()).count();
            for game in of_round
                .iter()
                .filter(|g| !g.is_final() && g.second_id.is_some())
            {
                let (ask, since) = match game.status {
                    GameStatus::Disputed => (QueueAsk::Dispute, game.updated_at),
                    GameStatus::Pending => {
                        let sent = q::submissions_of_game(conn, game.id)?
                            .into_iter()
                            .rfind(|s| s.status == SubmissionStatus::Pending)
                            .map_or(game.updated_at, |s| s.created_at);
                        let late = now - sent > chrono::Duration::minutes(PENDING_TOO_LONG_MINUTES);
                        let ask = if late {
                            QueueAsk::PendingTooLong
                        } else {
                            QueueAsk::Pending
                        };
                        (ask, sent)
                    }
                    GameStatus::Scheduled
                        if withdrawn(game.first_id) || withdrawn(game.second_id) =>
                    {
                        (QueueAsk::Forfeit, game.updated_at)
                    }
                    GameStatus::Scheduled if open * 4 <= of_round.len() || open == 1 => (
                        QueueAsk::Unfinished,
                        round.published_at.unwrap_or(round.created_at),
                    ),
                    GameStatus::Scheduled | GameStatus::Final => continue,
                };
                items.push(QueueItem {
                    game_id: game.id,
                    round: round.number,
                    board: game.board,
                    game_no: game.game_no,
                    first: name(game.first_id),
                    second: name(game.second_id),
                    status: game.status,
                    ask,
                    since,
                });
            }
        }
        items.sort_by_key(|i| std::cmp::Reverse(i.since));
        Ok(items)
    })
}

/// A submission as the staff see it.
#[derive(Clone, Debug, Serialize)]
pub struct SubmissionView {
    pub id: SubmissionId,
    pub player_id: Option<PlayerId>,
    /// Who sent it: the player's name, or the staff member's account name.
    pub name: String,
    pub role: SubmitterRole,
    pub submitted_at: chrono::DateTime<chrono::Utc>,
    pub status: SubmissionStatus,
    pub verdict: VerdictKind,
    /// Why it was refused.
    pub reason: Option<String>,
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: Option<i32>,
    pub record: String,
    /// Its replay (valid records only; not part of the API's answer).
    #[serde(skip)]
    pub replay: Option<Replay>,
}

/// A record's replay: the start, then the position after each ply, with each move.
#[derive(Clone, Debug)]
pub struct Replay {
    pub positions: Vec<String>,
    pub moves: Vec<String>,
    pub captured: Vec<u32>,
    pub marks: Vec<PlyMarks>,
}

/// Where two records of one game part: the first ply (from 1) whose moves differ, the position
/// before it, and each record's move there (`None`: that record has ended).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct FirstDifference {
    pub ply: usize,
    pub moves: [Option<String>; 2],
    pub position_before: String,
    /// The submissions compared, older first.
    pub submissions: [SubmissionId; 2],
}

/// Every submission of a game, oldest first, and where its two latest valid records part.
#[derive(Clone, Debug, Serialize)]
pub struct GameSubmissions {
    pub submissions: Vec<SubmissionView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_difference: Option<FirstDifference>,
}

/// Where two move lists part, if they do (see [`FirstDifference`]).
#[must_use]
pub(crate) fn first_difference(
    older: (SubmissionId, &Replay),
    newer: (SubmissionId, &Replay),
) -> Option<FirstDifference> {
    let (a, b) = (&older.1.moves, &newer.1.moves);
    let at = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))?;
    Some(FirstDifference {
        ply: at + 1,
        moves: [a.get(at).cloned(), b.get(at).cloned()],
        position_before: older.1.positions.get(at).cloned().unwrap_or_default(),
        submissions: [older.0, newer.0],
    })
}

/// Every submission of a game (for the staff's view), with the first difference of its two
/// latest valid records.
pub(crate) fn submissions(
    app: &App,
    access: &Access,
    game_id: GameId,
) -> Result<GameSubmissions, ServiceError> {
    access.require_arbiter_reading()?;
    let mut conn = app.conn()?;
    crate::db::read_transaction(&mut conn, |conn| {
        let game = q::game_by_id(conn, game_id)?
            .filter(|g| g.event_id == access.event.id)
            .ok_or(ServiceError::NotFound)?;
        let players = q::players_of_event(conn, game.event_id)?;
        // Nobody judges their own game: staff who play in it do not see its desk.
        if let Some(user) = access.user() {
            let own = players.iter().filter(|p| p.plays_in(&game)).any(|p| {
                p.user_id == Some(user.id) || p.email.as_deref() == Some(user.email.as_str())
            });
            if own {
                return Err(ServiceError::NotAllowed(crate::domain::ErrorCode::OwnGame));
            }
        }
        let mut shown = Vec::new();
        for s in q::submissions_of_game(conn, game.id)? {
            let name = match s.player_id {
                Some(id) => players
                    .iter()
                    .find(|p| p.id == id)
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
                None => match s.user_id {
                    Some(uid) => crate::db::accounts::user_by_id(conn, uid)?
                        .map(|u| u.display_name)
                        .unwrap_or_default(),
                    None => String::new(),
                },
            };
            let replay = (s.verdict != VerdictKind::Invalid)
                .then(|| replay(&s.record, &access.event))
                .flatten()
                .map(|r| Replay {
                    positions: r.positions,
                    moves: r.moves,
                    captured: r.captured,
                    marks: r.marks,
                });
            shown.push(SubmissionView {
                id: s.id,
                player_id: s.player_id,
                name,
                role: s.role,
                submitted_at: s.created_at.and_utc(),
                status: s.status,
                verdict: s.verdict,
                reason: s.reason,
                result: s.result,
                termination: s.termination,
                plies: s.plies,
                record: s.record,
                replay,
            });
        }
        let mut valid = shown
            .iter()
            .rev()
            .filter_map(|s| Some((s.id, s.replay.as_ref()?)));
        let first_difference = match (valid.next(), valid.next()) {
            (Some(newer), Some(older)) => first_difference(older, newer),
            _ => None,
        };
        Ok(GameSubmissions {
            submissions: shown,
            first_difference,
        })
    })
}
