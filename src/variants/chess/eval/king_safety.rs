//! King safety in the middlegame: the pawn shield in front of the king, and the
//! danger from the enemy pieces attacking the squares around it and from the safe
//! checks they have. The danger is one index (attack units scaled by the number of
//! attackers, because one attacker is a nuisance while three together mate), and
//! the penalty is a fitted quadratic in it.

use super::acc::Acc;
use super::layout::{Group, KING_DANGER_LIMIT};
use super::masks::ranks_ahead;
use super::params::*;
use super::pieces::SideAttacks;
use super::{sign, Term};
use crate::core::Side;
use crate::variants::chesslike::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
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

/// The shield and the danger for `us`'s king; `ours` and `theirs` are the two
/// sides' attacks.
pub fn evaluate(b: &Board, us: Side, ours: &SideAttacks, theirs: &SideAttacks, acc: &mut impl Acc) {
    let Some(k) = b.king_of(us) else { return };
    shield(b, us, k, acc);
    let index = danger_index(b, us, k, ours, theirs);
    if index > 0 {
        acc.add(Term::KingSafety, Group::KingDanger.at(0), sign(us) * (index * index / 32));
        acc.add(Term::KingSafety, Group::KingDanger.at(1), sign(us) * index);
    }
}

/// The pawn shield of `us`: the three files around the king, by how far the nearest
/// own pawn in front of the king stands.
fn shield(b: &Board, us: Side, k: Square, acc: &mut impl Acc) {
    let sg = sign(us);
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(us.flip(), Role::Pawn);
    let ahead = ranks_ahead(us, k);
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
            acc.add(Term::KingSafety, Group::Shield.at((d - 1) as usize), sg);
        } else {
            acc.add(Term::KingSafety, Group::ShieldMissing.at(0), sg);
            if (theirs & file).is_empty() {
                acc.add(Term::KingSafety, Group::ShieldOpenFile.at(0), sg);
            }
        }
    }
}

/// The danger index for `us`'s king on `k`: the enemy's attack units on the king
/// zone plus its safe checks, halved without the enemy queen, scaled by the number
/// of attackers.
fn danger_index(b: &Board, us: Side, k: Square, ours: &SideAttacks, theirs: &SideAttacks) -> i32 {
    let scale = KING_ATTACKERS_SCALE[theirs.attackers.clamp(0, 7) as usize];
    if scale == 0 {
        return 0;
    }
    let them = us.flip();
    let occ = b.occupied();
    // Squares where an enemy piece can stand and give check without being taken:
    // not own pieces of theirs, and not defended by us (or only by our king while
    // they attack it twice).
    let safe = !b.by_side(them) & (!ours.all | (ours.by_role[Role::King.index()] & !ours.twice & theirs.twice));
    let knight_checks = knight_attacks(k) & theirs.by_role[Role::Knight.index()] & safe;
    let diag = bishop_attacks(k, occ);
    let line = rook_attacks(k, occ);
    let bishop_checks = diag & theirs.by_role[Role::Bishop.index()] & safe;
    let rook_checks = line & theirs.by_role[Role::Rook.index()] & safe;
    let queen_checks = (diag | line) & theirs.by_role[Role::Queen.index()] & safe & !rook_checks & !bishop_checks;
    let mut units = theirs.units
        + SAFE_CHECK_UNITS[0] * knight_checks.any() as i32
        + SAFE_CHECK_UNITS[1] * bishop_checks.any() as i32
        + SAFE_CHECK_UNITS[2] * rook_checks.any() as i32
        + SAFE_CHECK_UNITS[3] * queen_checks.any() as i32;
    if b.pieces(them, Role::Queen).is_empty() {
        units /= 2;
    }
    (units * scale / 64).clamp(0, KING_DANGER_LIMIT as i32 - 1)
}
