//! The `kiela` command: the server and the tools around it.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use kiela::cli;

#[derive(Parser)]
#[command(name = "kiela", version, about = "Kiela tournament manager")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Verify game records (KGN): one verdict per game.
    Verify {
        /// Print one JSON object per game.
        #[arg(long)]
        json: bool,
        /// Record files; `-` reads standard input.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
    /// Measure the rules engine: records verified and random playouts per second.
    Bench {
        /// Directory of the shared record vectors.
        #[arg(long, default_value = "tests/data/rules")]
        vectors: PathBuf,
        /// Seconds spent on each measurement.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
    },
}

fn exit(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}

fn main() -> ExitCode {
    let args = Cli::parse();
    match args.command {
        Some(Command::Verify { json, files }) => {
            let stdout = std::io::stdout();
            let stderr = std::io::stderr();
            exit(cli::verify::run(
                &files,
                json,
                &mut stdout.lock(),
                &mut stderr.lock(),
            ))
        }
        Some(Command::Bench { vectors, seconds }) => match cli::bench::run(&vectors, seconds) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("kiela bench: {e}");
                exit(2)
            }
        },
        None => {
            eprintln!("kiela: a subcommand is needed; see `kiela --help`");
            exit(2)
        }
    }
}
