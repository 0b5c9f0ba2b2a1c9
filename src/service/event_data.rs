//! Everything stored about one event, read in one go, and turned into the plain histories
//! that pairing, standings and exports work on.

use std::collections::HashMap;

use super::ServiceError;
use super::events::{Event, Format};
use crate::db::DbConnection;
use crate::db::events::{self as q, ByeRow, GameRow, PlayerRow, RoundRow};
use crate::tournament::history::{Colour, GameScore, Outcome, PlayerHistory, RoundEntry};

/// An event's stored state.
#[derive(Clone, Debug)]
pub struct EventData {
    pub event: Event,
    /// In pairing-number order.
    pub players: Vec<PlayerRow>,
    pub byes: Vec<ByeRow>,
    pub rounds: Vec<RoundRow>,
    pub games: Vec<GameRow>,
}

/// A game result as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoredResult {
    FirstWins,
    SecondWins,
    Draw,
    FirstWinsByForfeit,
    SecondWinsByForfeit,
    DoubleForfeit,
    Bye,
}

impl StoredResult {
    #[must_use]
    pub fn parse(text: &str) -> Option<StoredResult> {
        Some(match text {
            "1-0" => StoredResult::FirstWins,
            "0-1" => StoredResult::SecondWins,
            "1/2-1/2" => StoredResult::Draw,
            "+-" => StoredResult::FirstWinsByForfeit,
            "-+" => StoredResult::SecondWinsByForfeit,
            "--" => StoredResult::DoubleForfeit,
            "bye" => StoredResult::Bye,
            _ => return None,
        })
    }

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            StoredResult::FirstWins => "1-0",
            StoredResult::SecondWins => "0-1",
            StoredResult::Draw => "1/2-1/2",
            StoredResult::FirstWinsByForfeit => "+-",
            StoredResult::SecondWinsByForfeit => "-+",
            StoredResult::DoubleForfeit => "--",
            StoredResult::Bye => "bye",
        }
    }

    /// (first player's outcome, second player's outcome).
    #[must_use]
    pub fn outcomes(self) -> (Outcome, Outcome) {
        use GameScore::{Draw, Loss, Win};
        match self {
            StoredResult::FirstWins => (Outcome::Played(Win), Outcome::Played(Loss)),
            StoredResult::SecondWins => (Outcome::Played(Loss), Outcome::Played(Win)),
            StoredResult::Draw => (Outcome::Played(Draw), Outcome::Played(Draw)),
            StoredResult::FirstWinsByForfeit => (Outcome::ForfeitWin, Outcome::ForfeitLoss),
            StoredResult::SecondWinsByForfeit => (Outcome::ForfeitLoss, Outcome::ForfeitWin),
            StoredResult::DoubleForfeit => (Outcome::ForfeitLoss, Outcome::ForfeitLoss),
            StoredResult::Bye => (Outcome::Pab, Outcome::ZeroBye),
        }
    }
}

impl EventData {
    pub fn load(conn: &mut DbConnection, event: Event) -> Result<EventData, ServiceError> {
        let players = q::players_of_event(conn, event.id)?;
        let byes = q::byes_of_event(conn, event.id)?;
        let rounds = q::rounds_of_event(conn, event.id)?;
        let games = q::games_of_event(conn, event.id)?;
        Ok(EventData {
            event,
            players,
            byes,
            rounds,
            games,
        })
    }

    /// The event as the public sees it: without draft rounds and their games.
    #[must_use]
    pub fn without_drafts(mut self) -> EventData {
        self.rounds.retain(|r| r.state == "published");
        let published: std::collections::HashSet<i32> = self.rounds.iter().map(|r| r.id).collect();
        self.games.retain(|g| published.contains(&g.round_id));
        self
    }

    /// Index of each player id in pairing-number order.
    #[must_use]
    pub fn index(&self) -> HashMap<i32, usize> {
        self.players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i))
            .collect()
    }

    #[must_use]
    pub fn round(&self, number: i32) -> Option<&RoundRow> {
        self.rounds.iter().find(|r| r.number == number)
    }

    #[must_use]
    pub fn games_of_round(&self, round_id: i32) -> Vec<&GameRow> {
        self.games
            .iter()
            .filter(|g| g.round_id == round_id)
            .collect()
    }

    /// The published rounds of the Swiss or round-robin stage (those counted in the
    /// standings). A draft round is the organiser's work in progress: it counts nowhere.
    #[must_use]
    pub fn scored_rounds(&self) -> Vec<&RoundRow> {
        self.rounds
            .iter()
            .filter(|r| r.stage != "knockout" && r.state == "published")
            .collect()
    }

    /// The last scored round whose games all have a final result (0 when none).
    #[must_use]
    pub fn complete_rounds(&self) -> usize {
        let mut complete = 0;
        for round in self.scored_rounds() {
            let done = round.state == "published"
                && self
                    .games_of_round(round.id)
                    .iter()
                    .all(|g| g.status == "final");
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
    pub fn histories(&self, rounds: usize) -> Vec<PlayerHistory> {
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
                    entry.outcome = if p.missed_points == "half" {
                        Outcome::HalfBye
                    } else {
                        Outcome::ZeroBye
                    };
                }
            }
        }
        for bye in &self.byes {
            if let (Some(&i), Ok(r)) = (index.get(&bye.player_id), usize::try_from(bye.round))
                && r >= 1
                && let Some(entry) = histories[i].rounds.get_mut(r - 1)
            {
                entry.outcome = if bye.kind == "half" {
                    Outcome::HalfBye
                } else {
                    Outcome::ZeroBye
                };
            }
        }
        for round in &self.rounds {
            let r = round.number as usize;
            if r == 0 || r > rounds || round.stage == "knockout" || round.state != "published" {
                continue;
            }
            for game in self.games_of_round(round.id) {
                let Some(&first) = game.first_id.as_ref().and_then(|id| index.get(id)) else {
                    continue;
                };
                let second = game.second_id.and_then(|id| index.get(&id).copied());
                let result = if game.status == "final" {
                    game.result.as_deref().and_then(StoredResult::parse)
                } else {
                    None
                };
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
    pub fn in_swiss_stage(&self, round: i32) -> bool {
        match self.event.format {
            Format::Swiss => true,
            Format::SwissThenKnockout => round <= self.event.rounds,
            _ => false,
        }
    }
}
