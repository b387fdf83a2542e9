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

use super::side_to_move_in_check;
use crate::variants::chesslike::attacks::piece_attacks;
use crate::variants::chesslike::{Bitboard, Board, Move};

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
        let cases: [(&str, &[&str], &[&str]); 6] = [
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
            for &mv in list.iter() {
                let mut after = b;
                after.play(mv);
                assert_eq!(gives_check(&b, mv), side_to_move_in_check(&after), "{mv:?} in {fen}");
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
