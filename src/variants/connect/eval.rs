//! Evaluation of connect positions by line windows.
//!
//! A *window* is `k` consecutive cells of one line (row, column or diagonal) on the
//! board. It is *live* for a side when it holds no opposing stone and, under the
//! exactly-`k` rule, the cells just before and after it hold no stone of that side
//! (filling it would then make an overline, which does not win). Every live window is
//! a way the side can still complete a line; how many stones it misses says how close.
//!
//! The classic patterns fall out of counting windows: an open three on an open board
//! lies in three windows missing two stones, a blocked three in one; an open four
//! lies in two windows missing one (two winning cells), a blocked or broken four in
//! one. Threats are then exact: the *winning cells* of a side are the empty cells
//! that complete one of its live windows, counted once each however many windows
//! share them.
//!
//! The counts are kept incrementally: a stone changes only the windows that contain
//! it or end next to it (at most 7 per direction per side), so `make_move` rescans 13
//! cells in each of the four directions and adjusts the counts, and `unmake_move`
//! applies the same change with the opposite sign.

use super::geometry::{Cell, CELLS, DIRECTIONS, EMPTY};
use super::params;
use super::rules::{LineRule, MAX_K};
use crate::core::score::Score;
use crate::core::Side;

/// Cells of a line read around a changed cell: `CENTER` is the cell, `k + 1` cells
/// each side (a window containing it, plus that window's outer neighbour).
const SPAN: usize = 2 * MAX_K as usize + 3;
const CENTER: usize = MAX_K as usize + 1;

/// Window counts for both sides, kept in step with the board.
#[derive(Clone)]
pub struct LineStats {
    /// Live windows per side (`Side::index`) by stones missing (index 1 ..= k - 1).
    windows: [[i32; MAX_K as usize]; 2],
    /// Distinct empty cells that complete a live window, per side.
    win_cells: [i32; 2],
    /// Per side and cell: how many live windows that cell would complete.
    win_refs: [[u8; CELLS]; 2],
}

/// Shape of one window for one side: `None` if dead, else the stones it holds and
/// the position (in the local span) of one of its empty cells.
#[inline(always)]
fn window(l: &[u8; SPAN], start: usize, k: usize, s: u8, exact: bool) -> Option<(usize, usize)> {
    let mut n = 0;
    let mut empty = 0;
    for (i, &v) in l.iter().enumerate().skip(start).take(k) {
        if v == s {
            n += 1;
        } else if v == EMPTY {
            empty = i;
        } else {
            return None;
        }
    }
    if exact && (l[start - 1] == s || l[start + k] == s) {
        return None;
    }
    Some((n, empty))
}

impl LineStats {
    pub fn empty() -> Self {
        LineStats { windows: [[0; MAX_K as usize]; 2], win_cells: [0; 2], win_refs: [[0; CELLS]; 2] }
    }

    /// Live windows of `side` missing `missing` stones.
    pub fn windows(&self, side: Side, missing: usize) -> i32 {
        self.windows[side.index()].get(missing).copied().unwrap_or(0)
    }

    /// Number of distinct cells where `side` would complete a line.
    pub fn win_cells(&self, side: Side) -> i32 {
        self.win_cells[side.index()]
    }

    /// Whether `side` completes a line by playing `cell`.
    pub fn is_win_cell(&self, side: Side, cell: Cell) -> bool {
        self.win_refs[side.index()][cell.index()] > 0
    }

    /// Counts a window (`sign` = 1) or uncounts it (`sign` = -1).
    #[inline(always)]
    fn record(&mut self, side: usize, stones: usize, empty_cell: usize, k: usize, sign: i32) {
        if stones == 0 || stones >= k {
            return;
        }
        self.windows[side][k - stones] += sign;
        if stones == k - 1 {
            let r = &mut self.win_refs[side][empty_cell];
            if sign > 0 {
                *r += 1;
                if *r == 1 {
                    self.win_cells[side] += 1;
                }
            } else {
                *r -= 1;
                if *r == 0 {
                    self.win_cells[side] -= 1;
                }
            }
        }
    }

    /// Updates the counts for a stone `s` appearing at `p` (`sign` = 1, call with the
    /// board before or after the stone, either works) or disappearing (`sign` = -1).
    pub fn apply(&mut self, cells: &[u8; CELLS], p: usize, s: u8, k: usize, rule: LineRule, sign: i32) {
        let exact = rule == LineRule::ExactlyK;
        // Windows whose state can change: those containing p, plus (exactly-k only)
        // the two that end right next to it.
        let (lo, hi) = if exact { (CENTER - k, CENTER + 1) } else { (CENTER + 1 - k, CENTER) };
        for &d in &DIRECTIONS {
            let mut without = [0u8; SPAN];
            for (i, v) in without.iter_mut().enumerate() {
                *v = cells[(p as isize + (i as isize - CENTER as isize) * d) as usize];
            }
            without[CENTER] = EMPTY;
            let mut with = without;
            with[CENTER] = s;
            let cell_at = |i: usize| (p as isize + (i as isize - CENTER as isize) * d) as usize;
            for side in 0..2 {
                let own = side as u8 + 1;
                for start in lo..=hi {
                    if let Some((n, e)) = window(&without, start, k, own, exact) {
                        self.record(side, n, cell_at(e), k, -sign);
                    }
                    if let Some((n, e)) = window(&with, start, k, own, exact) {
                        self.record(side, n, cell_at(e), k, sign);
                    }
                }
            }
        }
    }

    /// The counts of a whole board, computed from scratch (FEN input, and the
    /// reference the incremental updates are tested against).
    pub fn scan(cells: &[u8; CELLS], width: usize, height: usize, k: usize, rule: LineRule) -> Self {
        let exact = rule == LineRule::ExactlyK;
        let mut stats = LineStats::empty();
        for y in 0..height {
            for x in 0..width {
                let start = Cell::new(x, y).index();
                for &d in &DIRECTIONS {
                    // The window's cells with one neighbour each side, at local 1 ..= k.
                    let mut l = [0u8; SPAN];
                    for (i, v) in l.iter_mut().enumerate().take(k + 2) {
                        *v = cells[(start as isize + (i as isize - 1) * d) as usize];
                    }
                    for side in 0..2 {
                        if let Some((n, e)) = window(&l, 1, k, side as u8 + 1, exact) {
                            let cell = (start as isize + (e as isize - 1) * d) as usize;
                            stats.record(side, n, cell, k, 1);
                        }
                    }
                }
            }
        }
        stats
    }

    /// Whether two sets of counts agree (the per-cell table included).
    pub fn same_as(&self, other: &LineStats) -> bool {
        self.windows == other.windows && self.win_cells == other.win_cells && self.win_refs == other.win_refs
    }

    /// The static evaluation from `to_move`'s side for a game still in progress.
    ///
    /// Threats first, because they are exact: a side to move with a winning cell wins
    /// next move; one facing two winning cells it cannot block both. Facing a single
    /// winning cell it must block, which hands the tempo to the opponent, so the
    /// pattern weights are swapped. Otherwise the side to move scores its windows with
    /// `OURS`, the opponent's with `THEIRS`, plus `TEMPO`.
    pub fn evaluate(&self, to_move: Side, k: usize) -> Score {
        let us = to_move.index();
        let them = 1 - us;
        if self.win_cells[us] > 0 {
            return params::WIN_NEXT;
        }
        if self.win_cells[them] >= 2 {
            return params::LOSS_AFTER_NEXT;
        }
        let (ours, theirs, tempo) = if self.win_cells[them] == 1 {
            (&params::THEIRS, &params::OURS, 0)
        } else {
            (&params::OURS, &params::THEIRS, params::TEMPO)
        };
        let mut score = tempo;
        for m in 1..k {
            score += self.windows[us][m] * ours[m] - self.windows[them][m] * theirs[m];
        }
        score
    }
}

/// Move-ordering score of a stone for `side` at empty `p` (see `Connect::move_score`):
/// for every window through `p`, `ATTACK` by what it misses if it is live for `side`,
/// `DEFEND` if it is live for the opponent.
pub fn move_score(cells: &[u8; CELLS], p: usize, side: Side, k: usize, rule: LineRule) -> i32 {
    let exact = rule == LineRule::ExactlyK;
    let own = side.index() as u8 + 1;
    let opp = 3 - own;
    let mut score = 0;
    for &d in &DIRECTIONS {
        let mut l = [0u8; SPAN];
        for (i, v) in l.iter_mut().enumerate() {
            *v = cells[(p as isize + (i as isize - CENTER as isize) * d) as usize];
        }
        l[CENTER] = EMPTY;
        for start in CENTER + 1 - k..=CENTER {
            match window(&l, start, k, own, exact) {
                Some((n, _)) if n > 0 => score += params::ATTACK[k - n],
                _ => {}
            }
            match window(&l, start, k, opp, exact) {
                Some((n, _)) if n > 0 => score += params::DEFEND[k - n],
                _ => {}
            }
        }
    }
    score
}
