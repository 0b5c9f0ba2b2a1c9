//! A player's own games: for each of their events, the current round's board and opponent,
//! what they must do next (submit a record, confirm the opponent's), and their past games.
//! A signed-in player sees every entry bound to the account; a personal link, its one entry.

use serde::Serialize;

use super::accounts::User;
use super::{App, ServiceError};
use crate::db::events as q;
use crate::db::{DbConnection, read_transaction};
use crate::domain::{
    EventId, EventState, Game, GameId, GameStatus, Player, PlayerId, PlayerStatus, StoredResult,
    SubmissionStatus,
};

/// What the player must do about a game.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum NextAction {
    /// Send the game's record (or enter it on the board).
    Submit,
    /// The opponent sent a record: confirm it or dispute it.
    Confirm,
    /// The player's record waits for the opponent.
    AwaitOpponent,
    /// Disputed: the arbiter decides.
    AwaitArbiter,
    /// Nothing: the result is final (or the round is a bye).
    None,
}

impl NextAction {
    /// Every action, for tests.
    pub const ALL: [NextAction; 5] = [
        NextAction::Submit,
        NextAction::Confirm,
        NextAction::AwaitOpponent,
        NextAction::AwaitArbiter,
        NextAction::None,
    ];

    /// The stable code (as in the JSON), which keys its messages.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            NextAction::Submit => "submit",
            NextAction::Confirm => "confirm",
            NextAction::AwaitOpponent => "await_opponent",
            NextAction::AwaitArbiter => "await_arbiter",
            NextAction::None => "none",
        }
    }
}

/// The other player of a game.
#[derive(Clone, Debug, Serialize)]
pub struct Opponent {
    pub id: PlayerId,
    pub name: String,
}

/// One of the player's games.
#[derive(Clone, Debug, Serialize)]
pub struct MyGame {
    pub game_id: GameId,
    pub round: i32,
    pub board: i32,
    /// `None`: the pairing-allocated bye.
    pub opponent: Option<Opponent>,
    /// Whether the player moves first.
    pub moves_first: bool,
    pub status: GameStatus,
    pub result: Option<StoredResult>,
    pub action: NextAction,
}

/// One of the player's events.
#[derive(Clone, Debug, Serialize)]
pub struct MyEvent {
    pub event_id: EventId,
    pub slug: String,
    pub name: String,
    pub state: EventState,
    pub player_id: PlayerId,
    pub number: i32,
    pub player_status: PlayerStatus,
    /// Whether the event asks players to check in before each round, and whether this one has.
    pub check_in: bool,
    pub checked_in: bool,
    /// The last published round, if any.
    pub current_round: Option<i32>,
    /// The game needing the player soonest (the current round's first, then any older game
    /// still asking something of them).
    pub next: Option<MyGame>,
    /// Every game of a published round, newest round first.
    pub games: Vec<MyGame>,
}

/// The events and games of a signed-in player.
pub(crate) fn of_user(app: &App, user: &User) -> Result<Vec<MyEvent>, ServiceError> {
    let mut conn = app.conn()?;
    read_transaction(&mut conn, |conn| {
        q::entries_of_user(conn, user.id)?
            .iter()
            .map(|entry| event_of(conn, entry))
            .collect()
    })
}

/// The event and games of a personal link's entry.
pub(crate) fn of_entry(app: &App, entry: &Player) -> Result<MyEvent, ServiceError> {
    let mut conn = app.conn()?;
    read_transaction(&mut conn, |conn| event_of(conn, entry))
}

fn event_of(conn: &mut DbConnection, entry: &Player) -> Result<MyEvent, ServiceError> {
    let event = q::event_by_id(conn, entry.event_id)?.ok_or(ServiceError::NotFound)?;
    let rounds: Vec<_> = q::rounds_of_event(conn, event.id)?
        .into_iter()
        .filter(crate::domain::Round::is_published)
        .collect();
    let players = q::players_of_event(conn, event.id)?;
    let mut games = Vec::new();
    for game in q::games_of_event(conn, event.id)?
        .iter()
        .filter(|g| entry.plays_in(g))
    {
        let Some(round) = rounds.iter().find(|r| r.id == game.round_id) else {
            continue;
        };
        let action = action(conn, game, entry.id)?;
        let other = [game.first_id, game.second_id]
            .into_iter()
            .flatten()
            .find(|&id| id != entry.id);
        games.push(MyGame {
            game_id: game.id,
            round: round.number,
            board: game.board,
            opponent: other.and_then(|id| {
                players.iter().find(|p| p.id == id).map(|p| Opponent {
                    id: p.id,
                    name: p.name.clone(),
                })
            }),
            moves_first: game.first_id == Some(entry.id),
            status: game.status,
            result: game.result,
            action,
        });
    }
    games.sort_by_key(|g| (std::cmp::Reverse(g.round), g.board));
    let next = games
        .iter()
        .filter(|g| g.action != NextAction::None)
        .min_by_key(|g| {
            (
                g.action != NextAction::Submit && g.action != NextAction::Confirm,
                std::cmp::Reverse(g.round),
            )
        })
        .cloned();
    Ok(MyEvent {
        event_id: event.id,
        slug: event.slug,
        name: event.name,
        state: event.state,
        player_id: entry.id,
        number: entry.number,
        player_status: entry.status,
        check_in: event.check_in,
        checked_in: entry.checked_in,
        current_round: rounds.last().map(|r| r.number),
        next,
        games,
    })
}

fn action(conn: &mut DbConnection, game: &Game, me: PlayerId) -> Result<NextAction, ServiceError> {
    Ok(match game.status {
        GameStatus::Final => NextAction::None,
        _ if game.second_id.is_none() => NextAction::None,
        GameStatus::Scheduled => NextAction::Submit,
        GameStatus::Disputed => NextAction::AwaitArbiter,
        GameStatus::Pending => {
            let mine = q::submissions_of_game(conn, game.id)?
                .into_iter()
                .rfind(|s| s.status == SubmissionStatus::Pending)
                .is_some_and(|s| s.player_id == Some(me));
            if mine {
                NextAction::AwaitOpponent
            } else {
                NextAction::Confirm
            }
        }
    })
}
