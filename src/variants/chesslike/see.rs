//! Static exchange evaluation: whether the captures on one square, each side always
//! recapturing with its least valuable piece and free to stop, leave the mover at
//! least a given material balance. The searcher uses it to prune captures that lose
//! material and quiet moves that put a piece where it is lost, without searching them.
//!
//! Pins and checks are ignored (an approximation every engine accepts: the search
//! corrects it), and castling, en passant and promotions count as an even trade.

use super::attacks::{bishop_attacks, rook_attacks};
use super::{Bitboard, Board, Move, Role};

/// Exchange values (pawn, knight, bishop, rook, queen, king). The king's value does
/// not matter: it can only be the last to capture, and only onto an undefended square.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];

/// Whether playing `mv` and the best series of recaptures on its target square gains
/// the mover at least `threshold` (in `SEE_VALUE` units, pawn = 100).
pub fn see_ge(b: &Board, mv: Move, threshold: i32) -> bool {
    if mv.is_castle() || mv.is_en_passant() || mv.is_promotion() {
        return threshold <= 0;
    }
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = b.piece_at(from) else { return threshold <= 0 };
    // What we win if the exchange stops here, less what we need.
    let mut swap = b.piece_at(to).map_or(0, |p| SEE_VALUE[p.role().index()]) - threshold;
    if swap < 0 {
        return false;
    }
    // What we still have if the mover is taken back for nothing.
    swap = SEE_VALUE[mover.role().index()] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = b.occupied() ^ Bitboard::from(from) ^ Bitboard::from(to);
    let mut side = mover.side();
    let mut attackers = b.attackers_to(to, occupied);
    let diagonal = b.diagonal_sliders();
    let straight = b.straight_sliders();
    // 1: the side that made the last capture keeps its gain.
    let mut result = true;
    loop {
        side = side.flip();
        attackers &= occupied;
        let ours = attackers & b.by_side(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        let Some(role) = Role::ALL.into_iter().find(|&r| (ours & b.by_role(r)).any()) else { break };
        if role == Role::King {
            // The king may only take last: if the other side still attacks, it cannot.
            return if (attackers & !b.by_side(side)).any() { !result } else { result };
        }
        swap = SEE_VALUE[role.index()] - swap;
        if swap < result as i32 {
            break;
        }
        let sq = (ours & b.by_role(role)).lsb();
        occupied ^= Bitboard::from(sq);
        // Sliders behind the piece that just captured join in.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chesslike::{parse_fen, Square};

    fn mv(from: &str, to: &str) -> Move {
        Move::normal(Square::parse(from).unwrap(), Square::parse(to).unwrap())
    }

    #[test]
    fn exchanges() {
        crate::variants::chesslike::attacks::init();
        // Pawn takes an undefended knight: +320.
        let b = parse_fen("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert!(see_ge(&b, mv("e4", "d5"), 320));
        assert!(!see_ge(&b, mv("e4", "d5"), 321));
        // Queen takes a pawn defended by a pawn: -850.
        let b = parse_fen("4k3/2p5/3p4/8/8/8/3Q4/4K3 w - - 0 1").unwrap();
        assert!(!see_ge(&b, mv("d2", "d6"), 0));
        assert!(see_ge(&b, mv("d2", "d6"), -850));
        // Rook takes a rook defended by a rook, with our queen behind (x-ray): +500 - 500 + 500.
        let b = parse_fen("3rk3/3r4/8/8/8/8/3R4/3QK3 w - - 0 1").unwrap();
        assert!(see_ge(&b, mv("d2", "d7"), 0));
        assert!(!see_ge(&b, mv("d2", "d7"), 1));
        // A quiet move onto a square a pawn guards loses the piece.
        let b = parse_fen("4k3/8/4p3/8/4N3/8/8/4K3 w - - 0 1").unwrap();
        assert!(!see_ge(&b, mv("e4", "d5"), 0));
        assert!(see_ge(&b, mv("e4", "c5"), 0));
    }
}
