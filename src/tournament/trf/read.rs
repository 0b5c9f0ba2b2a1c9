//! Reading a TRF file: its bytes decoded, then line by line.

use chrono::NaiveDate;

use super::problems::{TrfError, TrfErrorKind, TrfWarning};
use super::{
    ForbiddenPairs, TrfKnockout, TrfKnockoutGame, TrfPlayer, TrfSex, TrfTournament, totals,
};
use crate::tournament::history::{Colour, GameScore, Outcome, PlayerHistory, RoundEntry};

/// How a file's bytes were read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Encoding {
    #[default]
    Utf8,
    /// Latin-1 or its superset Windows-1252, as older programs write.
    Windows1252,
}

/// Reads a TRF file from its bytes: UTF-8 (with or without a byte-order mark), or, when the
/// bytes are not UTF-8, Windows-1252 (which decodes every Latin-1 file the same way).
pub fn read(bytes: &[u8]) -> Result<TrfTournament, TrfError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return parse(text);
    }
    // Line by line: a file edited by two programs may have UTF-8 lines and Latin-1 lines, and a
    // line that is UTF-8 stays as it was written.
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            text.push('\n');
        }
        match std::str::from_utf8(line) {
            Ok(line) => text.push_str(line),
            Err(_) => text.push_str(
                &encoding_rs::WINDOWS_1252
                    .decode_without_bom_handling(line)
                    .0,
            ),
        }
    }
    let mut tournament = parse(&text)?;
    tournament.encoding = Encoding::Windows1252;
    tournament.warnings.insert(0, TrfWarning::ReadAsLatin1);
    Ok(tournament)
}

/// The most rounds a file may have (the columns of a line, the round of a `240` or `260`
/// line): TRF writes a round number in three digits.
pub const MAX_ROUNDS: usize = 999;

/// The most points a result may be worth (tenths): 100, as for an event's own points.
const MAX_RESULT_POINTS: u32 = 1000;

/// The most pairings `260` lines may forbid in all.
pub const MAX_FORBIDDEN_PAIRS: usize = 100_000;

/// Codes of the team records of TRF-16 and TRF-2026.
const TEAM_CODES: &[&str] = &[
    "013", "310", "320", "330", "300", "352", "362", "801", "802",
];

/// Lines read for their value elsewhere or that carry nothing to keep: said nothing about.
const QUIET_CODES: &[&str] = &["062", "072", "082", "182", "192", "XXC", "XXR", "###"];

/// An `XKF number federation-id` line: the player's id in the federation's registry (letters,
/// digits and `-`, at most 30), which TRF itself has no column for.
fn federation_id_line(value: &str) -> Option<(usize, String)> {
    let mut words = value.split_whitespace();
    let number = words.next()?.parse::<usize>().ok().filter(|&n| n > 0)?;
    let id = words.next()?;
    let valid = id.len() <= 30 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    (valid && words.next().is_none()).then(|| (number, id.to_ascii_uppercase()))
}

/// A knockout line (`XKS`, `XKP`, `XKG`) that does not read: the bracket is dropped with a
/// warning, the results are kept.
fn knockout_line(
    t: &mut TrfTournament,
    code: &str,
    value: &str,
    line: usize,
    knockout: &mut Option<TrfKnockout>,
) {
    let words: Vec<&str> = value.split_whitespace().collect();
    let n = |i: usize| words.get(i).and_then(|w| w.parse::<usize>().ok());
    let ok = match code {
        "XKS" => match (n(0), n(1), n(2), n(3), n(4)) {
            (Some(size), Some(third), Some(reset), Some(games), Some(swiss))
                if third <= 1 && reset <= 1 && (1..=9).contains(&games) && swiss <= MAX_ROUNDS =>
            {
                let k = knockout.get_or_insert_with(TrfKnockout::default);
                k.size = size;
                k.third_place = third == 1;
                k.grand_final_reset = reset == 1;
                k.games_per_match = games;
                k.swiss_rounds = swiss;
                true
            }
            _ => false,
        },
        "XKP" => match (n(0), n(1)) {
            (Some(number), Some(seed)) if number > 0 && seed > 0 => {
                knockout
                    .get_or_insert_with(TrfKnockout::default)
                    .seeds
                    .push((number - 1, seed));
                true
            }
            _ => false,
        },
        _ => match (words.first(), n(1), words.get(2), n(3), n(4), n(5)) {
            (Some(column), Some(round), Some(code), Some(game_no), Some(first), Some(second))
                if (1..=MAX_ROUNDS).contains(&round)
                    && first > 0
                    && second > 0
                    && game_no > 0
                    && code.len() <= 16 =>
            {
                let column = match *column {
                    "-" => Some(None),
                    c => c
                        .parse::<usize>()
                        .ok()
                        .filter(|&c| (1..=MAX_ROUNDS).contains(&c))
                        .map(|c| Some(c - 1)),
                };
                match column {
                    Some(column) => {
                        knockout
                            .get_or_insert_with(TrfKnockout::default)
                            .games
                            .push(TrfKnockoutGame {
                                column,
                                round,
                                code: (*code).to_string(),
                                game_no,
                                first: first - 1,
                                second: second - 1,
                            });
                        true
                    }
                    None => false,
                }
            }
            _ => false,
        },
    };
    if !ok {
        t.warnings.push(TrfWarning::LineNotKept {
            line,
            code: code.to_string(),
        });
    }
}

/// Reads a TRF file's text.
pub fn parse(text: &str) -> Result<TrfTournament, TrfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut read = LinesRead::default();
    for (index, raw) in lines(text).enumerate() {
        read.line(index + 1, raw)?;
    }
    read.finish()
}

/// A `240` line read: its line, the bye, its round and the pairing numbers it names.
type ByeLine = (usize, Outcome, usize, Vec<usize>);

/// What the lines of a file give before the players are known: the lines naming players by
/// number (`240`, `260`, `XKF`, knockout) are kept aside until every player line is read and
/// the numbers are checked.
#[derive(Default)]
struct LinesRead {
    t: TrfTournament,
    /// (pairing number, line, player) of each `001` line.
    numbered: Vec<(usize, usize, TrfPlayer)>,
    byes: Vec<ByeLine>,
    forbidden: Vec<(usize, ForbiddenPairs)>,
    knockout: Option<TrfKnockout>,
    /// (line, pairing number, id) of each `XKF` line.
    federation_ids: Vec<(usize, usize, String)>,
    /// The number of players `062` gives.
    players_written: Option<usize>,
    /// Whether any line is not blank, to tell an empty file from one that is not TRF.
    any_line: bool,
    /// Whether any line is a record read here, to tell a file without players from one
    /// that is not TRF.
    any_code: bool,
}

impl LinesRead {
    /// Reads one line (`line` is 1-based); blank lines and column rulers say nothing.
    fn line(&mut self, line: usize, raw: &str) -> Result<(), TrfError> {
        let chars: Vec<char> = raw.chars().collect();
        if chars.iter().all(|c| c.is_whitespace()) {
            return Ok(());
        }
        self.any_line = true;
        if chars.len() < 3 || is_ruler(&chars) {
            return Ok(());
        }
        let code: String = chars[..3].iter().collect();
        let rest: String = chars
            .get(4..)
            .map(|r| r.iter().collect())
            .unwrap_or_default();
        if self.record(code, &rest, &chars, line)? {
            self.any_code = true;
        }
        Ok(())
    }

    /// Reads one record; whether its code is one read here (an unknown code does not make
    /// the file TRF).
    fn record(
        &mut self,
        code: String,
        rest: &str,
        chars: &[char],
        line_no: usize,
    ) -> Result<bool, TrfError> {
        let value = rest.trim();
        if header_record(&mut self.t, &code, value, line_no)? {
            return Ok(true);
        }
        let t = &mut self.t;
        match code.as_str() {
            "062" => self.players_written = value.parse::<usize>().ok(),
            "240" => self.byes.push(bye_line(rest, line_no)?),
            "XKS" | "XKP" | "XKG" => knockout_line(t, &code, value, line_no, &mut self.knockout),
            "XKF" => match federation_id_line(value) {
                Some((number, id)) => self.federation_ids.push((line_no, number, id)),
                None => t.warnings.push(TrfWarning::LineNotKept {
                    line: line_no,
                    code,
                }),
            },
            "260" => {
                if let Some(f) = forbidden_line(rest) {
                    self.forbidden.push((line_no, f));
                } else {
                    t.warnings.push(TrfWarning::LineNotKept {
                        line: line_no,
                        code,
                    });
                }
            }
            "001" => {
                let (number, player) = player_line(chars, line_no, &mut t.warnings)?;
                self.numbered.push((number, line_no, player));
            }
            c if TEAM_CODES.contains(&c) => {
                return Err(TrfError::at(
                    line_no,
                    Some(1),
                    TrfErrorKind::TeamTournament { code },
                ));
            }
            c if QUIET_CODES.contains(&c) || c.starts_with("###") => {}
            c if c.starts_with("DDD") => {}
            _ => {
                if looks_like_code(&code) {
                    t.warnings.push(TrfWarning::LineNotKept {
                        line: line_no,
                        code,
                    });
                }
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The tournament, once every line is read: the players in pairing-number order, then
    /// what the other lines say of them.
    fn finish(mut self) -> Result<TrfTournament, TrfError> {
        let count = self.check_numbers()?;
        let mut t = self.t;
        if let Some(written) = self.players_written
            && written != count
        {
            t.warnings.push(TrfWarning::PlayerCount {
                written,
                found: count,
            });
        }
        t.players = self.numbered.into_iter().map(|(_, _, p)| p).collect();
        set_federation_ids(&mut t, self.federation_ids);
        set_forbidden(&mut t, self.forbidden, count)?;
        set_knockout(&mut t, self.knockout, count);
        set_byes(&mut t, self.byes)?;
        totals::score_blank_rounds(&mut t);
        Ok(t)
    }

    /// Sorts the player lines by pairing number and checks that the numbers run from 1 to the
    /// number of players and that every opponent is one of them; the number of players.
    fn check_numbers(&mut self) -> Result<usize, TrfError> {
        let numbered = &mut self.numbered;
        if !self.any_line {
            return Err(TrfError::at(0, None, TrfErrorKind::Empty));
        }
        if numbered.is_empty() {
            let kind = if self.any_code {
                TrfErrorKind::NoPlayers
            } else {
                TrfErrorKind::NotTrf
            };
            return Err(TrfError::at(0, None, kind));
        }
        let count = numbered.len();
        if let Some((number, line, _)) = numbered.iter().find(|(n, _, _)| *n > count) {
            return Err(TrfError::at(
                *line,
                Some(5),
                TrfErrorKind::PairingNumberBeyond {
                    number: *number,
                    players: count,
                },
            ));
        }
        // Every number is within 1..=count: without a repeat they are exactly 1 to count.
        numbered.sort_by_key(|(number, line, _)| (*number, *line));
        for (i, (number, line, _)) in numbered.iter().enumerate() {
            if i > 0 && numbered[i - 1].0 == *number {
                return Err(TrfError::at(
                    *line,
                    Some(5),
                    TrfErrorKind::PairingNumberRepeated { number: *number },
                ));
            }
        }
        for (_, line, player) in numbered.iter() {
            for (r, entry) in player.history.rounds.iter().enumerate() {
                if let Some(opponent) = entry.opponent
                    && opponent >= count
                {
                    return Err(TrfError::at(
                        *line,
                        Some(92 + 10 * r),
                        TrfErrorKind::NoSuchOpponent {
                            round: r + 1,
                            opponent: opponent + 1,
                        },
                    ));
                }
            }
        }
        Ok(count)
    }
}

/// Reads a header record (the event's name, dates, rounds, colour, points, tie-breaks);
/// whether `code` is one.
fn header_record(
    t: &mut TrfTournament,
    code: &str,
    value: &str,
    line_no: usize,
) -> Result<bool, TrfError> {
    match code {
        "012" => t.name = value.to_string(),
        "022" => t.city = value.to_string(),
        "032" => t.federation = value.to_string(),
        "042" | "052" => {
            let date = parse_date(value);
            if date.is_none() && !value.is_empty() {
                t.warnings.push(TrfWarning::Date {
                    line: line_no,
                    found: value.to_string(),
                });
            }
            if code == "042" {
                t.start_date = date;
            } else {
                t.end_date = date;
            }
        }
        "092" => t.kind = value.to_string(),
        "142" | "XXR" => {
            t.total_rounds = value.parse().map_err(|_| {
                TrfError::at(
                    line_no,
                    Some(5),
                    TrfErrorKind::RoundsNotANumber {
                        found: value.to_string(),
                    },
                )
            })?;
        }
        "152" | "XXC" => {
            let lower = value.to_ascii_lowercase();
            t.initial_colour = if lower.starts_with('w') {
                Some(Colour::White)
            } else if lower.starts_with('b') {
                Some(Colour::Black)
            } else {
                return Err(TrfError::at(
                    line_no,
                    Some(5),
                    TrfErrorKind::ColourNotWOrB {
                        found: value.to_string(),
                    },
                ));
            };
        }
        "162" => points_line(t, value, line_no)?,
        "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
            let tenths = points_value(value)
                .filter(|&p| p <= MAX_RESULT_POINTS)
                .ok_or_else(|| {
                    TrfError::at(
                        line_no,
                        Some(5),
                        TrfErrorKind::PointsSystem {
                            found: value.to_string(),
                        },
                    )
                })?;
            let p = &mut t.points;
            match code {
                "BBW" => p.win = tenths,
                "BBD" => p.draw = tenths,
                "BBL" => p.loss = tenths,
                "BBZ" => p.zero_bye = tenths,
                "BBF" => p.forfeit_loss = tenths,
                _ => p.pab = tenths,
            }
        }
        "202" | "212" => {
            t.tiebreaks = value
                .split([',', ';', ' '])
                .map(str::trim)
                .filter(|c| !c.is_empty() && !c.eq_ignore_ascii_case("PTS"))
                .map(str::to_string)
                .collect();
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Gives the players the ids of the `XKF` lines; a line that cannot be kept is a warning.
fn set_federation_ids(t: &mut TrfTournament, federation_ids: Vec<(usize, usize, String)>) {
    let mut named = std::collections::HashSet::new();
    for (line, number, id) in federation_ids {
        // One person is one player of the file: an id given twice is kept for the first.
        let taken = named.contains(&id);
        match t.players.get_mut(number - 1) {
            Some(player) if !taken && player.federation_id.is_none() => {
                named.insert(id.clone());
                player.federation_id = Some(id);
            }
            _ => t.warnings.push(TrfWarning::LineNotKept {
                line,
                code: "XKF".into(),
            }),
        }
    }
}

/// Keeps the `260` lines, refusing one naming a player the file does not have, and a file
/// forbidding more pairings than are read.
fn set_forbidden(
    t: &mut TrfTournament,
    forbidden: Vec<(usize, ForbiddenPairs)>,
    count: usize,
) -> Result<(), TrfError> {
    let mut pairs = 0usize;
    for (line, f) in forbidden {
        if let Some(&missing) = f.players.iter().find(|&&p| p >= count) {
            return Err(TrfError::at(
                line,
                Some(13),
                TrfErrorKind::ForbiddenLine {
                    found: (missing + 1).to_string(),
                },
            ));
        }
        pairs = pairs.saturating_add(f.players.len() * (f.players.len() - 1) / 2);
        if pairs > MAX_FORBIDDEN_PAIRS {
            return Err(TrfError::at(
                line,
                None,
                TrfErrorKind::TooManyForbiddenPairs {
                    max: MAX_FORBIDDEN_PAIRS,
                },
            ));
        }
        t.forbidden.push(f);
    }
    Ok(())
}

/// Keeps the knockout bracket when it names only players of the file.
fn set_knockout(t: &mut TrfTournament, knockout: Option<TrfKnockout>, count: usize) {
    // A bracket naming players the file does not have is dropped, not guessed at.
    if let Some(k) = knockout {
        let known = |p: usize| p < count;
        let fits = k.seeds.iter().all(|&(p, seed)| known(p) && seed <= count)
            && k.games
                .iter()
                .all(|g| known(g.first) && known(g.second) && g.first != g.second);
        if fits {
            t.knockout = Some(k);
        } else {
            t.warnings.push(TrfWarning::LineNotKept {
                line: 0,
                code: "XKG".into(),
            });
        }
    }
}

/// Puts the byes of the `240` lines in the players' rounds, refusing a line naming a player
/// the file does not have.
fn set_byes(t: &mut TrfTournament, byes: Vec<ByeLine>) -> Result<(), TrfError> {
    for (line, outcome, round, players) in byes {
        for number in players {
            let Some(player) = number.checked_sub(1).and_then(|i| t.players.get_mut(i)) else {
                return Err(TrfError::at(
                    line,
                    Some(11),
                    TrfErrorKind::ByeLine {
                        found: number.to_string(),
                    },
                ));
            };
            set_bye(player, round, outcome);
        }
    }
    Ok(())
}

/// The lines of a text ending in LF, CR or CRLF (a CRLF is one line end, not two, so line
/// numbers stay those an editor shows).
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
}

/// A column ruler (`1234567890123…` or `         1         2…`), which some files carry
/// above their player lines to help a reader count columns.
fn is_ruler(chars: &[char]) -> bool {
    if !chars.iter().all(|c| c.is_ascii_digit() || *c == ' ') {
        return false;
    }
    let text: String = chars.iter().collect();
    let digits = chars.iter().filter(|c| c.is_ascii_digit()).count();
    text.contains("123456789") || (digits >= 2 && chars.len() >= 20 && digits * 4 < chars.len())
}

/// Whether three characters look like a TRF record code (digits, or letters as in `XXR`,
/// `BBW` or a federation's `ANG`), rather than the start of free text.
fn looks_like_code(code: &str) -> bool {
    code.chars().all(|c| c.is_ascii_digit()) || code.chars().all(|c| c.is_ascii_uppercase())
}

/// A date as programs write it: `YYYY/MM/DD` (the specification), `YYYY-MM-DD`,
/// `YYYY.MM.DD`, `DD.MM.YYYY`, `DD/MM/YYYY` or `YY/MM/DD`.
pub(crate) fn parse_date(text: &str) -> Option<NaiveDate> {
    let parts: Vec<&str> = text
        .split(['/', '-', '.'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let n = |s: &str| s.parse::<u32>().ok();
    let (year, month, day) = if a.len() == 4 {
        (n(a)?, n(b)?, n(c)?)
    } else if c.len() == 4 {
        (n(c)?, n(b)?, n(a)?)
    } else {
        (2000 + n(a)?, n(b)?, n(c)?)
    };
    NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)
}

/// Points written as `1.0`, `1`, `0,5` or `11.5`, in tenths.
fn points_value(text: &str) -> Option<u32> {
    let text = text.trim().replace(',', ".");
    if text.is_empty() {
        return None;
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let whole: u32 = whole.parse().ok()?;
    let mut digits = fraction.chars();
    let tenth = match digits.next() {
        Some(c) => c.to_digit(10)?,
        None => 0,
    };
    // Points are in tenths: `0.50` is half a point, `0.25` is not a TRF score.
    if whole > 1000 || !digits.all(|c| c == '0') {
        return None;
    }
    Some(whole * 10 + tenth)
}

/// `162`: result codes each followed by its points (`W 3.0 D 1.0 L 0.0`, in the columns of
/// TRF-2026 or written loosely).
fn points_line(t: &mut TrfTournament, value: &str, line: usize) -> Result<(), TrfError> {
    let refused = || {
        TrfError::at(
            line,
            Some(6),
            TrfErrorKind::PointsSystem {
                found: value.to_string(),
            },
        )
    };
    let mut tokens: Vec<String> = Vec::new();
    for word in value.split_whitespace() {
        // `W1.0` as well as `W 1.0`, and `W=1.0`.
        let word = word.replace('=', " ");
        let mut chars = word.chars();
        match chars.next() {
            Some(c) if c.is_ascii_alphabetic() => {
                tokens.push(c.to_string());
                let rest: String = chars.collect::<String>().trim().to_string();
                if !rest.is_empty() {
                    tokens.push(rest);
                }
            }
            _ => tokens.extend(word.split_whitespace().map(str::to_string)),
        }
    }
    if tokens.is_empty() || !tokens.len().is_multiple_of(2) {
        return Err(refused());
    }
    let mut pab_given = false;
    let mut p = t.points;
    for pair in tokens.chunks(2) {
        let tenths = points_value(&pair[1])
            .filter(|&p| p <= MAX_RESULT_POINTS)
            .ok_or_else(refused)?;
        match pair[0].to_ascii_uppercase().as_str() {
            "W" => {
                p.win = tenths;
                p.full_bye = tenths;
            }
            "D" => {
                p.draw = tenths;
                p.half_bye = tenths;
            }
            "L" => p.loss = tenths,
            "A" => {
                p.zero_bye = tenths;
                p.forfeit_loss = tenths;
            }
            "P" => {
                p.pab = tenths;
                pab_given = true;
            }
            "X" => {}
            _ => return Err(refused()),
        }
    }
    if !pab_given {
        p.pab = p.win;
    }
    t.points = p;
    Ok(())
}

/// `240 H 003  026  047`: byes of one round.
fn bye_line(rest: &str, line: usize) -> Result<ByeLine, TrfError> {
    let refused = || {
        TrfError::at(
            line,
            Some(5),
            TrfErrorKind::ByeLine {
                found: rest.trim().to_string(),
            },
        )
    };
    let mut words = rest.split_whitespace();
    let outcome = match words.next().map(str::to_ascii_uppercase).as_deref() {
        Some("F") => Outcome::FullBye,
        Some("H") => Outcome::HalfBye,
        Some("Z") => Outcome::ZeroBye,
        _ => return Err(refused()),
    };
    let round: usize = words
        .next()
        .and_then(|w| w.parse().ok())
        .filter(|&r| (1..=MAX_ROUNDS).contains(&r))
        .ok_or_else(refused)?;
    let players = words
        .map(|w| w.parse::<usize>().map_err(|_| refused()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((line, outcome, round, players))
}

/// `260 001 002  125  180`: players who may not meet in a range of rounds.
fn forbidden_line(rest: &str) -> Option<ForbiddenPairs> {
    let numbers: Vec<usize> = rest
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [first_round, last_round, players @ ..] = numbers.as_slice() else {
        return None;
    };
    let rounds = 1..=MAX_ROUNDS;
    if players.len() < 2
        || players.contains(&0)
        || !rounds.contains(first_round)
        || !rounds.contains(last_round)
        || first_round > last_round
    {
        return None;
    }
    let mut players: Vec<usize> = players.iter().map(|p| p - 1).collect();
    players.sort_unstable();
    players.dedup();
    Some(ForbiddenPairs {
        first_round: *first_round,
        last_round: *last_round,
        players,
    })
}

/// Puts a bye of a `240` line in the player's round, unless the line already has an entry.
fn set_bye(player: &mut TrfPlayer, round: usize, outcome: Outcome) {
    let r = round - 1;
    if player.history.rounds.len() <= r {
        player.history.rounds.resize(r + 1, RoundEntry::absent());
        player.has_entry.resize(r + 1, false);
    }
    if !player.has_entry[r] {
        player.history.rounds[r] = RoundEntry {
            opponent: None,
            colour: None,
            outcome,
        };
        player.has_entry[r] = true;
    }
}

/// Characters `from..=to` (1-based, inclusive) of a line, or "" past its end.
fn columns(chars: &[char], from: usize, to: usize) -> String {
    let start = from.saturating_sub(1).min(chars.len());
    let end = to.min(chars.len());
    chars[start..end].iter().collect()
}

/// A player line. Some programs write UTF-8 but count columns in bytes, so a name with an
/// accent pushes every later field to the left: when a line does not read in characters, it
/// is read again with each character taking as many columns as its UTF-8 bytes, and a
/// warning says so.
fn player_line(
    chars: &[char],
    line: usize,
    warnings: &mut Vec<TrfWarning>,
) -> Result<(usize, TrfPlayer), TrfError> {
    let mut own = Vec::new();
    let error = match parse_player(chars, line, &mut own) {
        Ok(player) => {
            warnings.extend(own);
            return Ok(player);
        }
        Err(e) => e,
    };
    if chars.iter().all(char::is_ascii) {
        return Err(error);
    }
    let by_bytes: Vec<char> = chars
        .iter()
        .flat_map(|&c| std::iter::once(c).chain(std::iter::repeat_n('\u{0}', c.len_utf8() - 1)))
        .collect();
    let mut own = Vec::new();
    match parse_player(&by_bytes, line, &mut own) {
        Ok((number, mut player)) => {
            player.history.name.retain(|c| c != '\u{0}');
            warnings.extend(own);
            warnings.push(TrfWarning::ColumnsInBytes { line });
            Ok((number, player))
        }
        Err(_) => Err(error),
    }
}

/// Reads a player line in the columns it is given (see `player_line` for lines counted in
/// bytes).
fn parse_player(
    chars: &[char],
    line: usize,
    warnings: &mut Vec<TrfWarning>,
) -> Result<(usize, TrfPlayer), TrfError> {
    let number_text = columns(chars, 5, 8);
    let number: usize = number_text
        .trim()
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            TrfError::at(
                line,
                Some(5),
                TrfErrorKind::PairingNumber {
                    found: number_text.trim().to_string(),
                },
            )
        })?;
    let sex = match chars.get(9).map(char::to_ascii_lowercase) {
        Some('m') => Some(TrfSex::Male),
        Some('w' | 'f') => Some(TrfSex::Female),
        _ => None,
    };
    let title = columns(chars, 11, 13).trim().to_string();
    let name = columns(chars, 15, 47).trim().to_string();
    let rating_text = columns(chars, 49, 52);
    let rating: u32 = if rating_text.trim().is_empty() {
        0
    } else {
        rating_text.trim().parse().map_err(|_| {
            TrfError::at(
                line,
                Some(49),
                TrfErrorKind::Rating {
                    found: rating_text.trim().to_string(),
                },
            )
        })?
    };
    let federation = columns(chars, 54, 56).trim().to_string();
    let fide_id = columns(chars, 58, 68).trim().to_string();
    let birth_text = columns(chars, 70, 79).trim().to_string();
    let birth_year = birth_year(&birth_text);
    if birth_year.is_none() && !birth_text.is_empty() {
        warnings.push(TrfWarning::BirthDate {
            line,
            found: birth_text,
        });
    }
    let points_text = columns(chars, 81, 84);
    let points_written = if points_text.trim().is_empty() {
        None
    } else {
        Some(points_value(&points_text).ok_or_else(|| {
            TrfError::at(
                line,
                Some(81),
                TrfErrorKind::Points {
                    found: points_text.trim().to_string(),
                },
            )
        })?)
    };
    let rank_written = columns(chars, 86, 89).trim().parse().ok();
    let RoundFields {
        rounds,
        has_entry,
        blank_rounds,
    } = round_fields(chars, number, line)?;
    Ok((
        number,
        TrfPlayer {
            history: PlayerHistory {
                name,
                rating,
                rounds,
            },
            has_entry,
            sex,
            title,
            federation,
            fide_id,
            birth_year,
            points_written,
            rank_written,
            blank_rounds,
            federation_id: None,
        },
    ))
}

/// The round fields of a player line, from column 92 on.
struct RoundFields {
    rounds: Vec<RoundEntry>,
    /// Whether each round had an entry at all (see [`TrfPlayer::has_entry`]).
    has_entry: Vec<bool>,
    /// Rounds (0-based) written blank or without a result.
    blank_rounds: Vec<usize>,
}

/// Reads the round fields of player `number`'s line; blank fields after the last entry are
/// no rounds at all (the line of a player who withdrew ends early).
fn round_fields(chars: &[char], number: usize, line: usize) -> Result<RoundFields, TrfError> {
    let mut rounds = Vec::new();
    let mut has_entry = Vec::new();
    let mut blank_rounds = Vec::new();
    let mut start = 92;
    while start <= chars.len() {
        let round = rounds.len() + 1;
        if round > MAX_ROUNDS {
            return Err(TrfError::at(
                line,
                Some(start),
                TrfErrorKind::TooManyRounds { max: MAX_ROUNDS },
            ));
        }
        match round_entry(chars, start, number, round, line)? {
            Field::Entry(entry) => {
                rounds.push(entry);
                has_entry.push(true);
            }
            Field::Unscored => {
                rounds.push(RoundEntry::absent());
                has_entry.push(true);
                blank_rounds.push(round - 1);
            }
            Field::Blank => {
                rounds.push(RoundEntry::absent());
                has_entry.push(false);
                blank_rounds.push(round - 1);
            }
        }
        start += 10;
    }
    while has_entry.last() == Some(&false) {
        has_entry.pop();
        rounds.pop();
    }
    blank_rounds.retain(|&r| r < rounds.len());
    Ok(RoundFields {
        rounds,
        has_entry,
        blank_rounds,
    })
}

/// A birth date's year: `YYYY/MM/DD`, `YYYY/00/00` or `YYYY` alone.
fn birth_year(text: &str) -> Option<i32> {
    let year: &str = text.split(['/', '-', '.']).next()?.trim();
    let year = if year.len() == 4 {
        year
    } else {
        // `DD.MM.YYYY`.
        text.rsplit(['/', '-', '.']).next()?.trim()
    };
    year.parse().ok().filter(|y| (1900..=2100).contains(y))
}

/// What one round's field holds.
enum Field {
    /// Nothing at all: no entry (after a withdrawal, or a round left out).
    Blank,
    /// An unpaired round written without a result (`0000 -  `): its points are what the
    /// file's totals say (see `totals`), a zero-point bye until then.
    Unscored,
    Entry(RoundEntry),
}

/// One round's field (columns `start..start+7`; opponent at `start`, colour at `start+5`,
/// result at `start+7`).
fn round_entry(
    chars: &[char],
    start: usize,
    number: usize,
    round: usize,
    line: usize,
) -> Result<Field, TrfError> {
    let block = columns(chars, start, start + 7);
    if block.trim().is_empty() {
        return Ok(Field::Blank);
    }
    let opponent_text = columns(chars, start, start + 3);
    let colour_char = chars.get(start + 4).copied().unwrap_or(' ');
    let result_char = chars.get(start + 6).copied().unwrap_or(' ');
    let opponent_number: usize = match opponent_text.trim() {
        "" => 0,
        text => text.parse().map_err(|_| {
            TrfError::at(
                line,
                Some(start),
                TrfErrorKind::Opponent {
                    round,
                    found: text.to_string(),
                },
            )
        })?,
    };
    if opponent_number == number {
        return Err(TrfError::at(
            line,
            Some(start),
            TrfErrorKind::PlaysHimself { round },
        ));
    }
    let opponent = opponent_number.checked_sub(1);
    let colour = match colour_char.to_ascii_lowercase() {
        'w' => Some(Colour::White),
        'b' => Some(Colour::Black),
        '-' | ' ' => None,
        other => {
            return Err(TrfError::at(
                line,
                Some(start + 5),
                TrfErrorKind::Colour {
                    round,
                    found: other,
                },
            ));
        }
    };
    let Some(outcome) = round_outcome(result_char, opponent, round, line, start + 7)? else {
        return Ok(Field::Unscored);
    };
    if opponent.is_some() && colour.is_none() && matches!(outcome, Outcome::Played(_)) {
        return Err(TrfError::at(
            line,
            Some(start + 5),
            TrfErrorKind::GameWithoutColour { round },
        ));
    }
    Ok(Field::Entry(RoundEntry {
        opponent,
        colour: if opponent.is_some() { colour } else { None },
        outcome,
    }))
}

/// What a round's result character (at `column`) gives, with or without an opponent; `None`
/// for an unpaired round written without a result.
fn round_outcome(
    result_char: char,
    opponent: Option<usize>,
    round: usize,
    line: usize,
    column: usize,
) -> Result<Option<Outcome>, TrfError> {
    let result_column = Some(column);
    let outcome = match (result_char.to_ascii_uppercase(), opponent) {
        ('1' | 'W', Some(_)) => Outcome::Played(GameScore::Win),
        ('=' | 'D', Some(_)) => Outcome::Played(GameScore::Draw),
        ('0' | 'L', Some(_)) => Outcome::Played(GameScore::Loss),
        ('+', Some(_)) => Outcome::ForfeitWin,
        ('-', Some(_)) => Outcome::ForfeitLoss,
        (' ', Some(_)) => {
            return Err(TrfError::at(
                line,
                result_column,
                TrfErrorKind::NoResult { round },
            ));
        }
        (c @ ('H' | 'F' | 'U' | 'Z'), Some(_)) => {
            return Err(TrfError::at(
                line,
                result_column,
                TrfErrorKind::ByeWithOpponent { round, found: c },
            ));
        }
        ('U', None) => Outcome::Pab,
        ('H' | '=' | 'D', None) => Outcome::HalfBye,
        ('F' | '+' | '1' | 'W', None) => Outcome::FullBye,
        ('-', None) => Outcome::ForfeitLoss,
        ('Z' | '0' | 'L', None) => Outcome::ZeroBye,
        (' ', None) => return Ok(None),
        (other, _) => {
            return Err(TrfError::at(
                line,
                result_column,
                TrfErrorKind::Result {
                    round,
                    found: other,
                },
            ));
        }
    };
    Ok(Some(outcome))
}
