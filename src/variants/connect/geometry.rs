//! Board layout and squares. Every board size (3x3 up to 22x22, square or not) lives
//! in one fixed padded array: `PAD` wall cells on every side, rows `STRIDE` cells
//! apart. Walking up to `PAD` steps from any board cell in any of the four line
//! directions therefore never leaves the array and meets a wall instead of wrapping
//! onto another row, so line scans need no bounds checks.

use std::fmt;

use crate::core::Side;

/// Largest board side.
pub const MAX_SIZE: usize = 22;
/// Smallest board side (tic-tac-toe).
pub const MIN_SIZE: usize = 3;
/// Wall cells around the board: a window of `k` = 5 cells plus the cell after it
/// (the exactly-five rule looks one past each end of a window).
pub const PAD: usize = 6;
/// Distance between rows. `STRIDE - MAX_SIZE >= PAD` keeps horizontal walks in walls.
pub const STRIDE: usize = 32;
/// Array length: enough rows that `PAD` diagonal steps from the last board cell stay inside.
pub const CELLS: usize = (MAX_SIZE + 2 * PAD + 1) * STRIDE;

const _: () = assert!(STRIDE >= MAX_SIZE + PAD);
const _: () = assert!((PAD + MAX_SIZE - 1) * (STRIDE + 1) + PAD * (STRIDE + 1) < CELLS);

/// The four line directions as index steps: east, north, north-east, north-west.
pub const DIRECTIONS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// Contents of one cell of the padded array.
pub const EMPTY: u8 = 0;
pub const WALL: u8 = 3;

/// The stone a side places (`1` for White/`P`/X, `2` for Black/`p`/O).
#[inline]
pub const fn stone(side: Side) -> u8 {
    match side {
        Side::White => 1,
        Side::Black => 2,
    }
}

/// A board cell, the only kind of move in a connect game (a drop `P@h8`). Stored as
/// its index in the padded array; `x` counts files from the left, `y` ranks from the
/// bottom, both from 0 (`a1` is `(0, 0)`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl Cell {
    /// The cell at file `x`, rank `y` (from 0). The caller keeps both below `MAX_SIZE`.
    #[inline]
    pub const fn new(x: usize, y: usize) -> Cell {
        Cell(((PAD + y) * STRIDE + PAD + x) as u16)
    }

    #[inline]
    pub(crate) const fn from_index(index: usize) -> Cell {
        Cell(index as u16)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File from the left, from 0.
    #[inline]
    pub const fn x(self) -> usize {
        self.0 as usize % STRIDE - PAD
    }

    /// Rank from the bottom, from 0.
    #[inline]
    pub const fn y(self) -> usize {
        self.0 as usize / STRIDE - PAD
    }
}

impl fmt::Display for Cell {
    /// The square name: file letter, then the rank number (`h8`, `o15`, `v22`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x() as u8) as char, self.y() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquareError {
    /// Not a file letter followed by a rank number.
    Malformed,
    /// A square name, but outside a `width` x `height` board.
    OffBoard,
}

/// Parses a square name (`h8`, `o15`) on a `width` x `height` board. The file letter
/// may be upper case (people type `H8`); the rank has one or two digits, no sign and
/// no leading zero.
pub fn parse_square(text: &str, width: usize, height: usize) -> Result<Cell, SquareError> {
    let bytes = text.as_bytes();
    if bytes.len() < 2 || bytes.len() > 3 || !bytes[0].is_ascii_alphabetic() {
        return Err(SquareError::Malformed);
    }
    let digits = &bytes[1..];
    if !digits.iter().all(u8::is_ascii_digit) || digits[0] == b'0' {
        return Err(SquareError::Malformed);
    }
    let x = (bytes[0].to_ascii_lowercase() - b'a') as usize;
    let rank = digits.iter().fold(0usize, |acc, &d| acc * 10 + (d - b'0') as usize);
    if x >= width || rank > height {
        return Err(SquareError::OffBoard);
    }
    Ok(Cell::new(x, rank - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names() {
        assert_eq!(Cell::new(7, 7).to_string(), "h8");
        assert_eq!(Cell::new(14, 14).to_string(), "o15");
        assert_eq!(Cell::new(21, 21).to_string(), "v22");
        assert_eq!(parse_square("a1", 3, 3), Ok(Cell::new(0, 0)));
        assert_eq!(parse_square("O15", 15, 15), Ok(Cell::new(14, 14)));
        assert_eq!(parse_square("v22", 22, 22), Ok(Cell::new(21, 21)));
        assert_eq!(parse_square("p1", 15, 15), Err(SquareError::OffBoard));
        assert_eq!(parse_square("a16", 15, 15), Err(SquareError::OffBoard));
        assert_eq!(parse_square("a4", 3, 3), Err(SquareError::OffBoard));
        for bad in ["", "a", "a0", "a01", "1a", "a123", "a-1", "ab", "@1", "é1"] {
            assert_eq!(parse_square(bad, 22, 22), Err(SquareError::Malformed), "{bad}");
        }
    }

    #[test]
    fn cell_coordinates_round_trip() {
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                let c = Cell::new(x, y);
                assert_eq!((c.x(), c.y()), (x, y));
                assert_eq!(Cell::from_index(c.index()), c);
            }
        }
    }
}
