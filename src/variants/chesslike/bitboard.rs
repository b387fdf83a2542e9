//! Sets of squares as 64-bit words: bit `i` is square `i` (a1 = bit 0).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Square;
use crate::core::Side;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(!0);
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    pub const RANK_1: Bitboard = Bitboard(0xff);
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);
    /// The first and eighth ranks, where pawns may never stand.
    pub const BACK_RANKS: Bitboard = Bitboard(0xff | (0xff << 56));
    pub const DARK_SQUARES: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);
    pub const LIGHT_SQUARES: Bitboard = Bitboard(!0xAA55_AA55_AA55_AA55);

    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    #[inline(always)]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(Self::FILE_A.0 << (file & 7))
    }

    #[inline(always)]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(Self::RANK_1.0 << (8 * (rank & 7)))
    }

    /// `side`'s rank number `rank` counted from its own back rank.
    #[inline(always)]
    pub const fn relative_rank(side: Side, rank: u8) -> Bitboard {
        match side {
            Side::White => Self::rank(rank),
            Side::Black => Self::rank(7 - (rank & 7)),
        }
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }

    /// The lowest square; meaningless (a1) on an empty set.
    #[inline(always)]
    pub const fn lsb(self) -> Square {
        Square::new(self.0.trailing_zeros() as u8)
    }

    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// Every square moved one rank forward for `side` (up for White, down for
    /// Black); squares leaving the board vanish.
    #[inline(always)]
    pub const fn forward(self, side: Side) -> Bitboard {
        match side {
            Side::White => Bitboard(self.0 << 8),
            Side::Black => Bitboard(self.0 >> 8),
        }
    }

    /// Squares attacked by pawns of `side` standing on `self`, towards the a-file.
    #[inline(always)]
    pub const fn pawn_attacks_west(self, side: Side) -> Bitboard {
        let b = self.0 & !Self::FILE_A.0;
        match side {
            Side::White => Bitboard(b << 7),
            Side::Black => Bitboard(b >> 9),
        }
    }

    /// Squares attacked by pawns of `side` standing on `self`, towards the h-file.
    #[inline(always)]
    pub const fn pawn_attacks_east(self, side: Side) -> Bitboard {
        let b = self.0 & !Self::FILE_H.0;
        match side {
            Side::White => Bitboard(b << 9),
            Side::Black => Bitboard(b >> 7),
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl fmt::Debug for Bitboard {
    /// An 8x8 picture, rank 8 on top, for test failure messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let set = self.contains(Square::from_coords(file, rank));
                f.write_str(if set { "x" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_and_counts() {
        let b = Bitboard(0b1011);
        assert_eq!(b.collect::<Vec<_>>(), vec![Square::A1, Square::B1, Square::D1]);
        assert_eq!(b.count(), 3);
        assert!(b.more_than_one());
        assert!(!Bitboard(8).more_than_one());
        assert_eq!(Bitboard::EMPTY.first(), None);
    }

    #[test]
    fn pawn_shifts_do_not_wrap() {
        let a2h2 = Bitboard::from_square(Square::new(8)) | Bitboard::from_square(Square::new(15));
        // a2 attacks b3 only, h2 attacks g3 only.
        assert_eq!(a2h2.pawn_attacks_east(Side::White), Bitboard::from_square(Square::parse("b3").unwrap()));
        assert_eq!(a2h2.pawn_attacks_west(Side::White), Bitboard::from_square(Square::parse("g3").unwrap()));
        assert_eq!(a2h2.forward(Side::Black), Bitboard::from_square(Square::A1) | Bitboard::from_square(Square::H1));
        assert!(Bitboard::DARK_SQUARES.contains(Square::A1));
        assert!(Bitboard::LIGHT_SQUARES.contains(Square::H1));
    }
}
