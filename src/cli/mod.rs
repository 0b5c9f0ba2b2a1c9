//! Command-line subcommands other than the server.

pub mod analyse;
pub mod bench;
pub mod check;
pub mod engine;
pub mod engine_match;
pub mod fair_play;
pub mod pair;
pub mod season;
pub mod standings;
pub(crate) mod trf_file;
pub mod vectors;
pub mod verify;
