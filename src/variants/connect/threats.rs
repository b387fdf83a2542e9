//! Threats as the searcher sees them. A connect game has no captures, but it has
//! the same structure as checks and captures in chess: a *four* (a stone that leaves
//! the mover a cell completing a line) must be answered at once, and a series of
//! fours is how most games are won. So the connect position reports:
//!
//! - `in_check`: the opponent has a five-point (a cell completing its line) and the
//!   side to move has none, so the side to move must block or lose;
//! - noisy moves: the mover's five-points and four-making cells. Quiescence then
//!   follows fours and forced blocks past the horizon, which is a VCF search with
//!   the evaluation as its fallback: every four for the first two, then only the
//!   fours on the lines through the mover's last stone (follow-up noisy moves);
//! - forced replies: with a five-point of its own the mover plays it (nothing is
//!   better than winning now); otherwise, facing one, only the blocks are searched
//!   (any other move loses at once). Both are exact, so pruning everything else
//!   loses nothing;
//! - defences of a three: facing a cell where the opponent would make an open four,
//!   only the mover's own fours and the cells where the opponent would make a four
//!   are searched. Any other move lets the open four come, and then the opponent
//!   completes a line whatever the mover's next four does. Every defence of a three
//!   is a cell on its line where the opponent would make a four, so the set holds
//!   them all (and some cells that are no defence).

use super::cell_class::CellClass;
use super::cell_set::CellSet;
use super::geometry::{stone, Cell, DIRECTIONS, PAD};
use super::rules::MAX_K;
use super::Connect;
use crate::core::MoveList;

impl Connect {
    /// The opponent threatens to complete a line next move and the side to move
    /// cannot complete one first.
    #[inline]
    pub(super) fn threatened(&self) -> bool {
        self.winner.is_none()
            && self.win_cell_count(self.to_move.flip()) > 0
            && self.win_cell_count(self.to_move) == 0
    }

    /// The moves that answer an immediate threat: the mover's own five-point (only
    /// the first: it wins at once), else the legal blocks of the opponent's
    /// five-points, in board order. Returns false, leaving `out` alone, when neither
    /// side threatens a five or no block is legal (a restricted renju player whose
    /// only block is forbidden loses anyway; the caller searches its usual moves).
    pub(super) fn forced_replies(&self, out: &mut MoveList<Cell>) -> bool {
        let (us, them) = (self.to_move, self.to_move.flip());
        if let Some(c) = self.class_cells(us, CellClass::Five).next() {
            out.push(c);
            return true;
        }
        let before = out.len();
        for c in self.class_cells(them, CellClass::Five).filter(|&c| !self.is_forbidden(c)) {
            out.push(c);
        }
        out.len() > before
    }

    /// The moves that do not lose at once to an open four next move (module docs),
    /// in board order. Returns false, leaving `out` alone, when the opponent has no
    /// open four to make or no such move is legal (the caller searches its usual
    /// moves). Assumes no five-point for either side (`forced_replies` first).
    pub(super) fn three_defences(&self, out: &mut MoveList<Cell>) -> bool {
        let (us, them) = (self.to_move, self.to_move.flip());
        if self.patterns.class_count(them, CellClass::OpenFour) == 0 {
            return false;
        }
        let mut set = CellSet::default();
        for class in [CellClass::OpenFour, CellClass::FourThree, CellClass::Four] {
            // A cell forbidden to a restricted renju player holds no class of its.
            for c in self.class_cells(us, class) {
                set.insert(c.index());
            }
            for c in self.class_cells(them, class).filter(|&c| !self.is_forbidden(c)) {
                set.insert(c.index());
            }
        }
        let before = out.len();
        for c in set.iter() {
            out.push(c);
        }
        out.len() > before
    }

    /// The mover's four-making cells (and fives) on the four lines through its own
    /// last stone, within a line's length of it, in line order. A series of fours
    /// mostly goes on where the last one was played: each four adds a stone to the
    /// lines through it, and what quiescence follows past its first fours it finds
    /// here for a few table reads instead of every four on the board.
    pub(super) fn follow_up_fours(&self, out: &mut MoveList<Cell>) {
        const _: () = assert!(MAX_K as usize - 1 <= PAD, "the padding must hold a line's reach");
        let us = self.to_move;
        let Some(own) = self.history.len().checked_sub(2).map(|i| self.history[i].cell) else { return };
        if self.cells[own.index()] != stone(us) {
            return;
        }
        let reach = self.rules.k as isize - 1;
        for d in DIRECTIONS {
            for step in (-reach..=reach).filter(|&s| s != 0) {
                let i = (own.index() as isize + step * d) as usize;
                // Occupied and off-board cells have no class: no test needed.
                if self.makes_four(us, Cell::from_index(i)) {
                    out.push(Cell::from_index(i));
                }
            }
        }
    }

    /// The mover's fives and four-making cells, strongest class first, board order
    /// within a class (a cell forbidden to a restricted renju player makes nothing).
    pub(super) fn four_moves(&self, out: &mut MoveList<Cell>) {
        let us = self.to_move;
        for class in [CellClass::Five, CellClass::OpenFour, CellClass::FourThree, CellClass::Four] {
            for c in self.class_cells(us, class) {
                out.push(c);
            }
        }
    }
}

/// Attacking moves the VCF solver may try, once for the opponent's threat and once
/// per defence it checks (`Connect::vcf_defences`).
const DEFENCE_BUDGET: u64 = 4_000;

impl Connect {
    /// The opponent's VCF, if the solver proves one as if the opponent moved now, and
    /// the moves after which it has none (see `VcfSolver::defences`). Gomoku rules
    /// only: on small boards the tree search sees everything itself.
    pub(super) fn vcf_defences(&self) -> Option<Vec<Cell>> {
        if self.rules.k != 5 || self.winner.is_some() || self.threatened() {
            return None;
        }
        super::vcf::VcfSolver::new(16).defences(self, DEFENCE_BUDGET)
    }
}
