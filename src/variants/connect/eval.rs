//! Evaluation and move scoring of connect positions from the line patterns
//! ([`Patterns`]).
//!
//! Threats first, because they are exact: a side to move with a five-point wins next
//! move; one facing two five-points (or one it may not block) loses; one that can
//! make an open four while the opponent has no five-point wins in three plies; one
//! with a four-three (or, unless renju restricts it, a double three) while the
//! opponent has no four to play wins in five (the four or the block of one three is
//! forced and cannot touch the other line). Otherwise a sum of pattern values per
//! (empty cell, line) and class values per cell, both sides, with the side to move
//! weighted higher (`params::OURS` / `THEIRS`) plus `TEMPO`. Facing a single
//! five-point the side to move must block it, which hands the tempo over, so the
//! weights are swapped.

use super::cell_class::{CellClass, CLASSES};
use super::geometry::Cell;
use super::params;
use super::pattern::{Pattern, PATTERNS};
use super::patterns::Patterns;
use super::renju;
use crate::core::score::Score;
use crate::core::Side;

/// How the evaluation reached its number.
pub enum Verdict {
    /// A threat decides: its name and score.
    Threat(&'static str, Score),
    /// A quiet position: the named terms, summing to the score.
    Sum([(&'static str, Score); 6]),
}

impl Verdict {
    pub fn score(&self) -> Score {
        match self {
            Verdict::Threat(_, s) => *s,
            Verdict::Sum(terms) => terms.iter().map(|t| t.1).sum(),
        }
    }
}

/// Whether `side` has a cell to play that makes a four (or a five).
#[inline]
fn has_four_move(pt: &Patterns, side: Side) -> bool {
    [CellClass::Four, CellClass::FourThree, CellClass::OpenFour, CellClass::Five]
        .iter()
        .any(|&c| pt.class_count(side, c) > 0)
}

/// The evaluation from `us` (the side to move) of a game in progress, with its reasons.
pub fn verdict(pt: &Patterns, us: Side, renju: bool) -> Verdict {
    let them = us.flip();
    if pt.class_count(us, CellClass::Five) > 0 {
        return Verdict::Threat("five-point to play", params::WIN_NEXT);
    }
    let their_fives = pt.class_count(them, CellClass::Five);
    if their_fives >= 2 {
        return Verdict::Threat("two five-points against", params::LOSS_AFTER_NEXT);
    }
    let forced = their_fives == 1;
    if forced {
        let block = pt.cells(them, CellClass::Five).iter().next();
        if block.is_some_and(|c| pt.class(us, c) == CellClass::Forbidden) {
            return Verdict::Threat("five-point against, block forbidden", params::LOSS_AFTER_NEXT);
        }
    } else {
        if pt.class_count(us, CellClass::OpenFour) > 0 {
            return Verdict::Threat("open four to play", params::WIN_BY_FOUR);
        }
        let free = !(renju && us == renju::RESTRICTED);
        let double = pt.class_count(us, CellClass::FourThree) > 0 || pt.class_count(us, CellClass::DoubleThree) > 0;
        if free && double && !has_four_move(pt, them) {
            return Verdict::Threat("double threat, no four against", params::WIN_BY_THREAT);
        }
    }
    // A forced block hands the initiative to the opponent.
    let (first, second) = if forced { (them, us) } else { (us, them) };
    let sign = if forced { -1 } else { 1 };
    let pattern_term = |range: &[Pattern]| -> Score {
        range
            .iter()
            .map(|&p| {
                pt.pattern_count(first, p) * params::OURS[p as usize]
                    - pt.pattern_count(second, p) * params::THEIRS[p as usize]
            })
            .sum::<Score>()
            * sign
    };
    let classes: Score = (0..CLASSES)
        .map(|c| {
            let class = CellClass::ALL[c];
            pt.class_count(first, class) as Score * params::OURS_CLASS[c]
                - pt.class_count(second, class) as Score * params::THEIRS_CLASS[c]
        })
        .sum::<Score>()
        * sign;
    use Pattern::*;
    Verdict::Sum([
        ("fours", pattern_term(&[B4, F4, F5])),
        ("threes", pattern_term(&[B3, F3])),
        ("twos", pattern_term(&[B2, F2])),
        ("ones", pattern_term(&[B1, F1])),
        ("double threats", classes),
        ("tempo", if forced { 0 } else { params::TEMPO }),
    ])
}

/// The static evaluation from `us` (the side to move) of a game in progress.
#[inline]
pub fn evaluate(pt: &Patterns, us: Side, renju: bool) -> Score {
    verdict(pt, us, renju).score()
}

/// Move-ordering score of a stone for `us` on the empty `cell` (see
/// `Connect::move_score`): what it makes for `us` plus what it takes from the opponent.
#[inline]
pub fn move_score(pt: &Patterns, cell: Cell, us: Side) -> i32 {
    let them = us.flip();
    let (own, opp) = (pt.codes(us, cell), pt.codes(them, cell));
    let mut score =
        params::ATTACK_CLASS[pt.class(us, cell) as usize] + params::DEFEND_CLASS[pt.class(them, cell) as usize];
    for d in 0..4 {
        score += params::ATTACK[(own >> (4 * d) & 15) as usize % PATTERNS];
        score += params::DEFEND[(opp >> (4 * d) & 15) as usize % PATTERNS];
    }
    score
}
