//! What can be wrong with a TRF file: refusals ([`TrfError`], the file is not used) and
//! warnings ([`TrfWarning`], the file is used without what they name). Each has a stable code
//! and its values, so the pages can say it in the reader's language; `Display` is English,
//! for the command line.

use std::fmt;

/// A refusal: where (line, and column when one field is at fault) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// 1-based; 0 when the fault is between two lines (two players disagreeing).
    pub line: usize,
    /// 1-based column of the field at fault.
    pub column: Option<usize>,
    pub kind: TrfErrorKind,
}

/// Why a file is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// Nothing but blank lines.
    Empty,
    /// No line of the file starts with a TRF code.
    NotTrf,
    /// TRF lines, but no player line (`001`).
    NoPlayers,
    /// A team tournament (`013`, `310` and the other team records).
    TeamTournament {
        code: String,
    },
    /// `142`/`XXR` is not a number.
    RoundsNotANumber {
        found: String,
    },
    /// `152`/`XXC` is neither W nor B.
    ColourNotWOrB {
        found: String,
    },
    /// A points line (`162`, `BBW`…) that cannot be read.
    PointsSystem {
        found: String,
    },
    PairingNumber {
        found: String,
    },
    /// A pairing number above the number of player lines.
    PairingNumberBeyond {
        number: usize,
        players: usize,
    },
    /// More round columns (or a `240` round) than a file may have, or an event may hold.
    TooManyRounds {
        max: usize,
    },
    /// More players than an event may hold.
    TooManyPlayers {
        max: usize,
    },
    /// A `260` line naming a player without a line.
    ForbiddenLine {
        found: String,
    },
    /// `260` lines forbidding more pairings than are read.
    TooManyForbiddenPairs {
        max: usize,
    },
    PairingNumberRepeated {
        number: usize,
    },
    Rating {
        found: String,
    },
    Points {
        found: String,
    },
    Opponent {
        round: usize,
        found: String,
    },
    NoSuchOpponent {
        round: usize,
        opponent: usize,
    },
    PlaysHimself {
        round: usize,
    },
    Colour {
        round: usize,
        found: char,
    },
    Result {
        round: usize,
        found: char,
    },
    /// A bye code (`H`, `F`, `U`, `Z`) written with an opponent.
    ByeWithOpponent {
        round: usize,
        found: char,
    },
    /// A game against an opponent without a result: the file is of a round in progress.
    NoResult {
        round: usize,
    },
    /// A game played over the board without `w` or `b`.
    GameWithoutColour {
        round: usize,
    },
    /// Two lines that tell one game differently.
    GamesDisagree {
        round: usize,
        player: usize,
        opponent: usize,
    },
    /// A bye line (`240`) that cannot be read.
    ByeLine {
        found: String,
    },
}

impl TrfError {
    #[must_use]
    pub fn at(line: usize, column: Option<usize>, kind: TrfErrorKind) -> TrfError {
        TrfError { line, column, kind }
    }

    /// The stable code, also the suffix of the message key `trf-<code>`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self.kind {
            TrfErrorKind::Empty => "empty",
            TrfErrorKind::NotTrf => "not-trf",
            TrfErrorKind::NoPlayers => "no-players",
            TrfErrorKind::TeamTournament { .. } => "team",
            TrfErrorKind::RoundsNotANumber { .. } => "rounds",
            TrfErrorKind::ColourNotWOrB { .. } => "initial-colour",
            TrfErrorKind::PointsSystem { .. } => "points-system",
            TrfErrorKind::PairingNumber { .. } => "pairing-number",
            TrfErrorKind::PairingNumberRepeated { .. } => "pairing-number-repeated",
            TrfErrorKind::PairingNumberBeyond { .. } => "pairing-number-beyond",
            TrfErrorKind::TooManyRounds { .. } => "too-many-rounds",
            TrfErrorKind::TooManyPlayers { .. } => "too-many-players",
            TrfErrorKind::ForbiddenLine { .. } => "forbidden-line",
            TrfErrorKind::TooManyForbiddenPairs { .. } => "too-many-forbidden-pairs",
            TrfErrorKind::Rating { .. } => "rating",
            TrfErrorKind::Points { .. } => "points",
            TrfErrorKind::Opponent { .. } => "opponent",
            TrfErrorKind::NoSuchOpponent { .. } => "no-such-opponent",
            TrfErrorKind::PlaysHimself { .. } => "plays-himself",
            TrfErrorKind::Colour { .. } => "colour",
            TrfErrorKind::Result { .. } => "result",
            TrfErrorKind::ByeWithOpponent { .. } => "bye-with-opponent",
            TrfErrorKind::NoResult { .. } => "no-result",
            TrfErrorKind::GameWithoutColour { .. } => "game-without-colour",
            TrfErrorKind::GamesDisagree { .. } => "games-disagree",
            TrfErrorKind::ByeLine { .. } => "bye-line",
        }
    }

    /// The values the message names (`found`, `round`, `player`, …), as text.
    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, String)> {
        use TrfErrorKind as K;
        let mut args = vec![("line", self.line.to_string())];
        if let Some(column) = self.column {
            args.push(("column", column.to_string()));
        }
        match &self.kind {
            K::Empty | K::NotTrf | K::NoPlayers => {}
            K::TeamTournament { code } => args.push(("found", code.clone())),
            K::RoundsNotANumber { found }
            | K::ColourNotWOrB { found }
            | K::PointsSystem { found }
            | K::PairingNumber { found }
            | K::Rating { found }
            | K::Points { found }
            | K::ByeLine { found }
            | K::ForbiddenLine { found } => args.push(("found", found.clone())),
            K::PairingNumberBeyond { number, players } => {
                args.push(("number", number.to_string()));
                args.push(("players", players.to_string()));
            }
            K::TooManyRounds { max }
            | K::TooManyPlayers { max }
            | K::TooManyForbiddenPairs { max } => {
                args.push(("max", max.to_string()));
            }
            K::PairingNumberRepeated { number } => args.push(("number", number.to_string())),
            K::Opponent { round, found } => {
                args.push(("round", round.to_string()));
                args.push(("found", found.clone()));
            }
            K::NoSuchOpponent { round, opponent } => {
                args.push(("round", round.to_string()));
                args.push(("opponent", opponent.to_string()));
            }
            K::PlaysHimself { round } | K::NoResult { round } | K::GameWithoutColour { round } => {
                args.push(("round", round.to_string()));
            }
            K::Colour { round, found }
            | K::Result { round, found }
            | K::ByeWithOpponent { round, found } => {
                args.push(("round", round.to_string()));
                args.push(("found", found.to_string()));
            }
            K::GamesDisagree {
                round,
                player,
                opponent,
            } => {
                args.push(("round", round.to_string()));
                args.push(("player", player.to_string()));
                args.push(("opponent", opponent.to_string()));
            }
        }
        args
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => {}
            (line, Some(column)) => write!(f, "line {line}, column {column}: ")?,
            (line, None) => write!(f, "line {line}: ")?,
        }
        self.kind.write_message(f)
    }
}

impl TrfErrorKind {
    /// The English message, after the place [`TrfError`]'s `Display` writes.
    fn write_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TrfErrorKind as K;
        match self {
            K::Empty => write!(f, "the file is empty"),
            K::NotTrf => write!(
                f,
                "this is not a TRF file: no line starts with a TRF code such as 012 or 001"
            ),
            K::NoPlayers => write!(f, "the file has no player lines (001)"),
            K::TeamTournament { code } => write!(
                f,
                "`{code}` is a team record: team tournaments are not supported, only individual ones"
            ),
            K::RoundsNotANumber { found } => {
                write!(f, "the number of rounds should be a number, not `{found}`")
            }
            K::ColourNotWOrB { found } => {
                write!(f, "the initial colour should be W or B, not `{found}`")
            }
            K::PointsSystem { found } => write!(
                f,
                "the points system should be result codes (W, D, L, A, P) each followed by points such as 1.0, not `{found}`"
            ),
            K::PairingNumber { found } => write!(
                f,
                "the pairing number (columns 5–8) should be a number from 1 to 9999, not `{found}`"
            ),
            K::PairingNumberRepeated { number } => {
                write!(f, "pairing number {number} is given to two players")
            }
            K::PairingNumberBeyond { number, players } => write!(
                f,
                "pairing number {number} is beyond the {players} player lines: pairing numbers run from 1 to the number of players"
            ),
            K::TooManyRounds { max } => {
                write!(f, "a file may have at most {max} rounds")
            }
            K::TooManyPlayers { max } => {
                write!(f, "an event may have at most {max} players")
            }
            K::ForbiddenLine { found } => write!(
                f,
                "a forbidden-pairings line (260) should give two rounds and pairing numbers of players in the file, not `{found}`"
            ),
            K::TooManyForbiddenPairs { max } => write!(
                f,
                "the forbidden-pairings lines (260) forbid more than {max} pairings"
            ),
            K::Rating { found } => write!(
                f,
                "the rating (columns 49–52) should be a number or blank, not `{found}`"
            ),
            K::Points { found } => write!(
                f,
                "the points (columns 81–84) should be a score such as 4.5, not `{found}`"
            ),
            K::ByeLine { found } => write!(
                f,
                "a bye line (240) should be F, H or Z, a round number and pairing numbers, not `{found}`"
            ),
            K::Opponent { .. }
            | K::NoSuchOpponent { .. }
            | K::PlaysHimself { .. }
            | K::Colour { .. }
            | K::Result { .. }
            | K::ByeWithOpponent { .. }
            | K::NoResult { .. }
            | K::GameWithoutColour { .. }
            | K::GamesDisagree { .. } => self.write_round_message(f),
        }
    }

    /// The message of a fault in one round, which names the round first; the other kinds are
    /// said by `write_message` and write nothing here.
    fn write_round_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TrfErrorKind as K;
        match self {
            K::Opponent { round, found } => write!(
                f,
                "round {round}: the opponent should be a pairing number or 0000, not `{found}`"
            ),
            K::NoSuchOpponent { round, opponent } => write!(
                f,
                "round {round}: the opponent {opponent} has no player line"
            ),
            K::PlaysHimself { round } => {
                write!(f, "round {round}: a player cannot play himself")
            }
            K::Colour { round, found } => write!(
                f,
                "round {round}: the colour should be w, b or -, not `{found}`"
            ),
            K::Result { round, found } => write!(
                f,
                "round {round}: the result should be one of 1 = 0 + - W D L H F U Z, not `{found}`"
            ),
            K::ByeWithOpponent { round, found } => write!(
                f,
                "round {round}: `{found}` is a bye and cannot have an opponent (write 0000)"
            ),
            K::NoResult { round } => {
                write!(f, "round {round}: the game has no result (1, =, 0, + or -)")
            }
            K::GameWithoutColour { round } => write!(
                f,
                "round {round}: a game played over the board needs a colour (w or b)"
            ),
            K::GamesDisagree {
                round,
                player,
                opponent,
            } => write!(
                f,
                "round {round}: player {player} and player {opponent} disagree about their game"
            ),
            // Said by `write_message`; listed so that a new kind must be placed in one or the
            // other.
            K::Empty
            | K::NotTrf
            | K::NoPlayers
            | K::TeamTournament { .. }
            | K::RoundsNotANumber { .. }
            | K::ColourNotWOrB { .. }
            | K::PointsSystem { .. }
            | K::PairingNumber { .. }
            | K::PairingNumberBeyond { .. }
            | K::TooManyRounds { .. }
            | K::TooManyPlayers { .. }
            | K::ForbiddenLine { .. }
            | K::TooManyForbiddenPairs { .. }
            | K::PairingNumberRepeated { .. }
            | K::Rating { .. }
            | K::Points { .. }
            | K::ByeLine { .. } => Ok(()),
        }
    }
}

impl std::error::Error for TrfError {}

/// What was read but could not be kept, or where the file disagrees with itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfWarning {
    /// The file is not UTF-8 and was read as Latin-1/CP1252.
    ReadAsLatin1,
    /// A line of a kind that is read but not kept (an arbiter's name, a time control…).
    LineNotKept { line: usize, code: String },
    /// A date that could not be read.
    Date { line: usize, found: String },
    /// `062` gives another number of players than the file has lines for.
    PlayerCount { written: usize, found: usize },
    /// Rounds left blank, scored as the player's written total says.
    AbsenceScored {
        player: usize,
        rounds: Vec<usize>,
        points: u32,
    },
    /// The written total is not what the results add up to.
    TotalDisagrees {
        player: usize,
        written: u32,
        computed: u32,
    },
    /// A birth date that could not be read.
    BirthDate { line: usize, found: String },
    /// The format (`092`) cannot be continued here; the rounds are kept as Swiss rounds.
    FormatNotKept { found: String },
    /// Points for an absence, a forfeit loss or a bye that differ from the game's.
    PointsNotKept,
    /// A tie-break code that is not one of the FIDE codes known here.
    TiebreakNotKept { found: String },
    /// A full-point bye entered ahead for a round not yet paired.
    ByeNotKept { player: usize, round: usize },
    /// A player line whose columns were counted in UTF-8 bytes, not characters.
    ColumnsInBytes { line: usize },
}

impl TrfWarning {
    /// The stable code, also the suffix of the message key `trf-warning-<code>`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            TrfWarning::ReadAsLatin1 => "latin1",
            TrfWarning::LineNotKept { .. } => "line-not-kept",
            TrfWarning::Date { .. } => "date",
            TrfWarning::PlayerCount { .. } => "player-count",
            TrfWarning::AbsenceScored { .. } => "absence-scored",
            TrfWarning::TotalDisagrees { .. } => "total-disagrees",
            TrfWarning::BirthDate { .. } => "birth-date",
            TrfWarning::FormatNotKept { .. } => "format",
            TrfWarning::PointsNotKept => "points",
            TrfWarning::TiebreakNotKept { .. } => "tiebreak",
            TrfWarning::ByeNotKept { .. } => "bye",
            TrfWarning::ColumnsInBytes { .. } => "columns-in-bytes",
        }
    }

    /// The line it is about (0 for the whole file or a player).
    #[must_use]
    pub fn line(&self) -> usize {
        match self {
            TrfWarning::LineNotKept { line, .. }
            | TrfWarning::ColumnsInBytes { line }
            | TrfWarning::Date { line, .. }
            | TrfWarning::BirthDate { line, .. } => *line,
            _ => 0,
        }
    }

    /// The values the message names, as text (points as `4.5`).
    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, String)> {
        let points = super::format_points;
        match self {
            TrfWarning::ReadAsLatin1 | TrfWarning::PointsNotKept => vec![],
            TrfWarning::FormatNotKept { found } | TrfWarning::TiebreakNotKept { found } => {
                vec![("found", found.clone())]
            }
            TrfWarning::ByeNotKept { player, round } => {
                vec![("player", player.to_string()), ("round", round.to_string())]
            }
            TrfWarning::ColumnsInBytes { line } => vec![("line", line.to_string())],
            TrfWarning::LineNotKept { line, code } => {
                vec![("line", line.to_string()), ("found", code.clone())]
            }
            TrfWarning::Date { line, found } | TrfWarning::BirthDate { line, found } => {
                vec![("line", line.to_string()), ("found", found.clone())]
            }
            TrfWarning::PlayerCount { written, found } => {
                vec![
                    ("written", written.to_string()),
                    ("found", found.to_string()),
                ]
            }
            TrfWarning::AbsenceScored {
                player,
                rounds,
                points: p,
            } => vec![
                ("player", player.to_string()),
                (
                    "rounds",
                    rounds
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
                ("points", points(*p)),
            ],
            TrfWarning::TotalDisagrees {
                player,
                written,
                computed,
            } => vec![
                ("player", player.to_string()),
                ("written", points(*written)),
                ("computed", points(*computed)),
            ],
        }
    }
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let points = super::format_points;
        match self {
            TrfWarning::ReadAsLatin1 => write!(
                f,
                "the file is not UTF-8; it was read as Latin-1 (Windows-1252)"
            ),
            TrfWarning::LineNotKept { line, code } => {
                write!(f, "line {line}: a `{code}` line is read but not kept")
            }
            TrfWarning::Date { line, found } => {
                write!(
                    f,
                    "line {line}: `{found}` is not a date (YYYY/MM/DD); it is not kept"
                )
            }
            TrfWarning::PlayerCount { written, found } => write!(
                f,
                "the file says {written} players (062) but has {found} player lines"
            ),
            TrfWarning::AbsenceScored {
                player,
                rounds,
                points: p,
            } => write!(
                f,
                "player {player}: rounds {} are blank; scored {} in all, as the player's written total says",
                rounds
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                points(*p)
            ),
            TrfWarning::TotalDisagrees {
                player,
                written,
                computed,
            } => write!(
                f,
                "player {player}: the file gives {} points, the results add up to {}",
                points(*written),
                points(*computed)
            ),
            TrfWarning::BirthDate { line, found } => write!(
                f,
                "line {line}: `{found}` is not a birth date (YYYY/MM/DD); it is not kept"
            ),
            TrfWarning::FormatNotKept { found } => write!(
                f,
                "the tournament type `{found}` cannot be continued here; its rounds are kept as Swiss rounds"
            ),
            TrfWarning::PointsNotKept => write!(
                f,
                "points for an absence, a forfeit loss or a bye that differ from a game's are not kept"
            ),
            TrfWarning::TiebreakNotKept { found } => {
                write!(
                    f,
                    "the tie-break `{found}` is not known here; it is not kept"
                )
            }
            TrfWarning::ColumnsInBytes { line } => write!(
                f,
                "line {line}: its columns are counted in bytes, not characters; it was read that way"
            ),
            TrfWarning::ByeNotKept { player, round } => write!(
                f,
                "player {player}: the full-point bye entered for round {round} is not kept (give it when pairing)"
            ),
        }
    }
}
