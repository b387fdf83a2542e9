//! King safety in the middlegame: the pawn shield in front of the king and the
//! weight of the enemy pieces attacking the squares around it. The attack penalty
//! grows with the square of the attack units, because one attacker is a nuisance
//! while three together mate.

use super::masks::ranks_ahead;
use super::params::*;
use super::tapered::{s, S};
use crate::core::Side;
use crate::variants::chesslike::attacks::king_attacks;
use crate::variants::chesslike::{Bitboard, Board, Role, Square};

/// The squares around `side`'s king plus the row in front of them (towards the
/// enemy), where attacks are most dangerous.
pub fn king_zone(b: &Board, side: Side) -> Bitboard {
    match b.king_of(side) {
        Some(k) => {
            let ring = king_attacks(k).with(k);
            ring | ring.forward(side)
        }
        None => Bitboard::EMPTY,
    }
}

/// The pawn shield of `us`: the three files around the king, by how far the nearest
/// own pawn in front of the king stands.
pub fn shield(b: &Board, us: Side) -> S {
    let Some(k) = b.king_of(us) else { return S::ZERO };
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(us.flip(), Role::Pawn);
    let ahead = ranks_ahead(us, k);
    let kf = k.file().clamp(1, 6);
    let mut score = S::ZERO;
    for f in kf - 1..=kf + 1 {
        let file = Bitboard::file(f);
        let shield = ours & file & ahead;
        if shield.any() {
            let nearest = match us {
                Side::White => shield.lsb(),
                Side::Black => Square::new(63 - shield.0.leading_zeros() as u8),
            };
            let d = (nearest.relative_rank(us) as i32 - k.relative_rank(us) as i32).clamp(1, 3);
            score += SHIELD[(d - 1) as usize];
        } else {
            score += SHIELD_MISSING;
            if (theirs & file).is_empty() {
                score += SHIELD_OPEN_FILE;
            }
        }
    }
    score
}

/// The penalty for the attacks on a king: `units` attack units from `attackers`
/// pieces. Without the enemy queen an attack is much less likely to mate.
pub fn danger(units: i32, attackers: i32, enemy_has_queen: bool) -> S {
    let units = if enemy_has_queen { units } else { units / 2 };
    let scale = KING_ATTACKERS_SCALE[attackers.clamp(0, 7) as usize];
    let mg = (units * units * scale / (64 * KING_DANGER_DIV)).min(KING_DANGER_MAX);
    s(-mg, -units * KING_DANGER_EG)
}
