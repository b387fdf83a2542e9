//! Renju's forbidden moves (RIF rules, Gomocup rule 4).
//!
//! In renju the first player ("Black" in renju books) may not play a move that makes
//! an overline (six or more in a row), two or more fours at once (also two fours on
//! one line, `X.XXX.X`), or two or more threes at once. A move that makes exactly five
//! wins anyway: the five takes precedence over any forbidden shape it also makes.
//! The second player has no restriction and wins with five or more.
//!
//! **Which Ludex side is renju Black.** Ludex follows Cute Chess: White (`P`, drawn
//! `X`) moves first, and a Gomocup brain plays White exactly when it moves first. So
//! the restricted side, renju's Black, is [`RESTRICTED`] = `Side::White`, and renju's
//! White is Ludex's Black (`p`, drawn `O`).
//!
//! Definitions used here, all for the restricted side after a stone at `p`:
//! - a *five point* of a line through `p` is an empty cell that would complete a run
//!   of exactly five containing `p`;
//! - a *four* is a way to five: the five points of one line count one each, except that
//!   two five points five cells apart are the two ends of one *straight four*
//!   (`.XXXX.`), which is one four;
//! - a *three* is a line through `p` with no four on it that one more stone at `q`
//!   turns into a straight four through `p`, where `q` is itself not forbidden (with
//!   the stone at `p` on the board). That last clause is recursive: a three whose only
//!   completion is a forbidden point is no three, so a "double three" built on it is
//!   allowed.
//!
//! Everything works on the padded cell array (see `geometry`): walls stop every run,
//! and all reads stay within `PAD` cells of the board.

use super::geometry::{stone, Cell, CELLS, DIRECTIONS, EMPTY};
use crate::core::Side;

/// The side renju restricts: the first player, Ludex's White (`P`).
pub const RESTRICTED: Side = Side::White;

/// The restricted side's stone in the cell array.
const B: u8 = stone(RESTRICTED);

/// Recursion guard for the three test (each level adds one stone that makes a straight
/// four). Real games never come near it; it keeps a hostile FEN from costing more
/// than a bounded amount of work. Past it a three is taken as real.
const MAX_DEPTH: u32 = 6;

/// Restricted stones in a row from `p` (exclusive) walking by `dir`.
#[inline]
fn run(cells: &[u8; CELLS], p: usize, dir: isize) -> usize {
    let mut n = 0;
    let mut q = p as isize + dir;
    while cells[q as usize] == B {
        n += 1;
        q += dir;
    }
    n
}

#[inline]
fn at(p: usize, dir: isize, off: isize) -> usize {
    (p as isize + off * dir) as usize
}

/// The offsets (in steps of `dir` from `p`, which holds a restricted stone) of the five
/// points of that line: empty cells within four steps where a restricted stone would
/// make a run of exactly five that contains `p`.
fn five_points(cells: &[u8; CELLS], p: usize, dir: isize) -> ([isize; 8], usize) {
    let mut out = [0; 8];
    let mut n = 0;
    for off in (-4..=4).filter(|&o| o != 0) {
        let q = at(p, dir, off);
        if cells[q] != EMPTY {
            continue;
        }
        let (fwd, back) = (run(cells, q, dir), run(cells, q, -dir));
        // The run through q reaches p when every cell between them is a stone.
        let reaches = if off > 0 { back as isize >= off } else { fwd as isize >= -off };
        if reaches && 1 + fwd + back == 5 {
            out[n] = off;
            n += 1;
        }
    }
    (out, n)
}

/// How many fours the stone at `p` makes on the line `dir`, and whether one of them
/// is a straight four (two five points five cells apart).
fn fours(cells: &[u8; CELLS], p: usize, dir: isize) -> (usize, bool) {
    let (pts, n) = five_points(cells, p, dir);
    let pts = &pts[..n];
    let straight = pts.iter().filter(|&&a| pts.contains(&(a + 5))).count();
    (n - straight, straight > 0)
}

/// Restricted stones within four steps of `p` on the line `dir`, `p` not counted.
#[inline]
fn near(cells: &[u8; CELLS], p: usize, dir: isize) -> usize {
    (1..=4).map(|o| (cells[at(p, dir, o)] == B) as usize + (cells[at(p, dir, -o)] == B) as usize).sum()
}

/// A cheap necessary condition for `p` being forbidden: a double three or a four-four
/// needs two lines with at least two other stones near `p`, or one line with four
/// (a four-four on one line, or an overline). Most empty cells fail it, so move
/// generation pays for the full test only next to the restricted side's groups.
pub fn may_be_forbidden(cells: &[u8; CELLS], p: Cell) -> bool {
    let mut busy = 0;
    for &d in &DIRECTIONS {
        let n = near(cells, p.index(), d);
        if n >= 4 {
            return true;
        }
        busy += (n >= 2) as usize;
    }
    busy >= 2
}

/// Whether the restricted side may not play the empty cell `p`. `cells` is used as
/// scratch (stones are placed and lifted again) and is unchanged on return.
pub fn is_forbidden(cells: &mut [u8; CELLS], p: Cell) -> bool {
    cells[p.index()] == EMPTY && may_be_forbidden(cells, p) && forbidden_at(cells, p.index(), 0)
}

fn forbidden_at(cells: &mut [u8; CELLS], p: usize, depth: u32) -> bool {
    cells[p] = B;
    let verdict = judge(cells, p, depth);
    cells[p] = EMPTY;
    verdict
}

/// The verdict for the stone just placed at `p`.
fn judge(cells: &mut [u8; CELLS], p: usize, depth: u32) -> bool {
    let lens = DIRECTIONS.map(|d| 1 + run(cells, p, d) + run(cells, p, -d));
    if lens.contains(&5) {
        return false; // five wins, whatever else the move makes
    }
    if lens.iter().any(|&l| l > 5) {
        return true; // overline
    }
    let mut four_count = 0;
    let mut has_four = [false; 4];
    for (i, &d) in DIRECTIONS.iter().enumerate() {
        if near(cells, p, d) >= 3 {
            let (n, _) = fours(cells, p, d);
            four_count += n;
            has_four[i] = n > 0;
        }
    }
    if four_count >= 2 {
        return true;
    }
    // Threes: only lines without a four, with at least two other stones near p.
    let mut threes = 0;
    for (i, &d) in DIRECTIONS.iter().enumerate() {
        if has_four[i] || near(cells, p, d) < 2 {
            continue;
        }
        if is_three(cells, p, d, depth) {
            threes += 1;
            if threes >= 2 {
                return true;
            }
        }
    }
    false
}

/// Whether the line `dir` through the stone at `p` is a real three: some empty `q`
/// within three steps turns it into a straight four through `p` and is itself not a
/// forbidden point.
fn is_three(cells: &mut [u8; CELLS], p: usize, dir: isize, depth: u32) -> bool {
    for off in (-3..=3).filter(|&o| o != 0) {
        let q = at(p, dir, off);
        if cells[q] != EMPTY {
            continue;
        }
        cells[q] = B;
        let (_, straight) = fours(cells, p, dir);
        // A straight four made with q has q among its four stones, so p and q are
        // both in it; it is a real three if q may be played.
        let real = straight && (depth >= MAX_DEPTH || !judge(cells, q, depth + 1));
        cells[q] = EMPTY;
        if real {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::connect::fen::empty_cells;

    /// A 15x15 board from rows drawn top to bottom at the top-left corner.
    fn cells(rows: &[&str]) -> [u8; CELLS] {
        let mut c = empty_cells(15, 15);
        for (i, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let idx = Cell::new(x, 14 - i).index();
                c[idx] = match ch {
                    'X' => 1,
                    'O' => 2,
                    _ => EMPTY,
                };
            }
        }
        c
    }

    #[test]
    fn fours_on_one_line() {
        let c = cells(&["..XXXX...."]);
        let p = Cell::new(2, 14).index();
        assert_eq!(fours(&c, p, 1), (1, true), "open four is one straight four");
        let c = cells(&["OXXXX....."]);
        assert_eq!(fours(&c, Cell::new(2, 14).index(), 1), (1, false));
        let c = cells(&["X.XXX.X..."]);
        assert_eq!(fours(&c, Cell::new(3, 14).index(), 1), (2, false), "four-four on one line");
    }
}
