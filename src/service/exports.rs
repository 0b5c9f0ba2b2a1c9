//! Exports (TRF-2026, standings CSV, all games as KGN) and importing a TRF file into a new
//! event, so events started in other software can be continued here.

use crate::domain::ErrorCode;
use std::fmt::Write as _;
use std::sync::Arc;

use super::accounts::User;
use super::event_data::EventData;
use super::events::{self, Access, Event, SettingsInput};
use super::memo::MemoKey;
use super::{App, ServiceError, audit, standings};
use crate::db::events::{self as q, NewGame, NewPlayer};
use crate::db::{self, write_transaction};
use crate::domain::{
    AuditAction, ByeKind, EventState, GameStatus, PlayerId, PlayerStatus, Stage, StoredResult,
};
use crate::tournament::history::{Colour, GameScore, Outcome};
use crate::tournament::trf::{self, TrfExport};

/// An export, made once per version of the event (a crowd downloading the TRF at the end of a
/// round costs one computation), without holding a connection while it is written.
pub(crate) fn once(
    app: &App,
    access: &Access,
    what: &str,
    make: impl FnOnce(&EventData) -> String,
) -> Result<Arc<String>, ServiceError> {
    let key = MemoKey {
        event: access.event.id,
        version: access.event.version,
        what: what.to_string(),
    };
    app.memo.exports.get_or_try(key, || {
        let data = {
            let mut conn = app.conn()?;
            EventData::load(&mut conn, access.event.clone())?.without_drafts()
        };
        Ok(Arc::new(make(&data)))
    })
}

/// The event so far as a TRF-2026 file; the player who moves first is "white".
pub(crate) fn trf_export(app: &App, access: &Access) -> Result<Arc<String>, ServiceError> {
    once(app, access, "trf", trf_text)
}

fn trf_text(data: &EventData) -> String {
    let rounds = data.scored_rounds().len();
    let histories = data.histories(rounds);
    let table = standings::compute_from(data);
    let mut ranks = vec![0; histories.len()];
    for row in &table.rows {
        if let Some(rank) = ranks.get_mut(row.player) {
            *rank = row.rank;
        }
    }
    let date = |d: Option<chrono::NaiveDate>| {
        d.map(|d| d.format("%Y/%m/%d").to_string())
            .unwrap_or_default()
    };
    trf::write(&TrfExport {
        name: &data.event.name,
        city: &data.event.location,
        start_date: &date(data.event.starts_on),
        end_date: &date(data.event.ends_on),
        total_rounds: super::rounds::planned_rounds(data).max(rounds as i32) as usize,
        initial_colour: data.event.initial_colour,
        players: &histories,
        ranks: &ranks,
        points: data.event.points,
    })
}

/// A CSV cell. A cell that a spreadsheet would take for a formula (starting with `=`, `+`,
/// `-`, `@`, a tab or a carriage return) gets a leading `'`, so a player's name cannot run
/// anything on the organiser's computer (OWASP: CSV injection).
fn csv_field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// The standings as CSV: rank, number, name, rating, club, points, then the tie-breaks.
pub(crate) fn standings_csv(app: &App, access: &Access) -> Result<Arc<String>, ServiceError> {
    let view = standings::get(app, access)?;
    let key = MemoKey {
        event: access.event.id,
        version: view.version,
        what: "csv".into(),
    };
    app.memo
        .exports
        .get_or_try(key, || Ok::<_, ServiceError>(Arc::new(csv_text(&view))))
}

fn csv_text(view: &standings::StandingsView) -> String {
    let mut out = String::from("rank,number,name,rating,club,points");
    for t in &view.tiebreaks {
        out.push(',');
        out.push_str(t.code());
    }
    out.push('\n');
    for row in &view.rows {
        let _ = write!(
            out,
            "{},{},{},{},{},{}",
            row.rank,
            row.number,
            csv_field(&row.name),
            row.rating,
            csv_field(&row.club),
            row.points
        );
        for v in &row.values {
            let _ = write!(out, ",{v}");
        }
        out.push('\n');
    }
    out
}

/// All final game records of the event in one KGN file.
pub(crate) fn games_kgn(app: &App, access: &Access) -> Result<Arc<String>, ServiceError> {
    once(app, access, "kgn", kgn_text)
}

fn kgn_text(data: &EventData) -> String {
    let index = data.index();
    let mut out = String::new();
    for round in data.rounds.iter().filter(|r| r.is_published()) {
        for game in data.games_of_round(round.id) {
            let Some(record) = &game.record else { continue };
            let Ok(parsed) = crate::rules::parse_record(record) else {
                continue;
            };
            let name = |id: Option<PlayerId>| {
                id.and_then(|id| index.get(&id))
                    .map(|&i| data.players[i].name.clone())
                    .unwrap_or_default()
            };
            let (first, second) = (name(game.first_id), name(game.second_id));
            let (south, north) = match parsed.header.first {
                crate::rules::Side::South => (first, second),
                crate::rules::Side::North => (second, first),
            };
            let mut tags = vec![
                ("Event".to_string(), data.event.name.clone()),
                ("Site".to_string(), data.event.location.clone()),
                ("Round".to_string(), round.number.to_string()),
                ("Board".to_string(), game.board.to_string()),
                ("South".to_string(), south),
                ("North".to_string(), north),
                (
                    "First".to_string(),
                    parsed.header.first.letter().to_string(),
                ),
                (
                    "Variant".to_string(),
                    data.event.variant.as_str().to_string(),
                ),
            ];
            if let Some(result) = parsed.claimed_result() {
                tags.push(("Result".to_string(), result.to_string()));
            }
            if let Some(t) = parsed.header.termination {
                tags.push(("Termination".to_string(), t.to_string()));
            }
            let moves = parsed
                .moves
                .iter()
                .filter_map(|m| m.parsed.clone().ok())
                .collect();
            if let Ok(clean) =
                crate::rules::Record::from_parts(tags, moves, parsed.claimed_result())
            {
                out.push_str(&clean.to_string());
                out.push('\n');
            }
        }
    }
    out
}

/// Creates an event from a TRF file: players, and every round as published with its results.
pub(crate) fn trf_import(app: &App, user: &User, text: &str) -> Result<Event, ServiceError> {
    if !user.role.can_create_events() {
        return Err(ServiceError::Forbidden);
    }
    let parsed = trf::parse(text).map_err(|e| ServiceError::Unusable {
        code: ErrorCode::TrfInvalid,
        detail: e.to_string(),
    })?;
    trf::check_consistency(&parsed).map_err(|e| ServiceError::Unusable {
        code: ErrorCode::TrfInvalid,
        detail: e.message,
    })?;
    if parsed.players.is_empty() {
        return Err(ServiceError::Unusable {
            code: ErrorCode::TrfInvalid,
            detail: "no player lines (001)".into(),
        });
    }
    let played = parsed
        .players
        .iter()
        .map(|p| p.history.rounds.len())
        .max()
        .unwrap_or(0);
    let name = imported_text(&parsed.name, events::MAX_EVENT_NAME);
    let settings = SettingsInput {
        name: if name.is_empty() {
            "Imported tournament".into()
        } else {
            name
        },
        location: Some(imported_text(&parsed.city, events::MAX_EVENT_NAME)),
        format: Some("swiss".into()),
        rounds: Some(parsed.total_rounds.max(played).max(1) as i64),
        initial_colour: Some(
            match crate::tournament::trf_pairing::initial_colour(&parsed) {
                Colour::White => "W",
                Colour::Black => "B",
            }
            .into(),
        ),
        ..SettingsInput::default()
    };
    let settings = settings.validate()?;
    // One transaction: a file that fails halfway leaves nothing behind.
    let mut conn = app.conn()?;
    let event = write_transaction(&mut conn, |conn| {
        let event = events::insert_event(conn, user, &settings)?;
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
                    event_id: event.id,
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
                },
            )?;
            ids.push(id);
        }
        for r in 0..played {
            let round_id = q::insert_round(conn, event.id, r as i32 + 1, Stage::Swiss, db::now())?;
            q::publish_round(conn, round_id, db::now())?;
            let mut board = 0;
            for (i, p) in parsed.players.iter().enumerate() {
                let entry = p.history.round(r);
                let has_entry = p.has_entry.get(r).copied().unwrap_or(false);
                let (second, result) = match (entry.opponent, entry.colour, entry.outcome) {
                    (Some(o), Some(Colour::White), outcome) => {
                        let other = parsed.players[o].history.round(r).outcome;
                        let result = match (outcome, other) {
                            (Outcome::Played(GameScore::Win), _) => StoredResult::FirstWins,
                            (Outcome::Played(GameScore::Loss), _) => StoredResult::SecondWins,
                            (Outcome::Played(GameScore::Draw), _) => StoredResult::Draw,
                            (Outcome::ForfeitWin, _) => StoredResult::FirstWinsByForfeit,
                            (Outcome::ForfeitLoss, Outcome::ForfeitWin) => {
                                StoredResult::SecondWinsByForfeit
                            }
                            (Outcome::ForfeitLoss, _) => StoredResult::DoubleForfeit,
                            _ => continue,
                        };
                        (Some(ids[o]), result)
                    }
                    (None, _, Outcome::Pab | Outcome::FullBye) => (None, StoredResult::Bye),
                    (None, _, Outcome::HalfBye) => {
                        q::set_bye(conn, ids[i], r as i32 + 1, ByeKind::Half)?;
                        continue;
                    }
                    (None, _, Outcome::ZeroBye | Outcome::ForfeitLoss) if has_entry => {
                        q::set_bye(conn, ids[i], r as i32 + 1, ByeKind::Zero)?;
                        continue;
                    }
                    _ => continue,
                };
                board += 1;
                q::insert_game(
                    conn,
                    &NewGame {
                        event_id: event.id,
                        round_id,
                        board,
                        game_no: 1,
                        bracket_code: None,
                        first_id: Some(ids[i]),
                        second_id: second,
                        status: GameStatus::Final,
                        result: Some(result),
                        updated_at: db::now(),
                    },
                )?;
            }
        }
        // A player whose line ends early withdrew.
        for (i, p) in parsed.players.iter().enumerate() {
            if played > 0 && p.has_entry.len() < played {
                q::set_player_status(
                    conn,
                    ids[i],
                    PlayerStatus::Withdrawn,
                    Some(p.has_entry.len() as i32),
                )?;
            }
        }
        if played > 0 {
            q::set_event_state(conn, event.id, EventState::Running, db::now())?;
        }
        audit::record(
            conn,
            audit::Entry::event(event.id, Some(user.id), AuditAction::TrfImported)
                .detail(format!("{} players, {played} rounds", ids.len())),
        )?;
        standings::changed(conn, event.id)?;
        Ok::<_, ServiceError>(event)
    })?;
    events::access(app, events::EventRef::Id(event.id), Some(user)).map(|a| a.event)
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
