//! Command-line subcommands other than the server.

pub mod bench;
pub mod vectors;
pub mod verify;
