//! Chess knowledge for the searcher's move ordering.

use super::eval::psqt;
use crate::variants::chesslike::{Board, Move, Role};

/// Piece values for ordering only (pawn, knight, bishop, rook, queen, king).
const ORDER_VALUE: [i32; 6] = [100, 310, 330, 500, 950, 2000];

/// MVV-LVA for captures (victim value * 16 - attacker value), queen promotions above
/// every capture but the best, under-promotions below every capture; quiet moves
/// get the middlegame piece-square gain, a small hint for when history knows nothing.
pub fn order_hint(b: &Board, mv: Move) -> i32 {
    let Some(piece) = b.piece_at(mv.from()) else { return 0 };
    let attacker = ORDER_VALUE[piece.role().index()];
    if mv.is_castle() {
        let side = piece.side();
        return psqt::value(side, Role::King, mv.castle_king_target()).mg
            - psqt::value(side, Role::King, mv.from()).mg;
    }
    let victim = if mv.is_en_passant() {
        Some(ORDER_VALUE[Role::Pawn.index()])
    } else {
        b.piece_at(mv.to()).map(|p| ORDER_VALUE[p.role().index()])
    };
    match (mv.promotion_role(), victim) {
        (Some(Role::Queen), v) => (ORDER_VALUE[Role::Queen.index()] + v.unwrap_or(0)) * 16 - attacker,
        (Some(_), v) => v.unwrap_or(0) - 2 * ORDER_VALUE[Role::Queen.index()],
        (None, Some(v)) => v * 16 - attacker,
        (None, None) => {
            let (side, role) = (piece.side(), piece.role());
            psqt::value(side, role, mv.to()).mg - psqt::value(side, role, mv.from()).mg
        }
    }
}

/// `from * 64 + to`: a distinct history slot for every from-to pair.
#[inline]
pub fn history_index(mv: Move) -> usize {
    mv.from().index() * 64 + mv.to().index()
}

/// Piece (side and role) and target square, `< 768`: the continuation-history key.
/// Castling is named by the king's target square, not the rook's.
#[inline]
pub fn piece_to_index(b: &Board, mv: Move) -> Option<usize> {
    let piece = b.piece_at(mv.from())?;
    let to = if mv.is_castle() { mv.castle_king_target() } else { mv.to() };
    Some(piece.index() * 64 + to.index())
}
