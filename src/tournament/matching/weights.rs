//! The edge weights of a dense graph, stored small. A Dutch weight has hundreds of bits, but
//! above its lowest word it depends only on what kind of pair it is (the two players' score
//! groups, colours, floats), so a field of 2,000 players holds only a few thousand distinct
//! upper parts among its four million edges. Each edge keeps its lowest word and an index
//! into a palette of those upper parts: 12 bytes an edge instead of up to 129, and the
//! search's tightness test, which looks at the lowest word first, reads a table a tenth the
//! size.

use rustc_hash::FxHashMap;

use super::Wide;
use crate::tournament::wide::{add_residues, reduce};

/// The palette index of a pair that is not an edge.
const NO_EDGE: u32 = u32::MAX;

/// Palette entries kept before the first compaction; past it, a compaction happens whenever
/// the palette doubles what the last one kept, so its cost is spread over the growth.
const FIRST_COMPACTION: usize = 1 << 16;

pub(crate) struct Weights<const L: usize> {
    stride: usize,
    /// The lowest word of each weight, row by row.
    low: Vec<u64>,
    /// Each weight's palette index, or [`NO_EDGE`].
    upper: Vec<u32>,
    /// Distinct upper parts (their lowest word is zero).
    palette: Vec<Wide<L>>,
    /// Each palette entry's residue ([`Wide::residue`]).
    palette_residues: Vec<u64>,
    index: FxHashMap<Wide<L>, u32>,
    /// The palette index of the last weight set: rows are mostly set in runs of one kind of
    /// pair, and comparing with it is cheaper than hashing.
    last: u32,
    compact_at: usize,
}

impl<const L: usize> Weights<L> {
    /// A graph of `size` ids (rows and columns) and no edges.
    pub(crate) fn new(size: usize) -> Self {
        Weights {
            stride: size,
            low: vec![0; size * size],
            upper: vec![NO_EDGE; size * size],
            palette: Vec::new(),
            palette_residues: Vec::new(),
            index: FxHashMap::default(),
            last: NO_EDGE,
            compact_at: FIRST_COMPACTION,
        }
    }

    /// Whether (u, v) is an edge.
    #[inline]
    pub(super) fn is_edge(&self, u: usize, v: usize) -> bool {
        self.upper[u * self.stride + v] != NO_EDGE
    }

    /// The lowest word of the weight of (u, v).
    #[inline]
    pub(super) fn low(&self, u: usize, v: usize) -> u64 {
        self.low[u * self.stride + v]
    }

    /// The residue of the weight of (u, v), which must be an edge: a test that rules out
    /// most edges that are not tight without reading the weight's upper words. A weight is
    /// never negative, so it is its upper part plus its lowest word taken as unsigned.
    #[inline]
    pub(super) fn residue(&self, u: usize, v: usize) -> u64 {
        let at = u * self.stride + v;
        add_residues(
            self.palette_residues[self.upper[at] as usize],
            reduce(u128::from(self.low[at])),
        )
    }

    /// The palette index and the lowest word of the weight of (u, v), which must be an edge:
    /// the weight is the palette entry plus the lowest word.
    #[inline]
    pub(super) fn parts(&self, u: usize, v: usize) -> (u32, u64) {
        let at = u * self.stride + v;
        (self.upper[at], self.low[at])
    }

    /// A palette entry: the part above the lowest word of the weights that share it.
    #[inline]
    pub(super) fn upper_part(&self, p: u32) -> Wide<L> {
        self.palette[p as usize]
    }

    /// The weight of (u, v); zero when it is not an edge.
    #[inline]
    pub(crate) fn get(&self, u: usize, v: usize) -> Wide<L> {
        let at = u * self.stride + v;
        let mut weight = match self.upper[at] {
            NO_EDGE => Wide::ZERO,
            p => self.palette[p as usize],
        };
        weight.0[0] = self.low[at];
        weight
    }

    /// Sets the weight of (u, v) and (v, u); zero removes the edge.
    pub(crate) fn set(&mut self, u: usize, v: usize, weight: Wide<L>) {
        let at = u * self.stride + v;
        let mut upper_part = weight;
        upper_part.0[0] = 0;
        let current = self.upper[at];
        let p = if weight.is_zero() {
            NO_EDGE
        } else if current != NO_EDGE && self.palette[current as usize] == upper_part {
            current
        } else if self.last != NO_EDGE && self.palette[self.last as usize] == upper_part {
            self.last
        } else {
            self.intern(upper_part)
        };
        if p != NO_EDGE {
            self.last = p;
        }
        let low = if p == NO_EDGE { 0 } else { weight.0[0] };
        for at in [at, v * self.stride + u] {
            self.upper[at] = p;
            self.low[at] = low;
        }
    }

    fn intern(&mut self, upper_part: Wide<L>) -> u32 {
        if let Some(&p) = self.index.get(&upper_part) {
            return p;
        }
        if self.palette.len() >= self.compact_at {
            self.compact();
        }
        // An index fits: after a compaction there are no more parts than edges, so fewer
        // than 2^31 for any field under 46,000 players.
        let p = self.palette.len() as u32;
        self.palette.push(upper_part);
        self.palette_residues.push(upper_part.residue());
        self.index.insert(upper_part, p);
        p
    }

    /// Drops the palette entries no edge uses any more.
    fn compact(&mut self) {
        let mut renumbered = vec![NO_EDGE; self.palette.len()];
        let mut palette = Vec::new();
        for p in &mut self.upper {
            if *p == NO_EDGE {
                continue;
            }
            let slot = &mut renumbered[*p as usize];
            if *slot == NO_EDGE {
                *slot = palette.len() as u32;
                palette.push(self.palette[*p as usize]);
            }
            *p = *slot;
        }
        self.index = palette
            .iter()
            .enumerate()
            .map(|(p, &part)| (part, p as u32))
            .collect();
        self.compact_at = (2 * palette.len()).max(FIRST_COMPACTION);
        self.last = NO_EDGE;
        self.palette_residues = palette.iter().map(Wide::residue).collect();
        self.palette = palette;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide(low: u64, high: u64) -> Wide<2> {
        Wide([low, high])
    }

    #[test]
    fn a_weight_reads_back_as_set_and_zero_removes_the_edge() {
        let mut w = Weights::<2>::new(4);
        w.set(1, 2, wide(7, 3));
        w.set(2, 3, wide(0, 3));
        w.set(1, 3, wide(5, 0));
        assert_eq!(w.get(2, 1), wide(7, 3));
        assert_eq!(w.get(3, 2), wide(0, 3));
        assert_eq!(w.get(1, 3), wide(5, 0));
        assert!(w.is_edge(3, 1) && !w.is_edge(0, 1));
        assert_eq!(w.low(1, 2), 7);
        w.set(2, 1, Wide::ZERO);
        assert!(!w.is_edge(1, 2));
        assert_eq!(w.get(1, 2), Wide::ZERO);
        assert_eq!(w.low(1, 2), 0);
    }

    #[test]
    fn compaction_keeps_every_weight() {
        let n = 40;
        let mut w = Weights::<2>::new(n);
        let mut rng = fastrand::Rng::with_seed(7);
        let mut expected = vec![vec![Wide::ZERO; n]; n];
        // Far more distinct upper parts over time than FIRST_COMPACTION, few alive at once.
        for step in 0..(3 * FIRST_COMPACTION as u64) {
            let (u, v) = (rng.usize(0..n), rng.usize(0..n));
            if u == v {
                continue;
            }
            let value = if rng.u8(0..8) == 0 {
                Wide::ZERO
            } else {
                wide(rng.u64(..), step)
            };
            w.set(u, v, value);
            expected[u][v] = value;
            expected[v][u] = value;
        }
        assert!(w.palette.len() < 2 * FIRST_COMPACTION);
        for u in 0..n {
            for v in 0..n {
                assert_eq!(w.get(u, v), expected[u][v], "({u}, {v})");
                if w.is_edge(u, v) {
                    assert_eq!(w.residue(u, v), expected[u][v].residue());
                }
                assert_eq!(w.is_edge(u, v), !expected[u][v].is_zero());
            }
        }
    }
}
