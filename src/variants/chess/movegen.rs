//! Legal move generation for chess (and Chess960 castling).
//!
//! Moves are generated legal from the start rather than filtered afterwards: the
//! generator knows the checkers (to restrict targets to blocking or capturing a
//! single checker, or to king moves in double check) and the pinned pieces (which
//! may only move along the line through their king). Only king steps and en passant
//! need an attack test per move.
//!
//! One generator feeds a [`Sink`]: a list sink pushes moves, a counting sink adds
//! up popcounts, so bulk-counted perft never builds the last ply's moves at all.

use crate::core::Side;
use crate::variants::chesslike::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::variants::chesslike::{Bitboard, Board, Move, Role, Square, Wing};

pub use crate::variants::chesslike::sink::{Counter, Sink};

/// What chess pawns promote to.
const PROMOTION_ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// What the generator needs to know about the side to move's own king.
pub struct KingSafety {
    pub king: Square,
    pub checkers: Bitboard,
    pub pinned: Bitboard,
}

/// The enemy pieces giving check to the side to move's king at `king`.
#[inline(always)]
pub fn checkers(b: &Board, king: Square) -> Bitboard {
    b.attackers_to(king, b.occupied()) & b.by_side(b.turn().flip())
}

/// Checkers of and pinned pieces in front of the side to move's king, or `None` if it
/// has no king (impossible in a validated chess position).
#[inline(always)]
pub fn king_safety(b: &Board) -> Option<KingSafety> {
    let us = b.turn();
    let king = b.king_of(us)?;
    let ours = b.by_side(us);
    let theirs = b.by_side(us.flip());
    let occ = b.occupied();
    let checkers = checkers(b, king);
    // Enemy sliders that would see the king if our pieces were transparent.
    let snipers = ((rook_attacks(king, theirs) & b.straight_sliders())
        | (bishop_attacks(king, theirs) & b.diagonal_sliders()))
        & theirs;
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let blockers = between(king, s) & occ;
        if !blockers.more_than_one() {
            pinned |= blockers & ours;
        }
    }
    Some(KingSafety { king, checkers, pinned })
}

/// Generates every legal move (or, with `NOISY`, the legal captures and
/// promotions) of the side to move into `sink`.
#[inline(always)]
pub fn generate<S: Sink, const NOISY: bool>(b: &Board, sink: &mut S) {
    let Some(ks) = king_safety(b) else { return };
    let KingSafety { king, checkers, pinned } = ks;
    let us = b.turn();
    let them = us.flip();
    let ours = b.by_side(us);
    let theirs = b.by_side(them);
    let occ = b.occupied();
    let kind_mask = if NOISY { theirs } else { Bitboard::ALL };

    // King steps: the destination must not be attacked once the king has left its
    // square (so a slider's ray through the king counts).
    let king_targets = king_attacks(king) & !ours & kind_mask;
    let occ_without_king = occ.without(king);
    let mut legal_king = Bitboard::EMPTY;
    for to in king_targets {
        if !b.is_attacked_by(to, them, occ_without_king) {
            legal_king = legal_king.with(to);
        }
    }
    sink.piece(king, legal_king);

    if checkers.more_than_one() {
        return;
    }
    // With one checker, every other move must capture it or block its ray.
    let check_mask = match checkers.first() {
        Some(c) => between(king, c).with(c),
        None => Bitboard::ALL,
    };
    let target = !ours & check_mask & kind_mask;

    for from in b.pieces(us, Role::Knight) & !pinned {
        sink.piece(from, knight_attacks(from) & target);
    }
    for from in b.diagonal_sliders() & ours {
        let mut t = bishop_attacks(from, occ) & target;
        if pinned.contains(from) {
            t &= line(king, from);
        }
        sink.piece(from, t);
    }
    for from in b.straight_sliders() & ours {
        let mut t = rook_attacks(from, occ) & target;
        if pinned.contains(from) {
            t &= line(king, from);
        }
        sink.piece(from, t);
    }

    pawn_moves::<S, NOISY>(b, sink, king, checkers, pinned, check_mask);

    if !NOISY && checkers.is_empty() {
        castling(b, sink, king);
    }
}

#[inline(always)]
fn pawn_moves<S: Sink, const NOISY: bool>(
    b: &Board,
    sink: &mut S,
    king: Square,
    checkers: Bitboard,
    pinned: Bitboard,
    check_mask: Bitboard,
) {
    let us = b.turn();
    let them = us.flip();
    let theirs = b.by_side(them);
    let occ = b.occupied();
    let empty = !occ;
    let pawns = b.pieces(us, Role::Pawn);
    let last = Bitboard::relative_rank(us, 7);
    let (up, west, east): (i8, i8, i8) = match us {
        Side::White => (8, 7, 9),
        Side::Black => (-8, -9, -7),
    };

    let free = pawns & !pinned;
    let single = free.forward(us) & empty;
    if !NOISY {
        let double = (single & Bitboard::relative_rank(us, 2)).forward(us) & empty & check_mask;
        sink.pawns(single & check_mask & !last, up);
        sink.pawns(double, 2 * up);
    }
    // Quiet promotions count as noisy: quiescence must see them.
    sink.promotions(single & check_mask & last, up, &PROMOTION_ROLES);

    let capturable = theirs & check_mask;
    let w = free.pawn_attacks_west(us) & capturable;
    let e = free.pawn_attacks_east(us) & capturable;
    sink.pawns(w & !last, west);
    sink.pawns(e & !last, east);
    sink.promotions(w & last, west, &PROMOTION_ROLES);
    sink.promotions(e & last, east, &PROMOTION_ROLES);

    // A pinned pawn cannot answer a check; otherwise it may move along its pin line.
    if checkers.is_empty() {
        for from in pawns & pinned {
            let pin_line = line(king, from);
            let caps = pawn_attacks(us, from) & theirs & pin_line;
            let mut pushes = Bitboard::EMPTY;
            if !NOISY || last.contains(from.offset(up)) {
                let one = Bitboard::from(from).forward(us) & empty & pin_line;
                pushes = one;
                if !NOISY && from.relative_rank(us) == 1 {
                    pushes |= one.forward(us) & empty;
                }
            }
            for to in caps | pushes {
                let delta = to.index() as i8 - from.index() as i8;
                if last.contains(to) {
                    sink.promotions(Bitboard::from(to), delta, &PROMOTION_ROLES);
                } else {
                    sink.pawns(Bitboard::from(to), delta);
                }
            }
        }
    }

    // En passant: simulate the capture on the occupancy and look for a slider that
    // would then see the king (this covers pins, including the rank-pin where both
    // pawns leave the king's rank). A knight or pawn checker other than the captured
    // pawn cannot be answered by it.
    if let Some(ep) = b.ep_square() {
        let captured = ep.offset(-up);
        let cap_bb = Bitboard::from(captured);
        let leaper_checkers = checkers & !cap_bb & (b.by_role(Role::Knight) | b.by_role(Role::Pawn));
        if leaper_checkers.is_empty() {
            for from in pawn_attacks(them, ep) & pawns {
                let after = (occ.without(from) | Bitboard::from(ep)) & !cap_bb;
                let attackers = ((rook_attacks(king, after) & b.straight_sliders())
                    | (bishop_attacks(king, after) & b.diagonal_sliders()))
                    & theirs;
                if attackers.is_empty() {
                    sink.single(Move::en_passant(from, ep));
                }
            }
        }
    }
}

/// Castling in standard chess and Chess960 alike: every square the king and the
/// rook pass over or land on must be empty (the two castling pieces excepted), and
/// no square the king passes over or lands on may be attacked, judged with both
/// castling pieces lifted off the board (a Chess960 rook can shield its own king's
/// destination from an enemy rook on the back rank).
#[inline(always)]
fn castling<S: Sink>(b: &Board, sink: &mut S, king: Square) {
    let us = b.turn();
    let rights = b.castling();
    if !rights.has_side(us) {
        return;
    }
    let occ = b.occupied();
    for wing in Wing::BOTH {
        let Some(rook) = rights.rook(us, wing) else { continue };
        let mv = Move::castle(king, rook);
        let (kt, rt) = (mv.castle_king_target(), mv.castle_rook_target());
        let pieces = Bitboard::from(king).with(rook);
        let king_path = between(king, kt).with(kt);
        let must_be_empty = (king_path | between(rook, rt).with(rt)) & !pieces;
        if (must_be_empty & occ).any() {
            continue;
        }
        let lifted = occ & !pieces;
        if king_path.into_iter().all(|sq| !b.is_attacked_by(sq, us.flip(), lifted)) {
            sink.single(mv);
        }
    }
}
