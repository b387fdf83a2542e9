//! What a move changed on the board, as pieces taken off and put on. The sums
//! kept over the pieces (the network's first layer, the classical material and
//! square tables) are updated from it instead of recounted.

use crate::core::Side;
use crate::variants::chesslike::{Board, Role, Square};

/// A piece where it stands: its side, its role and its square.
pub type Placed = (Side, Role, Square);

const NONE: Placed = (Side::White, Role::Pawn, Square::new(0));

/// The pieces one move took off and put on: at most two each (castling moves
/// king and rook; a capture that promotes removes two pieces).
pub struct PieceDelta {
    on: [Placed; 2],
    off: [Placed; 2],
    ons: usize,
    offs: usize,
}

impl PieceDelta {
    /// The difference of the two boards' piece sets is exactly what a move
    /// changed, whatever the move was (castling either way, en passant,
    /// promotion); finding it is twelve bitboard comparisons. `None` when more
    /// changed than one move can change.
    #[inline]
    pub fn between(before: &Board, after: &Board) -> Option<PieceDelta> {
        let mut d = PieceDelta { on: [NONE; 2], off: [NONE; 2], ons: 0, offs: 0 };
        for side in [Side::White, Side::Black] {
            for role in Role::ALL {
                let old = before.pieces(side, role);
                let new = after.pieces(side, role);
                for sq in old & !new {
                    *d.off.get_mut(d.offs)? = (side, role, sq);
                    d.offs += 1;
                }
                for sq in new & !old {
                    *d.on.get_mut(d.ons)? = (side, role, sq);
                    d.ons += 1;
                }
            }
        }
        Some(d)
    }

    /// The pieces put on.
    #[inline]
    pub fn on(&self) -> &[Placed] {
        &self.on[..self.ons]
    }

    /// The pieces taken off.
    #[inline]
    pub fn off(&self) -> &[Placed] {
        &self.off[..self.offs]
    }
}
