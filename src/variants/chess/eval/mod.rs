//! The chess evaluation: a tapered (middlegame/endgame) sum of weighted features.
//! Every feature is counted from White's point of view as White's count minus
//! Black's and reported to an accumulator ([`acc`]) with the index of its weight in
//! the flat table `weights::WEIGHTS`; the engine's accumulator sums the weights, the
//! tuner's records the counts. The weights are fitted to Ludex's own games by
//! `ludex tune`; the few numbers that shape features rather than weigh them (phase
//! units, king attack units, drawish-ending scales) are in `params.rs`.

pub mod acc;
pub(crate) mod king_safety;
pub mod layout;
pub(crate) mod masks;
pub mod params;
pub mod pawn_cache;
pub mod piece_sum;
pub(crate) mod pawns;
pub(crate) mod pieces;
pub mod psqt;
pub(crate) mod scaling;
mod tapered;
#[cfg(test)]
pub(crate) mod tests;
pub(crate) mod threats;
pub mod weights;

use crate::core::score::{Score, MATE_BOUND};
use crate::core::Side;
use crate::variants::chesslike::{Board, Role};

use acc::{Acc, ByTerm, CachedTotal, Total};
use pawn_cache::PawnCache;
use piece_sum::PieceSum;
use layout::Group;
use params::*;
pub use tapered::{S, MAX_PHASE};

/// The evaluation terms, in the order the `eval` command prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    Psqt,
    Mobility,
    Pawns,
    Passed,
    KingSafety,
    Threats,
    Pieces,
    Tempo,
}

pub const TERMS: usize = 9;
const TERM_NAMES: [&str; TERMS] =
    ["Material", "PSQT", "Mobility", "Pawns", "Passed pawns", "King safety", "Threats", "Pieces", "Tempo"];

/// `1` for White, `-1` for Black: the sign of a side's counts.
#[inline(always)]
pub(crate) fn sign(side: Side) -> i32 {
    if side == Side::White {
        1
    } else {
        -1
    }
}

/// Reports every feature of `b` to `acc` and returns the game phase.
pub fn walk(b: &Board, acc: &mut impl Acc) -> i32 {
    let phase = acc.piece_terms(b);
    let pawn_attacks = [pawns::pawn_attack_set(b, Side::White), pawns::pawn_attack_set(b, Side::Black)];
    let zones = [king_safety::king_zone(b, Side::White), king_safety::king_zone(b, Side::Black)];
    let w = pieces::evaluate(b, Side::White, pawn_attacks[0], pawn_attacks[1], zones[1], acc);
    let k = pieces::evaluate(b, Side::Black, pawn_attacks[1], pawn_attacks[0], zones[0], acc);

    acc.pawn_structure(b, pawn_attacks);
    for us in [Side::White, Side::Black] {
        pawns::passed(b, us, acc);
    }

    king_safety::evaluate(b, Side::White, &w, &k, acc);
    king_safety::evaluate(b, Side::Black, &k, &w, acc);
    threats::evaluate(b, Side::White, &w, &k, acc);
    threats::evaluate(b, Side::Black, &k, &w, acc);

    let pairs = |side| (b.pieces(side, Role::Bishop).count() >= 2) as i32;
    let pair = pairs(Side::White) - pairs(Side::Black);
    if pair != 0 {
        acc.add(Term::Pieces, Group::BishopPair.at(0), pair);
    }
    acc.add(Term::Tempo, Group::Tempo.at(0), sign(b.turn()));
    phase.min(MAX_PHASE)
}

/// The scale (64ths) of the endgame part for a position whose endgame sum is `eg`.
pub fn scale_for(b: &Board, eg: i32) -> i32 {
    if eg == 0 {
        SCALE_NORMAL
    } else {
        scaling::endgame_scale(b, if eg > 0 { Side::White } else { Side::Black })
    }
}

/// From White's view to the side to move's, kept clear of the mate range.
fn for_side_to_move(b: &Board, white: Score) -> Score {
    let v = if b.turn() == Side::White { white } else { -white };
    v.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// A classical score with the drawish-ending scale (64ths, [`scale_for`]) its
/// endgame part was given. A network that corrects the score takes the same
/// scale, so that an ending the side ahead cannot win is drawish for the whole
/// evaluation, not for its classical part alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scaled {
    pub score: Score,
    pub scale: i32,
}

impl Scaled {
    /// The score with `correction` (side to move's view, centipawns) added at
    /// this ending's scale.
    #[inline]
    pub fn corrected_by(self, correction: Score) -> Score {
        self.score + correction * self.scale / SCALE_NORMAL
    }
}

/// The static evaluation from the side to move's point of view, in centipawns.
pub fn evaluate(b: &Board) -> Score {
    evaluate_scaled(b).score
}

/// [`evaluate`] with the drawish-ending scale it applied.
pub fn evaluate_scaled(b: &Board) -> Scaled {
    let mut total = Total::default();
    let phase = walk(b, &mut total);
    blend(b, total.0, phase)
}

/// [`evaluate_scaled`], with the pawn-structure terms looked up in `cache` and
/// the material and square-table terms given (`pieces`, those of `b`): the same
/// value, sooner.
pub fn evaluate_cached(b: &Board, cache: &mut PawnCache, pieces: PieceSum) -> Scaled {
    let mut acc = CachedTotal { total: Total::default(), cache, pieces };
    let phase = walk(b, &mut acc);
    blend(b, acc.total.0, phase)
}

/// White's weighted sum blended by phase and endgame scale, for the side to move.
fn blend(b: &Board, sum: S, phase: i32) -> Scaled {
    let scale = scale_for(b, sum.eg);
    Scaled { score: for_side_to_move(b, sum.taper(phase, scale)), scale }
}

/// The weighted sum from White's point of view before the phase blend, with the
/// phase and the endgame scale that `evaluate` applies: what the tuner's tests
/// check its gradient against (the engine goes through `blend`).
#[cfg(test)]
pub fn white_sum(b: &Board) -> (S, i32, i32) {
    let mut total = Total::default();
    let phase = walk(b, &mut total);
    (total.0, phase, scale_for(b, total.0.eg))
}

/// The terms by name, each from the side to move's point of view, then the change
/// made by the drawish-ending scale and by rounding; together they add up to
/// [`evaluate`].
pub fn terms(b: &Board) -> Vec<(String, Score)> {
    let mut by = ByTerm([S::ZERO; TERMS]);
    let phase = walk(b, &mut by);
    let sign = sign(b.turn());
    let mut out: Vec<(String, Score)> = by
        .0
        .iter()
        .zip(TERM_NAMES)
        .map(|(t, name)| (name.to_string(), sign * t.taper(phase, SCALE_NORMAL)))
        .collect();
    let listed: Score = out.iter().map(|(_, v)| v).sum();
    out.push(("Endgame scaling".to_string(), evaluate(b) - listed));
    out
}
