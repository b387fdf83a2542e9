//! A first static evaluation for the antichess family, from the side to move.
//!
//! The aim is to lose everything (or, in suicide, to be blocked with fewer pieces),
//! so every term is the mirror of chess intuition:
//! - **Material** is a burden: each piece we own costs points, each piece the
//!   opponent owns earns them. Kinds differ: a queen sweeps so many squares that it
//!   is forced to capture again and again; a knight cannot lose a tempo and is hard
//!   to give away in the ending; a king moves one square and is the handiest piece
//!   to steer into a sacrifice or a block.
//! - **Threats**: an enemy piece we attack is a capture we may be forced to make
//!   (bad, especially right now, since we are to move); one of ours the opponent
//!   attacks is a piece they may have to take (good).
//! - **Forced capture**: being obliged to capture now takes away our choice.
//! - **Mobility**: squares our pieces reach, a small plus (options to dodge captures).
//! - **Blocked pawns**: a pawn that cannot advance brings a stalemate nearer. Being
//!   stalemated wins antichess and giveaway outright; in suicide a stalemate (of
//!   either side) is won by the side with fewer pieces, so there every blocked pawn
//!   counts for whoever has fewer pieces.
//! - **Tempo**: a small bonus for the side to move.
//!
//! The weights are untuned first guesses; they all live in [`WEIGHTS`]. Everything
//! is computed from attack sets in one pass over the pieces, with no move
//! generation, so it stays cheap.

use super::AntichessRules;
use crate::core::score::Score;
use crate::core::Side;
use crate::variants::chesslike::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::variants::chesslike::{Bitboard, Board, Role};

/// All evaluation parameters in one place.
pub struct Weights {
    /// What owning one piece costs, indexed by `Role` (pawn, knight, bishop, rook,
    /// queen, king).
    pub piece: [Score; 6],
    /// Per enemy piece we attack (we are to move, so we may have to take it).
    pub must_take: Score,
    /// Per own piece the opponent attacks (they may have to take it).
    pub given_away: Score,
    /// Flat penalty when the side to move has a capture and so must capture.
    pub forced: Score,
    /// Per square our pieces attack that is not our own.
    pub mobility: Score,
    /// Per own pawn that cannot advance (sign set by the rules, see module docs).
    pub blocked_pawn: Score,
    pub tempo: Score,
}

pub const WEIGHTS: Weights = Weights {
    piece: [100, 120, 110, 100, 130, 90],
    must_take: 25,
    given_away: 15,
    forced: 20,
    mobility: 2,
    blocked_pawn: 8,
    tempo: 5,
};

/// Squares attacked by `side`'s pieces.
#[inline]
fn attacks(b: &Board, side: Side) -> Bitboard {
    let ours = b.by_side(side);
    let occ = b.occupied();
    let pawns = b.pieces(side, Role::Pawn);
    let mut att = pawns.pawn_attacks_west(side) | pawns.pawn_attacks_east(side);
    for sq in b.by_role(Role::Knight) & ours {
        att |= knight_attacks(sq);
    }
    for sq in b.by_role(Role::King) & ours {
        att |= king_attacks(sq);
    }
    for sq in b.diagonal_sliders() & ours {
        att |= bishop_attacks(sq, occ);
    }
    for sq in b.straight_sliders() & ours {
        att |= rook_attacks(sq, occ);
    }
    att
}

/// The static evaluation of `b` under `rules`, from the side to move.
pub fn evaluate(b: &Board, rules: AntichessRules) -> Score {
    let w = &WEIGHTS;
    let us = b.turn();
    let them = us.flip();
    let ours = b.by_side(us);
    let theirs = b.by_side(them);

    let mut score = w.tempo;
    for role in Role::ALL {
        let diff = b.pieces(them, role).count() as Score - b.pieces(us, role).count() as Score;
        score += w.piece[role.index()] * diff;
    }

    let att_us = attacks(b, us);
    let att_them = attacks(b, them);
    let targets = (att_us & theirs).count() as Score;
    score -= w.must_take * targets;
    if targets > 0 || b.ep_square().is_some() {
        score -= w.forced;
    }
    score += w.given_away * (att_them & ours).count() as Score;
    score += w.mobility * ((att_us & !ours).count() as Score - (att_them & !theirs).count() as Score);

    let blocked = |side: Side| (b.pieces(side, Role::Pawn).forward(side) & b.occupied()).count() as Score;
    score += w.blocked_pawn
        * match rules {
            // Whoever is stalemated wins.
            AntichessRules::Antichess | AntichessRules::Giveaway => blocked(us) - blocked(them),
            // Whoever is stalemated, the side with fewer pieces wins.
            AntichessRules::Suicide => {
                (theirs.count() as Score - ours.count() as Score).signum() * (blocked(us) + blocked(them))
            }
        };
    score
}
