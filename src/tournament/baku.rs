//! Baku acceleration (FIDE C.04.5.1): virtual points that keep the strongest players apart in
//! the first rounds of a large Swiss. They steer the pairing only, never the standings.

/// The virtual points (tenths, per player in pairing-number order, per round) of group A, the first half of the
/// field rounded up to an even number (2 × ⌈N/4⌉ players), gets a win's worth in the first half
/// (rounded up) of the accelerated rounds and a draw's worth in the rest; the accelerated rounds
/// are the first half of the event, rounded up.
#[must_use]
pub fn virtual_points(players: usize, total_rounds: usize, win: u32, draw: u32) -> Vec<Vec<u32>> {
    let group_a = 2 * players.div_ceil(4);
    let last_rank = group_a.saturating_sub(1);
    let last_round = total_rounds.saturating_sub(1) / 2;
    let last_full = last_round / 2;
    (0..players)
        .map(|rank| {
            if rank > last_rank || total_rounds == 0 {
                return Vec::new();
            }
            (0..=last_round)
                .map(|r| if r <= last_full { win } else { draw })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::virtual_points;

    #[test]
    fn baku_group_a_and_rounds_follow_the_fide_examples() {
        // 161 players: group A holds 82; nine rounds: five accelerated, three at a full point.
        let a = virtual_points(161, 9, 10, 5);
        assert_eq!(a.iter().filter(|v| !v.is_empty()).count(), 82);
        assert_eq!(a[0], vec![10, 10, 10, 5, 5]);
        assert_eq!(a[81], a[0]);
        assert!(a[82].is_empty());
        // Ten players: group A of six (half rounded up to an even number); six rounds: three
        // accelerated, two at a full point.
        let a = virtual_points(10, 6, 10, 5);
        assert_eq!(a.iter().filter(|v| !v.is_empty()).count(), 6);
        assert_eq!(a[5], vec![10, 10, 5]);
        assert!(a[6].is_empty());
    }
}
