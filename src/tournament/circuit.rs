//! A circuit: events grouped into a season (the provinces' qualifiers of the Prémio), with
//! standings by a points table and a qualification rule for the final.
//!
//! Each finished qualifier gives its places points from the table (the first place the first
//! number, and so on; places past the table score nothing). Players who share a place band
//! (`place`..=`place_to`) share its points: each gets the average of the band's numbers, as
//! tied players share prize money. The circuit ranks players by points, then by their best
//! place, then by the events they played. The top `n` of each qualifier go to the final; a
//! player already qualified by an earlier qualifier passes the place on to the next one.

/// One player's place in one finished qualifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    /// The player (a federation id).
    pub person: String,
    pub place: usize,
    /// The last place of the band shared (`place` when alone).
    pub place_to: usize,
}

/// A line of the circuit's standings.
#[derive(Clone, Debug, PartialEq)]
pub struct CircuitRow {
    pub rank: usize,
    pub person: String,
    pub points: f64,
    /// Qualifiers played.
    pub events: usize,
    /// The best place in any of them.
    pub best: usize,
}

/// The points a place band scores, per player.
#[must_use]
pub fn band_points(table: &[f64], place: usize, place_to: usize) -> f64 {
    let place = place.max(1);
    let place_to = place_to.max(place);
    let total: f64 = (place..=place_to)
        .map(|p| table.get(p - 1).copied().unwrap_or(0.0))
        .sum();
    total / (place_to - place + 1) as f64
}

/// The circuit's standings from its finished qualifiers, in order.
#[must_use]
pub fn standings(qualifiers: &[Vec<Placing>], table: &[f64]) -> Vec<CircuitRow> {
    let mut rows: Vec<CircuitRow> = Vec::new();
    let mut index: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for event in qualifiers {
        for placing in event {
            let i = *index.entry(placing.person.as_str()).or_insert_with(|| {
                rows.push(CircuitRow {
                    rank: 0,
                    person: placing.person.clone(),
                    points: 0.0,
                    events: 0,
                    best: usize::MAX,
                });
                rows.len() - 1
            });
            let row = &mut rows[i];
            row.points += band_points(table, placing.place, placing.place_to);
            row.events += 1;
            row.best = row.best.min(placing.place);
        }
    }
    let order = |a: &CircuitRow, b: &CircuitRow| {
        b.points
            .total_cmp(&a.points)
            .then(a.best.cmp(&b.best))
            .then(b.events.cmp(&a.events))
    };
    rows.sort_by(|a, b| order(a, b).then_with(|| a.person.cmp(&b.person)));
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && order(&rows[i - 1], &rows[i]).is_eq() {
            rows[i - 1].rank
        } else {
            i + 1
        };
    }
    rows
}

/// Who goes to the final: the top `per_event` of each qualifier, in the qualifiers' order,
/// each with the index of the qualifier that sent them.
#[must_use]
pub fn qualified(qualifiers: &[Vec<Placing>], per_event: usize) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for (e, event) in qualifiers.iter().enumerate() {
        let mut order: Vec<&Placing> = event.iter().collect();
        order.sort_by_key(|p| p.place);
        let mut taken = 0;
        for placing in order {
            if taken == per_event {
                break;
            }
            if out.iter().any(|(person, _)| *person == placing.person) {
                continue;
            }
            out.push((placing.person.clone(), e));
            taken += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(person: &str, place: usize, place_to: usize) -> Placing {
        Placing {
            person: person.into(),
            place,
            place_to,
        }
    }

    #[test]
    fn shared_places_share_their_points() {
        let table = [25.0, 18.0, 15.0];
        assert_eq!(band_points(&table, 1, 1), 25.0);
        assert_eq!(band_points(&table, 2, 3), 16.5);
        assert_eq!(band_points(&table, 3, 4), 7.5);
        assert_eq!(band_points(&table, 9, 9), 0.0);
    }

    #[test]
    fn points_add_up_across_qualifiers_and_rank_with_the_best_place() {
        let table = [10.0, 6.0, 4.0];
        let luanda = vec![at("A", 1, 1), at("B", 2, 2), at("C", 3, 3)];
        let huambo = vec![at("B", 1, 1), at("A", 2, 2), at("D", 3, 3)];
        let benguela = vec![at("C", 1, 1), at("D", 2, 2)];
        let rows = standings(&[luanda, huambo, benguela], &table);
        let summary: Vec<(usize, &str, f64)> = rows
            .iter()
            .map(|r| (r.rank, r.person.as_str(), r.points))
            .collect();
        // A and B both have 16 and a first place; C 14, D 10.
        assert_eq!(
            summary,
            [
                (1, "A", 16.0),
                (1, "B", 16.0),
                (3, "C", 14.0),
                (4, "D", 10.0)
            ]
        );
        assert_eq!(rows[2].events, 2);
        assert_eq!(rows[3].best, 2);
    }

    #[test]
    fn a_qualified_player_passes_the_place_on() {
        let luanda = vec![at("A", 1, 1), at("B", 2, 2), at("C", 3, 3)];
        let huambo = vec![at("A", 1, 1), at("D", 2, 2), at("B", 3, 3), at("E", 4, 4)];
        assert_eq!(
            qualified(&[luanda, huambo], 2),
            vec![
                ("A".to_string(), 0),
                ("B".to_string(), 0),
                ("D".to_string(), 1),
                ("E".to_string(), 1)
            ]
        );
        assert!(qualified(&[vec![at("A", 1, 1)]], 0).is_empty());
    }
}
