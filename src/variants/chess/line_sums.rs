//! The sums over the pieces that an evaluation starts from (the network's
//! first layer, the classical material and square tables), for every board of
//! the current line, brought up to date only when an evaluation asks for them.
//!
//! Many nodes are never evaluated: the hash table cuts them, or gives their
//! static evaluation, or the side to move is in check. Updating the sums on
//! every move spent a tenth of the search's time, much of it on boards no
//! evaluation looked at. So a move changes nothing here; `current` applies the
//! moves still owed, each from the board before it, and taking a move back only
//! lowers the mark of what is up to date.

use super::eval::piece_sum::PieceSum;
use super::nnue::{Accumulator, Network};
use super::piece_delta::PieceDelta;
use crate::variants::chesslike::Board;

/// One board's sums.
#[derive(Clone, Copy)]
pub struct LineSums {
    pub acc: Accumulator,
    pub pieces: PieceSum,
}

impl LineSums {
    /// Computed from scratch.
    pub fn new(b: &Board, net: &Network) -> LineSums {
        LineSums { acc: Accumulator::new(b, net), pieces: PieceSum::of(b) }
    }
}

/// `slots[i]` belongs to the board `i` moves into the line (the line's first
/// board is 0); the slots up to `fresh` are up to date. The line's length is
/// the owner's (its move history), passed in. The vector is never shrunk, so
/// an update writes its slot in place.
#[derive(Clone)]
pub struct SumStack {
    slots: Vec<LineSums>,
    fresh: usize,
}

impl SumStack {
    /// A line starting at `b`.
    pub fn new(b: &Board, net: &Network) -> SumStack {
        SumStack { slots: vec![LineSums::new(b, net)], fresh: 0 }
    }

    /// The line was taken back to `len` moves: slots beyond it are stale.
    #[inline]
    pub fn rewind(&mut self, len: usize) {
        self.fresh = self.fresh.min(len);
    }

    /// The sums of the board `top` moves into the line, after updating the
    /// slots behind it. `board(i)` is the board `i` moves into the line.
    #[inline]
    pub fn current<'a>(&mut self, net: &Network, top: usize, board: impl Fn(usize) -> &'a Board) -> &LineSums {
        while self.fresh < top {
            let i = self.fresh + 1;
            if self.slots.len() == i {
                self.slots.push(self.slots[i - 1]);
            }
            let (done, next) = self.slots.split_at_mut(i);
            let (prev, slot) = (&done[i - 1], &mut next[0]);
            match PieceDelta::between(board(i - 1), board(i)) {
                Some(d) => {
                    slot.acc.apply(&prev.acc, &d, net);
                    slot.pieces = PieceSum::after_move(&prev.pieces, &d);
                }
                None => *slot = LineSums::new(board(i), net),
            }
            self.fresh = i;
        }
        &self.slots[top]
    }
}
