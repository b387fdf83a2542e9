//! Line patterns and cell classes of every empty cell for both sides, kept in step
//! with the board.
//!
//! For each empty cell, each side and each of the four directions: the [`Pattern`]
//! that side makes on that line by playing the cell (looked up in the side's
//! [`PatternTable`] from the `REACH` cells either side), and from the four the
//! cell's [`CellClass`]. Per side, counts of every pattern and class over the empty
//! cells (what the evaluation adds up) and a set of cells per class (so "list the
//! five-points" or "is there a four to play" cost a word scan or nothing).
//!
//! A stone changes only the patterns of the empty cells within `REACH` of it on its
//! four lines, and of each only the one line through the stone, so `make` reads
//! each of the four lines once (`LineBoards::span`) and re-derives at most 40 codes
//! per side. It logs what each changed cell held before, so `unmake` writes those
//! back without a single lookup (half the cost of re-deriving them). The state is a
//! function of the board alone: the tests compare it with a rebuild after every move
//! and take-back of random games.
//!
//! Renju: for the restricted side a cell whose codes could make it forbidden is a
//! *foul candidate* (`cell_class::classify`); `renju::is_forbidden` decides it, and a
//! forbidden cell takes the class `Forbidden` and leaves the counts: it is no threat
//! of that side. Whether a cell is forbidden can depend on stones off its own lines
//! (a three whose completing point became forbidden), so every candidate is decided
//! again after each move (typically a handful of cells).
//!
//! The evaluation also weighs every empty cell by its combination of four patterns
//! (`combo`); with some 1,400 combinations per side, counting them would make the
//! evaluation a walk over the board, so the weighted sums themselves are kept here,
//! per side for both roles (the side with the initiative and the other), updated
//! with every code that changes.

use super::cell_class::{classify, CellClass, CLASSES};
use super::cell_set::CellSet;
use super::combo;
use super::eval::layout::Group;
use super::eval::weights::{self, Table};
use super::geometry::{Cell, CELLS, DIRECTIONS, EMPTY};
use super::linebits::{LineBits, LineBoards, FAR};
use super::pattern::{Pattern, SideRule, PATTERNS, REACH};
use super::pattern_table::PatternTable;
use super::renju;
use super::rules::ConnectRules;
use crate::core::Side;

/// The patterns a cell's class depends on (`cell_class::classify`), as a bit set of codes.
const CLASS_PATTERNS: u16 = 1 << Pattern::F3 as u16
    | 1 << Pattern::B4 as u16
    | 1 << Pattern::F4 as u16
    | 1 << Pattern::F5 as u16
    | 1 << Pattern::Overline as u16
    | 1 << Pattern::DoubleFour as u16;

/// Log entries reserved up front: a search 100 plies deep changes about 60 cell
/// entries per ply in the middle game.
const LOG_RESERVE: usize = 8192;

/// What one side's entry for one cell held before a change, for `unmake`.
#[derive(Clone, Copy)]
struct Saved {
    cell: u16,
    side: u8,
    candidate: bool,
    codes: u16,
    class: CellClass,
}

/// The counts before one `make`, and where its log entries start.
#[derive(Clone, Copy)]
struct Frame {
    log_len: u32,
    pattern_count: [[i32; PATTERNS]; 2],
    class_count: [[u16; CLASSES]; 2],
    cell_sum: [[i32; 2]; 2],
}

#[derive(Clone)]
pub struct Patterns {
    /// Per side and cell: the four line codes, direction `d` in bits `4d..4d + 4`
    /// (all `Dead` on occupied cells).
    codes: [[u16; CELLS]; 2],
    /// Per side and cell: the class (`None` on occupied cells).
    class: [[CellClass; CELLS]; 2],
    /// Per side: how many (empty cell, direction) pairs have each pattern, leaving out
    /// forbidden cells.
    pattern_count: [[i32; PATTERNS]; 2],
    /// Per side: how many empty cells have each class.
    class_count: [[u16; CLASSES]; 2],
    /// Per side and role (0: `Group::OursCell`, 1: `Group::TheirsCell`): the sum of
    /// the combination weights of the side's empty cells, forbidden ones left out.
    cell_sum: [[i32; 2]; 2],
    /// The weights `cell_sum` adds up.
    weights: &'static Table,
    /// Per side and class: the cells (`None` is not kept).
    class_cells: [[CellSet; CLASSES]; 2],
    /// Renju: the restricted side's foul candidates.
    candidates: CellSet,
    tables: [&'static PatternTable; 2],
    /// Renju: the restricted side's index.
    restricted: Option<usize>,
    /// Cell entries as they were before each change since the first `make`...
    log: Vec<Saved>,
    /// ...and the counts before each `make`, one frame per stone made.
    frames: Vec<Frame>,
}

impl Patterns {
    /// The state of a board with no empty cell counted yet.
    fn blank(rules: ConnectRules, weights: &'static Table) -> Patterns {
        let restricted = matches!(rules.line_rule, super::rules::LineRule::Renju).then_some(renju::RESTRICTED.index());
        Patterns {
            codes: [[0; CELLS]; 2],
            class: [[CellClass::None; CELLS]; 2],
            pattern_count: [[0; PATTERNS]; 2],
            class_count: [[0; CLASSES]; 2],
            cell_sum: [[0; 2]; 2],
            weights,
            class_cells: [[CellSet::default(); CLASSES]; 2],
            candidates: CellSet::default(),
            tables: [Side::White, Side::Black].map(|s| PatternTable::get(SideRule::of(rules, s))),
            restricted,
            log: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// The state of a board from scratch (FEN input, and the reference the
    /// incremental updates are tested against). `cells` is scratch for the renju
    /// test and is unchanged on return.
    pub fn rebuild(
        lines: &LineBoards,
        cells: &mut [u8; CELLS],
        width: usize,
        height: usize,
        rules: ConnectRules,
    ) -> Patterns {
        Patterns::rebuild_weighted(lines, cells, width, height, rules, weights::for_rules(rules))
    }

    /// [`rebuild`](Self::rebuild) summing the cell combinations with `weights`
    /// instead of the rules' own (tests use random ones).
    pub fn rebuild_weighted(
        lines: &LineBoards,
        cells: &mut [u8; CELLS],
        width: usize,
        height: usize,
        rules: ConnectRules,
        weights: &'static Table,
    ) -> Patterns {
        let mut pt = Patterns::blank(rules, weights);
        // Room for a deep search, so that `make` does not allocate.
        pt.frames.reserve(width * height);
        pt.log.reserve(LOG_RESERVE);
        for y in 0..height {
            for x in 0..width {
                let cell = Cell::new(x, y);
                if cells[cell.index()] == EMPTY {
                    pt.install(lines, cell);
                }
            }
        }
        pt.judge_candidates(cells);
        pt
    }

    /// Brings the state up to date after a stone was put on `cell`. `lines` and
    /// `cells` already show it; `cells` is scratch for the renju test and is unchanged
    /// on return.
    #[inline]
    pub fn make(&mut self, lines: &LineBoards, cells: &mut [u8; CELLS], cell: Cell) {
        self.frames.push(Frame {
            log_len: self.log.len() as u32,
            pattern_count: self.pattern_count,
            class_count: self.class_count,
            cell_sum: self.cell_sum,
        });
        let p = cell.index();
        self.retire(0, p);
        self.retire(1, p);
        for (dir, &step) in DIRECTIONS.iter().enumerate() {
            let bits = lines.span(cell, dir);
            let occupied = bits.stones[0] | bits.stones[1] | bits.wall;
            for at in FAR - REACH..=FAR + REACH {
                if occupied >> at & 1 != 0 {
                    continue;
                }
                let q = (p as isize + (at as isize - FAR as isize) * step) as usize;
                let [white, black] = self.codes_at(&bits, at);
                self.set_code(0, q, dir, white);
                self.set_code(1, q, dir, black);
            }
        }
        if self.restricted.is_some() {
            self.judge_candidates(cells);
        }
    }

    /// Undoes the last `make`, writing back what it changed.
    #[inline]
    pub fn unmake(&mut self) {
        let Some(frame) = self.frames.pop() else {
            debug_assert!(false, "Patterns::unmake without a make");
            return;
        };
        for i in (frame.log_len as usize..self.log.len()).rev() {
            let saved = self.log[i];
            let (side, q) = (saved.side as usize, saved.cell as usize);
            let now = self.class[side][q];
            if now != saved.class {
                if now != CellClass::None {
                    self.class_cells[side][now as usize].remove(q);
                }
                if saved.class != CellClass::None {
                    self.class_cells[side][saved.class as usize].insert(q);
                }
                self.class[side][q] = saved.class;
            }
            self.codes[side][q] = saved.codes;
            if self.restricted == Some(side) {
                if saved.candidate {
                    self.candidates.insert(q);
                } else {
                    self.candidates.remove(q);
                }
            }
        }
        self.log.truncate(frame.log_len as usize);
        self.pattern_count = frame.pattern_count;
        self.class_count = frame.class_count;
        self.cell_sum = frame.cell_sum;
    }

    /// Logs the entry of `side` for cell `q` before a change.
    #[inline(always)]
    fn save(&mut self, side: usize, q: usize) {
        self.log.push(Saved {
            cell: q as u16,
            side: side as u8,
            candidate: self.restricted == Some(side) && self.candidates.contains(q),
            codes: self.codes[side][q],
            class: self.class[side][q],
        });
    }

    /// Both sides' codes of the cell at bit `at` of a span.
    #[inline(always)]
    fn codes_at(&self, bits: &LineBits, at: usize) -> [u16; 2] {
        let sh = at - REACH;
        let [i0, i1] = PatternTable::index(bits.stones[0] >> sh, bits.stones[1] >> sh, bits.wall >> sh);
        [self.tables[0].at(i0) as u16, self.tables[1].at(i1) as u16]
    }

    /// Counts the empty `cell` in from scratch (its four lines read from `lines`).
    fn install(&mut self, lines: &LineBoards, cell: Cell) {
        let p = cell.index();
        let mut codes = [0u16; 2];
        for dir in 0..DIRECTIONS.len() {
            let [w, b] = self.codes_at(&lines.span(cell, dir), FAR);
            codes[0] |= w << (4 * dir);
            codes[1] |= b << (4 * dir);
        }
        for (side, codes) in codes.into_iter().enumerate() {
            debug_assert!(self.codes[side][p] == 0 && self.class[side][p] == CellClass::None);
            self.codes[side][p] = codes;
            self.count_codes(side, codes, 1);
            self.reclass(side, p);
        }
    }

    /// Takes the cell `p`, now occupied, out of every count.
    fn retire(&mut self, side: usize, p: usize) {
        self.save(side, p);
        self.set_class(side, p, CellClass::None);
        self.count_codes(side, self.codes[side][p], -1);
        self.codes[side][p] = 0;
        if self.restricted == Some(side) {
            self.candidates.remove(p);
        }
    }

    #[inline(always)]
    fn count_codes(&mut self, side: usize, codes: u16, sign: i32) {
        for d in 0..4 {
            self.pattern_count[side][(codes >> (4 * d) & 15) as usize] += sign;
        }
        self.count_cell(side, codes, sign);
    }

    /// Adds (`sign` 1) or removes (-1) a cell with `codes` in the combination sums.
    #[inline(always)]
    fn count_cell(&mut self, side: usize, codes: u16, sign: i32) {
        let c = combo::of(codes);
        self.cell_sum[side][0] += sign * self.weights[Group::OursCell.at(c)].mg;
        self.cell_sum[side][1] += sign * self.weights[Group::TheirsCell.at(c)].mg;
    }

    /// Sets the code of the empty cell `q` in direction `dir`.
    #[inline(always)]
    fn set_code(&mut self, side: usize, q: usize, dir: usize, code: u16) {
        let all = self.codes[side][q];
        let shift = 4 * dir;
        let old = all >> shift & 15;
        if old == code {
            return;
        }
        self.save(side, q);
        let new = (all & !(15 << shift)) | code << shift;
        if self.class[side][q] != CellClass::Forbidden {
            self.pattern_count[side][old as usize] -= 1;
            self.pattern_count[side][code as usize] += 1;
            self.count_cell(side, all, -1);
            self.count_cell(side, new, 1);
        }
        self.codes[side][q] = new;
        // Most changes are among the twos and ones, which no class looks at.
        if (CLASS_PATTERNS >> old | CLASS_PATTERNS >> code) & 1 != 0 {
            self.reclass(side, q);
        }
    }

    /// Re-derives the class of the empty cell `q` from its codes. A foul candidate
    /// keeps `Forbidden` until `judge_candidates` looks again.
    #[inline(always)]
    fn reclass(&mut self, side: usize, q: usize) {
        let restricted = self.restricted == Some(side);
        let (class, candidate) = classify(self.codes[side][q], restricted);
        if restricted {
            if candidate {
                self.candidates.insert(q);
                if self.class[side][q] != CellClass::Forbidden {
                    self.set_class(side, q, class);
                }
                return;
            }
            self.candidates.remove(q);
        }
        self.set_class(side, q, class);
    }

    #[inline(always)]
    fn set_class(&mut self, side: usize, q: usize, class: CellClass) {
        let old = self.class[side][q];
        if old == class {
            return;
        }
        if old != CellClass::None {
            self.class_count[side][old as usize] -= 1;
            self.class_cells[side][old as usize].remove(q);
        }
        if class != CellClass::None {
            self.class_count[side][class as usize] += 1;
            self.class_cells[side][class as usize].insert(q);
        }
        // A forbidden cell's patterns are not counted.
        if old == CellClass::Forbidden {
            self.count_codes(side, self.codes[side][q], 1);
        } else if class == CellClass::Forbidden {
            self.count_codes(side, self.codes[side][q], -1);
        }
        self.class[side][q] = class;
    }

    /// Renju: decides every foul candidate of the restricted side with the full test.
    fn judge_candidates(&mut self, cells: &mut [u8; CELLS]) {
        let Some(side) = self.restricted else { return };
        let candidates = self.candidates;
        for cell in candidates.iter() {
            let q = cell.index();
            let class = if renju::is_forbidden(cells, cell) {
                CellClass::Forbidden
            } else {
                classify(self.codes[side][q], true).0
            };
            if class != self.class[side][q] {
                self.save(side, q);
                self.set_class(side, q, class);
            }
        }
    }

    /// The class of `cell` for `side` (`None` on occupied cells).
    #[inline(always)]
    pub fn class(&self, side: Side, cell: Cell) -> CellClass {
        self.class[side.index()][cell.index()]
    }

    /// The pattern `side` makes on line `dir` (an index into `DIRECTIONS`) by playing
    /// the empty `cell` (`Dead` on occupied cells).
    #[inline(always)]
    pub fn pattern(&self, side: Side, cell: Cell, dir: usize) -> Pattern {
        Pattern::from_code((self.codes[side.index()][cell.index()] >> (4 * dir) & 15) as u8)
    }

    /// The four line codes of `cell` for `side`, packed as in `cell_class::classify`.
    #[inline(always)]
    pub fn codes(&self, side: Side, cell: Cell) -> u16 {
        self.codes[side.index()][cell.index()]
    }

    /// Empty cells of `class` for `side` (`None`: not counted, always 0).
    #[inline(always)]
    pub fn class_count(&self, side: Side, class: CellClass) -> usize {
        self.class_count[side.index()][class as usize] as usize
    }

    /// (Empty cell, direction) pairs where `side` makes `pattern`, forbidden cells
    /// left out.
    #[inline(always)]
    pub fn pattern_count(&self, side: Side, pattern: Pattern) -> i32 {
        self.pattern_count[side.index()][pattern as usize]
    }

    /// The cells of `class` for `side`, in board order (`None` gives nothing).
    pub fn cells(&self, side: Side, class: CellClass) -> &CellSet {
        &self.class_cells[side.index()][class as usize]
    }

    /// The weight table this state was built with (the rules' own, see
    /// `eval::weights::for_rules`): the evaluation reads all of its weights here.
    #[inline(always)]
    pub fn weights(&self) -> &'static Table {
        self.weights
    }

    /// The sum of the combination weights of `side`'s empty cells in `role` (0: the
    /// side with the initiative, `Group::OursCell`; 1: the other, `Group::TheirsCell`).
    #[inline(always)]
    pub fn cell_sum(&self, side: Side, role: usize) -> i32 {
        self.cell_sum[side.index()][role]
    }

    /// Whether two states agree in every field.
    #[cfg(test)]
    pub fn same_as(&self, other: &Patterns) -> bool {
        self.codes == other.codes
            && self.class == other.class
            && self.pattern_count == other.pattern_count
            && self.class_count == other.class_count
            && self.cell_sum == other.cell_sum
            && self.class_cells == other.class_cells
            && self.candidates == other.candidates
    }
}
