//! Command-line subcommands other than the server.

pub mod bench;
pub mod pair;
pub mod vectors;
pub mod verify;
