//! A score with a middlegame and an endgame part. Most chess knowledge is worth a
//! different amount with queens on the board than in a bare pawn ending (a king in
//! the centre is a liability in one and an asset in the other), and in the
//! antichess family a queen is a burden in the opening and a lifeline at the end, so
//! every term keeps both and each variant's game phase blends them at the end.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::core::score::Score;

/// Middlegame and endgame values in centipawns.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct S {
    pub mg: i32,
    pub eg: i32,
}

/// Shorthand for the parameter tables.
pub const fn s(mg: i32, eg: i32) -> S {
    S { mg, eg }
}

impl S {
    pub const ZERO: S = S { mg: 0, eg: 0 };

    /// The blend for `phase` out of `max_phase` (`max_phase`: pure middlegame, 0:
    /// pure endgame), with the endgame part scaled by `scale / 64` (drawish endings).
    /// Division truncates toward zero, so a score and its negation blend to exact
    /// negatives: colour symmetry survives rounding.
    #[inline(always)]
    pub fn blend(self, phase: i32, max_phase: i32, scale: i32) -> Score {
        let eg = self.eg * scale / 64;
        (self.mg * phase + eg * (max_phase - phase)) / max_phase
    }
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S { mg: self.mg + o.mg, eg: self.eg + o.eg }
    }
}

impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S { mg: self.mg - o.mg, eg: self.eg - o.eg }
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}

impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S { mg: -self.mg, eg: -self.eg }
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S { mg: self.mg * k, eg: self.eg * k }
    }
}
