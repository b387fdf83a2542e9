//! Material: the placeholder evaluation and the insufficient-material draw rule.

use crate::core::score::Score;
use crate::variants::chesslike::{Bitboard, Board, Role};

/// Classical piece values in centipawns (the king is not counted).
const VALUES: [Score; 5] = [100, 300, 300, 500, 900];

/// Material balance from the side to move's point of view.
pub fn material_balance(b: &Board) -> Score {
    let us = b.turn();
    let mut score = 0;
    for (i, &v) in VALUES.iter().enumerate() {
        let role = Role::ALL[i];
        score += v * (b.pieces(us, role).count() as Score - b.pieces(us.flip(), role).count() as Score);
    }
    score
}

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
