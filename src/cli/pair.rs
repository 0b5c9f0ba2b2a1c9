//! `kiela pair [--round R] FILE.trf`: the Swiss (Dutch) engine as a command, in the output
//! format of the established pairing programs.

use std::io::Write;

use crate::tournament::{trf, trf_pairing};

/// Largest TRF file read: a 10,000-player event of 20 rounds is about 2.5 MB.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Pairs the round and writes the result; returns the exit status (0 paired, 1 no valid
/// pairing, 2 bad input).
pub fn run(path: &str, round: Option<usize>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let bytes = match read_limited(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            let _ = writeln!(err, "kiela pair: {path}: {e}");
            return 2;
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => match std::str::from_utf8(&e.as_bytes()[..e.utf8_error().valid_up_to()]) {
            Ok(valid) => {
                let line = valid.matches('\n').count() + 1;
                let _ = writeln!(err, "kiela pair: {path}: line {line}: not valid UTF-8");
                return 2;
            }
            Err(_) => {
                let _ = writeln!(err, "kiela pair: {path}: not valid UTF-8");
                return 2;
            }
        },
    };
    let tournament = match trf::parse(&text) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(err, "kiela pair: {path}: {e}");
            return 2;
        }
    };
    if let Err(e) = trf::check_consistency(&tournament) {
        let _ = writeln!(err, "kiela pair: {path}: {}", e.message);
        return 2;
    }
    let next = trf_pairing::first_unpaired_round(&tournament);
    let round = round.unwrap_or(next);
    if round == 0 {
        let _ = writeln!(err, "kiela pair: rounds are numbered from 1");
        return 2;
    }
    let recorded = next.max(
        tournament
            .players
            .iter()
            .map(|p| p.history.rounds.len())
            .max()
            .unwrap_or(0)
            + 1,
    );
    if round > recorded {
        let _ = writeln!(
            err,
            "kiela pair: --round {round}: the file records {} rounds, so the latest round \
             that can be paired is {recorded}",
            recorded - 1
        );
        return 2;
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
                    2
                }
            }
        }
        Err(e) => {
            let _ = writeln!(err, "kiela pair: round {round}: {e}");
            1
        }
    }
}

/// The file's bytes, or an error when it is larger than [`MAX_FILE_BYTES`] (a device such as
/// `/dev/zero` never ends: it is cut off at the limit, not read into memory whole).
fn read_limited(path: &str) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "the file is larger than {} MiB, the most a TRF file may be",
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(bytes)
}
