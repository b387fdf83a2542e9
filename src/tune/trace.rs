//! The evaluation written as a linear function of the traced parameters: for one
//! position, how many times each parameter is counted (White's uses minus Black's),
//! plus the part of the score the tuner cannot vary (king danger, the passed-pawn
//! king distances), with the phase and endgame scale the engine would blend with.
//!
//! This mirrors the counting in `variants/chess/eval/` rather than instrumenting it,
//! so the engine's evaluation stays as fast as it was. The price is that the two
//! must agree, and a test holds them to it exactly: for every position the traced
//! sum at the current parameters equals the engine's own unblended sum
//! (`eval::white_sum`). A change to the evaluation that is not mirrored here fails
//! that test instead of silently tuning a different function.

use super::layout::{Group, COUNT};
use crate::core::Side;
use crate::variants::chess::eval::masks::{adjacent_files, distance, front_span, passed_span};
use crate::variants::chess::eval::params::*;
use crate::variants::chess::eval::{king_safety, pawns, pieces, white_sum, MAX_PHASE, S};
use crate::variants::chesslike::attacks::{bishop_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks};
use crate::variants::chesslike::{Bitboard, Board, Role, Square};

/// One position's linearised evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    /// (flat parameter index, White's count minus Black's), only non-zero counts.
    pub coefs: Vec<(u16, i16)>,
    /// The untraced part of the unblended sum, from White's view.
    pub fixed: S,
    /// Game phase, `MAX_PHASE` (middlegame) down to 0.
    pub phase: i32,
    /// Endgame scale in 64ths, taken as the engine computes it with the current
    /// parameters and then held fixed (it depends on the sign of the score).
    pub scale: i32,
}

impl Trace {
    /// The unblended sum from White's view with `params` (integer, as the engine).
    pub fn sum(&self, params: &[S]) -> S {
        self.coefs.iter().fold(self.fixed, |acc, &(i, c)| acc + params[i as usize] * c as i32)
    }

    /// The middlegame and endgame weights of one unit of a parameter in the blended
    /// score: `score = Σ (mg * wm + eg * we)`.
    #[inline(always)]
    pub fn weights(&self) -> (f64, f64) {
        let p = self.phase as f64 / MAX_PHASE as f64;
        (p, (1.0 - p) * self.scale as f64 / 64.0)
    }

    /// The blended evaluation in centipawns from White's view with real-valued
    /// parameters `(mg, eg)` (no rounding, so the tuner sees a smooth function).
    pub fn eval(&self, params: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (self.fixed.mg as f64, self.fixed.eg as f64);
        for &(i, c) in &self.coefs {
            let p = params[i as usize];
            mg += p[0] * c as f64;
            eg += p[1] * c as f64;
        }
        let (wm, we) = self.weights();
        mg * wm + eg * we
    }
}

/// Traces the position on `b`.
pub fn trace(b: &Board) -> Trace {
    let mut c = [0i32; COUNT];
    let mut fixed = S::ZERO;

    for side in [Side::White, Side::Black] {
        let sign = if side == Side::White { 1 } else { -1 };
        for role in Role::ALL {
            let set = b.pieces(side, role);
            if role != Role::King {
                c[Group::Material.at(role.index())] += sign * set.count() as i32;
            }
            for sq in set {
                let rel = if side == Side::White { sq } else { sq.flip_rank() };
                c[Group::PsqtFile.at(role.index() * 8 + rel.file() as usize)] += sign;
                c[Group::PsqtRank.at(role.index() * 8 + rel.rank() as usize)] += sign;
                if role == Role::Pawn && matches!(rel.index(), 27 | 28 | 35 | 36) {
                    c[Group::CentrePawn.at(0)] += sign;
                }
            }
        }
    }

    let pawn_attack = [pawns::pawn_attack_set(b, Side::White), pawns::pawn_attack_set(b, Side::Black)];
    let zones = [king_safety::king_zone(b, Side::White), king_safety::king_zone(b, Side::Black)];
    for side in [Side::White, Side::Black] {
        let sign = if side == Side::White { 1 } else { -1 };
        let them = side.flip().index();
        piece_counts(b, side, pawn_attack[them], sign, &mut c);
        pawn_structure(b, side, pawn_attack[them], sign, &mut c);
        fixed.eg += passed_pawns(b, side, sign, &mut c);
        shield(b, side, sign, &mut c);
        let pair = b.pieces(side, Role::Bishop).count() >= 2;
        c[Group::BishopPair.at(0)] += sign * pair as i32;
    }
    // King danger is quadratic in the attack units: taken from the engine as is.
    let w = pieces::evaluate(b, Side::White, pawn_attack[1], zones[1]);
    let k = pieces::evaluate(b, Side::Black, pawn_attack[0], zones[0]);
    let queens = |side| b.pieces(side, Role::Queen).any();
    fixed += king_safety::danger(k.attack_units, k.attackers, queens(Side::Black));
    fixed -= king_safety::danger(w.attack_units, w.attackers, queens(Side::White));

    c[Group::Tempo.at(0)] += if b.turn() == Side::White { 1 } else { -1 };

    let (_, phase, scale) = white_sum(b);
    let coefs = c
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n != 0)
        .map(|(i, &n)| (i as u16, n.clamp(i16::MIN as i32, i16::MAX as i32) as i16))
        .collect();
    Trace { coefs, fixed, phase, scale }
}

/// Mobility and rook files, as `pieces::evaluate` counts them.
fn piece_counts(b: &Board, us: Side, their_pawn_attacks: Bitboard, sign: i32, c: &mut [i32; COUNT]) {
    let own = b.by_side(us);
    let occ = b.occupied();
    let own_pawns = b.pieces(us, Role::Pawn);
    let all_pawns = b.by_role(Role::Pawn);
    let area = !(own_pawns | b.pieces(us, Role::King) | their_pawn_attacks);
    let own_queens = b.pieces(us, Role::Queen);
    let diag_occ = occ & !own_queens;
    let line_occ = occ & !(own_queens | b.pieces(us, Role::Rook));
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].into_iter().enumerate() {
        let (typical, cap, _) = MOBILITY[i];
        for sq in own & b.by_role(role) {
            let attacks = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, diag_occ),
                Role::Rook => rook_attacks(sq, line_occ),
                _ => queen_attacks(sq, occ),
            };
            let count = (attacks & area).count() as i32;
            c[Group::Mobility.at(i)] += sign * (count.min(cap) - typical);
            if role == Role::Rook {
                let file = Bitboard::file(sq.file());
                if (file & all_pawns).is_empty() {
                    c[Group::RookOpenFile.at(0)] += sign;
                } else if (file & own_pawns).is_empty() {
                    c[Group::RookSemiOpenFile.at(0)] += sign;
                }
            }
        }
    }
}

fn stop_square(side: Side, sq: Square) -> Square {
    match side {
        Side::White => sq.offset(8),
        Side::Black => sq.offset(-8),
    }
}

/// Isolated, doubled, backward and connected pawns, as `pawns::structure`.
fn pawn_structure(b: &Board, us: Side, their_pawn_attacks: Bitboard, sign: i32, c: &mut [i32; COUNT]) {
    let ours = b.pieces(us, Role::Pawn);
    for sq in ours {
        let adjacent = adjacent_files(sq.file()) & ours;
        if (front_span(us, sq) & ours).any() {
            c[Group::Doubled.at(0)] += sign;
        }
        if adjacent.is_empty() {
            c[Group::Isolated.at(0)] += sign;
            continue;
        }
        let r = sq.relative_rank(us) as usize;
        let supported = (pawn_attacks(us.flip(), sq) & ours).any();
        let phalanx = (adjacent & Bitboard::rank(sq.rank())).any();
        if supported || phalanx {
            c[Group::Connected.at(r)] += sign;
        } else if r < 7 {
            let helpers = adjacent & !passed_span(us, sq);
            if helpers.is_empty() && their_pawn_attacks.contains(stop_square(us, sq)) {
                c[Group::Backward.at(0)] += sign;
            }
        }
    }
}

/// Passed pawns, as `pawns::passed`; returns the untraced king-distance endgame
/// part (already signed).
fn passed_pawns(b: &Board, us: Side, sign: i32, c: &mut [i32; COUNT]) -> i32 {
    let them = us.flip();
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(them, Role::Pawn);
    let our_king = b.king_of(us);
    let their_king = b.king_of(them);
    let them_pawns_only = (b.by_side(them) & !b.by_role(Role::Pawn) & !b.by_role(Role::King)).is_empty();
    let mut fixed_eg = 0;
    for sq in ours {
        if (passed_span(us, sq) & theirs).any() || (front_span(us, sq) & ours).any() {
            continue;
        }
        let r = sq.relative_rank(us) as usize;
        if r >= 7 {
            continue;
        }
        c[Group::Passed.at(r)] += sign;
        let stop = stop_square(us, sq);
        if b.piece_at(stop).is_none() {
            c[Group::PassedFree.at(r)] += sign;
        }
        if let (Some(ok), Some(tk)) = (our_king, their_king) {
            let w = PASSED_KING_WEIGHT[r];
            let d_them = distance(tk, stop).min(5);
            let d_us = distance(ok, stop).min(5);
            fixed_eg += w * (PASSED_KING_ENEMY * d_them - PASSED_KING_OWN * d_us);
            if them_pawns_only && (front_span(us, sq) & b.occupied()).is_empty() {
                let promotion = Square::from_coords(sq.file(), if us == Side::White { 7 } else { 0 });
                let pawn_moves = 7 - r as i32 - (r == 1) as i32;
                let their_tempo = (b.turn() == them) as i32;
                if pawn_moves + their_tempo < distance(tk, promotion) {
                    c[Group::Unstoppable.at(0)] += sign;
                }
            }
        }
    }
    sign * fixed_eg
}

/// The pawn shield, as `king_safety::shield`.
fn shield(b: &Board, us: Side, sign: i32, c: &mut [i32; COUNT]) {
    let Some(k) = b.king_of(us) else { return };
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(us.flip(), Role::Pawn);
    let ahead = crate::variants::chess::eval::masks::ranks_ahead(us, k);
    let kf = k.file().clamp(1, 6);
    for f in kf - 1..=kf + 1 {
        let file = Bitboard::file(f);
        let shield = ours & file & ahead;
        if shield.any() {
            let nearest = match us {
                Side::White => shield.lsb(),
                Side::Black => Square::new(63 - shield.0.leading_zeros() as u8),
            };
            let d = (nearest.relative_rank(us) as i32 - k.relative_rank(us) as i32).clamp(1, 3);
            c[Group::Shield.at((d - 1) as usize)] += sign;
        } else {
            c[Group::ShieldMissing.at(0)] += sign;
            if (theirs & file).is_empty() {
                c[Group::ShieldOpenFile.at(0)] += sign;
            }
        }
    }
}
