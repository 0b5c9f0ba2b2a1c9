//! Dense edge weights set one by one, for the matching's tests: each edge is its own class,
//! whose value is the weight less its lowest word, and the lowest word is the rest, so the
//! tests go through both halves of a weight as the Dutch graph's do.

use super::{EdgeWeights, Wide};

pub(crate) struct Weights<const L: usize> {
    stride: usize,
    weights: Vec<Wide<L>>,
}

impl<const L: usize> Weights<L> {
    /// A graph of `size` ids (rows and columns) and no edges.
    pub(crate) fn new(size: usize) -> Self {
        Weights {
            stride: size,
            weights: vec![Wide::ZERO; size * size],
        }
    }

    /// Sets the weight of (u, v) and (v, u); zero removes the edge.
    pub(crate) fn set(&mut self, u: usize, v: usize, weight: Wide<L>) {
        self.weights[u * self.stride + v] = weight;
        self.weights[v * self.stride + u] = weight;
    }
}

impl<const L: usize> EdgeWeights<L> for Weights<L> {
    /// Where the row begins.
    type Row = usize;

    fn row(&self, u: usize) -> usize {
        u * self.stride
    }

    fn edge_in(&self, row: usize, v: usize) -> Option<(u32, u64)> {
        let at = row + v;
        let weight = self.weights[at];
        (!weight.is_zero()).then(|| (at as u32, weight.low()))
    }

    fn class_value(&self, class: u32) -> Wide<L> {
        let weight = self.weights[class as usize];
        weight.sub_u64(weight.low())
    }

    fn class_low(&self, _class: u32) -> u64 {
        0
    }

    fn class_residue(&self, class: u32) -> u64 {
        self.class_value(class).residue()
    }
}
