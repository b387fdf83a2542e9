//! The threat solvers' own board (VCF and VCT): the cell array and a Zobrist hash,
//! nothing else, so a solver node costs a few line scans and no evaluation update.
//! Both solvers share it, and the VCT solver hands it to the VCF solver unchanged to
//! ask about the defender's own fours.
//!
//! The hash holds the stones and, as `Connect::hash` does, Black's side-to-move key
//! when the attacker is Black: a stored result ("no win for the side to move within
//! `d` attacking moves") then never serves the other side.

use super::geometry::{stone, Cell, CELLS, DIRECTIONS, EMPTY};
use super::renju;
use super::rules::{ConnectRules, LineRule};
use super::zobrist::Keys;
use super::Connect;
use crate::core::Side;

pub(super) struct ThreatBoard {
    pub cells: [u8; CELLS],
    pub hash: u64,
    keys: &'static Keys,
    pub rules: ConnectRules,
    pub width: usize,
    pub height: usize,
    /// The side the solver is proving a win for; the side to move at every attacking node.
    pub attacker: Side,
}

impl ThreatBoard {
    /// `pos`'s stones with `attacker` to move (which may be the side not to move).
    pub fn new(pos: &Connect, attacker: Side) -> ThreatBoard {
        let hash = if attacker == pos.to_move { pos.hash } else { pos.hash ^ pos.keys.black_to_move };
        ThreatBoard {
            cells: pos.cells,
            hash,
            keys: pos.keys,
            rules: pos.rules,
            width: pos.width(),
            height: pos.height(),
            attacker,
        }
    }

    /// Makes the other side the attacker (same stones), for asking the defender's
    /// threats; calling it twice restores the board.
    pub fn swap_attacker(&mut self) {
        self.attacker = self.attacker.flip();
        self.hash ^= self.keys.black_to_move;
    }

    #[inline]
    pub fn is_empty(&self, c: Cell) -> bool {
        self.cells[c.index()] == EMPTY
    }

    #[inline]
    pub fn put(&mut self, side: Side, c: Cell) {
        self.cells[c.index()] = stone(side);
        self.hash ^= self.keys.stone(side, c.index());
    }

    #[inline]
    pub fn lift(&mut self, side: Side, c: Cell) {
        self.cells[c.index()] = EMPTY;
        self.hash ^= self.keys.stone(side, c.index());
    }

    #[inline]
    fn run(&self, p: usize, dir: isize, s: u8) -> u32 {
        let mut n = 0;
        let mut q = p as isize + dir;
        while self.cells[q as usize] == s {
            n += 1;
            q += dir;
        }
        n
    }

    /// Whether a stone of `side` on the empty `q` wins along direction `dir`.
    #[inline]
    pub fn wins_along(&self, side: Side, q: usize, dir: isize) -> bool {
        let s = stone(side);
        self.rules.wins_for(side, 1 + self.run(q, dir, s) + self.run(q, -dir, s))
    }

    /// Whether a stone of `side` on the empty `q` wins.
    pub fn wins_at(&self, side: Side, q: usize) -> bool {
        DIRECTIONS.iter().any(|&d| self.wins_along(side, q, d))
    }

    /// Adds to `out` the empty cells on the line `dir` through `p`, within four steps,
    /// where `side` would win, skipping cells already listed.
    pub fn add_win_cells_along(&self, side: Side, p: Cell, dir: isize, out: &mut Vec<Cell>) {
        // A five point on this line needs k - 1 stones within four steps of it, so
        // at least k - 2 besides the one on p within four of p.
        if self.near_on_line(side, p.index(), dir) + 2 < self.rules.k as u32 {
            return;
        }
        for off in (-4isize..=4).filter(|&o| o != 0) {
            let q = (p.index() as isize + off * dir) as usize;
            if self.cells[q] == EMPTY && self.wins_along(side, q, dir) && !out.contains(&Cell::from_index(q)) {
                out.push(Cell::from_index(q));
            }
        }
    }

    /// The empty cells where `side` would win on the lines through `p` (within four
    /// steps, which covers every line a stone on `p` can have made winnable).
    pub fn win_cells_through(&self, side: Side, p: Cell, out: &mut Vec<Cell>) {
        out.clear();
        for &d in &DIRECTIONS {
            self.add_win_cells_along(side, p, d, out);
        }
    }

    /// Whether `side` may play the empty `c` (only renju forbids anything).
    pub fn legal_for(&mut self, side: Side, c: Cell) -> bool {
        !(self.rules.line_rule == LineRule::Renju
            && side == renju::RESTRICTED
            && renju::is_forbidden(&mut self.cells, c))
    }

    /// Whether the verdict on `c` for the restricted side cannot depend on any stone
    /// the other side adds: renju's cheap filter fails (too few restricted stones
    /// near `c` for any forbidden shape, and the other side's stones never add one).
    /// Always true outside renju or for the unrestricted side.
    pub fn robustly_legal(&self, side: Side, c: Cell) -> bool {
        self.rules.line_rule != LineRule::Renju
            || side != renju::RESTRICTED
            || !renju::may_be_forbidden(&self.cells, c)
    }

    /// `side`'s stones within four steps of `c` on the line `dir` (`c` not counted).
    #[inline]
    pub fn near_on_line(&self, side: Side, c: usize, dir: isize) -> u32 {
        let s = stone(side);
        let mut n = 0;
        for off in 1..=4isize {
            n += (self.cells[(c as isize + off * dir) as usize] == s) as u32;
            n += (self.cells[(c as isize - off * dir) as usize] == s) as u32;
        }
        n
    }

    /// The empty cells where a stone of `side` would have at least `need` of its
    /// stones within four steps on one line, in board order, each with the most it
    /// has on one line. A filter for move generation (a four needs `k - 2` such
    /// stones, a three `k - 3`, a five `k - 1`), counted from the stones outwards,
    /// which is cheaper than counting around every empty cell.
    pub fn near_cells(&self, side: Side, need: u32, out: &mut Vec<(Cell, u8)>) {
        out.clear();
        let s = stone(side);
        let (first, last) = self.span();
        // One byte per direction, so a stone adds to four counts with one add.
        let mut counts = [0u32; CELLS];
        for p in first..=last {
            if self.cells[p] != s {
                continue;
            }
            for (i, &d) in DIRECTIONS.iter().enumerate() {
                let mut q = p as isize - 4 * d;
                for _ in 0..9 {
                    counts[q as usize] += 1 << (8 * i);
                    q += d;
                }
            }
        }
        // Walls fill the gaps between rows, so a plain index walk is board order.
        for (p, &count) in counts.iter().enumerate().take(last + 1).skip(first) {
            if self.cells[p] == EMPTY {
                let best = count.to_le_bytes().into_iter().max().unwrap_or(0);
                if best as u32 >= need {
                    out.push((Cell::from_index(p), best));
                }
            }
        }
    }

    /// The array indices of the first and the last board cell.
    #[inline]
    fn span(&self) -> (usize, usize) {
        (Cell::new(0, 0).index(), Cell::new(self.width - 1, self.height - 1).index())
    }

    /// The board's cells in board order (rank by rank from a1).
    pub fn board_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Cell::new(x, y)))
    }

    /// The empty cells in board order.
    pub fn empty_cells(&self) -> Vec<Cell> {
        self.board_cells().filter(|&c| self.is_empty(c)).collect()
    }

    /// Some cell `side` may play other than those in `avoid`, for a forced line's
    /// record when the defender's move does not matter.
    pub fn any_move(&mut self, side: Side, avoid: &[Cell]) -> Option<Cell> {
        let cells: Vec<Cell> = self.board_cells().filter(|c| self.is_empty(*c) && !avoid.contains(c)).collect();
        cells.into_iter().find(|&c| self.legal_for(side, c))
    }
}
