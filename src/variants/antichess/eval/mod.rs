//! The static evaluation of the antichess family: a tapered sum of weighted
//! features, fitted to Ludex's own self-play by `ludex tune --variant antichess`.
//!
//! The aim is to lose everything (or, in suicide, to be blocked with fewer pieces),
//! so the features are the mirror of chess intuition; the fitted signs say so:
//! - **Material** is a burden, and how much of one changes as the board empties
//!   (a queen that sweeps the board is forced to capture again and again in the
//!   opening; a lone knight cannot lose a tempo in the ending), hence the taper.
//! - **Placement**: rank and centre distance per kind of piece (a coarse table: the
//!   data is Ludex's own and must fit every weight).
//! - **Mobility** per kind of piece: options to dodge captures.
//! - **Attacks**: a piece the side to move attacks is one it may have to take now;
//!   one the waiting side attacks may have to be taken after the move. By the kind
//!   of piece attacked.
//! - **Forced capture**: being obliged to capture now takes away our choice.
//! - **Blocked pawns** bring a stalemate nearer, which wins antichess and giveaway
//!   for the stalemated side and suicide for the side with fewer pieces.
//! - **Tempo**.
//!
//! Every feature is counted from White's side (White's count minus Black's) and
//! reported with the index of its weight, so the engine's sum and the tuner's
//! linear trace come from one walk over the board. The phase is the number of
//! pieces on the board. Everything comes from attack sets, with no move generation.

pub mod layout;
pub mod weights;

use super::AntichessRules;
use crate::core::score::Score;
use crate::core::Side;
use crate::variants::chesslike::attacks::piece_attacks;
use crate::variants::chesslike::tapered::S;
use crate::variants::chesslike::{Bitboard, Board, Role, Square};

use layout::Group;
use weights::WEIGHTS;

/// The phase at the start (every piece on the board); fewer pieces blend toward
/// the endgame weights.
pub const MAX_PHASE: i32 = 32;

/// `1` for White, `-1` for Black.
#[inline(always)]
fn sign(side: Side) -> i32 {
    if side == Side::White {
        1
    } else {
        -1
    }
}

/// The ring of `sq` around the centre: 0 for d4, e4, d5, e5 up to 3 for the edge.
#[inline(always)]
fn ring(sq: Square) -> usize {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = (2 * f - 7).abs() / 2;
    let dr = (2 * r - 7).abs() / 2;
    df.max(dr) as usize
}

/// Reports every feature of `b` under `rules` to `acc` as (flat weight index,
/// White's count minus Black's) and returns the phase.
#[inline(always)]
pub fn walk(b: &Board, rules: AntichessRules, acc: &mut impl FnMut(usize, i32)) -> i32 {
    let occ = b.occupied();
    let mover = b.turn();
    let mut attacks = [Bitboard::EMPTY; 2];
    let mut pieces = 0;
    for side in [Side::White, Side::Black] {
        let sg = sign(side);
        let own = b.by_side(side);
        for role in Role::ALL {
            let set = b.pieces(side, role);
            if set.is_empty() {
                continue;
            }
            let r = role.index();
            acc(Group::Material.at(r), sg * set.count() as i32);
            pieces += set.count() as i32;
            let mut reach = 0;
            for sq in set {
                acc(Group::Rank.at(r * 8 + sq.relative_rank(side) as usize), sg);
                acc(Group::Ring.at(r * 4 + ring(sq)), sg);
                let att = piece_attacks(role, side, sq, occ);
                attacks[side.index()] |= att;
                reach += (att & !own).count() as i32;
            }
            if reach != 0 {
                acc(Group::Mobility.at(r), sg * reach);
            }
        }
    }
    for owner in [Side::White, Side::Black] {
        let other = owner.flip();
        let attacked = attacks[other.index()] & b.by_side(owner);
        if attacked.is_empty() {
            continue;
        }
        let group = if other == mover { Group::AttackedByMover } else { Group::AttackedByWaiting };
        for role in Role::ALL {
            let n = (attacked & b.pieces(owner, role)).count() as i32;
            if n != 0 {
                acc(group.at(role.index()), sign(owner) * n);
            }
        }
    }
    if (attacks[mover.index()] & b.by_side(mover.flip())).any() || b.ep_square().is_some() {
        acc(Group::Forced.at(0), sign(mover));
    }
    let blocked = |side: Side| (b.pieces(side, Role::Pawn).forward(side) & occ).count() as i32;
    match rules {
        AntichessRules::Antichess | AntichessRules::Giveaway => {
            let n = blocked(Side::White) - blocked(Side::Black);
            if n != 0 {
                acc(Group::BlockedPawn.at(0), n);
            }
        }
        AntichessRules::Suicide => {
            let fewer = (b.by_side(Side::Black).count() as i32 - b.by_side(Side::White).count() as i32).signum();
            let n = fewer * (blocked(Side::White) + blocked(Side::Black));
            if n != 0 {
                acc(Group::BlockedPawnSuicide.at(0), n);
            }
        }
    }
    acc(Group::Tempo.at(0), sign(mover));
    pieces.min(MAX_PHASE)
}

/// The weighted sum from White's view and the phase.
#[inline]
pub fn white_sum(b: &Board, rules: AntichessRules) -> (S, i32) {
    let mut total = S::ZERO;
    let phase = walk(b, rules, &mut |i, c| total += WEIGHTS[i] * c);
    (total, phase)
}

/// The static evaluation of `b` under `rules`, from the side to move.
pub fn evaluate(b: &Board, rules: AntichessRules) -> Score {
    let (sum, phase) = white_sum(b, rules);
    sign(b.turn()) * sum.blend(phase, MAX_PHASE, 64)
}
