//! Distributing a prize fund over a final ranking: place prizes and category prizes, at most
//! one prize per player (the most valuable, or the first by the order of the lists), and tied
//! players sharing money equally, by the Hort system, or not at all (by tie-break).
//!
//! The rules, in the order they apply:
//! 1. Each prize goes to a player by tie-break order: the best-ranked player eligible for its
//!    list who has no prize of that list yet and, with one prize per player, no prize at all.
//!    Inside a list the prizes go in their order. With "most valuable", of the next prizes of
//!    all lists the largest is handed out first (a non-cash prize counts as worth nothing here,
//!    so a player who qualifies for money takes the money); at equal amounts the place list
//!    comes first, then the categories in their order. With "by order of the list", the place
//!    list is handed out first, then each category in turn.
//! 2. Then, per list, players level on points share the money of the places they took: the sum
//!    of their cash prizes of that list, divided equally (`Equal`); half of each player's own
//!    prize kept and the other half pooled and divided equally (`Hort`); or nothing shared
//!    (`TieBreak`). When the level group reaches past the list's last prize, its players beyond
//!    the boundary who have no prize share too. Cents left over from a division go to the
//!    best-ranked players of the group, one each. A non-cash prize is never shared.

/// A prize: money in minor units (centimos), or a thing named by the organiser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prize {
    Cash(i64),
    Goods(String),
}

impl Prize {
    fn cash(&self) -> i64 {
        match self {
            Prize::Cash(amount) => *amount,
            Prize::Goods(_) => 0,
        }
    }
}

/// How level players share money.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Sharing {
    Equal,
    Hort,
    TieBreak,
}

impl Sharing {
    /// Every rule, in the order a form offers them.
    pub const ALL: [Sharing; 3] = [Sharing::Equal, Sharing::Hort, Sharing::TieBreak];

    /// The stable code (`equal`, `hort`, `tiebreak`).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Sharing::Equal => "equal",
            Sharing::Hort => "hort",
            Sharing::TieBreak => "tiebreak",
        }
    }

    /// The rule of a code.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Sharing> {
        Sharing::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// Which prize a player who qualifies for several receives (with one prize per player).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    MostValuable,
    ListOrder,
}

/// The rules of a prize fund.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub sharing: Sharing,
    pub one_prize_per_player: bool,
    pub choice: Choice,
}

/// A list of prizes (the place list, or a category) and who may win them.
#[derive(Clone, Debug)]
pub struct PrizeList {
    pub prizes: Vec<Prize>,
    /// By player index: whether the player belongs to the list (everyone, for the places).
    pub eligible: Vec<bool>,
}

/// A player of the final ranking, in its order, with the points that tell ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranked {
    pub player: usize,
    /// Points in tenths.
    pub points: u32,
}

/// What a player receives from a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    pub list: usize,
    pub player: usize,
    /// The prize positions (0-based) the player's share comes from: one, or a shared band.
    pub positions: Vec<usize>,
    /// Money received, in minor units (after sharing).
    pub amount: i64,
    /// A non-cash prize received.
    pub goods: Option<String>,
    /// How many players shared this money (1: not shared).
    pub shared_by: usize,
}

/// Distributes the prize lists over the ranking (see the module's rules).
#[must_use]
pub fn distribute(ranking: &[Ranked], lists: &[PrizeList], rules: Rules) -> Vec<Award> {
    let recipients = assign(ranking, lists, rules);
    let mut awards = Vec::new();
    let mut has_prize: Vec<bool> =
        vec![false; ranking.iter().map(|r| r.player + 1).max().unwrap_or(0)];
    for r in &recipients {
        has_prize[r.1] = true;
    }
    // Level players without a prize join the share of a list they are level with. With one
    // prize per player, a player joins one such share only: the lists are taken as the choice
    // says (the most valuable first, or in their order), and a player who joined one share
    // joins no other. Before the first round, when every player is level, that is what keeps
    // the rule.
    let mut order: Vec<usize> = (0..lists.len()).collect();
    if rules.one_prize_per_player && rules.choice == Choice::MostValuable {
        order.sort_by_key(|&l| {
            std::cmp::Reverse(lists[l].prizes.iter().map(Prize::cash).max().unwrap_or(0))
        });
    }
    for l in order {
        let list = &lists[l];
        // This list's recipients in ranking order: (position, player).
        let mut got: Vec<(usize, usize)> = recipients
            .iter()
            .filter(|r| r.0 == l)
            .map(|r| (r.2, r.1))
            .collect();
        got.sort_by_key(|&(_, p)| rank_of(ranking, p));
        let shared = share(ranking, list, l, &got, &has_prize, rules.sharing);
        if rules.one_prize_per_player {
            for award in &shared {
                if let Some(taken) = has_prize.get_mut(award.player) {
                    *taken = true;
                }
            }
        }
        awards.extend(shared);
    }
    awards.sort_by_key(|a| {
        (
            a.list,
            a.positions.first().copied(),
            rank_of(ranking, a.player),
        )
    });
    awards
}

fn rank_of(ranking: &[Ranked], player: usize) -> usize {
    ranking
        .iter()
        .position(|r| r.player == player)
        .unwrap_or(usize::MAX)
}

fn eligible(list: &PrizeList, player: usize) -> bool {
    list.eligible.get(player).copied().unwrap_or(false)
}

/// Rule 1: (list, player, position) for every prize that finds a player. Inside a list the
/// prizes go in order (its 2nd prize never to a player above its 1st prize's winner); across
/// lists, with "most valuable", the largest next prize of any list is handed out first.
fn assign(ranking: &[Ranked], lists: &[PrizeList], rules: Rules) -> Vec<(usize, usize, usize)> {
    let mut taken: Vec<(usize, usize, usize)> = Vec::new();
    let mut next = vec![0usize; lists.len()];
    let available = |taken: &[(usize, usize, usize)], l: usize| {
        ranking
            .iter()
            .find(|r| {
                eligible(&lists[l], r.player)
                    && !taken.iter().any(|t| t.0 == l && t.1 == r.player)
                    && !(rules.one_prize_per_player && taken.iter().any(|t| t.1 == r.player))
            })
            .map(|r| r.player)
    };
    let by_value = rules.one_prize_per_player && rules.choice == Choice::MostValuable;
    loop {
        let open = (0..lists.len()).filter(|&l| next[l] < lists[l].prizes.len());
        let chosen = if by_value {
            // The largest next prize; at equal amounts the earlier list.
            open.filter(|&l| available(&taken, l).is_some())
                .max_by_key(|&l| (lists[l].prizes[next[l]].cash(), std::cmp::Reverse(l)))
        } else {
            open.min()
        };
        let Some(l) = chosen else {
            return taken;
        };
        match available(&taken, l) {
            Some(player) => taken.push((l, player, next[l])),
            // Nobody left for this list: its other prizes stay unawarded.
            None => next[l] = lists[l].prizes.len(),
        }
        if next[l] < lists[l].prizes.len() {
            next[l] += 1;
        }
    }
}

/// Rule 2 for one list: its recipients `(position, player)` in ranking order.
fn share(
    ranking: &[Ranked],
    list: &PrizeList,
    l: usize,
    got: &[(usize, usize)],
    has_prize: &[bool],
    sharing: Sharing,
) -> Vec<Award> {
    let points_of = |p: usize| {
        ranking
            .iter()
            .find(|r| r.player == p)
            .map_or(0, |r| r.points)
    };
    let last = got.last().map(|&(_, p)| rank_of(ranking, p));
    let mut awards = Vec::new();
    let mut done = vec![false; got.len()];
    for i in 0..got.len() {
        if done[i] {
            continue;
        }
        let points = points_of(got[i].1);
        let group: Vec<usize> = (i..got.len())
            .filter(|&j| points_of(got[j].1) == points)
            .collect();
        for &j in &group {
            done[j] = true;
        }
        // Level players past the last prize of the list, without any prize, share too.
        let beyond: Vec<usize> = ranking
            .iter()
            .filter(|r| {
                r.points == points
                    && last.is_some_and(|last| rank_of(ranking, r.player) > last)
                    && eligible(list, r.player)
                    && !has_prize.get(r.player).copied().unwrap_or(true)
            })
            .map(|r| r.player)
            .collect();
        let holders: Vec<(usize, usize)> = group.iter().map(|&j| got[j]).collect();
        let pool: i64 = holders.iter().map(|&(k, _)| list.prizes[k].cash()).sum();
        let members = holders.len() + beyond.len();
        let positions: Vec<usize> = holders.iter().map(|&(k, _)| k).collect();
        let shared = sharing != Sharing::TieBreak && members > 1 && pool > 0;
        let equal = divide(
            match sharing {
                Sharing::Equal => pool,
                Sharing::Hort => {
                    pool - holders
                        .iter()
                        .map(|&(k, _)| list.prizes[k].cash() / 2)
                        .sum::<i64>()
                }
                Sharing::TieBreak => 0,
            },
            members,
        );
        for (n, &(k, player)) in holders.iter().enumerate() {
            let own = list.prizes[k].cash();
            let amount = match sharing {
                _ if !shared => own,
                Sharing::Equal => equal[n],
                Sharing::Hort => own / 2 + equal[n],
                Sharing::TieBreak => own,
            };
            awards.push(Award {
                list: l,
                player,
                positions: if shared { positions.clone() } else { vec![k] },
                amount,
                goods: match &list.prizes[k] {
                    Prize::Goods(name) => Some(name.clone()),
                    Prize::Cash(_) => None,
                },
                shared_by: if shared { members } else { 1 },
            });
        }
        if shared {
            for (n, &player) in beyond.iter().enumerate() {
                awards.push(Award {
                    list: l,
                    player,
                    positions: positions.clone(),
                    amount: equal[holders.len() + n],
                    goods: None,
                    shared_by: members,
                });
            }
        }
    }
    awards
}

/// `total` in `parts` shares as equal as cents allow, the larger ones first.
fn divide(total: i64, parts: usize) -> Vec<i64> {
    let parts_i = i64::try_from(parts.max(1)).unwrap_or(1);
    let base = total / parts_i;
    let extra = usize::try_from(total - base * parts_i).unwrap_or(0);
    (0..parts.max(1))
        .map(|i| base + i64::from(i < extra))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: Rules = Rules {
        sharing: Sharing::Equal,
        one_prize_per_player: true,
        choice: Choice::MostValuable,
    };

    fn ranking(points: &[u32]) -> Vec<Ranked> {
        points
            .iter()
            .enumerate()
            .map(|(player, &points)| Ranked { player, points })
            .collect()
    }

    fn cash(amounts: &[i64]) -> Vec<Prize> {
        amounts.iter().map(|&a| Prize::Cash(a)).collect()
    }

    fn everyone(n: usize) -> Vec<bool> {
        vec![true; n]
    }

    /// (list, player, amount) of every award.
    fn paid(awards: &[Award]) -> Vec<(usize, usize, i64)> {
        awards
            .iter()
            .map(|a| (a.list, a.player, a.amount))
            .collect()
    }

    /// 1,500 / 750 / 400 for the first three; players 1 and 2 level on 4.5 share 750 + 400.
    #[test]
    fn level_players_share_the_places_they_take() {
        let order = ranking(&[50, 45, 45, 40]);
        let lists = [PrizeList {
            prizes: cash(&[150_000, 75_000, 40_000]),
            eligible: everyone(4),
        }];
        let awards = distribute(&order, &lists, ALL);
        assert_eq!(
            paid(&awards),
            vec![(0, 0, 150_000), (0, 1, 57_500), (0, 2, 57_500)]
        );
        assert_eq!(awards[1].positions, vec![1, 2]);
        assert_eq!(awards[1].shared_by, 2);
    }

    /// Three players level on 4.0 at places 3-5, prizes only down to 4th: the three share
    /// 3rd and 4th (400 + 200 = 600, 200 each).
    #[test]
    fn a_tie_across_the_prize_boundary_shares_with_those_beyond_it() {
        let order = ranking(&[50, 45, 40, 40, 40, 30]);
        let lists = [PrizeList {
            prizes: cash(&[1000, 700, 400, 200]),
            eligible: everyone(6),
        }];
        let awards = distribute(&order, &lists, ALL);
        assert_eq!(
            paid(&awards),
            vec![
                (0, 0, 1000),
                (0, 1, 700),
                (0, 2, 200),
                (0, 3, 200),
                (0, 4, 200)
            ]
        );
        // By the Hort system the holders keep half their own prize: 200 + 100, 100 + 100, and
        // the player beyond the boundary gets a third of the pooled 300: 100.
        let hort = Rules {
            sharing: Sharing::Hort,
            ..ALL
        };
        let awards = distribute(&order, &lists, hort);
        assert_eq!(
            paid(&awards)[2..].to_vec(),
            vec![(0, 2, 300), (0, 3, 200), (0, 4, 100)]
        );
        // By tie-break only, nobody shares.
        let strict = Rules {
            sharing: Sharing::TieBreak,
            ..ALL
        };
        let awards = distribute(&order, &lists, strict);
        assert_eq!(paid(&awards)[2..].to_vec(), vec![(0, 2, 400), (0, 3, 200)]);
    }

    /// Player 2 is a woman, a junior and from Luanda; each category has one prize. She takes
    /// the most valuable prize she can (the place prize, 400), and the categories go on to the
    /// next players in them.
    #[test]
    fn a_player_in_three_categories_gets_one_prize_the_most_valuable() {
        let order = ranking(&[60, 50, 40, 30, 20]);
        let women = [false, false, true, true, false];
        let juniors = [false, false, true, false, true];
        let luanda = [false, true, true, false, true];
        let lists = [
            PrizeList {
                prizes: cash(&[1000, 700, 400]),
                eligible: everyone(5),
            },
            PrizeList {
                prizes: cash(&[150]),
                eligible: women.to_vec(),
            },
            PrizeList {
                prizes: cash(&[120]),
                eligible: juniors.to_vec(),
            },
            PrizeList {
                prizes: cash(&[100]),
                eligible: luanda.to_vec(),
            },
        ];
        let awards = distribute(&order, &lists, ALL);
        assert_eq!(
            paid(&awards),
            vec![
                (0, 0, 1000),
                (0, 1, 700),
                (0, 2, 400),
                (1, 3, 150),
                (2, 4, 120),
            ]
        );
        // By order of the lists the result is the same here; with no limit of one prize per
        // player she collects all three categories too, and so does player 1 (Luanda).
        let many = Rules {
            one_prize_per_player: false,
            ..ALL
        };
        let awards = distribute(&order, &lists, many);
        assert!(paid(&awards).contains(&(1, 2, 150)));
        assert!(paid(&awards).contains(&(2, 2, 120)));
        assert!(paid(&awards).contains(&(3, 1, 100)));
    }

    /// The women's 500 is worth more than 2nd place's 100: the woman in 2nd takes it, and 2nd
    /// place goes to the next player.
    #[test]
    fn with_everyone_level_nobody_gets_two_prizes() {
        // Before the first round: twelve players on 0 points, places 1-5, the best woman, the
        // best junior; players 0, 2 and 4 are women, 1, 2 and 3 juniors.
        let ranking = ranking(&[0; 12]);
        let women: Vec<bool> = (0..12).map(|p| [0, 2, 4, 7, 9].contains(&p)).collect();
        let juniors: Vec<bool> = (0..12).map(|p| [1, 2, 3, 8, 10].contains(&p)).collect();
        let lists = [
            PrizeList {
                prizes: cash(&[5000, 3000, 2000, 1000, 500]),
                eligible: everyone(12),
            },
            PrizeList {
                prizes: cash(&[800]),
                eligible: women,
            },
            PrizeList {
                prizes: cash(&[600]),
                eligible: juniors,
            },
        ];
        for choice in [Choice::MostValuable, Choice::ListOrder] {
            for sharing in Sharing::ALL {
                let rules = Rules {
                    sharing,
                    one_prize_per_player: true,
                    choice,
                };
                let awards = distribute(&ranking, &lists, rules);
                let mut players: Vec<usize> = awards.iter().map(|a| a.player).collect();
                let all = players.len();
                players.sort_unstable();
                players.dedup();
                assert_eq!(players.len(), all, "{choice:?} {sharing:?}: {awards:?}");
                // Every prize's money is handed out.
                let paid: i64 = awards.iter().map(|a| a.amount).sum();
                assert_eq!(paid, 12_900, "{choice:?} {sharing:?}: {awards:?}");
            }
        }
    }

    #[test]
    fn a_more_valuable_category_prize_moves_the_place_prize_on() {
        let order = ranking(&[50, 40, 30]);
        let lists = [
            PrizeList {
                prizes: cash(&[1000, 100]),
                eligible: everyone(3),
            },
            PrizeList {
                prizes: cash(&[500]),
                eligible: vec![false, true, false],
            },
        ];
        let awards = distribute(&order, &lists, ALL);
        assert_eq!(paid(&awards), vec![(0, 0, 1000), (0, 2, 100), (1, 1, 500)]);
        // By order of the lists she takes 2nd place, and the women's prize finds nobody else.
        let listed = Rules {
            choice: Choice::ListOrder,
            ..ALL
        };
        let awards = distribute(&order, &lists, listed);
        assert_eq!(paid(&awards), vec![(0, 0, 1000), (0, 1, 100)]);
    }

    /// A category with more prizes than players: the prizes nobody can take stay unawarded.
    #[test]
    fn a_category_with_fewer_players_than_prizes() {
        let order = ranking(&[50, 40, 30]);
        let lists = [
            PrizeList {
                prizes: cash(&[500]),
                eligible: everyone(3),
            },
            PrizeList {
                prizes: cash(&[200, 100, 50]),
                eligible: vec![false, true, false],
            },
        ];
        let awards = distribute(&order, &lists, ALL);
        assert_eq!(paid(&awards), vec![(0, 0, 500), (1, 1, 200)]);
    }

    /// A trophy for the winner and a book for 3rd are not shared and are worth nothing when
    /// choosing: the winner, who also qualifies for the women's 300, takes the money; the
    /// trophy goes on to the next player; level players share only the money.
    #[test]
    fn non_cash_prizes() {
        let order = ranking(&[50, 40, 40, 30]);
        let lists = [
            PrizeList {
                prizes: vec![
                    Prize::Goods("Troféu".into()),
                    Prize::Cash(600),
                    Prize::Goods("Livro".into()),
                ],
                eligible: everyone(4),
            },
            PrizeList {
                prizes: cash(&[300]),
                eligible: vec![true, false, false, false],
            },
        ];
        let awards = distribute(&order, &lists, ALL);
        let by_player = |p: usize| awards.iter().find(|a| a.player == p).unwrap();
        assert_eq!(by_player(0).list, 1, "the winner takes the women's money");
        assert_eq!(by_player(0).amount, 300);
        // The place list then goes in order: the trophy to player 1, 600 to player 2, the book
        // to player 3. Players 1 and 2 are level: they share the 600; the trophy stays.
        assert_eq!(by_player(1).goods.as_deref(), Some("Troféu"));
        assert_eq!(by_player(1).amount, 300);
        assert_eq!(by_player(2).amount, 300);
        assert_eq!(by_player(2).goods, None);
        assert_eq!(by_player(3).goods.as_deref(), Some("Livro"));
    }

    /// The worked example of docs/tournaments.md.
    #[test]
    fn the_documented_example() {
        let order = ranking(&[50, 45, 45, 45, 40]);
        let lists = [
            PrizeList {
                prizes: cash(&[150_000, 75_000, 40_000, 20_000]),
                eligible: everyone(5),
            },
            PrizeList {
                prizes: cash(&[15_000]),
                eligible: vec![false, false, true, false, true],
            },
        ];
        let equal = distribute(&order, &lists, ALL);
        assert_eq!(
            paid(&equal),
            vec![
                (0, 0, 150_000),
                (0, 1, 45_000),
                (0, 2, 45_000),
                (0, 3, 45_000),
                (1, 4, 15_000)
            ]
        );
        let hort = Rules {
            sharing: Sharing::Hort,
            ..ALL
        };
        let amounts: Vec<i64> = distribute(&order, &lists, hort)
            .iter()
            .map(|a| a.amount)
            .collect();
        assert_eq!(amounts, vec![150_000, 60_000, 42_500, 32_500, 15_000]);
    }

    #[test]
    fn cents_left_over_go_to_the_best_ranked() {
        assert_eq!(divide(1000, 3), vec![334, 333, 333]);
        assert_eq!(divide(0, 2), vec![0, 0]);
    }
}
