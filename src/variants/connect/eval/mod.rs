//! Evaluation and move scoring of connect positions from the line patterns
//! ([`Patterns`]).
//!
//! Threats first, because they are exact: a side to move with a five-point wins next
//! move; one facing two five-points (or one it may not block) loses; one that can
//! make an open four while the opponent has no five-point wins in three plies; one
//! with a four-three (or, unless renju restricts it, a double three) while the
//! opponent has no four to play wins in five (the four or the block of one three is
//! forced and cannot touch the other line). They stay outside the weights: they are
//! forced results counted in plies (`params::WIN_NEXT` ...), not guesses to fit.
//!
//! Otherwise a weighted sum ([`walk`]) of pattern counts per (empty cell, line) and
//! class counts per cell, both sides, with the side to move weighted higher
//! (`layout::Group::Ours` / `Theirs`) plus the tempo, and of every empty cell's
//! combination of four patterns (`Group::OursCell` / `TheirsCell`). Facing a single
//! five-point the side to move must block it, which hands the tempo over, so the
//! roles are swapped. The walk reports (weight index, count), so the engine's sum
//! and the tuner's trace (`ludex tune --variant gomoku`) are one computation; the
//! weights are one table per rule set ([`weights::for_rules`]), in
//! [`layout::UNIT`]ths of a centipawn. The engine reads the combination part from
//! the sums `Patterns` keeps up to date ([`cell_sums`]); the tuner counts it cell by
//! cell ([`walk_cells`]), and the tests hold the two equal.

pub mod layout;
pub mod weights;

use super::cell_class::CellClass;
use super::combo;
use super::geometry::{Cell, CELLS, EMPTY};
use super::params;
use super::pattern::{Pattern, PATTERNS};
use super::patterns::Patterns;
use super::renju;
use crate::core::score::Score;
use crate::core::Side;
use layout::{Group, UNIT};

/// How the evaluation reads a game in progress.
pub enum Verdict {
    /// A threat decides: its name and score.
    Threat(&'static str, Score),
    /// No threat decides: the weighted sum of [`walk`]. `forced` when the side to
    /// move must block the opponent's five-point.
    Quiet { forced: bool },
}

/// Whether `side` has a cell to play that makes a four (or a five).
#[inline]
fn has_four_move(pt: &Patterns, side: Side) -> bool {
    [CellClass::Four, CellClass::FourThree, CellClass::OpenFour, CellClass::Five]
        .iter()
        .any(|&c| pt.class_count(side, c) > 0)
}

/// The threat verdict on a game in progress with `us` to move, if one decides.
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
    Verdict::Quiet { forced }
}

/// The side with the initiative, the other side, and the sign their terms take
/// from `us` (the side to move): a forced block hands the initiative over.
#[inline(always)]
fn roles(us: Side, forced: bool) -> (Side, Side, i32) {
    if forced { (us.flip(), us, -1) } else { (us, us.flip(), 1) }
}

/// Reports the quiet sum from `us` (the side to move), but for its combination
/// part ([`walk_cells`]), to `acc` as (flat weight index, count): every pattern and
/// class count of the side with the initiative under `Ours`, the other side's
/// negated under `Theirs`, both negated again when `forced` (the initiative is the
/// opponent's), and the tempo unless `forced`.
#[inline(always)]
pub fn walk(pt: &Patterns, us: Side, forced: bool, acc: &mut impl FnMut(usize, i32)) {
    let (first, second, sign) = roles(us, forced);
    for (p, &pattern) in Pattern::ALL.iter().enumerate() {
        acc(Group::Ours.at(p), sign * pt.pattern_count(first, pattern));
        acc(Group::Theirs.at(p), -sign * pt.pattern_count(second, pattern));
    }
    for (c, &class) in CellClass::ALL.iter().enumerate() {
        acc(Group::OursClass.at(c), sign * pt.class_count(first, class) as i32);
        acc(Group::TheirsClass.at(c), -sign * pt.class_count(second, class) as i32);
    }
    if !forced {
        acc(Group::Tempo.at(0), 1);
    }
}

/// The combination part of the quiet sum, reported cell by cell like [`walk`]
/// (`cells`: the padded board, to tell empty cells from occupied ones, whose codes
/// are all `Dead` too). What [`cell_sums`] reads from `Patterns` in one step.
pub fn walk_cells(pt: &Patterns, cells: &[u8; CELLS], us: Side, forced: bool, acc: &mut impl FnMut(usize, i32)) {
    let (first, second, sign) = roles(us, forced);
    for (i, &c) in cells.iter().enumerate() {
        if c != EMPTY {
            continue;
        }
        let cell = Cell::from_index(i);
        if pt.class(first, cell) != CellClass::Forbidden {
            acc(Group::OursCell.at(combo::of(pt.codes(first, cell))), sign);
        }
        if pt.class(second, cell) != CellClass::Forbidden {
            acc(Group::TheirsCell.at(combo::of(pt.codes(second, cell))), -sign);
        }
    }
}

/// The combination part of the quiet sum from `us`, as [`walk_cells`] would add it
/// up with the weights `Patterns` was built with.
#[inline(always)]
pub fn cell_sums(pt: &Patterns, us: Side, forced: bool) -> i32 {
    let (first, second, sign) = roles(us, forced);
    sign * (pt.cell_sum(first, 0) - pt.cell_sum(second, 1))
}

/// The static evaluation from `us` (the side to move) of a game in progress.
#[inline]
pub fn evaluate(pt: &Patterns, us: Side, renju: bool) -> Score {
    let weights = pt.weights();
    match verdict(pt, us, renju) {
        Verdict::Threat(_, score) => score,
        Verdict::Quiet { forced } => {
            let mut sum = cell_sums(pt, us, forced);
            walk(pt, us, forced, &mut |i, c| sum += weights[i].mg * c);
            sum / UNIT
        }
    }
}

/// The quiet sum split into the terms `eval` shows, in this order (the tempo last).
const TERMS: [&str; 7] = ["fours", "threes", "twos", "ones", "double threats", "cell combinations", "tempo"];

/// Which of [`TERMS`] the weight at flat index `i` adds to.
fn term(i: usize) -> usize {
    if i == Group::Tempo.at(0) {
        return 6;
    }
    if i >= Group::OursCell.start() {
        return 5;
    }
    if i >= Group::OursClass.start() {
        return 4;
    }
    match Pattern::ALL[(i - Group::Ours.start()) % PATTERNS] {
        Pattern::B4 | Pattern::F4 | Pattern::F5 | Pattern::Overline | Pattern::DoubleFour => 0,
        Pattern::B3 | Pattern::F3 => 1,
        Pattern::B2 | Pattern::F2 => 2,
        Pattern::Dead | Pattern::B1 | Pattern::F1 => 3,
    }
}

/// The quiet sum from `us` as named terms in centipawns. They add up to
/// [`evaluate`]'s score: each is truncated to whole centipawns, and the
/// combinations term takes what the truncation left over.
pub fn terms(pt: &Patterns, us: Side, forced: bool) -> [(&'static str, Score); 7] {
    let weights = pt.weights();
    let mut units = [0; TERMS.len()];
    units[5] = cell_sums(pt, us, forced);
    walk(pt, us, forced, &mut |i, c| units[term(i)] += weights[i].mg * c);
    let total = units.iter().sum::<i32>() / UNIT;
    let mut out = TERMS.map(|name| (name, 0));
    for (o, u) in out.iter_mut().zip(units) {
        o.1 = u / UNIT;
    }
    out[5].1 += total - out.iter().map(|o| o.1).sum::<i32>();
    out
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
