//! The compact move encoding shared by the chess-like variants, and long algebraic
//! move text (`e2e4`, `e7e8q`, `e7e8k`, `e1g1` / `e1h1`).
//!
//! Castling is stored as "king takes own rook" (from = king square, to = rook
//! square): that one form covers Chess960, where the king may not move at all or
//! may land on the rook's square, and standard chess alike.

use std::fmt;

use super::{Role, Square};
use crate::core::MoveError;

/// What kind of move a [`Move`] is, beyond its two squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A quiet move, a capture or a pawn's double push.
    Normal,
    EnPassant,
    /// King takes own rook: `to` is the castling rook's square.
    Castle,
    Promotion(Role),
}

/// A move in 16 bits: from (6), to (6), kind (4).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const KIND_EP: u16 = 1;
const KIND_CASTLE: u16 = 2;
/// Kinds 3..=7 are promotions to knight, bishop, rook, queen, king (Role index + 2).
const KIND_PROMO_BASE: u16 = 2;

impl Move {
    #[inline(always)]
    const fn pack(from: Square, to: Square, kind: u16) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | kind << 12)
    }

    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, 0)
    }

    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_EP)
    }

    /// Castling, given the king's and the castling rook's squares.
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, KIND_CASTLE)
    }

    /// A promotion to `role`, which must not be a pawn (the antichess family promotes
    /// to kings too).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move::pack(from, to, KIND_PROMO_BASE + role as u16)
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The destination; for castling, the rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u8)
    }

    #[inline(always)]
    const fn kind_bits(self) -> u16 {
        self.0 >> 12
    }

    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.kind_bits() {
            0 => MoveKind::Normal,
            KIND_EP => MoveKind::EnPassant,
            KIND_CASTLE => MoveKind::Castle,
            3 => MoveKind::Promotion(Role::Knight),
            4 => MoveKind::Promotion(Role::Bishop),
            5 => MoveKind::Promotion(Role::Rook),
            6 => MoveKind::Promotion(Role::Queen),
            _ => MoveKind::Promotion(Role::King),
        }
    }

    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.kind_bits() == KIND_CASTLE
    }

    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.kind_bits() == KIND_EP
    }

    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.kind_bits() > KIND_CASTLE
    }

    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// Where the king ends up when this castling move is played: the g-file when the
    /// rook stands towards the h-file, else the c-file.
    #[inline]
    pub const fn castle_king_target(self) -> Square {
        let file = if self.to().file() > self.from().file() { 6 } else { 2 };
        Square::from_coords(file, self.from().rank())
    }

    /// Where the rook ends up when this castling move is played (f- or d-file).
    #[inline]
    pub const fn castle_rook_target(self) -> Square {
        let file = if self.to().file() > self.from().file() { 5 } else { 3 };
        Square::from_coords(file, self.from().rank())
    }

    /// Long algebraic text. Castling is printed king-takes-rook (`e1h1`) when
    /// `chess960`, else as the king's two-square step (`e1g1`).
    pub fn to_uci(self, chess960: bool) -> String {
        let mut s = String::with_capacity(5);
        s.push_str(&self.from().to_string());
        let to = if self.is_castle() && !chess960 { self.castle_king_target() } else { self.to() };
        s.push_str(&to.to_string());
        if let Some(role) = self.promotion_role() {
            s.push(role.char());
        }
        s
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Debug shows the internal king-takes-rook form, which is unambiguous.
        f.write_str(&self.to_uci(true))?;
        match self.kind() {
            MoveKind::EnPassant => f.write_str("(ep)"),
            MoveKind::Castle => f.write_str("(castle)"),
            _ => Ok(()),
        }
    }
}

/// Move text split into its parts, before it is matched against the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveText {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

impl MoveText {
    /// Parses `e2e4` or `e7e8q` (promotion letter in either case; `p` is refused).
    /// Returns `None` for anything else, whatever the bytes.
    pub fn parse(text: &str) -> Option<MoveText> {
        let b = text.as_bytes();
        if b.len() != 4 && b.len() != 5 {
            return None;
        }
        let from = Square::parse(text.get(0..2)?)?;
        let to = Square::parse(text.get(2..4)?)?;
        let promotion = match b.get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(Role::Pawn) | None => return None,
                Some(r) => Some(r),
            },
        };
        Some(MoveText { from, to, promotion })
    }

    /// The move among `legal` that this text names, accepting both castling forms:
    /// an exact match of a non-castling move first (in Chess960 `f1g1` may be a plain
    /// king move), then king-takes-rook, then the king's destination square.
    pub fn find(&self, legal: &[Move]) -> Option<Move> {
        let plain = legal.iter().copied().find(|m| {
            !m.is_castle() && m.from() == self.from && m.to() == self.to && m.promotion_role() == self.promotion
        });
        if plain.is_some() || self.promotion.is_some() {
            return plain;
        }
        let castles = || legal.iter().copied().filter(|m| m.is_castle() && m.from() == self.from);
        castles()
            .find(|m| m.to() == self.to)
            .or_else(|| castles().find(|m| m.castle_king_target() == self.to && self.to != self.from))
    }
}

/// A chess-family move text checked against `legal`: `Malformed` if it is no long
/// algebraic move at all, `Illegal` if it names none of the legal moves. Chess and
/// the antichess family both parse moves this way.
pub fn parse_legal(text: &str, legal: &[Move]) -> Result<Move, MoveError> {
    let parsed = MoveText::parse(text).ok_or_else(|| MoveError::Malformed(text.to_string()))?;
    parsed.find(legal).ok_or_else(|| MoveError::Illegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn encoding_round_trips() {
        let m = Move::promotion(sq("e7"), sq("d8"), Role::Knight);
        assert_eq!((m.from(), m.to(), m.kind()), (sq("e7"), sq("d8"), MoveKind::Promotion(Role::Knight)));
        assert_eq!(m.to_uci(false), "e7d8n");
        let k = Move::promotion(sq("a2"), sq("a1"), Role::King);
        assert_eq!(k.to_uci(false), "a2a1k");
        let c = Move::castle(sq("e1"), sq("h1"));
        assert!(c.is_castle() && !c.is_promotion());
        assert_eq!(c.to_uci(false), "e1g1");
        assert_eq!(c.to_uci(true), "e1h1");
        let q = Move::castle(sq("b8"), sq("a8"));
        assert_eq!(q.castle_king_target(), sq("c8"));
        assert_eq!(q.castle_rook_target(), sq("d8"));
        assert_eq!(q.to_uci(false), "b8c8");
        assert!(Move::en_passant(sq("e5"), sq("d6")).is_en_passant());
    }

    #[test]
    fn parse_never_panics_and_rejects_junk() {
        for bad in ["", "e2", "e2e", "e2e9", "i2e4", "e2e4p", "e2e4x", "e2e4qq", "é2e4", "e2é4", "0000", "P@h8", "e2\u{0}4"] {
            assert_eq!(MoveText::parse(bad), None, "{bad:?}");
        }
        assert_eq!(MoveText::parse("e7e8Q").unwrap().promotion, Some(Role::Queen));
        assert_eq!(MoveText::parse("e7e8k").unwrap().promotion, Some(Role::King));
    }

    #[test]
    fn find_accepts_both_castling_forms() {
        let castle = Move::castle(sq("e1"), sq("h1"));
        let legal = [Move::normal(sq("e1"), sq("f1")), castle];
        assert_eq!(MoveText::parse("e1g1").unwrap().find(&legal), Some(castle));
        assert_eq!(MoveText::parse("e1h1").unwrap().find(&legal), Some(castle));
        assert_eq!(MoveText::parse("e1f1").unwrap().find(&legal), Some(legal[0]));
        assert_eq!(MoveText::parse("e1c1").unwrap().find(&legal), None);
        // Chess960: king f1, rook h1; f1g1 is a plain king move when one is legal.
        let c960 = Move::castle(sq("f1"), sq("h1"));
        let plain = Move::normal(sq("f1"), sq("g1"));
        assert_eq!(MoveText::parse("f1g1").unwrap().find(&[c960, plain]), Some(plain));
        assert_eq!(MoveText::parse("f1g1").unwrap().find(&[c960]), Some(c960));
        // King already on g1: only the king-takes-rook form names the castling.
        let stay = Move::castle(sq("g1"), sq("h1"));
        assert_eq!(MoveText::parse("g1h1").unwrap().find(&[stay]), Some(stay));
        assert_eq!(MoveText::parse("g1g1").unwrap().find(&[stay]), None);
    }
}
