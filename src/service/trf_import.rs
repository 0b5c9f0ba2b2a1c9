//! Importing a TRF file into a new event, so events started in other software can be
//! continued here: its players, and every round as published with its results.

use super::accounts::User;
use super::entrant::ValidPlayer;
use super::events::{self, Event, SettingsInput};
use super::registry::ImportMatch;
use super::{App, ServiceError, audit, standings};
use crate::db::events::{self as q, EventSettings, NewGame, NewPlayer};
use crate::db::{self, DbConnection, write_transaction};
use crate::domain::{
    AuditAction, ByeKind, EventId, EventState, FideDetails, Format, GameStatus, PlayerId,
    PlayerStatus, Sex, Stage, StoredResult, Tags,
};
use crate::tournament::history::{Colour, GameScore, Outcome};
use crate::tournament::standings::Tiebreak;
use crate::tournament::trf::{self, TrfSex, TrfTournament, TrfWarning};

/// An event made from a TRF file, and what the file held that it could not keep.
pub(crate) struct Imported {
    pub event: Event,
    pub warnings: Vec<TrfWarning>,
    /// The players the registry knew by their federation id, and those to check.
    pub registry: Vec<ImportMatch>,
}

/// Creates an event from a TRF file's bytes (UTF-8, or Latin-1/CP1252). One transaction: a
/// file that fails halfway leaves nothing behind.
pub(crate) fn trf_import(app: &App, user: &User, bytes: &[u8]) -> Result<Imported, ServiceError> {
    if !user.role.can_create_events() {
        return Err(ServiceError::Forbidden);
    }
    let mut parsed = trf::read(bytes).map_err(ServiceError::Trf)?;
    trf::check_consistency(&parsed).map_err(ServiceError::Trf)?;
    // What an event can hold: its rounds (byes entered ahead included) and its players.
    let limit = |kind| ServiceError::Trf(trf::TrfError::at(0, None, kind));
    if parsed.rounds_written() > events::MAX_ROUNDS as usize {
        return Err(limit(trf::TrfErrorKind::TooManyRounds {
            max: events::MAX_ROUNDS as usize,
        }));
    }
    if parsed.players.len() > super::entrant::MAX_PLAYERS {
        return Err(limit(trf::TrfErrorKind::TooManyPlayers {
            max: super::entrant::MAX_PLAYERS,
        }));
    }
    let played = played_rounds(&parsed);
    let format = format_of(&mut parsed, played);
    let settings = settings(&mut parsed, played, format)?;
    let knockout = parsed.knockout.clone().filter(|_| format.has_knockout());
    // The columns that are rounds of their own here: all of them, or a knockout's Swiss part.
    let scored = knockout
        .as_ref()
        .map_or(played, |k| k.swiss_rounds.min(played));
    let finished =
        format == Format::Swiss && parsed.total_rounds > 0 && played >= parsed.total_rounds
            || format.is_round_robin() && played > 0 && played >= settings_rounds(&parsed, format);
    let people = people_of(&parsed);
    let mut conn = app.conn()?;
    // Compared with the registry before the write, as a CSV import is.
    let matches = super::registry::match_import(&mut conn, &people)?;
    let registry = registry_notes(&matches);
    let event = write_transaction(&mut conn, |conn| {
        let event = events::insert_event(conn, user, &settings)?;
        let ids = insert_players(
            conn,
            &app.installation.issued_ids(),
            event.id,
            &parsed,
            people.clone(),
        )?;
        for round in 0..scored {
            insert_round(conn, event.id, &parsed, &ids, round, format)?;
        }
        mark_withdrawals(conn, &parsed, &ids, scored)?;
        if let Some(k) = &knockout {
            insert_knockout(conn, event.id, &parsed, k, &ids)?;
        } else {
            enter_later_byes(conn, &mut parsed, &ids, played)?;
        }
        let state = match (finished, played) {
            (true, _) => Some(EventState::Finished),
            (false, 0) => None,
            (false, _) => Some(EventState::Running),
        };
        if let Some(state) = state {
            q::set_event_state(conn, event.id, state, db::now())?;
        }
        if knockout.is_some() {
            // A knockout is finished once it has its champion, as when its last game ends.
            let current = q::event_by_id(conn, event.id)?.ok_or(ServiceError::NotFound)?;
            let data = super::event_data::EventData::load_without_records(conn, current)?;
            super::games::finalise::finish_when_done(conn, &data)?;
        }
        audit::record(
            conn,
            audit::Entry::event(event.id, Some(user.id), AuditAction::TrfImported).detail(
                audit::Detail::TrfImported {
                    players: ids.len(),
                    rounds: played,
                    warnings: parsed
                        .warnings
                        .iter()
                        .map(audit::Note::from)
                        .chain(registry.iter().cloned())
                        .collect(),
                },
            ),
        )?;
        standings::changed(conn, event.id)?;
        Ok::<_, ServiceError>(event)
    })?;
    let event = crate::service::access::access(
        app,
        crate::service::access::EventRef::Id(event.id),
        Some(user),
    )?
    .event;
    Ok(Imported {
        event,
        warnings: parsed.warnings,
        registry: matches,
    })
}

/// The number of rounds the file has pairings for (a column holding only byes entered
/// ahead is the next round's, not a played one).
fn played_rounds(parsed: &TrfTournament) -> usize {
    (0..parsed.rounds_written())
        .rev()
        .find(|&r| {
            parsed
                .players
                .iter()
                .any(|p| p.history.round(r).participated())
        })
        .map_or(0, |r| r + 1)
}

/// The event's format: a round robin when the file says so and its rounds follow the Berger
/// tables (so the rounds still to play can follow them too); otherwise Swiss, with a warning
/// when the file said something else.
fn format_of(parsed: &mut TrfTournament, played: usize) -> Format {
    let kind = parsed.kind.to_ascii_lowercase();
    let written = super::exports::TRF_KINDS
        .iter()
        .rev()
        .find(|(_, k)| k.eq_ignore_ascii_case(&parsed.kind))
        .map(|(f, _)| *f)
        .or_else(|| {
            (kind.contains("round") && kind.contains("robin")).then_some(
                if kind.contains("double") {
                    Format::DoubleRoundRobin
                } else {
                    Format::RoundRobin
                },
            )
        });
    match written {
        None | Some(Format::Swiss) => Format::Swiss,
        Some(format) if format.has_knockout() && parsed.knockout.is_some() => format,
        Some(format) if format.is_round_robin() && follows_berger(parsed, played, format) => format,
        Some(_) => {
            parsed.warnings.push(TrfWarning::FormatNotKept {
                found: parsed.kind.clone(),
            });
            Format::Swiss
        }
    }
}

/// Whether every played round pairs the players as the Berger table for their number does.
fn follows_berger(parsed: &TrfTournament, played: usize, format: Format) -> bool {
    let n = parsed.players.len();
    if n < 2 {
        return false;
    }
    let schedule = if format == Format::DoubleRoundRobin {
        crate::tournament::berger::double(n)
    } else {
        crate::tournament::berger::single(n)
    };
    if played > schedule.rounds.len() {
        return false;
    }
    (0..played).all(|r| {
        schedule.rounds[r].iter().all(|&(first, second)| {
            if first == 0 || second == 0 {
                return true;
            }
            let entry = parsed.players[first - 1].history.round(r);
            entry.opponent == Some(second - 1)
        })
    })
}

fn settings_rounds(parsed: &TrfTournament, format: Format) -> usize {
    let n = parsed.players.len();
    let single = n + n % 2 - 1;
    if format == Format::DoubleRoundRobin {
        2 * single
    } else if format.is_round_robin() {
        single
    } else {
        parsed.total_rounds
    }
}

/// The event's settings: the file's name, city, dates, rounds, initial colour, points and
/// tie-breaks; what the event cannot hold is a warning.
fn settings(
    parsed: &mut TrfTournament,
    played: usize,
    format: Format,
) -> Result<EventSettings, ServiceError> {
    let name = imported_text(&parsed.name, events::MAX_EVENT_NAME);
    let initial_colour = match crate::tournament::trf_pairing::initial_colour(parsed) {
        Colour::White => "W",
        Colour::Black => "B",
    };
    let p = parsed.points;
    if p.zero_bye != 0 || p.forfeit_loss != p.loss || p.half_bye != p.draw || p.full_bye != p.win {
        parsed.warnings.push(TrfWarning::PointsNotKept);
    }
    let mut tiebreaks = Vec::new();
    for code in &parsed.tiebreaks {
        match code.parse::<Tiebreak>() {
            Ok(t) if !tiebreaks.contains(&t.code().to_string()) => {
                tiebreaks.push(t.code().to_string());
            }
            Ok(_) => {}
            Err(_) => parsed.warnings.push(TrfWarning::TiebreakNotKept {
                found: code.clone(),
            }),
        }
    }
    let date = |d: Option<chrono::NaiveDate>| d.map(|d| d.format("%Y-%m-%d").to_string());
    let (starts_on, ends_on) = match (parsed.start_date, parsed.end_date) {
        (Some(start), Some(end)) if end < start => (date(Some(start)), None),
        (start, end) => (date(start), date(end)),
    };
    let points = |tenths: u32| Some(f64::from(tenths) / 10.0);
    let knockout = parsed.knockout.as_ref().filter(|_| format.has_knockout());
    let rounds = match knockout {
        Some(k) if format == Format::SwissThenKnockout => Some(k.swiss_rounds as i64),
        Some(_) => None,
        None => Some(
            parsed
                .total_rounds
                .max(played)
                .clamp(1, events::MAX_ROUNDS as usize) as i64,
        ),
    };
    SettingsInput {
        name: if name.is_empty() {
            "Imported tournament".into()
        } else {
            name
        },
        starts_on,
        ends_on,
        location: Some(imported_text(&parsed.city, events::MAX_EVENT_NAME)),
        format: Some(format.as_str().into()),
        rounds,
        knockout_size: knockout.map(|k| k.size as i64),
        third_place: knockout.map(|k| k.third_place),
        grand_final_reset: knockout.map(|k| k.grand_final_reset),
        games_per_match: knockout.map(|k| k.games_per_match as i64),
        initial_colour: Some(initial_colour.into()),
        tiebreaks: (!tiebreaks.is_empty()).then_some(tiebreaks),
        points_win: points(p.win),
        points_draw: points(p.draw),
        points_loss: points(p.loss),
        points_bye: points(p.pab),
        ..SettingsInput::default()
    }
    .validate()
}

/// The file's players as entries: the federation id of an `XKF` line names a registered
/// person (their club, province and national rating fill what the file leaves blank).
fn people_of(parsed: &TrfTournament) -> Vec<(usize, ValidPlayer)> {
    parsed
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = imported_text(&p.history.name, super::entrant::MAX_FIELD);
            let name = if name.is_empty() {
                format!("Player {}", i + 1)
            } else {
                name
            };
            let sex = p.sex.map(|s| match s {
                TrfSex::Male => Sex::Male,
                TrfSex::Female => Sex::Female,
            });
            let player = ValidPlayer {
                name,
                rating: i32::try_from(p.history.rating.min(4000)).unwrap_or(0),
                club: String::new(),
                province: String::new(),
                email: None,
                missed_points: ByeKind::Zero,
                details: super::entrant::Details {
                    sex,
                    birth_year: p.birth_year,
                    federation_id: p.federation_id.clone(),
                    ..super::entrant::Details::default()
                },
            };
            (i + 1, player)
        })
        .collect()
}

/// What the registry makes of the file's players, for the event's log: how many it knew by
/// their federation id, and each player the organiser should look at (an id registered under
/// another name, or a new person who may be registered already).
fn registry_notes(matches: &[ImportMatch]) -> Vec<audit::Note> {
    let matched = matches
        .iter()
        .filter(|m| m.code == crate::domain::Resemblance::Matched)
        .count();
    let mut notes = Vec::new();
    if matched > 0 {
        notes.push(audit::Note {
            code: "registry-matched".into(),
            args: [("count".to_string(), matched.to_string())].into(),
        });
    }
    for m in matches
        .iter()
        .filter(|m| m.code != crate::domain::Resemblance::Matched)
    {
        notes.push(audit::Note {
            code: format!("registry-{}", m.code.as_str().replace('_', "-")),
            args: [
                ("player".to_string(), m.line.to_string()),
                ("federation_id".to_string(), m.federation_id.clone()),
                ("name".to_string(), m.name.clone()),
            ]
            .into(),
        });
    }
    notes
}

/// The players, numbered in the file's order, each with a new personal link.
fn insert_players(
    conn: &mut DbConnection,
    issued: &crate::domain::IssuedIds,
    event: EventId,
    parsed: &TrfTournament,
    people: Vec<(usize, ValidPlayer)>,
) -> Result<Vec<PlayerId>, ServiceError> {
    let mut ids = Vec::with_capacity(people.len());
    for ((number, mut person), p) in people.into_iter().zip(&parsed.players) {
        let secret = super::crypto::random_token()?;
        // The registry names the person (an id it does not know registers them under it).
        super::registry::enter(conn, issued, Some(event), &mut person, false)?;
        super::registry::refuse_second_entry(
            conn,
            event,
            person.details.federation_id.as_deref(),
            None,
        )?;
        let id = q::insert_player(
            conn,
            &NewPlayer {
                event_id: event,
                number: number as i32,
                name: &person.name,
                rating: person.rating,
                club: &person.club,
                province: &person.province,
                email: None,
                user_id: None,
                secret: &secret,
                status: PlayerStatus::Active,
                joined_round: 1,
                missed_points: ByeKind::Zero,
                created_at: db::now(),
                sex: person.details.sex,
                birth_year: person.details.birth_year,
                federation_id: person.details.federation_id.as_deref(),
                tags: &Tags::default(),
                account_via: None,
                fide: FideDetails {
                    fide_title: kept(&p.title, 3),
                    fide_federation: kept(&p.federation, 3),
                    fide_id: kept(&p.fide_id, 11),
                },
            },
        )?;
        ids.push(id);
    }
    Ok(ids)
}

/// What a player's entry of one round becomes here.
enum EntryKind {
    /// A game in which the player moved first (the opponent's entry is the same game).
    Game { second: usize, result: StoredResult },
    /// The pairing-allocated bye or a full-point bye.
    Bye,
    /// A requested bye (half) or a declared absence (zero).
    Absence(ByeKind),
    /// Nothing to store: the second player's side of a game, or no entry.
    Nothing,
}

fn imported_entry(parsed: &TrfTournament, player: usize, round: usize) -> EntryKind {
    let entry = parsed.players[player].history.round(round);
    let has_entry = parsed.players[player]
        .has_entry
        .get(round)
        .copied()
        .unwrap_or(false);
    // The first mover is the side written `w`; a forfeit written without colours (`153 - -`)
    // is stored with the lower pairing number first.
    let moves_first = |o: usize| {
        let other = parsed.players[o].history.round(round).colour;
        match entry.colour {
            Some(colour) => colour == Colour::White,
            None => other == Some(Colour::Black) || (other.is_none() && player < o),
        }
    };
    match (entry.opponent, entry.outcome) {
        (Some(o), outcome) if moves_first(o) => {
            let other = parsed.players[o].history.round(round).outcome;
            let result = match (outcome, other) {
                (Outcome::Played(GameScore::Win), _) => StoredResult::FirstWins,
                (Outcome::Played(GameScore::Loss), _) => StoredResult::SecondWins,
                (Outcome::Played(GameScore::Draw), _) => StoredResult::Draw,
                (Outcome::ForfeitWin, _) => StoredResult::FirstWinsByForfeit,
                (Outcome::ForfeitLoss, Outcome::ForfeitWin) => StoredResult::SecondWinsByForfeit,
                (Outcome::ForfeitLoss, _) => StoredResult::DoubleForfeit,
                _ => return EntryKind::Nothing,
            };
            EntryKind::Game { second: o, result }
        }
        (None, Outcome::Pab | Outcome::FullBye) => EntryKind::Bye,
        (None, Outcome::HalfBye) => EntryKind::Absence(ByeKind::Half),
        (None, Outcome::ZeroBye | Outcome::ForfeitLoss) if has_entry => {
            EntryKind::Absence(ByeKind::Zero)
        }
        _ => EntryKind::Nothing,
    }
}

/// One round (0-based), published, with its games final.
fn insert_round(
    conn: &mut DbConnection,
    event: EventId,
    parsed: &TrfTournament,
    ids: &[PlayerId],
    round: usize,
    format: Format,
) -> Result<(), ServiceError> {
    let number = round as i32 + 1;
    let stage = if format.is_round_robin() {
        Stage::RoundRobin
    } else {
        Stage::Swiss
    };
    let round_id = q::insert_round(conn, event, number, stage, db::now())?.id;
    q::publish_round(conn, round_id, db::now())?;
    let mut board = 0;
    for (i, &id) in ids.iter().enumerate() {
        let (second, result) = match imported_entry(parsed, i, round) {
            EntryKind::Game { second, result } => (Some(ids[second]), result),
            EntryKind::Bye => (None, StoredResult::Bye),
            EntryKind::Absence(kind) => {
                q::set_bye(conn, id, number, kind)?;
                continue;
            }
            EntryKind::Nothing => continue,
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
                termination: None,
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

/// The knockout stage as the file's `XKS`/`XKP`/`XKG` lines give it: the seeds, then each
/// knockout round with its games in their bracket matches, results from the round columns.
fn insert_knockout(
    conn: &mut DbConnection,
    event: EventId,
    parsed: &TrfTournament,
    knockout: &trf::TrfKnockout,
    ids: &[PlayerId],
) -> Result<(), ServiceError> {
    for &(player, seed) in &knockout.seeds {
        q::set_player_seed(conn, ids[player], i32::try_from(seed).ok())?;
    }
    let mut numbers: Vec<usize> = knockout.games.iter().map(|g| g.round).collect();
    numbers.sort_unstable();
    numbers.dedup();
    for number in numbers {
        let round_id = q::insert_round(conn, event, number as i32, Stage::Knockout, db::now())?.id;
        q::publish_round(conn, round_id, db::now())?;
        for (board, game) in knockout
            .games
            .iter()
            .filter(|g| g.round == number)
            .enumerate()
        {
            let result =
                game.column
                    .and_then(|column| match imported_entry(parsed, game.first, column) {
                        EntryKind::Game { second, result } if second == game.second => Some(result),
                        _ => None,
                    });
            q::insert_game(
                conn,
                &NewGame {
                    event_id: event,
                    round_id,
                    board: board as i32 + 1,
                    game_no: game.game_no as i32,
                    bracket_code: Some(&game.code),
                    first_id: Some(ids[game.first]),
                    second_id: Some(ids[game.second]),
                    status: if result.is_some() {
                        GameStatus::Final
                    } else {
                        GameStatus::Scheduled
                    },
                    result,
                    termination: None,
                    updated_at: db::now(),
                },
            )?;
        }
    }
    Ok(())
}

/// Byes entered ahead, for the rounds after the last one played (`0000 - H` in the next
/// round's column, or a `240` line): a half-point or zero-point bye is kept as the player's
/// request; a full-point bye, which an organiser here gives as a result, is a warning.
fn enter_later_byes(
    conn: &mut DbConnection,
    parsed: &mut TrfTournament,
    ids: &[PlayerId],
    played: usize,
) -> Result<(), ServiceError> {
    let mut warnings = Vec::new();
    for (i, (p, &id)) in parsed.players.iter().zip(ids).enumerate() {
        for round in played..p.history.rounds.len() {
            if !p.has_entry.get(round).copied().unwrap_or(false) {
                continue;
            }
            let number = round as i32 + 1;
            match p.history.round(round).outcome {
                Outcome::HalfBye => q::set_bye(conn, id, number, ByeKind::Half)?,
                Outcome::ZeroBye | Outcome::ForfeitLoss => {
                    q::set_bye(conn, id, number, ByeKind::Zero)?;
                }
                _ => warnings.push(TrfWarning::ByeNotKept {
                    player: i + 1,
                    round: round + 1,
                }),
            }
        }
    }
    parsed.warnings.extend(warnings);
    Ok(())
}

/// A player's detail from the file, or `None` when blank.
fn kept(text: &str, max: usize) -> Option<String> {
    Some(imported_text(text, max)).filter(|t| !t.is_empty())
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
