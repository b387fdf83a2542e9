//! The first layer's accumulators along the current line, brought up to date
//! only when an evaluation asks for one.
//!
//! Many nodes are never evaluated: the hash table cuts them, or gives their
//! static evaluation, or the side to move is in check. Updating the
//! accumulator on every move spent a tenth of the search's time, much of it on
//! boards no evaluation looked at. So a move only advances the line's length;
//! `current` applies the moves still owed, each from the board before it.

use super::{Accumulator, Network};
use crate::variants::chesslike::Board;

/// `slots[i]` belongs to the board `i` moves into the line (the line's first
/// board is 0); the slots up to `fresh` are up to date. The vector is never
/// shrunk, so an update writes its slot in place.
#[derive(Clone)]
pub struct AccumulatorStack {
    slots: Vec<Accumulator>,
    fresh: usize,
    top: usize,
}

impl AccumulatorStack {
    /// A line starting at `b`.
    pub fn new(b: &Board, net: &Network) -> AccumulatorStack {
        AccumulatorStack { slots: vec![Accumulator::new(b, net)], fresh: 0, top: 0 }
    }

    /// A move (or a null move) was played: the line is one board longer.
    #[inline]
    pub fn push(&mut self) {
        self.top += 1;
    }

    /// The last move was taken back.
    #[inline]
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
        self.fresh = self.fresh.min(self.top);
    }

    /// The accumulator of the line's last board, after updating the slots
    /// behind it. `board(i)` is the board `i` moves into the line.
    #[inline]
    pub fn current<'a>(&mut self, net: &Network, board: impl Fn(usize) -> &'a Board) -> &Accumulator {
        while self.fresh < self.top {
            let i = self.fresh + 1;
            if self.slots.len() == i {
                self.slots.push(self.slots[i - 1]);
            }
            let (done, next) = self.slots.split_at_mut(i);
            next[0].set_after_move(&done[i - 1], board(i - 1), board(i), net);
            self.fresh = i;
        }
        &self.slots[self.top]
    }
}
