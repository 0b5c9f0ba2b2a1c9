//! The file's own totals against its results. Programs write an unplayed round in different
//! ways, and some leave it blank (`0000 -  `, or nothing at all) although they scored it: the
//! player's written total then tells what the blank rounds were worth. TRF-2026 reads a blank
//! as a zero-point bye; where the total says more, the blank rounds become full-point and
//! half-point byes making up the difference, and a warning says so. A total that no such
//! reading explains is reported, and the results are kept as written.

use super::TrfTournament;
use super::problems::TrfWarning;
use crate::tournament::history::Outcome;

pub(super) fn score_blank_rounds(t: &mut TrfTournament) {
    let points = t.points;
    let full_gain = points.full_bye.saturating_sub(points.zero_bye);
    let half_gain = points.half_bye.saturating_sub(points.zero_bye);
    // The total may be written before the byes entered for the next round count (a column
    // holding only byes) or after: either agrees.
    let played = (0..t.rounds_written())
        .rev()
        .find(|&r| t.players.iter().any(|p| p.history.round(r).participated()))
        .map_or(0, |r| r + 1);
    let mut warnings = Vec::new();
    for (i, player) in t.players.iter_mut().enumerate() {
        let rounds = player.history.rounds.len();
        let computed = player.history.score_after(rounds, &points);
        let Some(written) = player.points_written else {
            continue;
        };
        if written == computed || written == player.history.score_after(played, &points) {
            continue;
        }
        let blanks = player.blank_rounds.clone();
        let split = (written > computed)
            .then(|| byes_making_up(written - computed, blanks.len(), full_gain, half_gain))
            .flatten();
        let Some((full, half)) = split else {
            warnings.push(TrfWarning::TotalDisagrees {
                player: i + 1,
                written,
                computed,
            });
            continue;
        };
        let mut changed = Vec::new();
        for (k, &r) in blanks.iter().enumerate().take(full + half) {
            let entry = &mut player.history.rounds[r];
            entry.outcome = if k < full {
                Outcome::FullBye
            } else {
                Outcome::HalfBye
            };
            player.has_entry[r] = true;
            changed.push(r + 1);
        }
        warnings.push(TrfWarning::AbsenceScored {
            player: i + 1,
            rounds: changed,
            points: written - computed,
        });
    }
    t.warnings.extend(warnings);
}

/// How many full-point and half-point byes among `blanks` rounds make up `missing` points:
/// all of one kind when that fits, else the fewest byes (full ones first).
fn byes_making_up(
    missing: u32,
    blanks: usize,
    full_gain: u32,
    half_gain: u32,
) -> Option<(usize, usize)> {
    let n = u32::try_from(blanks).ok()?;
    if half_gain > 0 && missing == n * half_gain {
        return Some((0, blanks));
    }
    if full_gain > 0 && missing == n * full_gain {
        return Some((blanks, 0));
    }
    // For each number of full-point byes, the half-point ones are what is left: one pass.
    let mut best: Option<(usize, usize)> = None;
    for full in 0..=blanks {
        let Some(rest) = missing.checked_sub(u32::try_from(full).ok()?.saturating_mul(full_gain))
        else {
            break;
        };
        let half = match (rest, half_gain) {
            (0, _) => 0,
            (_, 0) => continue,
            (rest, gain) if rest % gain == 0 => usize::try_from(rest / gain).ok()?,
            _ => continue,
        };
        if full + half <= blanks && best.is_none_or(|(bf, bh)| full + half < bf + bh) {
            best = Some((full, half));
        }
    }
    best.filter(|(f, h)| f + h > 0)
}

#[cfg(test)]
mod tests {
    use super::byes_making_up;

    #[test]
    fn blank_rounds_make_up_the_total() {
        assert_eq!(byes_making_up(10, 2, 10, 5), Some((0, 2)), "two halves");
        assert_eq!(byes_making_up(20, 2, 10, 5), Some((2, 0)));
        assert_eq!(
            byes_making_up(15, 3, 10, 5),
            Some((0, 3)),
            "all of one kind first"
        );
        assert_eq!(byes_making_up(15, 2, 10, 5), Some((1, 1)));
        assert_eq!(byes_making_up(5, 1, 10, 5), Some((0, 1)));
        assert_eq!(
            byes_making_up(30, 2, 10, 5),
            None,
            "more than the blanks can give"
        );
        assert_eq!(byes_making_up(3, 2, 10, 5), None);
    }
}
