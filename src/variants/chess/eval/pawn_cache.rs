//! The pawn-structure terms (isolated, doubled, backward and connected pawns)
//! depend on the pawns alone, and the pawns change in few of the moves a search
//! makes, so the engine looks their sum up by the two sides' pawn sets instead
//! of counting it at every evaluation. The key is the pawn sets themselves, so
//! a hit is never another structure's sum.

use super::acc::{Acc, Total};
use super::pawns;
use super::tapered::S;
use crate::core::Side;
use crate::variants::chesslike::{Bitboard, Board, Role};

/// Entries in one cache (24 bytes each): enough for the pawn structures one
/// search meets, small enough to copy with the position.
const ENTRIES: usize = 1 << 11;

#[derive(Clone, Copy, Default)]
struct Entry {
    /// White's and Black's pawns.
    pawns: [u64; 2],
    /// Their structure terms, from White's point of view. The empty entry is
    /// right for a board without pawns.
    sum: S,
}

/// One search thread's pawn-structure cache (each position owns one).
#[derive(Clone)]
pub struct PawnCache {
    entries: Box<[Entry]>,
}

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache { entries: vec![Entry::default(); ENTRIES].into_boxed_slice() }
    }
}

impl PawnCache {
    /// The structure terms of both sides of `b`, whose pawns attack
    /// `pawn_attacks` (White's, Black's).
    #[inline]
    pub fn structure(&mut self, b: &Board, pawn_attacks: [Bitboard; 2]) -> S {
        let pawns = [b.pieces(Side::White, Role::Pawn).0, b.pieces(Side::Black, Role::Pawn).0];
        let mixed = (pawns[0] ^ pawns[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let entry = &mut self.entries[(mixed >> (64 - ENTRIES.trailing_zeros())) as usize];
        if entry.pawns != pawns {
            let mut total = Total::default();
            count_structure(b, pawn_attacks, &mut total);
            *entry = Entry { pawns, sum: total.0 };
        }
        entry.sum
    }
}

/// Reports both sides' structure terms to `acc`.
#[inline]
pub fn count_structure(b: &Board, pawn_attacks: [Bitboard; 2], acc: &mut impl Acc) {
    pawns::structure(b, Side::White, pawn_attacks[1], acc);
    pawns::structure(b, Side::Black, pawn_attacks[0], acc);
}

