//! Where a chess-family move generator puts its moves. One generator feeds either a
//! move list or a counter, so bulk-counted perft never builds the last ply's moves.
//! Shared by chess and the antichess family; each passes its own promotion roles.

use crate::core::MoveList;

use super::{Bitboard, Move, Role, Square};

/// Where generated moves go. Pawn moves come as target sets with the step `delta`
/// from origin to target, so a counting sink needs no per-move work.
pub trait Sink {
    /// Moves of one (non-pawn) piece from `from` to every square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Non-promoting pawn moves to each of `targets`, from `target - delta`.
    fn pawns(&mut self, targets: Bitboard, delta: i8);
    /// Promotions to each of `roles` on each of `targets` (the rule set decides the
    /// roles: the antichess family promotes to kings too).
    fn promotions(&mut self, targets: Bitboard, delta: i8, roles: &[Role]);
    /// One special move (castling, en passant).
    fn single(&mut self, mv: Move);
}

impl Sink for MoveList<Move> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i8) {
        for to in targets {
            self.push(Move::normal(to.offset(-delta), to));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8, roles: &[Role]) {
        for to in targets {
            let from = to.offset(-delta);
            for &role in roles {
                self.push(Move::promotion(from, to, role));
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts moves without producing them.
#[derive(Default)]
pub struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i8) {
        self.0 += targets.count() as u64;
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _delta: i8, roles: &[Role]) {
        self.0 += roles.len() as u64 * targets.count() as u64;
    }

    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}
