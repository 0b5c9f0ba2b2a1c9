//! The practice board: anyone, without an account, plays a game against the engine at a
//! chosen strength. Nothing is stored: the game is its variant, the strength, the visitor's
//! side and the moves so far, carried in the page's address and forms. A page view only replays
//! the moves; the engine searches only when the visitor moves (a form post), in one of the
//! engine's slots, within a node budget per level, and counted against the visitor's address.

use std::time::Duration;

use chrono::TimeDelta;

use super::limits::{self, Limit};
use super::{App, ServiceError};
use crate::domain::ErrorCode;
use crate::engine::{Engine, Limits};
use crate::rules::{GameResult, Move, Record, Side, Termination, Variant};

/// The node budget of each level, 1 (a beginner's) to 5 (the engine's best on the site).
pub const LEVELS: [u64; 5] = [300, 3_000, 30_000, 150_000, 600_000];
/// The longest practice game, in plies.
pub const MAX_PLIES: usize = 2_000;
/// How long a move waits for one of the engine's slots before the visitor is told to try again.
const SLOT_WAIT: Duration = Duration::from_secs(3);
/// The engine's moves one address may ask for within [`WINDOW_MINUTES`].
const MOVES_PER_WINDOW: u32 = 120;
/// Of those, the moves at the two strongest levels (each up to a few tenths of a second of a
/// core): one address keeps the engine busy a few seconds a minute at most.
const STRONG_MOVES_PER_WINDOW: u32 = 20;
/// The first of the strong levels.
const STRONG_FROM: u8 = 4;
const WINDOW_MINUTES: i64 = 1;
/// The engine's table (small: a practice move is short).
const TABLE_BYTES: usize = 4 << 20;

/// A practice game as its address gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct PracticeGame {
    pub variant: Variant,
    /// 1 … 5.
    pub level: u8,
    /// The visitor's side (South moves first).
    pub human: Side,
    pub moves: Vec<Move>,
    /// The position after the moves.
    pub game: crate::rules::Game,
}

impl PracticeGame {
    /// Reads a game from its address's fields: the variant, the level, the visitor's side and
    /// the moves (KGN, separated by spaces), replayed by the rules.
    pub fn parse(
        variant: &str,
        level: &str,
        side: &str,
        moves: &str,
    ) -> Result<PracticeGame, ServiceError> {
        let variant: Variant = variant
            .trim()
            .parse()
            .map_err(|_| ServiceError::invalid("variant", ErrorCode::VariantUnknown))?;
        let level: u8 = level
            .trim()
            .parse()
            .ok()
            .filter(|l| (1..=LEVELS.len() as u8).contains(l))
            .ok_or(ServiceError::invalid(
                "level",
                ErrorCode::PracticeLevelInvalid,
            ))?;
        let human = match side.trim() {
            "S" | "s" => Side::South,
            "N" | "n" => Side::North,
            _ => return Err(ServiceError::invalid("side", ErrorCode::ColourInvalid)),
        };
        let mut practice = PracticeGame {
            variant,
            level,
            human,
            moves: Vec::new(),
            game: crate::rules::Game::start(variant, Side::South),
        };
        for token in moves.split_whitespace() {
            practice.push(token)?;
        }
        Ok(practice)
    }

    /// Plays one more move, in KGN.
    fn push(&mut self, token: &str) -> Result<(), ServiceError> {
        if self.moves.len() >= MAX_PLIES {
            return Err(ServiceError::invalid("moves", ErrorCode::PracticeTooLong));
        }
        let mv: Move = token
            .parse()
            .map_err(|_| ServiceError::invalid("moves", ErrorCode::PracticeMoveIllegal))?;
        let (next, _) = self
            .game
            .play(&mv)
            .map_err(|_| ServiceError::invalid("moves", ErrorCode::PracticeMoveIllegal))?;
        self.game = next;
        self.moves.push(mv);
        Ok(())
    }

    /// The result, once the game is over on the board.
    #[must_use]
    pub fn over(&self) -> Option<(GameResult, Termination)> {
        self.game.result()
    }

    /// Whether the engine is to move.
    #[must_use]
    pub fn engine_to_move(&self) -> bool {
        self.over().is_none() && self.game.to_move() != self.human
    }

    /// The moves in KGN, separated by spaces (the address's `moves`).
    #[must_use]
    pub fn moves_text(&self) -> String {
        self.moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The game's KGN record under the event name `event` (the reader's word for practice),
    /// the engine named with its level, dated `date`.
    #[must_use]
    pub fn record(&self, event: &str, you: &str, engine: &str, date: chrono::NaiveDate) -> String {
        let (south, north) = match self.human {
            Side::South => (you, engine),
            Side::North => (engine, you),
        };
        let result = self.over().map(|(r, _)| r);
        let mut tags = vec![
            ("Event".to_string(), event.to_string()),
            ("Date".to_string(), date.format("%Y.%m.%d").to_string()),
            ("South".to_string(), south.to_string()),
            ("North".to_string(), north.to_string()),
            ("Variant".to_string(), self.variant.as_str().to_string()),
            ("First".to_string(), "S".to_string()),
        ];
        tags.push((
            "Result".to_string(),
            result
                .unwrap_or(GameResult::Unfinished)
                .as_str()
                .to_string(),
        ));
        Record::from_parts(tags, self.moves.clone(), result)
            .map(|r| r.to_string())
            .unwrap_or_default()
    }
}

/// The visitor plays `mv` (KGN; `None` when it is the engine's turn, as at the start of a
/// game the visitor plays second), then the engine answers. The same moves and level give
/// the same answer every time.
pub fn play(
    app: &App,
    client: &str,
    mut practice: PracticeGame,
    mv: Option<&str>,
) -> Result<PracticeGame, ServiceError> {
    if let Some(token) = mv.map(str::trim).filter(|t| !t.is_empty()) {
        if practice.over().is_some() || practice.game.to_move() != practice.human {
            return Err(ServiceError::Conflict(ErrorCode::PracticeNotYourTurn));
        }
        practice.push(token)?;
    }
    if !practice.engine_to_move() {
        return Ok(practice);
    }
    if practice.moves.len() >= MAX_PLIES {
        return Err(ServiceError::invalid("moves", ErrorCode::PracticeTooLong));
    }
    {
        let mut conn = app.conn()?;
        // Counted and kept: a limit on the engine's work for one address, not on mistakes.
        let mut counted = vec![Limit::new(format!("practice:{client}"), MOVES_PER_WINDOW)];
        if practice.level >= STRONG_FROM {
            counted.push(Limit::new(
                format!("practice-strong:{client}"),
                STRONG_MOVES_PER_WINDOW,
            ));
        }
        let _counted = limits::reserve(&mut conn, &counted, TimeDelta::minutes(WINDOW_MINUTES))?;
        // No engine looks at a position of a game being played: a player could otherwise ask
        // it for their next move. Only positions the public already sees count: an answer
        // that depended on a move the event's delay still hides would tell that move.
        let position = practice.game.position().to_string();
        if crate::db::live::position_in_play(&mut conn, &position, crate::db::now())? {
            return Err(ServiceError::Conflict(ErrorCode::PracticePositionInPlay));
        }
    }
    let nodes = LEVELS[usize::from(practice.level - 1)];
    let answer = {
        let _slot = app.engine.take(SLOT_WAIT)?;
        let mut engine = Engine::new(TABLE_BYTES, practice.moves.len() as u64 + 1);
        engine.search(&practice.game, Limits::nodes(nodes), &mut |_| {})
    };
    let Some(best) = answer.best else {
        return Ok(practice);
    };
    practice.push(&best.to_string())?;
    Ok(practice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_replays_its_moves_and_refuses_an_illegal_one() {
        let game = PracticeGame::parse("advanced", "2", "S", "j2 a3").unwrap();
        assert_eq!(game.moves.len(), 2);
        assert_eq!(game.moves_text(), "j2 a3");
        assert!(!game.engine_to_move());
        assert!(PracticeGame::parse("advanced", "2", "S", "j2 j2").is_err());
        assert!(PracticeGame::parse("advanced", "9", "S", "").is_err());
        assert!(PracticeGame::parse("chess", "1", "S", "").is_err());
        assert!(PracticeGame::parse("advanced", "1", "X", "").is_err());
        let north = PracticeGame::parse("beginner", "1", "N", "").unwrap();
        assert!(north.engine_to_move());
    }

    #[test]
    fn the_record_reads_back_as_the_same_game() {
        let game = PracticeGame::parse("advanced", "3", "N", "j2 a3 b1").unwrap();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 12, 5).unwrap();
        let text = game.record("Treino", "Ana", "Kiela (3)", day);
        let record = crate::rules::parse_record(&text).unwrap();
        assert_eq!(record.moves.len(), 3);
        assert_eq!(record.tag("North"), Some("Ana"));
        assert_eq!(record.tag("Event"), Some("Treino"));
        assert_eq!(record.tag("Date"), Some("2026.12.05"));
        assert!(matches!(
            crate::rules::Verdict::of(Ok(&record)),
            crate::rules::Verdict::Accepted(_)
        ));
    }
}
