//! The insufficient-material draw rule.

use crate::variants::chesslike::{Bitboard, Board, Role};

/// Neither side can ever mate: bare kings, a single minor piece, or only bishops
/// that all stand on squares of one colour (they can never attack the other colour).
/// Knight endings such as KNNvK or KNvKN are not included: a mate is possible there.
pub fn insufficient_material(b: &Board) -> bool {
    if (b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen)).any() {
        return false;
    }
    let knights = b.by_role(Role::Knight);
    let bishops = b.by_role(Role::Bishop);
    if (knights | bishops).count() <= 1 {
        return true;
    }
    knights.is_empty() && ((bishops & Bitboard::DARK_SQUARES).is_empty() || (bishops & Bitboard::LIGHT_SQUARES).is_empty())
}
