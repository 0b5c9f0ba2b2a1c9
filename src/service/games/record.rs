//! A record sent for a game, read, related to the pairing and verified by the rules engine.

use sha2::{Digest, Sha256};

use super::submit::Refusal;
use crate::domain::{Event, Mismatch, Player, StoredResult};
use crate::rules::{
    self, GameResult, Hole, Position, Record, Side, Termination, Variant, Verdict, VerdictKind,
    Verified,
};

/// A verified, finished record of this game.
#[derive(Clone, Debug)]
pub(super) struct Checked {
    /// The result from the first mover's side.
    pub result: StoredResult,
    pub termination: Option<Termination>,
    pub plies: u32,
    pub final_position: Position,
    pub verdict: VerdictKind,
    /// Identifies the game recorded (moves and outcome), to tell equal submissions apart.
    pub fingerprint: String,
}

/// Reads and verifies a record for the game between `first` (who moves first) and `second`.
/// The event's variant applies when the record names none; the variant, the start and the
/// players' names in the record must agree with the pairing; the game must be over.
pub(super) fn check_record(
    text: &str,
    event: &Event,
    first: &Player,
    second: &Player,
) -> Result<Checked, Box<Refusal>> {
    let record = match rules::parse_record(text) {
        Ok(r) => r.with_default_variant(event.variant),
        Err(e) => return Err(Refusal::invalid(&Verdict::BadRecord(e))),
    };
    let first_side = agree_with_pairing(&record, event.variant, &first.name, &second.name)?;
    let verdict = Verdict::of(Ok(&record));
    let verified = match &verdict {
        Verdict::Accepted(v) => v,
        Verdict::BadRecord(_) | Verdict::Rejected(_) => return Err(Refusal::invalid(&verdict)),
    };
    let Some(result) = stored_result(verified, first_side) else {
        return Err(Refusal::unfinished(&verdict));
    };
    Ok(Checked {
        result,
        termination: verified.termination,
        plies: verified.plies,
        final_position: verified.final_position,
        verdict: verified.kind,
        fingerprint: fingerprint(&record, first_side, result, verified.termination),
    })
}

/// A record carried in an archive, verified again: what the record itself says.
#[derive(Clone, Debug)]
pub(crate) struct Reverified {
    /// The result from the first mover's side; `None` for a game not over on its record.
    pub result: Option<StoredResult>,
    pub termination: Option<Termination>,
    pub plies: u32,
    pub final_position: String,
    pub verdict: VerdictKind,
    /// As [`Checked::fingerprint`]; for a game not over, the record's own digest.
    pub fingerprint: String,
}

/// Reads and verifies a record an archive carries for the game between the entries named
/// `first` (who moves first) and `second`: the same checks as a record sent here, except that
/// an unfinished record (an adjudicated game's) is answered, not refused.
pub(crate) fn reverify(
    text: &str,
    variant: Variant,
    first: &str,
    second: &str,
) -> Result<Reverified, Box<Refusal>> {
    let record = match rules::parse_record(text) {
        Ok(r) => r.with_default_variant(variant),
        Err(e) => return Err(Refusal::invalid(&Verdict::BadRecord(e))),
    };
    let first_side = agree_with_pairing(&record, variant, first, second)?;
    let verdict = Verdict::of(Ok(&record));
    let verified = match &verdict {
        Verdict::Accepted(v) => v,
        Verdict::BadRecord(_) | Verdict::Rejected(_) => return Err(Refusal::invalid(&verdict)),
    };
    let result = stored_result(verified, first_side);
    Ok(Reverified {
        result,
        termination: verified.termination,
        plies: verified.plies,
        final_position: verified.final_position.to_string(),
        verdict: verified.kind,
        fingerprint: match result {
            Some(r) => fingerprint(&record, first_side, r, verified.termination),
            None => hex::encode(Sha256::digest(text.as_bytes())),
        },
    })
}

/// The side that moves first, once the record's variant, start and names agree with the
/// pairing.
fn agree_with_pairing(
    record: &Record,
    variant: Variant,
    first: &str,
    second: &str,
) -> Result<Side, Box<Refusal>> {
    if record.header.variant != variant {
        return Err(Refusal::mismatch(Mismatch::Variant {
            sent: record.header.variant,
            event: variant,
        }));
    }
    // A record written from a position names its side to move in the position.
    let first_side = match record.header.position {
        Some(position) => {
            if position.board != variant.start_position(position.to_move).board {
                return Err(Refusal::mismatch(Mismatch::Position));
            }
            position.to_move
        }
        None => record.header.first,
    };
    let (south, north) = match first_side {
        Side::South => (first, second),
        Side::North => (second, first),
    };
    for (tag, player) in [("South", south), ("North", north)] {
        if let Some(name) = record.tag(tag)
            && !names_match(name, player)
        {
            // A name quoted back is cut short: it is whatever the sender wrote.
            let quoted: String = name
                .chars()
                .take(crate::service::entrant::MAX_FIELD)
                .collect();
            return Err(Refusal::mismatch(Mismatch::Name {
                tag: tag.to_string(),
                sent: quoted,
                paired: player.to_string(),
            }));
        }
    }
    Ok(first_side)
}

/// The result from the first mover's side; `None` for a game not over.
fn stored_result(verified: &Verified, first_side: Side) -> Option<StoredResult> {
    if verified.kind == VerdictKind::ValidUnfinished {
        return None;
    }
    let winner = match verified.result {
        GameResult::SouthWins => Side::South,
        GameResult::NorthWins => Side::North,
        GameResult::Draw => return Some(StoredResult::Draw),
        GameResult::Unfinished => return None,
    };
    Some(if winner == first_side {
        StoredResult::FirstWins
    } else {
        StoredResult::SecondWins
    })
}

/// The same game recorded twice (other comments, other spacing) has the same fingerprint.
fn fingerprint(
    record: &Record,
    first_side: Side,
    result: StoredResult,
    termination: Option<Termination>,
) -> String {
    let moves: Vec<String> = record.moves.iter().map(rules::PlyToken::text).collect();
    hex::encode(Sha256::digest(
        format!(
            "{}|{}|{}|{}",
            first_side.letter(),
            moves.join(" "),
            result.as_str(),
            termination.map_or("", |t| t.as_str())
        )
        .as_bytes(),
    ))
}

fn names_match(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    norm(a) == norm(b)
}

/// The replay of a final game's record, for the game page: the start, then the position after
/// each ply, with the move text and the stones captured.
pub(super) struct Replayed {
    pub first_side: Side,
    /// The result the record itself reaches, from the first mover's side (`None`: not over).
    pub result: Option<StoredResult>,
    pub positions: Vec<String>,
    pub moves: Vec<String>,
    pub captured: Vec<u32>,
    pub marks: Vec<PlyMarks>,
}

/// What a ply did on the board, for drawing it: the hole played, the holes sown in order (a
/// hole again on each lap that reaches it), where relays started, where the last stone fell,
/// and the opponent's holes emptied by captures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyMarks {
    pub played: Option<Hole>,
    pub path: Vec<Hole>,
    pub relays: Vec<Hole>,
    pub last: Option<Hole>,
    pub captured: Vec<Hole>,
}

impl PlyMarks {
    fn of(step: &rules::PlyStep) -> PlyMarks {
        let laps = &step.report.sown;
        let mover = laps.first().map(|l| l.from.side());
        PlyMarks {
            played: laps.first().map(|l| l.from),
            path: laps.iter().flat_map(rules::Lap::holes).collect(),
            relays: laps.iter().skip(1).map(|l| l.from).collect(),
            last: laps.last().map(|l| l.to),
            captured: step
                .report
                .captures
                .iter()
                .flat_map(|c| {
                    let opponent = mover.map_or(Side::North, Side::opponent);
                    let slot = c.landing.slot();
                    // The facing inner hole and the outer hole behind it.
                    [
                        Hole::from_slot(opponent, rules::HOLES_PER_SIDE - 1 - slot),
                        Hole::from_slot(opponent, slot),
                    ]
                })
                .flatten()
                .collect(),
        }
    }
}

pub(super) fn replay(text: &str, event: &Event) -> Option<Replayed> {
    let record = rules::parse_record(text)
        .ok()?
        .with_default_variant(event.variant);
    let replay = rules::replay(&record).ok()?;
    let first_side = record
        .header
        .position
        .map_or(record.header.first, |p| p.to_move);
    let mut out = Replayed {
        first_side,
        result: stored_result(&replay.verified, first_side),
        positions: vec![replay.start.to_string()],
        moves: Vec::new(),
        captured: Vec::new(),
        marks: Vec::new(),
    };
    for step in &replay.steps {
        out.positions.push(step.after.to_string());
        out.moves.push(step.mv.to_string());
        out.captured.push(step.report.stones_captured());
        out.marks.push(PlyMarks::of(step));
    }
    Some(out)
}

/// A game that stopped before its end, as a record gives it: where it stands, and the moves
/// that lead there.
pub(super) struct Stopped {
    pub game: rules::Game,
    /// Who moved first (South or North, by the pairing).
    pub first_side: Side,
    /// The moves played, in KGN.
    pub moves: Vec<String>,
}

/// Reads the record of a game that stopped before its end (an adjudication's position): it
/// must agree with the pairing and be legal, and the game must not be over on the board.
pub(super) fn stopped_game(
    text: &str,
    event: &Event,
    first: &Player,
    second: &Player,
) -> Result<Stopped, Box<Refusal>> {
    let record = match rules::parse_record(text) {
        Ok(r) => r.with_default_variant(event.variant),
        Err(e) => return Err(Refusal::invalid(&Verdict::BadRecord(e))),
    };
    let first_side = agree_with_pairing(&record, event.variant, &first.name, &second.name)?;
    let verdict = Verdict::of(Ok(&record));
    match &verdict {
        Verdict::Accepted(v) if v.kind == VerdictKind::Valid => {
            return Err(Refusal::over_on_board(&verdict));
        }
        Verdict::Accepted(_) => {}
        Verdict::BadRecord(_) | Verdict::Rejected(_) => return Err(Refusal::invalid(&verdict)),
    }
    let mut game = record.start();
    let mut moves = Vec::with_capacity(record.moves.len());
    for token in &record.moves {
        // The verdict replayed every move: each is read and legal.
        let Ok(mv) = &token.parsed else {
            return Err(Refusal::invalid(&verdict));
        };
        let Ok((next, _)) = game.play(mv) else {
            return Err(Refusal::invalid(&verdict));
        };
        game = next;
        moves.push(mv.to_string());
    }
    Ok(Stopped {
        game,
        first_side,
        moves,
    })
}
