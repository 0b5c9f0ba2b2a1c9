//! The Kiela rules engine: holes, positions, variants, moves, the game, KGN records and the
//! verifier. Pure: no I/O, no web, no database (KIELA.md is the specification).

pub mod explain;
pub mod game;
pub mod hole;
pub mod kgn;
pub mod moves;
pub mod outcome;
pub mod playout;
pub mod position;
pub mod variant;
pub mod verify;

pub use game::{Capture, Game, Lap, MAX_LAPS, MoveReport, PlayError, TRACED_LAPS};
pub use hole::{HOLES_PER_SIDE, Hole, Side};
pub use kgn::{
    MAX_RECORD_BYTES, NextGame, ParseError, ParseErrorKind, PlyToken, Record, next_game,
    parse_games, parse_record,
};
pub use moves::{Arrangement, BadNotation, Move};
pub use outcome::{GameResult, Termination};
pub use position::{Board, Position};
pub use variant::Variant;
pub use verify::{
    PlyStep, Reason, Replay, ReplayError, ReplayErrorKind, Verdict, VerdictJson, VerdictKind,
    Verified, replay, verify,
};
