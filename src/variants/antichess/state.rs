//! The antichess board state: the shared [`Board`] plus the set of kings that came
//! from a promotion.
//!
//! Why track promoted kings: with castling rights on the board (giveaway, suicide),
//! python-chess — the reference the hosts use — treats a promoted king as a piece
//! that never castles, whose moves do not cost its side the castling rights, and
//! whose capture on the back rank does not cost the other side theirs. The shared
//! `Board::play` cannot know which king is which, so [`State::play`] corrects the
//! rights afterwards. Without castling rights (antichess, most games) rights never
//! come back, the distinction is moot and the set is not maintained.

use crate::variants::chesslike::{Bitboard, Board, Move, Role};

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct State {
    pub board: Board,
    /// Kings that were promoted pawns; kept only while castling rights exist.
    pub promoted: Bitboard,
}

impl State {
    pub fn new(board: Board) -> State {
        State { board, promoted: Bitboard::EMPTY }
    }

    /// Plays a legal move. Castling rights end up as python-chess leaves them:
    /// a rook leaving or being captured on its square drops its right, an original
    /// king moving drops its side's rights, and otherwise an original king captured
    /// on its own back rank drops that side's rights.
    #[inline(always)]
    pub fn play(&mut self, mv: Move) {
        let rights = *self.board.castling();
        if rights.is_empty() {
            self.board.play(mv);
            return;
        }
        let b = &self.board;
        let us = b.turn();
        let them = us.flip();
        let (from, to) = (mv.from(), mv.to());
        let moving = b.piece_at(from).map(|p| p.role());
        let captured = if mv.is_castle() { None } else { b.piece_at(to).map(|p| p.role()) };

        let mut want = rights;
        want.discard_rook(from);
        want.discard_rook(to);
        if moving == Some(Role::King) && !self.promoted.contains(from) {
            want.discard_side(us);
        } else if captured == Some(Role::King) && !self.promoted.contains(to) && to.relative_rank(them) == 0 {
            want.discard_side(them);
        }

        let mut promoted = self.promoted.without(to);
        if self.promoted.contains(from) {
            promoted = promoted.without(from).with(to);
        } else if mv.promotion_role() == Some(Role::King) {
            promoted = promoted.with(to);
        }

        self.board.play(mv);
        if *self.board.castling() != want {
            self.board.set_castling(want);
        }
        self.promoted = if want.is_empty() { Bitboard::EMPTY } else { promoted };
    }
}
