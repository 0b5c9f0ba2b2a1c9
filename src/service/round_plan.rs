//! What a round would be, from the event as it stands: each format's pairing planned over the
//! stored results (the Dutch system, Berger tables, the bracket), the number of rounds an
//! event plans, the boards a stored round would now pair differently, and why a Swiss round
//! is paired as it is. Nothing here writes.

use std::collections::HashSet;
use std::sync::Arc;

use serde::Serialize;

use super::access::Access;
use super::event_data::EventData;
use super::memo::MemoKey;
use super::{App, ServiceError, bracket, standings};
use crate::db::events as q;
use crate::domain::{ErrorCode, Format, PlayerId, PlayerStatus, Stage, StoredResult};
use crate::tournament::dutch::{self, DutchInput};
use crate::tournament::knockout::Status;
use crate::tournament::{baku, berger};

/// A board of a round about to be stored.
#[derive(Clone, Debug)]
pub(crate) struct PlannedGame {
    pub(crate) board: i32,
    pub(crate) game_no: i32,
    pub(crate) bracket_code: Option<String>,
    pub(crate) first: PlayerId,
    pub(crate) second: Option<PlayerId>,
    /// Decided at pairing time (a bye, or a forfeit against a withdrawn player).
    pub(crate) result: Option<StoredResult>,
}

/// Everything the Dutch system needs about a round, owned so an input can borrow it.
pub(crate) struct SwissSetup {
    histories: Vec<crate::tournament::history::PlayerHistory>,
    to_pair: Vec<bool>,
    played: usize,
    total_rounds: usize,
    accelerations: Option<Vec<Vec<u32>>>,
}

impl SwissSetup {
    pub(crate) fn new(
        data: &EventData,
        number: i32,
        histories: Vec<crate::tournament::history::PlayerHistory>,
        to_pair: Vec<bool>,
    ) -> SwissSetup {
        let total_rounds = data.event.rounds.max(number) as usize;
        let accelerations = data.event.accelerated.then(|| {
            baku::virtual_points(
                data.players.len(),
                total_rounds,
                data.event.points.win,
                data.event.points.draw,
            )
        });
        SwissSetup {
            histories,
            to_pair,
            played: usize::try_from(number - 1).unwrap_or(0),
            total_rounds,
            accelerations,
        }
    }

    pub(crate) fn input<'a>(&'a self, data: &EventData) -> DutchInput<'a> {
        DutchInput {
            players: &self.histories,
            to_pair: &self.to_pair,
            played_rounds: self.played,
            total_rounds: self.total_rounds,
            initial_colour: data.event.initial_colour,
            points: data.event.points,
            forbidden: &[],
            accelerations: self.accelerations.as_deref(),
        }
    }
}

/// A player as the explanation of a round names them.
#[derive(Clone, Debug, Serialize)]
pub struct NamedPlayer {
    pub id: PlayerId,
    pub number: i32,
    pub name: String,
}

/// Why a Swiss round is paired as it is, with the players the explanation refers to by index.
#[derive(Clone, Debug, Serialize)]
pub struct RoundExplanation {
    pub number: i32,
    pub accelerated: bool,
    pub players: Vec<NamedPlayer>,
    /// Board numbers, in the order of `why.boards`.
    pub board_numbers: Vec<i32>,
    pub why: dutch::explain::RoundWhy,
}

impl RoundExplanation {
    /// About the bytes it holds, for the memo's budget: each player's name and the reasons of
    /// their board.
    pub(crate) fn weight(&self) -> usize {
        1024 + self.players.len() * 512 + self.board_numbers.len() * 256
    }
}

/// Explains a published (or, for organisers, draft) Swiss round. Computed once per version of
/// the event, whoever asks, and without holding a database connection while it computes.
pub fn explain(
    app: &App,
    access: &Access,
    number: i32,
) -> Result<Arc<RoundExplanation>, ServiceError> {
    let round = {
        let mut conn = app.conn()?;
        q::rounds_of_event(&mut conn, access.event.id)?
            .into_iter()
            .find(|r| r.number == number)
            .ok_or(ServiceError::NotFound)?
    };
    if !round.is_published() && !access.is_organiser() {
        return Err(ServiceError::NotFound);
    }
    let key = MemoKey::event(&access.event, access.event.version, format!("why:{number}"));
    app.memo.explanations.get_or_try(&key, || {
        let data = {
            let mut conn = app.conn()?;
            EventData::load_without_records(&mut conn, access.event.clone())?
        };
        explain_round(&data, number).map(Arc::new)
    })
}

pub(crate) fn explain_round(
    data: &EventData,
    number: i32,
) -> Result<RoundExplanation, ServiceError> {
    let round = data.round(number).ok_or(ServiceError::NotFound)?;
    if !data.in_swiss_stage(number) {
        return Err(ServiceError::Conflict(ErrorCode::NotASwissRound));
    }
    let index = data.index();
    let games = data.games_of_round(round.id);
    let mut to_pair = vec![false; data.players.len()];
    let mut pairs = Vec::new();
    let mut board_numbers = Vec::new();
    let mut bye = None;
    for game in &games {
        let first = game.first_id.and_then(|id| index.get(&id).copied());
        let second = game.second_id.and_then(|id| index.get(&id).copied());
        match (first, second) {
            (Some(a), Some(b)) => {
                to_pair[a] = true;
                to_pair[b] = true;
                pairs.push((a, b));
                board_numbers.push(game.board);
            }
            (Some(a), None) if game.result == Some(StoredResult::Bye) => {
                to_pair[a] = true;
                bye = Some(a);
            }
            _ => {}
        }
    }
    let played = usize::try_from(number - 1).unwrap_or(0);
    let setup = SwissSetup::new(data, number, data.histories(played), to_pair);
    let why = dutch::explain::explain(&setup.input(data), &dutch::DutchPairing { pairs, bye });
    Ok(RoundExplanation {
        number,
        accelerated: data.event.accelerated,
        players: data
            .players
            .iter()
            .map(|p| NamedPlayer {
                id: p.id,
                number: p.number,
                name: p.name.clone(),
            })
            .collect(),
        board_numbers,
        why,
    })
}

pub(crate) fn plan_swiss(data: &EventData, number: i32) -> Result<Vec<PlannedGame>, ServiceError> {
    plan_swiss_of(data, number, plan_swiss_to_pair(data, number))
}

/// The players to pair in Swiss round `number` (in pairing-number order): active, entered by
/// then, without a requested bye, checked in when the event asks for it.
pub(crate) fn plan_swiss_to_pair(data: &EventData, number: i32) -> Vec<bool> {
    let requested: HashSet<PlayerId> = data
        .byes
        .iter()
        .filter(|b| b.round == number)
        .map(|b| b.player_id)
        .collect();
    data.players
        .iter()
        .map(|p| {
            p.status == PlayerStatus::Active
                && p.joined_round <= number
                && !requested.contains(&p.id)
                && (!data.event.check_in || p.checked_in)
        })
        .collect()
}

/// Pairs Swiss round `number` among the players marked in `to_pair` (in pairing-number order),
/// from the results of the rounds before it.
pub(crate) fn plan_swiss_of(
    data: &EventData,
    number: i32,
    to_pair: Vec<bool>,
) -> Result<Vec<PlannedGame>, ServiceError> {
    let played = (number - 1) as usize;
    let histories = data.histories(played);
    let setup = SwissSetup::new(data, number, histories, to_pair);
    let input = setup.input(data);
    let pairing =
        dutch::pair(&input).map_err(|_| ServiceError::Conflict(ErrorCode::NoValidPairing))?;
    // A pairing that breaks an absolute criterion is never stored: it would be the engine's
    // fault, and the organiser is told which criterion, not handed a wrong round.
    let broken = dutch::violations(&input, &pairing);
    if !broken.is_empty() {
        let named: Vec<String> = broken
            .iter()
            .map(|v| format!("{}: {v}", v.code()))
            .collect();
        tracing::error!(
            "round {number} of event {}: {}",
            data.event.id,
            named.join("; ")
        );
        return Err(ServiceError::Blocked {
            code: ErrorCode::PairingViolatesCriteria,
            detail: named.join("; "),
        });
    }
    let id = |i: usize| data.players[i].id;
    let mut games: Vec<PlannedGame> = pairing
        .pairs
        .iter()
        .enumerate()
        .map(|(board, &(first, second))| PlannedGame {
            board: board as i32 + 1,
            game_no: 1,
            bracket_code: None,
            first: id(first),
            second: Some(id(second)),
            result: None,
        })
        .collect();
    if let Some(bye) = pairing.bye {
        games.push(PlannedGame {
            board: games.len() as i32 + 1,
            game_no: 1,
            bracket_code: None,
            first: id(bye),
            second: None,
            result: Some(StoredResult::Bye),
        });
    }
    Ok(games)
}

/// The round-robin roster: players entered when the first round was paired.
pub(crate) fn roster(data: &EventData) -> Vec<PlayerId> {
    data.players
        .iter()
        .filter(|p| p.joined_round <= 1 && p.status != PlayerStatus::Pending)
        .map(|p| p.id)
        .collect()
}

pub(crate) fn round_robin_schedule(data: &EventData) -> berger::Schedule {
    let players = roster(data).len();
    if data.event.format == Format::DoubleRoundRobin {
        berger::double(players)
    } else {
        berger::single(players)
    }
}

pub(crate) fn plan_round_robin(
    data: &EventData,
    number: i32,
) -> Result<Vec<PlannedGame>, ServiceError> {
    let roster = roster(data);
    let schedule = round_robin_schedule(data);
    let round = schedule
        .rounds
        .get(number as usize - 1)
        .ok_or(ServiceError::Conflict(ErrorCode::NoMoreRounds))?;
    let withdrawn: HashSet<PlayerId> = data
        .players
        .iter()
        .filter(|p| p.status == PlayerStatus::Withdrawn)
        .map(|p| p.id)
        .collect();
    let mut games = Vec::new();
    let mut bye = None;
    for &(a, b) in round {
        let player = |n: usize| roster.get(n.wrapping_sub(1)).copied();
        match (player(a), player(b)) {
            (Some(first), Some(second)) => {
                let result = match (withdrawn.contains(&first), withdrawn.contains(&second)) {
                    (true, true) => Some(StoredResult::DoubleForfeit),
                    (true, false) => Some(StoredResult::SecondWinsByForfeit),
                    (false, true) => Some(StoredResult::FirstWinsByForfeit),
                    (false, false) => None,
                };
                games.push(PlannedGame {
                    board: games.len() as i32 + 1,
                    game_no: 1,
                    bracket_code: None,
                    first,
                    second: Some(second),
                    result,
                });
            }
            (Some(p), None) | (None, Some(p)) => bye = Some(p),
            (None, None) => {}
        }
    }
    if let Some(p) = bye {
        games.push(PlannedGame {
            board: games.len() as i32 + 1,
            game_no: 1,
            bracket_code: None,
            first: p,
            second: None,
            result: Some(StoredResult::Bye),
        });
    }
    Ok(games)
}

pub(crate) fn plan_knockout(
    data: &EventData,
    number: i32,
) -> Result<Vec<PlannedGame>, ServiceError> {
    let view = bracket::view(data).ok_or(ServiceError::Conflict(ErrorCode::NotEnoughPlayers))?;
    let games_per_match = data.event.games_per_match.max(1);
    let mut games = Vec::new();
    let mut board = 0;
    for m in view.matches.iter().filter(|m| m.round == number) {
        if m.status != Status::Ready {
            continue;
        }
        let (Some(a), Some(b)) = (m.entrants[0], m.entrants[1]) else {
            continue;
        };
        board += 1;
        for g in 1..=games_per_match {
            let (first, second) = if g % 2 == 1 { (a, b) } else { (b, a) };
            games.push(PlannedGame {
                board,
                game_no: g,
                bracket_code: Some(m.code.clone()),
                first,
                second: Some(second),
                result: None,
            });
        }
    }
    Ok(games)
}

/// How many rounds the event will have (known once the field is fixed).
#[must_use]
pub(crate) fn planned_rounds(data: &EventData) -> i32 {
    match data.event.format {
        Format::Swiss => data.event.rounds,
        Format::RoundRobin | Format::DoubleRoundRobin => {
            round_robin_schedule(data).rounds.len() as i32
        }
        Format::SingleElimination | Format::DoubleElimination => {
            let seeded = bracket::seeds(data).len();
            let field = if seeded > 0 {
                seeded
            } else {
                data.players
                    .iter()
                    .filter(|p| p.status == PlayerStatus::Active)
                    .count()
            };
            bracket::shape(data, field.max(2)).rounds as i32
        }
        Format::SwissThenKnockout => {
            let size = data.event.knockout_size.max(2) as usize;
            data.event.rounds + bracket::shape(data, size).rounds as i32
        }
    }
}

/// The boards of a stored round that would pair differently were it paired again now, from
/// the results before it (after a result was corrected, say): a Swiss round among the same
/// players, a knockout round from the bracket as it now resolves (and, for the first knockout
/// round after Swiss rounds, from the seeds the standings now give). Round-robin pairings
/// depend on no result. Colours are not compared: only who meets whom.
pub(crate) fn boards_paired_differently(data: &EventData, number: i32) -> Vec<i32> {
    let Some(round) = data.round(number) else {
        return Vec::new();
    };
    let stored = data.games_of_round(round.id);
    let meeting = |a: PlayerId, b: Option<PlayerId>| match b {
        Some(b) if b < a => (b, Some(a)),
        _ => (a, b),
    };
    let expected: HashSet<(PlayerId, Option<PlayerId>)> = match round.stage {
        Stage::RoundRobin => return Vec::new(),
        Stage::Swiss => {
            let present: HashSet<PlayerId> = stored
                .iter()
                .flat_map(|g| [g.first_id, g.second_id])
                .flatten()
                .collect();
            let to_pair = data
                .players
                .iter()
                .map(|p| present.contains(&p.id))
                .collect();
            match plan_swiss_of(data, number, to_pair) {
                Ok(games) => games.iter().map(|g| meeting(g.first, g.second)).collect(),
                // No pairing of those players now satisfies the criteria: nothing to compare.
                Err(_) => return Vec::new(),
            }
        }
        Stage::Knockout => {
            let reseeded = number == bracket::first_round(data)
                && data.event.format == Format::SwissThenKnockout
                && knockout_seeds(data) != bracket::seeds(data);
            if reseeded {
                HashSet::new()
            } else {
                bracket::view(data)
                    .map(|view| {
                        view.matches
                            .iter()
                            .filter(|m| m.round == number)
                            .filter_map(|m| Some(meeting(m.entrants[0]?, m.entrants[1])))
                            .collect()
                    })
                    .unwrap_or_default()
            }
        }
    };
    let mut boards: Vec<i32> = stored
        .iter()
        .filter_map(|g| Some((g.board, meeting(g.first_id?, g.second_id))))
        .filter(|(_, pair)| !expected.contains(pair))
        .map(|(board, _)| board)
        .collect();
    boards.dedup();
    boards
}

/// The knockout stage's seeds from the event as it stands: by pairing number for a pure
/// knockout, by the standings after the Swiss rounds for Swiss-then-knockout.
pub(crate) fn knockout_seeds(data: &EventData) -> Vec<PlayerId> {
    match data.event.format {
        Format::SwissThenKnockout => {
            let table = standings::compute_from(data);
            table
                .rows
                .iter()
                .filter(|row| {
                    data.players
                        .get(row.player)
                        .is_some_and(|p| p.status == PlayerStatus::Active)
                })
                .take(data.event.knockout_size.max(2) as usize)
                .map(|row| data.players[row.player].id)
                .collect()
        }
        _ => data
            .players
            .iter()
            .filter(|p| p.status == PlayerStatus::Active)
            .map(|p| p.id)
            .collect(),
    }
}
