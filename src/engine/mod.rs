//! The Kiela engine that plays: a search over the rules engine's moves, for analysis,
//! adjudication and the practice board. Pure, like the rules: no I/O, no clock but the
//! deadline a caller may set (docs/engine.md explains the choices).

pub mod adjudication;
mod arrangements;
pub mod baseline;
pub mod review;
mod score;
pub mod screening;
mod search;
pub mod simulated;
mod table;
mod zobrist;

pub use score::Score;
pub use search::{DEFAULT_TABLE_BYTES, Engine, Iteration, Limits, SearchResult};

#[cfg(test)]
mod tests;
