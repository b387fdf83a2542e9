//! Pawn structure (isolated, doubled, backward and connected pawns) and passed
//! pawns. Structure depends on the pawns alone; passed pawns also look at the kings
//! and at the pieces in the way, because their worth in an ending is mostly about
//! whether they can be stopped.

use super::acc::Acc;
use super::layout::Group;
use super::masks::{adjacent_files, distance, front_span, passed_span};
use super::{sign, Term};
use crate::core::Side;
use crate::variants::chesslike::attacks::pawn_attacks;
use crate::variants::chesslike::{Bitboard, Board, Role, Square};

/// The square a pawn of `side` on `sq` moves to (the caller keeps it on the board).
#[inline(always)]
fn stop_square(side: Side, sq: Square) -> Square {
    match side {
        Side::White => sq.offset(8),
        Side::Black => sq.offset(-8),
    }
}

/// Squares attacked by the pawns of `side`.
#[inline(always)]
pub fn pawn_attack_set(b: &Board, side: Side) -> Bitboard {
    let p = b.pieces(side, Role::Pawn);
    p.pawn_attacks_west(side) | p.pawn_attacks_east(side)
}

/// Isolated, doubled, backward and connected pawns of `us`.
pub fn structure(b: &Board, us: Side, their_pawn_attacks: Bitboard, acc: &mut impl Acc) {
    let sg = sign(us);
    let ours = b.pieces(us, Role::Pawn);
    for sq in ours {
        let adjacent = adjacent_files(sq.file()) & ours;
        if (front_span(us, sq) & ours).any() {
            acc.add(Term::Pawns, Group::Doubled.at(0), sg);
        }
        if adjacent.is_empty() {
            acc.add(Term::Pawns, Group::Isolated.at(0), sg);
            continue;
        }
        let r = sq.relative_rank(us) as usize;
        let supported = (pawn_attacks(us.flip(), sq) & ours).any();
        let phalanx = (adjacent & Bitboard::rank(sq.rank())).any();
        if supported || phalanx {
            acc.add(Term::Pawns, Group::Connected.at(r), sg);
        } else if r < 7 {
            // No neighbour level with or behind it can come up to defend its stop
            // square, and an enemy pawn already controls that square.
            let helpers = adjacent & !passed_span(us, sq);
            if helpers.is_empty() && their_pawn_attacks.contains(stop_square(us, sq)) {
                acc.add(Term::Pawns, Group::Backward.at(0), sg);
            }
        }
    }
}

/// Passed pawns of `us`: by rank, more when the way ahead is free, when the own king
/// is near and the enemy king far, and a lot when the enemy has only pawns and its
/// king is outside the pawn's square.
pub fn passed(b: &Board, us: Side, acc: &mut impl Acc) {
    let sg = sign(us);
    let them = us.flip();
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(them, Role::Pawn);
    let our_king = b.king_of(us);
    let their_king = b.king_of(them);
    let them_pawns_only = (b.by_side(them) & !b.by_role(Role::Pawn) & !b.by_role(Role::King)).is_empty();
    for sq in ours {
        if (passed_span(us, sq) & theirs).any() || (front_span(us, sq) & ours).any() {
            continue;
        }
        let r = sq.relative_rank(us) as usize;
        if r >= 7 {
            continue;
        }
        acc.add(Term::Passed, Group::Passed.at(r), sg);
        let stop = stop_square(us, sq);
        if b.piece_at(stop).is_none() {
            acc.add(Term::Passed, Group::PassedFree.at(r), sg);
        }
        if let (Some(ok), Some(tk)) = (our_king, their_king) {
            let d_them = distance(tk, stop).min(5);
            let d_us = distance(ok, stop).min(5);
            acc.add(Term::Passed, Group::PassedEnemyKing.at(r), sg * d_them);
            acc.add(Term::Passed, Group::PassedOwnKing.at(r), sg * d_us);

            if them_pawns_only && (front_span(us, sq) & b.occupied()).is_empty() {
                let promotion = Square::from_coords(sq.file(), if us == Side::White { 7 } else { 0 });
                let pawn_moves = 7 - r as i32 - (r == 1) as i32;
                let their_tempo = (b.turn() == them) as i32;
                if pawn_moves + their_tempo < distance(tk, promotion) {
                    acc.add(Term::Passed, Group::Unstoppable.at(0), sg);
                }
            }
        }
    }
}
