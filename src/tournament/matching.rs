//! Maximum-weight perfect matching in a general graph (Edmonds' blossom algorithm, primal-dual,
//! dense O(n³)), with warm restarts: after the weights of a few vertices' edges change, the
//! next solve repairs the previous optimum instead of starting again. The Dutch pairing
//! procedure asks hundreds of slightly different questions of the same graph, so this is what
//! makes a 500-player round fast.
//!
//! Weights are [`Wide`] integers (hundreds of bits), read through [`EdgeWeights`]: the
//! matching stores none itself, so its owner can hold them in whatever shape they have (the
//! Dutch procedure's depend on kinds of players, not on each pair). The owner changes them and
//! says which vertex each change is charged to ([`PerfectMatching::edges_changed`]).
//!
//! How a warm restart works: a vertex whose edges change is first freed from every blossom
//! containing it. The outermost is unmatched and its matching turned so that the vertex is
//! the one left free (the blossom's base); then each blossom holding it comes apart, its dual
//! moved onto its members, which keeps every edge feasible and every other child matched.
//! Only the vertex and the outermost blossom's old mate are left to match again, however
//! deep the nesting. At the next solve its dual is raised just enough for all its new edges,
//! and the free vertices' duals are given a common parity, which keeps every dual step an
//! integer.
//! Then the search runs until the matching is perfect again.
//!
//! When a change touches many vertices at once (a Dutch score bracket opens and every pair of
//! it changes), the owner asks for a reseed ([`PerfectMatching::reseed_free`]): the free
//! vertices start again from half their heaviest edge to a later one of them (the earlier
//! raised to cover what that leaves), and are matched in pairs whose two ends come down
//! together by half their slack. Repaired one by one against the old duals of the others,
//! almost no edge between two of them was tight and the search matched the whole bracket
//! again (5,000 players, round 4: 193,000 vertex scans in the solves after a bracket opens
//! became 38,000).
//!
//! The first solve starts from duals that make most edges tight and a greedy matching along
//! them ([`PerfectMatching::solve`]); a warm solve first matches free vertices joined by a
//! tight edge. Each such pair is an augmentation the search need not find: on a field of
//! 2,000 players the first solve went from a million vertex scans to none.
//!
//! What keeps a large field fast: a pair fixed for good is retired
//! ([`PerfectMatching::retire_pair`]) and no loop visits it again; one stage serves every
//! augmentation (only the two trees an augmentation used are taken apart, the rest of the
//! forest keeps growing), so freeing a whole score bracket does not grow the forest again for
//! each of its pairs; a stage gathers the slacks
//! of the forest only once it needs a dual change (most stages augment before), then keeps
//! each top-level id's slack as a value; only blossoms keep tables of their edges.
//!
//! What keeps a scan cheap: a weight has hundreds of bits, and in a large field most edges
//! agree with the duals in their lowest word without being tight. A scan therefore first
//! compares the lowest words, then residues modulo a 61-bit prime ([`Wide::residue`]) kept
//! for every vertex dual and every distinct weight, and computes a slack in full only for an
//! edge both tests pass, which is almost always a tight one (3,000 players, round 9: 265
//! million full slacks became one million). Edges to inner ids are skipped: they neither
//! grow the forest nor limit a dual step. A tight edge between two outer ids of one tree,
//! which makes a blossom, waits until the queue is empty: a stage that augments first never
//! forms that blossom, whose edge table costs a pass over the field. When one is formed, its
//! least-slack edge to each vertex is compared without that vertex's dual (common to every
//! candidate), and a weight's class value is subtracted once for a run of edges of one class.

use std::collections::VecDeque;

use super::wide::{Wide, add_residues, reduce};

#[cfg(test)]
mod weights;
#[cfg(test)]
use weights::Weights;

/// Where a matching reads its edge weights (already doubled, ids 1-based as inside the
/// matching). A weight comes as a class and a rest, `class_value(class) + rest`: many edges
/// share a class, so its value, lowest word and residue are looked up instead of stored per
/// edge, and a scan reads only the two small numbers of each edge.
pub(crate) trait EdgeWeights<const L: usize> {
    /// What the edges of one vertex share, looked up once for a run of them: the loops that
    /// matter go along one vertex's edges.
    type Row: Copy;
    fn row(&self, u: usize) -> Self::Row;
    /// The class and rest of the weight of (u, v), `u` the row's vertex; `None` when it is not
    /// an edge.
    fn edge_in(&self, row: Self::Row, v: usize) -> Option<(u32, u64)>;
    /// The class and rest of the weight of (u, v); `None` when it is not an edge.
    #[inline]
    fn edge(&self, u: usize, v: usize) -> Option<(u32, u64)> {
        self.edge_in(self.row(u), v)
    }
    fn class_value(&self, class: u32) -> Wide<L>;
    /// The lowest word of the class's value.
    fn class_low(&self, class: u32) -> u64;
    /// The residue ([`Wide::residue`]) of the class's value.
    fn class_residue(&self, class: u32) -> u64;
}

const UNLABELED: i8 = -1;
const OUTER: i8 = 0;
const INNER: i8 = 1;

/// No perfect matching exists in the graph as it now is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no perfect matching exists")]
pub(crate) struct NoPerfectMatching;

/// A maximum-weight perfect matching that can be updated edge by edge.
///
/// Vertex ids are 0-based in the API; internally vertices are 1..=n and blossoms n+1..=2n,
/// with 0 meaning "none".
pub(crate) struct PerfectMatching<const L: usize, W> {
    n: usize,
    nx: usize,
    /// Doubled edge weights, by vertex (1-based).
    weight: W,
    /// For blossom b (row b - n - 1) and vertex y: the vertex u of b whose edge (u, y) has
    /// the least slack, or 0. Between two vertices the edge is the pair itself, and from a
    /// vertex to a blossom it is the blossom's entry reversed, so only blossoms need a row.
    /// Four bytes a vertex: a large field can nest thousands of blossoms at once.
    blossom_rep: Vec<Vec<u32>>,
    /// For blossom b (row b - n - 1) and blossom y (column y - n - 1, not inside b) formed
    /// before b: the real edge (u in b, v in y) of least slack, or (0, 0). Only the later of
    /// two blossoms holds their edge, so a field that nests thousands of blossoms keeps half
    /// the table (9,999 players, round 4: 529 MB resident became 300 MB). Rows grow as columns are
    /// set.
    blossom_pair_rep: Vec<Vec<(u32, u32)>>,
    /// When each blossom id was last formed (a count of formations), which says which of two
    /// blossoms holds their edge.
    born: Vec<u64>,
    births: u64,
    dual: Vec<Wide<L>>,
    /// Each vertex's dual as a residue ([`Wide::residue`]), kept while a stage runs: a scan
    /// compares residues before it computes a slack in full.
    dual_residue: Vec<u64>,
    mate: Vec<usize>,
    slack: Vec<usize>,
    /// The slack of the edge `slack` names, kept while the search runs.
    slack_delta: Vec<Wide<L>>,
    /// Whether `slack` is being kept in this stage. Most stages augment before the forest
    /// needs any dual change, so slacks are only gathered (from `scanned`) once one does.
    slack_valid: bool,
    /// The vertices scanned as outer in this stage (the only ones whose edges can be a slack).
    scanned: Vec<usize>,
    top: Vec<usize>,
    parent: Vec<usize>,
    labeled_from: Vec<usize>,
    label: Vec<i8>,
    /// For a labelled top-level id: the root of its tree, so that after an augmentation only
    /// the two trees it used are taken apart and the rest of the forest goes on growing.
    tree: Vec<usize>,
    /// The roots whose trees the last augmentation used.
    augmented: Option<(usize, usize)>,
    /// Free top-level ids left in this stage.
    free_roots: usize,
    visit: Vec<u32>,
    visit_stamp: u32,
    flower: Vec<Vec<usize>>,
    queue: VecDeque<usize>,
    /// Outer vertices whose scan met another outer id of its tree along a (maybe) tight
    /// edge: such an edge makes a blossom, but only if the stage needs one. They are looked
    /// at again once the queue is empty, so a stage that augments first never forms it.
    deferred: Vec<usize>,
    is_deferred: Vec<bool>,
    dirty: Vec<usize>,
    is_dirty: Vec<bool>,
    /// The vertices still taking part (not retired), in no particular order.
    live: Vec<usize>,
    retired: Vec<bool>,
    solved: bool,
    /// Whether the next warm solve starts the free vertices afresh ([`Self::reseed_free`]).
    reseed: bool,
}

#[cfg(test)]
impl<const L: usize> PerfectMatching<L, Weights<L>> {
    /// A graph of `n` vertices and no edges, whose weights are set one by one.
    #[must_use]
    pub fn new(n: usize) -> Self {
        Self::with_weights(n, Weights::new(n + 1))
    }

    /// Sets the weight of edge (u, v) (0-based). Zero removes the edge. Vertex `u` is the one
    /// the change is charged to: it is unmatched and freed from its blossoms.
    pub fn set_weight(&mut self, u: usize, v: usize, weight: Wide<L>) {
        let (u1, v1) = (u + 1, v + 1);
        if u == v || u1 > self.n || v1 > self.n || self.retired[u1] || self.retired[v1] {
            return;
        }
        let doubled = weight + weight;
        if self.w(u1, v1) == doubled && self.edge(u1, v1) != weight.is_zero() {
            return;
        }
        self.edges_changed(u);
        self.weight.set(u1, v1, doubled);
    }
}

impl<const L: usize, W: EdgeWeights<L>> PerfectMatching<L, W> {
    /// A graph of `n` vertices whose weights `weight` gives (doubled, 1-based).
    #[must_use]
    pub fn with_weights(n: usize, weight: W) -> Self {
        let ids = 2 * n + 1;
        let mut m = PerfectMatching {
            n,
            nx: n,
            weight,
            blossom_rep: Vec::new(),
            blossom_pair_rep: Vec::new(),
            born: vec![0; ids],
            births: 0,
            dual: vec![Wide::ZERO; ids],
            dual_residue: vec![0; n + 1],
            mate: vec![0; ids],
            slack: vec![0; ids],
            slack_delta: vec![Wide::ZERO; ids],
            slack_valid: false,
            scanned: Vec::new(),
            top: vec![0; ids],
            parent: vec![0; ids],
            labeled_from: vec![0; ids],
            label: vec![UNLABELED; ids],
            tree: vec![0; ids],
            augmented: None,
            free_roots: 0,
            visit: vec![0; ids],
            visit_stamp: 0,
            flower: vec![Vec::new(); ids],
            queue: VecDeque::new(),
            deferred: Vec::new(),
            is_deferred: vec![false; n + 1],
            dirty: Vec::new(),
            is_dirty: vec![false; n + 1],
            live: (1..=n).collect(),
            retired: vec![false; n + 1],
            solved: false,
            reseed: false,
        };
        for u in 1..=n {
            m.top[u] = u;
        }
        m
    }

    fn w(&self, u: usize, v: usize) -> Wide<L> {
        self.weight
            .edge(u, v)
            .map_or(Wide::ZERO, |e| self.value_of(e))
    }

    #[inline]
    fn value_of(&self, (class, rest): (u32, u64)) -> Wide<L> {
        let mut value = self.weight.class_value(class);
        value.add_at(0, rest);
        value
    }

    fn edge(&self, u: usize, v: usize) -> bool {
        self.weight.edge(u, v).is_some()
    }

    /// The weights, for their owner to change, with whether a vertex (0-based) is retired;
    /// the owner then calls [`PerfectMatching::edges_changed`] for each vertex whose edges
    /// changed.
    pub fn weights_mut(&mut self) -> (&mut W, impl Fn(usize) -> bool + '_) {
        let retired = &self.retired;
        (&mut self.weight, move |u: usize| {
            retired.get(u + 1).copied().unwrap_or(true)
        })
    }

    pub fn weights(&self) -> &W {
        &self.weight
    }

    /// The changes since the last solve touch many vertices at once (a score bracket opens):
    /// the next solve gives every free vertex a fresh dual, much as the first solve does, instead
    /// of repairing each changed one against the old duals of the others, which leaves
    /// almost no edge between two of them tight.
    pub fn reseed_free(&mut self) {
        self.reseed = true;
    }

    /// Vertex `u` (0-based) is the one a change of its edges is charged to: once the graph has
    /// been solved, it is unmatched and freed from its blossoms, and the next solve repairs
    /// around it. Changes charged to a retired vertex are ignored.
    pub fn edges_changed(&mut self, u: usize) {
        let u = u + 1;
        if u <= self.n && !self.retired[u] && self.solved {
            self.prepare(u);
        }
    }

    fn rep(&self, x: usize, y: usize) -> (usize, usize) {
        if x > self.n {
            let row = x - self.n - 1;
            if y <= self.n {
                match self.blossom_rep[row][y] {
                    0 => (0, 0),
                    u => (u as usize, y),
                }
            } else if self.born[y] > self.born[x] {
                let (v, u) = self.rep(y, x);
                (u, v)
            } else {
                let (u, v) = self.blossom_pair_rep[row]
                    .get(y - self.n - 1)
                    .copied()
                    .unwrap_or((0, 0));
                (u as usize, v as usize)
            }
        } else if y > self.n {
            let (v, u) = self.rep(y, x);
            (u, v)
        } else {
            (x, y)
        }
    }

    /// Sets the least-slack edge from `x` to `y`; one side must be a blossom.
    fn set_rep(&mut self, x: usize, y: usize, e: (usize, usize)) {
        if x > self.n {
            let row = x - self.n - 1;
            if y <= self.n {
                self.blossom_rep[row][y] = e.0 as u32;
            } else if self.born[y] > self.born[x] {
                self.set_rep(y, x, (e.1, e.0));
            } else {
                let pairs = &mut self.blossom_pair_rep[row];
                let at = y - self.n - 1;
                if at >= pairs.len() {
                    if e == (0, 0) {
                        return;
                    }
                    pairs.resize(at + 1, (0, 0));
                }
                pairs[at] = (e.0 as u32, e.1 as u32);
            }
        } else if y > self.n {
            self.set_rep(y, x, (e.1, e.0));
        }
    }

    /// The child of `b` that holds vertex `x` (0 when none): up from `x` to `b`.
    fn from(&self, b: usize, x: usize) -> usize {
        if b <= self.n {
            return if b == x { b } else { 0 };
        }
        let mut y = x;
        while y != 0 && self.parent[y] != b {
            y = self.parent[y];
        }
        y
    }

    /// Slack of a real edge (u, v) of vertices.
    fn delta_edge(&self, e: (usize, usize)) -> Wide<L> {
        self.dual[e.0] + self.dual[e.1] - self.w(e.0, e.1)
    }

    /// The slack of a representative edge, if it is one.
    fn rep_slack(&self, e: (usize, usize)) -> Option<Wide<L>> {
        if e.0 == 0 {
            return None;
        }
        let weight = self.weight.edge(e.0, e.1)?;
        Some(self.dual[e.0] + self.dual[e.1] - self.value_of(weight))
    }

    /// Fixes the pair (u, v) (0-based) for good: they must be each other's mate now. From
    /// here on their edges do not matter, changes to them are ignored, and no search visits
    /// them, so a field gets cheaper to repair as its pairs are decided.
    pub fn retire_pair(&mut self, u: usize, v: usize) {
        let (u, v) = (u + 1, v + 1);
        if u == v || u > self.n || v > self.n || self.mate[u] != v || self.retired[u] {
            return;
        }
        // Blossoms holding them dissolve (their other members stay matched or are freed
        // for the next solve); the two are then matched to each other outside any blossom.
        self.prepare(u);
        self.prepare(v);
        for x in [u, v] {
            self.retired[x] = true;
            self.is_dirty[x] = false;
        }
        self.mate[u] = v;
        self.mate[v] = u;
        self.dirty.retain(|&x| x != u && x != v);
        self.live.retain(|&x| x != u && x != v);
    }

    /// The mate of vertex `u` (0-based) in the current matching.
    #[must_use]
    pub fn mate(&self, u: usize) -> Option<usize> {
        match self.mate.get(u + 1) {
            Some(&m) if m != 0 => Some(m - 1),
            _ => None,
        }
    }

    /// Finds a maximum-weight perfect matching (or repairs the previous one).
    pub fn solve(&mut self) -> Result<(), NoPerfectMatching> {
        if self.solved {
            self.repair();
        } else {
            self.jump_start();
            self.solved = true;
            for &v in &self.dirty {
                self.is_dirty[v] = false;
            }
            self.dirty.clear();
        }
        match self.stage() {
            Stage::Perfect => {
                self.dissolve_free_blossoms();
                Ok(())
            }
            Stage::Stuck => Err(NoPerfectMatching),
        }
    }

    /// Dissolves the top-level blossoms whose dual is zero, and then those of their children
    /// that are: they hold no dual for any edge, and each keeps a table as wide as the graph.
    fn dissolve_free_blossoms(&mut self) {
        let mut found = true;
        while found {
            found = false;
            for b in self.n + 1..=self.nx {
                if self.top[b] == b && self.dual[b].is_zero() {
                    self.dissolve(b);
                    found = true;
                }
            }
        }
    }

    /// The first solve's start: feasible duals that make many edges tight, and a greedy
    /// matching of tight edges, so the search has only the rest to do. Each vertex starts
    /// from half its heaviest edge (rounded up to even: weights are doubled, so every dual
    /// stays even and free vertices share a parity), then, one by one, comes down to what its
    /// edges need. Where a weight is a sum of one part per player, as the Dutch criteria
    /// mostly are, almost every edge ends up tight and the greedy matching almost perfect.
    fn jump_start(&mut self) {
        for i in 0..self.live.len() {
            let u = self.live[i];
            let row = self.weight.row(u);
            let heaviest = self
                .live
                .iter()
                .filter_map(|&v| self.weight.edge_in(row, v).map(|e| self.value_of(e)))
                .max()
                .unwrap_or(Wide::ZERO);
            let mut dual = heaviest.half();
            if dual.low() & 1 == 1 {
                dual += Wide::from_u64(1);
            }
            self.dual[u] = dual;
        }
        for i in 0..self.live.len() {
            let u = self.live[i];
            if let Some(needed) = self.needed_dual(u)
                && needed < self.dual[u]
            {
                self.dual[u] = needed;
            }
        }
        let live = self.live.clone();
        self.match_tight(&live);
    }

    /// Matches free vertices of `candidates` (top-level, outside any blossom) to each other
    /// along tight edges, first come first served: every such pair is one augmentation the
    /// search need not find.
    fn match_tight(&mut self, candidates: &[usize]) {
        for (i, &u) in candidates.iter().enumerate() {
            if self.mate[u] != 0 || self.top[u] != u {
                continue;
            }
            let row = self.weight.row(u);
            let tight = candidates[i + 1..].iter().copied().find(|&v| {
                self.mate[v] == 0
                    && self.top[v] == v
                    && self
                        .weight
                        .edge_in(row, v)
                        .is_some_and(|e| (self.dual[u] + self.dual[v] - self.value_of(e)).is_zero())
            });
            if let Some(v) = tight {
                self.mate[u] = v;
                self.mate[v] = u;
            }
        }
    }

    /// Unmatches `x` and, where `x` is a blossom base, the blossoms it is the base of.
    fn unmatch_chain(&mut self, x: usize) {
        let m = self.mate[x];
        if m == 0 {
            return;
        }
        let mut y = x;
        while y != 0 && self.mate[y] == m {
            self.mate[y] = 0;
            y = self.parent[y];
        }
    }

    fn base_vertex(&self, mut b: usize) -> usize {
        while b > self.n {
            b = self.flower[b][0];
        }
        b
    }

    fn members(&self, b: usize, out: &mut Vec<usize>) {
        if b <= self.n {
            out.push(b);
        } else {
            for &c in &self.flower[b] {
                self.members(c, out);
            }
        }
    }

    /// Dissolves the top-level blossom `b`, whose dual is zero: its children become
    /// top-level, the base child with the blossom's mate, and every edge keeps its slack.
    fn dissolve(&mut self, b: usize) {
        debug_assert!(self.dual[b].is_zero());
        let children = std::mem::take(&mut self.flower[b]);
        for &c in &children {
            self.parent[c] = 0;
            self.set_top(c, c);
        }
        if let Some(&first) = children.first() {
            self.mate[first] = self.mate[b];
        }
        self.mate[b] = 0;
        self.top[b] = 0;
    }

    /// Frees vertex `v` (1-based) before its edges change. The blossoms holding it come apart
    /// around it: the outermost is unmatched and rebased at `v` (its matching turned so that
    /// `v` is the vertex left free), so the other children of each level stay matched to each
    /// other, and only `v` and the outermost's old mate are left to match again. Unrolled
    /// without the rebase, every level with a dual would free two vertices more, and in a
    /// large field one blossom can nest thousands of levels.
    fn prepare(&mut self, v: usize) {
        let outermost = self.top[v];
        let base = self.base_vertex(outermost);
        if self.mate[base] != 0 {
            let other = self.mate[base];
            self.unmatch_chain(base);
            self.unmatch_chain(other);
        }
        if outermost != v {
            // The blossoms holding v, outermost first, then v.
            let mut chain = vec![v];
            let mut x = self.parent[v];
            while x != 0 {
                chain.push(x);
                x = self.parent[x];
            }
            chain.reverse();
            for level in chain.windows(2) {
                self.rebase(level[0], level[1]);
            }
            self.unroll(&chain);
        }
        if !self.is_dirty[v] {
            self.is_dirty[v] = true;
            self.dirty.push(v);
        }
    }

    /// Turns the matching of the free blossom `b` so that its child `holder` is the base,
    /// left free: the children before it along the even side of the cycle are matched in
    /// pairs (their own blossoms turned to the edges that join them).
    fn rebase(&mut self, b: usize, holder: usize) {
        let pr = self.get_pr(b, holder);
        for i in 0..pr {
            let a = self.flower[b][i];
            let c = self.flower[b][i ^ 1];
            self.set_match(a, c);
        }
        self.flower[b].rotate_left(pr);
        self.mate[b] = 0;
        self.mate[holder] = 0;
    }

    /// Dissolves the rebased blossoms of `chain` (outermost first, ending with the vertex they
    /// hold): each one's dual moves onto its members, which keeps every edge feasible and
    /// every edge inside a child as tight as it was. A member gets the halves of every level
    /// it leaves, added once.
    fn unroll(&mut self, chain: &[usize]) {
        let Some((&v, blossoms)) = chain.split_last() else {
            return;
        };
        let mut moved = Wide::ZERO;
        let mut members = Vec::new();
        for &b in blossoms {
            moved += self.dual[b].half();
            let children = std::mem::take(&mut self.flower[b]);
            // The first child is the next level (rebased there); the others leave here.
            for &c in children.iter().skip(1) {
                if !moved.is_zero() {
                    members.clear();
                    self.members(c, &mut members);
                    for &u in &members {
                        self.dual[u] += moved;
                    }
                }
                self.parent[c] = 0;
                self.set_top(c, c);
            }
            self.dual[b] = Wide::ZERO;
            self.mate[b] = 0;
            self.top[b] = 0;
            self.parent[b] = 0;
        }
        self.dual[v] += moved;
        self.parent[v] = 0;
        self.top[v] = v;
    }

    /// Before a warm solve: new duals for changed vertices, fresh representative edges, and a
    /// common parity for every free vertex.
    fn repair(&mut self) {
        let dirty = std::mem::take(&mut self.dirty);
        for &v in &dirty {
            self.is_dirty[v] = false;
        }
        let free: Vec<usize> = self
            .live
            .iter()
            .copied()
            .filter(|&x| self.mate[x] == 0 && self.top[x] == x)
            .collect();
        let reseed = std::mem::take(&mut self.reseed);
        if reseed {
            self.reseed(&free);
        } else {
            for &v in &dirty {
                // v is a free, top-level vertex: its dual only has to cover its edges.
                if let Some(needed) = self.needed_dual(v) {
                    self.dual[v] = needed;
                }
            }
        }
        for &v in &dirty {
            for b in self.n + 1..=self.nx {
                if self.top[b] == b {
                    self.refresh_rep(b, v);
                }
            }
        }
        if !reseed {
            self.match_tight(&free);
        }
        // Free roots must share one dual parity, or a step of half a slack is not an integer.
        let roots: Vec<usize> = self.top_ids().filter(|&x| self.mate[x] == 0).collect();
        let Some(reference) = roots
            .iter()
            .copied()
            .find(|&x| !(x <= self.n && dirty.contains(&x)))
            .or_else(|| roots.first().copied())
        else {
            return;
        };
        let parity = self.parity(reference);
        for x in roots {
            self.fix_parity(x, parity);
        }
    }

    /// Fresh duals for the free vertices `free` (top-level, outside any blossom, in vertex
    /// order), and a matching of as many as can be made tight. Each starts from half its
    /// heaviest edge to a later one of them (rounded up to even). Its heaviest edge overall
    /// often goes to one of the few ranked above it, which can take only one partner: a
    /// bracket's moved-down player carries its own higher score into its weight with every
    /// resident, and seeded from that edge each resident stood half the score difference
    /// above every other, so almost none was matched (5,000 players, round 4: 1,824 of a
    /// bracket's 1,828 left free; 9,999 players, round 4: 170 s became 53 s with this
    /// seed alone). Then, one by one in order, a vertex is raised to cover its edges, if it
    /// must (an earlier vertex covers its edges to the later ones, so the few above take the
    /// weight), and matched to the free vertex of least slack, the two lowered to make their
    /// edge tight, each by half
    /// where both have room (their least slacks), else as far as each can. Lowering only one
    /// of the two, as the first solve does, makes it the end of a tight edge from every other
    /// vertex, which then has no room left to come down (a bracket's next score group, whose
    /// heaviest edges go to the few residents, stayed almost all free that way). A vertex
    /// that cannot be matched comes down by its least slack as measured before its partner
    /// was raised (measuring it again made 9,999 players, round 9 no faster).
    fn reseed(&mut self, free: &[usize]) {
        for (i, &u) in free.iter().enumerate() {
            let row = self.weight.row(u);
            let heaviest = free[i + 1..]
                .iter()
                .filter_map(|&v| self.weight.edge_in(row, v).map(|e| self.value_of(e)))
                .max()
                .unwrap_or(Wide::ZERO);
            let mut dual = heaviest.half();
            if dual.low() & 1 == 1 {
                dual += Wide::from_u64(1);
            }
            self.dual[u] = dual;
        }
        for &u in free {
            if self.mate[u] != 0 {
                continue;
            }
            let (Some(room_u), partner) = self.covered_least_slack(u) else {
                continue;
            };
            if let Some((v, mut slack)) = partner {
                let before = self.dual[v];
                let Some(room_v) = self.covered_least_slack(v).0 else {
                    continue;
                };
                // Raising v to cover its edges loosened (u, v) as much.
                slack += self.dual[v] - before;
                let mut half = slack.half();
                if half.low() & 1 == 1 {
                    half -= Wide::from_u64(1);
                }
                let mut lower_u = if room_u < half { room_u } else { half };
                if slack - lower_u > room_v {
                    lower_u = slack - room_v;
                }
                let lower_v = slack - lower_u;
                if !lower_u.is_negative() && lower_u <= room_u && lower_v <= room_v {
                    self.dual[u] -= lower_u;
                    self.dual[v] -= lower_v;
                    self.mate[u] = v;
                    self.mate[v] = u;
                    continue;
                }
            }
            self.dual[u] -= room_u;
        }
    }

    /// Raises `u`'s dual to cover its edges, if it must, then gives the least slack of its
    /// edges and its least-slack edge to another free top-level vertex. Slacks to a vertex
    /// inside a blossom leave the blossom's dual out, so they are never more than the truth.
    fn covered_least_slack(&mut self, u: usize) -> (Option<Wide<L>>, Option<(usize, Wide<L>)>) {
        let row = self.weight.row(u);
        let mut least: Option<Wide<L>> = None;
        let mut partner: Option<(usize, Wide<L>)> = None;
        for &v in &self.live {
            let Some(e) = self.weight.edge_in(row, v) else {
                continue;
            };
            let slack = self.dual[u] + self.dual[v] - self.value_of(e);
            if least.is_none_or(|l| slack < l) {
                least = Some(slack);
            }
            if v != u
                && self.mate[v] == 0
                && self.top[v] == v
                && partner.is_none_or(|(_, s)| slack < s)
            {
                partner = Some((v, slack));
            }
        }
        if let Some(l) = least
            && l.is_negative()
        {
            self.dual[u] -= l;
            least = Some(Wide::ZERO);
            if let Some((_, s)) = partner.as_mut() {
                *s -= l;
            }
        }
        (least, partner)
    }

    /// The least dual that covers every edge of vertex `v`, if it has any.
    fn needed_dual(&self, v: usize) -> Option<Wide<L>> {
        let mut needed: Option<Wide<L>> = None;
        let row = self.weight.row(v);
        for &u in &self.live {
            if let Some(e) = self.weight.edge_in(row, u) {
                let want = self.value_of(e) - self.dual[u];
                if needed.is_none_or(|n| want > n) {
                    needed = Some(want);
                }
            }
        }
        needed
    }

    fn parity(&self, x: usize) -> u64 {
        self.dual[self.base_vertex(x)]
            .0
            .first()
            .map_or(0, |l| l & 1)
    }

    fn fix_parity(&mut self, x: usize, parity: u64) {
        if self.parity(x) == parity {
            return;
        }
        if x <= self.n {
            self.dual[x] += Wide::from_u64(1);
            return;
        }
        let two = Wide::from_u64(2);
        if self.dual[x] >= two {
            let mut members = Vec::new();
            self.members(x, &mut members);
            for u in members {
                self.dual[u] += Wide::from_u64(1);
            }
            self.dual[x] -= two;
        } else {
            // A blossom with a zero dual can be dissolved for free; its base child is the
            // free one.
            let base_child = self.flower[x][0];
            self.dissolve(x);
            self.fix_parity(base_child, parity);
        }
    }

    /// Recomputes the representative edge between blossom `b` (and its sub-blossoms) and the
    /// top-level vertex `v`.
    fn refresh_rep(&mut self, b: usize, v: usize) -> (usize, usize) {
        if b <= self.n {
            return if self.edge(b, v) { (b, v) } else { (0, 0) };
        }
        let mut best = (0, 0);
        let mut best_slack = None;
        for i in 0..self.flower[b].len() {
            let c = self.flower[b][i];
            let e = self.refresh_rep(c, v);
            if let Some(slack) = self.rep_slack(e)
                && best_slack.is_none_or(|best| slack < best)
            {
                best = e;
                best_slack = Some(slack);
            }
        }
        self.set_rep(b, v, best);
        self.set_rep(v, b, (best.1, best.0));
        best
    }

    /// Offers the edge from outer vertex `u` to top-level `x`, of slack `delta`, as `x`'s slack.
    fn update_slack(&mut self, u: usize, x: usize, delta: Wide<L>) {
        if self.slack[x] == 0 || delta < self.slack_delta[x] {
            self.slack[x] = u;
            self.slack_delta[x] = delta;
        }
    }

    /// The slack of top-level `x` towards the outer vertices scanned so far (the others
    /// offer theirs when they are scanned).
    fn set_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        if !self.slack_valid {
            return;
        }
        for i in 0..self.scanned.len() {
            let u = self.scanned[i];
            if self.top[u] == x || self.label[self.top[u]] != OUTER {
                continue;
            }
            let e = self.rep(u, x);
            if let Some(delta) = self.rep_slack(e) {
                self.update_slack(u, x, delta);
            }
        }
    }

    /// The ids that are top-level now: live vertices and blossoms.
    fn top_ids(&self) -> impl Iterator<Item = usize> + '_ {
        self.live
            .iter()
            .copied()
            .chain(self.n + 1..=self.nx)
            .filter(|&x| self.top[x] == x)
    }

    fn push(&mut self, x: usize) {
        if x <= self.n {
            self.queue.push_back(x);
        } else {
            for i in 0..self.flower[x].len() {
                let c = self.flower[x][i];
                self.push(c);
            }
        }
    }

    fn set_top(&mut self, x: usize, b: usize) {
        self.top[x] = b;
        if x > self.n {
            for i in 0..self.flower[x].len() {
                let c = self.flower[x][i];
                self.set_top(c, b);
            }
        }
    }

    fn get_pr(&mut self, b: usize, xr: usize) -> usize {
        let pr = self.flower[b].iter().position(|&c| c == xr).unwrap_or(0);
        if pr % 2 == 1 {
            self.flower[b][1..].reverse();
            self.flower[b].len() - pr
        } else {
            pr
        }
    }

    fn set_match(&mut self, u: usize, v: usize) {
        let (eu, ev) = self.rep(u, v);
        self.mate[u] = ev;
        if u > self.n {
            let xr = self.from(u, eu);
            let pr = self.get_pr(u, xr);
            for i in 0..pr {
                let a = self.flower[u][i];
                let b = self.flower[u][i ^ 1];
                self.set_match(a, b);
            }
            self.set_match(xr, v);
            self.flower[u].rotate_left(pr);
        }
    }

    fn augment(&mut self, mut u: usize, mut v: usize) {
        loop {
            let xnv = self.top[self.mate[u]];
            self.set_match(u, v);
            if xnv == 0 {
                return;
            }
            let pv = self.top[self.labeled_from[xnv]];
            self.set_match(xnv, pv);
            u = pv;
            v = xnv;
        }
    }

    /// A fresh mark for `visit`, so that marking needs no clearing.
    fn new_stamp(&mut self) -> u32 {
        self.visit_stamp = self.visit_stamp.wrapping_add(1);
        if self.visit_stamp == 0 {
            self.visit.iter_mut().for_each(|x| *x = 0);
            self.visit_stamp = 1;
        }
        self.visit_stamp
    }

    fn lca(&mut self, mut u: usize, mut v: usize) -> usize {
        let stamp = self.new_stamp();
        while u != 0 || v != 0 {
            if u == 0 {
                std::mem::swap(&mut u, &mut v);
                continue;
            }
            if self.visit[u] == stamp {
                return u;
            }
            self.visit[u] = stamp;
            u = self.top[self.mate[u]];
            if u != 0 {
                u = self.top[self.labeled_from[u]];
            }
            std::mem::swap(&mut u, &mut v);
        }
        0
    }

    /// Marks with `stamp` the blossoms nested inside blossom `b`.
    fn mark_nested(&mut self, b: usize, stamp: u32) {
        for i in 0..self.flower[b].len() {
            let c = self.flower[b][i];
            if c > self.n {
                self.visit[c] = stamp;
                self.mark_nested(c, stamp);
            }
        }
    }

    fn add_blossom(&mut self, u: usize, lca: usize, v: usize) {
        let mut b = self.n + 1;
        while b <= self.nx && self.top[b] != 0 {
            b += 1;
        }
        if b > self.nx {
            self.nx += 1;
            b = self.nx;
            self.blossom_rep.push(vec![0; self.n + 1]);
            self.blossom_pair_rep.push(Vec::new());
        }
        self.dual[b] = Wide::ZERO;
        self.label[b] = OUTER;
        self.tree[b] = self.tree[lca];
        self.mate[b] = self.mate[lca];
        self.parent[b] = 0;
        let mut flower = vec![lca];
        let mut x = u;
        while x != lca {
            flower.push(x);
            let y = self.top[self.mate[x]];
            flower.push(y);
            self.push(y);
            x = self.top[self.labeled_from[y]];
        }
        flower[1..].reverse();
        let mut x = v;
        while x != lca {
            flower.push(x);
            let y = self.top[self.mate[x]];
            flower.push(y);
            self.push(y);
            x = self.top[self.labeled_from[y]];
        }
        self.flower[b] = flower;
        self.set_top(b, b);
        let row = b - self.n - 1;
        self.blossom_rep[row].iter_mut().for_each(|e| *e = 0);
        // The newest blossom holds its edges to every other: what older rows say of this
        // id's earlier life is never read.
        self.blossom_pair_rep[row].clear();
        self.births += 1;
        self.born[b] = self.births;
        // Every id in use: the live vertices and the blossoms (nested ones too, for when
        // their parents expand), but not those inside the new one, which it never meets.
        let stamp = self.new_stamp();
        self.mark_nested(b, stamp);
        let ids: Vec<usize> = self
            .live
            .iter()
            .copied()
            .chain(
                (self.n + 1..=self.nx)
                    .filter(|&x| self.top[x] != 0 && x != b && self.visit[x] != stamp),
            )
            .collect();
        // For each id, the child's edge of least slack. Towards a vertex x every candidate
        // ends in x, so the key leaves x's dual out: the other end's dual less the weight,
        // whose class value is shared by runs of edges.
        let mut best: Vec<Option<((usize, usize), Wide<L>)>> = vec![None; ids.len()];
        for i in 0..self.flower[b].len() {
            let xs = self.flower[b][i];
            self.parent[xs] = b;
            let mut last: Option<(usize, u32, Wide<L>)> = None;
            let xs_row = (xs <= self.n).then(|| self.weight.row(xs));
            for (slot, &x) in best.iter_mut().zip(&ids) {
                let candidate = self.rep(xs, x);
                if candidate.0 == 0 {
                    continue;
                }
                let key = if x <= self.n {
                    let end = candidate.0;
                    let weight = match xs_row {
                        Some(row) if end == xs => self.weight.edge_in(row, candidate.1),
                        _ => self.weight.edge(end, candidate.1),
                    };
                    let Some((class, rest)) = weight else {
                        continue;
                    };
                    let upper = match last {
                        Some((e, c, value)) if e == end && c == class => value,
                        _ => {
                            let value = self.dual[end] - self.weight.class_value(class);
                            last = Some((end, class, value));
                            value
                        }
                    };
                    upper.sub_u64(rest)
                } else {
                    let Some(slack) = self.rep_slack(candidate) else {
                        continue;
                    };
                    slack
                };
                if slot.is_none_or(|(_, k)| key < k) {
                    *slot = Some((candidate, key));
                }
            }
        }
        for (slot, &x) in best.iter().zip(&ids) {
            if let Some((edge, _)) = *slot {
                self.set_rep(b, x, edge);
            }
        }
        self.set_slack(b);
    }

    fn expand_blossom(&mut self, b: usize) {
        let from_vertex = self.rep(b, self.labeled_from[b]).0;
        let xr = self.from(b, from_vertex);
        let children = self.flower[b].clone();
        for &x in &children {
            self.parent[x] = 0;
            self.set_top(x, x);
        }
        let pr = self.get_pr(b, xr);
        let mut i = 0;
        while i < pr {
            let xs = self.flower[b][i];
            let xns = self.flower[b][i + 1];
            self.labeled_from[xs] = self.rep(xns, xs).0;
            self.label[xs] = INNER;
            self.label[xns] = OUTER;
            self.tree[xs] = self.tree[b];
            self.tree[xns] = self.tree[b];
            self.slack[xs] = 0;
            self.set_slack(xns);
            self.push(xns);
            i += 2;
        }
        self.label[xr] = INNER;
        self.tree[xr] = self.tree[b];
        self.labeled_from[xr] = self.labeled_from[b];
        for i in pr + 1..self.flower[b].len() {
            let xs = self.flower[b][i];
            self.label[xs] = UNLABELED;
            self.set_slack(xs);
        }
        self.top[b] = 0;
        self.flower[b].clear();
    }

    fn on_found_edge(&mut self, e: (usize, usize)) -> bool {
        let u = self.top[e.0];
        let v = self.top[e.1];
        if self.label[v] == UNLABELED {
            self.labeled_from[v] = e.0;
            self.label[v] = INNER;
            let nu = self.top[self.mate[v]];
            self.tree[v] = self.tree[u];
            self.tree[nu] = self.tree[u];
            self.slack[v] = 0;
            self.slack[nu] = 0;
            self.label[nu] = OUTER;
            self.push(nu);
        } else if self.label[v] == OUTER {
            let lca = self.lca(u, v);
            if lca == 0 {
                self.augmented = Some((self.tree[u], self.tree[v]));
                self.augment(u, v);
                self.augment(v, u);
                return true;
            }
            self.add_blossom(u, lca, v);
        }
        false
    }

    #[expect(
        clippy::too_many_lines,
        reason = "one stage of Edmonds's blossom algorithm as its description gives it, kept whole \
                  to be read beside the module's description of it"
    )]
    fn stage(&mut self) -> Stage {
        for i in 0..self.live.len() {
            let x = self.live[i];
            self.label[x] = UNLABELED;
            self.slack[x] = 0;
        }
        for x in self.n + 1..=self.nx {
            self.label[x] = UNLABELED;
            self.slack[x] = 0;
        }
        self.refresh_dual_residues();
        self.queue.clear();
        self.scanned.clear();
        self.slack_valid = false;
        self.augmented = None;
        let roots: Vec<usize> = self.top_ids().filter(|&x| self.mate[x] == 0).collect();
        self.free_roots = roots.len();
        for x in roots {
            self.labeled_from[x] = 0;
            self.label[x] = OUTER;
            self.tree[x] = x;
            self.push(x);
        }
        for u in std::mem::take(&mut self.deferred) {
            self.is_deferred[u] = false;
        }
        loop {
            while let Some(u) = self.queue.pop_front() {
                if self.label[self.top[u]] != OUTER {
                    continue;
                }
                if self.scan(u) {
                    self.take_apart_augmented();
                }
            }
            if self.free_roots == 0 {
                return Stage::Perfect;
            }
            if self.form_deferred_blossoms() {
                // New outer ids to scan (or an augmentation).
                continue;
            }
            if !self.slack_valid {
                self.gather_slacks();
            }
            let mut d: Option<Wide<L>> = None;
            let mut consider = |value: Wide<L>| {
                if d.is_none_or(|d| value < d) {
                    d = Some(value);
                }
            };
            for b in self.n + 1..=self.nx {
                if self.top[b] == b && self.label[b] == INNER {
                    consider(self.dual[b].half());
                }
            }
            for x in self.top_ids() {
                if self.slack[x] != 0 {
                    let delta = self.slack_delta[x];
                    if self.label[x] == UNLABELED {
                        consider(delta);
                    } else if self.label[x] == OUTER {
                        consider(delta.half());
                    }
                }
            }
            let Some(d) = d else {
                return Stage::Stuck;
            };
            let twice = d + d;
            for i in 0..self.live.len() {
                let u = self.live[i];
                match self.label[self.top[u]] {
                    OUTER => self.dual[u] -= d,
                    INNER => self.dual[u] += d,
                    _ => {}
                }
            }
            self.refresh_dual_residues();
            for b in self.n + 1..=self.nx {
                if self.top[b] == b {
                    match self.label[b] {
                        OUTER => self.dual[b] += twice,
                        INNER => self.dual[b] -= twice,
                        _ => {}
                    }
                }
            }
            self.queue.clear();
            let tops: Vec<usize> = self.top_ids().filter(|&x| self.slack[x] != 0).collect();
            for &x in &tops {
                let e = self.rep(self.slack[x], x);
                self.slack_delta[x] = self.delta_edge(e);
            }
            for x in tops {
                let s = self.slack[x];
                if self.top[x] == x && s != 0 && self.top[s] != x {
                    let e = self.rep(s, x);
                    if self.delta_edge(e).is_zero() && self.on_found_edge(e) {
                        // The other slacks may name vertices of the two trees just taken
                        // apart; they are gathered again before the next dual change.
                        self.take_apart_augmented();
                        break;
                    }
                }
            }
            for b in self.n + 1..=self.nx {
                if self.top[b] == b && self.label[b] == INNER && self.dual[b].is_zero() {
                    self.expand_blossom(b);
                }
            }
        }
    }

    /// False proves the edge (u, v) is not tight: the lowest word of its slack, or the slack's
    /// residue, is not zero. True means it almost surely is (the caller checks in full). Only
    /// while a stage runs, when the duals' residues are kept.
    #[inline]
    fn maybe_tight(&self, u: usize, v: usize, (class, rest): (u32, u64)) -> bool {
        self.dual[u].low().wrapping_add(self.dual[v].low())
            == self.weight.class_low(class).wrapping_add(rest)
            && add_residues(self.dual_residue[u], self.dual_residue[v])
                == add_residues(self.weight.class_residue(class), reduce(u128::from(rest)))
    }

    /// Forms the blossoms of the deferred vertices' tight edges to other outer ids (an edge to
    /// another tree, should one be there, augments); false when there was none to form.
    /// Every such edge is dealt with before a dual step, which would make it infeasible.
    fn form_deferred_blossoms(&mut self) -> bool {
        let mut formed = false;
        while let Some(u) = self.deferred.pop() {
            self.is_deferred[u] = false;
            let row = self.weight.row(u);
            for i in 0..self.live.len() {
                let v = self.live[i];
                let (tu, tv) = (self.top[u], self.top[v]);
                if self.label[tu] != OUTER {
                    break;
                }
                if tu == tv || self.label[tv] != OUTER {
                    continue;
                }
                let Some(e) = self.weight.edge_in(row, v) else {
                    continue;
                };
                if !self.maybe_tight(u, v, e)
                    || !(self.dual[u] + self.dual[v] - self.value_of(e)).is_zero()
                {
                    continue;
                }
                formed = true;
                if self.on_found_edge((u, v)) {
                    self.take_apart_augmented();
                }
            }
        }
        formed
    }

    /// Vertex duals change before a stage and at its dual steps, nowhere else.
    fn refresh_dual_residues(&mut self) {
        for &u in &self.live {
            self.dual_residue[u] = self.dual[u].residue();
        }
    }

    /// Unlabels `x` and everything inside it: a blossom formed in this stage and then freed
    /// must not carry its children's old labels into a later expansion.
    fn unlabel(&mut self, x: usize) {
        self.label[x] = UNLABELED;
        self.slack[x] = 0;
        if x > self.n {
            for i in 0..self.flower[x].len() {
                let c = self.flower[x][i];
                self.unlabel(c);
            }
        }
    }

    /// After an augmentation the two trees it used come apart (their ids are matched now and
    /// unlabelled) and the rest of the forest stays as grown, so one stage serves every
    /// augmentation instead of growing the whole forest again for each. A freed id joined by a
    /// tight edge to a vertex already scanned joins the forest at once, as that scan would
    /// have added it; slacks are gathered again before the next dual change.
    fn take_apart_augmented(&mut self) {
        let Some((r1, r2)) = self.augmented.take() else {
            return;
        };
        self.free_roots = self.free_roots.saturating_sub(2);
        let freed: Vec<usize> = self
            .top_ids()
            .filter(|&x| self.label[x] != UNLABELED && (self.tree[x] == r1 || self.tree[x] == r2))
            .collect();
        for &x in &freed {
            self.unlabel(x);
        }
        self.slack_valid = false;
        if self.free_roots == 0 {
            return;
        }
        self.keep_outer_scanned();
        let mut members = Vec::new();
        for &x in &freed {
            if self.label[x] != UNLABELED {
                continue;
            }
            members.clear();
            self.members(x, &mut members);
            'found: for &m in &members {
                let row = self.weight.row(m);
                for i in 0..self.scanned.len() {
                    let w = self.scanned[i];
                    let tw = self.top[w];
                    if tw == x || self.label[tw] != OUTER {
                        continue;
                    }
                    let Some(e) = self.weight.edge_in(row, w) else {
                        continue;
                    };
                    if self.maybe_tight(m, w, e)
                        && (self.dual[m] + self.dual[w] - self.value_of(e)).is_zero()
                    {
                        self.on_found_edge((w, m));
                        break 'found;
                    }
                }
            }
        }
    }

    /// Looks along every edge of outer vertex `u`: a tight one grows the forest (true when it
    /// completes an augmenting path); once slacks are kept, the others offer theirs.
    fn scan(&mut self, u: usize) -> bool {
        self.scanned.push(u);
        let dual_u = self.dual[u];
        let row = self.weight.row(u);
        for i in 0..self.live.len() {
            let v = self.live[i];
            // A blossom formed during the scan may hold both ends (in a large field, one
            // blossom can hold most of it: looked at before the weight).
            let tv = self.top[v];
            if tv == self.top[u] {
                continue;
            }
            // An edge to an inner id neither grows the forest nor limits a dual step.
            if self.label[tv] == INNER {
                continue;
            }
            let Some(e) = self.weight.edge_in(row, v) else {
                continue;
            };
            if !self.slack_valid {
                if !self.maybe_tight(u, v, e) {
                    continue;
                }
                if self.label[tv] == OUTER && self.tree[tv] == self.tree[self.top[u]] {
                    // A blossom, if the stage needs one: `u` is looked at again then.
                    if !self.is_deferred[u] {
                        self.is_deferred[u] = true;
                        self.deferred.push(u);
                    }
                    continue;
                }
            }
            let delta = dual_u + self.dual[v] - self.value_of(e);
            if delta.is_zero() {
                if self.on_found_edge((u, v)) {
                    return true;
                }
            } else if self.slack_valid {
                self.offer_slack(u, v, tv, delta);
            }
        }
        false
    }

    /// Offers the edge (u, v) of slack `delta`, or the best one from `u` into `v`'s blossom.
    fn offer_slack(&mut self, u: usize, v: usize, tv: usize, delta: Wide<L>) {
        let delta = if tv == v {
            Some(delta)
        } else {
            // The blossom's table names an edge to every vertex joined to one of its
            // members; should it not, there is nothing to offer.
            self.rep_slack(self.rep(u, tv))
        };
        if let Some(delta) = delta {
            self.update_slack(u, tv, delta);
        }
    }

    /// Drops from the scanned list the vertices that are no longer outer, and repeated
    /// entries: a vertex is scanned again when it joins the forest again, so each outer one
    /// counts once and the others are dropped for good. After an augmentation most of the list is the
    /// two trees just taken apart.
    fn keep_outer_scanned(&mut self) {
        let stamp = self.new_stamp();
        let mut scanned = std::mem::take(&mut self.scanned);
        scanned.retain(|&u| {
            let keep = self.label[self.top[u]] == OUTER && self.visit[u] != stamp;
            self.visit[u] = stamp;
            keep
        });
        self.scanned = scanned;
    }

    /// The slack of every top-level id towards the forest, from the vertices scanned so far.
    fn gather_slacks(&mut self) {
        self.slack_valid = true;
        for x in self.top_ids().collect::<Vec<_>>() {
            self.slack[x] = 0;
        }
        self.keep_outer_scanned();
        let scanned = std::mem::take(&mut self.scanned);
        for &u in &scanned {
            let dual_u = self.dual[u];
            let row = self.weight.row(u);
            for i in 0..self.live.len() {
                let v = self.live[i];
                let tv = self.top[v];
                if tv == self.top[u] || self.label[tv] == INNER {
                    continue;
                }
                let Some(e) = self.weight.edge_in(row, v) else {
                    continue;
                };
                let delta = dual_u + self.dual[v] - self.value_of(e);
                self.offer_slack(u, v, tv, delta);
            }
        }
        self.scanned = scanned;
    }
}

enum Stage {
    Perfect,
    Stuck,
}

#[cfg(test)]
// The brute-force references index parallel arrays, as the textbook algorithms do.
#[expect(clippy::needless_range_loop)]
mod tests {
    use super::*;

    type W = Wide<2>;

    /// The best perfect matching weight by trying every one (small n).
    fn brute_force(n: usize, w: &[Vec<u64>]) -> Option<u64> {
        fn go(used: &mut Vec<bool>, w: &[Vec<u64>]) -> Option<u64> {
            let Some(first) = used.iter().position(|u| !u) else {
                return Some(0);
            };
            used[first] = true;
            let mut best: Option<u64> = None;
            for other in first + 1..used.len() {
                if !used[other] && w[first][other] > 0 {
                    used[other] = true;
                    if let Some(rest) = go(used, w) {
                        let total = rest + w[first][other];
                        best = Some(best.map_or(total, |b| b.max(total)));
                    }
                    used[other] = false;
                }
            }
            used[first] = false;
            best
        }
        go(&mut vec![false; n], w)
    }

    fn total(m: &PerfectMatching<2, Weights<2>>, w: &[Vec<u64>]) -> u64 {
        let mut sum = 0;
        for u in 0..w.len() {
            let v = m.mate(u).unwrap();
            assert_eq!(m.mate(v), Some(u));
            assert!(w[u][v] > 0, "matched along a non-edge");
            if u < v {
                sum += w[u][v];
            }
        }
        sum
    }

    /// A matching over the graph of the weights `w` (not solved yet).
    fn matching_of(w: &[Vec<u64>]) -> PerfectMatching<2, Weights<2>> {
        let n = w.len();
        let mut m = PerfectMatching::<2, Weights<2>>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                m.set_weight(u, v, W::from_u64(w[u][v]));
            }
        }
        m
    }

    /// Sets edge (u, v) to `x` in both the matching and the test's table of weights.
    fn set_edge(
        m: &mut PerfectMatching<2, Weights<2>>,
        w: &mut [Vec<u64>],
        u: usize,
        v: usize,
        x: u64,
    ) {
        w[u][v] = x;
        w[v][u] = x;
        m.set_weight(u, v, W::from_u64(x));
    }

    /// The blossoms holding vertex `x` (1-based), innermost first.
    fn holders(m: &PerfectMatching<2, Weights<2>>, x: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut b = m.parent[x];
        while b != 0 {
            out.push(b);
            b = m.parent[b];
        }
        out
    }

    /// What a solve must leave: every edge feasible, counting the duals of the blossoms
    /// holding both ends; no blossom with a negative dual; and between a top-level blossom
    /// and any other top-level id, the edge the tables name is one of least slack between
    /// their members (none exactly when no edge joins them).
    fn assert_duals_feasible_and_tables_least(m: &PerfectMatching<2, Weights<2>>, at: &str) {
        let members_of = |x: usize| {
            let mut out = Vec::new();
            m.members(x, &mut out);
            out
        };
        for &u in &m.live {
            for &v in &m.live {
                if u >= v || !m.edge(u, v) {
                    continue;
                }
                let hu = holders(m, u);
                let shared = holders(m, v)
                    .into_iter()
                    .filter(|b| hu.contains(b))
                    .fold(W::ZERO, |sum, b| sum + m.dual[b]);
                let slack = m.delta_edge((u, v)) + shared;
                assert!(!slack.is_negative(), "{at}: edge ({u}, {v}) infeasible");
            }
        }
        let tops: Vec<usize> = m.top_ids().collect();
        for &x in &tops {
            if x <= m.n {
                continue;
            }
            assert!(
                !m.dual[x].is_negative(),
                "{at}: blossom {x} has a negative dual"
            );
            let inside = members_of(x);
            for &y in &tops {
                if y == x {
                    continue;
                }
                let other = members_of(y);
                let least = inside
                    .iter()
                    .flat_map(|&u| other.iter().map(move |&v| (u, v)))
                    .filter(|&(u, v)| m.edge(u, v))
                    .map(|e| m.delta_edge(e))
                    .min();
                let named = m.rep(x, y);
                match least {
                    None => assert_eq!(named, (0, 0), "{at}: {x} and {y} share no edge"),
                    Some(least) => {
                        assert!(
                            inside.contains(&named.0) && other.contains(&named.1),
                            "{at}: the edge named between {x} and {y} is not theirs"
                        );
                        assert_eq!(m.rep_slack(named), Some(least), "{at}: {x} to {y}");
                    }
                }
            }
        }
    }

    /// Solves `m`, the graph of `w`, and checks it finds the brute force's best total, or no
    /// perfect matching where there is none.
    fn assert_solves_like_brute_force(
        m: &mut PerfectMatching<2, Weights<2>>,
        w: &[Vec<u64>],
        round: usize,
    ) {
        match (m.solve(), brute_force(w.len(), w)) {
            (Ok(()), Some(best)) => assert_eq!(total(m, w), best, "round {round}: {w:?}"),
            (Err(_), None) => {}
            (got, want) => panic!("round {round}: {got:?} vs {want:?} for {w:?}"),
        }
    }

    fn random_weights(rng: &mut fastrand::Rng, n: usize, density: u32, max: u64) -> Vec<Vec<u64>> {
        let mut w = vec![vec![0u64; n]; n];
        for u in 0..n {
            for v in u + 1..n {
                if rng.u32(0..100) < density {
                    let x = rng.u64(1..=max);
                    w[u][v] = x;
                    w[v][u] = x;
                }
            }
        }
        w
    }

    #[test]
    fn agrees_with_brute_force_on_random_graphs() {
        let mut rng = fastrand::Rng::with_seed(42);
        for round in 0..3000 {
            let n = 2 * rng.usize(1..=6);
            let max = if round % 3 == 0 { 3 } else { 1000 };
            let density = rng.u32(30..=100);
            let w = random_weights(&mut rng, n, density, max);
            assert_solves_like_brute_force(&mut matching_of(&w), &w, round);
        }
    }

    /// Weights that differ only above their lowest word, as a Dutch weight's fields do: the
    /// lowest-word test passes for every edge, and only the residues tell tight ones apart.
    #[test]
    fn weights_above_the_lowest_word_agree_with_brute_force() {
        let mut rng = fastrand::Rng::with_seed(11);
        for round in 0..1500 {
            let n = 2 * rng.usize(1..=6);
            let max = if round % 2 == 0 { 4 } else { 1000 };
            let density = rng.u32(40..=100);
            let w = random_weights(&mut rng, n, density, max);
            let mut m = PerfectMatching::<2, Weights<2>>::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    m.set_weight(u, v, Wide([0, w[u][v]]));
                }
            }
            assert_solves_like_brute_force(&mut m, &w, round);
        }
    }

    #[test]
    fn retired_pairs_stay_and_the_rest_is_still_optimal() {
        let mut rng = fastrand::Rng::with_seed(11);
        for round in 0..800 {
            let n = 2 * rng.usize(3..=5);
            let max = if round % 2 == 0 { 4 } else { 300 };
            let mut w = random_weights(&mut rng, n, 100, max);
            let mut m = matching_of(&w);
            m.solve().unwrap();
            let mut retired = vec![false; n];
            for _ in 0..2 {
                // Retire the pair of a random live vertex, then change edges among the rest.
                let Some(a) = (0..n).filter(|&x| !retired[x]).nth(rng.usize(0..n / 2)) else {
                    break;
                };
                let b = m.mate(a).unwrap();
                m.retire_pair(a, b);
                retired[a] = true;
                retired[b] = true;
                let live: Vec<usize> = (0..n).filter(|&x| !retired[x]).collect();
                for _ in 0..rng.usize(1..=3) {
                    let u = live[rng.usize(0..live.len())];
                    let v = live[rng.usize(0..live.len())];
                    if u != v {
                        set_edge(&mut m, &mut w, u, v, rng.u64(1..=max));
                    }
                }
                // A change touching a retired vertex is ignored.
                m.set_weight(a, live[0], W::ZERO);
                m.solve().unwrap();
                assert_eq!(m.mate(a), Some(b), "round {round}");
                assert_eq!(m.mate(b), Some(a), "round {round}");
                let mut rest = w.clone();
                for x in 0..n {
                    for y in 0..n {
                        if retired[x] || retired[y] {
                            rest[x][y] = 0;
                        }
                    }
                }
                let live_weights: Vec<Vec<u64>> = live
                    .iter()
                    .map(|&x| live.iter().map(|&y| rest[x][y]).collect())
                    .collect();
                let best = brute_force(live.len(), &live_weights).unwrap();
                let got: u64 = live.iter().map(|&x| w[x][m.mate(x).unwrap()]).sum::<u64>() / 2;
                assert_eq!(got, best, "round {round}");
            }
        }
    }

    /// How many blossoms hold vertex `v` (0-based).
    fn nesting(m: &PerfectMatching<2, Weights<2>>, v: usize) -> usize {
        let mut depth = 0;
        let mut x = m.parent[v + 1];
        while x != 0 {
            depth += 1;
            x = m.parent[x];
        }
        depth
    }

    /// A change to a vertex nested in blossoms (each with a dual: the solve dissolves those
    /// without) leaves the rest of every blossom matched: only the vertex and the outermost
    /// blossom's mate are left free, and the next solve is still optimal.
    #[test]
    fn changing_a_nested_vertex_frees_only_it_and_the_outermost_mate() {
        let mut rng = fastrand::Rng::with_seed(11);
        let mut nested = 0;
        for round in 0..5000 {
            let n = 2 * rng.usize(4..=6);
            let mut w = random_weights(&mut rng, n, 100, 6);
            let mut m = matching_of(&w);
            m.solve().unwrap();
            let Some(v) = (0..n).max_by_key(|&v| nesting(&m, v)) else {
                continue;
            };
            if nesting(&m, v) < 2 {
                continue;
            }
            nested += 1;
            let u = (v + 1 + rng.usize(0..n - 1)) % n;
            let x = w[u][v] % 6 + 1;
            w[u][v] = x;
            w[v][u] = x;
            m.set_weight(v, u, W::from_u64(x));
            let free = (0..n).filter(|&x| m.mate(x).is_none()).count();
            assert_eq!(free, 2, "round {round}: {free} vertices free");
            assert_solves_like_brute_force(&mut m, &w, round);
        }
        assert!(
            nested >= 100,
            "only {nested} graphs nested a vertex two blossoms deep"
        );
    }

    #[test]
    fn warm_restarts_agree_with_brute_force() {
        let mut rng = fastrand::Rng::with_seed(7);
        for round in 0..1500 {
            let n = 2 * rng.usize(2..=5);
            let max = if round % 2 == 0 { 4 } else { 500 };
            let mut w = random_weights(&mut rng, n, 100, max);
            let mut m = matching_of(&w);
            m.solve().unwrap();
            for step in 0..12 {
                // Change some edges of one or two vertices.
                for _ in 0..rng.usize(1..=2) {
                    let u = rng.usize(0..n);
                    for _ in 0..rng.usize(1..=n) {
                        let v = rng.usize(0..n);
                        if u == v {
                            continue;
                        }
                        let x = if rng.u32(0..10) == 0 {
                            0
                        } else {
                            rng.u64(1..=max)
                        };
                        set_edge(&mut m, &mut w, u, v, x);
                    }
                }
                let expected = brute_force(n, &w);
                match (m.solve(), expected) {
                    (Ok(()), Some(best)) => {
                        assert_eq!(total(&m, &w), best, "round {round} step {step}");
                    }
                    (Err(_), None) => {
                        // Make the graph complete again so the next step has a matching.
                        for u in 0..n {
                            for v in u + 1..n {
                                if w[u][v] == 0 {
                                    set_edge(&mut m, &mut w, u, v, 1);
                                }
                            }
                        }
                        m.solve().unwrap();
                    }
                    (got, want) => panic!("round {round} step {step}: {got:?} vs {want:?}"),
                }
            }
        }
    }

    #[test]
    fn reseeding_after_many_changes_agrees_with_brute_force() {
        let mut rng = fastrand::Rng::with_seed(11);
        for round in 0..1500 {
            let n = 2 * rng.usize(2..=6);
            let max = if round % 2 == 0 { 6 } else { 1000 };
            let mut w = random_weights(&mut rng, n, 100, max);
            let mut m = matching_of(&w);
            assert_solves_like_brute_force(&mut m, &w, round);
            // A decided pair stays out of the reseed.
            let retired = m.mate(0).filter(|_| round % 3 == 0);
            if let Some(mate) = retired {
                m.retire_pair(0, mate);
            }
            let is_retired = |x: usize| retired.is_some_and(|mate| x == 0 || x == mate);
            // Most vertices' edges change at once, as when a score bracket opens.
            for u in 0..n {
                if rng.u32(0..4) == 0 {
                    continue;
                }
                for v in 0..n {
                    if u == v || rng.bool() || is_retired(u) || is_retired(v) {
                        continue;
                    }
                    let x = if rng.u32(0..8) == 0 {
                        0
                    } else {
                        rng.u64(1..=max)
                    };
                    set_edge(&mut m, &mut w, u, v, x);
                }
            }
            m.reseed_free();
            if m.dirty.is_empty() {
                continue;
            }
            // The retired pair is part of every matching the solve may give.
            let mut constrained = w.clone();
            if let Some(mate) = retired {
                for x in (0..n).filter(|&x| x != mate) {
                    constrained[0][x] = 0;
                    constrained[x][0] = 0;
                }
            }
            assert_solves_like_brute_force(&mut m, &constrained, round);
        }
    }

    #[test]
    fn reseeding_matches_a_group_whose_heaviest_edges_go_to_a_few() {
        // Vertices 0 and 1 (a bracket's residents) are each other's best by far, and every
        // other vertex's heaviest edge goes to them; the other 10 (the next score group)
        // meet each other a little lighter. A reseed lowers both ends of each pair by half
        // their slack, so the 10 pair up among themselves before any search; lowering one end
        // alone would make it tight to all the others and leave them no room to come down.
        let n = 12;
        let mut w = vec![vec![0u64; n]; n];
        for u in 0..n {
            for v in 0..n {
                if u != v {
                    w[u][v] = match (u < 2, v < 2) {
                        (true, true) => 5000,
                        (false, false) => 900,
                        _ => 1000,
                    };
                }
            }
        }
        let mut m = matching_of(&w);
        m.solve().unwrap();
        for u in 0..n {
            m.edges_changed(u);
        }
        m.reseed_free();
        m.repair();
        let free = (1..=n).filter(|&x| m.mate[x] == 0).count();
        assert!(free <= 2, "{free} left free");
        assert_solves_like_brute_force(&mut m, &w, 0);
    }

    #[test]
    fn deep_warm_restarts_keep_duals_feasible_and_blossom_tables_least() {
        // Fields too large for brute force, with few distinct weights so that blossoms nest
        // several deep and their ids are reused: after every warm solve (a vertex's edges
        // changed, or most of the field's with a reseed, or a pair retired) the duals and
        // tables are checked, and the total is the one a fresh matching of the same weights
        // finds.
        let mut rng = fastrand::Rng::with_seed(23);
        let mut deepest = 0;
        for round in 0..40 {
            let n = 2 * rng.usize(12..=20);
            let mut w = random_weights(&mut rng, n, 100, 4);
            let mut m = matching_of(&w);
            m.solve().unwrap();
            assert_duals_feasible_and_tables_least(&m, "first solve");
            let mut retired = vec![false; n];
            for step in 0..30 {
                let at = format!("round {round} step {step}");
                let open: Vec<usize> = (0..n).filter(|&u| !retired[u]).collect();
                match rng.u32(0..6) {
                    0 if open.len() > 4 => {
                        let u = open[rng.usize(0..open.len())];
                        let v = m.mate(u).unwrap();
                        m.retire_pair(u, v);
                        retired[u] = true;
                        retired[v] = true;
                    }
                    1 => {
                        for &u in &open {
                            for &v in &open {
                                if u < v && rng.bool() {
                                    set_edge(&mut m, &mut w, u, v, rng.u64(1..=4));
                                }
                            }
                        }
                        m.reseed_free();
                    }
                    _ => {
                        let u = open[rng.usize(0..open.len())];
                        for &v in &open {
                            if v != u && rng.u32(0..3) == 0 {
                                set_edge(&mut m, &mut w, u, v, rng.u64(1..=4));
                            }
                        }
                    }
                }
                m.solve().unwrap();
                assert_duals_feasible_and_tables_least(&m, &at);
                deepest = deepest.max((1..=n).map(|x| holders(&m, x).len()).max().unwrap_or(0));
                // A fresh matching of the same weights, with each retired pair joined only
                // to each other, as the warm one is bound to keep them.
                let mut fresh_w = w.clone();
                for u in 0..n {
                    for v in 0..n {
                        if u != v && (retired[u] || retired[v]) && m.mate(u) != Some(v) {
                            fresh_w[u][v] = 0;
                        }
                    }
                }
                let mut fresh = matching_of(&fresh_w);
                fresh.solve().unwrap();
                assert_eq!(total(&m, &w), total(&fresh, &fresh_w), "{at}");
            }
        }
        assert!(deepest >= 2, "no vertex was ever two blossoms deep");
    }

    #[test]
    fn reseeding_matches_a_group_whose_heaviest_edges_all_go_to_one_above_it() {
        // Vertex 0 (a moved-down player, whose higher score every one of its weights
        // carries) is every other vertex's heaviest edge, and only one of them can have it.
        // Seeded from that edge, each of the others would stand 100 above every other and
        // none would be matched before the search; seeded from their edges to later
        // vertices, they pair up among themselves and vertex 0 takes the difference.
        let n = 12;
        let mut w = vec![vec![0u64; n]; n];
        for u in 0..n {
            for v in 0..n {
                if u != v {
                    w[u][v] = if u == 0 || v == 0 { 1200 } else { 1000 };
                }
            }
        }
        let mut m = matching_of(&w);
        m.solve().unwrap();
        for u in 0..n {
            m.edges_changed(u);
        }
        m.reseed_free();
        m.repair();
        let free = (1..=n).filter(|&x| m.mate[x] == 0).count();
        assert!(free <= 2, "{free} left free");
        assert_solves_like_brute_force(&mut m, &w, 0);
    }
}
