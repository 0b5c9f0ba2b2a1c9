//! Changing a round after it is paired: a published round withdrawn back to a draft while none
//! of its results is final, a draft paired again, and a round paired by hand with the broken
//! absolute criteria shown as warnings the arbiter may override (every change logged).

use std::collections::HashSet;

use serde::Serialize;

use super::{RoundView, draft, pair_next_in, publish_in, round_view, stage_of, store_round};
use crate::db::events::{self as q, GameOutcome};
use crate::db::{self, event_transaction};
use crate::domain::{
    AuditAction, ErrorCode, GameStatus, PlayerId, PlayerStatus, RoundState, Stage, StoredResult,
};
use crate::service::access::Access;
use crate::service::event_data::EventData;
use crate::service::round_plan::{PlannedGame, SwissSetup, plan_swiss_to_pair};
use crate::service::{App, ServiceError, audit, standings};
use crate::tournament::dutch::{self, DutchPairing, Violation};

/// Withdraws the last round, published, while none of its games has a result reached after
/// it was published (byes and forfeits decided at pairing do not count): it is a draft again,
/// its open games scheduled and their records set aside.
pub(crate) fn withdraw(app: &App, access: &Access, number: i32) -> Result<(), ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let data = EventData::load_without_records(conn, access.event.clone())?;
        let round = data.round(number).ok_or(ServiceError::NotFound)?.clone();
        if data.rounds.last().map(|r| r.id) != Some(round.id) {
            return Err(ServiceError::Conflict(ErrorCode::NotLastRound));
        }
        if round.state != RoundState::Published {
            return Err(ServiceError::Blocked {
                code: ErrorCode::RoundNotPublished,
                detail: round.number.to_string(),
            });
        }
        let games = data.games_of_round(round.id);
        // Games decided at pairing (byes, forfeits against withdrawn players) were final
        // before publication; any other final game got its result after.
        let published = round.published_at.unwrap_or(round.created_at);
        if games
            .iter()
            .any(|g| g.is_final() && g.updated_at > published)
        {
            return Err(ServiceError::Conflict(ErrorCode::RoundHasResults));
        }
        for game in games.iter().filter(|g| !g.is_final()) {
            crate::service::games::set_aside_records(conn, game, access.user_id())?;
            if game.status != GameStatus::Scheduled {
                let changed = q::update_game(
                    conn,
                    game.id,
                    game.version,
                    &GameOutcome {
                        status: GameStatus::Scheduled,
                        result: None,
                        termination: None,
                        plies: None,
                        record: None,
                        final_position: None,
                        corrected_from: None,
                        correction_reason: None,
                    },
                    db::now(),
                )?;
                if changed == 0 {
                    return Err(ServiceError::Stale);
                }
            }
        }
        q::unpublish_round(conn, round.id)?;
        // Publishing cleared the check-ins; those who were paired were present.
        if access.event.check_in {
            for id in games
                .iter()
                .flat_map(|g| [g.first_id, g.second_id])
                .flatten()
            {
                q::set_checked_in(conn, id, true)?;
            }
        }
        q::bump_event(conn, access.event.id, db::now())?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::RoundWithdrawn,
            )
            .round(round.id)
            .states(RoundState::Published, RoundState::Draft)
            .detail(audit::Detail::Round { round: number }),
        )?;
        let data = EventData::load_without_records(conn, access.event.clone())?;
        standings::store(conn, &data)?;
        Ok(())
    })
}

/// Pairs the last round again: the draft is discarded and the round paired from the event
/// as it now stands (after a late entry or a correction, say).
pub(crate) fn pair_again(
    app: &App,
    access: &Access,
    number: i32,
) -> Result<RoundView, ServiceError> {
    access.require_organiser()?;
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let round = draft(conn, access, number)?;
        let last = q::rounds_of_event(conn, access.event.id)?
            .last()
            .map(|r| r.id);
        if last != Some(round.id) {
            return Err(ServiceError::Conflict(ErrorCode::NotLastRound));
        }
        q::delete_round(conn, round.id)?;
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::DraftDiscarded,
            )
            .detail(audit::Detail::Round { round: number }),
        )?;
        let mut view = pair_next_in(conn, access, None)?;
        // The round keeps its start time.
        if round.starts_at.is_some() {
            q::set_round_start(conn, view.id, round.starts_at)?;
            view.starts_at = round.starts_at;
        }
        Ok(view)
    })
}

/// One board of a pairing made by hand: who moves first, and the opponent (`None`: the
/// pairing-allocated bye).
#[derive(Clone, Copy, Debug)]
pub struct ManualBoard {
    pub first: PlayerId,
    pub second: Option<PlayerId>,
}

/// An absolute criterion a pairing by hand breaks, kept because the arbiter chose it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PairingWarning {
    /// The criterion's stable code (`rematch`, `colour_difference`, `same_colour_thrice`,
    /// `second_bye`, `paired_times`).
    pub criterion: &'static str,
    pub players: Vec<PlayerId>,
    pub names: Vec<String>,
}

/// A round paired by hand, and what it breaks.
#[derive(Clone, Debug, Serialize)]
pub struct ManualPairing {
    pub round: RoundView,
    pub warnings: Vec<PairingWarning>,
}

/// Sets every board of a draft round (the last, of a Swiss or round-robin stage) by hand, and
/// publishes it when asked. Unknown, repeated or inactive players are refused; the absolute
/// criteria the pairing breaks are answered as warnings and logged.
pub(crate) fn pair_by_hand(
    app: &App,
    access: &Access,
    number: i32,
    boards: &[ManualBoard],
    publish: bool,
) -> Result<ManualPairing, ServiceError> {
    access.require_organiser()?;
    if boards.is_empty() {
        return Err(ServiceError::invalid("boards", ErrorCode::BoardsEmpty));
    }
    let mut conn = app.conn()?;
    event_transaction(&mut conn, access.event.id, |conn| {
        let round = draft(conn, access, number)?;
        let mut data = EventData::load_without_records(conn, access.event.clone())?;
        if data.rounds.last().map(|r| r.id) != Some(round.id) {
            return Err(ServiceError::Conflict(ErrorCode::NotLastRound));
        }
        if stage_of(&data, number) == Stage::Knockout {
            return Err(ServiceError::Conflict(ErrorCode::NotASwissRound));
        }
        check_boards(&data, boards)?;
        let warnings = warnings(&data, number, boards);
        // The draft's boards give way to these (the round keeps its number and stage).
        q::delete_round(conn, round.id)?;
        data.rounds.retain(|r| r.id != round.id);
        data.games.retain(|g| g.round_id != round.id);
        let planned: Vec<PlannedGame> = boards
            .iter()
            .enumerate()
            .map(|(i, b)| PlannedGame {
                board: i as i32 + 1,
                game_no: 1,
                bracket_code: None,
                first: b.first,
                second: b.second,
                result: b.second.is_none().then_some(StoredResult::Bye),
            })
            .collect();
        let round_id = store_round(conn, &mut data, number, round.stage, &planned)?;
        if round.starts_at.is_some() {
            q::set_round_start(conn, round_id, round.starts_at)?;
            if let Some(stored) = data.rounds.iter_mut().find(|r| r.id == round_id) {
                stored.starts_at = round.starts_at;
            }
        }
        let overridden = warnings
            .iter()
            .map(|w| audit::Overridden {
                criterion: w.criterion.to_string(),
                names: w.names.clone(),
            })
            .collect();
        audit::record(
            conn,
            audit::Entry::event(
                access.event.id,
                access.user_id(),
                AuditAction::RoundPairedByHand,
            )
            .round(round_id)
            .detail(audit::Detail::RoundByHand {
                round: number,
                boards: planned.len(),
                overridden,
            }),
        )?;
        let view = if publish {
            publish_in(conn, access, number)?
        } else {
            standings::store(conn, &data)?;
            round_view(&data, number).ok_or(ServiceError::NotFound)?
        };
        Ok(ManualPairing {
            round: view,
            warnings,
        })
    })
}

/// Every player on the boards is an active entry of the event, on one board only.
fn check_boards(data: &EventData, boards: &[ManualBoard]) -> Result<(), ServiceError> {
    let mut seen = HashSet::new();
    for id in boards
        .iter()
        .flat_map(|b| std::iter::once(b.first).chain(b.second))
    {
        let player = data
            .players
            .iter()
            .find(|p| p.id == id)
            .ok_or(ServiceError::invalid("boards", ErrorCode::PlayerUnknown))?;
        if player.status != PlayerStatus::Active {
            return Err(ServiceError::invalid("boards", ErrorCode::PlayerNotActive));
        }
        if !seen.insert(id) {
            return Err(ServiceError::invalid("boards", ErrorCode::PlayerTwice));
        }
    }
    Ok(())
}

/// The absolute criteria the boards break, judged as the Dutch system judges its own pairings
/// (the players it would pair this round are those expected on a board).
fn warnings(data: &EventData, number: i32, boards: &[ManualBoard]) -> Vec<PairingWarning> {
    let index = data.index();
    let at = |id: PlayerId| index.get(&id).copied();
    let mut pairing = DutchPairing {
        pairs: Vec::new(),
        bye: None,
    };
    for b in boards {
        match (at(b.first), b.second.and_then(at)) {
            (Some(first), Some(second)) => pairing.pairs.push((first, second)),
            (Some(first), None) if pairing.bye.is_none() => pairing.bye = Some(first),
            // A second bye: the player is then counted as not paired.
            _ => {}
        }
    }
    let histories = data.histories((number - 1).max(0) as usize);
    let setup = SwissSetup::new(data, number, histories, plan_swiss_to_pair(data, number));
    let input = setup.input(data);
    let named = |i: usize| data.players.get(i).map(|p| (p.id, p.name.clone()));
    dutch::violations(&input, &pairing)
        .into_iter()
        .map(|v| {
            let players: Vec<usize> = match v {
                Violation::Rematch(a, b) => vec![a, b],
                Violation::ColourDifference(p, _)
                | Violation::SameColourThrice(p)
                | Violation::SecondBye(p)
                | Violation::PairedTimes(p, _) => vec![p],
            };
            let (ids, names) = players.into_iter().filter_map(named).unzip();
            PairingWarning {
                criterion: v.code(),
                players: ids,
                names,
            }
        })
        .collect()
}
