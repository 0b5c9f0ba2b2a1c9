//! What a queued message says, read when it is sent from what it names: a round's board as it
//! is now, a player's personal link as it is now (a reissued link replaces the old one in a
//! message still waiting).

use chrono::NaiveDateTime;

use super::{App, ServiceError};
use crate::db::events as q;
use crate::domain::{Event, Game, GameId, MailKind, Player, StoredResult};

/// An event's name and address, for a message's subject and links.
#[derive(Clone, Debug)]
pub struct EventLine {
    pub name: String,
    pub slug: String,
}

/// A player's game, as a message names it.
#[derive(Clone, Debug)]
pub struct GameLine {
    pub round: i32,
    pub board: i32,
    pub game: GameId,
    /// `None`: a bye.
    pub opponent: Option<String>,
    /// Whether the player sows first.
    pub sows_first: bool,
    pub result: Option<StoredResult>,
    /// The result before an arbiter's correction.
    pub corrected_from: Option<StoredResult>,
    /// When the round starts, if the organiser said.
    pub starts_at: Option<NaiveDateTime>,
}

/// A prize a player won, as a message names it.
#[derive(Clone, Debug)]
pub struct Prize {
    /// The category's name (`None`: the places).
    pub category: Option<String>,
    pub amount: f64,
    pub currency: String,
    pub goods: Option<String>,
}

/// What a message says.
#[derive(Clone, Debug)]
pub enum Says {
    /// A link that sets a new password (its token).
    Reset { token: String },
    /// A link that makes this address the account's (its token).
    EmailChange { token: String },
    /// The account's address was changed to `new_email` (to the old one).
    EmailChanged { new_email: String },
    /// A player's personal link (its secret).
    PersonalLink { secret: String },
    /// A game of the player's, and the player's link to it.
    Game { line: GameLine, secret: String },
    /// The player's place in the final ranking, of `players`, and the prizes won.
    Ranking {
        rank: usize,
        place_to: usize,
        points: f64,
        players: usize,
        prizes: Vec<Prize>,
        secret: String,
    },
    /// A notice the organiser wrote.
    Notice { text: String },
}

/// A message's content.
#[derive(Clone, Debug)]
pub struct Content {
    pub event: Option<EventLine>,
    pub says: Says,
}

/// What `row` says now; `None` when what it names is gone (the player withdrawn from the
/// list, the game replaced by a new pairing), and the message is not to be sent.
pub(crate) fn content(
    app: &App,
    row: &super::outbox::Queued,
) -> Result<Option<Content>, ServiceError> {
    let mut conn = app.conn()?;
    let event = match row.event {
        Some(id) => q::event_by_id(&mut conn, id)?,
        None => None,
    };
    let line = event.as_ref().map(|e: &Event| EventLine {
        name: e.name.clone(),
        slug: e.slug.clone(),
    });
    let player = match row.player {
        Some(id) => q::player_by_id(&mut conn, id)?,
        None => None,
    };
    let says = match row.kind {
        MailKind::PasswordReset => row.secret.clone().map(|token| Says::Reset { token }),
        MailKind::EmailChange => row.secret.clone().map(|token| Says::EmailChange { token }),
        MailKind::EmailChanged => Some(Says::EmailChanged {
            new_email: row.body.clone(),
        }),
        MailKind::Notice => Some(Says::Notice {
            text: row.body.clone(),
        }),
        MailKind::PersonalLink => player.map(|p| Says::PersonalLink { secret: p.secret }),
        MailKind::FinalRanking => match (player, event) {
            (Some(player), Some(event)) => ranking(&mut conn, event, &player)?,
            _ => None,
        },
        MailKind::RoundPublished
        | MailKind::ConfirmationWanted
        | MailKind::DisputeOpened
        | MailKind::DisputeDecided
        | MailKind::ResultCorrected => {
            let (Some(player), Some(game_id)) = (player, row.game) else {
                return Ok(None);
            };
            let Some(game) = q::game_by_id(&mut conn, game_id)? else {
                return Ok(None);
            };
            game_line(&mut conn, &game, &player)?.map(|line| Says::Game {
                line,
                secret: player.secret.clone(),
            })
        }
    };
    Ok(says.map(|says| Content { event: line, says }))
}

fn game_line(
    conn: &mut crate::db::DbConnection,
    game: &Game,
    player: &Player,
) -> Result<Option<GameLine>, ServiceError> {
    let sows_first = game.first_id == Some(player.id);
    if !sows_first && game.second_id != Some(player.id) {
        return Ok(None);
    }
    let other = if sows_first {
        game.second_id
    } else {
        game.first_id
    };
    let opponent = match other {
        Some(id) => q::player_by_id(conn, id)?.map(|p| p.name),
        None => None,
    };
    let Some(round) = q::round_by_id(conn, game.round_id)? else {
        return Ok(None);
    };
    Ok(Some(GameLine {
        round: round.number,
        board: game.board,
        game: game.id,
        opponent,
        sows_first,
        result: game.result,
        corrected_from: game.corrected_from,
        starts_at: round.starts_at,
    }))
}

/// The player's place in the event's final ranking (as stored when the event finished), and
/// the player's prizes from the event's prize list.
fn ranking(
    conn: &mut crate::db::DbConnection,
    event: Event,
    player: &Player,
) -> Result<Option<Says>, ServiceError> {
    let access = super::access::load_access(conn, super::access::EventRef::Id(event.id), None)?;
    let data = super::event_data::EventData::load_without_records(conn, event)?;
    let view = super::standings::stored(conn, &data)?;
    let prizes = match super::prizes::prize_list_in(conn, &access, &data)? {
        Some(list) => list
            .awards
            .iter()
            .filter(|a| a.player_id == player.id)
            .map(|a| Prize {
                category: a.category.clone(),
                amount: a.amount,
                currency: list.currency.clone(),
                goods: a.goods.clone(),
            })
            .collect(),
        None => Vec::new(),
    };
    Ok(view
        .rows
        .iter()
        .find(|r| r.player_id == player.id)
        .map(|r| Says::Ranking {
            rank: r.rank,
            place_to: r.place_to.max(r.rank),
            points: r.points,
            players: view.rows.len(),
            prizes,
            secret: player.secret.clone(),
        }))
}
