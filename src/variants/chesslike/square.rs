//! Squares, files, ranks and pieces of the 8x8 board.
//!
//! Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file
//! mapping), so that a square's bit in a [`Bitboard`](super::Bitboard) is `1 << index`
//! and shifting a bitboard by 8 moves every piece one rank up.

use std::fmt;
use std::num::NonZeroU8;

use crate::core::Side;

/// A square of the 8x8 board. Always in `0..64` (constructors mask or check).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const A1: Square = Square(0);
    pub const B1: Square = Square(1);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const A8: Square = Square(56);
    pub const E8: Square = Square(60);
    pub const H8: Square = Square(63);

    /// The square with index `i & 63`: masking keeps every table lookup in bounds,
    /// so the compiler drops the bounds checks in hot code.
    #[inline(always)]
    pub const fn new(i: u8) -> Square {
        Square(i & 63)
    }

    /// `None` unless `i < 64`.
    #[inline]
    pub const fn try_new(i: u32) -> Option<Square> {
        if i < 64 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// File 0..8 (a..h) and rank 0..8 (1..8), each masked to three bits.
    #[inline(always)]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(((rank & 7) << 3) | (file & 7))
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0 & 63) as usize
    }

    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The rank counted from `side`'s own back rank (0 = back rank).
    #[inline(always)]
    pub const fn relative_rank(self, side: Side) -> u8 {
        match side {
            Side::White => self.rank(),
            Side::Black => 7 - self.rank(),
        }
    }

    /// The same square seen from the other side (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// `self` shifted by `delta` squares; the caller guarantees it stays on the board.
    #[inline(always)]
    pub const fn offset(self, delta: i8) -> Square {
        Square::new((self.0 as i8).wrapping_add(delta) as u8)
    }

    /// Parses `a1`..`h8` (lowercase, exactly two bytes).
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::from_coords(f - b'a', r - b'1')),
            _ => None,
        }
    }

    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The kind of a piece, independent of its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Role {
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lowercase letter as in FEN and promotion suffixes (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role named by a letter of either case.
    pub fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

/// A coloured piece, packed as `0x10 | side << 3 | role`. The always-set bit makes the
/// value non-zero, so `Option<Piece>` is one byte and the mailbox stays small enough
/// to copy on every move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    #[inline(always)]
    pub const fn new(side: Side, role: Role) -> Piece {
        match NonZeroU8::new(0x10 | ((side as u8) << 3) | role as u8) {
            Some(v) => Piece(v),
            None => unreachable!(),
        }
    }

    #[inline(always)]
    const fn bits(self) -> u8 {
        self.0.get()
    }

    #[inline(always)]
    pub const fn side(self) -> Side {
        if self.bits() & 8 == 0 {
            Side::White
        } else {
            Side::Black
        }
    }

    #[inline(always)]
    pub const fn role(self) -> Role {
        match self.bits() & 7 {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }

    /// Index 0..12 for Zobrist tables: white pieces 0..6, black 6..12.
    #[inline(always)]
    pub const fn index(self) -> usize {
        ((self.bits() >> 3) & 1) as usize * 6 + (self.bits() & 7) as usize
    }

    /// FEN letter: uppercase for White.
    pub fn char(self) -> char {
        let c = self.role().char();
        match self.side() {
            Side::White => c.to_ascii_uppercase(),
            Side::Black => c,
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
        Some(Piece::new(side, role))
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_coordinates() {
        let e4 = Square::parse("e4").unwrap();
        assert_eq!((e4.file(), e4.rank()), (4, 3));
        assert_eq!(e4.to_string(), "e4");
        assert_eq!(e4.relative_rank(Side::Black), 4);
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("e"), None);
        assert_eq!(Square::parse("e44"), None);
        assert_eq!(Square::parse("é4"), None);
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::A1.flip_rank(), Square::A8);
    }

    #[test]
    fn piece_packing() {
        for side in [Side::White, Side::Black] {
            for role in Role::ALL {
                let p = Piece::new(side, role);
                assert_eq!((p.side(), p.role()), (side, role));
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        assert_eq!(Piece::new(Side::Black, Role::Queen).char(), 'q');
        assert_eq!(Piece::new(Side::White, Role::Knight).char(), 'N');
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
        assert_eq!(Piece::from_char('x'), None);
    }
}
