//! Move-ordering knowledge for the antichess family (the `order_hint` search hook).
//!
//! Chess's MVV-LVA is backwards here: the side to move wants to lose material, so
//! the best capture is usually one that *gives material back*, with the capturing
//! piece landing where the opponent can (and so, captures being compulsory, often
//! must) take it. Among those, losing a piece that is a burden to own (a queen that
//! keeps being forced to capture) is better than losing a king, and taking a piece
//! the opponent would like to keep is better than relieving them of their queen.
//! The same "hand it over" idea ranks quiet moves: a move to an attacked square
//! forces the reply to be a capture of our piece.
//!
//! This only orders moves; which moves are searched stays the rules' business. Good
//! ordering matters far more than in chess because quiescence cannot stand pat when
//! a capture is forced: every cutoff it finds early saves a whole forced sequence.

use crate::core::Side;
use crate::variants::chesslike::{Board, Move, Role};

/// A capture whose piece can be taken back ranks above every one that cannot.
const GIVES_BACK: i32 = 4_096;
/// A quiet move onto an attacked square (the opponent must capture): ahead of the
/// history-ordered quiet moves, as killers are not (history stays within ±16384).
const OFFERS: i32 = 8_192;

/// How much owning each role (pawn .. king) is a burden, for ordering only: the
/// hand-set material of the first evaluation, kept here so that fitting the
/// evaluation does not reorder the search as a side effect.
const BURDEN: [i32; 6] = [100, 120, 110, 100, 130, 90];

#[inline]
fn burden(role: Role) -> i32 {
    BURDEN[role.index()]
}

/// The ordering hint of `mv` in `b` (higher first); `noisy` says whether the move
/// is a capture or promotion.
pub fn order_hint(b: &Board, mv: Move, noisy: bool) -> i32 {
    let us = b.turn();
    let them = us.flip();
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = b.piece_at(from).map(|p| p.role()) else { return 0 };
    // The role that stands on `to` afterwards.
    let landed = mv.promotion_role().unwrap_or(mover);
    let mut occ = b.occupied().without(from).with(to);
    let victim = if mv.is_en_passant() {
        let captured = to.offset(match us {
            Side::White => -8,
            Side::Black => 8,
        });
        occ = occ.without(captured);
        Some(Role::Pawn)
    } else if mv.is_castle() {
        None
    } else {
        b.piece_at(to).map(|p| p.role())
    };
    let attacked = !mv.is_castle() && b.is_attacked_by(to, them, occ);
    if noisy {
        let mut hint = burden(landed) - victim.map_or(0, burden);
        if attacked {
            hint += GIVES_BACK;
        }
        hint
    } else if attacked {
        OFFERS + burden(landed)
    } else {
        0
    }
}
