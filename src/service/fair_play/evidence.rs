//! The evidence behind one player's screening, for the event's staff: each screened game ply
//! by ply (the plies that matched the engine's first choice, what each move cost, and, for
//! moves entered live, the time taken on it by the server's clock), the same person's other
//! events at this installation, and the decisions recorded.

use serde::Serialize;

use super::model::{ExpectationFrom, expectation_for};
use super::person::{EventLine, lines_of};
use super::ranking::{ScreenedPlayer, tallies};
use crate::db::fair_play_decisions as qd;
use crate::db::screenings::{self as qs, EntryGame};
use crate::db::{self, DbConnection, read_transaction};
use crate::domain::{FairPlayDecision, GameId, Player, PlayerId};
use crate::engine::screening::{self, LeftOut, ScreenedPly, Tally};
use crate::rules::parse_record;
use crate::service::access::{EventRef, load_access};
use crate::service::accounts::User;
use crate::service::{App, ServiceError};

/// One of the player's plies in a screened game.
#[derive(Clone, Debug, Serialize)]
pub struct PlyEvidence {
    pub ply: usize,
    /// The move played, as the record writes it.
    pub played: String,
    pub matched: bool,
    pub cost: f64,
    /// `None`: counted.
    pub left_out: Option<LeftOut>,
    /// Seconds since the opponent's move, when both were entered live.
    pub seconds: Option<f64>,
}

/// One screened game of the player.
#[derive(Clone, Debug, Serialize)]
pub struct GameEvidence {
    pub game_id: GameId,
    pub round: i32,
    pub board: i32,
    pub opponent: Option<String>,
    pub moved_first: bool,
    pub moves: u32,
    pub matched: u32,
    pub average_cost: f64,
    /// The player's plies, in order.
    pub plies: Vec<PlyEvidence>,
    /// The median time of the counted moves entered live, and its spread (standard deviation
    /// over mean): a player who takes the same time on every move has a small spread.
    pub median_seconds: Option<f64>,
    pub time_spread: Option<f64>,
}

/// A recorded decision.
#[derive(Clone, Debug, Serialize)]
pub struct DecisionShown {
    pub decision: FairPlayDecision,
    pub note: String,
    pub decided_by: Option<String>,
    #[serde(serialize_with = "crate::domain::utc::serialize")]
    pub decided_at: chrono::NaiveDateTime,
}

/// The evidence page of one player.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerEvidence {
    #[serde(flatten)]
    pub player: ScreenedPlayer,
    pub expectation: ExpectationFrom,
    pub threshold: f64,
    pub games: Vec<GameEvidence>,
    /// The same person's entries in other events here (by federation id, else by account).
    pub other_events: Vec<EventLine>,
    /// Oldest first; the last stands.
    pub decisions: Vec<DecisionShown>,
}

/// The evidence for the event's player `player`, for the event's staff (403 for anyone
/// else, 404 for a player of another event).
pub fn of_player(
    app: &App,
    viewer: Option<&User>,
    event: EventRef<'_>,
    player: PlayerId,
) -> Result<PlayerEvidence, ServiceError> {
    let mut conn = app.conn()?;
    read_transaction(&mut conn, |conn| {
        let access = load_access(conn, event, viewer)?;
        access.staff_reading()?;
        let entry = db::events::player_by_id(conn, player)?
            .filter(|p| p.event_id == access.event.id)
            .ok_or(ServiceError::NotFound)?;
        let (expectation, model) = expectation_for(app, conn, entry.event_id)?;
        let screened = qs::games_of_entry(conn, entry.id)?;
        let rows: Vec<_> = screened.iter().map(|g| g.screening.clone()).collect();
        let (games, tally) = tallies(&rows).get(&entry.id).copied().unwrap_or_default();
        let decisions: Vec<DecisionShown> = qd::of_entries(conn, &[entry.id])?
            .into_iter()
            .map(|d| DecisionShown {
                decision: d.decision,
                note: d.note,
                decided_by: d.decided_by,
                decided_at: d.decided_at,
            })
            .collect();
        let mut game_evidence = Vec::with_capacity(screened.len());
        for game in &screened {
            game_evidence.push(evidence_of(conn, &entry, game)?);
        }
        let others: Vec<Player> = same_person(conn, &entry)?;
        Ok(PlayerEvidence {
            player: ScreenedPlayer::judged(
                &entry,
                games,
                &tally,
                model.as_ref(),
                decisions.last().map(|d| d.decision),
            ),
            expectation,
            threshold: screening::THRESHOLD,
            games: game_evidence,
            other_events: lines_of(app, conn, &others)?,
            decisions,
        })
    })
}

/// The same person's entries in other events: by federation id, else by account.
fn same_person(conn: &mut DbConnection, entry: &Player) -> Result<Vec<Player>, ServiceError> {
    let all = if let Some(id) = &entry.federation_id {
        db::registry::entries_of(conn, id)?
    } else if let Some(user) = entry.user_id {
        db::events::entries_of_user(conn, user)?
    } else {
        Vec::new()
    };
    Ok(all
        .into_iter()
        .filter(|p| p.event_id != entry.event_id)
        .collect())
}

fn evidence_of(
    conn: &mut DbConnection,
    entry: &Player,
    game: &EntryGame,
) -> Result<GameEvidence, ServiceError> {
    let row = &game.screening;
    let moved_first = row.first_player == Some(entry.id);
    let opponent_id = if moved_first {
        row.second_player
    } else {
        row.first_player
    };
    let opponent = match opponent_id {
        Some(id) => db::events::player_by_id(conn, id)?.map(|p| p.name),
        None => None,
    };
    let plies: Vec<ScreenedPly> = serde_json::from_str(&game.plies).unwrap_or_default();
    let played: Vec<String> = game
        .record
        .as_deref()
        .and_then(|text| parse_record(text).ok())
        .map(|r| r.moves.iter().map(crate::rules::PlyToken::text).collect())
        .unwrap_or_default();
    let entered: std::collections::HashMap<i32, chrono::NaiveDateTime> =
        db::live::moves_of_game(conn, row.game_id)?
            .into_iter()
            .map(|m| (m.ply, m.played_at))
            .collect();
    // Seconds before ply k: from the move before it, when both were entered live.
    let seconds_before = |ply: usize| -> Option<f64> {
        let ply = i32::try_from(ply).ok()?;
        let millis = (*entered.get(&ply)? - *entered.get(&(ply - 1))?).num_milliseconds();
        Some(millis.max(0) as f64 / 1000.0)
    };
    // The first mover's side is the side of the first ply (as the screening stored it).
    let side = plies.first().map(|p| {
        if moved_first {
            p.side
        } else {
            p.side.opponent()
        }
    });
    let own: Vec<PlyEvidence> = plies
        .iter()
        .filter(|p| Some(p.side) == side)
        .map(|p| PlyEvidence {
            ply: p.ply,
            played: played
                .get(p.ply.wrapping_sub(1))
                .cloned()
                .unwrap_or_default(),
            matched: p.matched,
            cost: p.cost,
            left_out: p.left_out,
            seconds: seconds_before(p.ply),
        })
        .collect();
    let tally: Tally = side.map_or_else(Tally::default, |s| Tally::of_side(&plies, s));
    let (median_seconds, time_spread) = timing(&own);
    Ok(GameEvidence {
        game_id: row.game_id,
        round: game.round,
        board: game.board,
        opponent,
        moved_first,
        moves: tally.moves,
        matched: tally.matched,
        average_cost: tally.average_cost(),
        plies: own,
        median_seconds,
        time_spread,
    })
}

/// The median seconds of the counted, timed plies and their spread (standard deviation over
/// mean); `None` below five such plies.
fn timing(plies: &[PlyEvidence]) -> (Option<f64>, Option<f64>) {
    let mut times: Vec<f64> = plies
        .iter()
        .filter(|p| p.left_out.is_none())
        .filter_map(|p| p.seconds)
        .collect();
    if times.len() < 5 {
        return (None, None);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let n = times.len() as f64;
    let mean = times.iter().sum::<f64>() / n;
    let variance = times.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / n;
    let spread = (mean > 0.0).then(|| variance.sqrt() / mean);
    (Some(median), spread)
}
