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
//! it or end next to it (at most 7 per direction per side), so `make_move` reads the
//! 13 cells around it in each direction (one shift of `LineBoards` bit sets), adjusts
//! the counts, and `unmake_move` applies the same change with the opposite sign.
//! Measured (release, one core, unloaded): about 175 ns for make + evaluate + unmake
//! on a 15x15 middle game, ~2,000 instructions per update; `LineStats::scan`, the
//! from-scratch version used for FENs, costs about 7 µs on 15x15.

use super::geometry::{Cell, CELLS, DIRECTIONS, EMPTY, PAD, WALL};
use super::linebits::{LineBits, LineBoards};
use super::params;
use super::rules::{LineRule, MAX_K};
use crate::core::score::Score;
use crate::core::Side;

/// Bit of the changed cell in the `2 * PAD + 1` cells read around it: `k + 1` cells
/// each side (a window containing it, plus that window's outer neighbour).
const CENTER: usize = MAX_K as usize + 1;
const _: () = assert!(CENTER == PAD, "LineBoards::around centres its cells on bit PAD");

/// Window-count changes of one update are summed in one integer per side, a signed
/// `LANE_BITS`-bit lane per number of stones held (at most 28 windows change per
/// move, far inside a lane), so the hot loop adds to a register rather than to the
/// same few memory cells over and over.
const LANE_BITS: usize = 10;
const LANE_HALF: i64 = 1 << (LANE_BITS - 1);

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

/// Reads `len` cells from `first` on, stepping by `dir`, from the cell array (the
/// from-scratch path; moves use `LineBoards::around`).
fn read_cells(cells: &[u8; CELLS], first: isize, dir: isize, len: usize) -> LineBits {
    let mut bits = LineBits { stones: [0; 2], wall: 0 };
    for i in 0..len {
        match cells[(first + i as isize * dir) as usize] {
            EMPTY => {}
            WALL => bits.wall |= 1 << i,
            v => bits.stones[v as usize - 1] |= 1 << i,
        }
    }
    bits
}

/// Stones in a window of at most 5 cells (no `popcnt` in the portable target).
const POP5: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Shape of the `k`-cell window from bit `start` for `side`: `None` if dead (an
/// opposing stone or a wall inside, or under the exactly-`k` rule an own stone just
/// outside), else the stones it holds and the set of its empty cells.
#[inline(always)]
fn shape(bits: &LineBits, side: usize, start: usize, k: usize, exact: bool) -> (bool, usize, u32) {
    let own = bits.stones[side];
    let block = bits.stones[1 - side] | bits.wall;
    let full = (1u32 << k) - 1;
    let m = full << start;
    let flank = ((1u32 << start) >> 1) | (1u32 << (start + k));
    let live = (block & m == 0) & (!exact | (own & flank == 0));
    (live, POP5[((own >> start) & full) as usize] as usize, !own & m)
}

/// `shape` as an option, for the paths where a branch costs nothing.
#[inline(always)]
fn window(bits: &LineBits, side: usize, start: usize, k: usize, exact: bool) -> Option<(usize, u32)> {
    let (live, n, empty) = shape(bits, side, start, k, exact);
    live.then_some((n, empty))
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

    /// One more (`sign` = 1) or one fewer (`sign` = -1) live window of `side` that
    /// `cell` completes.
    #[inline(always)]
    fn win_ref(&mut self, side: usize, cell: usize, sign: i32) {
        let r = &mut self.win_refs[side][cell];
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

    /// Adds the window-count changes gathered in a `Tally` to the counts.
    #[inline(always)]
    fn flush(&mut self, tally: [i64; 2], k: usize) {
        for (side, mut x) in tally.into_iter().enumerate() {
            for n in 0..=MAX_K as usize {
                let lane = ((x + LANE_HALF) & (2 * LANE_HALF - 1)) - LANE_HALF;
                x = (x - lane) >> LANE_BITS;
                if (1..k).contains(&n) {
                    self.windows[side][k - n] += lane as i32;
                }
            }
        }
    }

    /// Updates the counts for a stone of `mover` (`Side::index`) appearing on `cell`
    /// (`sign` = 1) or disappearing from it (`sign` = -1). `lines` may show the board
    /// with or without that stone: the cell itself is not read.
    pub fn apply(&mut self, lines: &LineBoards, cell: Cell, mover: usize, k: usize, rule: LineRule, sign: i32) {
        let rule = rule.window_rule();
        // Specialised per line length and rule so the window loops unroll; the
        // branch here is the same at every node of a game, so it predicts perfectly.
        match (k, rule) {
            (5, LineRule::ExactlyK) => self.apply_k::<5, true>(lines, cell, mover, sign),
            (5, LineRule::KOrMore) => self.apply_k::<5, false>(lines, cell, mover, sign),
            (4, LineRule::ExactlyK) => self.apply_k::<4, true>(lines, cell, mover, sign),
            (4, LineRule::KOrMore) => self.apply_k::<4, false>(lines, cell, mover, sign),
            (3, LineRule::ExactlyK) => self.apply_k::<3, true>(lines, cell, mover, sign),
            _ => self.apply_k::<3, false>(lines, cell, mover, sign),
        }
    }

    #[inline(always)]
    fn apply_k<const K: usize, const EXACT: bool>(&mut self, lines: &LineBoards, cell: Cell, mover: usize, sign: i32) {
        let (k, exact) = (K, EXACT);
        let other = 1 - mover;
        let centre = 1u32 << CENTER;
        let s = sign as i64;
        let mut tally = [0i64; 2];
        // Whether a window is live is data-dependent and unpredictable, so it is
        // turned into a 0/1 factor instead of a branch; only the rare "one stone
        // missing" case branches.
        for (dir, &d) in DIRECTIONS.iter().enumerate() {
            let first = cell.index() as isize - CENTER as isize * d;
            let cell_at = |bits: u32| (first + bits.trailing_zeros() as isize * d) as usize;
            // The line as it is without the stone.
            let mut bits = lines.around(cell, dir);
            bits.stones[mover] &= !centre;
            for start in CENTER + 1 - k..=CENTER {
                // A window through the cell: the mover's gains a stone (its liveness
                // cannot change, the cell is inside it), the other side's dies.
                let (live, n, empty) = shape(&bits, mover, start, k, exact);
                tally[mover] += live as i64 * s * ((1 << (LANE_BITS * (n + 1))) - (1 << (LANE_BITS * n)));
                if live & (n + 2 >= k) {
                    if n + 1 == k {
                        self.win_ref(mover, cell_at(empty), -sign);
                    } else {
                        self.win_ref(mover, cell_at(empty & !centre), sign);
                    }
                }
                let (live, n, empty) = shape(&bits, other, start, k, exact);
                tally[other] -= (live as i64 * s) << (LANE_BITS * n);
                if live & (n + 1 == k) {
                    self.win_ref(other, cell_at(empty), -sign);
                }
            }
            if exact {
                // The mover's windows ending next to the cell: filling them would now
                // make an overline, so they die. Nothing else changes.
                for start in [CENTER - k, CENTER + 1] {
                    let (live, n, empty) = shape(&bits, mover, start, k, exact);
                    tally[mover] -= (live as i64 * s) << (LANE_BITS * n);
                    if live & (n + 1 == k) {
                        self.win_ref(mover, cell_at(empty), -sign);
                    }
                }
            }
        }
        self.flush(tally, K);
    }

    /// The counts of a whole board, computed from scratch (FEN input, and the
    /// reference the incremental updates are tested against).
    pub fn scan(cells: &[u8; CELLS], width: usize, height: usize, k: usize, rule: LineRule) -> Self {
        let exact = rule.window_rule() == LineRule::ExactlyK;
        let mut stats = LineStats::empty();
        for y in 0..height {
            for x in 0..width {
                let start = Cell::new(x, y).index();
                for &d in &DIRECTIONS {
                    // The window's cells with one neighbour each side, at bits 1 ..= k.
                    let first = start as isize - d;
                    let bits = read_cells(cells, first, d, k + 2);
                    for side in 0..2 {
                        if let Some((n, empty)) = window(&bits, side, 1, k, exact) {
                            if (1..k).contains(&n) {
                                stats.windows[side][k - n] += 1;
                            }
                            if n + 1 == k {
                                let e = empty.trailing_zeros() as isize;
                                stats.win_ref(side, (first + e * d) as usize, 1);
                            }
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
pub fn move_score(lines: &LineBoards, cell: Cell, side: Side, k: usize, rule: LineRule) -> i32 {
    let exact = rule.window_rule() == LineRule::ExactlyK;
    let (own, opp) = (side.index(), 1 - side.index());
    let mut score = 0;
    for dir in 0..DIRECTIONS.len() {
        let bits = lines.around(cell, dir);
        for start in CENTER + 1 - k..=CENTER {
            match window(&bits, own, start, k, exact) {
                Some((n, _)) if n > 0 => score += params::ATTACK[k - n],
                _ => {}
            }
            match window(&bits, opp, start, k, exact) {
                Some((n, _)) if n > 0 => score += params::DEFEND[k - n],
                _ => {}
            }
        }
    }
    score
}

/// Whether a stone of `side` at empty `cell` completes some live window up to one
/// missing stone, i.e. leaves `side` a cell that completes a line (a four).
pub fn makes_four(lines: &LineBoards, cell: Cell, side: Side, k: usize, rule: LineRule) -> bool {
    let exact = rule.window_rule() == LineRule::ExactlyK;
    let own = side.index();
    (0..DIRECTIONS.len()).any(|dir| {
        let bits = lines.around(cell, dir);
        (CENTER + 1 - k..=CENTER).any(|start| matches!(window(&bits, own, start, k, exact), Some((n, _)) if n + 2 == k))
    })
}
