//! Endings where the side ahead usually cannot win: the endgame part of the score
//! is scaled down there, so the search prefers a winnable ending with a smaller
//! edge over a drawn one with a bigger edge.

use super::layout::Group;
use super::params::*;
use super::weights::WEIGHTS;
use crate::core::Side;
use crate::variants::chesslike::{Bitboard, Board, Role};

/// Non-pawn material of `side` in endgame values.
fn piece_material(b: &Board, side: Side) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .iter()
        .map(|&r| WEIGHTS[Group::Material.at(r.index())].eg * b.pieces(side, r).count() as i32)
        .sum()
}

/// The scale (in 64ths) of the endgame part, given which side the score favours.
pub fn endgame_scale(b: &Board, strong: Side) -> i32 {
    let weak = strong.flip();
    if b.pieces(strong, Role::Pawn).is_empty() {
        let strong_pieces = b.by_side(strong) & !b.by_role(Role::King);
        let only_knights = (strong_pieces & !b.by_role(Role::Knight)).is_empty() && strong_pieces.count() <= 2;
        if only_knights {
            return SCALE_KNIGHTS_ONLY;
        }
        if piece_material(b, strong) - piece_material(b, weak) <= SMALL_EDGE {
            return SCALE_NO_PAWNS_SMALL_EDGE;
        }
    }
    let bishops = b.by_role(Role::Bishop);
    let others = b.by_role(Role::Knight) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
    if others.is_empty()
        && b.pieces(Side::White, Role::Bishop).count() == 1
        && b.pieces(Side::Black, Role::Bishop).count() == 1
        && (bishops & Bitboard::DARK_SQUARES).count() == 1
    {
        return SCALE_OPPOSITE_BISHOPS;
    }
    SCALE_NORMAL
}
