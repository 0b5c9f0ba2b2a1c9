//! Everything stored about one event, read in one go, and turned into the plain histories
//! that pairing, standings and exports work on.

use std::collections::HashMap;

use super::ServiceError;
use crate::db::DbConnection;
use crate::db::events as q;
pub use crate::domain::StoredResult;
use crate::domain::{Bye, Event, Format, Game, Player, PlayerId, Round, RoundId, Stage};
use crate::tournament::history::{Colour, Outcome, PlayerHistory, RoundEntry};

/// An event's stored state.
#[derive(Clone, Debug)]
pub struct EventData {
    pub event: Event,
    /// In pairing-number order.
    pub players: Vec<Player>,
    pub byes: Vec<Bye>,
    pub rounds: Vec<Round>,
    pub games: Vec<Game>,
}

impl EventData {
    pub fn load(conn: &mut DbConnection, event: Event) -> Result<EventData, ServiceError> {
        let games = q::games_of_event(conn, event.id)?;
        EventData::with_games(conn, event, games)
    }

    /// The event with its games but without their records: what standings, pairing and the
    /// end of a round read (the records are most of an event's bytes).
    pub(crate) fn load_without_records(
        conn: &mut DbConnection,
        event: Event,
    ) -> Result<EventData, ServiceError> {
        let games = q::games_of_event_without_records(conn, event.id)?;
        EventData::with_games(conn, event, games)
    }

    /// [`EventData::load_without_records`] as the reader may see it: staff see every game as
    /// it stands; anyone else sees games whose moves the event's delay still hides as still to
    /// play ([`EventData::without_hidden`]).
    pub(crate) fn load_seen(
        conn: &mut DbConnection,
        event: Event,
        staff: bool,
    ) -> Result<EventData, ServiceError> {
        let id = event.id;
        let data = EventData::load_without_records(conn, event)?;
        if staff {
            return Ok(data);
        }
        let hidden = crate::db::live::hidden_games(conn, id, crate::db::now())?;
        Ok(data.without_hidden(&hidden))
    }

    fn with_games(
        conn: &mut DbConnection,
        event: Event,
        games: Vec<Game>,
    ) -> Result<EventData, ServiceError> {
        let players = q::players_of_event(conn, event.id)?;
        let byes = q::byes_of_event(conn, event.id)?;
        let rounds = q::rounds_of_event(conn, event.id)?;
        Ok(EventData {
            event,
            players,
            byes,
            rounds,
            games,
        })
    }

    /// The event as the public may see it while the event's delay hides some moves of games
    /// in play: those games (`hidden`, none of them final: a result waits for its moves) are
    /// shown as still to play, whatever a record sent or a dispute says of them meanwhile.
    #[must_use]
    pub(crate) fn without_hidden(mut self, hidden: &[crate::domain::GameId]) -> EventData {
        for game in self.games.iter_mut().filter(|g| hidden.contains(&g.id)) {
            if game.status != crate::domain::GameStatus::Final {
                game.status = crate::domain::GameStatus::Scheduled;
                game.result = None;
                game.termination = None;
                game.plies = None;
            }
        }
        self
    }

    /// Holds games just stored, in the order they are read (round, board, game).
    pub(crate) fn add_games(&mut self, games: impl IntoIterator<Item = Game>) {
        self.games.extend(games);
        self.games.sort_by_key(|g| (g.round_id, g.board, g.game_no));
    }

    /// The event as the public sees it: without draft rounds and their games.
    #[must_use]
    pub(crate) fn without_drafts(mut self) -> EventData {
        self.rounds.retain(Round::is_published);
        let published: std::collections::HashSet<RoundId> =
            self.rounds.iter().map(|r| r.id).collect();
        self.games.retain(|g| published.contains(&g.round_id));
        self
    }

    /// Index of each player id in pairing-number order.
    #[must_use]
    pub(crate) fn index(&self) -> HashMap<PlayerId, usize> {
        self.players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i))
            .collect()
    }

    #[must_use]
    pub(crate) fn round(&self, number: i32) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }

    #[must_use]
    pub(crate) fn games_of_round(&self, round_id: RoundId) -> Vec<&Game> {
        self.games
            .iter()
            .filter(|g| g.round_id == round_id)
            .collect()
    }

    /// The published rounds of the Swiss or round-robin stage (those counted in the
    /// standings). A draft round is the organiser's work in progress: it counts nowhere.
    #[must_use]
    pub(crate) fn scored_rounds(&self) -> Vec<&Round> {
        self.rounds
            .iter()
            .filter(|r| r.stage != Stage::Knockout && r.is_published())
            .collect()
    }

    /// The last scored round whose games all have a final result (0 when none).
    #[must_use]
    pub(crate) fn complete_rounds(&self) -> usize {
        let mut complete = 0;
        for round in self.scored_rounds() {
            let done =
                round.is_published() && self.games_of_round(round.id).iter().all(|g| g.is_final());
            if !done {
                break;
            }
            complete = round.number as usize;
        }
        complete
    }

    /// The histories of the first `rounds` rounds, players in pairing-number order. Only
    /// final results count; a game without one is an unplayed round.
    #[must_use]
    pub(crate) fn histories(&self, rounds: usize) -> Vec<PlayerHistory> {
        let index = self.index();
        let round_robin = self.event.format.is_round_robin();
        let mut histories: Vec<PlayerHistory> = self
            .players
            .iter()
            .map(|p| PlayerHistory {
                name: p.name.clone(),
                rating: u32::try_from(p.rating).unwrap_or(0),
                rounds: vec![RoundEntry::absent(); rounds],
            })
            .collect();
        for (i, p) in self.players.iter().enumerate() {
            for r in 1..p.joined_round.max(1) {
                if let Some(entry) = histories[i].rounds.get_mut(r as usize - 1) {
                    entry.outcome = p.missed_points.outcome();
                }
            }
        }
        for bye in &self.byes {
            if let (Some(&i), Ok(r)) = (index.get(&bye.player_id), usize::try_from(bye.round))
                && r >= 1
                && let Some(entry) = histories[i].rounds.get_mut(r - 1)
            {
                entry.outcome = bye.kind.outcome();
            }
        }
        for round in &self.rounds {
            let r = round.number as usize;
            if r == 0 || r > rounds || round.stage == Stage::Knockout || !round.is_published() {
                continue;
            }
            for game in self.games_of_round(round.id) {
                let Some(&first) = game.first_id.as_ref().and_then(|id| index.get(id)) else {
                    continue;
                };
                let second = game.second_id.and_then(|id| index.get(&id).copied());
                let result = game.final_result();
                match (second, result) {
                    (None, Some(StoredResult::Bye)) => {
                        histories[first].rounds[r - 1] = RoundEntry {
                            opponent: None,
                            colour: None,
                            // A round-robin "bye" is the free round everybody gets once.
                            outcome: if round_robin {
                                Outcome::ZeroBye
                            } else {
                                Outcome::Pab
                            },
                        };
                    }
                    (Some(second), Some(result)) => {
                        let (a, b) = result.outcomes();
                        histories[first].rounds[r - 1] = RoundEntry {
                            opponent: Some(second),
                            colour: Some(Colour::White),
                            outcome: a,
                        };
                        histories[second].rounds[r - 1] = RoundEntry {
                            opponent: Some(first),
                            colour: Some(Colour::Black),
                            outcome: b,
                        };
                    }
                    _ => {}
                }
            }
        }
        histories
    }

    /// Whether the format plays Swiss rounds now (as opposed to the knockout stage).
    #[must_use]
    pub(crate) fn in_swiss_stage(&self, round: i32) -> bool {
        match self.event.format {
            Format::Swiss => true,
            Format::SwissThenKnockout => round <= self.event.rounds,
            _ => false,
        }
    }
}
