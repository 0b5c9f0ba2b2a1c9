//! The matching's graph as the Dutch procedure defines it, held without a weight per pair.
//!
//! A Dutch weight depends on the two players only through what kind of player each is
//! (score, colour state, floats, bye eligibility, games played) and where they stand in the
//! bracket being paired, except for one thing: whether they may meet at all. So a weight is
//! looked up: a table of bits says which pairs may not meet, each player has a kind, and a
//! small table per pair of kinds holds the weight's class (an interned value). What the
//! procedure then adds to decide between pairs is a small number per row of the bracket:
//! the moved-down players' bonus, the exchange order of the remainder, or the one row it is
//! deciding. What grows with the square of the field is two tables of a bit per pair (who
//! has met whom, and what the procedure ruled out), where a stored weight took 12 bytes.
//!
//! Pairs with a player outside the bracket keep the weights of the first matching (their
//! players' kinds only); pairs of two players moved down keep what earlier brackets left
//! them, copied when the bracket opens.

use rustc_hash::FxHashMap;

use crate::tournament::matching::EdgeWeights;
use crate::tournament::wide::Wide;

/// A position or class that is not there.
const NONE: u32 = u32::MAX;
/// A pair of kinds that makes no edge.
const NO_EDGE: u32 = u32::MAX - 1;
/// Added to every rest and taken from every class value, so that a rest stays a non-negative
/// word while the procedure lowers a weight by a few units.
const BIAS: u64 = 1 << 62;

/// A square table of bits, symmetric.
pub(super) struct Bits {
    stride: usize,
    words: Vec<u64>,
}

impl Bits {
    pub(super) fn new(size: usize) -> Self {
        let stride = size.div_ceil(64);
        Bits {
            stride,
            words: vec![0; stride * size],
        }
    }

    #[inline(always)]
    fn get(&self, a: usize, b: usize) -> bool {
        self.get_in_row(self.row_start(a), b)
    }

    /// Where row `a` begins, for a run of reads along it.
    #[inline(always)]
    fn row_start(&self, a: usize) -> usize {
        a * self.stride
    }

    #[inline(always)]
    fn get_in_row(&self, row_start: usize, b: usize) -> bool {
        self.words[row_start + b / 64] >> (b % 64) & 1 == 1
    }

    pub(super) fn set(&mut self, a: usize, b: usize) {
        for (x, y) in [(a, b), (b, a)] {
            self.words[x * self.stride + y / 64] |= 1 << (y % 64);
        }
    }
}

/// Interned weights. The procedure reads a class's value; the matching reads it doubled, less
/// [`BIAS`], with its lowest word and residue.
struct Classes<const L: usize> {
    values: Vec<Wide<L>>,
    matching_values: Vec<Wide<L>>,
    lows: Vec<u64>,
    residues: Vec<u64>,
    index: FxHashMap<Wide<L>, u32>,
}

impl<const L: usize> Classes<L> {
    /// The class of a weight; `NO_EDGE` for zero.
    fn intern(&mut self, value: Wide<L>) -> u32 {
        if value.is_zero() {
            return NO_EDGE;
        }
        if let Some(&class) = self.index.get(&value) {
            return class;
        }
        let class = self.values.len() as u32;
        let mut doubled = value + value;
        doubled -= Wide::from_u64(BIAS);
        self.values.push(value);
        self.lows.push(doubled.low());
        self.residues.push(doubled.residue());
        self.matching_values.push(doubled);
        self.index.insert(value, class);
        class
    }
}

/// In test builds, every pair of players checks that their kinds decide their weight: a kind
/// that left out something a weight reads would pair wrongly without a word.
fn assert_kinds_decide<const L: usize>(classes: &mut Classes<L>, class: u32, weight: Wide<L>) {
    assert_eq!(
        class,
        classes.intern(weight),
        "two pairs of the same kinds have different weights"
    );
}

/// Players interned by kind: two players of one kind are the same to every weight.
pub(super) fn kinds<K: std::hash::Hash + Eq>(keys: impl Iterator<Item = K>) -> (Vec<u32>, usize) {
    let mut index: FxHashMap<K, u32> = FxHashMap::default();
    let kinds = keys
        .map(|key| {
            let next = index.len() as u32;
            *index.entry(key).or_insert(next)
        })
        .collect();
    (kinds, index.len())
}

/// Where the larger of a pair stands: with the bracket's residents, or in the next score
/// group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Region {
    Current,
    Next,
}

/// The small numbers the procedure adds to a bracket's weights, by row: each applies to the
/// pairs whose higher-ranked player (smaller position) owns the row.
#[derive(Clone)]
pub(super) struct Deltas {
    /// For each moved-down position: added to its pairs with the residents.
    moved_down: Vec<i64>,
    /// While the remainder's exchanges are decided: each member's offset, added to its pairs
    /// with later members ([`UNSET`] for a position that is no member).
    member_offset: Vec<i64>,
    /// The one row being decided ([`usize::MAX`] for none), and its own number for each later
    /// position it names ([`UNSET`] where the rules decide).
    row_owner: usize,
    row: Vec<i64>,
}

/// A delta that is not there.
const UNSET: i64 = i64::MIN;

impl Default for Deltas {
    fn default() -> Self {
        Deltas {
            moved_down: Vec::new(),
            member_offset: Vec::new(),
            row_owner: usize::MAX,
            row: Vec::new(),
        }
    }
}

impl Deltas {
    #[inline(always)]
    fn delta(&self, window: &Window, a: usize, b: usize) -> i64 {
        if self.row_owner == a && self.row[b] != UNSET {
            return self.row[b];
        }
        if a < window.moved_down {
            return if b < window.next_begin {
                self.moved_down[a]
            } else {
                0
            };
        }
        match (self.member_offset.get(a), self.member_offset.get(b)) {
            (Some(&offset), Some(&other)) if offset != UNSET && other != UNSET => offset,
            _ => 0,
        }
    }

    pub(super) fn set_moved_down(&mut self, a: usize, delta: i64) {
        self.moved_down[a] = delta;
    }

    /// The remainder's members (positions in a bracket of `size`) with their offsets, while
    /// the exchanges are decided.
    pub(super) fn set_member_offsets(&mut self, size: usize, members: &[(usize, i64)]) {
        self.member_offset.clear();
        self.member_offset.resize(size, UNSET);
        for &(p, offset) in members {
            self.member_offset[p] = offset;
        }
    }

    /// The exchanges are decided: members' pairs take their base weights again.
    pub(super) fn clear_member_offsets(&mut self) {
        self.member_offset.clear();
    }

    /// Row `a`'s own numbers for the positions given; the rest of the row follows the rules.
    pub(super) fn set_row(&mut self, a: usize, size: usize, numbers: &[(usize, i64)]) {
        self.row.clear();
        self.row.resize(size, UNSET);
        for &(b, d) in numbers {
            self.row[b] = d;
        }
        self.row_owner = a;
    }

    pub(super) fn clear_row(&mut self) {
        self.row_owner = usize::MAX;
    }
}

/// The bracket being paired: its vertices (positions in order), where its residents and its
/// next score group begin, its players' kinds, the weight of each pair of kinds, the pairs the
/// procedure has ruled out, and the pairs of moved-down players as they were left.
pub(super) struct Window {
    vertices: Vec<usize>,
    pos: Vec<u32>,
    moved_down: usize,
    next_begin: usize,
    /// For each position: where its row of the memo begins when it is the higher of a pair,
    /// and its column (with the region) when it is the lower.
    higher_at: Vec<u32>,
    lower_at: Vec<u32>,
    memo: Vec<u32>,
    ruled_out: Bits,
    moved_down_pairs: Vec<Option<(u32, u64)>>,
    deltas: Deltas,
}

impl Window {
    fn empty(vertices: usize) -> Self {
        Window {
            vertices: Vec::new(),
            pos: vec![NONE; vertices],
            moved_down: 0,
            next_begin: 0,
            higher_at: Vec::new(),
            lower_at: Vec::new(),
            memo: Vec::new(),
            ruled_out: Bits::new(0),
            moved_down_pairs: Vec::new(),
            deltas: Deltas::default(),
        }
    }

    #[inline(always)]
    fn memo_at(&self, a: usize, b: usize) -> usize {
        (self.higher_at[a] + self.lower_at[b]) as usize
    }
}

/// What the pairs of one vertex share, looked up once for a run of them.
#[derive(Clone, Copy)]
pub(super) struct Row {
    u: usize,
    is_dummy: bool,
    /// Where the vertex's row of [`Graph::forbidden`] begins.
    forbidden_at: usize,
    default_kind: usize,
    /// Its position in the bracket, or `NONE`.
    pos: u32,
}

/// The weights of the matching over the players to pair (vertices in pairing order), plus a
/// dummy vertex when their number is odd, joined with weight 1 to those who may get a bye.
pub(super) struct Graph<const L: usize> {
    dummy: Option<usize>,
    bye_eligible: Vec<bool>,
    forbidden: Bits,
    classes: Classes<L>,
    one: u32,
    default_kind: Vec<u32>,
    default_kinds: usize,
    default_memo: Vec<u32>,
    window: Window,
}

impl<const L: usize> Graph<L> {
    /// The graph of the first matching: `forbidden` says which vertices may not meet, and
    /// `weight(higher, lower)` is the weight of two vertices of the kinds in `default_kinds`.
    pub(super) fn new(
        bye_eligible: Vec<bool>,
        forbidden: Bits,
        default_kinds: (Vec<u32>, usize),
        weight: impl FnMut(usize, usize) -> Wide<L>,
    ) -> Self {
        let players = bye_eligible.len();
        let mut classes = Classes {
            values: Vec::new(),
            matching_values: Vec::new(),
            lows: Vec::new(),
            residues: Vec::new(),
            index: FxHashMap::default(),
        };
        let one = classes.intern(Wide::from_u64(1));
        let mut graph = Graph {
            dummy: (players % 2 == 1).then_some(players),
            bye_eligible,
            forbidden,
            classes,
            one,
            default_kind: default_kinds.0,
            default_kinds: default_kinds.1,
            default_memo: Vec::new(),
            window: Window::empty(players + 1),
        };
        graph.default_memo = graph.default_memo_of(weight);
        graph
    }

    fn players(&self) -> usize {
        self.bye_eligible.len()
    }

    /// Where the pair of a higher player of kind `higher` and a lower one of kind `lower`
    /// stands in the default memo.
    #[inline(always)]
    fn default_at(&self, higher: usize, lower: usize) -> usize {
        higher * self.default_kinds + lower
    }

    /// The default memo's index for two vertices, `higher` before `lower`.
    fn default_at_vertices(&self, higher: usize, lower: usize) -> usize {
        self.default_at(
            self.default_kind[higher] as usize,
            self.default_kind[lower] as usize,
        )
    }

    fn default_memo_of(&mut self, mut weight: impl FnMut(usize, usize) -> Wide<L>) -> Vec<u32> {
        let k = self.default_kinds;
        let mut memo = vec![NONE; k * k];
        for lower in 0..self.players() {
            for higher in 0..lower {
                let at = self.default_at_vertices(higher, lower);
                if memo[at] == NONE {
                    memo[at] = self.classes.intern(weight(higher, lower));
                } else if cfg!(debug_assertions) {
                    assert_kinds_decide(&mut self.classes, memo[at], weight(higher, lower));
                }
            }
        }
        memo
    }

    /// Gives every pair outside the bracket the weights `weight` defines (of kinds, as in
    /// [`Graph::new`]); returns, in order, the vertices whose edges changed (charged to the
    /// lower of each pair).
    pub(super) fn redefine_default(
        &mut self,
        weight: impl FnMut(usize, usize) -> Wide<L>,
    ) -> Vec<usize> {
        let memo = self.default_memo_of(weight);
        let mut changed = Vec::new();
        for lower in 0..self.players() {
            for higher in 0..lower {
                if self.forbidden.get(higher, lower) {
                    continue;
                }
                let at = self.default_at_vertices(higher, lower);
                if memo[at] != self.default_memo[at] {
                    changed.push(lower);
                    break;
                }
            }
        }
        self.default_memo = memo;
        changed
    }

    /// Opens a bracket: `vertices` in order, of which the first `moved_down` came from above
    /// and the next score group begins at `next_begin`; `kinds` are their kinds and
    /// `weight(higher, lower, region)` the base weight of two positions of those kinds.
    /// Returns, in order, the vertices whose edges changed (charged to the lower of each pair).
    pub(super) fn open(
        &mut self,
        vertices: &[usize],
        moved_down: usize,
        next_begin: usize,
        kinds: (Vec<u32>, usize),
        mut weight: impl FnMut(usize, usize, Region) -> Wide<L>,
        retired: impl Fn(usize) -> bool,
    ) -> Vec<usize> {
        let size = vertices.len();
        let (kind, k) = kinds;
        let mut pos = vec![NONE; self.players() + 1];
        for (p, &v) in vertices.iter().enumerate() {
            pos[v] = p as u32;
        }
        let mut moved_down_pairs = vec![None; moved_down * moved_down];
        for a in 0..moved_down {
            for b in a + 1..moved_down {
                moved_down_pairs[a * moved_down + b] =
                    self.pair(&self.window, &self.window.deltas, vertices[a], vertices[b]);
            }
        }
        let mut window = Window {
            vertices: vertices.to_vec(),
            pos,
            moved_down,
            next_begin,
            higher_at: kind.iter().map(|&x| x * k as u32).collect(),
            lower_at: kind
                .iter()
                .enumerate()
                .map(|(p, &x)| u32::from(p >= next_begin) * (k * k) as u32 + x)
                .collect(),
            memo: vec![NONE; 2 * k * k],
            ruled_out: Bits::new(size),
            moved_down_pairs,
            deltas: Deltas {
                moved_down: vec![0; moved_down],
                ..Deltas::default()
            },
        };
        for b in moved_down..size {
            let region = if b < next_begin {
                Region::Current
            } else {
                Region::Next
            };
            for a in 0..b {
                let at = window.memo_at(a, b);
                if window.memo[at] == NONE {
                    window.memo[at] = self.classes.intern(weight(a, b, region));
                } else if cfg!(debug_assertions) {
                    assert_kinds_decide(&mut self.classes, window.memo[at], weight(a, b, region));
                }
            }
        }
        let mut changed = Vec::new();
        for b in moved_down..size {
            let lower = vertices[b];
            if retired(lower) {
                continue;
            }
            let differs = (0..b).any(|a| {
                let higher = vertices[a];
                !retired(higher)
                    && self.value(&self.window, &self.window.deltas, lower, higher)
                        != self.value(&window, &window.deltas, lower, higher)
            });
            if differs {
                changed.push(lower);
            }
        }
        self.window = window;
        changed
    }

    /// What the pairs of vertex `u` share in `window`.
    #[inline(always)]
    fn row_in(&self, window: &Window, u: usize) -> Row {
        Row {
            u,
            is_dummy: Some(u) == self.dummy,
            forbidden_at: self.forbidden.row_start(u),
            default_kind: self.default_kind.get(u).map_or(0, |&k| k as usize),
            pos: window.pos[u],
        }
    }

    /// The weight of (u, v) (vertices, 0-based) as a class and a rest.
    #[inline(always)]
    fn pair(&self, window: &Window, deltas: &Deltas, u: usize, v: usize) -> Option<(u32, u64)> {
        self.pair_in(window, deltas, self.row_in(window, u), v)
    }

    /// The weight of (u, v), `u` being the row's vertex, as a class and a rest.
    #[inline(always)]
    fn pair_in(&self, window: &Window, deltas: &Deltas, row: Row, v: usize) -> Option<(u32, u64)> {
        let u = row.u;
        if row.is_dummy {
            return (v != u && self.bye_eligible[v]).then_some((self.one, BIAS));
        }
        if Some(v) == self.dummy {
            return self.bye_eligible[u].then_some((self.one, BIAS));
        }
        if u == v || self.forbidden.get_in_row(row.forbidden_at, v) {
            return None;
        }
        let (pu, pv) = (row.pos, window.pos[v]);
        if pu == NONE || pv == NONE {
            let kv = self.default_kind[v] as usize;
            let class = self.default_memo[if u < v {
                self.default_at(row.default_kind, kv)
            } else {
                self.default_at(kv, row.default_kind)
            }];
            return (class != NO_EDGE).then_some((class, BIAS));
        }
        let (a, b) = if pu < pv {
            (pu as usize, pv as usize)
        } else {
            (pv as usize, pu as usize)
        };
        if b < window.moved_down {
            return window.moved_down_pairs[a * window.moved_down + b];
        }
        if window.ruled_out.get(a, b) {
            return None;
        }
        let class = window.memo[window.memo_at(a, b)];
        if class == NO_EDGE {
            return None;
        }
        let delta = deltas.delta(window, a, b);
        Some((class, BIAS.wrapping_add((2 * delta) as u64)))
    }

    fn value(&self, window: &Window, deltas: &Deltas, u: usize, v: usize) -> Option<Wide<L>> {
        self.pair(window, deltas, u, v).map(|(class, rest)| {
            let mut value = self.classes.matching_values[class as usize];
            value.add_at(0, rest);
            value
        })
    }

    /// The base weight of two positions of the bracket (`a` before `b`), with the pairs the
    /// procedure ruled out at zero; pairs of two moved-down players have none.
    pub(super) fn base(&self, a: usize, b: usize) -> Wide<L> {
        let w = &self.window;
        let (u, v) = (self.vertex(a), self.vertex(b));
        if b < w.moved_down || w.ruled_out.get(a, b) || self.forbidden.get(u, v) {
            return Wide::ZERO;
        }
        match w.memo[w.memo_at(a, b)] {
            NO_EDGE => Wide::ZERO,
            class => self.classes.values[class as usize],
        }
    }

    fn vertex(&self, position: usize) -> usize {
        self.window.vertices[position]
    }

    /// Changes the bracket's deltas and rules pairs of positions out, then says whether any
    /// of the pairs (`charged`, each of `others`) changed, ignoring pairs `retired` names.
    pub(super) fn change(
        &mut self,
        charged: usize,
        others: &[usize],
        retired: impl Fn(usize) -> bool,
        change: impl FnOnce(&mut Deltas, &mut Bits),
    ) -> bool {
        let before: Vec<Option<Wide<L>>> = others
            .iter()
            .map(|&o| self.value(&self.window, &self.window.deltas, charged, o))
            .collect();
        change(&mut self.window.deltas, &mut self.window.ruled_out);
        others.iter().zip(before).any(|(&o, old)| {
            !retired(o) && self.value(&self.window, &self.window.deltas, charged, o) != old
        })
    }

    /// Changes the bracket's deltas to `deltas` for many rows at once, going through `pairs`
    /// (charged vertex, other vertex, whether the pair is ruled out) in the order the
    /// procedure changes them. Returns the charged vertices whose edges changed, each once,
    /// in the order of their first change.
    pub(super) fn change_pairs(
        &mut self,
        deltas: Deltas,
        pairs: impl Iterator<Item = (usize, usize, bool)>,
        retired: impl Fn(usize) -> bool,
    ) -> Vec<usize> {
        let mut changed = Vec::new();
        let mut is_changed = vec![false; self.players() + 1];
        for (charged, other, rule_out) in pairs {
            let old = if is_changed[charged] || retired(charged) || retired(other) {
                None
            } else {
                Some(self.value(&self.window, &self.window.deltas, charged, other))
            };
            if rule_out {
                let (a, b) = (self.window.pos[charged], self.window.pos[other]);
                self.window.ruled_out.set(a as usize, b as usize);
            }
            if let Some(old) = old
                && self.value(&self.window, &deltas, charged, other) != old
            {
                is_changed[charged] = true;
                changed.push(charged);
            }
        }
        self.window.deltas = deltas;
        changed
    }

    pub(super) fn deltas(&self) -> &Deltas {
        &self.window.deltas
    }
}

impl<const L: usize> EdgeWeights<L> for Graph<L> {
    type Row = Row;

    #[inline(always)]
    fn row(&self, u: usize) -> Row {
        self.row_in(&self.window, u - 1)
    }

    #[inline(always)]
    fn edge_in(&self, row: Row, v: usize) -> Option<(u32, u64)> {
        self.pair_in(&self.window, &self.window.deltas, row, v - 1)
    }

    #[inline]
    fn class_value(&self, class: u32) -> Wide<L> {
        self.classes.matching_values[class as usize]
    }

    #[inline]
    fn class_low(&self, class: u32) -> u64 {
        self.classes.lows[class as usize]
    }

    #[inline]
    fn class_residue(&self, class: u32) -> u64 {
        self.classes.residues[class as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type W = Wide<2>;

    /// The weight the matching reads for (u, v) (0-based), halved back.
    fn weight(graph: &Graph<2>, u: usize, v: usize) -> Option<u64> {
        graph.edge(u + 1, v + 1).map(|(class, rest)| {
            let mut value = graph.class_value(class);
            value.add_at(0, rest);
            assert!(value.0[1] == 0 && value.0[0] % 2 == 0, "{value:?}");
            value.0[0] / 2
        })
    }

    /// Five players (a dummy for the bye), players 1 and 3 have met; the default weight of a
    /// pair is 100 times the higher's kind plus 10 times the lower's, plus one.
    fn graph() -> Graph<2> {
        let mut forbidden = Bits::new(5);
        forbidden.set(1, 3);
        let kinds = vec![0, 1, 1, 2, 2];
        Graph::new(
            vec![false, false, true, true, true],
            forbidden,
            (kinds.clone(), 3),
            |higher, lower| {
                W::from_u64(100 * u64::from(kinds[higher]) + 10 * u64::from(kinds[lower]) + 1)
            },
        )
    }

    #[test]
    fn pairs_take_their_kinds_weight_unless_they_have_met() {
        let graph = graph();
        assert_eq!(weight(&graph, 0, 1), Some(11));
        assert_eq!(weight(&graph, 2, 1), Some(111));
        assert_eq!(weight(&graph, 4, 2), Some(121));
        assert_eq!(weight(&graph, 1, 3), None);
        assert_eq!(weight(&graph, 3, 1), None);
        // The dummy meets those who may get a bye, with weight 1.
        assert_eq!(weight(&graph, 5, 2), Some(1));
        assert_eq!(weight(&graph, 0, 5), None);
    }

    #[test]
    fn a_new_default_reports_the_lower_vertices_whose_edges_changed() {
        let mut graph = graph();
        // Only pairs whose lower player is of kind 2 change.
        let kinds = [0u64, 1, 1, 2, 2];
        let changed = graph.redefine_default(|higher, lower| {
            W::from_u64(if kinds[lower] == 2 {
                7
            } else {
                100 * kinds[higher] + 10 * kinds[lower] + 1
            })
        });
        assert_eq!(changed, vec![3, 4]);
        assert_eq!(weight(&graph, 0, 4), Some(7));
    }

    #[test]
    fn a_bracket_sets_its_pairs_and_leaves_the_others() {
        let mut graph = graph();
        // Vertex 1 moved down, 2 resident, 3 and 4 the next score group.
        let changed = graph.open(
            &[1, 2, 3, 4],
            1,
            2,
            (vec![0, 1, 2, 2], 3),
            |a, b, region| {
                // Of kinds, as the procedure's weights are.
                let kinds = [0u64, 1, 2, 2];
                let base = if region == Region::Current {
                    1000
                } else {
                    2000
                };
                W::from_u64(base + 8 * kinds[a] + kinds[b])
            },
            |_| false,
        );
        assert_eq!(changed, vec![2, 3, 4]);
        assert_eq!(weight(&graph, 1, 2), Some(1001));
        assert_eq!(weight(&graph, 2, 4), Some(2010));
        assert_eq!(weight(&graph, 1, 3), None, "they have met");
        assert_eq!(weight(&graph, 0, 2), Some(11), "outside the bracket");
        assert_eq!(graph.base(0, 1), W::from_u64(1001));

        // A bonus on the moved-down row, for its pairs with residents only.
        assert!(graph.change(1, &[2], |_| false, |d, _| d.set_moved_down(0, 3)));
        assert_eq!(weight(&graph, 1, 2), Some(1004));
        assert_eq!(weight(&graph, 1, 4), Some(2002));
        assert!(!graph.change(1, &[2], |_| false, |d, _| d.set_moved_down(0, 3)));

        // One row's own numbers, then a pair ruled out.
        assert!(graph.change(2, &[3], |_| false, |d, _| d.set_row(1, 4, &[(2, -5)])));
        assert_eq!(weight(&graph, 2, 3), Some(2010 - 5));
        assert_eq!(weight(&graph, 2, 4), Some(2010));
        assert!(graph.change(
            2,
            &[3],
            |_| false,
            |d, r| {
                d.clear_row();
                r.set(1, 2);
            }
        ));
        assert_eq!(weight(&graph, 2, 3), None);
        assert_eq!(graph.base(1, 2), W::ZERO);

        // The next bracket: 1 and 2 moved down keep their pair as it was left.
        let changed = graph.open(
            &[1, 2, 3, 4],
            2,
            4,
            (vec![0, 0, 0, 0], 1),
            |_, _, _| W::from_u64(5),
            |_| false,
        );
        assert_eq!(changed, vec![3, 4]);
        assert_eq!(weight(&graph, 1, 2), Some(1004));
        assert_eq!(weight(&graph, 2, 3), Some(5));
    }

    #[test]
    fn remainder_offsets_apply_between_members_and_report_changes_in_order() {
        let mut graph = graph();
        graph.open(
            &[0, 1, 2, 3, 4],
            0,
            5,
            (vec![0; 5], 1),
            |_, _, _| W::from_u64(1 << 20),
            |_| false,
        );
        let mut deltas = graph.deltas().clone();
        deltas.set_member_offsets(5, &[(0, 4), (2, 0), (3, -2), (4, 9)]);
        let pairs = [(0, 1), (0, 2), (2, 3), (3, 4), (2, 4)];
        let changed = graph.change_pairs(
            deltas,
            pairs.iter().map(|&(u, v)| (u, v, u == 2 && v == 4)),
            |_| false,
        );
        // (0, 1): 1 is no member; (0, 2) gains 4; (2, 3) gains 0; (3, 4) loses 2; (2, 4) is
        // ruled out.
        assert_eq!(changed, vec![0, 3, 2]);
        assert_eq!(weight(&graph, 0, 2), Some((1 << 20) + 4));
        assert_eq!(weight(&graph, 4, 3), Some((1 << 20) - 2));
        assert_eq!(weight(&graph, 2, 4), None);
        assert_eq!(weight(&graph, 0, 1), Some(1 << 20));
    }
}
