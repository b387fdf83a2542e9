//! The chess game phase, which blends the middlegame and endgame parts of a
//! [`S`] score (the type is shared with the antichess family's evaluation).

use crate::core::score::Score;
pub use crate::variants::chesslike::tapered::{s, S};

/// Phase units on the board at the start (knight and bishop 1, rook 2, queen 4):
/// the phase runs from this (pure middlegame) down to 0 (pure endgame).
pub const MAX_PHASE: i32 = 24;

impl S {
    /// The chess blend for `phase` (0 ..= `MAX_PHASE`), the endgame part scaled by
    /// `scale / 64`.
    #[inline(always)]
    pub fn taper(self, phase: i32, scale: i32) -> Score {
        self.blend(phase, MAX_PHASE, scale)
    }
}
