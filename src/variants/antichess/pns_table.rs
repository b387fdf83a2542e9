//! The proof-number solver's own transposition table: a fixed number of two-entry
//! buckets, allocated once per solve, so the solver's memory is bounded whatever the
//! position (the searcher's alpha-beta table stores scores and bounds, which mean
//! nothing to proof numbers, so the two are kept apart).
//!
//! Why two entries per bucket with a "solved, then work" priority: df-pn re-derives
//! an unsolved node's numbers from its children at little cost, but losing a solved
//! entry can cost the proof itself (the principal line is read back from the table),
//! so solved entries are kept over unsolved ones, and among equals the one that cost
//! more nodes to compute is kept.

/// Proof and disproof numbers at or above this are "infinite".
pub const INF: u32 = u32::MAX / 2;

/// One stored node: proof and disproof numbers from the root attacker's view, the
/// length of the proof in plies when proven, and the nodes spent below it.
#[derive(Clone, Copy, Default)]
pub struct Entry {
    pub key: u64,
    pub pn: u32,
    pub dn: u32,
    pub dist: u32,
    pub work: u32,
}

impl Entry {
    fn solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

pub struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` buckets of two entries (24 bytes each).
    pub fn new(bits: u32) -> Table {
        let buckets = 1usize << bits;
        Table { slots: vec![Entry::default(); buckets * 2], mask: buckets - 1 }
    }

    fn bucket(&self, key: u64) -> usize {
        // The low bits pick the bucket; key 0 marks an empty entry, so a position
        // whose key is 0 is simply never stored.
        ((key ^ (key >> 29)) as usize & self.mask) * 2
    }

    pub fn get(&self, key: u64) -> Option<&Entry> {
        if key == 0 {
            return None;
        }
        let b = self.bucket(key);
        self.slots[b..b + 2].iter().find(|e| e.key == key)
    }

    pub fn store(&mut self, entry: Entry) {
        if entry.key == 0 {
            return;
        }
        let b = self.bucket(entry.key);
        let pair = &mut self.slots[b..b + 2];
        let slot = if let Some(i) = pair.iter().position(|e| e.key == entry.key) {
            i
        } else if let Some(i) = pair.iter().position(|e| e.key == 0) {
            i
        } else {
            let keep = |e: &Entry| (e.solved(), e.work);
            if keep(&pair[0]) <= keep(&pair[1]) { 0 } else { 1 }
        };
        let old = pair[slot];
        // A solved entry for another position outranks an unsolved newcomer.
        if old.key != entry.key && old.key != 0 && old.solved() && !entry.solved() {
            return;
        }
        pair[slot] = entry;
    }
}
