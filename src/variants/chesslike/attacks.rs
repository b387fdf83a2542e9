//! Attack tables: knights, kings and pawns as compile-time tables, sliders through
//! magic bitboards, and the `between`/`line` tables that pin and check detection use.
//!
//! Magic numbers are found at start-up with the deterministic [`Rng`], so every run
//! builds identical tables; the search takes a few milliseconds and runs once, behind
//! a [`OnceLock`], so concurrent first callers are safe.

use std::sync::OnceLock;

use super::{Bitboard, Role, Square};
use crate::core::rng::Rng;
use crate::core::Side;

const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The squares reached by single steps from `sq` (knight or king pattern).
const fn step_attacks(sq: usize, steps: &[(i8, i8); 8]) -> u64 {
    let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
    let mut bb = 0u64;
    let mut i = 0;
    while i < 8 {
        let (nf, nr) = (f + steps[i].0, r + steps[i].1);
        if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
            bb |= 1 << (nr * 8 + nf);
        }
        i += 1;
    }
    bb
}

/// Squares a slider on `sq` attacks along `dirs`, stopping at (and including) the
/// first occupied square. The slow reference the magic tables are built from.
const fn slide(sq: usize, occupied: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut bb = 0u64;
    let mut d = 0;
    while d < 4 {
        let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
        loop {
            f += dirs[d].0;
            r += dirs[d].1;
            if f < 0 || f > 7 || r < 0 || r > 7 {
                break;
            }
            let bit = 1u64 << (r * 8 + f);
            bb |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
        d += 1;
    }
    bb
}

const fn step_table(steps: &[(i8, i8); 8]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = step_attacks(sq, steps);
        sq += 1;
    }
    t
}

const fn pawn_table(side: Side) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let b = Bitboard(1 << sq);
        t[sq] = b.pawn_attacks_west(side).0 | b.pawn_attacks_east(side).0;
        sq += 1;
    }
    t
}

/// `BETWEEN[a][b]`: the squares strictly between two squares on a common rank, file
/// or diagonal, else empty. `LINE[a][b]`: the whole line through both, else empty.
const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if a != b {
                let bit_b = 1u64 << b;
                if slide(a, 0, &ROOK_DIRS) & bit_b != 0 {
                    between[a][b] = slide(a, bit_b, &ROOK_DIRS) & slide(b, 1 << a, &ROOK_DIRS);
                    line[a][b] = (slide(a, 0, &ROOK_DIRS) & slide(b, 0, &ROOK_DIRS)) | (1 << a) | bit_b;
                } else if slide(a, 0, &BISHOP_DIRS) & bit_b != 0 {
                    between[a][b] = slide(a, bit_b, &BISHOP_DIRS) & slide(b, 1 << a, &BISHOP_DIRS);
                    line[a][b] = (slide(a, 0, &BISHOP_DIRS) & slide(b, 0, &BISHOP_DIRS)) | (1 << a) | bit_b;
                }
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static KNIGHT: [u64; 64] = step_table(&KNIGHT_STEPS);
static KING: [u64; 64] = step_table(&KING_STEPS);
static PAWN: [[u64; 64]; 2] = [pawn_table(Side::White), pawn_table(Side::Black)];
static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `side` on `sq` attacks.
#[inline(always)]
pub fn pawn_attacks(side: Side, sq: Square) -> Bitboard {
    Bitboard(PAWN[side.index() & 1][sq.index()])
}

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.0[a.index()][b.index()])
}

/// The full rank, file or diagonal through `a` and `b`, or empty if there is none.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.1[a.index()][b.index()])
}

#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sliders();
    s.lookup(&s.rook[sq.index()], occupied)
}

#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sliders();
    s.lookup(&s.bishop[sq.index()], occupied)
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares a `side` piece of kind `role` on `sq` attacks through `occupied`.
#[inline(always)]
pub fn piece_attacks(role: Role, side: Side, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(side, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// Builds the slider tables now rather than on first use (e.g. before timing).
pub fn init() {
    sliders();
}

/// One square's magic: `attacks = table[offset + ((occ & mask) * magic) >> shift]`.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    table: Box<[Bitboard]>,
}

impl Sliders {
    #[inline(always)]
    fn lookup(&self, m: &Magic, occupied: Bitboard) -> Bitboard {
        let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        let i = m.offset as usize + idx;
        debug_assert!(i < self.table.len());
        // SAFETY: `find_magic` checked that every index of this square's
        // `1 << (64 - shift)` slots lands in its own block of the table, and
        // `idx < 1 << (64 - shift)` because the product is shifted right by `shift`.
        unsafe { *self.table.get_unchecked(i) }
    }
}

static SLIDERS: OnceLock<Sliders> = OnceLock::new();

#[inline(always)]
fn sliders() -> &'static Sliders {
    SLIDERS.get_or_init(build_sliders)
}

/// Per-square seeds for the magic search, `[rook, bishop]`, found once by
/// `find_magic_seeds` (an ignored test below) so that the first candidate each seed
/// yields is already a magic. Any seed would do (the search always verifies and
/// keeps trying); these only make start-up take about a millisecond.
const MAGIC_SEEDS: [[u64; 64]; 2] = include!("magic_seeds.in");

fn build_sliders() -> Sliders {
    let mut table = Vec::with_capacity(107_648);
    let mut rook = [Magic::default(); 64];
    let mut bishop = [Magic::default(); 64];
    let mut scratch = Scratch::default();
    for sq in 0..64 {
        for (kind, dirs) in [(0, &ROOK_DIRS), (1, &BISHOP_DIRS)] {
            let subsets = Subsets::new(sq, dirs);
            let mut rng = Rng::new(MAGIC_SEEDS[kind][sq]);
            let (magic, shift) = loop {
                if let Some(found) = subsets.try_candidate(&mut rng, &mut scratch) {
                    break found;
                }
            };
            let offset = table.len() as u32;
            table.extend(subsets.fill(magic, shift));
            let m = Magic { mask: subsets.mask, magic, shift, offset };
            if kind == 0 {
                rook[sq] = m;
            } else {
                bishop[sq] = m;
            }
        }
    }
    Sliders { rook, bishop, table: table.into_boxed_slice() }
}

/// The relevant-occupancy mask: the empty-board rays minus their last square, whose
/// occupancy cannot change what the slider attacks.
fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let (f0, r0) = ((sq % 8) as i8, (sq / 8) as i8);
    let mut mask = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            mask |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    mask
}

/// Every occupancy subset of one square's mask with the attack set it gives.
struct Subsets {
    mask: u64,
    occupancies: Vec<u64>,
    attacks: Vec<u64>,
}

/// Reusable buffers for checking candidates: `epoch[i] == attempt` marks slot `i`
/// as written during the current attempt, so nothing needs clearing between tries.
#[derive(Default)]
struct Scratch {
    slots: Vec<u64>,
    epoch: Vec<u32>,
    attempt: u32,
}

impl Subsets {
    fn new(sq: usize, dirs: &[(i8, i8); 4]) -> Subsets {
        let mask = relevant_mask(sq, dirs);
        let size = 1usize << mask.count_ones();
        let mut occupancies = Vec::with_capacity(size);
        let mut attacks = Vec::with_capacity(size);
        // Carry-rippler enumeration of all subsets of the mask.
        let mut subset = 0u64;
        loop {
            occupancies.push(subset);
            attacks.push(slide(sq, subset, dirs));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        Subsets { mask, occupancies, attacks }
    }

    /// Draws the next plausible candidate from `rng` and returns it with its shift if
    /// no two subsets with different attack sets share a slot.
    fn try_candidate(&self, rng: &mut Rng, scratch: &mut Scratch) -> Option<(u64, u32)> {
        let shift = 64 - self.mask.count_ones();
        let magic = loop {
            let m = rng.sparse_u64();
            // Good magics spread the mask's high bits: skip obviously poor candidates.
            if (self.mask.wrapping_mul(m) >> 56).count_ones() >= 6 {
                break m;
            }
        };
        let size = self.occupancies.len();
        if scratch.slots.len() < size {
            scratch.slots.resize(size, 0);
            scratch.epoch.resize(size, 0);
        }
        scratch.attempt = scratch.attempt.wrapping_add(1);
        if scratch.attempt == 0 {
            scratch.epoch.iter_mut().for_each(|e| *e = 0);
            scratch.attempt = 1;
        }
        let attempt = scratch.attempt;
        for (&occ, &att) in self.occupancies.iter().zip(&self.attacks) {
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            if scratch.epoch[idx] != attempt {
                scratch.epoch[idx] = attempt;
                scratch.slots[idx] = att;
            } else if scratch.slots[idx] != att {
                return None;
            }
        }
        Some((magic, shift))
    }

    /// This square's block of the table for a verified magic. Slots no subset maps to
    /// are never looked up and stay empty.
    fn fill(&self, magic: u64, shift: u32) -> Vec<Bitboard> {
        let mut block = vec![Bitboard::EMPTY; self.occupancies.len()];
        for (&occ, &att) in self.occupancies.iter().zip(&self.attacks) {
            block[(occ.wrapping_mul(magic) >> shift) as usize] = Bitboard(att);
        }
        block
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn leapers() {
        assert_eq!(knight_attacks(sq("a1")).count(), 2);
        assert_eq!(knight_attacks(sq("e4")).count(), 8);
        assert_eq!(king_attacks(sq("h8")).count(), 3);
        assert_eq!(pawn_attacks(Side::White, sq("e4")), Bitboard::from(sq("d5")) | sq("f5").into());
        assert_eq!(pawn_attacks(Side::Black, sq("a7")), Bitboard::from(sq("b6")));
    }

    #[test]
    fn magic_lookups_match_ray_walk() {
        // Pseudo-random occupancies from a fixed seed, checked against the slow walk.
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64();
            for s in 0..64 {
                let square = Square::new(s as u8);
                assert_eq!(rook_attacks(square, Bitboard(occ)).0, slide(s, occ, &ROOK_DIRS));
                assert_eq!(bishop_attacks(square, Bitboard(occ)).0, slide(s, occ, &BISHOP_DIRS));
            }
        }
    }

    /// Regenerates `magic_seeds.in`: for every square the smallest seed whose first
    /// candidate is a magic. Run with `cargo test --release magic_seeds -- --ignored
    /// --nocapture` and paste the output into the file.
    #[test]
    #[ignore]
    fn find_magic_seeds() {
        let mut scratch = Scratch::default();
        let mut out = String::from("[\n");
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            out.push_str("    [\n");
            for sq in 0..64 {
                let subsets = Subsets::new(sq, dirs);
                let seed = (1u64..)
                    .find(|&seed| subsets.try_candidate(&mut Rng::new(seed), &mut scratch).is_some())
                    .unwrap();
                out.push_str(&format!("        {seed},\n"));
            }
            out.push_str("    ],\n");
        }
        out.push(']');
        println!("{out}");
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("a1"), sq("d4")), Bitboard::from(sq("b2")) | sq("c3").into());
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(between(sq("e1"), sq("e2")), Bitboard::EMPTY);
        assert_eq!(line(sq("e1"), sq("e5")), Bitboard::file(4));
        assert_eq!(line(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(line(sq("c1"), sq("h6")).count(), 6);
    }
}
