//! Search scores in centipawn-like units, always from the side to move.
//!
//! Mate scores count plies from the root: a side that mates in `n` plies scores
//! `MATE - n`; any score beyond `MATE_BOUND` in absolute value is a forced result.

pub type Score = i32;

pub const INFINITE: Score = 32_000;
pub const MATE: Score = 31_000;
/// Scores at or beyond this magnitude are mates or forced wins: found by search, by
/// a variant's solver, or by an evaluation that can tell a decided position (see
/// `Position::evaluate`).
pub const MATE_BOUND: Score = MATE - 1_000;
pub const DRAW: Score = 0;

/// Score for the side to move when it has won (`MATE - ply`) at distance `ply` from the root.
#[inline]
pub const fn won_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// Score for the side to move when it has lost at distance `ply` from the root.
#[inline]
pub const fn lost_in(ply: usize) -> Score {
    -MATE + ply as Score
}

#[inline]
pub fn is_mate(score: Score) -> bool {
    score.abs() >= MATE_BOUND
}
