//! `kiela pair [--round R] FILE.trf`: the Swiss (Dutch) engine as a command, in the output
//! format of the established pairing programs.
//!
//! Exit status: 0 paired, 1 no pairing satisfies the absolute criteria, 2 bad input (no file,
//! not TRF, a line that cannot be read), 3 every round the file plans (`142`/`XXR`) is played.

use std::io::Write;

use super::trf_file::{self, BAD_INPUT};
use crate::tournament::trf_pairing;

/// The exit status when the tournament has no round left to pair.
pub const ALL_ROUNDS_PLAYED: i32 = 3;

/// Pairs the round and writes the result; returns the exit status.
pub fn run(path: &str, round: Option<usize>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let tournament = match trf_file::load("pair", path, err) {
        Ok(t) => t,
        Err(status) => return status,
    };
    let next = trf_pairing::first_unpaired_round(&tournament);
    let round = round.unwrap_or(next);
    if round == 0 {
        let _ = writeln!(err, "kiela pair: rounds are numbered from 1");
        return BAD_INPUT;
    }
    let total = tournament.total_rounds;
    if total > 0 && round > total {
        let _ = if round == next {
            writeln!(err, "kiela pair: all {total} rounds are played")
        } else {
            writeln!(
                err,
                "kiela pair: --round {round}: the tournament has {total} rounds"
            )
        };
        return ALL_ROUNDS_PLAYED;
    }
    let recorded = next.max(tournament.rounds_written() + 1);
    if round > recorded {
        let _ = writeln!(
            err,
            "kiela pair: --round {round}: the file records {} rounds, so the latest round \
             that can be paired is {recorded}",
            recorded - 1
        );
        return BAD_INPUT;
    }
    match trf_pairing::pair_round(&tournament, round) {
        Ok(pairing) => {
            let mut text = format!(
                "{}\n",
                pairing.pairs.len() + usize::from(pairing.bye.is_some())
            );
            for (first, second) in &pairing.pairs {
                text.push_str(&format!("{} {}\n", first + 1, second + 1));
            }
            if let Some(bye) = pairing.bye {
                text.push_str(&format!("{} 0\n", bye + 1));
            }
            match out.write_all(text.as_bytes()) {
                Ok(()) => 0,
                Err(e) => {
                    let _ = writeln!(err, "kiela pair: cannot write: {e}");
                    BAD_INPUT
                }
            }
        }
        Err(e) => {
            let _ = writeln!(err, "kiela pair: round {round}: {e}");
            1
        }
    }
}
