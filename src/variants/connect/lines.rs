//! Win detection. A move can only complete lines through the stone it places, so
//! `make_move` looks at the four lines through that cell and nothing else; a FEN is
//! checked once with a full scan.

use super::geometry::{stone, Cell, CELLS, DIRECTIONS};
use super::rules::ConnectRules;
use crate::core::Side;

/// Stones of colour `s` in a row from `p` (exclusive) walking by `dir`. Walls stop
/// the walk, so no bounds check is needed.
#[inline]
fn run(cells: &[u8; CELLS], p: usize, dir: isize, s: u8) -> u32 {
    let mut n = 0;
    let mut q = p as isize + dir;
    while cells[q as usize] == s {
        n += 1;
        q += dir;
    }
    n
}

/// Length of the line of `s` stones through `p` in direction `dir`, counting `p`
/// itself as an `s` stone.
#[inline]
pub fn line_length(cells: &[u8; CELLS], p: usize, dir: isize, s: u8) -> u32 {
    1 + run(cells, p, dir, s) + run(cells, p, -dir, s)
}

/// Whether a stone of `side` at `cell` completes a winning line under `rules`
/// (exactly `k`, or `k` or more, or renju's rule for that side). Under the exactly-`k` rule one direction may make
/// an overline while another makes exactly `k`: that still wins.
#[inline]
pub fn completes_line(cells: &[u8; CELLS], cell: Cell, side: Side, rules: ConnectRules) -> bool {
    let s = stone(side);
    DIRECTIONS.iter().any(|&d| rules.wins_for(side, line_length(cells, cell.index(), d, s)))
}

/// Which sides have a winning line anywhere on the board (full scan, for FEN input):
/// `[white, black]`. Each maximal run is measured once, from its first stone.
pub fn sides_with_line(cells: &[u8; CELLS], width: usize, height: usize, rules: ConnectRules) -> [bool; 2] {
    let mut found = [false; 2];
    for y in 0..height {
        for x in 0..width {
            let p = Cell::new(x, y).index();
            for side in [Side::White, Side::Black] {
                let s = stone(side);
                if cells[p] != s {
                    continue;
                }
                for &d in &DIRECTIONS {
                    if cells[(p as isize - d) as usize] != s && rules.wins_for(side, 1 + run(cells, p, d, s)) {
                        found[side.index()] = true;
                    }
                }
            }
        }
    }
    found
}
