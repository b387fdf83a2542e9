//! Square sets the pawn and king terms ask about, built at compile time.

use crate::core::Side;
use crate::variants::chesslike::{Bitboard, Square};

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Every square strictly in front of rank `rank` for `side` (White: higher ranks).
const fn ranks_ahead_bits(side: usize, rank: u32) -> u64 {
    if side == 0 {
        if rank >= 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }
    } else if rank == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - rank))
    }
}

const fn adjacent(file: u32) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= FILE_A << (file - 1);
    }
    if file < 7 {
        m |= FILE_A << (file + 1);
    }
    m
}

const fn build_front(passed: bool) -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut side = 0;
    while side < 2 {
        let mut sq = 0;
        while sq < 64 {
            let (file, rank) = (sq as u32 % 8, sq as u32 / 8);
            let files = if passed { adjacent(file) | (FILE_A << file) } else { FILE_A << file };
            t[side][sq] = files & ranks_ahead_bits(side, rank);
            sq += 1;
        }
        side += 1;
    }
    t
}

const fn build_adjacent() -> [u64; 8] {
    let mut t = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        t[f] = adjacent(f as u32);
        f += 1;
    }
    t
}

static FRONT_SPAN: [[u64; 64]; 2] = build_front(false);
static PASSED_SPAN: [[u64; 64]; 2] = build_front(true);
static ADJACENT_FILES: [u64; 8] = build_adjacent();

/// The squares in front of `sq` on its file, as seen by `side`.
#[inline(always)]
pub fn front_span(side: Side, sq: Square) -> Bitboard {
    Bitboard(FRONT_SPAN[side.index() & 1][sq.index()])
}

/// The squares in front of `sq` on its own and the adjacent files: a pawn of `side`
/// on `sq` is passed when no enemy pawn stands there.
#[inline(always)]
pub fn passed_span(side: Side, sq: Square) -> Bitboard {
    Bitboard(PASSED_SPAN[side.index() & 1][sq.index()])
}

/// The files next to `file` (one or two of them).
#[inline(always)]
pub fn adjacent_files(file: u8) -> Bitboard {
    Bitboard(ADJACENT_FILES[(file & 7) as usize])
}

/// The ranks strictly in front of `sq`'s rank, as seen by `side`.
#[inline(always)]
pub fn ranks_ahead(side: Side, sq: Square) -> Bitboard {
    Bitboard(ranks_ahead_bits(side.index(), sq.rank() as u32))
}

/// King distance: the number of king moves from `a` to `b` on an empty board.
#[inline(always)]
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(t: &str) -> Square {
        Square::parse(t).unwrap()
    }

    #[test]
    fn spans() {
        assert_eq!(front_span(Side::White, sq("e6")).collect::<Vec<_>>(), vec![sq("e7"), sq("e8")]);
        assert_eq!(front_span(Side::Black, sq("e3")).collect::<Vec<_>>(), vec![sq("e1"), sq("e2")]);
        assert!(front_span(Side::White, sq("e8")).is_empty());
        assert!(front_span(Side::Black, sq("a1")).is_empty());
        let p = passed_span(Side::White, sq("a6"));
        assert_eq!(p.collect::<Vec<_>>(), vec![sq("a7"), sq("b7"), sq("a8"), sq("b8")]);
        assert_eq!(passed_span(Side::Black, sq("h2")).count(), 2);
        assert_eq!(adjacent_files(0).count(), 8);
        assert_eq!(adjacent_files(4).count(), 16);
        assert_eq!(distance(sq("a1"), sq("h8")), 7);
        assert_eq!(distance(sq("e4"), sq("f6")), 2);
    }
}
