//! Legal move generation for the antichess family.
//!
//! There is no check, so every pseudo-legal move is legal, with one rule on top:
//! captures are compulsory. The generator therefore emits the captures first (en
//! passant included) and stops there if there were any; only a position without a
//! capture gets its quiet moves, promotions and (giveaway, suicide) castling.
//!
//! A side with no pieces left, or facing an opponent with none, has no moves: the
//! game is over (python-chess's `is_variant_end`).
//!
//! One generator feeds a [`Sink`]: a list sink pushes moves, a counting sink adds up
//! popcounts, so bulk-counted perft never builds the last ply's moves at all.


use crate::variants::chesslike::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::variants::chesslike::{Bitboard, Board, Move, Role, Square, Wing};

pub use crate::variants::chesslike::sink::{Counter, Sink};
use crate::core::Side;

/// The five pieces a pawn may promote to here: the king too.
pub const PROMOTION_ROLES: [Role; 5] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::King];


/// The pawn step directions of `side`: forward, capture towards the a-file, capture
/// towards the h-file.
#[inline(always)]
const fn pawn_deltas(side: Side) -> (i8, i8, i8) {
    match side {
        Side::White => (8, 7, 9),
        Side::Black => (-8, -9, -7),
    }
}

/// Generates every legal move of the side to move into `sink`; with `NOISY`, only
/// the noisy ones (all captures, or, when there is none, the quiet promotions).
/// `promoted` marks kings that came from a promotion (they never castle).
#[inline(always)]
pub fn generate<S: Sink, const NOISY: bool>(b: &Board, promoted: Bitboard, sink: &mut S) {
    let us = b.turn();
    if b.by_side(us).is_empty() || b.by_side(us.flip()).is_empty() {
        return;
    }
    if captures(b, sink) {
        return;
    }
    quiets::<S, NOISY>(b, promoted, sink);
}

/// Whether the side to move has a capture (so only captures are legal). Cheaper than
/// generating: one attack set per piece, stopping at the first hit.
#[inline]
pub fn has_capture(b: &Board) -> bool {
    let us = b.turn();
    let theirs = b.by_side(us.flip());
    let occ = b.occupied();
    if b.ep_square().is_some() {
        // The board keeps the square only when a pawn of ours attacks it.
        return true;
    }
    let pawns = b.pieces(us, Role::Pawn);
    if ((pawns.pawn_attacks_west(us) | pawns.pawn_attacks_east(us)) & theirs).any() {
        return true;
    }
    let ours = b.by_side(us);
    for from in b.by_role(Role::Knight) & ours {
        if (knight_attacks(from) & theirs).any() {
            return true;
        }
    }
    for from in b.by_role(Role::King) & ours {
        if (king_attacks(from) & theirs).any() {
            return true;
        }
    }
    for from in b.diagonal_sliders() & ours {
        if (bishop_attacks(from, occ) & theirs).any() {
            return true;
        }
    }
    for from in b.straight_sliders() & ours {
        if (rook_attacks(from, occ) & theirs).any() {
            return true;
        }
    }
    false
}

/// Emits every capture; returns whether there was one.
#[inline(always)]
fn captures<S: Sink>(b: &Board, sink: &mut S) -> bool {
    let us = b.turn();
    let ours = b.by_side(us);
    let theirs = b.by_side(us.flip());
    let occ = b.occupied();
    let mut hit = Bitboard::EMPTY;

    for from in b.by_role(Role::Knight) & ours {
        let t = knight_attacks(from) & theirs;
        hit |= t;
        sink.piece(from, t);
    }
    for from in b.diagonal_sliders() & ours {
        let t = bishop_attacks(from, occ) & theirs;
        hit |= t;
        sink.piece(from, t);
    }
    for from in b.straight_sliders() & ours {
        let t = rook_attacks(from, occ) & theirs;
        hit |= t;
        sink.piece(from, t);
    }
    for from in b.by_role(Role::King) & ours {
        let t = king_attacks(from) & theirs;
        hit |= t;
        sink.piece(from, t);
    }

    let (_, west, east) = pawn_deltas(us);
    let pawns = b.pieces(us, Role::Pawn);
    let last = Bitboard::relative_rank(us, 7);
    let w = pawns.pawn_attacks_west(us) & theirs;
    let e = pawns.pawn_attacks_east(us) & theirs;
    hit |= w | e;
    sink.pawns(w & !last, west);
    sink.pawns(e & !last, east);
    sink.promotions(w & last, west, &PROMOTION_ROLES);
    sink.promotions(e & last, east, &PROMOTION_ROLES);

    let mut any = hit.any();
    if let Some(ep) = b.ep_square() {
        for from in pawn_attacks(us.flip(), ep) & pawns {
            sink.single(Move::en_passant(from, ep));
            any = true;
        }
    }
    any
}

/// Emits the non-captures (the caller has established there is no capture).
#[inline(always)]
fn quiets<S: Sink, const NOISY: bool>(b: &Board, promoted: Bitboard, sink: &mut S) {
    let us = b.turn();
    let ours = b.by_side(us);
    let occ = b.occupied();
    let empty = !occ;

    let (up, _, _) = pawn_deltas(us);
    let last = Bitboard::relative_rank(us, 7);
    let single = b.pieces(us, Role::Pawn).forward(us) & empty;
    sink.promotions(single & last, up, &PROMOTION_ROLES);
    if NOISY {
        return;
    }
    sink.pawns(single & !last, up);
    sink.pawns((single & Bitboard::relative_rank(us, 2)).forward(us) & empty, 2 * up);

    for from in b.by_role(Role::Knight) & ours {
        sink.piece(from, knight_attacks(from) & empty);
    }
    for from in b.diagonal_sliders() & ours {
        sink.piece(from, bishop_attacks(from, occ) & empty);
    }
    for from in b.straight_sliders() & ours {
        sink.piece(from, rook_attacks(from, occ) & empty);
    }
    for from in b.by_role(Role::King) & ours {
        sink.piece(from, king_attacks(from) & empty);
    }
    castling(b, promoted, sink);
}

/// Castling as python-chess's giveaway and suicide boards play it: no square needs
/// to be safe (there is no check); the squares the king and rook pass over or land
/// on must be empty apart from the two castling pieces. The castling king is the
/// lowest original (not promoted) king on the back rank; rights are only kept while
/// a king stands on e1/e8 and the rook on its corner (see `fen.rs` and `state.rs`).
#[inline(always)]
fn castling<S: Sink>(b: &Board, promoted: Bitboard, sink: &mut S) {
    let us = b.turn();
    let rights = b.castling();
    if !rights.has_side(us) {
        return;
    }
    let back = Bitboard::relative_rank(us, 0);
    let Some(king) = (b.pieces(us, Role::King) & back & !promoted).first() else { return };
    let occ = b.occupied();
    for wing in Wing::BOTH {
        let Some(rook) = rights.rook(us, wing) else { continue };
        let mv = Move::castle(king, rook);
        let (kt, rt) = (mv.castle_king_target(), mv.castle_rook_target());
        let pieces = Bitboard::from(king).with(rook);
        let path = between_inclusive(king, kt) | between_inclusive(rook, rt);
        if (path & occ & !pieces).is_empty() {
            sink.single(mv);
        }
    }
}

/// The squares from `a` (exclusive) to `b` (inclusive) on one rank.
#[inline(always)]
fn between_inclusive(a: Square, b: Square) -> Bitboard {
    crate::variants::chesslike::attacks::between(a, b).with(b)
}
