//! What a later archive of an event changes in the one imported before: an entry that is now
//! another person (a name or a federation id), an entry gone, a game now between other
//! players, a result that is no longer what it was (or now stands on a decision without a
//! record), a round gone. Entries are compared by their id at the venue, games by their place,
//! so a swap of two players or a result rewritten cannot pass as the event moving on. New
//! entries, rounds, games and results are the event moving on and change nothing that was
//! there. Also what an archive's results stand on: the games decided without a record.

use std::collections::HashMap;

use serde::Serialize;

use super::format::{Archive, ArchiveGame, GamePlace};
use crate::domain::{GameStatus, StoredResult};

/// An entry as a change names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Who {
    pub name: String,
    pub federation_id: Option<String>,
}

/// One change of what was imported before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ArchiveChange {
    /// The same entry (its id at the venue) is now another name or federation id.
    EntryChanged { entry: i32, before: Who, after: Who },
    /// An entry is no longer in the event.
    EntryGone { entry: i32, before: Who },
    /// A game is now between other players (or the same two the other way round).
    GamePlayers {
        round: i32,
        board: i32,
        game_no: i32,
        before: [Option<String>; 2],
        after: [Option<String>; 2],
    },
    /// A final result is now another, or no longer final, or now stands on a decision without
    /// a record where it stood on one.
    ResultChanged {
        round: i32,
        board: i32,
        game_no: i32,
        before: Option<StoredResult>,
        after: Option<StoredResult>,
        /// The result now stands on an arbiter's decision, without a record.
        decision: bool,
    },
    /// A game is no longer in the event.
    GameGone {
        round: i32,
        board: i32,
        game_no: i32,
    },
    /// A round is no longer in the event.
    RoundGone { round: i32 },
}

/// A final result that stands on no record: an arbiter's decision at the venue (a forfeit, an
/// adjudication), which the rating list counts only when this installation says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub round: i32,
    pub board: i32,
    pub game_no: i32,
    pub result: StoredResult,
    pub first: Option<String>,
    pub second: Option<String>,
}

/// The archive's entries by pairing number: their id at the venue and who they are.
fn entries(archive: &Archive) -> HashMap<i32, (i32, Who)> {
    archive
        .players
        .iter()
        .map(|p| {
            (
                p.number,
                (
                    p.id,
                    Who {
                        name: p.name.clone(),
                        federation_id: p.federation_id.clone(),
                    },
                ),
            )
        })
        .collect()
}

/// Every game by place.
fn games(archive: &Archive) -> HashMap<GamePlace, &ArchiveGame> {
    archive
        .rounds
        .iter()
        .flat_map(|r| {
            r.games.iter().map(move |g| {
                (
                    GamePlace {
                        round: r.number,
                        board: g.board,
                        game_no: g.game_no,
                    },
                    g,
                )
            })
        })
        .collect()
}

/// Whether an entry's federation id is now another. A venue's local id replaced by a national
/// one is the venue taking the id the federation gave its person (its pushes are answered so),
/// not another person: who the entry is, is the import's match of it, shown as every match.
fn other_id(was: &Who, now: &Who) -> bool {
    match (&was.federation_id, &now.federation_id) {
        (Some(before), Some(_)) if crate::domain::installation::is_local_id(before) => false,
        (before, after) => before != after,
    }
}

/// Whether a game's result stands on a record.
fn on_record(game: &ArchiveGame) -> bool {
    game.record.is_some()
}

/// What `after` changes in `before` (the same event, imported before), in the order of the
/// archive: entries, then games by place, then rounds.
#[must_use]
pub fn changes(before: &Archive, after: &Archive) -> Vec<ArchiveChange> {
    let mut out = Vec::new();
    let (old, new) = (entries(before), entries(after));
    let by_id = |list: &HashMap<i32, (i32, Who)>| -> HashMap<i32, Who> {
        list.values().map(|(id, who)| (*id, who.clone())).collect()
    };
    let (old_ids, new_ids) = (by_id(&old), by_id(&new));
    let mut ids: Vec<&i32> = old_ids.keys().collect();
    ids.sort();
    for id in ids {
        let was = &old_ids[id];
        match new_ids.get(id) {
            None => out.push(ArchiveChange::EntryGone {
                entry: *id,
                before: was.clone(),
            }),
            Some(now) if now.name.trim() != was.name.trim() || other_id(was, now) => {
                out.push(ArchiveChange::EntryChanged {
                    entry: *id,
                    before: was.clone(),
                    after: now.clone(),
                });
            }
            Some(_) => {}
        }
    }
    fn seat(list: &HashMap<i32, (i32, Who)>, n: Option<i32>) -> Option<&(i32, Who)> {
        n.and_then(|n| list.get(&n))
    }
    let (old_games, new_games) = (games(before), games(after));
    let mut places: Vec<&GamePlace> = old_games.keys().collect();
    places.sort();
    for place in places {
        let was = old_games[place];
        let Some(now) = new_games.get(place) else {
            out.push(ArchiveChange::GameGone {
                round: place.round,
                board: place.board,
                game_no: place.game_no,
            });
            continue;
        };
        let ids = |list: &HashMap<i32, (i32, Who)>, g: &ArchiveGame| {
            [seat(list, g.first), seat(list, g.second)].map(|e| e.map(|(id, _)| *id))
        };
        if ids(&old, was) != ids(&new, now) {
            let names = |list: &HashMap<i32, (i32, Who)>, g: &ArchiveGame| {
                [seat(list, g.first), seat(list, g.second)]
                    .map(|e| e.map(|(_, who)| who.name.clone()))
            };
            out.push(ArchiveChange::GamePlayers {
                round: place.round,
                board: place.board,
                game_no: place.game_no,
                before: names(&old, was),
                after: names(&new, now),
            });
        }
        let final_result = |g: &ArchiveGame| g.result.filter(|_| g.status == GameStatus::Final);
        if let Some(result) = final_result(was) {
            let lost_record = on_record(was) && !on_record(now);
            if final_result(now) != Some(result) || lost_record {
                out.push(ArchiveChange::ResultChanged {
                    round: place.round,
                    board: place.board,
                    game_no: place.game_no,
                    before: Some(result),
                    after: final_result(now),
                    decision: !on_record(now),
                });
            }
        }
    }
    let new_rounds: Vec<i32> = after.rounds.iter().map(|r| r.number).collect();
    for round in &before.rounds {
        if !new_rounds.contains(&round.number) {
            out.push(ArchiveChange::RoundGone {
                round: round.number,
            });
        }
    }
    out
}

/// The archive's final results that stand on no record, by place.
#[must_use]
pub fn decisions(archive: &Archive) -> Vec<Decision> {
    let names = entries(archive);
    let name = |n: Option<i32>| n.and_then(|n| names.get(&n)).map(|(_, w)| w.name.clone());
    let mut out: Vec<Decision> = archive
        .rounds
        .iter()
        .flat_map(|r| r.games.iter().map(move |g| (r.number, g)))
        .filter(|(_, g)| g.status == GameStatus::Final && g.second.is_some() && !on_record(g))
        .filter_map(|(round, g)| {
            Some(Decision {
                round,
                board: g.board,
                game_no: g.game_no,
                result: g.result?,
                first: name(g.first),
                second: name(g.second),
            })
        })
        .collect();
    out.sort_by_key(|d| (d.round, d.board, d.game_no));
    out
}
