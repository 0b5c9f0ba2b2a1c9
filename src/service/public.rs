//! What the public sees of an event besides pairings and standings: the crosstable, a
//! player's page, the knockout bracket and the calendar.

use std::collections::HashMap;

use serde::Serialize;

use super::access::Access;
use super::bracket::{self, BracketView};
use super::event_data::EventData;
use super::standings::{self, RowView};
use super::{App, ServiceError};
use crate::domain::{GameId, GameStatus, PlayerId, PlayerStatus, Round, StoredResult};
use crate::tournament::history::{Colour, GameScore, Outcome, RoundEntry};

/// One crosstable cell: the opponent (by rank) and the result.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub opponent_rank: Option<usize>,
    /// Moved first in this game.
    pub first: bool,
    /// `1`, `0`, `½`, `+`, `-`, `bye` or empty.
    pub mark: String,
}

/// A crosstable line, in standings order.
#[derive(Clone, Debug, Serialize)]
pub struct CrossRow {
    /// The line's place in standings order, each line its own (players sharing places 8–9 on
    /// the standings are 8 and 9 here): the number the other lines' cells name it by.
    pub rank: usize,
    pub player_id: PlayerId,
    pub name: String,
    pub points: f64,
    pub cells: Vec<Cell>,
}

/// The crosstable mark of one round: FIDE's conventions, `+`/`-` for forfeits and, without an
/// opponent, `+` for the pairing bye, `½` for a half-point bye and `–` for an absence.
fn mark(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Played(GameScore::Win) | Outcome::FullBye => "1",
        Outcome::Played(GameScore::Draw) | Outcome::HalfBye => "½",
        Outcome::Played(GameScore::Loss) => "0",
        Outcome::ForfeitWin | Outcome::Pab => "+",
        Outcome::ForfeitLoss => "-",
        Outcome::ZeroBye => "–",
    }
}

/// The crosstable of the scored (Swiss or round-robin) rounds, built from the same histories
/// as the standings so both always agree.
pub(crate) fn crosstable(
    app: &App,
    access: &Access,
) -> Result<(Vec<CrossRow>, usize), ServiceError> {
    let table = standings::get(app, access)?;
    let mut conn = app.conn()?;
    let data = EventData::load_seen(&mut conn, access.event.clone(), access.is_arbiter())?;
    let rank_of: HashMap<PlayerId, usize> = table
        .rows
        .iter()
        .enumerate()
        .map(|(line, r)| (r.player_id, line + 1))
        .collect();
    let published = data.scored_rounds();
    let rounds = published.len();
    // Players whose game of a round has no final result yet: their cell stays empty.
    let waiting: std::collections::HashSet<(usize, PlayerId)> = published
        .iter()
        .enumerate()
        .flat_map(|(r, round)| {
            data.games_of_round(round.id)
                .into_iter()
                .filter(|g| !g.is_final())
                .flat_map(|g| [g.first_id, g.second_id])
                .flatten()
                .map(move |id| (r, id))
        })
        .collect();
    let histories = data.histories(rounds);
    let index = data.index();
    let rows = table
        .rows
        .iter()
        .enumerate()
        .map(|(line, row)| CrossRow {
            rank: line + 1,
            player_id: row.player_id,
            name: row.name.clone(),
            points: row.points,
            cells: index
                .get(&row.player_id)
                .and_then(|&i| histories.get(i))
                .map(|h| {
                    h.rounds
                        .iter()
                        .enumerate()
                        .map(|(r, entry)| {
                            let opponent = entry
                                .opponent
                                .and_then(|o| data.players.get(o))
                                .and_then(|p| rank_of.get(&p.id).copied());
                            let unplayed = *entry == RoundEntry::absent()
                                && waiting.contains(&(r, row.player_id));
                            Cell {
                                opponent_rank: opponent,
                                first: opponent.is_some() && entry.colour == Some(Colour::White),
                                mark: if unplayed {
                                    String::new()
                                } else {
                                    mark(entry.outcome).to_string()
                                },
                            }
                        })
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect();
    Ok((rows, rounds))
}

/// One round of a player.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerRound {
    pub round: i32,
    pub game_id: Option<GameId>,
    pub opponent_id: Option<PlayerId>,
    pub opponent_name: Option<String>,
    pub first: bool,
    pub mark: String,
    pub status: Option<GameStatus>,
}

/// A player's page.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerPage {
    pub player: super::players::Player,
    pub standing: Option<RowView>,
    pub rounds: Vec<PlayerRound>,
    pub next_game: Option<PlayerRound>,
}

pub(crate) fn player(
    app: &App,
    access: &Access,
    player_id: PlayerId,
) -> Result<PlayerPage, ServiceError> {
    let table = standings::get(app, access)?;
    let mut conn = app.conn()?;
    let data = EventData::load_seen(&mut conn, access.event.clone(), access.is_arbiter())?;
    let row = data
        .players
        .iter()
        .find(|p| p.id == player_id && p.status != PlayerStatus::Pending)
        .ok_or(ServiceError::NotFound)?;
    let names: HashMap<PlayerId, String> = data
        .players
        .iter()
        .map(|p| (p.id, p.name.clone()))
        .collect();
    let scored = data.scored_rounds().len();
    let history = data
        .index()
        .get(&player_id)
        .and_then(|&i| data.histories(scored).into_iter().nth(i));
    let mut rounds = Vec::new();
    for round in data.rounds.iter().filter(|r| r.is_published()) {
        let mut games = data
            .games_of_round(round.id)
            .into_iter()
            .filter(|g| g.first_id == Some(player_id) || g.second_id == Some(player_id))
            .peekable();
        if games.peek().is_none() {
            // No game this round: a requested bye or an absence, as the standings count it.
            let entry = usize::try_from(round.number)
                .ok()
                .and_then(|r| history.as_ref()?.rounds.get(r.checked_sub(1)?).copied());
            if let Some(entry) = entry {
                rounds.push(PlayerRound {
                    round: round.number,
                    game_id: None,
                    opponent_id: None,
                    opponent_name: None,
                    first: false,
                    mark: mark(entry.outcome).to_string(),
                    status: None,
                });
            }
            continue;
        }
        for game in games {
            let is_first = game.first_id == Some(player_id);
            let opponent = if is_first {
                game.second_id
            } else {
                game.first_id
            };
            let outcome = game.final_result().map(|result| match result {
                // A round-robin "bye" is the free round, worth nothing.
                StoredResult::Bye if data.event.format.is_round_robin() => Outcome::ZeroBye,
                _ => {
                    let (a, b) = result.outcomes();
                    if is_first { a } else { b }
                }
            });
            rounds.push(PlayerRound {
                round: round.number,
                game_id: Some(game.id),
                opponent_id: opponent,
                opponent_name: opponent.and_then(|o| names.get(&o).cloned()),
                first: is_first && opponent.is_some(),
                mark: outcome.map(|o| mark(o).to_string()).unwrap_or_default(),
                status: Some(game.status),
            });
        }
    }
    let next_game = rounds
        .iter()
        .find(|r| r.status != Some(GameStatus::Final) && r.opponent_id.is_some())
        .cloned();
    Ok(PlayerPage {
        player: super::players::Player::from_row(row, false),
        standing: table.rows.into_iter().find(|r| r.player_id == player_id),
        rounds,
        next_game,
    })
}

/// The knockout bracket with names, by event round.
#[derive(Clone, Debug, Serialize)]
pub struct BracketPage {
    pub view: Option<BracketView>,
    pub names: HashMap<PlayerId, String>,
}

pub(crate) fn bracket(app: &App, access: &Access) -> Result<BracketPage, ServiceError> {
    let mut conn = app.conn()?;
    let data = EventData::load_seen(&mut conn, access.event.clone(), access.is_arbiter())?;
    // Until its first round is published, the knockout stage (and its seeding) is the staff's.
    let data = if access.is_arbiter() {
        data
    } else {
        data.without_drafts()
    };
    let started = data
        .rounds
        .iter()
        .any(|r| r.stage == crate::domain::Stage::Knockout);
    Ok(BracketPage {
        view: if started { bracket::view(&data) } else { None },
        names: data
            .players
            .iter()
            .map(|p| (p.id, p.name.clone()))
            .collect(),
    })
}

/// A TEXT value of iCalendar (RFC 5545 3.3.11): backslash, `;` and `,` escaped, a line break
/// written `\n`, other control characters dropped (they could start a new property).
fn ics_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// An iCalendar file with the start of every published round that has one. One small query:
/// nothing to keep (and the links in it depend on the address the request came to).
/// `round_title` names a round in the reader's language.
pub(crate) fn calendar(
    app: &App,
    access: &Access,
    url: &str,
    round_title: &dyn Fn(i32) -> String,
) -> Result<std::sync::Arc<String>, ServiceError> {
    let mut conn = app.conn()?;
    let rounds = crate::db::events::rounds_of_event(&mut conn, access.event.id)?;
    Ok(std::sync::Arc::new(calendar_text(
        access,
        &rounds,
        url,
        round_title,
        &app.installation.id,
    )))
}

/// What a calendar entry of the event is named after (`kiela-{event}…@{installation}`): the
/// event's id at the installation that ran it, so that two installations' events never share
/// an entry, and an event carried to another installation keeps its own.
fn uid_parts<'a>(access: &'a Access, installation: &'a str) -> (i32, &'a str) {
    match &access.event.origin {
        Some(origin) => (origin.event_id, origin.installation.as_str()),
        None => (access.event.id.0, installation),
    }
}

fn calendar_text(
    access: &Access,
    rounds: &[Round],
    url: &str,
    round_title: &dyn Fn(i32) -> String,
    installation: &str,
) -> String {
    let (event_uid, at) = uid_parts(access, installation);
    let mut out = String::from(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kiela//Tournament manager//EN\r\nCALSCALE:GREGORIAN\r\n",
    );
    let mut any = false;
    for round in rounds.iter().filter(|r| r.is_published()) {
        let Some(start) = round.starts_at else {
            continue;
        };
        let end = start + chrono::TimeDelta::hours(2);
        let stamp = |t: chrono::NaiveDateTime| t.format("%Y%m%dT%H%M%SZ").to_string();
        out.push_str("BEGIN:VEVENT\r\n");
        out.push_str(&format!(
            "UID:kiela-{event_uid}-round-{}@{at}\r\n",
            round.number
        ));
        out.push_str(&format!("DTSTAMP:{}\r\n", stamp(round.created_at)));
        out.push_str(&format!("DTSTART:{}\r\n", stamp(start)));
        out.push_str(&format!("DTEND:{}\r\n", stamp(end)));
        out.push_str(&format!(
            "SUMMARY:{}\r\n",
            ics_escape(&format!(
                "{} — {}",
                access.event.name,
                round_title(round.number)
            ))
        ));
        if !access.event.location.is_empty() {
            out.push_str(&format!(
                "LOCATION:{}\r\n",
                ics_escape(&access.event.location)
            ));
        }
        out.push_str(&format!("URL:{url}/rounds/{}\r\n", round.number));
        out.push_str("END:VEVENT\r\n");
        any = true;
    }
    if !any {
        out.push_str(&whole_event(access, url, (event_uid, at)));
    }
    out.push_str("END:VCALENDAR\r\n");
    out
}

/// The event itself, for a calendar without any round time (RFC 5545 wants a component): an
/// all-day VEVENT on its dates, or, with no date either, a VJOURNAL entry that names it
/// without putting it on a day it may not be.
fn whole_event(access: &Access, url: &str, (event_uid, at): (i32, &str)) -> String {
    let event = &access.event;
    let mut out = String::new();
    let first = event.starts_on.or(event.ends_on);
    let kind = if first.is_some() {
        "VEVENT"
    } else {
        "VJOURNAL"
    };
    out.push_str(&format!("BEGIN:{kind}\r\n"));
    out.push_str(&format!("UID:kiela-{event_uid}@{at}\r\n"));
    // When the event was made: the file changes only when what it shows changes.
    out.push_str(&format!(
        "DTSTAMP:{}\r\n",
        event.created_at.format("%Y%m%dT%H%M%SZ")
    ));
    if let Some(first) = first {
        let last = event.ends_on.unwrap_or(first).max(first);
        let day = |d: chrono::NaiveDate| d.format("%Y%m%d").to_string();
        out.push_str(&format!("DTSTART;VALUE=DATE:{}\r\n", day(first)));
        // An all-day event ends on the day after its last (the end is not part of it).
        let after = last.succ_opt().unwrap_or(last);
        out.push_str(&format!("DTEND;VALUE=DATE:{}\r\n", day(after)));
    }
    out.push_str(&format!("SUMMARY:{}\r\n", ics_escape(&event.name)));
    if !event.location.is_empty() {
        out.push_str(&format!("LOCATION:{}\r\n", ics_escape(&event.location)));
    }
    out.push_str(&format!("URL:{url}\r\n"));
    out.push_str(&format!("END:{kind}\r\n"));
    out
}
