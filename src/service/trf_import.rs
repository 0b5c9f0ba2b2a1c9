//! Importing a TRF file into a new event, so events started in other software can be
//! continued here: its players, and every round as published with its results.

use super::accounts::User;
use super::events::{self, Event, SettingsInput};
use super::{App, ServiceError, audit, standings};
use crate::db::events::{self as q, EventSettings, NewGame, NewPlayer};
use crate::db::{self, DbConnection, write_transaction};
use crate::domain::{
    AuditAction, ByeKind, ErrorCode, EventId, EventState, GameStatus, PlayerId, PlayerStatus,
    Stage, StoredResult, Tags,
};
use crate::tournament::history::{Colour, GameScore, Outcome};
use crate::tournament::trf::{self, TrfTournament};

/// Creates an event from a TRF file. One transaction: a file that fails halfway leaves
/// nothing behind.
pub(crate) fn trf_import(app: &App, user: &User, text: &str) -> Result<Event, ServiceError> {
    if !user.role.can_create_events() {
        return Err(ServiceError::Forbidden);
    }
    let parsed = read(text)?;
    let played = played_rounds(&parsed);
    let settings = settings(&parsed, played)?;
    let mut conn = app.conn()?;
    let event = write_transaction(&mut conn, |conn| {
        let event = events::insert_event(conn, user, &settings)?;
        let ids = insert_players(conn, event.id, &parsed)?;
        for round in 0..played {
            insert_round(conn, event.id, &parsed, &ids, round)?;
        }
        mark_withdrawals(conn, &parsed, &ids, played)?;
        if played > 0 {
            q::set_event_state(conn, event.id, EventState::Running, db::now())?;
        }
        audit::record(
            conn,
            audit::Entry::event(event.id, Some(user.id), AuditAction::TrfImported).detail(
                audit::Detail::TrfImported {
                    players: ids.len(),
                    rounds: played,
                },
            ),
        )?;
        standings::changed(conn, event.id)?;
        Ok::<_, ServiceError>(event)
    })?;
    events::access(app, events::EventRef::Id(event.id), Some(user)).map(|a| a.event)
}

/// The file read and checked: its lines, its points against its results, at least one player.
fn read(text: &str) -> Result<TrfTournament, ServiceError> {
    let unusable = |detail: String| ServiceError::Unusable {
        code: ErrorCode::TrfInvalid,
        detail,
    };
    let parsed = trf::parse(text).map_err(|e| unusable(e.to_string()))?;
    trf::check_consistency(&parsed).map_err(|e| unusable(e.message))?;
    if parsed.players.is_empty() {
        return Err(unusable("no player lines (001)".into()));
    }
    Ok(parsed)
}

/// The number of rounds the file has results for.
fn played_rounds(parsed: &TrfTournament) -> usize {
    parsed
        .players
        .iter()
        .map(|p| p.history.rounds.len())
        .max()
        .unwrap_or(0)
}

/// A Swiss event named after the file, with at least as many rounds as it has played.
fn settings(parsed: &TrfTournament, played: usize) -> Result<EventSettings, ServiceError> {
    let name = imported_text(&parsed.name, events::MAX_EVENT_NAME);
    let initial_colour = match crate::tournament::trf_pairing::initial_colour(parsed) {
        Colour::White => "W",
        Colour::Black => "B",
    };
    SettingsInput {
        name: if name.is_empty() {
            "Imported tournament".into()
        } else {
            name
        },
        location: Some(imported_text(&parsed.city, events::MAX_EVENT_NAME)),
        format: Some("swiss".into()),
        rounds: Some(parsed.total_rounds.max(played).max(1) as i64),
        initial_colour: Some(initial_colour.into()),
        ..SettingsInput::default()
    }
    .validate()
}

/// The players, numbered in the file's order, each with a new personal link.
fn insert_players(
    conn: &mut DbConnection,
    event: EventId,
    parsed: &TrfTournament,
) -> Result<Vec<PlayerId>, ServiceError> {
    let mut ids = Vec::with_capacity(parsed.players.len());
    for (i, p) in parsed.players.iter().enumerate() {
        let secret = super::crypto::random_token()?;
        let name = imported_text(&p.history.name, super::players::MAX_FIELD);
        let name = if name.is_empty() {
            format!("Player {}", i + 1)
        } else {
            name
        };
        let id = q::insert_player(
            conn,
            &NewPlayer {
                event_id: event,
                number: i as i32 + 1,
                name: &name,
                rating: i32::try_from(p.history.rating.min(4000)).unwrap_or(0),
                club: "",
                province: "",
                email: None,
                user_id: None,
                secret: &secret,
                status: PlayerStatus::Active,
                joined_round: 1,
                missed_points: ByeKind::Zero,
                created_at: db::now(),
                sex: None,
                birth_year: None,
                federation_id: None,
                tags: &Tags::default(),
            },
        )?;
        ids.push(id);
    }
    Ok(ids)
}

/// What a player's entry of one round becomes here.
enum Imported {
    /// A game in which the player moved first (the opponent's entry is the same game).
    Game { second: usize, result: StoredResult },
    /// The pairing-allocated bye or a full-point bye.
    Bye,
    /// A requested bye (half) or a declared absence (zero).
    Absence(ByeKind),
    /// Nothing to store: the second player's side of a game, or no entry.
    Nothing,
}

fn imported_entry(parsed: &TrfTournament, player: usize, round: usize) -> Imported {
    let entry = parsed.players[player].history.round(round);
    let has_entry = parsed.players[player]
        .has_entry
        .get(round)
        .copied()
        .unwrap_or(false);
    match (entry.opponent, entry.colour, entry.outcome) {
        (Some(o), Some(Colour::White), outcome) => {
            let other = parsed.players[o].history.round(round).outcome;
            let result = match (outcome, other) {
                (Outcome::Played(GameScore::Win), _) => StoredResult::FirstWins,
                (Outcome::Played(GameScore::Loss), _) => StoredResult::SecondWins,
                (Outcome::Played(GameScore::Draw), _) => StoredResult::Draw,
                (Outcome::ForfeitWin, _) => StoredResult::FirstWinsByForfeit,
                (Outcome::ForfeitLoss, Outcome::ForfeitWin) => StoredResult::SecondWinsByForfeit,
                (Outcome::ForfeitLoss, _) => StoredResult::DoubleForfeit,
                _ => return Imported::Nothing,
            };
            Imported::Game { second: o, result }
        }
        (None, _, Outcome::Pab | Outcome::FullBye) => Imported::Bye,
        (None, _, Outcome::HalfBye) => Imported::Absence(ByeKind::Half),
        (None, _, Outcome::ZeroBye | Outcome::ForfeitLoss) if has_entry => {
            Imported::Absence(ByeKind::Zero)
        }
        _ => Imported::Nothing,
    }
}

/// One round (0-based), published, with its games final.
fn insert_round(
    conn: &mut DbConnection,
    event: EventId,
    parsed: &TrfTournament,
    ids: &[PlayerId],
    round: usize,
) -> Result<(), ServiceError> {
    let number = round as i32 + 1;
    let round_id = q::insert_round(conn, event, number, Stage::Swiss, db::now())?.id;
    q::publish_round(conn, round_id, db::now())?;
    let mut board = 0;
    for (i, &id) in ids.iter().enumerate() {
        let (second, result) = match imported_entry(parsed, i, round) {
            Imported::Game { second, result } => (Some(ids[second]), result),
            Imported::Bye => (None, StoredResult::Bye),
            Imported::Absence(kind) => {
                q::set_bye(conn, id, number, kind)?;
                continue;
            }
            Imported::Nothing => continue,
        };
        board += 1;
        q::insert_game(
            conn,
            &NewGame {
                event_id: event,
                round_id,
                board,
                game_no: 1,
                bracket_code: None,
                first_id: Some(id),
                second_id: second,
                status: GameStatus::Final,
                result: Some(result),
                updated_at: db::now(),
            },
        )?;
    }
    Ok(())
}

/// A player whose line ends before the last played round withdrew after it.
fn mark_withdrawals(
    conn: &mut DbConnection,
    parsed: &TrfTournament,
    ids: &[PlayerId],
    played: usize,
) -> Result<(), ServiceError> {
    for (p, &id) in parsed.players.iter().zip(ids) {
        if played > 0 && p.has_entry.len() < played {
            q::set_player_status(
                conn,
                id,
                PlayerStatus::Withdrawn,
                Some(p.has_entry.len() as i32),
            )?;
        }
    }
    Ok(())
}

/// Text from a file written by another program, made fit to show and store: control
/// characters (C0, C1, DEL) removed, spaces trimmed, at most `max` characters.
fn imported_text(text: &str, max: usize) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(max)
        .collect()
}
