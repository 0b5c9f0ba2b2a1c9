//! Exports: TRF-2026, standings CSV, all games as KGN.

use std::sync::Arc;

use super::access::Access;
use super::csv::{Csv, CsvStyle};
use super::event_data::EventData;
use super::memo::MemoKey;
use super::{App, ServiceError, standings};
use crate::domain::{Format, PlayerId, PlayerStatus, Sex, Stage, StoredResult};
use crate::tournament::history::{Colour, Outcome, PlayerHistory, RoundEntry};
use crate::tournament::knockout::StageName;
use crate::tournament::trf::{
    self, TrfExport, TrfExportPlayer, TrfKnockout, TrfKnockoutGame, TrfSex,
};

/// An export, made once per version of the event (a crowd downloading the TRF at the end of a
/// round costs one computation), without holding a connection while it is written.
pub(crate) fn once(
    app: &App,
    access: &Access,
    what: &str,
    make: impl FnOnce(&EventData) -> String,
) -> Result<Arc<String>, ServiceError> {
    let key = MemoKey::event(&access.event, access.event.version, what.to_string());
    app.memo.exports.get_or_try(&key, || {
        let data = {
            let mut conn = app.conn()?;
            EventData::load(&mut conn, access.event.clone())?.without_drafts()
        };
        Ok(Arc::new(make(&data)))
    })
}

/// The event so far as a TRF-2026 file; the player who moves first is "white".
pub(crate) fn trf_export(app: &App, access: &Access) -> Result<Arc<String>, ServiceError> {
    once(app, access, "trf", trf_text)
}

pub(crate) fn trf_text(data: &EventData) -> String {
    let rounds = data.scored_rounds().len();
    let mut histories = data.histories(rounds);
    let (knockout, knockout_games) = add_knockout_columns(data, &mut histories);
    let columns = rounds + knockout;
    // The ranks of the standings, or of the final ranking once the event is finished.
    let table = standings::ranked(data);
    let index = data.index();
    let mut ranks = vec![0; histories.len()];
    for row in &table.rows {
        if let Some(rank) = index.get(&row.player_id).and_then(|&i| ranks.get_mut(i)) {
            *rank = row.rank;
        }
    }
    let players: Vec<TrfExportPlayer<'_>> = data
        .players
        .iter()
        .zip(&histories)
        .zip(&ranks)
        .map(|((p, history), &rank)| TrfExportPlayer {
            history,
            sex: p.sex.map(|s| match s {
                Sex::Male => TrfSex::Male,
                Sex::Female => TrfSex::Female,
            }),
            title: p.fide.fide_title.as_deref().unwrap_or(""),
            federation: p.fide.fide_federation.as_deref().unwrap_or(""),
            fide_id: p.fide.fide_id.as_deref().unwrap_or(""),
            federation_id: p.federation_id.as_deref().unwrap_or(""),
            birth_year: p.birth_year,
            // A withdrawn player's line ends with the last round played, as TRF has it.
            rounds_written: match (p.status, p.withdrawn_after) {
                (PlayerStatus::Withdrawn, Some(after)) if knockout == 0 => {
                    usize::try_from(after).unwrap_or(0).min(columns)
                }
                _ => columns,
            },
            rank,
        })
        .collect();
    // Byes already entered for the next Swiss round.
    let next_round_byes: Vec<(usize, Outcome)> = if knockout == 0 {
        data.byes
            .iter()
            .filter(|b| usize::try_from(b.round).is_ok_and(|r| r == rounds + 1))
            .filter_map(|b| index.get(&b.player_id).map(|&i| (i, b.kind.outcome())))
            .collect()
    } else {
        Vec::new()
    };
    let tiebreaks: Vec<String> = data
        .event
        .tiebreaks
        .iter()
        .map(|t| t.code().replace('-', "/"))
        .collect();
    let knockout_stage = data.event.format.has_knockout().then(|| TrfKnockout {
        size: usize::try_from(data.event.knockout_size).unwrap_or(0),
        third_place: data.event.third_place,
        grand_final_reset: data.event.grand_final_reset,
        games_per_match: usize::try_from(data.event.games_per_match.max(1)).unwrap_or(1),
        swiss_rounds: if data.event.format == Format::SwissThenKnockout {
            usize::try_from(data.event.rounds).unwrap_or(0)
        } else {
            0
        },
        seeds: data
            .players
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.seed.and_then(|s| usize::try_from(s).ok()).map(|s| (i, s)))
            .collect(),
        games: knockout_games,
    });
    trf::write(&TrfExport {
        name: &data.event.name,
        city: &data.event.location,
        start_date: data.event.starts_on,
        end_date: data.event.ends_on,
        total_rounds: (super::round_plan::planned_rounds(data) as usize).max(rounds)
            - knockout_rounds(data)
            + knockout,
        initial_colour: data.event.initial_colour,
        kind: trf_kind(data.event.format),
        tiebreaks: &tiebreaks,
        players: &players,
        points: data.event.points,
        next_round_byes: &next_round_byes,
        knockout: knockout_stage.as_ref(),
        comments: &correction_notes(data),
    })
}

/// A note for each corrected result: the game, what it was, what it is and why (a TRF holds
/// only the result that stands).
fn correction_notes(data: &EventData) -> Vec<String> {
    let index = data.index();
    let number = |id: Option<PlayerId>| id.and_then(|id| index.get(&id)).map_or(0, |&i| i + 1);
    data.rounds
        .iter()
        .filter(|r| r.is_published())
        .flat_map(|round| {
            data.games_of_round(round.id)
                .into_iter()
                .map(move |g| (round.number, g))
        })
        .filter_map(|(round, game)| {
            let (from, to) = (game.corrected_from?, game.final_result()?);
            Some(format!(
                "correction: round {round}, board {} ({} - {}): {from} corrected to {to}: {}",
                game.board,
                number(game.first_id),
                number(game.second_id),
                game.correction_reason.as_deref().unwrap_or_default()
            ))
        })
        .collect()
}

/// The type of tournament as the TRF's `092` line gives it, for each format.
pub(crate) const TRF_KINDS: &[(Format, &str)] = &[
    (Format::Swiss, "Individual: Swiss-System"),
    (Format::RoundRobin, "Individual: Round-Robin"),
    (Format::DoubleRoundRobin, "Individual: Double Round-Robin"),
    (Format::SingleElimination, "Individual: Knockout"),
    (Format::DoubleElimination, "Individual: Double Elimination"),
    (
        Format::SwissThenKnockout,
        "Individual: Swiss-System then Knockout",
    ),
];

fn trf_kind(format: Format) -> &'static str {
    TRF_KINDS
        .iter()
        .find(|(f, _)| *f == format)
        .map_or("", |(_, kind)| kind)
}

/// The knockout's games as more round columns of the TRF (FIDE's format has room for them): one
/// column per game of each published knockout round, in order (the games of a match, then its
/// deciders); a player not on a board of that game is unpaired (`Z`). Returns the columns added
/// and every game with its bracket match, for the `XKG` lines.
fn add_knockout_columns(
    data: &EventData,
    histories: &mut [PlayerHistory],
) -> (usize, Vec<TrfKnockoutGame>) {
    let index = data.index();
    let mut added = 0;
    let mut listed = Vec::new();
    for round in data
        .rounds
        .iter()
        .filter(|r| r.stage == Stage::Knockout && r.is_published())
    {
        let games = data.games_of_round(round.id);
        let columns = games.iter().map(|g| g.game_no).max().unwrap_or(0).max(0) as usize;
        for game_no in 1..=columns {
            for h in histories.iter_mut() {
                h.rounds.push(RoundEntry::absent());
            }
            let column = histories.first().map_or(0, |h| h.rounds.len() - 1);
            for game in games.iter().filter(|g| g.game_no as usize == game_no) {
                let first = game.first_id.and_then(|id| index.get(&id).copied());
                let second = game.second_id.and_then(|id| index.get(&id).copied());
                if let (Some(first), Some(second), Some(code)) =
                    (first, second, game.bracket_code.as_deref())
                {
                    listed.push(TrfKnockoutGame {
                        column: game.final_result().map(|_| column),
                        round: usize::try_from(round.number).unwrap_or(0),
                        code: code.to_string(),
                        game_no,
                        first,
                        second,
                    });
                }
                let (Some(first), Some(second), Some(result)) =
                    (first, second, game.final_result())
                else {
                    continue;
                };
                let (a, b) = result.outcomes();
                histories[first].rounds[column] = RoundEntry {
                    opponent: Some(second),
                    colour: Some(Colour::White),
                    outcome: a,
                };
                histories[second].rounds[column] = RoundEntry {
                    opponent: Some(first),
                    colour: Some(Colour::Black),
                    outcome: b,
                };
            }
            added += 1;
        }
    }
    (added, listed)
}

/// The knockout rounds the event plans (replaced in the TRF by a column per game played).
fn knockout_rounds(data: &EventData) -> usize {
    let planned = super::round_plan::planned_rounds(data) as usize;
    let swiss = match data.event.format {
        crate::domain::Format::SwissThenKnockout => data.event.rounds as usize,
        f if f.has_knockout() => 0,
        _ => planned,
    };
    planned.saturating_sub(swiss)
}

/// The standings CSV's first columns, by their fixed keys (the API's header).
pub const CSV_KEYS: [&str; 6] = ["rank", "number", "name", "rating", "club", "points"];

/// The columns of an event with a knockout, after `club`, by their fixed keys: the last place
/// of a shared band, the stage of the player's last match, whether they won it, and their
/// knockout games won, drawn and lost.
pub const CSV_KNOCKOUT_KEYS: [&str; 6] =
    ["place_to", "stage", "last_match", "won", "drawn", "lost"];

/// The points column's key where they are the Swiss stage's (a Swiss then a knockout).
pub const CSV_SWISS_POINTS_KEY: &str = "swiss_points";

/// How a standings CSV is headed and says a knockout stage: the fixed keys and codes (the
/// API's file), or the words of the reader's language.
pub struct StandingsCsvWords {
    pub columns: [String; 6],
    pub knockout: [String; 6],
    pub swiss_points: String,
    /// A stage as the reader names it, and "won" / "lost"; `None`: the codes.
    pub stages: Option<Box<dyn Fn(StageName) -> String + Send + Sync>>,
    pub won_lost: [String; 2],
}

impl StandingsCsvWords {
    /// The fixed keys and codes.
    #[must_use]
    pub fn plain() -> StandingsCsvWords {
        StandingsCsvWords {
            columns: CSV_KEYS.map(str::to_string),
            knockout: CSV_KNOCKOUT_KEYS.map(str::to_string),
            swiss_points: CSV_SWISS_POINTS_KEY.to_string(),
            stages: None,
            won_lost: ["won".to_string(), "lost".to_string()],
        }
    }

    fn stage(&self, stage: StageName) -> String {
        match &self.stages {
            Some(words) => words(stage),
            None => stage_code(stage),
        }
    }
}

/// A stage as the plain CSV writes it: `final`, `semi_final`, `round_of_16`, `losers_round_3`.
fn stage_code(stage: StageName) -> String {
    match stage {
        StageName::Final => "final".into(),
        StageName::SemiFinal => "semi_final".into(),
        StageName::QuarterFinal => "quarter_final".into(),
        StageName::RoundOf(n) => format!("round_of_{n}"),
        StageName::WinnersFinal => "winners_final".into(),
        StageName::WinnersSemiFinal => "winners_semi_final".into(),
        StageName::WinnersQuarterFinal => "winners_quarter_final".into(),
        StageName::WinnersRound(n) => format!("winners_round_{n}"),
        StageName::LosersRound(n) => format!("losers_round_{n}"),
        StageName::LosersFinal => "losers_final".into(),
        StageName::GrandFinal => "grand_final".into(),
        StageName::GrandFinalReset => "grand_final_reset".into(),
        StageName::ThirdPlace => "third_place".into(),
    }
}

/// The standings as CSV: rank, number, name, rating (blank when unrated, as on the pages),
/// club, for an event with a knockout what the knockout gave each player (`CSV_KNOCKOUT_KEYS`),
/// points (the Swiss stage's, so headed, before a knockout), then the tie-breaks by their
/// codes; headed by `words`, the fixed keys or their names in the reader's language.
pub(crate) fn standings_csv(
    app: &App,
    access: &Access,
    words: &StandingsCsvWords,
    style: CsvStyle,
) -> Result<Arc<String>, ServiceError> {
    let view = standings::get(app, access)?;
    let key = MemoKey::event(
        &access.event,
        view.version,
        format!(
            "csv:{}:{}:{}",
            style.key(),
            words.columns.join(","),
            words.knockout.join(",")
        ),
    );
    let format = access.event.format;
    app.memo.exports.get_or_try(&key, || {
        Ok::<_, ServiceError>(Arc::new(csv_text(&view, format, words, style)))
    })
}

fn csv_text(
    view: &standings::StandingsView,
    format: Format,
    words: &StandingsCsvWords,
    style: CsvStyle,
) -> String {
    let knockout = format.has_knockout();
    let mut csv = Csv::new(style);
    for h in &words.columns[..5] {
        csv.text(h);
    }
    if knockout {
        for h in &words.knockout {
            csv.text(h);
        }
    }
    csv.text(if format == Format::SwissThenKnockout {
        &words.swiss_points
    } else {
        &words.columns[5]
    });
    for t in &view.tiebreaks {
        csv.text(t.code());
    }
    csv.end_row();
    for row in &view.rows {
        csv.number(row.rank).number(row.number).text(&row.name);
        if row.rating > 0 {
            csv.number(row.rating);
        } else {
            csv.blank();
        }
        csv.text(&row.club);
        if knockout {
            csv.number(row.place_to.max(row.rank));
            match &row.knockout {
                Some(run) => {
                    match run.stage {
                        Some(stage) => csv.text(&words.stage(stage)),
                        None => csv.blank(),
                    };
                    csv.text(&words.won_lost[usize::from(!run.won_last)])
                        .number(run.won)
                        .number(run.drawn)
                        .number(run.lost);
                }
                None => {
                    for _ in 0..5 {
                        csv.blank();
                    }
                }
            }
        }
        csv.number(row.points);
        for v in &row.values {
            csv.number(v);
        }
        csv.end_row();
    }
    csv.finish()
}

/// Every game of the event decided so far in one KGN file: each final record, and each game
/// an arbiter decided without one (a forfeit, an adjudication) with its decision as a tag and
/// no moves. Empty when the event has no such game yet.
pub(crate) fn games_kgn(app: &App, access: &Access) -> Result<Arc<String>, ServiceError> {
    once(app, access, "kgn", kgn_text)
}

/// The day a round was played, as KGN writes dates (`2026.12.05`): when it was set to start,
/// else when its pairings were published; `????.??.??` when neither is known.
fn kgn_date(round: &crate::domain::Round) -> String {
    round.starts_at.or(round.published_at).map_or_else(
        || "????.??.??".to_string(),
        |at| at.format("%Y.%m.%d").to_string(),
    )
}

fn kgn_text(data: &EventData) -> String {
    let index = data.index();
    let name = |id: Option<PlayerId>| {
        id.and_then(|id| index.get(&id))
            .map(|&i| data.players[i].name.clone())
            .unwrap_or_default()
    };
    let mut out = String::new();
    for round in data.rounds.iter().filter(|r| r.is_published()) {
        for game in data.games_of_round(round.id) {
            let tags = |south: String, north: String, first: crate::rules::Side| {
                vec![
                    ("Event".to_string(), data.event.name.clone()),
                    ("Site".to_string(), data.event.location.clone()),
                    ("Date".to_string(), kgn_date(round)),
                    ("Round".to_string(), round.number.to_string()),
                    ("Board".to_string(), game.board.to_string()),
                    ("South".to_string(), south),
                    ("North".to_string(), north),
                    ("First".to_string(), first.letter().to_string()),
                    (
                        "Variant".to_string(),
                        data.event.variant.as_str().to_string(),
                    ),
                ]
            };
            let parsed = game
                .record
                .as_deref()
                .and_then(|r| crate::rules::parse_record(r).ok());
            let written = match parsed {
                Some(parsed) => {
                    let (first, second) = (name(game.first_id), name(game.second_id));
                    let (south, north) = match parsed.header.first {
                        crate::rules::Side::South => (first, second),
                        crate::rules::Side::North => (second, first),
                    };
                    let mut tags = tags(south, north, parsed.header.first);
                    if let Some(result) = parsed.claimed_result() {
                        tags.push(("Result".to_string(), result.to_string()));
                    }
                    if let Some(t) = parsed.header.termination {
                        tags.push(("Termination".to_string(), t.to_string()));
                    }
                    // The record keeps its own result (it still verifies); the result that
                    // stands after a correction is told apart.
                    if let Some(decided) = game.result.filter(|_| game.corrected_from.is_some()) {
                        tags.push(("Decision".to_string(), "correction".to_string()));
                        let south = |r: StoredResult| match parsed.header.first {
                            crate::rules::Side::South => r,
                            crate::rules::Side::North => r.swapped(),
                        };
                        tags.push(("DecidedResult".to_string(), south(decided).to_string()));
                        tags.extend(correction_tags(game, south));
                    }
                    let moves = parsed
                        .moves
                        .iter()
                        .filter_map(|m| m.parsed.clone().ok())
                        .collect();
                    crate::rules::Record::from_parts(tags, moves, parsed.claimed_result())
                }
                None => {
                    let Some((decision, result)) = decision_of(game) else {
                        continue;
                    };
                    // Without moves the player who moves first sits South, as on the board.
                    let mut tags = tags(
                        name(game.first_id),
                        name(game.second_id),
                        crate::rules::Side::South,
                    );
                    tags.push(("Result".to_string(), result.to_string()));
                    // The way the arbiter recorded it ended off the board, else adjudication.
                    let termination = game
                        .termination
                        .filter(|t| !t.is_on_board())
                        .unwrap_or(crate::rules::Termination::Adjudication);
                    tags.push(("Termination".to_string(), termination.to_string()));
                    tags.push(("Decision".to_string(), decision.to_string()));
                    tags.extend(correction_tags(game, |r| r));
                    crate::rules::Record::from_parts(tags, Vec::new(), Some(result))
                }
            };
            if let Ok(clean) = written {
                out.push_str(&clean.to_string());
                out.push('\n');
            }
        }
    }
    out
}

/// A corrected game's `CorrectedFrom` (the result before the correction, from South's side as
/// `south` turns it) and `CorrectionReason` tags; none for a game never corrected.
fn correction_tags(
    game: &crate::domain::Game,
    south: impl Fn(StoredResult) -> StoredResult,
) -> Vec<(String, String)> {
    let Some(from) = game.corrected_from else {
        return Vec::new();
    };
    vec![
        ("CorrectedFrom".to_string(), south(from).to_string()),
        (
            "CorrectionReason".to_string(),
            game.correction_reason.clone().unwrap_or_default(),
        ),
    ]
}

/// A final game decided by an arbiter without a record: the `Decision` tag (`forfeit`,
/// `double_forfeit`, `adjudication`) and the result it gives, from South's (the first
/// player's) side; a double forfeit has no winner (`*`). A bye is no game.
fn decision_of(game: &crate::domain::Game) -> Option<(&'static str, crate::rules::GameResult)> {
    use crate::domain::StoredResult as R;
    use crate::rules::GameResult as G;
    if game.status != crate::domain::GameStatus::Final || game.second_id.is_none() {
        return None;
    }
    Some(match game.result? {
        R::FirstWins => ("adjudication", G::SouthWins),
        R::SecondWins => ("adjudication", G::NorthWins),
        R::Draw => ("adjudication", G::Draw),
        R::FirstWinsByForfeit => ("forfeit", G::SouthWins),
        R::SecondWinsByForfeit => ("forfeit", G::NorthWins),
        R::DoubleForfeit => ("double_forfeit", G::Unfinished),
        R::Bye => return None,
    })
}
