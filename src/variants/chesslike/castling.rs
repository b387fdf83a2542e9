//! Castling rights, stored as the castling rooks' squares.
//!
//! Naming the rook rather than a wing flag is what makes Chess960 work: the king and
//! rooks may start anywhere on the back rank, and with two rooks on one side of the
//! king the right belongs to one particular rook (X-FEN file letters say which).

use super::{zobrist, Bitboard, Square};
use crate::core::Side;

/// The side of the king a castling rook stands on. `King` is towards the h-file (the
/// king ends on g1/g8), `Queen` towards the a-file (the king ends on c1/c8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wing {
    King = 0,
    Queen = 1,
}

impl Wing {
    pub const BOTH: [Wing; 2] = [Wing::King, Wing::Queen];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Castling {
    /// `rooks[side][wing]`: the rook that may still castle, if any.
    rooks: [[Option<Square>; 2]; 2],
}

impl Castling {
    pub const NONE: Castling = Castling { rooks: [[None; 2]; 2] };

    #[inline(always)]
    pub fn rook(&self, side: Side, wing: Wing) -> Option<Square> {
        self.rooks[side.index() & 1][wing as usize]
    }

    pub fn set(&mut self, side: Side, wing: Wing, rook: Option<Square>) {
        self.rooks[side.index() & 1][wing as usize] = rook;
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.rooks == [[None; 2]; 2]
    }

    #[inline(always)]
    pub fn has_side(&self, side: Side) -> bool {
        self.rooks[side.index() & 1] != [None; 2]
    }

    /// Every castling rook's square.
    pub fn rook_squares(&self) -> Bitboard {
        self.rooks.iter().flatten().flatten().fold(Bitboard::EMPTY, |b, &sq| b.with(sq))
    }

    pub fn discard_side(&mut self, side: Side) {
        self.rooks[side.index() & 1] = [None; 2];
    }

    /// Drops any right that uses the rook on `sq` (it moved or was captured).
    #[inline]
    pub fn discard_rook(&mut self, sq: Square) {
        for side in &mut self.rooks {
            for r in side.iter_mut() {
                if *r == Some(sq) {
                    *r = None;
                }
            }
        }
    }

    /// The Zobrist contribution of these rights: one key per side and rook file.
    pub fn zobrist(&self) -> u64 {
        let mut h = 0;
        for side in [Side::White, Side::Black] {
            for wing in Wing::BOTH {
                if let Some(sq) = self.rook(side, wing) {
                    h ^= zobrist::castling(side, sq.file());
                }
            }
        }
        h
    }
}
