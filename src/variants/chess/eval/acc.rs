//! Where the evaluation's counts go. Every term reports "this weight, this many
//! times (White's count minus Black's)" to an accumulator instead of adding numbers
//! itself, so one walk over the board serves three readers: the engine's sum
//! ([`Total`]), the `eval` command's table by term ([`ByTerm`]), and the tuner's
//! linear trace (`tune::trace`). The tuner therefore fits exactly the function the
//! engine evaluates; there is no second copy of the counting to keep in step.

use super::pawn_cache::PawnCache;
use super::piece_sum::PieceSum;
use super::weights::WEIGHTS;
use crate::variants::chesslike::{Bitboard, Board};
use super::{Term, TERMS};
use super::tapered::S;

/// A reader of weight counts.
pub trait Acc {
    /// `count` times weight `index` (a flat index into `WEIGHTS`), for `term`.
    fn add(&mut self, term: Term, index: usize, count: i32);

    /// Every piece's material and square-table terms; returns the game phase
    /// before its cap. A reader that only sums may take them from a sum kept
    /// move by move ([`super::piece_sum`]); the others count them.
    #[inline]
    fn piece_terms(&mut self, b: &Board) -> i32
    where
        Self: Sized,
    {
        super::piece_sum::count(b, self)
    }

    /// Both sides' pawn-structure terms, given the pawns' attacks (White's,
    /// Black's). A reader that only sums may answer from a cache
    /// ([`super::pawn_cache`]); the others count them.
    #[inline]
    fn pawn_structure(&mut self, b: &Board, pawn_attacks: [Bitboard; 2])
    where
        Self: Sized,
    {
        super::pawn_cache::count_structure(b, pawn_attacks, self);
    }
}

/// The engine's reader: the weighted sum.
#[derive(Default)]
pub struct Total(pub S);

impl Acc for Total {
    #[inline(always)]
    fn add(&mut self, _: Term, index: usize, count: i32) {
        self.0 += WEIGHTS[index] * count;
    }
}

/// The engine's sum in search with the structure terms from a cache and the piece terms
/// given (`pieces`, the evaluated board's).
pub struct CachedTotal<'a> {
    pub total: Total,
    pub cache: &'a mut PawnCache,
    pub pieces: PieceSum,
}

impl Acc for CachedTotal<'_> {
    #[inline(always)]
    fn add(&mut self, term: Term, index: usize, count: i32) {
        self.total.add(term, index, count);
    }

    #[inline]
    fn piece_terms(&mut self, b: &Board) -> i32 {
        debug_assert_eq!(self.pieces, PieceSum::of(b));
        self.total.0 += self.pieces.sum;
        self.pieces.phase
    }

    #[inline]
    fn pawn_structure(&mut self, b: &Board, pawn_attacks: [Bitboard; 2]) {
        self.total.0 += self.cache.structure(b, pawn_attacks);
    }
}

/// The weighted sum per term, for the `eval` command.
pub struct ByTerm(pub [S; TERMS]);

impl Acc for ByTerm {
    fn add(&mut self, term: Term, index: usize, count: i32) {
        self.0[term as usize] += WEIGHTS[index] * count;
    }
}
