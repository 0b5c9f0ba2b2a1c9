//! Command-line subcommands other than the server.

pub mod bench;
pub mod check;
pub mod pair;
pub mod standings;
pub(crate) mod trf_file;
pub mod vectors;
pub mod verify;
