//! An event written as its archive: read in one transaction, so the archive is one moment of
//! the event.

use std::collections::HashMap;

use super::format::{
    Archive, ArchiveAudit, ArchiveBye, ArchiveEvent, ArchiveGame, ArchiveInstallation,
    ArchivePlayer, ArchivePrizeFund, ArchiveRound, ArchiveSubmission, FORMAT, GamePlace, VERSION,
};
use crate::db::{self, DbConnection};
use crate::domain::{GameId, PlayerId, RoundId, RoundState};
use crate::service::access::Access;
use crate::service::event_data::EventData;
use crate::service::events::SettingsInput;
use crate::service::installation::Installation;
use crate::service::{App, ServiceError};

/// The event's archive (its organisers, and the installation's own tools).
pub(crate) fn export(app: &App, access: &Access) -> Result<Archive, ServiceError> {
    access.require_organiser_reading()?;
    let mut conn = app.conn()?;
    db::read_transaction(&mut conn, |conn| {
        archive_of(conn, &app.installation, access.event.id)
    })
}

/// The archive of an event as stored now.
pub(crate) fn archive_of(
    conn: &mut DbConnection,
    installation: &Installation,
    event_id: crate::domain::EventId,
) -> Result<Archive, ServiceError> {
    let event = db::events::event_by_id(conn, event_id)?.ok_or(ServiceError::NotFound)?;
    let data = EventData::load(conn, event)?;
    let mut names = Names {
        numbers: data.players.iter().map(|p| (p.id, p.number)).collect(),
        rounds: data.rounds.iter().map(|r| (r.id, r.number)).collect(),
        places: HashMap::new(),
    };
    let sent = submissions_of(conn, event_id, &names)?;
    let rounds = rounds_of(&data, &mut names, sent);
    let audit = log_of(conn, event_id, &names)?;
    let prize_fund = prize_fund_of(conn, event_id)?;
    let byes = byes_of(&data, &names);
    let players = players_of(&data);
    let event = &data.event;
    let (installation, event_id) = origin_of(event, installation);
    Ok(Archive {
        format: FORMAT.to_string(),
        version: VERSION,
        exported_at: db::now(),
        installation,
        event: ArchiveEvent {
            id: event_id,
            slug: event.slug.clone(),
            name: event.name.clone(),
            state: event.state,
            settings: SettingsInput::of_event(event),
            prize_fund,
        },
        players,
        byes,
        rounds,
        audit,
        matches: Vec::new(),
        signature: None,
    })
}

/// How the archive names the event's rows: entries by pairing number, rounds by number, and
/// games by place.
struct Names {
    numbers: HashMap<PlayerId, i32>,
    rounds: HashMap<RoundId, i32>,
    places: HashMap<GameId, GamePlace>,
}

impl Names {
    /// The pairing number of the entry `id`, if any.
    fn number(&self, id: Option<PlayerId>) -> Option<i32> {
        id.and_then(|id| self.numbers.get(&id).copied())
    }
}

/// The records sent for the event's games, by game.
fn submissions_of(
    conn: &mut DbConnection,
    event_id: crate::domain::EventId,
    names: &Names,
) -> Result<HashMap<GameId, Vec<ArchiveSubmission>>, ServiceError> {
    let mut sent: HashMap<GameId, Vec<ArchiveSubmission>> = HashMap::new();
    for (s, by) in db::archive::submissions_of_event(conn, event_id)? {
        sent.entry(s.game_id).or_default().push(ArchiveSubmission {
            player: names.number(s.player_id),
            by: if s.player_id.is_none() { by } else { None },
            role: s.role,
            record: s.record,
            verdict: s.verdict,
            reason: s.reason,
            ply: s.ply,
            result: s.result,
            termination: s.termination,
            plies: s.plies,
            status: s.status,
            record_bytes: s.record_bytes,
            record_sha256: s.record_sha256,
            created_at: s.created_at,
        });
    }
    Ok(sent)
}

/// The rounds in order, each with its games and the records `sent` for them; every game's
/// place goes into `names`.
fn rounds_of(
    data: &EventData,
    names: &mut Names,
    mut sent: HashMap<GameId, Vec<ArchiveSubmission>>,
) -> Vec<ArchiveRound> {
    let mut rounds: Vec<ArchiveRound> = data
        .rounds
        .iter()
        .map(|r| ArchiveRound {
            number: r.number,
            stage: r.stage,
            published: r.state == RoundState::Published,
            starts_at: r.starts_at,
            published_at: r.published_at,
            created_at: r.created_at,
            games: Vec::new(),
        })
        .collect();
    rounds.sort_by_key(|r| r.number);
    for game in &data.games {
        let Some(round) = names.rounds.get(&game.round_id).copied() else {
            continue;
        };
        names.places.insert(
            game.id,
            GamePlace {
                round,
                board: game.board,
                game_no: game.game_no,
            },
        );
        let Some(archived) = rounds.iter_mut().find(|r| r.number == round) else {
            continue;
        };
        archived.games.push(ArchiveGame {
            board: game.board,
            game_no: game.game_no,
            bracket_code: game.bracket_code.clone(),
            first: names.number(game.first_id),
            second: names.number(game.second_id),
            status: game.status,
            result: game.result,
            termination: game.termination,
            plies: game.plies,
            record: game.record.clone(),
            final_position: game.final_position.clone(),
            corrected_from: game.corrected_from,
            correction_reason: game.correction_reason.clone(),
            updated_at: game.updated_at,
            submissions: sent.remove(&game.id).unwrap_or_default(),
        });
    }
    rounds
}

/// The event's log, naming rounds, games and entries as the archive does.
fn log_of(
    conn: &mut DbConnection,
    event_id: crate::domain::EventId,
    names: &Names,
) -> Result<Vec<ArchiveAudit>, ServiceError> {
    Ok(db::archive::log_of_event(conn, event_id)?
        .into_iter()
        .map(|line| ArchiveAudit {
            at: line.created_at,
            action: line.action,
            round: line.round_id.and_then(|r| names.rounds.get(&r).copied()),
            game: line.game_id.and_then(|g| names.places.get(&g).copied()),
            player: names.number(line.actor_player),
            account: line.account.or(line.imported_name),
            from_state: line.from_state,
            to_state: line.to_state,
            detail: crate::service::audit::Said::carried(line.detail),
        })
        .collect())
}

/// The event's prize fund, if it has one.
fn prize_fund_of(
    conn: &mut DbConnection,
    event_id: crate::domain::EventId,
) -> Result<Option<ArchivePrizeFund>, ServiceError> {
    Ok(match db::events::prize_fund(conn, event_id)? {
        Some((fund, published)) => Some(ArchivePrizeFund {
            fund: serde_json::from_str(&fund)
                .map_err(|e| ServiceError::Internal(format!("stored prize fund: {e}")))?,
            published,
        }),
        None => None,
    })
}

/// The byes asked ahead.
fn byes_of(data: &EventData, names: &Names) -> Vec<ArchiveBye> {
    data.byes
        .iter()
        .filter_map(|b| {
            Some(ArchiveBye {
                player: names.number(Some(b.player_id))?,
                round: b.round,
                kind: b.kind,
            })
        })
        .collect()
}

/// The entries, without their personal links or e-mail addresses.
fn players_of(data: &EventData) -> Vec<ArchivePlayer> {
    data.players
        .iter()
        .map(|p| ArchivePlayer {
            id: p.id.0,
            number: p.number,
            name: p.name.clone(),
            rating: p.rating,
            club: p.club.clone(),
            province: p.province.clone(),
            sex: p.sex,
            birth_year: p.birth_year,
            federation_id: p.federation_id.clone(),
            status: p.status,
            withdrawn_after: p.withdrawn_after,
            joined_round: p.joined_round,
            missed_points: p.missed_points,
            checked_in: p.checked_in,
            seed: p.seed,
            tags: p.tags.list().to_vec(),
            fide_title: p.fide.fide_title.clone(),
            fide_federation: p.fide.fide_federation.clone(),
            fide_id: p.fide.fide_id.clone(),
            entered_at: p.created_at,
        })
        .collect()
}

/// The installation that ran the event, and the event's id there.
fn origin_of(
    event: &crate::domain::Event,
    installation: &Installation,
) -> (ArchiveInstallation, i32) {
    // An event imported from elsewhere is carried on as the installation that ran it.
    match &event.origin {
        Some(origin) => (
            ArchiveInstallation {
                id: origin.installation.clone(),
                name: origin.name.clone(),
                role: crate::domain::InstallationRole::Venue,
            },
            origin.event_id,
        ),
        None => (
            ArchiveInstallation {
                id: installation.id.clone(),
                name: installation.name.clone(),
                role: installation.role,
            },
            event.id.0,
        ),
    }
}
