//! The line patterns of [`pattern`](super::pattern) as a lookup table, built once per
//! side rule at first use from the definition (never from copied tables).
//!
//! A window is the `REACH` cells either side of the played cell, each empty, own or
//! blocked, so it is a base-3 number of `2 * REACH` digits (59,049 windows, one byte
//! each). The game reads a window as bit sets (`LineBoards`); `TERNARY` turns a bit
//! set into its base-3 digits, so the index is `TERNARY[own] + 2 * TERNARY[blocked]`
//! and costs three small-table loads for both sides at once (see [`PatternTable::index`]).
//!
//! The build fills windows with more own stones first, so the one-more-stone
//! continuations the definition asks about are already known: about 600,000 steps,
//! a few milliseconds.

use std::sync::OnceLock;

use super::pattern::{classify, Pattern, SideRule, CENTRE, REACH, SPAN};
use super::rules::{MAX_K, MIN_K};

/// Cells of a window besides the centre.
const CELLS: usize = 2 * REACH;
/// Windows per table.
const WINDOWS: usize = 3usize.pow(CELLS as u32);

/// `TERNARY[m]`: the base-3 number whose digits are the bits of the 10-bit mask `m`.
const TERNARY: [u16; 1 << CELLS] = {
    let mut t = [0u16; 1 << CELLS];
    let mut m = 0;
    while m < 1 << CELLS {
        let (mut v, mut p, mut i) = (0u32, 1u32, 0);
        while i < CELLS {
            if m >> i & 1 == 1 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[m] = v as u16;
        m += 1;
    }
    t
};

/// The 10 window cells of an 11-bit window `w` (centre at bit `CENTRE`), packed
/// without the centre.
#[inline(always)]
pub fn pack(w: u32) -> usize {
    ((w & ((1 << CENTRE) - 1)) | ((w >> 1) & (((1 << REACH) - 1) << CENTRE))) as usize
}

/// The window's digits from packed own and blocked masks.
#[inline(always)]
fn index_of(own: usize, block: usize) -> usize {
    TERNARY[own] as usize + 2 * TERNARY[block] as usize
}

/// Line patterns of every window for one side rule.
pub struct PatternTable {
    codes: Box<[u8]>,
}

impl PatternTable {
    fn build(rule: SideRule) -> PatternTable {
        let mut codes = vec![0u8; WINDOWS].into_boxed_slice();
        let full = (1usize << CELLS) - 1;
        // Own-stone masks, most stones first.
        let mut owns: Vec<usize> = (0..=full).collect();
        owns.sort_by_key(|&m| std::cmp::Reverse(m.count_ones()));
        for own in owns {
            let free = full & !own;
            // Every blocked set among the cells that are not own stones.
            let mut block = free;
            loop {
                let unpacked = |m: usize| ((m & ((1 << CENTRE) - 1)) | ((m >> CENTRE) << (CENTRE + 1))) as u16;
                let p = classify(unpacked(own), unpacked(block), rule, |more| {
                    // `more` has the centre and one more own stone: already built.
                    let m = pack(more as u32);
                    Pattern::from_code(codes[index_of(m, block)])
                });
                codes[index_of(own, block)] = p as u8;
                if block == 0 {
                    break;
                }
                block = (block - 1) & free;
            }
        }
        PatternTable { codes }
    }

    /// The table for `rule`, built on first use.
    pub fn get(rule: SideRule) -> &'static PatternTable {
        static TABLES: [OnceLock<PatternTable>; 2 * (MAX_K - MIN_K + 1) as usize + 1] =
            [const { OnceLock::new() }; 2 * (MAX_K - MIN_K + 1) as usize + 1];
        let slot = if rule.restricted {
            TABLES.len() - 1
        } else {
            2 * (rule.k.clamp(MIN_K, MAX_K) - MIN_K) as usize + rule.exact as usize
        };
        TABLES[slot].get_or_init(|| PatternTable::build(rule))
    }

    /// The table indices of one window for both sides: `own` and `other` are the two
    /// sides' stones and `wall` the off-board cells, 11-bit windows centred on bit
    /// `CENTRE` (the centre itself is ignored). Returns `[index for own, index for other]`.
    #[inline(always)]
    pub fn index(own: u32, other: u32, wall: u32) -> [usize; 2] {
        let (a, b, w) = (TERNARY[pack(own)] as usize, TERNARY[pack(other)] as usize, TERNARY[pack(wall)] as usize);
        [a + 2 * (b + w), b + 2 * (a + w)]
    }

    /// The pattern code at a table index from [`PatternTable::index`].
    #[inline(always)]
    pub fn at(&self, index: usize) -> u8 {
        // The index is below WINDOWS by construction (disjoint digit sets).
        self.codes[index]
    }

    /// The pattern of an 11-bit window (`own`, `block`, centre ignored).
    #[cfg(test)]
    pub fn pattern(&self, own: u32, block: u32) -> Pattern {
        Pattern::from_code(self.codes[index_of(pack(own), pack(block & !own))])
    }
}

const _: () = assert!(SPAN == CELLS + 1 && SPAN <= 16);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::connect::pattern::pattern_of;

    /// The table agrees with the recursive definition, for every kind of rule, on a
    /// sample striding through all windows.
    #[test]
    fn table_matches_definition() {
        let rules = [
            SideRule { k: 5, exact: true, restricted: false },
            SideRule { k: 5, exact: false, restricted: false },
            SideRule { k: 5, exact: true, restricted: true },
            SideRule { k: 4, exact: true, restricted: false },
            SideRule { k: 3, exact: false, restricted: false },
        ];
        for rule in rules {
            let table = PatternTable::get(rule);
            let mut checked = 0;
            for code in (0..WINDOWS).step_by(59) {
                // Decode the base-3 digits into two 11-bit masks.
                let (mut own, mut block, mut c) = (0u32, 0u32, code);
                for i in 0..CELLS {
                    let bit = if i < CENTRE { i } else { i + 1 };
                    match c % 3 {
                        1 => own |= 1 << bit,
                        2 => block |= 1 << bit,
                        _ => {}
                    }
                    c /= 3;
                }
                assert_eq!(
                    table.pattern(own, block),
                    pattern_of(own as u16, block as u16, rule),
                    "{rule:?} own {own:011b} block {block:011b}"
                );
                checked += 1;
            }
            assert!(checked > 1_000);
        }
    }
}
