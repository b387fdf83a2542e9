//! Piece-square tables: where each piece stands well, apart from what mobility and
//! the pawn and king terms already measure. Built at compile time from the file and
//! rank profiles in `params.rs`; stored from White's side, Black looks up the
//! rank-mirrored square.

use super::params::{CENTRE_PAWN, PSQT_FILE, PSQT_RANK};
use super::tapered::S;
use crate::core::Side;
use crate::variants::chesslike::{Role, Square};

const fn build() -> [[S; 64]; 6] {
    let mut t = [[S::ZERO; 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = (sq % 8, sq / 8);
            let a = PSQT_FILE[role][f];
            let b = PSQT_RANK[role][r];
            t[role][sq] = S { mg: a.mg + b.mg, eg: a.eg + b.eg };
            sq += 1;
        }
        role += 1;
    }
    // The four centre squares for pawns (d4 e4 d5 e5).
    let centre = [27, 28, 35, 36];
    let mut i = 0;
    while i < 4 {
        let c = &mut t[0][centre[i]];
        c.mg += CENTRE_PAWN.mg;
        c.eg += CENTRE_PAWN.eg;
        i += 1;
    }
    t
}

static TABLE: [[S; 64]; 6] = build();

/// The table value of a `side` piece of kind `role` on `sq`, from that side's view.
#[inline(always)]
pub fn value(side: Side, role: Role, sq: Square) -> S {
    let sq = match side {
        Side::White => sq,
        Side::Black => sq.flip_rank(),
    };
    TABLE[role.index()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn developing_and_centralising_score_higher() {
        let sq = |t| Square::parse(t).unwrap();
        let w = |role, t| value(Side::White, role, sq(t)).mg;
        assert!(w(Role::Knight, "f3") > w(Role::Knight, "g1"));
        assert!(w(Role::Knight, "e5") > w(Role::Knight, "a5"));
        assert!(w(Role::Pawn, "e4") > w(Role::Pawn, "e2"));
        assert!(w(Role::King, "g1") > w(Role::King, "e2"));
        assert!(value(Side::White, Role::King, sq("e4")).eg > value(Side::White, Role::King, sq("h1")).eg);
        // Mirrored squares are worth the same to each side.
        for role in Role::ALL {
            for s in Square::all() {
                assert_eq!(value(Side::White, role, s), value(Side::Black, role, s.flip_rank()));
            }
        }
    }
}
