//! `kiela standings [--tiebreaks LIST] [--json] FILE.trf`: the standings of any TRF file with
//! FIDE tie-breaks, computed as FIDE's tie-break program does, so an arbiter can check the
//! standings another program published.
//!
//! The tie-breaks are the list given, else the file's own (`202`), else the Swiss default.
//! `--json` writes the tie-break program's layout: `rounds`, `tiebreaks` (with `PTS` first),
//! `rows` (`id`, `name`, `values`, `rank`) and `rank_order`.

use std::io::Write;

use super::trf_file::{self, BAD_INPUT};
use crate::domain::Format;
use crate::tournament::history::PlayerHistory;
use crate::tournament::standings::{self, StandingsInput, Tiebreak};
use crate::tournament::trf::format_points;

/// Writes the standings; returns the exit status (0, or 2 for bad input).
pub fn run(
    path: &str,
    tiebreaks: Option<&str>,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let tournament = match trf_file::load("standings", path, err) {
        Ok(t) => t,
        Err(status) => return status,
    };
    let tiebreaks = match tiebreaks_of(tiebreaks, &tournament.tiebreaks) {
        Ok(list) => list,
        Err(message) => {
            let _ = writeln!(err, "kiela standings: {message}");
            return BAD_INPUT;
        }
    };
    let players: Vec<PlayerHistory> = tournament
        .players
        .iter()
        .map(|p| p.history.clone())
        .collect();
    let rounds = tournament.rounds_written();
    let table = standings::compute(&StandingsInput {
        players: &players,
        rounds,
        points: tournament.points,
        tiebreaks: &tiebreaks,
    });
    let text = if json {
        as_json(&table, &players, &tiebreaks, rounds)
    } else {
        as_text(&table, &players, &tiebreaks)
    };
    match out.write_all(text.as_bytes()) {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "kiela standings: cannot write: {e}");
            BAD_INPUT
        }
    }
}

/// The tie-breaks asked for (`PTS` is always first, so it is left out), else the file's own,
/// else the Swiss default; an unknown code is refused with the known ones named.
fn tiebreaks_of(asked: Option<&str>, in_file: &[String]) -> Result<Vec<Tiebreak>, String> {
    let codes: Vec<String> = match asked {
        Some(list) => list
            .split([',', ' '])
            .map(str::trim)
            .filter(|c| !c.is_empty() && !c.eq_ignore_ascii_case("PTS"))
            .map(str::to_string)
            .collect(),
        None => in_file.to_vec(),
    };
    if codes.is_empty() {
        return Ok(Format::Swiss.default_tiebreaks());
    }
    codes
        .iter()
        .map(|c| c.parse())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            let known: Vec<&str> = Tiebreak::ALL.iter().map(|t| t.code()).collect();
            format!("{e}; the known codes are {}", known.join(", "))
        })
}

/// FIDE's tie-break program's JSON layout.
fn as_json(
    table: &standings::Standings,
    players: &[PlayerHistory],
    tiebreaks: &[Tiebreak],
    rounds: usize,
) -> String {
    let mut codes = vec!["PTS".to_string()];
    codes.extend(tiebreaks.iter().map(|t| t.code().replace('-', "/")));
    let mut rows: Vec<serde_json::Value> = table
        .rows
        .iter()
        .map(|row| {
            let mut values = vec![row.points];
            values.extend(&row.values);
            serde_json::json!({
                "id": row.player + 1,
                "name": players[row.player].name,
                "values": values,
                "rank": row.rank,
            })
        })
        .collect();
    let rank_order: Vec<usize> = table.rows.iter().map(|r| r.player + 1).collect();
    rows.sort_by_key(|r| r["id"].as_u64());
    format!(
        "{}\n",
        serde_json::json!({
            "rounds": rounds,
            "tiebreaks": codes,
            "rows": rows,
            "rank_order": rank_order,
        })
    )
}

/// A table to read in a terminal: rank, number, name, points and each tie-break.
fn as_text(
    table: &standings::Standings,
    players: &[PlayerHistory],
    tiebreaks: &[Tiebreak],
) -> String {
    let mut text = format!("{:>4} {:>4}  {:<33} {:>5}", "Rank", "No", "Name", "PTS");
    for t in tiebreaks {
        text.push_str(&format!(" {:>7}", t.code().replace('-', "/")));
    }
    text.push('\n');
    for row in &table.rows {
        let name: String = players[row.player].name.chars().take(33).collect();
        text.push_str(&format!(
            "{:>4} {:>4}  {:<33} {:>5}",
            row.rank,
            row.player + 1,
            name,
            format_points((row.points * 10.0).round() as u32)
        ));
        for value in &row.values {
            text.push_str(&format!(" {:>7}", number(*value)));
        }
        text.push('\n');
    }
    text
}

/// A tie-break value as FIDE's program prints it: whole numbers without decimals, others
/// with as many as they need (at most two).
fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}
