//! The first layer's accumulators along the current line, brought up to date
//! only when an evaluation asks for one.
//!
//! Many nodes are never evaluated: the hash table cuts them, or gives their
//! static evaluation, or the side to move is in check. Updating the
//! accumulator on every move spent a tenth of the search's time, much of it on
//! boards no evaluation looked at. So a move changes nothing here; `current`
//! applies the moves still owed, each from the board before it, and taking a
//! move back only lowers the mark of what is up to date.

use super::{Accumulator, Network};
use crate::variants::chesslike::Board;

/// `slots[i]` belongs to the board `i` moves into the line (the line's first
/// board is 0); the slots up to `fresh` are up to date. The line's length is
/// the owner's (its move history), passed in. The vector is never shrunk, so
/// an update writes its slot in place.
#[derive(Clone)]
pub struct AccumulatorStack {
    slots: Vec<Accumulator>,
    fresh: usize,
}

impl AccumulatorStack {
    /// A line starting at `b`.
    pub fn new(b: &Board, net: &Network) -> AccumulatorStack {
        AccumulatorStack { slots: vec![Accumulator::new(b, net)], fresh: 0 }
    }

    /// The line was taken back to `len` moves: slots beyond it are stale.
    #[inline]
    pub fn rewind(&mut self, len: usize) {
        self.fresh = self.fresh.min(len);
    }

    /// The accumulator of the board `top` moves into the line, after updating
    /// the slots behind it. `board(i)` is the board `i` moves into the line.
    #[inline]
    pub fn current<'a>(&mut self, net: &Network, top: usize, board: impl Fn(usize) -> &'a Board) -> &Accumulator {
        while self.fresh < top {
            let i = self.fresh + 1;
            if self.slots.len() == i {
                self.slots.push(self.slots[i - 1]);
            }
            let (done, next) = self.slots.split_at_mut(i);
            next[0].set_after_move(&done[i - 1], board(i - 1), board(i), net);
            self.fresh = i;
        }
        &self.slots[top]
    }
}
