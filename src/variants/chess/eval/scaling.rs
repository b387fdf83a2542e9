//! Endings where the side ahead usually cannot win: the endgame part of the score
//! is scaled down there, so the search prefers a winnable ending with a smaller
//! edge over a drawn one with a bigger edge.

use super::layout::Group;
use super::masks::distance;
use super::params::*;
use super::weights::WEIGHTS;
use crate::core::Side;
use crate::variants::chesslike::{Bitboard, Board, Role, Square};

/// Non-pawn material of `side` in endgame values.
fn piece_material(b: &Board, side: Side) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .iter()
        .map(|&r| WEIGHTS[Group::Material.at(r.index())].eg * b.pieces(side, r).count() as i32)
        .sum()
}

/// The scale (in 64ths) of the endgame part, given which side the score favours.
/// The engine scales the network's correction by it too (`eval::Scaled`).
pub fn endgame_scale(b: &Board, strong: Side) -> i32 {
    if wrong_bishop_rook_pawn(b) == Some(strong) {
        return SCALE_HELD_ENDING;
    }
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

/// The side whose extra bishop and rook pawns cannot win `b`, if any: it has
/// only bishops of one colour and pawns all on one rook file, the pawns'
/// queening square is of the bishops' other colour, the defender has nothing
/// but its king and pawns, and its king stands on or beside that square. No
/// bishop can drive that king out of the corner and the pawns never promote;
/// but no search reaches the fifty-move draw either, so an evaluation that
/// counts the extra bishop and pawns trades into this draw as if it were won
/// (docs/ladder.md: scored +8 in a ladder game). The defender's own pawns do
/// not change that. Scaled by `SCALE_HELD_ENDING` when the score favours that
/// side.
fn wrong_bishop_rook_pawn(b: &Board) -> Option<Side> {
    // One test of the whole board first: the rule needs no knight, rook or queen.
    if (b.by_role(Role::Knight) | b.by_role(Role::Rook) | b.by_role(Role::Queen)).any() {
        return None;
    }
    [Side::White, Side::Black].into_iter().find(|&strong| {
        let weak = strong.flip();
        let bishops = b.pieces(strong, Role::Bishop);
        let pawns = b.pieces(strong, Role::Pawn);
        if bishops.is_empty() || pawns.is_empty() || b.pieces(weak, Role::Bishop).any() {
            return false;
        }
        let file = if (pawns & !Bitboard::FILE_A).is_empty() {
            0
        } else if (pawns & !Bitboard::FILE_H).is_empty() {
            7
        } else {
            return false;
        };
        let queening = Square::from_coords(file, if strong == Side::White { 7 } else { 0 });
        let queening_colour =
            if Bitboard::DARK_SQUARES.contains(queening) { Bitboard::DARK_SQUARES } else { Bitboard::LIGHT_SQUARES };
        (bishops & queening_colour).is_empty()
            && b.king_of(weak).is_some_and(|k| distance(k, queening) <= 1)
    })
}
