//! Writing a TRF-2026 file (with the `XXR`/`XXC` lines older readers use). Lines end in LF.

use std::fmt::Write as _;

use chrono::NaiveDate;

use super::{TrfKnockout, TrfSex, format_points};
use crate::tournament::history::{
    Colour, GameScore, Outcome, PlayerHistory, PointSystem, RoundEntry,
};

/// What to write for a tournament.
pub struct TrfExport<'a> {
    pub name: &'a str,
    pub city: &'a str,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub total_rounds: usize,
    pub initial_colour: Colour,
    /// The type of tournament (`092`).
    pub kind: &'a str,
    /// FIDE tie-break codes (`202`).
    pub tiebreaks: &'a [String],
    pub players: &'a [TrfExportPlayer<'a>],
    pub points: PointSystem,
    /// Byes already entered for the round after the last one written: (player, bye).
    pub next_round_byes: &'a [(usize, Outcome)],
    /// The knockout stage, written as `XKS`/`XKP`/`XKG` lines after the players.
    pub knockout: Option<&'a TrfKnockout>,
    /// Notes for the reader (a corrected result and why), written last as `###` comment lines,
    /// which programs reading TRF skip; control characters become spaces.
    pub comments: &'a [String],
}

/// One player's line.
pub struct TrfExportPlayer<'a> {
    pub history: &'a PlayerHistory,
    pub sex: Option<TrfSex>,
    pub title: &'a str,
    pub federation: &'a str,
    pub fide_id: &'a str,
    /// The federation's registry id, written on an `XKF` line after the players (empty: none).
    pub federation_id: &'a str,
    pub birth_year: Option<i32>,
    /// Round fields written: a withdrawn player's line ends at the withdrawal, as TRF has it.
    pub rounds_written: usize,
    /// Final rank (1-based).
    pub rank: usize,
}

/// Writes the file.
#[must_use]
pub fn write(export: &TrfExport<'_>) -> String {
    let mut out = String::new();
    write_header(&mut out, export);
    write_players(&mut out, export);
    write_federation_ids(&mut out, export.players);
    if let Some(k) = export.knockout {
        write_knockout(&mut out, k);
    }
    for comment in export.comments {
        let clean: String = comment
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let _ = writeln!(out, "### {}", clean.trim_end());
    }
    out
}

/// The lines before the players: the event, its rounds, first colour, points and tie-breaks.
fn write_header(out: &mut String, export: &TrfExport<'_>) {
    let _ = writeln!(out, "012 {}", export.name);
    for (code, value) in [("022", export.city), ("092", export.kind)] {
        if !value.is_empty() {
            let _ = writeln!(out, "{code} {value}");
        }
    }
    for (code, date) in [("042", export.start_date), ("052", export.end_date)] {
        if let Some(date) = date {
            let _ = writeln!(out, "{code} {}", date.format("%Y/%m/%d"));
        }
    }
    let _ = writeln!(out, "062 {}", export.players.len());
    let _ = writeln!(out, "142 {}", export.total_rounds);
    let colour = match export.initial_colour {
        Colour::White => "W",
        Colour::Black => "B",
    };
    let _ = writeln!(out, "152 {colour}");
    if export.points != PointSystem::default() {
        let p = export.points;
        // Code in column 6, points in 7–10, the next code nine columns on.
        let _ = writeln!(
            out,
            "162  {}",
            [
                ('W', p.win),
                ('D', p.draw),
                ('L', p.loss),
                ('A', p.zero_bye),
                ('P', p.pab)
            ]
            .iter()
            .map(|(code, points)| format!("{code}{:>4}", format_points(*points)))
            .collect::<Vec<_>>()
            .join("    ")
        );
    }
    if !export.tiebreaks.is_empty() {
        let _ = writeln!(out, "202 {}", export.tiebreaks.join(","));
    }
    let _ = writeln!(out, "XXR {}", export.total_rounds);
    let _ = writeln!(
        out,
        "XXC {}",
        match export.initial_colour {
            Colour::White => "white1",
            Colour::Black => "black1",
        }
    );
}

/// The player lines (`001`), with the byes entered ahead on the lines that reach the last
/// round written.
fn write_players(out: &mut String, export: &TrfExport<'_>) {
    let written = export
        .players
        .iter()
        .map(|p| p.rounds_written)
        .max()
        .unwrap_or(0);
    for (i, player) in export.players.iter().enumerate() {
        let mut line = player_columns(i, player, &export.points);
        for entry in player.history.rounds.iter().take(player.rounds_written) {
            line.push_str("  ");
            line.push_str(&round_field(entry));
        }
        if player.rounds_written == written
            && let Some((_, bye)) = export.next_round_byes.iter().find(|(p, _)| *p == i)
        {
            line.push_str("  ");
            line.push_str(&round_field(&RoundEntry {
                opponent: None,
                colour: None,
                outcome: *bye,
            }));
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// Player `i`'s line up to its rounds: number, sex, title, name, rating, federation, FIDE id,
/// birth, points and rank, each in its columns.
fn player_columns(i: usize, player: &TrfExportPlayer<'_>, points_system: &PointSystem) -> String {
    let history = player.history;
    let name: String = history.name.chars().take(33).collect();
    let points = history.score_after(player.rounds_written, points_system);
    let rating = if history.rating > 0 {
        history.rating.min(9999).to_string()
    } else {
        String::new()
    };
    let sex = match player.sex {
        Some(TrfSex::Male) => 'm',
        Some(TrfSex::Female) => 'w',
        None => ' ',
    };
    let birth = player
        .birth_year
        .map(|y| format!("{y:04}/00/00"))
        .unwrap_or_default();
    format!(
        "001 {:>4} {sex}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        i + 1,
        fit(player.title, 3),
        name,
        rating,
        fit(player.federation, 3),
        fit(player.fide_id, 11),
        birth,
        format_points(points),
        player.rank
    )
}

/// The `XKF` lines: each player's federation id, which TRF has no column for.
fn write_federation_ids(out: &mut String, players: &[TrfExportPlayer<'_>]) {
    for (i, player) in players.iter().enumerate() {
        // Only an id that reads back as one (letters, digits, `-`) is written: the line can
        // never carry anything else into another program.
        let id = player.federation_id;
        if !id.is_empty()
            && id.len() <= 30
            && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            let _ = writeln!(out, "XKF {:>4} {id}", i + 1);
        }
    }
}

/// The knockout stage: its settings (`XKS`), seeds (`XKP`) and games (`XKG`).
fn write_knockout(out: &mut String, k: &TrfKnockout) {
    let _ = writeln!(
        out,
        "XKS {} {} {} {} {}",
        k.size,
        u8::from(k.third_place),
        u8::from(k.grand_final_reset),
        k.games_per_match,
        k.swiss_rounds
    );
    for (player, seed) in &k.seeds {
        let _ = writeln!(out, "XKP {:>4} {seed:>4}", player + 1);
    }
    for g in &k.games {
        let column = g
            .column
            .map_or_else(|| "-".to_string(), |c| (c + 1).to_string());
        let _ = writeln!(
            out,
            "XKG {column:>3} {:>3} {} {} {:>4} {:>4}",
            g.round,
            g.code,
            g.game_no,
            g.first + 1,
            g.second + 1
        );
    }
}

/// At most `width` characters, so a long value cannot push the next columns out of place.
fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

fn round_field(entry: &RoundEntry) -> String {
    let opponent = entry
        .opponent
        .map_or_else(|| "0000".to_string(), |o| format!("{:>4}", o + 1));
    let colour = match entry.colour {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    let result = match entry.outcome {
        Outcome::Played(GameScore::Win) => '1',
        Outcome::Played(GameScore::Draw) => '=',
        Outcome::Played(GameScore::Loss) => '0',
        Outcome::ForfeitWin => '+',
        Outcome::ForfeitLoss => '-',
        Outcome::Pab => 'U',
        Outcome::HalfBye => 'H',
        Outcome::FullBye => 'F',
        Outcome::ZeroBye => 'Z',
    };
    format!("{opponent} {colour} {result}")
}
