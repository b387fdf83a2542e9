//! Material, the piece-square tables and the game phase: the part of the
//! evaluation that is a sum over the pieces one at a time. A move changes two to
//! four pieces, so the engine keeps this sum move by move beside the network's
//! accumulators (`PieceSum::after_move`) instead of walking every piece at every
//! evaluation; the tuner and the `eval` table still count it piece by piece
//! ([`count`]), so both read the same weights.

use super::acc::{Acc, Total};
use super::layout::Group;
use super::params::PHASE_UNITS;
use super::tapered::S;
use super::weights::WEIGHTS;
use super::{psqt, sign, Term};
use crate::core::Side;
use crate::variants::chess::piece_delta::{PieceDelta, Placed};
use crate::variants::chesslike::{Board, Role};

/// A board's material and square-table terms (White's point of view) and its
/// game phase before the cap at `MAX_PHASE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSum {
    pub sum: S,
    pub phase: i32,
}

impl PieceSum {
    /// Counted from scratch.
    pub fn of(b: &Board) -> PieceSum {
        let mut total = Total::default();
        let phase = count(b, &mut total);
        PieceSum { sum: total.0, phase }
    }

    /// The sum of the board `d` leads to from the board of `prev`.
    #[inline]
    pub fn after_move(prev: &PieceSum, d: &PieceDelta) -> PieceSum {
        let mut next = *prev;
        for &p in d.on() {
            next.put(p, 1);
        }
        for &p in d.off() {
            next.put(p, -1);
        }
        next
    }

    /// Adds (`count` 1) or removes (-1) one piece.
    #[inline(always)]
    fn put(&mut self, (side, role, sq): Placed, count: i32) {
        let sg = sign(side) * count;
        if role != Role::King {
            self.sum += WEIGHTS[Group::Material.at(role.index())] * sg;
        }
        self.sum += WEIGHTS[psqt::index(side, role, sq)] * sg;
        self.phase += PHASE_UNITS[role.index()] * count;
    }
}

/// Reports every piece's material and square-table terms to `acc` and returns
/// the phase before its cap.
#[inline]
pub fn count(b: &Board, acc: &mut impl Acc) -> i32 {
    let mut phase = 0;
    for side in [Side::White, Side::Black] {
        let sg = sign(side);
        for role in Role::ALL {
            let set = b.pieces(side, role);
            if role != Role::King && set.any() {
                acc.add(Term::Material, Group::Material.at(role.index()), sg * set.count() as i32);
            }
            phase += PHASE_UNITS[role.index()] * set.count() as i32;
            for sq in set {
                acc.add(Term::Psqt, psqt::index(side, role, sq), sg);
            }
        }
    }
    phase
}
