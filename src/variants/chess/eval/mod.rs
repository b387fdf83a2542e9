//! The chess evaluation: a hand-written, tapered (middlegame/endgame) sum of terms.
//! Every term is computed from White's point of view as White's value minus Black's;
//! the total is turned to the side to move's view at the end. All numbers live in
//! `params.rs`.
//!
//! The terms are listed separately for the `eval` command, and `evaluate` is built
//! from the same list, so the two cannot disagree: each term is blended by the game
//! phase on its own and the blends are summed.

pub(crate) mod king_safety;
pub(crate) mod masks;
pub mod params;
pub(crate) mod pawns;
pub(crate) mod pieces;
pub mod psqt;
pub(crate) mod scaling;
mod tapered;
#[cfg(test)]
mod tests;

use crate::core::score::{Score, MATE_BOUND};
use crate::core::Side;
use crate::variants::chesslike::{Board, Role};

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
    BishopPair,
    Rooks,
    Tempo,
}

const TERMS: usize = 9;
const TERM_NAMES: [&str; TERMS] =
    ["Material", "PSQT", "Mobility", "Pawns", "Passed pawns", "King safety", "Bishop pair", "Rooks", "Tempo"];

/// Every term from White's point of view, with the phase and the endgame scale.
struct Breakdown {
    terms: [S; TERMS],
    phase: i32,
    scale: i32,
}

impl Breakdown {
    fn new(b: &Board) -> Breakdown {
        let mut terms = [S::ZERO; TERMS];
        let mut phase = 0;
        let mut material = S::ZERO;
        let mut psqt = S::ZERO;
        for side in [Side::White, Side::Black] {
            let sign = if side == Side::White { 1 } else { -1 };
            for role in Role::ALL {
                let set = b.pieces(side, role);
                if role != Role::King {
                    material += MATERIAL[role.index()] * (set.count() as i32 * sign);
                }
                phase += PHASE_UNITS[role.index()] * set.count() as i32;
                for sq in set {
                    psqt += psqt::value(side, role, sq) * sign;
                }
            }
        }
        terms[Term::Material as usize] = material;
        terms[Term::Psqt as usize] = psqt;

        let pawn_attacks = [pawns::pawn_attack_set(b, Side::White), pawns::pawn_attack_set(b, Side::Black)];
        let zones = [king_safety::king_zone(b, Side::White), king_safety::king_zone(b, Side::Black)];
        let w = pieces::evaluate(b, Side::White, pawn_attacks[1], zones[1]);
        let k = pieces::evaluate(b, Side::Black, pawn_attacks[0], zones[0]);
        terms[Term::Mobility as usize] = w.mobility - k.mobility;
        terms[Term::Rooks as usize] = w.rooks - k.rooks;

        terms[Term::Pawns as usize] = pawns::structure(b, Side::White, pawn_attacks[1])
            - pawns::structure(b, Side::Black, pawn_attacks[0]);
        terms[Term::Passed as usize] = pawns::passed(b, Side::White) - pawns::passed(b, Side::Black);

        let queens = |side| b.pieces(side, Role::Queen).any();
        // White's king is attacked by Black's pieces (k.attack_units) and vice versa.
        let white_king = king_safety::shield(b, Side::White)
            + king_safety::danger(k.attack_units, k.attackers, queens(Side::Black));
        let black_king = king_safety::shield(b, Side::Black)
            + king_safety::danger(w.attack_units, w.attackers, queens(Side::White));
        terms[Term::KingSafety as usize] = white_king - black_king;

        let pair = |side| b.pieces(side, Role::Bishop).count() >= 2;
        terms[Term::BishopPair as usize] =
            BISHOP_PAIR * (pair(Side::White) as i32 - pair(Side::Black) as i32);

        terms[Term::Tempo as usize] = if b.turn() == Side::White { TEMPO } else { -TEMPO };

        let eg: i32 = terms.iter().map(|t| t.eg).sum();
        let scale = if eg == 0 {
            SCALE_NORMAL
        } else {
            scaling::endgame_scale(b, if eg > 0 { Side::White } else { Side::Black })
        };
        Breakdown { terms, phase: phase.min(MAX_PHASE), scale }
    }

    /// The total from White's point of view with the given endgame scale.
    fn total(&self, scale: i32) -> Score {
        self.terms.iter().map(|t| t.taper(self.phase, scale)).sum()
    }
}

/// From White's view to the side to move's, kept clear of the mate range.
fn for_side_to_move(b: &Board, white: Score) -> Score {
    let v = if b.turn() == Side::White { white } else { -white };
    v.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// The static evaluation from the side to move's point of view, in centipawns.
pub fn evaluate(b: &Board) -> Score {
    let d = Breakdown::new(b);
    for_side_to_move(b, d.total(d.scale))
}

/// Every term summed from White's point of view before the phase blend, with the
/// phase and the endgame scale that `evaluate` would apply. The tuner's trace
/// (`src/tune/trace.rs`) is checked against this sum, so it cannot drift away from
/// the evaluation it claims to linearise.
pub fn white_sum(b: &Board) -> (S, i32, i32) {
    let d = Breakdown::new(b);
    let sum = d.terms.iter().fold(S::ZERO, |acc, &t| acc + t);
    (sum, d.phase, d.scale)
}

/// The terms by name, each from the side to move's point of view, then the change
/// made by the drawish-ending scale; together they add up to [`evaluate`].
pub fn terms(b: &Board) -> Vec<(String, Score)> {
    let d = Breakdown::new(b);
    let sign = if b.turn() == Side::White { 1 } else { -1 };
    let mut out: Vec<(String, Score)> = d
        .terms
        .iter()
        .zip(TERM_NAMES)
        .map(|(t, name)| (name.to_string(), sign * t.taper(d.phase, SCALE_NORMAL)))
        .collect();
    let listed: Score = out.iter().map(|(_, v)| v).sum();
    out.push(("Endgame scaling".to_string(), evaluate(b) - listed));
    out
}
