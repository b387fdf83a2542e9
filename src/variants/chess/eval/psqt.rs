//! Piece-square tables: where each piece stands well, apart from what mobility and
//! the pawn and king terms already measure. One table per role from White's side
//! (`Group::Psqt`, `role * 64 + square`); Black looks up the rank-mirrored square,
//! so the tables serve both colours.

use super::layout::Group;
use super::tapered::S;
use super::weights::WEIGHTS;
use crate::core::Side;
use crate::variants::chesslike::{Role, Square};

const START: usize = Group::Psqt.start();

/// The flat weight index for a `side` piece of kind `role` on `sq`.
#[inline(always)]
pub fn index(side: Side, role: Role, sq: Square) -> usize {
    let sq = match side {
        Side::White => sq,
        Side::Black => sq.flip_rank(),
    };
    START + role.index() * 64 + sq.index()
}

/// The table value of a `side` piece of kind `role` on `sq`, from that side's view
/// (move ordering uses it to prefer quiet moves to better squares).
#[inline(always)]
pub fn value(side: Side, role: Role, sq: Square) -> S {
    WEIGHTS[index(side, role, sq)]
}

#[cfg(test)]
mod tests {
    use super::super::weights::WEIGHTS;
    use super::*;

    #[test]
    fn developing_and_centralising_score_higher() {
        let sq = |t| Square::parse(t).unwrap();
        let v = |role, t| WEIGHTS[index(Side::White, role, sq(t))];
        assert!(v(Role::Knight, "f3").mg > v(Role::Knight, "g1").mg);
        assert!(v(Role::Knight, "e5").mg > v(Role::Knight, "a5").mg);
        assert!(v(Role::Pawn, "e4").mg > v(Role::Pawn, "e2").mg);
        assert!(v(Role::King, "g1").mg > v(Role::King, "e2").mg);
        assert!(v(Role::King, "e4").eg > v(Role::King, "h1").eg);
        // Mirrored squares index the same weight for each side.
        for role in Role::ALL {
            for s in Square::all() {
                assert_eq!(index(Side::White, role, s), index(Side::Black, role, s.flip_rank()));
            }
        }
    }
}
