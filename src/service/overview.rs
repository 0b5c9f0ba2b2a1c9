//! An event's front page as one read model: its players, the rounds its viewer may see,
//! its staff, and, once finished, its podium, prize list and final, read in one transaction.

use super::access::Access;
use super::event_data::EventData;
use super::{App, ServiceError};
use crate::db::{self, events as q};
use crate::domain::EventState;

/// What the event's pages show of it at a glance, read at one moment.
#[derive(Clone, Debug)]
pub struct Overview {
    pub players: Vec<super::players::Player>,
    pub rounds: Vec<super::rounds::RoundView>,
    pub planned: i32,
    /// The event's staff (for its organisers; empty for anyone else).
    pub staff: Vec<super::events::StaffMember>,
    /// A finished event's podium: the rows of its final ranking placed 1 to 3.
    pub podium: Vec<super::standings::RowView>,
    /// The event has a prize list the public may see (finished, or published early).
    pub prizes: bool,
    /// A finished event's prize list.
    pub prize_list: Option<super::prizes::PrizeListView>,
    /// A finished knockout's final.
    pub final_match: Option<FinalMatch>,
}

/// The match that decided a finished knockout: the grand final (or its reset), or the final.
#[derive(Clone, Debug)]
pub struct FinalMatch {
    /// The two finalists, the winner first.
    pub players: [(crate::domain::PlayerId, String); 2],
    /// Points of each, in the same order.
    pub score: [f64; 2],
    pub game_ids: Vec<crate::domain::GameId>,
}

fn final_match(data: &EventData) -> Option<FinalMatch> {
    use crate::tournament::knockout::{Part, Status};
    let bracket = super::bracket::view(data)?;
    let decided = bracket
        .matches
        .iter()
        .rev()
        .find(|m| m.part != Part::ThirdPlace && m.status == Status::Decided)?;
    let winner = decided.winner?;
    let slot = usize::from(decided.entrants[1] == Some(winner));
    let name = |slot: usize| {
        let id = decided.entrants[slot]?;
        let player = data.players.iter().find(|p| p.id == id)?;
        Some((id, player.name.clone()))
    };
    Some(FinalMatch {
        players: [name(slot)?, name(1 - slot)?],
        score: [decided.score[slot], decided.score[1 - slot]],
        game_ids: decided.game_ids.clone(),
    })
}

/// The event's players, visible rounds, planned rounds and (for organisers) staff, in one read
/// transaction: the parts of a page never mix two states of the event.
pub(crate) fn overview(app: &App, access: &Access) -> Result<Overview, ServiceError> {
    let mut conn = app.conn()?;
    db::read_transaction(&mut conn, |conn| {
        let data = EventData::load_seen(conn, access.event.clone(), access.is_arbiter())?;
        let staff = if access.is_organiser() {
            super::events::staff_in(conn, access)?
        } else {
            Vec::new()
        };
        let finished = data.event.state == EventState::Finished;
        let podium = if finished {
            let table = super::standings::stored(conn, &data)?;
            table
                .rows
                .into_iter()
                .filter(|r| table.final_ranking && r.rank <= 3)
                .collect()
        } else {
            Vec::new()
        };
        let prizes = q::prize_fund(conn, access.event.id)?
            .is_some_and(|(_, published)| published || finished);
        let prize_list = if finished {
            super::prizes::prize_list_in(conn, access, &data)?
        } else {
            None
        };
        Ok(Overview {
            prizes,
            prize_list,
            final_match: final_match(&data).filter(|_| finished),
            players: super::players::shown(conn, access, &data.players)?,
            rounds: super::rounds::visible(&data, access),
            planned: super::round_plan::planned_rounds(&data),
            staff,
            podium,
        })
    })
}
