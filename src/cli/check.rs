//! `kiela check FILE.trf`: pairs every round of a Swiss tournament again with the FIDE Dutch
//! engine, from the rounds before it, and reports each round the file records differently
//! (the check bbpPairings and JaVaFo offer), so a federation can audit an event run with
//! other software.
//!
//! Exit status: 0 every round agrees, 1 some round differs, 2 bad input.

use std::io::Write;

use super::trf_file::{self, BAD_INPUT};
use crate::tournament::trf_pairing;

/// Checks every round; returns the exit status.
pub fn run(path: &str, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let tournament = match trf_file::load("check", path, err) {
        Ok(t) => t,
        Err(status) => return status,
    };
    let checks = trf_pairing::check_rounds(&tournament);
    let rounds = checks.len();
    let mut text = String::new();
    let mut differing = 0;
    for check in checks {
        let round = check.round;
        if check.differences.is_empty() {
            text.push_str(&format!("round {round}: as the Dutch system pairs it\n"));
        } else {
            differing += 1;
            text.push_str(&format!("round {round}: differs\n"));
            for line in check.differences {
                text.push_str(&format!("  {line}\n"));
            }
        }
    }
    text.push_str(&format!(
        "{rounds} rounds checked, {differing} paired differently\n"
    ));
    if out.write_all(text.as_bytes()).is_err() {
        return BAD_INPUT;
    }
    i32::from(differing > 0)
}
