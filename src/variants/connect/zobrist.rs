//! Zobrist keys for the connect games: one key per (side, cell) of the padded array
//! and one for the side to move. Drawn once from a fixed seed, so hashes are the
//! same on every run and machine.

use std::sync::OnceLock;

use super::geometry::CELLS;
use crate::core::rng::Rng;
use crate::core::Side;

pub struct Keys {
    stones: [[u64; CELLS]; 2],
    /// XORed in when Black is to move.
    pub black_to_move: u64,
}

impl Keys {
    #[inline]
    pub fn stone(&self, side: Side, cell: usize) -> u64 {
        self.stones[side.index()][cell]
    }
}

/// The shared key table (built on first use; positions keep the reference).
pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Box<Keys>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = Rng::new(0x6C75_6465_785F_636E); // "ludex_cn"
        let mut keys = Box::new(Keys { stones: [[0; CELLS]; 2], black_to_move: 0 });
        for side in 0..2 {
            for cell in 0..CELLS {
                keys.stones[side][cell] = rng.next_u64();
            }
        }
        keys.black_to_move = rng.next_u64();
        keys
    })
}
