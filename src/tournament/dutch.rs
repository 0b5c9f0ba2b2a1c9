//! The FIDE Dutch system (C.04.3, rules applied from 1 February 2026), as a sequence of
//! maximum-weight matchings.
//!
//! Every criterion of the system becomes a field of an edge weight, most important first:
//! completion and bye eligibility, pairs and scores paired in the current and next bracket,
//! the bye assignee's unplayed games, the four colour criteria, repeated floats and their
//! scores, and low bits that the procedure uses to order exchanges and transpositions. The
//! procedure then walks down the brackets; for each it decides, one player at a time with a
//! matching per question, which moved-down players are paired, whom they meet, which
//! players are exchanged between S1 and S2, and finally the pairs, fixing each answer before
//! the next question. Because every answer is the optimum of a weight that encodes the
//! criteria in their exact priority, the pairing follows the rules' order exactly.
//!
//! The weights are not stored pair by pair (`dutch/graph.rs`): they follow from the two players'
//! kinds, where they stand in the bracket and whether they have met, plus the small numbers
//! each question adds to a row, so a field of 10,000 players fits in a few hundred megabytes.
//!
//! "White" is the player who moves first.

// Index loops mirror the textbook algorithms and keep parallel arrays in step.
#![expect(clippy::needless_range_loop)]

use std::collections::HashMap;

pub mod explain;
mod graph;

use graph::{Bits, Deltas, Graph, Region};

use super::history::{Colour, PlayerHistory, PointSystem, RoundEntry};
use super::matching::PerfectMatching;
use super::wide::Wide;

/// What the Dutch system needs to pair one round.
#[derive(Clone, Debug)]
pub struct DutchInput<'a> {
    /// Every player of the event, in pairing-number order (which is rating order).
    pub players: &'a [PlayerHistory],
    /// Who is to be paired this round (present, not withdrawn, no requested bye).
    pub to_pair: &'a [bool],
    /// Rounds already played (the round being paired is `played_rounds + 1`).
    pub played_rounds: usize,
    /// Planned number of rounds (the last round relaxes the colour criterion for
    /// top-scorers).
    pub total_rounds: usize,
    /// Colour of the highest-ranked player in round 1.
    pub initial_colour: Colour,
    pub points: PointSystem,
    /// Pairs that must not meet (besides earlier opponents).
    pub forbidden: &'a [(usize, usize)],
    /// Virtual points per player per round (tenths), for accelerated pairings.
    pub accelerations: Option<&'a [Vec<u32>]>,
}

/// A round's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DutchPairing {
    /// (first mover, second mover), in publication order (best score first).
    pub pairs: Vec<(usize, usize)>,
    /// The player who receives the pairing-allocated bye.
    pub bye: Option<usize>,
}

/// No pairing satisfies the absolute criteria.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no pairing satisfies the absolute criteria (no rematches, byes, colours)")]
pub struct NoValidPairing;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Float {
    Down,
    Up,
    None,
}

/// A player's state for the round, derived from his history.
#[derive(Clone, Debug)]
struct State {
    rank: usize,
    score: u32,
    matches: Vec<RoundEntry>,
    accelerations: Vec<u32>,
    imbalance: u32,
    preference: Option<Colour>,
    repeated: Option<Colour>,
    strong: bool,
    played_games: u32,
}

impl State {
    fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

fn invert(colour: Option<Colour>) -> Option<Colour> {
    colour.map(Colour::invert)
}

fn preferences_compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none() || b.is_none()
}

fn bits_to_represent(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

struct Context {
    states: Vec<State>,
    points: PointSystem,
    played_rounds: usize,
    total_rounds: usize,
    initial_colour: Colour,
    /// For each player, the players he may not meet, in order.
    forbidden: Vec<Vec<usize>>,
}

impl Context {
    fn points_of(&self, m: &RoundEntry) -> u32 {
        m.points(&self.points)
    }

    /// Score with acceleration, `back` rounds before the round being paired.
    fn score(&self, p: usize, back: usize) -> u32 {
        let state = &self.states[p];
        let mut score = state.score;
        let mut round = self.played_rounds;
        for _ in 0..back {
            round -= 1;
            score = score.saturating_sub(self.points_of(&state.matches[round]));
        }
        score + state.accelerations.get(round).copied().unwrap_or(0)
    }

    /// (score, rank) order: `a` comes after `b`.
    fn worse(&self, a: usize, b: usize) -> bool {
        (self.score(a, 0), self.states[b].rank) < (self.score(b, 0), self.states[a].rank)
    }

    fn eligible_for_bye(&self, p: usize) -> bool {
        self.states[p]
            .matches
            .iter()
            .all(|m| m.played() || self.points_of(m) < self.points.win)
    }

    fn forbids(&self, a: usize, b: usize) -> bool {
        self.forbidden[a].binary_search(&b).is_ok()
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        !self.forbids(a, b) && self.colours_allow(a, b)
    }

    /// Whether the absolute colour criterion lets the two meet: it depends on the players'
    /// kinds only, unlike who has met whom.
    fn colours_allow(&self, a: usize, b: usize) -> bool {
        let (sa, sb) = (&self.states[a], &self.states[b]);
        let top = (self.played_rounds as u32) * self.points.win.max(self.points.draw) / 2;
        !sa.absolute_preference()
            || !sb.absolute_preference()
            || sa.preference != sb.preference
            || (self.played_rounds + 1 >= self.total_rounds
                && (self.score(a, 0) > top || self.score(b, 0) > top))
    }

    fn float(&self, p: usize, back: usize) -> Float {
        let m = &self.states[p].matches[self.played_rounds - back];
        if !m.played() {
            return if self.points_of(m) > self.points.loss {
                Float::Down
            } else {
                Float::None
            };
        }
        let mine = self.score(p, back);
        let theirs = m.opponent.map_or(mine, |o| self.score(o, back));
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        }
    }

    /// The colour the first player gets against the second (C.04.3 E).
    fn colour_for(&self, player: usize, opponent: usize) -> Colour {
        if let Some(colour) = self.neutral_colour(player, opponent) {
            return colour;
        }
        let (p, o) = (&self.states[player], &self.states[opponent]);
        match p.preference {
            None => {
                if self.worse(player, opponent) {
                    if o.rank % 2 == 1 {
                        self.initial_colour
                    } else {
                        self.initial_colour.invert()
                    }
                } else if p.rank % 2 == 1 {
                    self.initial_colour.invert()
                } else {
                    self.initial_colour
                }
            }
            Some(preference) => {
                if self.worse(player, opponent) {
                    o.preference.map_or(preference, Colour::invert)
                } else {
                    preference
                }
            }
        }
    }

    fn neutral_colour(&self, player: usize, opponent: usize) -> Option<Colour> {
        let (p, o) = (&self.states[player], &self.states[opponent]);
        if preferences_compatible(p.preference, o.preference) {
            return p.preference.or(invert(o.preference));
        }
        if p.absolute_preference() && (p.imbalance > o.imbalance || !o.absolute_preference()) {
            return p.preference;
        }
        if o.absolute_preference() && (o.imbalance > p.imbalance || !p.absolute_preference()) {
            return invert(o.preference);
        }
        if p.strong && !o.strong {
            return p.preference;
        }
        if o.strong && !p.strong {
            return invert(o.preference);
        }
        // Go back to the last round in which their colours differed.
        let mine: Vec<Colour> = p
            .matches
            .iter()
            .filter(|m| m.played())
            .filter_map(|m| m.colour)
            .collect();
        let theirs: Vec<Colour> = o
            .matches
            .iter()
            .filter(|m| m.played())
            .filter_map(|m| m.colour)
            .collect();
        let (mut i, mut j) = (mine.len(), theirs.len());
        while i > 0 && j > 0 && mine[i - 1] == theirs[j - 1] {
            i -= 1;
            j -= 1;
        }
        if i > 0 && j > 0 {
            Some(theirs[j - 1])
        } else {
            None
        }
    }
}

fn derive_state(history: &PlayerHistory, rank: usize, input: &DutchInput<'_>, id: usize) -> State {
    let matches: Vec<RoundEntry> = (0..input.played_rounds).map(|r| history.round(r)).collect();
    let score = matches.iter().map(|m| m.points(&input.points)).sum();
    let (mut white, mut black, mut consecutive, mut played) = (0u32, 0u32, 0u32, 0u32);
    let mut repeated: Option<Colour> = None;
    for m in &matches {
        if !m.played() {
            continue;
        }
        let Some(colour) = m.colour else { continue };
        played += 1;
        match colour {
            Colour::White => white += 1,
            Colour::Black => black += 1,
        }
        if consecutive == 0 || Some(colour) != repeated {
            consecutive = 1;
        } else {
            consecutive += 1;
        }
        repeated = Some(colour);
    }
    let lower = if white > black {
        Colour::Black
    } else {
        Colour::White
    };
    let imbalance = white.abs_diff(black);
    let preference = if imbalance > 1 {
        Some(lower)
    } else if consecutive > 1 {
        invert(repeated)
    } else if imbalance > 0 {
        Some(lower)
    } else if consecutive > 0 {
        invert(repeated)
    } else {
        None
    };
    if consecutive <= 1 {
        repeated = None;
    }
    let absolute = imbalance > 1 || repeated.is_some();
    State {
        rank,
        score,
        matches,
        accelerations: input
            .accelerations
            .and_then(|a| a.get(id).cloned())
            .unwrap_or_default(),
        imbalance,
        preference,
        repeated,
        strong: !absolute && imbalance > 0,
        played_games: played,
    }
}

/// Pairs one round with the Dutch system.
pub fn pair(input: &DutchInput<'_>) -> Result<DutchPairing, NoValidPairing> {
    let ctx = context(input);
    let n = input.players.len();
    let mut sorted: Vec<usize> = (0..n)
        .filter(|&i| input.to_pair.get(i).copied().unwrap_or(false))
        .collect();
    sorted.sort_by(|&a, &b| {
        if ctx.worse(a, b) {
            std::cmp::Ordering::Greater
        } else if ctx.worse(b, a) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Equal
        }
    });
    if sorted.is_empty() {
        return Ok(DutchPairing {
            pairs: Vec::new(),
            bye: None,
        });
    }
    let layout = Layout::new(&ctx, &sorted);
    // Room for the weight, its doubling in the matching, sums over n/2 edges, duals and sign.
    let needed = layout.total_bits + 2 + bits_to_represent(sorted.len()) + 66;
    let limbs = needed.div_ceil(64) as usize;
    let matched = dispatch(limbs, &ctx, &sorted, &layout)?;
    Ok(publish(&ctx, &sorted, &matched))
}

/// Every player's state for the round and the pairs that may not meet.
fn context(input: &DutchInput<'_>) -> Context {
    let n = input.players.len();
    // Effective pairing numbers count only the players taking part in the event so far: those
    // to be paired now and those who were paired before (a player absent from every round
    // up to now does not shift the colours of the others).
    let mut rank = 0;
    let states: Vec<State> = input
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let taking_part = input.to_pair.get(i).copied().unwrap_or(false)
                || (0..input.played_rounds).any(|r| p.round(r).participated());
            let state = derive_state(p, rank, input, i);
            if taking_part {
                rank += 1;
            }
            state
        })
        .collect();
    let mut forbidden = vec![Vec::new(); n];
    for &(a, b) in input.forbidden {
        if a < n && b < n && a != b {
            forbidden[a].push(b);
            forbidden[b].push(a);
        }
    }
    for (i, state) in states.iter().enumerate() {
        for m in &state.matches {
            if m.played()
                && let Some(o) = m.opponent
                && o < n
                && o != i
            {
                forbidden[i].push(o);
                forbidden[o].push(i);
            }
        }
    }
    for list in &mut forbidden {
        list.sort_unstable();
        list.dedup();
    }
    Context {
        states,
        points: input.points,
        played_rounds: input.played_rounds,
        total_rounds: input.total_rounds,
        initial_colour: input.initial_colour,
        forbidden,
    }
}

macro_rules! dispatch_sizes {
    ($limbs:expr, $ctx:expr, $sorted:expr, $layout:expr, [$($size:literal),*]) => {{
        $(
            if $limbs <= $size {
                return Procedure::<$size>::new($ctx, $sorted, $layout).run();
            }
        )*
        Err(NoValidPairing)
    }};
}

fn dispatch(
    limbs: usize,
    ctx: &Context,
    sorted: &[usize],
    layout: &Layout,
) -> Result<Vec<Option<usize>>, NoValidPairing> {
    dispatch_sizes!(
        limbs,
        ctx,
        sorted,
        layout,
        [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128]
    )
}

/// Bit widths of the weight's fields.
struct Layout {
    /// Bits for a count of players of one score group.
    group_bits: u32,
    /// Bits for all score groups' sub-fields together.
    groups_bits: u32,
    /// Offset of each score's sub-field.
    shifts: HashMap<u32, u32>,
    total_bits: u32,
    /// Where each field of an edge weight begins.
    fields: Fields,
}

/// The bit offset of each field of an edge weight, most important first.
struct Fields {
    completion: u32,
    in_current: u32,
    current_scores: u32,
    in_next: u32,
    next_scores: u32,
    unplayed: u32,
    colours: [u32; 4],
    /// For the round before, and the one before that (when played).
    floats: [Option<FloatFields>; 2],
}

struct FloatFields {
    down: u32,
    up: u32,
    down_scores: u32,
    up_scores: u32,
}

impl Layout {
    fn new(ctx: &Context, sorted: &[usize]) -> Layout {
        let mut shifts = HashMap::new();
        let mut groups_bits = 0;
        let mut largest = 0;
        let mut repeated = 0;
        for (i, &p) in sorted.iter().enumerate().rev() {
            repeated += 1;
            let score = ctx.score(p, 0);
            let last_of_group = i == 0 || score < ctx.score(sorted[i - 1], 0);
            if last_of_group {
                shifts.insert(score, groups_bits);
                largest = largest.max(repeated);
                groups_bits += bits_to_represent(repeated);
                repeated = 0;
            }
        }
        let s = bits_to_represent(largest);
        let gs = groups_bits;
        // Offsets from the bottom up: the room for ordering exchanges and transpositions,
        // the scores of floaters, the floats, the colours, and so on up to completion.
        let mut offset = 3 * s + 1;
        let mut take = |width: u32| {
            let at = offset;
            offset += width;
            at
        };
        let mut float_scores = [None, None];
        for back in [2usize, 1] {
            if ctx.played_rounds >= back {
                let up_scores = take(gs);
                let down_scores = take(gs);
                float_scores[back - 1] = Some((down_scores, up_scores));
            }
        }
        let mut float_bits = [None, None];
        for back in [2usize, 1] {
            if ctx.played_rounds >= back {
                let up = take(s);
                let down = take(s);
                float_bits[back - 1] = Some((down, up));
            }
        }
        let floats = [0, 1].map(|i| match (float_bits[i], float_scores[i]) {
            (Some((down, up)), Some((down_scores, up_scores))) => Some(FloatFields {
                down,
                up,
                down_scores,
                up_scores,
            }),
            _ => None,
        });
        let mut colours = [0; 4];
        for colour in colours.iter_mut().rev() {
            *colour = take(s);
        }
        let unplayed = take(2 * s);
        let next_scores = take(gs);
        let in_next = take(s);
        let current_scores = take(gs);
        let in_current = take(s);
        let completion = take(2);
        Layout {
            group_bits: s,
            groups_bits,
            shifts,
            total_bits: offset,
            fields: Fields {
                completion,
                in_current,
                current_scores,
                in_next,
                next_scores,
                unplayed,
                colours,
                floats,
            },
        }
    }

    fn shift(&self, score: u32) -> u32 {
        self.shifts.get(&score).copied().unwrap_or(0)
    }
}

struct Procedure<'a, const L: usize> {
    ctx: &'a Context,
    sorted: &'a [usize],
    layout: &'a Layout,
    /// The weights are computed in `L` limbs, chosen for the field before the run starts.
    _limbs: std::marker::PhantomData<Wide<L>>,
}

fn bit<const L: usize>(condition: bool) -> Wide<L> {
    Wide::from_u64(u64::from(condition))
}

impl<'a, const L: usize> Procedure<'a, L> {
    fn new(ctx: &'a Context, sorted: &'a [usize], layout: &'a Layout) -> Self {
        Procedure {
            ctx,
            sorted,
            layout,
            _limbs: std::marker::PhantomData,
        }
    }

    fn player(&self, vertex: usize) -> usize {
        self.sorted[vertex]
    }

    fn score(&self, vertex: usize) -> u32 {
        self.ctx.score(self.player(vertex), 0)
    }

    fn is_bye_candidate(&self, p: usize, bye_score: u32) -> bool {
        self.ctx.eligible_for_bye(p) && self.ctx.score(p, 0) <= bye_score
    }

    /// The weight of pairing `higher` with `lower` (players, `higher` ranked above), were they
    /// allowed to meet: whether they have met is the graph's to say.
    #[expect(clippy::too_many_arguments)]
    fn edge_weight(
        &self,
        higher: usize,
        lower: usize,
        lower_in_current: bool,
        lower_in_next: bool,
        bye_score: u32,
        single_downfloater_is_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> Wide<L> {
        let ctx = self.ctx;
        if !ctx.colours_allow(higher, lower) {
            return Wide::ZERO;
        }
        let at = &self.layout.fields;
        let layout = self.layout;
        let sh = ctx.score(higher, 0);
        let sl = ctx.score(lower, 0);
        let mut r: Wide<L> = Wide::ZERO;
        r.add_at(
            at.completion,
            1 + u64::from(!self.is_bye_candidate(higher, bye_score))
                + u64::from(!self.is_bye_candidate(lower, bye_score)),
        );
        // Pairs, then scores paired, in the current bracket; the same in the next one.
        if lower_in_current {
            r.add_at(at.in_current, 1);
            r.add_at(at.current_scores + layout.shift(sh), 1);
        }
        if lower_in_next {
            r.add_at(at.in_next, 1);
            r.add_at(at.next_scores + layout.shift(sh), 1);
        }
        // Fewest unplayed games for the bye assignee.
        if single_downfloater_is_bye {
            let states = &ctx.states;
            for (score, player) in [(sh, higher), (sl, lower)] {
                if score == bye_score {
                    let rank = unplayed_ranks
                        .get(&states[player].played_games)
                        .copied()
                        .unwrap_or(0);
                    r.add_at(at.unplayed, rank);
                }
            }
        }
        if !lower_in_current {
            // Colours and floats count only for pairs of the current bracket.
            return r;
        }
        // Colour preferences (the lower player first, as the rules read them).
        let (p, o) = (&ctx.states[lower], &ctx.states[higher]);
        let repeat_ok = if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let side = if p.imbalance > o.imbalance { o } else { p };
            side.repeated != invert(p.preference)
        };
        let colour_bits = [
            !p.absolute_imbalance() || !o.absolute_imbalance() || p.preference != o.preference,
            !p.absolute_preference()
                || !o.absolute_preference()
                || p.preference != o.preference
                || repeat_ok,
            preferences_compatible(p.preference, o.preference),
            (!p.strong && !p.absolute_preference())
                || (!o.strong && !o.absolute_preference())
                || (p.absolute_preference() && o.absolute_preference())
                || p.preference != o.preference,
        ];
        for (&offset, &set) in at.colours.iter().zip(&colour_bits) {
            r.add_at(offset, u64::from(set));
        }
        for (back, floats) in at.floats.iter().enumerate() {
            let Some(f) = floats else { continue };
            let back = back + 1;
            let lower_float = ctx.float(lower, back);
            let higher_float = ctx.float(higher, back);
            // Repeated downfloaters, then repeated upfloaters.
            r.add_at(
                f.down,
                u64::from(lower_float == Float::Down)
                    + u64::from(sh <= sl && higher_float == Float::Down),
            );
            r.add_at(f.up, u64::from(!(sh > sl && lower_float == Float::Up)));
            // Scores of repeated downfloaters, then of the opponents of repeated upfloaters.
            if lower_float == Float::Down {
                r.add_at(f.down_scores + layout.shift(sl), 1);
            }
            if higher_float == Float::Down {
                r.add_at(f.down_scores + layout.shift(sh), 1);
            }
            if !(lower_float == Float::Up && sh > sl) {
                r.add_at(f.up_scores + layout.shift(sh), 1);
            }
        }
        r
    }

    fn completion_weight(&self, player: usize, opponent: usize, top_score: u32) -> Wide<L> {
        let ctx = self.ctx;
        if !ctx.colours_allow(player, opponent) {
            return Wide::ZERO;
        }
        let mut r: Wide<L> = Wide::from_u64(
            1 + u64::from(!ctx.eligible_for_bye(player))
                + u64::from(!ctx.eligible_for_bye(opponent)),
        );
        r = r.shl(self.layout.groups_bits);
        r += Wide::from_u64(u64::from(
            self.layout.shift(ctx.score(player, 0)) + self.layout.shift(ctx.score(opponent, 0)),
        ));
        r = r.shl(self.layout.group_bits);
        r + bit(ctx.score(player, 0) >= top_score)
    }

    fn run(&self) -> Result<Vec<Option<usize>>, NoValidPairing> {
        let count = self.sorted.len();
        let mut run = self.first_matching()?;
        let top_score = self.score(0);
        let mut next_group = 0;
        let mut carried = Vec::new();
        while next_group < count && self.score(next_group) >= top_score {
            carried.push(next_group);
            next_group += 1;
        }
        let mut moved_down = 0;
        let mut begin_vertex = 0;
        while carried.len() > 1 || next_group < count {
            let group_start = next_group;
            let mut bracket = Bracket::open(carried, moved_down, begin_vertex);
            while next_group < count && self.score(next_group) >= self.score(group_start) {
                bracket.vertices.push(next_group);
                next_group += 1;
            }
            self.set_base_weights(&mut run, &bracket);
            run.recompute()?;
            self.pair_moved_down(&mut run, &bracket)?;
            Self::pair_moved_down_opponents(&mut run, &bracket)?;
            let remainder = self.remainder(&mut run, &bracket)?;
            let exchanges = remainder.exchanges(&run.stable, &bracket);
            self.exchange_from_s1(&mut run, &bracket, &remainder, exchanges)?;
            self.exchange_from_s2(&mut run, &bracket, &remainder, exchanges)?;
            Self::fix_exchanges(&mut run, &bracket, &remainder);
            Self::pair_s1(&mut run, &bracket, &remainder)?;
            run.single_is_bye =
                count % 2 == 1 && group_start < count && run.bye_score >= self.score(group_start);
            (carried, moved_down) = self.move_down(&mut run, &bracket, group_start);
            begin_vertex = bracket.next_begin_vertex;
        }
        Ok(run.result)
    }

    /// What the weights of a pair outside the bracket being paired depend on.
    fn default_kind(&self, p: usize) -> DefaultKind {
        let state = &self.ctx.states[p];
        DefaultKind {
            score: self.ctx.score(p, 0),
            eligible: self.ctx.eligible_for_bye(p),
            played_games: state.played_games,
            absolute_preference: state.absolute_preference(),
            preference: state.preference,
        }
    }

    /// What the base weight of a pair of the bracket depends on, besides where the lower one
    /// stands.
    fn kind(&self, p: usize) -> Kind {
        let ctx = self.ctx;
        let state = &ctx.states[p];
        let float = |back: usize| {
            self.layout.fields.floats[back - 1]
                .as_ref()
                .map(|_| ctx.float(p, back))
        };
        Kind {
            score: ctx.score(p, 0),
            eligible: ctx.eligible_for_bye(p),
            played_games: state.played_games,
            imbalance: state.imbalance,
            preference: state.preference,
            repeated: state.repeated,
            strong: state.strong,
            floats: [float(1), float(2)],
        }
    }

    /// The pairs of vertices that may not meet.
    fn forbidden_vertices(&self) -> Bits {
        let ctx = self.ctx;
        let mut vertex_of = vec![None; ctx.states.len()];
        for (v, &p) in self.sorted.iter().enumerate() {
            vertex_of[p] = Some(v);
        }
        let mut bits = Bits::new(self.sorted.len());
        for (v, &p) in self.sorted.iter().enumerate() {
            for &q in &ctx.forbidden[p] {
                if let Some(w) = vertex_of[q] {
                    bits.set(v, w);
                }
            }
        }
        bits
    }

    /// First: can the round be paired at all, and who would get the bye? The weights it leaves
    /// in the matching are those every bracket starts from.
    fn first_matching(&self) -> Result<Run<L>, NoValidPairing> {
        let ctx = self.ctx;
        let sorted = self.sorted;
        let count = sorted.len();
        let odd = count % 2 == 1;
        let eligible: Vec<bool> = sorted.iter().map(|&p| ctx.eligible_for_bye(p)).collect();
        let empty_ranks: HashMap<u32, u64> = HashMap::new();
        let top_score = self.score(0);
        let default_kinds = graph::kinds(sorted.iter().map(|&p| self.default_kind(p)));
        let graph = Graph::new(
            eligible.clone(),
            self.forbidden_vertices(),
            default_kinds,
            |higher, lower| {
                if odd {
                    self.completion_weight(sorted[lower], sorted[higher], top_score)
                } else {
                    self.edge_weight(
                        sorted[higher],
                        sorted[lower],
                        false,
                        false,
                        0,
                        false,
                        &empty_ranks,
                    )
                }
            },
        );
        let mut run = Run {
            matching: PerfectMatching::with_weights(count + usize::from(odd), graph),
            players: count,
            dummy: odd.then_some(count),
            stable: Vec::new(),
            matched: vec![false; count],
            result: vec![None; ctx.states.len()],
            bye_score: 0,
            single_is_bye: false,
            unplayed_ranks: HashMap::new(),
        };
        run.recompute()?;
        let initial = run.stable.clone();
        let unmatched: Vec<usize> = (0..count).filter(|&v| initial[v] == v).collect();
        if unmatched.len() > 1 || unmatched.iter().any(|&v| !eligible[v]) {
            return Err(NoValidPairing);
        }
        if odd {
            if let Some(&v) = unmatched.first() {
                run.bye_score = self.score(v);
            }
            if run.bye_score >= top_score {
                run.single_is_bye = true;
                for v in 0..count {
                    if self.score(v) < top_score {
                        break;
                    }
                    if self.score(initial[v]) < top_score {
                        run.single_is_bye = false;
                        break;
                    }
                }
            }
            let mut played: Vec<u32> = sorted
                .iter()
                .filter(|&&p| ctx.score(p, 0) == run.bye_score)
                .map(|&p| ctx.states[p].played_games)
                .collect();
            played.sort_by(|a, b| b.cmp(a));
            for (rank, games) in played.into_iter().enumerate() {
                run.unplayed_ranks.insert(games, rank as u64);
            }
            let (bye_score, single_is_bye) = (run.bye_score, run.single_is_bye);
            let ranks = &run.unplayed_ranks;
            let (graph, _) = run.matching.weights_mut();
            let changed = graph.redefine_default(|higher, lower| {
                self.edge_weight(
                    sorted[higher],
                    sorted[lower],
                    false,
                    false,
                    bye_score,
                    single_is_bye,
                    ranks,
                )
            });
            for v in changed {
                run.matching.edges_changed(v);
            }
            run.matching.reseed_free();
        }
        Ok(run)
    }

    /// The weights of the bracket's pairs, before any bit that decides between them.
    fn set_base_weights(&self, run: &mut Run<L>, bracket: &Bracket) {
        let vertices = &bracket.vertices;
        let kinds = graph::kinds(vertices.iter().map(|&v| self.kind(self.player(v))));
        let (bye_score, single_is_bye) = (run.bye_score, run.single_is_bye);
        let ranks = &run.unplayed_ranks;
        let (graph, retired) = run.matching.weights_mut();
        let changed = graph.open(
            vertices,
            bracket.moved_down,
            bracket.next_begin,
            kinds,
            |smaller, larger, region| {
                self.edge_weight(
                    self.player(vertices[smaller]),
                    self.player(vertices[larger]),
                    region == Region::Current,
                    region == Region::Next,
                    bye_score,
                    single_is_bye,
                    ranks,
                )
            },
            retired,
        );
        for v in changed {
            run.matching.edges_changed(v);
        }
        // Every pair of the bracket changed at once: a fresh start for them beats repairing
        // each against the old duals of the others.
        run.matching.reseed_free();
    }

    /// Which moved-down players are paired in this bracket: as many as possible, highest first
    /// within each score.
    fn pair_moved_down(&self, run: &mut Run<L>, bracket: &Bracket) -> Result<(), NoValidPairing> {
        let vertices = &bracket.vertices;
        let residents = &vertices[bracket.moved_down..bracket.next_begin];
        let mut md_score = 0;
        let mut md_remaining = 0usize;
        let mut md_remaining_matched = 0usize;
        for pi in 0..bracket.moved_down {
            if pi == 0 || self.score(vertices[pi]) < md_score {
                md_score = self.score(vertices[pi]);
                md_remaining = 0;
                md_remaining_matched = 0;
                let mut j = pi;
                while j < vertices.len() && self.score(vertices[j]) >= md_score {
                    md_remaining += 1;
                    if bracket.contains(run.stable[vertices[j]]) {
                        md_remaining_matched += 1;
                    }
                    j += 1;
                }
            }
            if md_remaining_matched == 0 {
                continue;
            }
            let vertex = vertices[pi];
            if md_remaining <= md_remaining_matched {
                run.matched[vertex] = true;
                continue;
            }
            md_remaining -= 1;
            if !bracket.contains(run.stable[vertex]) {
                // A bonus of one for pairing it with a resident.
                run.change(vertex, residents, |deltas, _| deltas.set_moved_down(pi, 1));
                run.recompute()?;
            }
            if bracket.contains(run.stable[vertex]) {
                run.matched[vertex] = true;
                md_remaining_matched -= 1;
                // Paired with a resident: a bonus above any the lower ones can get.
                let bonus = (bracket.next_begin - bracket.moved_down) as i64 + 1;
                run.change(vertex, residents, |deltas, _| {
                    deltas.set_moved_down(pi, bonus);
                });
            }
        }
        Ok(())
    }

    /// The opponents of the moved-down players paired here, fixed one by one.
    fn pair_moved_down_opponents(
        run: &mut Run<L>,
        bracket: &Bracket,
    ) -> Result<(), NoValidPairing> {
        let vertices = &bracket.vertices;
        for pi in 0..bracket.moved_down {
            let vertex = vertices[pi];
            if !run.matched[vertex] {
                continue;
            }
            // The lowest resident gets the least, and every one more than any lower bonus.
            let mut addend = vertices.len() as i64;
            let mut numbers = Vec::new();
            let mut others = Vec::new();
            for oi in (bracket.moved_down..bracket.next_begin).rev() {
                let ov = vertices[oi];
                if run.matched[ov] {
                    continue;
                }
                if !run.graph().base(pi, oi).is_zero() {
                    numbers.push((oi, addend));
                    others.push(ov);
                    addend += 1;
                }
            }
            let size = vertices.len();
            run.change(vertex, &others, |deltas, _| {
                deltas.set_row(pi, size, &numbers);
            });
            run.recompute()?;
            let mate = run.stable[vertex];
            run.matched[mate] = true;
            run.finalize(vertex, mate)?;
        }
        Ok(())
    }

    /// The remainder: residents of the bracket paired among themselves, weighted so that the
    /// matching prefers the fewest and smallest exchanges between S1 and S2.
    fn remainder(&self, run: &mut Run<L>, bracket: &Bracket) -> Result<Remainder, NoValidPairing> {
        let mut members: Vec<usize> = Vec::new();
        let mut pairs = 0usize;
        for pi in bracket.moved_down..bracket.next_begin {
            let vertex = bracket.vertices[pi];
            if run.stable[vertex] < bracket.begin_vertex {
                continue;
            }
            members.push(pi);
            if run.stable[vertex] < vertex {
                pairs += 1;
            }
        }
        let remainder = Remainder { members, pairs };
        let offsets: Vec<(usize, i64)> = (remainder.members.iter().enumerate())
            .map(|(index, &pi)| (pi, self.exchange_offset(index, pairs)))
            .collect();
        let mut deltas = run.graph().deltas().clone();
        deltas.set_member_offsets(bracket.vertices.len(), &offsets);
        let members = &remainder.members;
        let vertices = &bracket.vertices;
        // Charged to the higher of each pair, in the order the pairs were always set: by the
        // lower member, then the higher.
        let pairs_in_order = members.iter().enumerate().flat_map(|(lower_at, &oi)| {
            members[..lower_at]
                .iter()
                .map(move |&pi| (vertices[pi], vertices[oi], false))
        });
        run.change_pairs(deltas, pairs_in_order);
        run.recompute()?;
        Ok(remainder)
    }

    /// What a remainder member's pairs with later members get while the exchanges are
    /// decided: a member of S1 that stays in S1 is worth more, and a lower one before a
    /// higher one. The base weights leave the bits it uses empty.
    fn exchange_offset(&self, remainder_index: usize, remainder_pairs: usize) -> i64 {
        let s = 2 * self.layout.group_bits;
        let stays = i64::from(remainder_index < remainder_pairs) << s;
        (stays - remainder_index as i64) << 1
    }

    /// Lower players of S1 to exchange, where possible.
    fn exchange_from_s1(
        &self,
        run: &mut Run<L>,
        bracket: &Bracket,
        remainder: &Remainder,
        exchanges: usize,
    ) -> Result<(), NoValidPairing> {
        let members = &remainder.members;
        let size = bracket.vertices.len();
        let mut exchanges_left = exchanges;
        let mut player_remainder_index = remainder.pairs;
        let mut pos = remainder.first_group_end();
        while pos > 0 && exchanges_left > 0 {
            player_remainder_index -= 1;
            pos -= 1;
            let pi = members[pos];
            let v = bracket.vertices[pi];
            let later = &members[pos + 1..];
            let later_vertices: Vec<usize> = later.iter().map(|&oi| bracket.vertices[oi]).collect();
            if bracket.in_s1(&run.stable, v) {
                // One less for keeping it in S1: can it leave?
                let offset = self.exchange_offset(player_remainder_index, remainder.pairs) - 1;
                let numbers: Vec<(usize, i64)> = later.iter().map(|&oi| (oi, offset)).collect();
                run.change(v, &later_vertices, |deltas, _| {
                    deltas.set_row(pi, size, &numbers);
                });
                run.recompute()?;
            }
            let exchange = !bracket.in_s1(&run.stable, v);
            if exchange {
                exchanges_left -= 1;
            }
            run.change(v, &later_vertices, |deltas, ruled_out| {
                deltas.clear_row();
                if exchange {
                    for &oi in later {
                        ruled_out.set(pi, oi);
                    }
                }
            });
        }
        Ok(())
    }

    /// Higher players of S2 to exchange, where possible.
    fn exchange_from_s2(
        &self,
        run: &mut Run<L>,
        bracket: &Bracket,
        remainder: &Remainder,
        exchanges: usize,
    ) -> Result<(), NoValidPairing> {
        let members = &remainder.members;
        let size = bracket.vertices.len();
        let mut exchanges_left = exchanges;
        let mut remainder_index = remainder.pairs;
        let mut pos = remainder.first_group_end();
        while pos < members.len() && exchanges_left > 1 {
            let pi = members[pos];
            let v = bracket.vertices[pi];
            let later = &members[pos + 1..];
            let later_vertices: Vec<usize> = later.iter().map(|&oi| bracket.vertices[oi]).collect();
            let already = bracket.in_s1(&run.stable, v);
            if !already {
                // One more for bringing it into S1: can it come?
                let offset = self.exchange_offset(remainder_index, remainder.pairs) + 1;
                let numbers: Vec<(usize, i64)> = later.iter().map(|&oi| (oi, offset)).collect();
                run.change(v, &later_vertices, |deltas, _| {
                    deltas.set_row(pi, size, &numbers);
                });
                run.recompute()?;
            }
            if bracket.in_s1(&run.stable, v) {
                exchanges_left -= 1;
                let earlier = &members[..pos];
                let next_group = bracket.next_begin..size;
                let others: Vec<usize> = earlier
                    .iter()
                    .copied()
                    .chain(next_group.clone())
                    .map(|oi| bracket.vertices[oi])
                    .collect();
                run.change(v, &others, |_, ruled_out| {
                    for oi in earlier.iter().copied().chain(next_group) {
                        ruled_out.set(oi, pi);
                    }
                });
            }
            if !already {
                run.change(v, &later_vertices, |deltas, _| deltas.clear_row());
            }
            remainder_index += 1;
            pos += 1;
        }
        Ok(())
    }

    /// Fix the exchanges and clear the bits used to find them.
    fn fix_exchanges(run: &mut Run<L>, bracket: &Bracket, remainder: &Remainder) {
        let mut deltas = run.graph().deltas().clone();
        deltas.clear_member_offsets();
        let members = &remainder.members;
        let vertices = &bracket.vertices;
        let stable = run.stable.clone();
        let pairs_in_order = members.iter().enumerate().flat_map(|(at, &pi)| {
            let v = vertices[pi];
            let stable = &stable;
            members[at + 1..].iter().map(move |&oi| {
                let ov = vertices[oi];
                let ruled_out = !bracket.in_s1(stable, v) || bracket.in_s1(stable, ov);
                (v, ov, ruled_out)
            })
        });
        run.change_pairs(deltas, pairs_in_order);
    }

    /// The opponents of S1, highest first, fixed one by one.
    fn pair_s1(
        run: &mut Run<L>,
        bracket: &Bracket,
        remainder: &Remainder,
    ) -> Result<(), NoValidPairing> {
        let members = &remainder.members;
        let size = bracket.vertices.len();
        for &pi in members {
            let v = bracket.vertices[pi];
            if !bracket.in_s1(&run.stable, v) {
                continue;
            }
            // The lowest opponent gets the least.
            let mut addend = 0i64;
            let mut numbers = Vec::new();
            let mut others = Vec::new();
            for &oi in members.iter().rev() {
                let ov = bracket.vertices[oi];
                if oi <= pi || run.matched[ov] {
                    continue;
                }
                if !run.graph().base(pi, oi).is_zero() {
                    numbers.push((oi, addend));
                    others.push(ov);
                }
                addend += 1;
            }
            run.change(v, &others, |deltas, _| deltas.set_row(pi, size, &numbers));
            run.recompute()?;
            let mate = run.stable[v];
            run.matched[v] = true;
            run.matched[mate] = true;
            run.finalize(v, mate)?;
        }
        Ok(())
    }

    /// Records the bracket's pairs; everyone not paired moves down to the next bracket, which
    /// is returned with the number of them moved down from this one's residents.
    fn move_down(
        &self,
        run: &mut Run<L>,
        bracket: &Bracket,
        group_start: usize,
    ) -> (Vec<usize>, usize) {
        let mut next_bracket = Vec::new();
        let mut next_moved_down = 0;
        for (pi, &v) in bracket.vertices.iter().enumerate() {
            if pi < bracket.next_begin && run.matched[v] {
                let mate = run.stable[v];
                run.result[self.player(v)] = Some(self.player(mate));
                run.result[self.player(mate)] = Some(self.player(v));
            } else {
                next_bracket.push(v);
                if pi < bracket.next_begin {
                    next_moved_down += 1;
                }
                if run.single_is_bye && self.score(run.stable[v]) < self.score(group_start) {
                    run.single_is_bye = false;
                }
            }
        }
        (next_bracket, next_moved_down)
    }
}

/// A player as the weights of pairs outside the bracket see him.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct DefaultKind {
    score: u32,
    eligible: bool,
    played_games: u32,
    absolute_preference: bool,
    preference: Option<Colour>,
}

/// A player as a bracket's base weights see him.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Kind {
    score: u32,
    eligible: bool,
    played_games: u32,
    imbalance: u32,
    preference: Option<Colour>,
    repeated: Option<Colour>,
    strong: bool,
    floats: [Option<Float>; 2],
}

/// The working state of one run of the procedure, carried from bracket to bracket.
struct Run<const L: usize> {
    /// The matching over the players to pair, plus a dummy vertex when their number is odd:
    /// the player matched to it gets the bye.
    matching: PerfectMatching<L, Graph<L>>,
    players: usize,
    dummy: Option<usize>,
    /// The latest maximum matching: each vertex's mate (itself when unmatched).
    stable: Vec<usize>,
    /// Vertices whose pair is fixed.
    matched: Vec<bool>,
    /// Each player's opponent, as brackets are paired.
    result: Vec<Option<usize>>,
    /// The score of the player the first matching gave the bye (0 when the field is even).
    bye_score: u32,
    /// Whether the bye still falls to the bracket being paired.
    single_is_bye: bool,
    /// Among players of the bye's score, the rank of each number of games played.
    unplayed_ranks: HashMap<u32, u64>,
}

impl<const L: usize> Run<L> {
    fn recompute(&mut self) -> Result<(), NoValidPairing> {
        self.matching.solve().map_err(|_| NoValidPairing)?;
        let (matching, dummy) = (&self.matching, self.dummy);
        self.stable = (0..self.players)
            .map(|v| match matching.mate(v) {
                Some(m) if Some(m) != dummy => m,
                _ => v,
            })
            .collect();
        Ok(())
    }

    fn graph(&self) -> &Graph<L> {
        self.matching.weights()
    }

    /// Changes the deltas or ruled-out pairs of the row of `charged`, whose pairs with
    /// `others` are the ones changed, and tells the matching if any of them did.
    fn change(
        &mut self,
        charged: usize,
        others: &[usize],
        change: impl FnOnce(&mut Deltas, &mut Bits),
    ) {
        let (graph, retired) = self.matching.weights_mut();
        if graph.change(charged, others, retired, change) {
            self.matching.edges_changed(charged);
        }
    }

    /// Sets new deltas for many rows, going through their pairs in `pairs` (see
    /// [`Graph::change_pairs`]).
    fn change_pairs(&mut self, deltas: Deltas, pairs: impl Iterator<Item = (usize, usize, bool)>) {
        let (graph, retired) = self.matching.weights_mut();
        for v in graph.change_pairs(deltas, pairs, retired) {
            self.matching.edges_changed(v);
        }
    }

    /// Fixes the pair (a, b), mates in the matching just computed, for good: the pair is
    /// retired from the matching. A vertex left without an opponent here has no pairing.
    fn finalize(&mut self, a: usize, b: usize) -> Result<(), NoValidPairing> {
        if a == b {
            return Err(NoValidPairing);
        }
        self.matching.retire_pair(a, b);
        Ok(())
    }
}

/// The bracket being paired: the players moved down to it, its residents, then the next score
/// group, as vertices (positions in `sorted`).
struct Bracket {
    vertices: Vec<usize>,
    /// How many vertices at the front were moved down from above.
    moved_down: usize,
    /// Where the next score group begins in `vertices`.
    next_begin: usize,
    /// The first vertex of the residents, and of the next score group.
    begin_vertex: usize,
    next_begin_vertex: usize,
}

impl Bracket {
    /// A bracket of the players carried down; the next score group is pushed after them.
    fn open(carried: Vec<usize>, moved_down: usize, begin_vertex: usize) -> Self {
        let next_begin = carried.len();
        Bracket {
            next_begin_vertex: begin_vertex + (next_begin - moved_down),
            vertices: carried,
            moved_down,
            next_begin,
            begin_vertex,
        }
    }

    /// Whether a vertex is one of the bracket's residents.
    fn contains(&self, vertex: usize) -> bool {
        vertex >= self.begin_vertex && vertex < self.next_begin_vertex
    }

    /// Whether `vertex` is, in the matching, paired with a lower resident: it is in S1.
    fn in_s1(&self, stable: &[usize], vertex: usize) -> bool {
        stable[vertex] > vertex && stable[vertex] < self.next_begin_vertex
    }
}

/// The residents paired among themselves (positions in the bracket) and how many pairs they
/// make.
struct Remainder {
    members: Vec<usize>,
    pairs: usize,
}

impl Remainder {
    /// The end of S1 in `members`.
    fn first_group_end(&self) -> usize {
        self.pairs.min(self.members.len())
    }

    /// How many members of S1 the matching moved out of it.
    fn exchanges(&self, stable: &[usize], bracket: &Bracket) -> usize {
        self.members
            .iter()
            .take(self.first_group_end())
            .filter(|&&pi| !bracket.in_s1(stable, bracket.vertices[pi]))
            .count()
    }
}

/// Orders the pairs for publication and gives each its colours.
fn publish(ctx: &Context, sorted: &[usize], matched: &[Option<usize>]) -> DutchPairing {
    let mut pairs = Vec::new();
    let mut bye = None;
    for &p in sorted {
        match matched[p] {
            Some(m) => {
                if p < m {
                    let colour = ctx.colour_for(p, m);
                    pairs.push(if colour == Colour::White {
                        (p, m)
                    } else {
                        (m, p)
                    });
                }
            }
            None => bye = Some(p),
        }
    }
    // Higher pair first: by the better player's score, then the other's, then rank.
    let key = |&(a, b): &(usize, usize)| {
        let (high, low) = if unaccelerated_worse(ctx, a, b) {
            (b, a)
        } else {
            (a, b)
        };
        (
            std::cmp::Reverse(ctx.states[high].score),
            std::cmp::Reverse(ctx.states[low].score),
            ctx.states[high].rank,
        )
    };
    pairs.sort_by_key(key);
    DutchPairing { pairs, bye }
}

fn unaccelerated_worse(ctx: &Context, a: usize, b: usize) -> bool {
    (ctx.states[a].score, ctx.states[b].rank) < (ctx.states[b].score, ctx.states[a].rank)
}

/// An absolute criterion a pairing breaks (players by index in the input).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The two players have met before.
    Rematch(usize, usize),
    /// The player's colour difference would go beyond two.
    ColourDifference(usize, i64),
    /// The player would have the same colour three times running.
    SameColourThrice(usize),
    /// The player gets the pairing-allocated bye after already scoring a win without playing.
    SecondBye(usize),
    /// The player is paired a number of times other than once (or, out of the round, zero).
    PairedTimes(usize, usize),
}

impl Violation {
    /// The stable code of the criterion.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Violation::Rematch(..) => "rematch",
            Violation::ColourDifference(..) => "colour_difference",
            Violation::SameColourThrice(_) => "same_colour_thrice",
            Violation::SecondBye(_) => "second_bye",
            Violation::PairedTimes(..) => "paired_times",
        }
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Violation::Rematch(a, b) => write!(f, "{} and {} meet again", a + 1, b + 1),
            Violation::ColourDifference(p, d) => {
                write!(f, "{} gets a colour difference of {d}", p + 1)
            }
            Violation::SameColourThrice(p) => {
                write!(f, "{} gets the same colour three times running", p + 1)
            }
            Violation::SecondBye(p) => write!(
                f,
                "{} gets a bye after already scoring a win without playing",
                p + 1
            ),
            Violation::PairedTimes(p, n) => write!(f, "{} is paired {n} times", p + 1),
        }
    }
}

/// Checks a pairing against the absolute criteria and returns every violation found: a
/// rematch of a played game, a second pairing-allocated bye or one for a player who already
/// scored a win without playing, a player moving first (or second) three times running or
/// with a difference beyond two (except top-scorers in the last round), and players paired
/// twice or left out.
#[must_use]
pub fn violations(input: &DutchInput<'_>, pairing: &DutchPairing) -> Vec<Violation> {
    let mut problems = Vec::new();
    let points = &input.points;
    let played_before = |a: usize, b: usize| {
        input.players[a]
            .rounds
            .iter()
            .take(input.played_rounds)
            .any(|e| e.played() && e.opponent == Some(b))
    };
    let mut seen = vec![0usize; input.players.len()];
    let last_round = input.played_rounds + 1 >= input.total_rounds;
    let top = (input.played_rounds as u32) * points.win.max(points.draw) / 2;
    for &(white, black) in &pairing.pairs {
        seen[white] += 1;
        seen[black] += 1;
        if played_before(white, black) {
            problems.push(Violation::Rematch(white, black));
        }
        // In the last round a top-scorer's game may break the colour rules for both players.
        let top_scorer = |p: usize| {
            last_round && input.players[p].score_after(input.played_rounds, points) > top
        };
        if top_scorer(white) || top_scorer(black) {
            continue;
        }
        for (player, colour) in [(white, Colour::White), (black, Colour::Black)] {
            let history = &input.players[player];
            let mut colours: Vec<Colour> = history
                .rounds
                .iter()
                .take(input.played_rounds)
                .filter(|e| e.played())
                .filter_map(|e| e.colour)
                .collect();
            colours.push(colour);
            let whites = colours.iter().filter(|&&c| c == Colour::White).count() as i64;
            let blacks = colours.len() as i64 - whites;
            if (whites - blacks).abs() > 2 {
                problems.push(Violation::ColourDifference(player, whites - blacks));
            }
            if colours.len() >= 3 && colours[colours.len() - 3..].iter().all(|&c| c == colour) {
                problems.push(Violation::SameColourThrice(player));
            }
        }
    }
    if let Some(bye) = pairing.bye {
        seen[bye] += 1;
        let unplayed_win = input.players[bye]
            .rounds
            .iter()
            .take(input.played_rounds)
            .any(|e| !e.played() && e.scored_as_win(points));
        if unplayed_win {
            problems.push(Violation::SecondBye(bye));
        }
    }
    for (player, &count) in seen.iter().enumerate() {
        let expected = usize::from(input.to_pair.get(player).copied().unwrap_or(false));
        if count != expected {
            problems.push(Violation::PairedTimes(player, count));
        }
    }
    problems
}
