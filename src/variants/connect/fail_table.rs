//! The threat solvers' transposition table. It holds failures only: a position
//! (attacker to move, the Zobrist hash says which side that is) in which the attacker
//! has no win within some number of attacking moves, or none at all. A stored entry
//! can therefore hide a win from a shallower search but never invent one, so the
//! table may outlive one root; it is cleared only when the rules change.

/// Depth recorded for "no win at any length".
const NO_WIN: u8 = u8::MAX;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: u8,
}

/// An always-replace-if-deeper table of `2^bits` entries (16 bytes each).
pub struct FailTable {
    entries: Vec<Entry>,
}

impl FailTable {
    pub fn new(bits: u32) -> FailTable {
        FailTable { entries: vec![Entry::default(); 1 << bits.min(30)] }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
    }

    /// The depth up to which `key` is known to fail (`NO_WIN`: at every depth).
    #[inline]
    fn probe(&self, key: u64) -> Option<u8> {
        let e = self.entries[key as usize & (self.entries.len() - 1)];
        (e.key == key).then_some(e.depth)
    }

    /// What is known of `key` before searching it with `depth` attacking moves left,
    /// in the solvers' result convention: `Some(Some(false))` no win at all,
    /// `Some(None)` none within `depth`, `None` nothing stored that settles it.
    #[inline]
    pub fn known(&self, key: u64, depth: u32) -> Option<Option<bool>> {
        match self.probe(key) {
            Some(NO_WIN) => Some(Some(false)),
            Some(d) if d as u32 >= depth => Some(None),
            _ => None,
        }
    }

    /// Records a failed search of `key` with `depth` attacking moves left and returns
    /// its result: none within `depth` (`None`) when some line was `cut` short by
    /// the depth, else no win at all (`Some(false)`).
    #[inline]
    pub fn record_failure(&mut self, key: u64, depth: u32, cut: bool) -> Option<bool> {
        if cut {
            self.store(key, depth.min(NO_WIN as u32 - 1) as u8);
            None
        } else {
            self.store(key, NO_WIN);
            Some(false)
        }
    }

    /// Records that `key` fails within `depth` attacking moves; an entry for the same
    /// position that already says more is kept.
    #[inline]
    fn store(&mut self, key: u64, depth: u8) {
        let i = key as usize & (self.entries.len() - 1);
        let e = &mut self.entries[i];
        if e.key != key || e.depth < depth {
            *e = Entry { key, depth };
        }
    }
}
