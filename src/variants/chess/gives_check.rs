//! Whether a move gives check, worked out from the board before it rather than
//! by playing it on a copy. The search asks this of every move it is about to
//! prune (a checking move is kept), well over a million times a second, and a
//! copy and `Board::play` cost several times what the attack test does.
//!
//! A normal move, capture or promotion changes the occupancy by the origin
//! square (emptied) and the target (filled), and our pieces by the moving piece
//! alone; the enemy king is in check afterwards exactly when one of our pieces
//! that stayed attacks it through that occupancy (the board's own
//! `attackers_to`: a discovered check) or the moved piece attacks it from its
//! new square (a direct check). Castling and en passant move a second piece or
//! empty a third square; they are rare, and are played on a copy.
//!
//! A node asks it of many moves, so [`CheckInfo`] works out once per position
//! what all of them share: the squares from which each kind of piece would hit
//! the king, and our pieces that stand between the king and one of our sliders
//! (moving one off that line is a discovered check). A move then costs a
//! lookup or two.

use super::side_to_move_in_check;
use crate::variants::chesslike::attacks::{
    between, bishop_attacks, knight_attacks, line, pawn_attacks, piece_attacks, rook_attacks,
};
use crate::variants::chesslike::{Bitboard, Board, Move, Role, Square};

/// What every move of one position shares in the check test: see the module
/// comment.
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    /// The enemy king (none on a board without one: no move checks).
    king: Option<Square>,
    /// Where a pawn, knight, bishop, rook or queen of the side to move would
    /// attack the king, through the current occupancy.
    squares: [Bitboard; 5],
    /// Our pieces alone between the king and one of our sliders.
    discoverers: Bitboard,
}

impl CheckInfo {
    pub fn of(b: &Board) -> CheckInfo {
        let us = b.turn();
        let Some(k) = b.king_of(us.flip()) else {
            return CheckInfo { king: None, squares: [Bitboard::EMPTY; 5], discoverers: Bitboard::EMPTY };
        };
        let occ = b.occupied();
        let (diag, straight) = (bishop_attacks(k, occ), rook_attacks(k, occ));
        let squares = [pawn_attacks(us.flip(), k), knight_attacks(k), diag, straight, diag | straight];
        let queens = b.pieces(us, Role::Queen);
        let snipers = (bishop_attacks(k, Bitboard::EMPTY) & (b.pieces(us, Role::Bishop) | queens))
            | (rook_attacks(k, Bitboard::EMPTY) & (b.pieces(us, Role::Rook) | queens));
        let mut discoverers = Bitboard::EMPTY;
        for s in snipers {
            let blockers = between(s, k) & occ;
            if blockers.count() == 1 {
                discoverers |= blockers & b.by_side(us);
            }
        }
        CheckInfo { king: Some(k), squares, discoverers }
    }

    /// Whether `mv`, legal in `b` (the board this was made from), gives check;
    /// the same answer as [`gives_check`].
    #[inline]
    pub fn gives_check(&self, b: &Board, mv: Move) -> bool {
        let Some(k) = self.king else { return false };
        if mv.is_castle() || mv.is_en_passant() || mv.promotion_role().is_some() {
            // Rare, and they change the occupancy more than one piece's move.
            return gives_check(b, mv);
        }
        let (from, to) = (mv.from(), mv.to());
        if self.discoverers.contains(from) && !line(from, k).contains(to) {
            return true;
        }
        match b.piece_at(from).map(|p| p.role()) {
            Some(Role::King) | None => false,
            Some(role) => self.squares[role.index()].contains(to),
        }
    }
}

/// Whether `mv`, legal in `b`, leaves the opponent in check.
#[inline]
pub fn gives_check(b: &Board, mv: Move) -> bool {
    if mv.is_castle() || mv.is_en_passant() {
        let mut after = *b;
        after.play(mv);
        return side_to_move_in_check(&after);
    }
    let us = b.turn();
    let Some(king) = b.king_of(us.flip()) else { return false };
    let Some(piece) = b.piece_at(mv.from()) else { return false };
    let from = Bitboard::from_square(mv.from());
    let occupied = (b.occupied() & !from) | Bitboard::from_square(mv.to());
    // Our pieces that stay where they are, seen through the new occupancy:
    // discovered checks.
    let staying = b.attackers_to(king, occupied) & b.by_side(us) & !from;
    // The moved (or promoted) piece from its new square: direct checks (a king
    // never lands next to the other one, so it needs no case of its own).
    let role = mv.promotion_role().unwrap_or(piece.role());
    staying.any() || piece_attacks(role, us, mv.to(), occupied).contains(king)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::MoveList;
    use crate::variants::chess::movegen::generate;
    use crate::variants::chesslike::{parse_fen, parse_legal};

    /// Every kind of check, each named by a move that gives it and one that does
    /// not, and for every legal move of these positions the answer of playing it
    /// on a copy.
    #[test]
    fn agrees_with_playing_the_move() {
        let cases: [(&str, &[&str], &[&str]); 7] = [
            // The pawn shields the king from the rook: taking off the file checks,
            // pushing along it does not.
            ("4k3/8/8/8/3n4/4P3/8/K3R3 w - - 0 1", &["e3d4"], &["e3e4"]),
            // The knight leaves the rook's file: a discovered check.
            ("4k3/8/8/8/8/8/4N3/K3R3 w - - 0 1", &["e2c3", "e2g1"], &["a1b1", "e1d1"]),
            // Promotion: only the knight attacks d7 from b8.
            ("8/1P1k4/8/8/8/8/8/K7 w - - 0 1", &["b7b8n"], &["b7b8q", "b7b8r", "b7b8b"]),
            // The pawn opens the bishop's diagonal; taking en passant lands on it again.
            ("k7/8/8/2pP4/8/8/8/K2R3B w - c6 0 1", &["d5d6"], &["d5c6"]),
            // En passant empties two squares of the rook's rank.
            ("8/8/8/k1pP3R/8/8/8/K7 w - c6 0 1", &["d5c6"], &["d5d6"]),
            // Castling: the rook lands on the king's file.
            ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", &["e1g1"], &["e1f1"]),
            // The king steps off its rook's file.
            ("4k3/8/8/8/8/8/4K3/4R3 w - - 0 1", &["e2d2"], &["e2e3"]),
        ];
        for (fen, checks, quiet) in cases {
            let b = parse_fen(fen).unwrap();
            let mut list = MoveList::new();
            generate::<_, false>(&b, &mut list);
            let info = CheckInfo::of(&b);
            for &mv in list.iter() {
                let mut after = b;
                after.play(mv);
                assert_eq!(gives_check(&b, mv), side_to_move_in_check(&after), "{mv:?} in {fen}");
                assert_eq!(info.gives_check(&b, mv), side_to_move_in_check(&after), "{mv:?} in {fen}");
            }
            for (texts, want) in [(checks, true), (quiet, false)] {
                for text in texts {
                    let mv = parse_legal(text, list.as_slice()).unwrap_or_else(|e| panic!("{text} in {fen}: {e:?}"));
                    assert_eq!(gives_check(&b, mv), want, "{text} in {fen}");
                }
            }
        }
    }
}
