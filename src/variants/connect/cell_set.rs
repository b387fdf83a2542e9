//! A set of cells as bits over the padded board array: constant-time insert and
//! remove, and iteration in board order (deterministic) that skips empty words.

use super::geometry::{Cell, CELLS};

const WORDS: usize = CELLS.div_ceil(64);

#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct CellSet {
    words: [u64; WORDS],
}

impl CellSet {
    #[inline(always)]
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    #[inline(always)]
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    #[inline(always)]
    pub fn contains(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// The cells in the set, in index order (rank by rank from a1).
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Cell::from_index(i * 64 + b)
                })
            })
        })
    }
}
