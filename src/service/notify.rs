//! Who is told what, and when: each function queues its messages inside the transaction of
//! the change that causes them, so that a change and its messages are kept or lost together.

use super::ServiceError;
use super::outbox::{self, Letter};
use crate::db::events as q;
use crate::db::{DbConnection, accounts::UserRow};
use crate::domain::{EventId, Game, Language, MailKind, Player, PlayerId, RoundId};

/// A round published: each paired player (and each with a bye) is told their board, colour,
/// opponent and the link to their game.
pub(crate) fn round_published(
    conn: &mut DbConnection,
    event: EventId,
    round: RoundId,
) -> Result<usize, ServiceError> {
    let games = q::games_of_round(conn, round)?;
    let players = q::players_of_event(conn, event)?;
    let mut seated: Vec<(&Player, &Game)> = Vec::new();
    for game in &games {
        for id in [game.first_id, game.second_id].into_iter().flatten() {
            if let Some(player) = players.iter().find(|p| p.id == id) {
                seated.push((player, game));
            }
        }
    }
    let only: Vec<&Player> = seated.iter().map(|(p, _)| *p).collect();
    let mut letters = outbox::letters_to_players(conn, MailKind::RoundPublished, event, &only)?;
    for letter in &mut letters {
        letter.round = Some(round);
        letter.game = seated
            .iter()
            .find(|(p, _)| Some(p.id) == letter.player)
            .map(|(_, g)| g.id);
    }
    outbox::queue(conn, letters)
}

/// A player's personal link, made or made anew.
pub(crate) fn personal_link(
    conn: &mut DbConnection,
    player: &Player,
) -> Result<usize, ServiceError> {
    let letters =
        outbox::letters_to_players(conn, MailKind::PersonalLink, player.event_id, &[player])?;
    outbox::queue(conn, letters)
}

/// The personal links of entries imported together.
pub(crate) fn personal_links(
    conn: &mut DbConnection,
    event: EventId,
    players: &[Player],
) -> Result<usize, ServiceError> {
    let refs: Vec<&Player> = players.iter().collect();
    let letters = outbox::letters_to_players(conn, MailKind::PersonalLink, event, &refs)?;
    outbox::queue(conn, letters)
}

/// Messages of `kind` about `game` to these of its players.
fn about_game(
    conn: &mut DbConnection,
    kind: MailKind,
    game: &Game,
    to: &[PlayerId],
) -> Result<usize, ServiceError> {
    let mut players = Vec::new();
    for id in to {
        if let Some(player) = q::player_by_id(conn, *id)? {
            players.push(player);
        }
    }
    let refs: Vec<&Player> = players.iter().collect();
    let mut letters = outbox::letters_to_players(conn, kind, game.event_id, &refs)?;
    for letter in &mut letters {
        letter.round = Some(game.round_id);
        letter.game = Some(game.id);
    }
    outbox::queue(conn, letters)
}

/// The game's two players (one for a bye).
fn both(game: &Game) -> Vec<PlayerId> {
    [game.first_id, game.second_id]
        .into_iter()
        .flatten()
        .collect()
}

/// The opponent of `sender` sent a record: `waiting` is asked to confirm it.
pub(crate) fn confirmation_wanted(
    conn: &mut DbConnection,
    game: &Game,
    waiting: PlayerId,
) -> Result<usize, ServiceError> {
    about_game(conn, MailKind::ConfirmationWanted, game, &[waiting])
}

/// The two records differ: both players are told an arbiter decides.
pub(crate) fn dispute_opened(conn: &mut DbConnection, game: &Game) -> Result<usize, ServiceError> {
    about_game(conn, MailKind::DisputeOpened, game, &both(game))
}

/// An arbiter decided the game's dispute.
pub(crate) fn dispute_decided(conn: &mut DbConnection, game: &Game) -> Result<usize, ServiceError> {
    about_game(conn, MailKind::DisputeDecided, game, &both(game))
}

/// An arbiter's correction changed the game's result.
pub(crate) fn result_corrected(
    conn: &mut DbConnection,
    game: &Game,
) -> Result<usize, ServiceError> {
    about_game(conn, MailKind::ResultCorrected, game, &both(game))
}

/// Letters of `kind` to every player of the event with an address.
fn to_every_player(
    conn: &mut DbConnection,
    kind: MailKind,
    event: EventId,
) -> Result<Vec<Letter>, ServiceError> {
    let players = q::players_of_event(conn, event)?;
    let refs: Vec<&Player> = players.iter().collect();
    outbox::letters_to_players(conn, kind, event, &refs)
}

/// The event finished: every player is told the final ranking and their place.
pub(crate) fn event_finished(
    conn: &mut DbConnection,
    event: EventId,
) -> Result<usize, ServiceError> {
    let letters = to_every_player(conn, MailKind::FinalRanking, event)?;
    outbox::queue(conn, letters)
}

/// A notice the organiser wrote, to every player of the event with an address.
pub(crate) fn notice(
    conn: &mut DbConnection,
    event: EventId,
    text: &str,
) -> Result<usize, ServiceError> {
    let mut letters = to_every_player(conn, MailKind::Notice, event)?;
    for letter in &mut letters {
        letter.body = text.to_string();
    }
    outbox::queue(conn, letters)
}

/// A link that sets a new password, to the account's address (in the account's language,
/// else the language the request was made in).
pub(crate) fn reset_link(
    conn: &mut DbConnection,
    user: &UserRow,
    token: &str,
    asked_in: Language,
) -> Result<usize, ServiceError> {
    let language = user.language.unwrap_or(asked_in);
    outbox::queue(
        conn,
        vec![Letter {
            kind: MailKind::PasswordReset,
            to_email: user.email.clone(),
            to_name: user.display_name.clone(),
            language,
            event: None,
            player: None,
            user: Some(user.id),
            round: None,
            game: None,
            secret: Some(token.to_string()),
            body: String::new(),
        }],
    )
}

/// A link that makes `new_email` the account's address, to that address.
pub(crate) fn email_change_link(
    conn: &mut DbConnection,
    user: &UserRow,
    new_email: &str,
    token: &str,
    asked_in: Language,
) -> Result<usize, ServiceError> {
    outbox::queue(
        conn,
        vec![Letter {
            kind: MailKind::EmailChange,
            to_email: new_email.to_string(),
            to_name: user.display_name.clone(),
            language: user.language.unwrap_or(asked_in),
            event: None,
            player: None,
            user: Some(user.id),
            round: None,
            game: None,
            secret: Some(token.to_string()),
            body: String::new(),
        }],
    )
}

/// To the old address of an account (`before`, as it was): its address is now `new_email`.
pub(crate) fn email_changed(
    conn: &mut DbConnection,
    before: &UserRow,
    new_email: &str,
) -> Result<usize, ServiceError> {
    outbox::queue(
        conn,
        vec![Letter {
            kind: MailKind::EmailChanged,
            to_email: before.email.clone(),
            to_name: before.display_name.clone(),
            language: before.language.unwrap_or(Language::Pt),
            event: None,
            player: None,
            user: Some(before.id),
            round: None,
            game: None,
            secret: None,
            body: new_email.to_string(),
        }],
    )
}
