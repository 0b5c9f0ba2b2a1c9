//! Kiela Game Notation (KIELA.md §8): reading and writing game records.
//!
//! A record is tag pairs followed by movetext, in the shape of chess PGN. Reading never fails
//! on a move token: a token that is not a move is kept and reported by the verifier as
//! `bad_notation` at its ply. What makes a record unreadable (a broken tag line, an unknown
//! variant, a bad position string, a result token that contradicts the `Result` tag, an
//! unterminated comment, invalid UTF-8, a record over [`MAX_RECORD_BYTES`]) is a [`ParseError`]
//! with the byte offset where it was found.

use std::fmt;

use super::game::Game;
use super::hole::Side;
use super::moves::{BadNotation, Move};
use super::outcome::{GameResult, Termination};
use super::position::Position;
use super::variant::Variant;

/// The largest record accepted (1 MiB). A real game is a few kilobytes; the limit keeps a
/// hostile upload from costing memory or time. A file may hold several records.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// A tag pair as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
}

/// One movetext token that stands for a ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyToken {
    /// Byte offset of the token in the text it was read from.
    pub offset: usize,
    /// The move, or why the token is not one.
    pub parsed: Result<Move, BadNotation>,
}

impl PlyToken {
    /// The token as it should be shown: the move in canonical form, or the text as written.
    #[must_use]
    pub fn text(&self) -> String {
        match &self.parsed {
            Ok(mv) => mv.to_string(),
            Err(bad) => bad.token.clone(),
        }
    }
}

/// The tags the rules give a meaning to, read into types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub variant: Variant,
    pub first: Side,
    pub position: Option<Position>,
    pub result: Option<GameResult>,
    pub termination: Option<Termination>,
    pub final_position: Option<Position>,
    pub plies: Option<u32>,
}

impl Default for Header {
    fn default() -> Header {
        Header {
            variant: Variant::Advanced,
            first: Side::South,
            position: None,
            result: None,
            termination: None,
            final_position: None,
            plies: None,
        }
    }
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// Every tag in the order written, known and unknown.
    pub tags: Vec<Tag>,
    /// The known tags, typed.
    pub header: Header,
    /// The plies.
    pub moves: Vec<PlyToken>,
    /// The result token at the end of the movetext, if any.
    pub result_token: Option<GameResult>,
}

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("byte {offset}: {kind}")]
pub struct ParseError {
    /// Byte offset in the text given to the parser.
    pub offset: usize,
    pub kind: ParseErrorKind,
}

/// What was wrong, and what was expected instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    #[error("the record is not valid UTF-8 text")]
    InvalidUtf8,
    #[error("the record is larger than the limit of {limit} bytes")]
    TooLarge { limit: usize },
    #[error("malformed tag line: expected {expected}")]
    MalformedTag { expected: TagPart },
    #[error("the tag `{0}` is given twice")]
    DuplicateTag(String),
    #[error("tag {tag} has the value \"{value}\"; expected {expected}")]
    BadTagValue {
        tag: String,
        value: String,
        expected: Expected,
    },
    #[error("the result token {token} contradicts the Result tag {tag}")]
    ResultConflict { tag: GameResult, token: GameResult },
    #[error("a comment opened with `{{` is never closed with `}}`")]
    UnterminatedComment,
    #[error("expected one game record, found another game starting here")]
    MoreThanOneGame,
    /// A file of games holds none (it is empty, or only blank lines and comments).
    #[error("no game found")]
    NoGame,
}

/// The part of a tag line that is missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TagPart {
    #[error("a tag name")]
    Name,
    #[error("a quoted tag value")]
    QuotedValue,
    #[error("a closing `\"`")]
    ClosingQuote,
    #[error("`]` to close the tag")]
    ClosingBracket,
}

/// What a known tag's value must be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Expected {
    #[error("beginner, advanced or expert")]
    Variant,
    #[error("S or N")]
    First,
    #[error("1-0, 0-1, 1/2-1/2 or *")]
    Result,
    #[error("resignation, time_forfeit, agreement or adjudication")]
    Termination,
    /// With why the text is not a position.
    #[error("a position: {0}")]
    Position(String),
    #[error("a number of plies")]
    Plies,
}

impl ParseError {
    fn new(offset: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { offset, kind }
    }
}

/// Reads one record: the text must hold exactly one game (or nothing, an empty record).
pub fn parse_record(text: &str) -> Result<Record, ParseError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(ParseError::new(
            0,
            ParseErrorKind::TooLarge {
                limit: MAX_RECORD_BYTES,
            },
        ));
    }
    let mut games = Parser::new(text).games();
    match games.len() {
        0 => Ok(Record::default()),
        1 => games.remove(0).map(|(_, record)| record),
        _ => {
            let second = games
                .remove(1)
                .map_or_else(|e| e.offset, |(offset, _)| offset);
            match games.remove(0) {
                Err(e) => Err(e),
                Ok(_) => Err(ParseError::new(second, ParseErrorKind::MoreThanOneGame)),
            }
        }
    }
}

/// Reads every game of a file, PGN-style: a game ends at its result token or where the next
/// tag section begins. Each game is read on its own, so one broken game does not hide the
/// others. A file with no game at all yields one empty record.
#[must_use]
pub fn parse_games(bytes: &[u8]) -> Vec<Result<Record, ParseError>> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            return vec![Err(ParseError::new(
                e.valid_up_to(),
                ParseErrorKind::InvalidUtf8,
            ))];
        }
    };
    let mut games: Vec<_> = Parser::new(text)
        .games()
        .into_iter()
        .map(|game| game.map(|(_, record)| record))
        .collect();
    if games.is_empty() {
        games.push(Ok(Record::default()));
    }
    games
}

/// What [`next_game`] found at the start of a text.
#[derive(Debug)]
pub enum NextGame {
    /// A game, and the number of bytes of the text it took (whitespace before it included).
    Game {
        record: Result<Record, ParseError>,
        end: usize,
    },
    /// The text ends inside a game (or before any): the game may go on in what follows.
    NeedMore,
    /// The text is complete and holds no further game.
    Done,
}

/// The first game of `text`, for reading a large file game by game. `complete` says that
/// nothing follows `text`; otherwise a game that reaches the end of `text` may not be whole,
/// and [`NextGame::NeedMore`] asks for more. Offsets are relative to `text`.
#[must_use]
pub fn next_game(text: &str, complete: bool) -> NextGame {
    let mut parser = Parser::new(text);
    loop {
        parser.skip_whitespace();
        if parser.pos >= parser.bytes.len() {
            return if complete {
                NextGame::Done
            } else {
                NextGame::NeedMore
            };
        }
        let game = parser.game();
        if !complete && parser.pos >= parser.bytes.len() {
            return NextGame::NeedMore;
        }
        let empty = matches!(&game, Ok(r) if r.tags.is_empty() && r.moves.is_empty()
            && r.result_token.is_none());
        if !empty {
            return NextGame::Game {
                record: game,
                end: parser.pos,
            };
        }
    }
}

/// A tag as found, before interpretation.
struct RawTag {
    name: String,
    value: String,
    value_offset: usize,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

/// What the movetext scanner found next.
enum Item<'a> {
    End,
    NextGame,
    Comment,
    Token(usize, &'a str),
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        // A byte-order mark is skipped, not removed, so offsets stay file offsets.
        let pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Parser {
            text,
            bytes: text.as_bytes(),
            pos,
        }
    }

    /// All games with their start offsets.
    fn games(&mut self) -> Vec<Result<(usize, Record), ParseError>> {
        let mut games = Vec::new();
        loop {
            self.skip_whitespace();
            if self.pos >= self.bytes.len() {
                break;
            }
            let start = self.pos;
            let game = self.game();
            let empty = matches!(&game, Ok(r) if r.tags.is_empty() && r.moves.is_empty()
                && r.result_token.is_none());
            if !empty {
                games.push(game.map(|record| (start, record)));
            }
        }
        games
    }

    fn skip_whitespace(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn skip_line(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
            self.pos += 1;
        }
    }

    /// One game. Always consumes at least one byte, and on error still scans to the game's
    /// end so the next game can be read.
    fn game(&mut self) -> Result<Record, ParseError> {
        let start = self.pos;
        let mut first_error: Option<ParseError> = None;
        let mut raw_tags = Vec::new();
        loop {
            self.skip_whitespace();
            if self.bytes.get(self.pos) != Some(&b'[') {
                break;
            }
            match self.tag() {
                Ok(tag) => raw_tags.push(tag),
                Err(e) => {
                    first_error.get_or_insert(e);
                    self.skip_line();
                }
            }
        }
        let mut moves = Vec::new();
        let mut result_token = None;
        let mut too_large = false;
        loop {
            if !too_large && self.pos - start > MAX_RECORD_BYTES {
                too_large = true;
                moves = Vec::new();
                first_error.get_or_insert(ParseError::new(
                    start,
                    ParseErrorKind::TooLarge {
                        limit: MAX_RECORD_BYTES,
                    },
                ));
            }
            match self.movetext_item() {
                Ok(Item::End | Item::NextGame) => break,
                Ok(Item::Comment) => {}
                Ok(Item::Token(offset, token)) => {
                    if let Ok(result) = token.parse::<GameResult>() {
                        result_token = Some((offset, result));
                        break;
                    }
                    let (offset, token) = strip_move_number(offset, token);
                    if token.is_empty() || too_large {
                        continue;
                    }
                    moves.push(PlyToken {
                        offset,
                        parsed: token.parse(),
                    });
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if self.pos == start {
            // Defensive: never loop on the same byte.
            self.pos += 1;
        }
        if let Some(e) = first_error {
            return Err(e);
        }
        let (tags, header) = interpret_tags(raw_tags)?;
        if let (Some(tag), Some((offset, token))) = (header.result, result_token)
            && tag != token
        {
            return Err(ParseError::new(
                offset,
                ParseErrorKind::ResultConflict { tag, token },
            ));
        }
        Ok(Record {
            tags,
            header,
            moves,
            result_token: result_token.map(|(_, r)| r),
        })
    }

    /// `[Name "value"]`, the parser standing on `[`.
    fn tag(&mut self) -> Result<RawTag, ParseError> {
        self.pos += 1;
        self.skip_blanks();
        let name_start = self.pos;
        while self.pos < self.bytes.len()
            && (self.bytes[self.pos].is_ascii_alphanumeric() || self.bytes[self.pos] == b'_')
        {
            self.pos += 1;
        }
        if self.pos == name_start {
            return Err(self.malformed(TagPart::Name));
        }
        let name = self.text[name_start..self.pos].to_string();
        self.skip_blanks();
        if self.bytes.get(self.pos) != Some(&b'"') {
            return Err(self.malformed(TagPart::QuotedValue));
        }
        self.pos += 1;
        let value_offset = self.pos;
        let mut value = String::new();
        let mut chunk_start = self.pos;
        loop {
            match self.bytes.get(self.pos) {
                None | Some(b'\n' | b'\r') => return Err(self.malformed(TagPart::ClosingQuote)),
                Some(b'"') => {
                    value.push_str(&self.text[chunk_start..self.pos]);
                    self.pos += 1;
                    break;
                }
                Some(b'\\') if matches!(self.bytes.get(self.pos + 1), Some(b'"' | b'\\')) => {
                    value.push_str(&self.text[chunk_start..self.pos]);
                    self.pos += 1;
                    chunk_start = self.pos;
                    self.pos += 1;
                }
                Some(_) => self.pos += 1,
            }
        }
        self.skip_blanks();
        if self.bytes.get(self.pos) != Some(&b']') {
            return Err(self.malformed(TagPart::ClosingBracket));
        }
        self.pos += 1;
        Ok(RawTag {
            name,
            value,
            value_offset,
        })
    }

    fn skip_blanks(&mut self) {
        while matches!(self.bytes.get(self.pos), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    fn malformed(&self, expected: TagPart) -> ParseError {
        ParseError::new(self.pos, ParseErrorKind::MalformedTag { expected })
    }

    fn movetext_item(&mut self) -> Result<Item<'a>, ParseError> {
        self.skip_whitespace();
        let Some(&byte) = self.bytes.get(self.pos) else {
            return Ok(Item::End);
        };
        match byte {
            b'[' => Ok(Item::NextGame),
            b'{' => {
                let open = self.pos;
                match self.bytes[open..].iter().position(|&b| b == b'}') {
                    Some(len) => {
                        self.pos = open + len + 1;
                        Ok(Item::Comment)
                    }
                    None => {
                        self.pos = self.bytes.len();
                        Err(ParseError::new(open, ParseErrorKind::UnterminatedComment))
                    }
                }
            }
            _ => {
                let start = self.pos;
                while self.pos < self.bytes.len()
                    && !self.bytes[self.pos].is_ascii_whitespace()
                    && self.bytes[self.pos] != b'{'
                {
                    self.pos += 1;
                }
                Ok(Item::Token(start, &self.text[start..self.pos]))
            }
        }
    }
}

/// `12.`, `12...` and `12.j2` carry move numbers, which are ignored.
fn strip_move_number(offset: usize, token: &str) -> (usize, &str) {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return (offset, token);
    }
    let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
    if dots == 0 {
        return (offset, token);
    }
    (offset + digits + dots, &token[digits + dots..])
}

/// Checks the tags against each other and reads the known ones.
fn interpret_tags(raw: Vec<RawTag>) -> Result<(Vec<Tag>, Header), ParseError> {
    let mut header = Header::default();
    let mut seen: Vec<&'static str> = Vec::new();
    let mut tags = Vec::with_capacity(raw.len());
    for RawTag {
        name,
        value,
        value_offset,
    } in raw
    {
        let bad = |expected: Expected| {
            ParseError::new(
                value_offset,
                ParseErrorKind::BadTagValue {
                    tag: name.clone(),
                    value: super::moves::shorten(&value),
                    expected,
                },
            )
        };
        let known: Option<&'static str> = match name.as_str() {
            "Variant" => {
                header.variant = value.parse().map_err(|_| bad(Expected::Variant))?;
                Some("Variant")
            }
            "First" => {
                header.first =
                    Side::from_letter(value.trim()).ok_or_else(|| bad(Expected::First))?;
                Some("First")
            }
            "Result" => {
                header.result = Some(value.trim().parse().map_err(|()| bad(Expected::Result))?);
                Some("Result")
            }
            "Termination" => {
                header.termination = Some(
                    Termination::from_tag(value.trim())
                        .ok_or_else(|| bad(Expected::Termination))?,
                );
                Some("Termination")
            }
            "Position" => {
                header.position =
                    Some(value.parse().map_err(|e: super::position::PositionError| {
                        bad(Expected::Position(e.to_string()))
                    })?);
                Some("Position")
            }
            "FinalPosition" => {
                header.final_position =
                    Some(value.parse().map_err(|e: super::position::PositionError| {
                        bad(Expected::Position(e.to_string()))
                    })?);
                Some("FinalPosition")
            }
            "Plies" => {
                header.plies = Some(value.trim().parse().map_err(|_| bad(Expected::Plies))?);
                Some("Plies")
            }
            _ => None,
        };
        if let Some(known) = known {
            if seen.contains(&known) {
                return Err(ParseError::new(
                    value_offset,
                    ParseErrorKind::DuplicateTag(name),
                ));
            }
            seen.push(known);
        }
        tags.push(Tag { name, value });
    }
    Ok((tags, header))
}

impl Record {
    /// A record built from tags and moves, read exactly as the same text would be.
    pub fn from_parts(
        tags: Vec<(String, String)>,
        moves: Vec<Move>,
        result: Option<GameResult>,
    ) -> Result<Record, ParseError> {
        let raw = tags
            .into_iter()
            .map(|(name, value)| RawTag {
                name,
                value,
                value_offset: 0,
            })
            .collect();
        let (tags, header) = interpret_tags(raw)?;
        if let (Some(tag), Some(token)) = (header.result, result)
            && tag != token
        {
            return Err(ParseError::new(
                0,
                ParseErrorKind::ResultConflict { tag, token },
            ));
        }
        Ok(Record {
            tags,
            header,
            moves: moves
                .into_iter()
                .map(|mv| PlyToken {
                    offset: 0,
                    parsed: Ok(mv),
                })
                .collect(),
            result_token: result,
        })
    }

    /// The result the record claims: the `Result` tag, else the result token.
    #[must_use]
    pub fn claimed_result(&self) -> Option<GameResult> {
        self.header.result.or(self.result_token)
    }

    /// The record with a `Variant` tag for `variant` when it names none (a record sent for an
    /// event whose variant is known): its tags and header then say the same.
    #[must_use]
    pub fn with_default_variant(mut self, variant: Variant) -> Record {
        if self.tag("Variant").is_none() {
            self.tags.push(Tag {
                name: "Variant".to_string(),
                value: variant.as_str().to_string(),
            });
            self.header.variant = variant;
        }
        self
    }

    /// The value of a tag, if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// The game at the record's start: the `Position` tag if given, else the variant's start
    /// with the `First` player to move.
    #[must_use]
    pub fn start(&self) -> Game {
        match self.header.position {
            Some(position) => Game::new(self.header.variant, position),
            None => Game::start(self.header.variant, self.header.first),
        }
    }
}

/// Writes a tag value with `"` and `\` escaped.
/// A tag value as KGN writes it: `"` and `\\` escaped, and a control character (a line break
/// in a reason someone typed) written as a space, so a value never ends its tag's line.
fn write_escaped(f: &mut fmt::Formatter<'_>, value: &str) -> fmt::Result {
    for c in value.chars() {
        if c == '"' || c == '\\' {
            f.write_str("\\")?;
        }
        if c.is_control() {
            f.write_str(" ")?;
        } else {
            write!(f, "{c}")?;
        }
    }
    Ok(())
}

impl fmt::Display for Record {
    /// The record in KGN: tags, a blank line, numbered movetext wrapped near 80 columns, and the
    /// claimed result (if any) as the final token.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tag in &self.tags {
            write!(f, "[{} \"", tag.name)?;
            write_escaped(f, &tag.value)?;
            f.write_str("\"]\n")?;
        }
        if !self.tags.is_empty() {
            f.write_str("\n")?;
        }
        let mut line_len = 0usize;
        let mut words: Vec<String> = Vec::with_capacity(self.moves.len() * 3 / 2 + 1);
        for (i, ply) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                words.push(format!("{}.", i / 2 + 1));
            }
            words.push(ply.text());
        }
        if let Some(result) = self.claimed_result() {
            words.push(result.to_string());
        }
        for word in &words {
            if line_len > 0 && line_len + 1 + word.len() > 79 {
                f.write_str("\n")?;
                line_len = 0;
            } else if line_len > 0 {
                f.write_str(" ")?;
                line_len += 1;
            }
            f.write_str(word)?;
            line_len += word.len();
        }
        if !words.is_empty() {
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"[Event "Prémio Kiela 2026"]
[Site "Luanda"]
[South "Ana \"Nita\" Domingos"]
[North "João Neto"]
[First "S"]
[Variant "advanced"]
[Result "0-1"]

1. j2 a3 2. b1 j4 3. e1 f4 {a comment} 4. g2 d4 0-1
"#;

    #[test]
    fn reads_tags_moves_and_result() {
        let record = parse_record(SAMPLE).unwrap();
        assert_eq!(record.tag("South"), Some("Ana \"Nita\" Domingos"));
        assert_eq!(record.header.variant, Variant::Advanced);
        assert_eq!(record.claimed_result(), Some(GameResult::NorthWins));
        let moves: Vec<String> = record.moves.iter().map(PlyToken::text).collect();
        assert_eq!(moves, ["j2", "a3", "b1", "j4", "e1", "f4", "g2", "d4"]);
        assert_eq!(
            &SAMPLE[record.moves[0].offset..record.moves[0].offset + 2],
            "j2"
        );
    }

    #[test]
    fn printing_and_reading_again_gives_the_same_record() {
        let record = parse_record(SAMPLE).unwrap();
        let printed = record.to_string();
        assert_eq!(
            parse_record(&printed).unwrap(),
            strip_offsets(&record, &printed)
        );
    }

    fn strip_offsets(record: &Record, printed: &str) -> Record {
        let reparsed = parse_record(printed).unwrap();
        let mut expected = record.clone();
        for (a, b) in expected.moves.iter_mut().zip(&reparsed.moves) {
            a.offset = b.offset;
        }
        expected
    }

    #[test]
    fn several_games_in_one_file() {
        let text = format!("{SAMPLE}\n[Variant \"beginner\"]\n1. a1 *\n1. b1 c3 1-0\n");
        let games = parse_games(text.as_bytes());
        assert_eq!(games.len(), 3);
        assert_eq!(games[1].as_ref().unwrap().header.variant, Variant::Beginner);
        assert_eq!(games[2].as_ref().unwrap().moves.len(), 2);
    }

    #[test]
    fn one_broken_game_does_not_hide_the_next() {
        let text = "[Variant \"classic\"]\n1. a1 *\n\n[Variant \"beginner\"]\n1. a1 *\n";
        let games = parse_games(text.as_bytes());
        assert_eq!(games.len(), 2);
        let err = games[0].as_ref().unwrap_err();
        assert_eq!(err.offset, text.find("classic").unwrap());
        assert!(games[1].is_ok());
    }

    #[test]
    fn syntax_errors_carry_offsets() {
        let cases: &[(&str, usize)] = &[
            ("[Variant advanced]\n", 9),
            ("[Variant \"advanced\"\n", 19),
            ("[ \"x\"]", 2),
            ("1. a1 {never closed", 6),
            ("[Result \"1-0\"]\n1. a1 0-1", 21),
            ("[Position \"1,2 S\"]", 11),
            ("[First \"X\"]", 8),
            ("[Plies \"-3\"]", 8),
            ("[Variant \"expert\"]\n[Variant \"expert\"]", 29),
        ];
        for &(text, offset) in cases {
            let err = parse_record(text).unwrap_err();
            assert_eq!(err.offset, offset, "{text:?}: {err}");
        }
    }

    #[test]
    fn invalid_utf8_is_reported_at_its_offset() {
        let games = parse_games(b"1. a1 \xff\xfe b2");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].as_ref().unwrap_err().offset, 6);
    }

    #[test]
    fn oversized_records_are_refused() {
        let big = "a1 ".repeat(MAX_RECORD_BYTES / 3 + 10);
        assert!(matches!(
            parse_record(&big).unwrap_err().kind,
            ParseErrorKind::TooLarge { .. }
        ));
        let games = parse_games(big.as_bytes());
        assert!(matches!(
            games[0].as_ref().unwrap_err().kind,
            ParseErrorKind::TooLarge { .. }
        ));
    }

    #[test]
    fn move_numbers_are_optional_and_may_touch_the_move() {
        let record = parse_record("1.j2 a3 2... b1 17. j4").unwrap();
        let moves: Vec<String> = record.moves.iter().map(PlyToken::text).collect();
        assert_eq!(moves, ["j2", "a3", "b1", "j4"]);
    }

    #[test]
    fn unknown_tokens_are_kept_for_the_verifier() {
        let record = parse_record("j2 z9 \u{0} A3").unwrap();
        assert_eq!(record.moves.len(), 4);
        assert!(record.moves[1].parsed.is_err());
        assert!(record.moves[2].parsed.is_err());
        assert_eq!(record.moves[3].text(), "a3");
    }
}
