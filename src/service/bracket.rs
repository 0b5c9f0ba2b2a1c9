//! The knockout stage of an event, resolved from its stored games.

use serde::Serialize;

use super::event_data::EventData;
use crate::domain::{Format, Game, GameId, PlayerId, Stage, StoredResult};
use crate::tournament::knockout::{self, Bracket, Entrant, MatchState, Part, Slot, Status};

/// The first event round of the knockout stage.
#[must_use]
pub(crate) fn first_round(data: &EventData) -> i32 {
    match data.event.format {
        Format::SwissThenKnockout => data.event.rounds + 1,
        _ => 1,
    }
}

/// Player ids in seed order, once the knockout stage is seeded.
#[must_use]
pub(crate) fn seeds(data: &EventData) -> Vec<PlayerId> {
    let mut seeded: Vec<(i32, PlayerId)> = data
        .players
        .iter()
        .filter_map(|p| p.seed.map(|s| (s, p.id)))
        .collect();
    seeded.sort_unstable();
    seeded.into_iter().map(|(_, id)| id).collect()
}

/// The bracket's shape for `players` seeds.
#[must_use]
pub(crate) fn shape(data: &EventData, players: usize) -> Bracket {
    shape_for(&data.event, players)
}

/// The bracket's shape of `event` for `players` seeds.
#[must_use]
pub(crate) fn shape_for(event: &crate::domain::Event, players: usize) -> Bracket {
    match event.format {
        Format::DoubleElimination => knockout::double_elimination(players, event.grand_final_reset),
        _ => knockout::single_elimination(players, event.third_place),
    }
}

/// One match as shown.
#[derive(Clone, Debug, Serialize)]
pub struct MatchView {
    pub code: String,
    /// What the match is called (semi-final 2, the final …).
    #[serde(skip)]
    pub stage: Option<knockout::MatchStage>,
    pub part: Part,
    pub part_round: usize,
    /// Event round.
    pub round: i32,
    /// Player ids in the two slots (`None`: not known yet or a bye).
    pub entrants: [Option<PlayerId>; 2],
    pub bye: [bool; 2],
    pub status: Status,
    pub winner: Option<PlayerId>,
    /// Points each slot scored in the match's games.
    pub score: [f64; 2],
    pub game_ids: Vec<GameId>,
    /// All games are final and the score is level: a decider game is due.
    pub needs_decider: bool,
}

/// The knockout stage.
#[derive(Clone, Debug, Serialize)]
pub struct BracketView {
    pub seeds: Vec<PlayerId>,
    pub matches: Vec<MatchView>,
    pub rounds: usize,
    pub champion: Option<PlayerId>,
}

fn games_of<'a>(data: &'a EventData, code: &str) -> Vec<&'a Game> {
    let first = first_round(data);
    let ko_round_ids: Vec<_> = data
        .rounds
        .iter()
        .filter(|r| r.number >= first && r.stage == Stage::Knockout)
        .map(|r| r.id)
        .collect();
    data.games
        .iter()
        .filter(|g| ko_round_ids.contains(&g.round_id) && g.bracket_code.as_deref() == Some(code))
        .collect()
}

/// Points (first slot, second slot) of a match's final games, and whether every game is final.
fn match_score(games: &[&Game], slots: [Option<PlayerId>; 2]) -> ([f64; 2], bool) {
    let mut score = [0.0, 0.0];
    let mut all_final = !games.is_empty();
    for g in games {
        if !g.is_final() {
            all_final = false;
            continue;
        }
        let Some(result) = g.result else {
            continue;
        };
        let (first_points, second_points) = match result {
            StoredResult::FirstWins | StoredResult::FirstWinsByForfeit => (1.0, 0.0),
            StoredResult::SecondWins | StoredResult::SecondWinsByForfeit => (0.0, 1.0),
            StoredResult::Draw => (0.5, 0.5),
            StoredResult::DoubleForfeit | StoredResult::Bye => (0.0, 0.0),
        };
        for (slot, id) in slots.iter().enumerate() {
            if *id == g.first_id {
                score[slot] += first_points;
            } else if *id == g.second_id {
                score[slot] += second_points;
            }
        }
    }
    (score, all_final)
}

/// Resolves the bracket from the stored games, or `None` before the stage is seeded.
#[must_use]
pub(crate) fn view(data: &EventData) -> Option<BracketView> {
    let seeds = seeds(data);
    if seeds.len() < 2 {
        return None;
    }
    let bracket = shape(data, seeds.len());
    let offset = first_round(data) - 1;
    let games_per_match = data.event.games_per_match.max(1) as usize;
    let entrant_id = |e: Option<Entrant>| match e {
        Some(Entrant::Seed(s)) => seeds.get(s - 1).copied(),
        _ => None,
    };
    // Resolve match by match: a match's result needs its entrants, which need earlier results.
    let mut results: Vec<Option<Slot>> = vec![None; bracket.matches.len()];
    for i in 0..bracket.matches.len() {
        let states = knockout::resolve(&bracket, &results);
        let state = states[i];
        if state.status != Status::Ready {
            continue;
        }
        let slots = [entrant_id(state.entrants[0]), entrant_id(state.entrants[1])];
        let games = games_of(data, &bracket.matches[i].code);
        let (score, all_final) = match_score(&games, slots);
        if all_final && games.len() >= games_per_match && score[0] != score[1] {
            results[i] = Some(if score[0] > score[1] {
                Slot::First
            } else {
                Slot::Second
            });
        }
    }
    let states: Vec<MatchState> = knockout::resolve(&bracket, &results);
    let matches = bracket
        .matches
        .iter()
        .zip(&states)
        .map(|(spec, state)| {
            let slots = [entrant_id(state.entrants[0]), entrant_id(state.entrants[1])];
            let games = games_of(data, &spec.code);
            let (score, all_final) = match_score(&games, slots);
            MatchView {
                code: spec.code.clone(),
                stage: bracket.stage(&spec.code),
                part: spec.part,
                part_round: spec.part_round,
                round: spec.round as i32 + offset,
                entrants: slots,
                bye: [
                    state.entrants[0] == Some(Entrant::Nobody),
                    state.entrants[1] == Some(Entrant::Nobody),
                ],
                status: state.status,
                winner: entrant_id(state.winner)
                    .filter(|_| matches!(state.status, Status::Decided | Status::Bye)),
                score,
                game_ids: games.iter().map(|g| g.id).collect(),
                needs_decider: state.status == Status::Ready
                    && all_final
                    && games.len() >= games_per_match
                    && score[0] == score[1],
            }
        })
        .collect();
    let champion = knockout::champion(&bracket, &states).and_then(|s| seeds.get(s - 1).copied());
    Some(BracketView {
        seeds,
        matches,
        rounds: bracket.rounds,
        champion,
    })
}
