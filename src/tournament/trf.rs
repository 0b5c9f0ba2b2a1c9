//! FIDE Tournament Report Files (TRF-16 / TRF-2026, with the usual TRF(x) lines): reading
//! into a [`TrfTournament`] and writing one back.
//!
//! Columns follow the specification (1-based, inclusive): pairing number 5–8, name 15–47,
//! rating 49–52, points 81–84, rank 86–89, and round k at 92+10(k−1) (opponent, colour,
//! result). Lines may end in LF, CR or CRLF. "White" is the player who moves first.

use std::fmt::Write as _;

use super::history::{Colour, GameScore, Outcome, PlayerHistory, PointSystem, RoundEntry};

/// A tournament read from a TRF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfTournament {
    pub name: String,
    pub city: String,
    pub start_date: String,
    pub end_date: String,
    /// Planned number of rounds (`142` or `XXR`); 0 when the file does not say.
    pub total_rounds: usize,
    /// Colour of the top-ranked player in round 1 (`152` or `XXC`), when given.
    pub initial_colour: Option<Colour>,
    /// Players in pairing-number order (index = number − 1).
    pub players: Vec<TrfPlayer>,
    pub points: PointSystem,
}

/// A player line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    pub history: PlayerHistory,
    /// Whether each round had an entry at all (a blank field means no entry).
    pub has_entry: Vec<bool>,
    pub federation: String,
    pub fide_id: String,
    /// Points as written (tenths), for checking.
    pub points_written: Option<u32>,
}

/// A line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TrfError {
    pub line: usize,
    pub message: String,
}

fn error(line: usize, message: impl Into<String>) -> TrfError {
    TrfError {
        line,
        message: message.into(),
    }
}

/// Characters `from..=to` (1-based, inclusive) of a line, or "" past its end.
fn columns(chars: &[char], from: usize, to: usize) -> String {
    let start = from.saturating_sub(1).min(chars.len());
    let end = to.min(chars.len());
    chars[start..end].iter().collect()
}

fn parse_points(text: &str, line: usize) -> Result<u32, TrfError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(0);
    }
    let (whole, tenth) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, "0"),
    };
    let whole: u32 = whole
        .parse()
        .map_err(|_| error(line, format!("`{text}` is not a score")))?;
    let tenth: u32 = match tenth.chars().next() {
        Some(c) => c
            .to_digit(10)
            .ok_or_else(|| error(line, format!("`{text}` is not a score")))?,
        None => 0,
    };
    Ok(whole * 10 + tenth)
}

/// Reads a TRF file.
pub fn parse(text: &str) -> Result<TrfTournament, TrfError> {
    let mut tournament = TrfTournament {
        name: String::new(),
        city: String::new(),
        start_date: String::new(),
        end_date: String::new(),
        total_rounds: 0,
        initial_colour: None,
        players: Vec::new(),
        points: PointSystem::default(),
    };
    let mut numbered: Vec<(usize, usize, TrfPlayer)> = Vec::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in text.split(['\n', '\r']).enumerate() {
        let line_no = index + 1;
        let chars: Vec<char> = raw.chars().collect();
        if chars.len() < 3 {
            continue;
        }
        let code: String = chars[..3].iter().collect();
        let rest = if chars.len() > 4 {
            chars[4..].iter().collect::<String>()
        } else {
            String::new()
        };
        match code.as_str() {
            "012" => tournament.name = rest.trim().to_string(),
            "022" => tournament.city = rest.trim().to_string(),
            "042" => tournament.start_date = rest.trim().to_string(),
            "052" => tournament.end_date = rest.trim().to_string(),
            "142" | "XXR" => {
                tournament.total_rounds = rest
                    .trim()
                    .parse()
                    .map_err(|_| error(line_no, "the number of rounds is not a number"))?;
            }
            "152" | "XXC" => {
                let value = rest.trim().to_ascii_lowercase();
                tournament.initial_colour = if value.starts_with('w') {
                    Some(Colour::White)
                } else if value.starts_with('b') {
                    Some(Colour::Black)
                } else {
                    return Err(error(line_no, "the initial colour must be W or B"));
                };
            }
            "001" => {
                let (number, player) = parse_player(&chars, line_no)?;
                numbered.push((number, line_no, player));
            }
            _ => {}
        }
    }
    numbered.sort_by_key(|(number, _, _)| *number);
    for (i, (number, line, _)) in numbered.iter().enumerate() {
        if *number != i + 1 {
            return Err(error(
                *line,
                format!(
                    "pairing numbers must run from 1 without gaps or repeats; found {number} where {} was expected",
                    i + 1
                ),
            ));
        }
    }
    let count = numbered.len();
    for (_, line, player) in &numbered {
        for entry in &player.history.rounds {
            if let Some(opponent) = entry.opponent
                && opponent >= count
            {
                return Err(error(
                    *line,
                    format!("opponent {} does not exist", opponent + 1),
                ));
            }
        }
    }
    tournament.players = numbered.into_iter().map(|(_, _, p)| p).collect();
    Ok(tournament)
}

fn parse_player(chars: &[char], line: usize) -> Result<(usize, TrfPlayer), TrfError> {
    let number: usize = columns(chars, 5, 8)
        .trim()
        .parse()
        .map_err(|_| error(line, "the pairing number (columns 5–8) is not a number"))?;
    if number == 0 {
        return Err(error(line, "pairing number 0"));
    }
    let name = columns(chars, 15, 47).trim().to_string();
    let rating_text = columns(chars, 49, 52);
    let rating: u32 = if rating_text.trim().is_empty() {
        0
    } else {
        rating_text
            .trim()
            .parse()
            .map_err(|_| error(line, "the rating (columns 49–52) is not a number"))?
    };
    let federation = columns(chars, 54, 56).trim().to_string();
    let fide_id = columns(chars, 58, 68).trim().to_string();
    let points_text = columns(chars, 81, 84);
    let points_written = if points_text.trim().is_empty() {
        None
    } else {
        Some(parse_points(&points_text, line)?)
    };
    let mut rounds = Vec::new();
    let mut has_entry = Vec::new();
    let mut start = 92;
    while start <= chars.len() {
        let block = columns(chars, start, start + 7);
        let opponent_text = columns(chars, start, start + 3);
        let colour_char = chars.get(start + 4).copied().unwrap_or(' ');
        let result_char = chars.get(start + 6).copied().unwrap_or(' ');
        let round_no = rounds.len() + 1;
        if block.trim().is_empty() {
            rounds.push(RoundEntry::absent());
            has_entry.push(false);
            start += 10;
            continue;
        }
        let bad = |what: &str| error(line, format!("round {round_no}: {what}"));
        let opponent_number: usize = if opponent_text.trim().is_empty() {
            0
        } else {
            opponent_text
                .trim()
                .parse()
                .map_err(|_| bad("the opponent is not a pairing number"))?
        };
        if opponent_number == number {
            return Err(bad("a player cannot play himself"));
        }
        let opponent = (opponent_number > 0).then(|| opponent_number - 1);
        let colour = match colour_char.to_ascii_lowercase() {
            'w' => Some(Colour::White),
            'b' => Some(Colour::Black),
            '-' | ' ' => None,
            other => return Err(bad(&format!("unknown colour `{other}`"))),
        };
        let outcome = match (result_char.to_ascii_uppercase(), opponent) {
            ('1' | 'W', Some(_)) => Outcome::Played(GameScore::Win),
            ('=' | 'D', Some(_)) => Outcome::Played(GameScore::Draw),
            ('0' | 'L', Some(_)) => Outcome::Played(GameScore::Loss),
            ('+', Some(_)) => Outcome::ForfeitWin,
            ('-', _) => Outcome::ForfeitLoss,
            ('U', None) => Outcome::Pab,
            ('H', None) => Outcome::HalfBye,
            ('F', None) => Outcome::FullBye,
            ('Z' | ' ', None) => Outcome::ZeroBye,
            ('+', None) => Outcome::FullBye,
            (other, None) => return Err(bad(&format!("result `{other}` needs an opponent"))),
            (other, Some(_)) => return Err(bad(&format!("unknown result `{other}`"))),
        };
        if opponent.is_some() && colour.is_none() {
            return Err(bad("a game needs a colour (w or b)"));
        }
        rounds.push(RoundEntry {
            opponent,
            colour: if opponent.is_some() { colour } else { None },
            outcome,
        });
        has_entry.push(true);
        start += 10;
    }
    while has_entry.last() == Some(&false) {
        has_entry.pop();
        rounds.pop();
    }
    Ok((
        number,
        TrfPlayer {
            history: PlayerHistory {
                name,
                rating,
                rounds,
            },
            has_entry,
            federation,
            fide_id,
            points_written,
        },
    ))
}

/// Checks that every game is written the same way on both sides.
pub fn check_consistency(tournament: &TrfTournament) -> Result<(), TrfError> {
    for (i, player) in tournament.players.iter().enumerate() {
        for (r, entry) in player.history.rounds.iter().enumerate() {
            let Some(opponent) = entry.opponent else {
                continue;
            };
            let other = tournament.players[opponent].history.round(r);
            let consistent =
                other.opponent == Some(i) && other.colour.is_some() && other.colour != entry.colour;
            if !consistent {
                return Err(error(
                    0,
                    format!(
                        "round {}: player {} and player {} disagree about their game",
                        r + 1,
                        i + 1,
                        opponent + 1
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Formats tenths as TRF points (`4.5`).
#[must_use]
pub fn format_points(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// What to write for a tournament.
pub struct TrfExport<'a> {
    pub name: &'a str,
    pub city: &'a str,
    pub start_date: &'a str,
    pub end_date: &'a str,
    pub total_rounds: usize,
    pub initial_colour: Colour,
    pub players: &'a [PlayerHistory],
    /// Final rank of each player (1-based), in player order.
    pub ranks: &'a [usize],
    pub points: PointSystem,
}

/// Writes a TRF-2026 file (with the `XXR`/`XXC` lines older readers use). Lines end in LF.
#[must_use]
pub fn write(export: &TrfExport<'_>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", export.name);
    if !export.city.is_empty() {
        let _ = writeln!(out, "022 {}", export.city);
    }
    if !export.start_date.is_empty() {
        let _ = writeln!(out, "042 {}", export.start_date);
    }
    if !export.end_date.is_empty() {
        let _ = writeln!(out, "052 {}", export.end_date);
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
        let _ = writeln!(
            out,
            "162 W {:>4} D {:>4} L {:>4} A {:>4} P {:>4}",
            format_points(p.win),
            format_points(p.draw),
            format_points(p.loss),
            format_points(p.zero_bye),
            format_points(p.pab)
        );
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
    for (i, player) in export.players.iter().enumerate() {
        let name: String = player.name.chars().take(33).collect();
        let points = player.score_after(player.rounds.len(), &export.points);
        let rank = export.ranks.get(i).copied().unwrap_or(i + 1);
        let rating = if player.rating > 0 {
            player.rating.min(9999).to_string()
        } else {
            String::new()
        };
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4}                            {:>4} {:>4}",
            i + 1,
            name,
            rating,
            format_points(points),
            rank
        );
        for entry in &player.rounds {
            line.push_str("  ");
            line.push_str(&round_field(entry));
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "012 Test\n142 3\n152 W\n\
001    1      Alpha                             2000                             2.0    1     2 w 1     3 b 1  0000 - H\n\
001    2      Beta                              1900                             1.0    2     1 b 0  0000 - U\n\
001    3      Gamma                             1800                             0.0    3  0000 - Z     1 w -\n";

    #[test]
    fn reads_players_rounds_and_settings() {
        let t = parse(SAMPLE).unwrap();
        assert_eq!(t.total_rounds, 3);
        assert_eq!(t.initial_colour, Some(Colour::White));
        assert_eq!(t.players.len(), 3);
        let alpha = &t.players[0].history;
        assert_eq!(alpha.name, "Alpha");
        assert_eq!(alpha.rating, 2000);
        assert_eq!(alpha.rounds[0].opponent, Some(1));
        assert_eq!(alpha.rounds[2].outcome, Outcome::HalfBye);
        assert_eq!(
            t.players[1].history.rounds.len(),
            2,
            "trailing blanks are not entries"
        );
        assert_eq!(t.players[2].history.rounds[1].outcome, Outcome::ForfeitLoss);
        assert!(check_consistency(&t).is_ok());
        assert_eq!(alpha.score_after(3, &t.points), 25);
    }

    #[test]
    fn writes_what_it_reads() {
        let t = parse(SAMPLE).unwrap();
        let players: Vec<PlayerHistory> = t.players.iter().map(|p| p.history.clone()).collect();
        let text = write(&TrfExport {
            name: "Test",
            city: "",
            start_date: "",
            end_date: "",
            total_rounds: 3,
            initial_colour: Colour::White,
            players: &players,
            ranks: &[1, 2, 3],
            points: PointSystem::default(),
        });
        let again = parse(&text).unwrap();
        let again_players: Vec<PlayerHistory> =
            again.players.iter().map(|p| p.history.clone()).collect();
        assert_eq!(again_players, players);
        assert_eq!(again.total_rounds, 3);
        assert_eq!(again.players[0].points_written, Some(25));
        let line = text.lines().find(|l| l.starts_with("001    1")).unwrap();
        assert_eq!(&line[80..84], " 2.5");
        assert_eq!(&line[91..99], "   2 w 1");
    }

    #[test]
    fn bad_lines_are_named() {
        let err = parse("001 abcd      X\n").unwrap_err();
        assert_eq!(err.line, 1);
        let err = parse("012 x\n001    2      A                                                                        \n").unwrap_err();
        assert_eq!(err.line, 2);
    }
}
