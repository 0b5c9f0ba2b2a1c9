//! Final places of a knockout, from its decided matches: the champion first, then the other
//! finalist, then each group of players by how far they got. Players who went out in the same
//! round share a band of places (`5-8`), listed by seed inside it; a third-place match splits
//! its band in two. In double elimination the places below the final follow the round each
//! player left the losers' bracket (a winners' bracket loss only moves a player down).

use super::knockout::Part;

/// A match that has a winner and a loser (a bye has no loser and places nobody).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided<T> {
    pub part: Part,
    /// The round of its part of the bracket (1-based).
    pub part_round: usize,
    pub winner: T,
    pub loser: T,
}

/// A player's place: `place` alone, or the band `place`..=`place_to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place<T> {
    pub player: T,
    pub place: usize,
    pub place_to: usize,
}

/// The final places of a finished knockout whose champion is `champion`; `seed_of` orders the
/// players inside a band (lower first). Players the matches do not place (none, once the
/// knockout is over) are left out.
#[must_use]
pub fn knockout_places<T: Copy + Eq>(
    matches: &[Decided<T>],
    champion: T,
    seed_of: impl Fn(T) -> usize,
) -> Vec<Place<T>> {
    let mut groups: Vec<Vec<T>> = vec![vec![champion]];
    let double = matches.iter().any(|m| m.part == Part::Losers);
    // The other finalist: the loser of the last match of the final (its reset, if played).
    let finals = [Part::GrandFinalReset, Part::GrandFinal];
    let final_match = if double {
        finals
            .iter()
            .find_map(|part| matches.iter().find(|m| m.part == *part))
    } else {
        matches
            .iter()
            .filter(|m| m.part == Part::Winners)
            .max_by_key(|m| m.part_round)
    };
    let Some(final_match) = final_match else {
        return vec![Place {
            player: champion,
            place: 1,
            place_to: 1,
        }];
    };
    let runner_up = if final_match.winner == champion {
        final_match.loser
    } else {
        final_match.winner
    };
    groups.push(vec![runner_up]);
    if double {
        // Out of the losers' bracket, the last round first.
        let last = matches
            .iter()
            .filter(|m| m.part == Part::Losers)
            .map(|m| m.part_round)
            .max()
            .unwrap_or(0);
        for round in (1..=last).rev() {
            groups.push(losers_of(matches, Part::Losers, round));
        }
    } else {
        let last = final_match.part_round;
        match matches.iter().find(|m| m.part == Part::ThirdPlace) {
            Some(third) => {
                groups.push(vec![third.winner]);
                groups.push(vec![third.loser]);
            }
            None if last > 1 => groups.push(losers_of(matches, Part::Winners, last - 1)),
            None => {}
        }
        for round in (1..last.saturating_sub(1)).rev() {
            groups.push(losers_of(matches, Part::Winners, round));
        }
    }
    let mut places = Vec::new();
    let mut next = 1;
    for mut group in groups.into_iter().filter(|g| !g.is_empty()) {
        group.sort_by_key(|p| seed_of(*p));
        let place_to = next + group.len() - 1;
        for player in group {
            if !places.iter().any(|p: &Place<T>| p.player == player) {
                places.push(Place {
                    player,
                    place: next,
                    place_to,
                });
            }
        }
        next = place_to + 1;
    }
    places
}

fn losers_of<T: Copy>(matches: &[Decided<T>], part: Part, round: usize) -> Vec<T> {
    matches
        .iter()
        .filter(|m| m.part == part && m.part_round == round)
        .map(|m| m.loser)
        .collect()
}

/// Places from a ranking that may hold ties (`rank` equal for tied rows, as standings give
/// it): tied rows share the band of the places they occupy.
#[must_use]
pub fn places_of_ranks(ranks: &[usize]) -> Vec<(usize, usize)> {
    ranks
        .iter()
        .map(|&rank| {
            let tied = ranks.iter().filter(|&&r| r == rank).count();
            (rank, rank + tied - 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(part: Part, part_round: usize, winner: u32, loser: u32) -> Decided<u32> {
        Decided {
            part,
            part_round,
            winner,
            loser,
        }
    }

    fn bands(places: &[Place<u32>]) -> Vec<(u32, usize, usize)> {
        places
            .iter()
            .map(|p| (p.player, p.place, p.place_to))
            .collect()
    }

    /// Eight players, seeds 1..8 by id: quarter-finals, semi-finals, final.
    #[test]
    fn single_elimination_bands_by_round() {
        let w = Part::Winners;
        let matches = [
            m(w, 1, 1, 8),
            m(w, 1, 4, 5),
            m(w, 1, 3, 6),
            m(w, 1, 2, 7),
            m(w, 2, 1, 4),
            m(w, 2, 3, 2),
            m(w, 3, 3, 1),
        ];
        let places = knockout_places(&matches, 3, |p| p as usize);
        assert_eq!(
            bands(&places),
            vec![
                (3, 1, 1),
                (1, 2, 2),
                (2, 3, 4),
                (4, 3, 4),
                (5, 5, 8),
                (6, 5, 8),
                (7, 5, 8),
                (8, 5, 8),
            ]
        );
    }

    #[test]
    fn a_third_place_match_splits_the_band() {
        let w = Part::Winners;
        let matches = [
            m(w, 1, 1, 4),
            m(w, 1, 3, 2),
            m(w, 2, 1, 3),
            m(Part::ThirdPlace, 1, 2, 4),
        ];
        let places = knockout_places(&matches, 1, |p| p as usize);
        assert_eq!(
            bands(&places),
            vec![(1, 1, 1), (3, 2, 2), (2, 3, 3), (4, 4, 4)]
        );
    }

    /// Five players: seeds 1-3 have a bye in round 1; only the 4-5 match is played there.
    #[test]
    fn byes_place_nobody_and_bands_shrink() {
        let w = Part::Winners;
        let matches = [m(w, 1, 4, 5), m(w, 2, 1, 4), m(w, 2, 2, 3), m(w, 3, 1, 2)];
        let places = knockout_places(&matches, 1, |p| p as usize);
        assert_eq!(
            bands(&places),
            vec![(1, 1, 1), (2, 2, 2), (3, 3, 4), (4, 3, 4), (5, 5, 5)]
        );
    }

    /// Four players, double elimination with the reset played: the winners' bracket champion
    /// lost the first grand final and won the reset.
    #[test]
    fn double_elimination_places_follow_the_losers_bracket() {
        let (w, l) = (Part::Winners, Part::Losers);
        let matches = [
            m(w, 1, 1, 4),
            m(w, 1, 2, 3),
            m(w, 2, 1, 2),
            m(l, 1, 3, 4),
            m(l, 2, 2, 3),
            m(Part::GrandFinal, 1, 2, 1),
            m(Part::GrandFinalReset, 1, 1, 2),
        ];
        let places = knockout_places(&matches, 1, |p| p as usize);
        assert_eq!(
            bands(&places),
            vec![(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)]
        );
        // Without the reset, the grand final decides.
        let places = knockout_places(&matches[..6], 2, |p| p as usize);
        assert_eq!(bands(&places)[..2], [(2, 1, 1), (1, 2, 2)]);
    }

    #[test]
    fn tied_ranks_share_their_band() {
        assert_eq!(
            places_of_ranks(&[1, 2, 2, 4, 5, 5, 5]),
            vec![(1, 1), (2, 3), (2, 3), (4, 4), (5, 7), (5, 7), (5, 7)]
        );
    }
}
