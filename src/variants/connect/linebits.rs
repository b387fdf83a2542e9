//! The board a second time, as bit sets along every line: for each direction and
//! each row, column or diagonal, one `u64` per side with a bit per cell, plus the
//! cells off the board (walls). Reading the 21 cells of a line around a cell is then
//! one shift and mask instead of 21 loads, which is what makes the incremental
//! pattern update cheap enough to run on every move.
//!
//! Cell `(x, y)` lies on line `y` (east), `x` (north), `x - y + 21` (north-east) and
//! `x + y` (north-west); its position along each line is `x` for rows and `y`
//! otherwise, stored at bit `position + PAD` so that `PAD` bits below the first cell
//! and above the last are free for walls.

use super::geometry::{Cell, MAX_SIZE, PAD};
use super::pattern::REACH;

/// Cells each side of a changed cell that `span` reads: the cells whose patterns can
/// change (`REACH` out) and the cells those patterns read (`REACH` further).
pub const FAR: usize = 2 * REACH;
const _: () = assert!(FAR >= PAD && 2 * FAR < 32 && FAR - PAD + MAX_SIZE + PAD + FAR < 64);

/// Lines per direction (a diagonal index spans `2 * MAX_SIZE - 1` values).
const LINES: usize = 2 * MAX_SIZE - 1;

/// A stretch of `SPAN` cells of one line as bit sets (bit `i` = the `i`-th cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineBits {
    /// Each side's stones.
    pub stones: [u32; 2],
    /// Cells off the board: they block both sides.
    pub wall: u32,
}

#[derive(Clone, PartialEq, Eq)]
pub struct LineBoards {
    stones: [[[u64; LINES]; 4]; 2],
    wall: [[u64; LINES]; 4],
}

/// Line index and bit of `cell` in direction `dir` (an index into `DIRECTIONS`).
#[inline(always)]
fn locate(cell: Cell, dir: usize) -> (usize, u32) {
    let (x, y) = (cell.x(), cell.y());
    match dir {
        0 => (y, (x + PAD) as u32),
        1 => (x, (y + PAD) as u32),
        2 => (x + MAX_SIZE - 1 - y, (y + PAD) as u32),
        _ => (x + y, (y + PAD) as u32),
    }
}

impl LineBoards {
    /// An empty `width` x `height` board: every bit off the board is a wall.
    pub fn new(width: usize, height: usize) -> LineBoards {
        let mut on_board = [[0u64; LINES]; 4];
        for y in 0..height {
            for x in 0..width {
                for (dir, lines) in on_board.iter_mut().enumerate() {
                    let (line, bit) = locate(Cell::new(x, y), dir);
                    lines[line] |= 1 << bit;
                }
            }
        }
        let wall = on_board.map(|lines| lines.map(|l| !l));
        LineBoards { stones: [[[0; LINES]; 4]; 2], wall }
    }

    /// Puts (or takes away: it toggles) a stone of side `side` (0 White, 1 Black).
    #[inline(always)]
    pub fn toggle(&mut self, side: usize, cell: Cell) {
        for dir in 0..4 {
            let (line, bit) = locate(cell, dir);
            self.stones[side][dir][line] ^= 1 << bit;
        }
    }

    /// The `2 * FAR + 1` cells of direction `dir` centred on `cell` (bit `FAR` is
    /// `cell`): every cell whose line pattern (`REACH` cells each side) a stone on
    /// `cell` can change, with the `REACH` cells each side that pattern reads. Cells
    /// before the line's first bit read as walls.
    #[inline(always)]
    pub fn span(&self, cell: Cell, dir: usize) -> LineBits {
        let (line, bit) = locate(cell, dir);
        // Bit `bit - FAR` may be below bit 0 (by at most FAR - PAD): shift left first.
        const LIFT: u32 = (FAR - PAD) as u32;
        let shift = bit + LIFT - FAR as u32;
        let mask = (1u64 << (2 * FAR + 1)) - 1;
        let read = |w: u64| (((w << LIFT) >> shift) & mask) as u32;
        LineBits {
            stones: [read(self.stones[0][dir][line]), read(self.stones[1][dir][line])],
            wall: ((((self.wall[dir][line] << LIFT) | ((1 << LIFT) - 1)) >> shift) & mask) as u32,
        }
    }
}
