//! The transposition table: one entry per slot, replaced when the new search is at least as
//! deep or the slot holds another position.

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The value is at least the score (a beta cut-off).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The best move found, as a move code (see `search::MoveCode`).
    pub best: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    best: u8::MAX,
};

pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of about `bytes` bytes (a power of two number of entries, at least 1,024).
    pub fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / std::mem::size_of::<Entry>()).max(1024);
        let size = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            entries: vec![EMPTY; size],
            mask: size - 1,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.entries[(key as usize) & self.mask];
        (entry.key == key).then_some(entry)
    }

    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[(entry.key as usize) & self.mask];
        if slot.key != entry.key || entry.depth >= slot.depth {
            *slot = entry;
        }
    }
}
