//! Correction history: how far the static evaluation has been from the search's
//! verdict in positions that share a key, per side to move. Evaluations err in
//! patterns (a blocked centre, a piece configuration the weights do not see), and
//! the same structure recurs all over one search, so the average error seen so far
//! is added to the next evaluation there.
//!
//! A position gives [`CORRECTION_KEYS`] keys (chess: the pawn structure, and each
//! side's other pieces); each key has its own table, and the correction is their
//! weighted average, so a key that recurs less (the pieces) still refines the
//! one that recurs most (the pawns).

use crate::core::score::Score;
use crate::core::{Side, CORRECTION_KEYS};

/// Entries per side and key kind: 2^SLOT_BITS, indexed by the top bits of the
/// key after a multiplicative mix (so any well-spread bits of the key count).
const SLOT_BITS: u32 = 14;
const SLOTS: usize = 1 << SLOT_BITS;
/// Entries hold centipawns times this, so small corrections survive averaging.
const GRAIN: i32 = 256;
/// An update moves the entry `weight / WEIGHT_SCALE` of the way to the new error.
const WEIGHT_SCALE: i32 = 256;
/// The largest error learnt, in centipawns.
const LIMIT: i32 = 128;
/// How much each key kind counts in the average (pawn structure first).
const KEY_WEIGHTS: [i32; CORRECTION_KEYS] = [2, 1, 1];
const KEY_WEIGHT_SUM: i32 = 4;

/// One thread's tables, kept between the searches of a game like the histories.
pub struct Correction {
    tables: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction { tables: vec![0; CORRECTION_KEYS * 2 * SLOTS] }
    }
}

impl Correction {
    #[inline]
    fn slot(kind: usize, side: Side, key: u64) -> usize {
        (kind * 2 + side.index()) * SLOTS + (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
    }

    /// The correction for a position with `keys`, `side` to move, in centipawns.
    #[inline]
    pub fn get(&self, side: Side, keys: &[u64; CORRECTION_KEYS]) -> Score {
        let sum: i32 = (0..CORRECTION_KEYS).map(|k| KEY_WEIGHTS[k] * self.tables[Self::slot(k, side, keys[k])]).sum();
        sum / (KEY_WEIGHT_SUM * GRAIN)
    }

    /// Learns that a search to `depth` found `error` = search score minus raw static
    /// evaluation; deeper searches are trusted more.
    #[inline]
    pub fn update(&mut self, side: Side, keys: &[u64; CORRECTION_KEYS], depth: i32, error: Score) {
        let weight = (depth + 1).min(16);
        let target = error.clamp(-LIMIT, LIMIT) * GRAIN;
        for (k, &key) in keys.iter().enumerate() {
            let e = &mut self.tables[Self::slot(k, side, key)];
            *e = (*e * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        }
    }

    pub fn clear(&mut self) {
        self.tables.iter_mut().for_each(|e| *e = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_a_steady_error_per_side_and_key() {
        let mut c = Correction::default();
        let keys = [7, 9, 11];
        for _ in 0..200 {
            c.update(Side::White, &keys, 10, 40);
        }
        assert!((38..=40).contains(&c.get(Side::White, &keys)), "{}", c.get(Side::White, &keys));
        assert_eq!(c.get(Side::Black, &keys), 0);
        assert_eq!(c.get(Side::White, &[8, 10, 12]), 0);
        let other_pawns = c.get(Side::White, &[7 + SLOTS as u64, 9, 11]);
        assert!((19..=20).contains(&other_pawns), "no aliasing modulo the table size: {other_pawns}");
        // Sharing only the pawn key gives half the correction (its weight is 2 of 4).
        assert!((19..=20).contains(&c.get(Side::White, &[7, 10, 12])), "{}", c.get(Side::White, &[7, 10, 12]));
        for _ in 0..400 {
            c.update(Side::White, &keys, 10, -1000);
        }
        assert!((-LIMIT..=-LIMIT + 2).contains(&c.get(Side::White, &keys)), "clamped to the limit (less rounding)");
        c.clear();
        assert_eq!(c.get(Side::White, &keys), 0);
    }
}
