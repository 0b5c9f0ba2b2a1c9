//! A TRF file given to a command: read with a size limit, decoded, parsed and checked, its
//! warnings written to standard error.

use std::io::Write;

use crate::tournament::trf::{self, TrfTournament};

/// Largest TRF file read: a 10,000-player event of 20 rounds is about 2.5 MB.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The exit status for input that cannot be used (no file, not TRF, a bad line).
pub const BAD_INPUT: i32 = 2;

/// The tournament of `path`, or the exit status after saying why not on `err`.
pub(crate) fn load(command: &str, path: &str, err: &mut dyn Write) -> Result<TrfTournament, i32> {
    let bytes = read_limited(path).map_err(|e| {
        let _ = writeln!(err, "kiela {command}: {path}: {e}");
        BAD_INPUT
    })?;
    let tournament = trf::read(&bytes)
        .and_then(|t| trf::check_consistency(&t).map(|()| t))
        .map_err(|e| {
            let _ = writeln!(err, "kiela {command}: {path}: {e}");
            BAD_INPUT
        })?;
    for warning in &tournament.warnings {
        let _ = writeln!(err, "kiela {command}: {path}: warning: {warning}");
    }
    Ok(tournament)
}

/// The file's bytes, or an error when it is larger than [`MAX_FILE_BYTES`] (a device such as
/// `/dev/zero` never ends: it is cut off at the limit, not read into memory whole).
fn read_limited(path: &str) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(path)?
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)?;
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "the file is larger than {} MiB, the most a TRF file may be",
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(bytes)
}
