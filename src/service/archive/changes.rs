//! What a later archive of an event changes in the one imported before: an entry that is now
//! another person (a name or a federation id), an entry gone, a game now between other
//! players, a result that is no longer what it was (or now stands on a decision without a
//! record), a round gone. Entries are compared by their id at the venue, games by their place,
//! so a swap of two players or a result rewritten cannot pass as the event moving on. New
//! entries, rounds, games and results are the event moving on and change nothing that was
//! there, and so is a draft round paired again. Also what an archive's results stand on: the
//! games decided without a record.

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

/// Every game of a published round, by place (a draft round is the venue's to pair again).
fn games(archive: &Archive) -> HashMap<GamePlace, &ArchiveGame> {
    archive
        .rounds
        .iter()
        .filter(|r| r.published)
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
    for round in before.rounds.iter().filter(|r| r.published) {
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

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{ArchiveChange, changes, decisions};
    use crate::service::archive::format::Archive;

    /// An event of four entries with a published round of two games (the first decided on
    /// the board with a record) and a draft round.
    fn event() -> Value {
        let player = |id: i32, number: i32, name: &str| {
            json!({"id": id, "number": number, "name": name, "rating": 1500,
                   "federation_id": format!("L-7QK2MD-{id}"), "status": "active",
                   "joined_round": 1, "missed_points": "zero",
                   "entered_at": "2026-12-01T09:00:00Z"})
        };
        let game = |board: i32, first: i32, second: i32, result: Option<&str>, record: bool| {
            json!({"board": board, "first": first, "second": second,
                   "status": if result.is_some() { "final" } else { "scheduled" },
                   "result": result, "record": record.then_some("1. j2 *"),
                   "updated_at": "2026-12-01T10:00:00Z"})
        };
        json!({"format": "kiela-event-archive", "version": 2,
        "exported_at": "2026-12-01T12:00:00Z",
        "installation": {"id": "7QK2MD", "name": "Malanje", "role": "venue"},
        "event": {"id": 3, "slug": "q", "name": "Q", "state": "running",
                  "settings": {"name": "Q"}},
        "players": [player(11, 1, "Ana"), player(12, 2, "Bento"), player(13, 3, "Carla"),
                    player(14, 4, "Dino")],
        "rounds": [
            {"number": 1, "stage": "swiss", "published": true,
             "created_at": "2026-12-01T09:30:00Z",
             "games": [game(1, 1, 3, Some("1-0"), true), game(2, 2, 4, None, false)]},
            {"number": 2, "stage": "swiss", "published": false,
             "created_at": "2026-12-01T11:00:00Z",
             "games": [game(1, 1, 2, None, false)]},
        ]})
    }

    fn archive(value: &Value) -> Archive {
        serde_json::from_value(value.clone()).unwrap()
    }

    #[test]
    fn the_event_moving_on_changes_nothing_that_was_there() {
        let before = event();
        let mut after = event();
        // A result on board 2, a new entry, the draft round paired again, pairing numbers
        // moved, a local id replaced by the national one.
        after["rounds"][0]["games"][1]["status"] = json!("final");
        after["rounds"][0]["games"][1]["result"] = json!("0-1");
        after["rounds"][0]["games"][1]["record"] = json!("1. j2 *");
        after["rounds"][1]["games"][0]["second"] = json!(4);
        after["players"][0]["federation_id"] = json!("K0000001");
        let mut late = after["players"][3].clone();
        late["id"] = json!(15);
        late["number"] = json!(5);
        after["players"].as_array_mut().unwrap().push(late);
        assert_eq!(changes(&archive(&before), &archive(&after)), vec![]);
    }

    #[test]
    fn a_swap_a_new_identity_and_a_result_rewritten_as_a_decision_are_changes() {
        let mut before = event();
        before["players"][2]["federation_id"] = json!("K0000013");
        let mut after = before.clone();
        let game = &mut after["rounds"][0]["games"][0];
        game["first"] = json!(3);
        game["second"] = json!(1);
        after["players"][1]["name"] = json!("Outro");
        after["players"][2]["federation_id"] = json!("K0000099");
        let mut decided = before.clone();
        decided["rounds"][0]["games"][0]["record"] = Value::Null;
        let found = changes(&archive(&before), &archive(&after));
        assert!(
            matches!(found[0], ArchiveChange::EntryChanged { entry: 12, .. }),
            "{found:?}"
        );
        assert!(
            matches!(found[1], ArchiveChange::EntryChanged { entry: 13, .. }),
            "{found:?}"
        );
        assert!(
            matches!(&found[2], ArchiveChange::GamePlayers { round: 1, board: 1, after, .. }
                if after[0].as_deref() == Some("Carla")),
            "{found:?}"
        );
        assert_eq!(found.len(), 3, "{found:?}");
        let rewritten = changes(&archive(&before), &archive(&decided));
        assert!(
            matches!(
                rewritten[..],
                [ArchiveChange::ResultChanged { decision: true, .. }]
            ),
            "{rewritten:?}"
        );
        assert_eq!(decisions(&archive(&decided)).len(), 1);
        assert_eq!(decisions(&archive(&before)).len(), 0);
        // An entry, a published game and the published round gone.
        let mut gone = before.clone();
        gone["players"].as_array_mut().unwrap().pop();
        gone["rounds"].as_array_mut().unwrap().remove(0);
        let found = changes(&archive(&before), &archive(&gone));
        assert!(matches!(
            found[0],
            ArchiveChange::EntryGone { entry: 14, .. }
        ));
        assert_eq!(
            found
                .iter()
                .filter(|c| matches!(c, ArchiveChange::GameGone { .. }))
                .count(),
            2
        );
        assert!(matches!(
            found.last(),
            Some(ArchiveChange::RoundGone { round: 1 })
        ));
    }
}
