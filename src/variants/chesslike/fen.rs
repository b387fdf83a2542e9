//! FEN for the 8x8 variants: standard FEN, X-FEN (`KQkq` meaning the outermost rook,
//! a file letter when that would be ambiguous) and Shredder-FEN (`HAha`), with the
//! move counters optional and any amount of whitespace between fields.
//!
//! This module checks what every chess-like variant agrees on. Variant-specific
//! checks (exactly one king, the side not to move in check) belong to the variant.

use std::fmt;

use super::{Bitboard, Board, Castling, Piece, Role, Square, Wing};
use crate::core::{FenError, Side};

/// What is wrong with a FEN. `Display` names the offending part; the variants turn
/// it into a [`FenError`] for the protocol layer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenProblem {
    Empty,
    MissingSide,
    BadPiece(char),
    RankCount(usize),
    /// `rank` is 1..=8 as printed on the board.
    FileCount { rank: u8, files: usize },
    BadSide(String),
    BadCastling(char),
    CastlingWithoutKing(char),
    CastlingWithoutRook(char),
    DuplicateCastling(char),
    BadEnPassant(String),
    ImpossibleEnPassant(Square),
    PawnOnBackRank(Square),
    BadCounter(String),
    TrailingText(String),
    /// Chess: each side needs exactly one king.
    KingCount { side: Side, count: u32 },
    /// Chess: the side that just moved cannot still be in check.
    OpponentInCheck,
}

impl fmt::Display for FenProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenProblem::Empty => write!(f, "empty FEN"),
            FenProblem::MissingSide => write!(f, "missing side to move"),
            FenProblem::BadPiece(c) => write!(f, "bad piece letter '{c}'"),
            FenProblem::RankCount(n) => write!(f, "expected 8 ranks, found {n}"),
            FenProblem::FileCount { rank, files } => write!(f, "rank {rank} has {files} files, expected 8"),
            FenProblem::BadSide(s) => write!(f, "bad side to move '{s}' (expected w or b)"),
            FenProblem::BadCastling(c) => write!(f, "bad castling letter '{c}'"),
            FenProblem::CastlingWithoutKing(c) => write!(f, "castling right '{c}' without a king on the back rank"),
            FenProblem::CastlingWithoutRook(c) => write!(f, "castling right '{c}' without a matching rook on the back rank"),
            FenProblem::DuplicateCastling(c) => write!(f, "castling right '{c}' names a second rook on the same wing"),
            FenProblem::BadEnPassant(s) => write!(f, "bad en-passant field '{s}'"),
            FenProblem::ImpossibleEnPassant(sq) => write!(f, "impossible en-passant square {sq}"),
            FenProblem::PawnOnBackRank(sq) => write!(f, "pawn on the back rank at {sq}"),
            FenProblem::BadCounter(s) => write!(f, "bad move counter '{s}'"),
            FenProblem::TrailingText(s) => write!(f, "unexpected text after the move counters '{s}'"),
            FenProblem::KingCount { side, count } => write!(f, "{side:?} has {count} kings, expected exactly one"),
            FenProblem::OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl From<FenProblem> for FenError {
    fn from(p: FenProblem) -> FenError {
        FenError::new(p.to_string())
    }
}

/// Parses a FEN into a board. Castling letters need a king of that colour on its back
/// rank (exactly one there) and a rook of that colour on the named square.
pub fn parse_fen(text: &str) -> Result<Board, FenProblem> {
    let mut fields = text.split_whitespace();
    let placement = fields.next().ok_or(FenProblem::Empty)?;
    let mut board = parse_placement(placement)?;

    let side = match fields.next() {
        None => return Err(FenProblem::MissingSide),
        Some("w") | Some("W") => Side::White,
        Some("b") | Some("B") => Side::Black,
        Some(other) => return Err(FenProblem::BadSide(other.to_string())),
    };
    board.set_turn(side);

    let castling = parse_castling(&board, fields.next().unwrap_or("-"))?;
    board.set_castling(castling);

    let ep = parse_en_passant(&board, fields.next().unwrap_or("-"))?;
    board.set_ep_square(ep);

    let halfmove = parse_counter(fields.next(), 0)?;
    let fullmove = parse_counter(fields.next(), 1)?;
    board.set_counters(halfmove, fullmove);

    if let Some(rest) = fields.next() {
        return Err(FenProblem::TrailingText(rest.to_string()));
    }
    Ok(board)
}

fn parse_placement(placement: &str) -> Result<Board, FenProblem> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenProblem::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(FenProblem::BadPiece(c));
                }
                file += d as usize;
            } else {
                let piece = Piece::from_char(c).ok_or(FenProblem::BadPiece(c))?;
                if file < 8 {
                    let sq = Square::from_coords(file as u8, rank);
                    if piece.role() == Role::Pawn && (rank == 0 || rank == 7) {
                        return Err(FenProblem::PawnOnBackRank(sq));
                    }
                    board.put(sq, piece);
                }
                file += 1;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(FenProblem::FileCount { rank: rank + 1, files: file });
        }
    }
    Ok(board)
}

fn parse_castling(board: &Board, field: &str) -> Result<Castling, FenProblem> {
    let mut castling = Castling::NONE;
    if field == "-" {
        return Ok(castling);
    }
    for c in field.chars() {
        let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
        let back = Bitboard::relative_rank(side, 0);
        let rooks = board.pieces(side, Role::Rook) & back;
        let kings = board.pieces(side, Role::King) & back;
        if !matches!(c.to_ascii_lowercase(), 'k' | 'q' | 'a'..='h') {
            return Err(FenProblem::BadCastling(c));
        }
        if kings.count() != 1 {
            return Err(FenProblem::CastlingWithoutKing(c));
        }
        let king = kings.lsb();
        let rank_base = if side == Side::White { 0 } else { 56 };
        let rook = match c.to_ascii_lowercase() {
            // X-FEN: the outermost rook on that side of the king.
            'k' => (rooks & !Bitboard((2u64 << king.index()) - 1)).into_iter().last(),
            'q' => (rooks & Bitboard((1u64 << king.index()) - 1)).first(),
            f => {
                let sq = Square::new(rank_base + (f as u8 - b'a'));
                if rooks.contains(sq) && sq.file() != king.file() {
                    Some(sq)
                } else {
                    None
                }
            }
        };
        let rook = rook.ok_or(FenProblem::CastlingWithoutRook(c))?;
        let wing = if rook.file() > king.file() { Wing::King } else { Wing::Queen };
        match castling.rook(side, wing) {
            Some(existing) if existing != rook => return Err(FenProblem::DuplicateCastling(c)),
            _ => castling.set(side, wing, Some(rook)),
        }
    }
    Ok(castling)
}

/// The en-passant square must be empty on the side to move's sixth rank, with the
/// square behind it empty and an enemy pawn in front of it (the pawn that just made
/// its double step).
fn parse_en_passant(board: &Board, field: &str) -> Result<Option<Square>, FenProblem> {
    if field == "-" {
        return Ok(None);
    }
    let sq = Square::parse(field).ok_or_else(|| FenProblem::BadEnPassant(field.to_string()))?;
    let us = board.turn();
    let them = us.flip();
    let ok = sq.relative_rank(us) == 5 && board.piece_at(sq).is_none() && {
        let (pawn_sq, origin) = match us {
            Side::White => (sq.offset(-8), sq.offset(8)),
            Side::Black => (sq.offset(8), sq.offset(-8)),
        };
        board.piece_at(pawn_sq) == Some(Piece::new(them, Role::Pawn)) && board.piece_at(origin).is_none()
    };
    if ok {
        Ok(Some(sq))
    } else {
        Err(FenProblem::ImpossibleEnPassant(sq))
    }
}

fn parse_counter(field: Option<&str>, default: u32) -> Result<u32, FenProblem> {
    match field {
        None => Ok(default),
        Some(t) => t.parse::<u32>().map_err(|_| FenProblem::BadCounter(t.to_string())),
    }
}

/// How to write castling rights.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingStyle {
    /// `KQkq` for the outermost rook, a file letter otherwise (X-FEN; standard FEN
    /// for classical positions).
    XFen,
    /// Always file letters (`HAha`), what Chess960 hosts send and accept.
    Shredder,
}

/// The castling field of a FEN (`-` when there are no rights).
pub fn castling_fen(board: &Board, style: CastlingStyle) -> String {
    let mut s = String::new();
    for side in [Side::White, Side::Black] {
        let back = Bitboard::relative_rank(side, 0);
        let rooks = board.pieces(side, Role::Rook) & back;
        for wing in Wing::BOTH {
            let Some(rook) = board.castling().rook(side, wing) else { continue };
            let outermost = match wing {
                Wing::King => rooks.into_iter().last() == Some(rook),
                Wing::Queen => rooks.first() == Some(rook),
            };
            let c = match (style, outermost, wing) {
                (CastlingStyle::XFen, true, Wing::King) => 'k',
                (CastlingStyle::XFen, true, Wing::Queen) => 'q',
                _ => rook.file_char(),
            };
            s.push(if side == Side::White { c.to_ascii_uppercase() } else { c });
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// A full FEN; `ep` is the en-passant square to print (the variant decides, e.g.
/// chess prints it only when an en-passant capture is legal).
pub fn format_fen(board: &Board, style: CastlingStyle, ep: Option<Square>) -> String {
    format!(
        "{} {} {} {} {} {}",
        board.placement_fen(),
        if board.turn() == Side::White { 'w' } else { 'b' },
        castling_fen(board, style),
        ep.map_or_else(|| "-".to_string(), |sq| sq.to_string()),
        board.halfmove_clock(),
        board.fullmove_number()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn round_trip(fen: &str, style: CastlingStyle) -> String {
        let b = parse_fen(fen).unwrap();
        format_fen(&b, style, b.ep_square())
    }

    #[test]
    fn standard_round_trip_and_hash() {
        assert_eq!(round_trip(START, CastlingStyle::XFen), START);
        assert_eq!(round_trip(START, CastlingStyle::Shredder), START.replace("KQkq", "HAha"));
        let b = parse_fen(START).unwrap();
        assert_eq!(b.hash(), b.compute_hash());
        // Missing counters and extra whitespace are tolerated.
        assert_eq!(round_trip("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  ", CastlingStyle::XFen), START);
    }

    #[test]
    fn x_fen_and_shredder_castling() {
        // Two rooks on the king side: K means the outermost (h1), G names the inner one.
        let fen = "4k3/8/8/8/8/8/8/R3K1RR w KQ - 0 1";
        let b = parse_fen(fen).unwrap();
        assert_eq!(b.castling().rook(Side::White, Wing::King), Some(Square::H1));
        assert_eq!(round_trip(fen, CastlingStyle::XFen), fen);
        let inner = parse_fen("4k3/8/8/8/8/8/8/R3K1RR w GA - 0 1").unwrap();
        assert_eq!(inner.castling().rook(Side::White, Wing::King), Some(Square::G1));
        assert_eq!(castling_fen(&inner, CastlingStyle::XFen), "GQ");
        assert_eq!(castling_fen(&inner, CastlingStyle::Shredder), "GA");
        // A Chess960 start in Shredder-FEN, re-read from its X-FEN form.
        let c960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        assert_eq!(round_trip(c960, CastlingStyle::Shredder), c960);
        let x = round_trip(c960, CastlingStyle::XFen);
        // Each wing has one rook, so X-FEN writes plain KQkq.
        assert_eq!(x, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
        assert_eq!(round_trip(&x, CastlingStyle::Shredder), c960);
    }

    #[test]
    fn en_passant_is_kept_only_when_capturable() {
        let with = parse_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
        assert_eq!(with.ep_square(), Square::parse("e3"));
        assert_eq!(with.hash(), with.compute_hash());
        let without = parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
        assert_eq!(without.ep_square(), None);
    }

    #[test]
    fn every_error_is_named() {
        let cases: &[(&str, FenProblem)] = &[
            ("", FenProblem::Empty),
            ("8/8/8/8/8/8/8/8", FenProblem::MissingSide),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - -", FenProblem::BadPiece('X')),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0 w - -", FenProblem::BadPiece('0')),
            ("8/8/8/8/8/8/8 w - -", FenProblem::RankCount(7)),
            ("8/8/8/8/8/8/8/8/8 w - -", FenProblem::RankCount(9)),
            ("8/8/8/8/8/8/8/7 w - -", FenProblem::FileCount { rank: 1, files: 7 }),
            ("9/8/8/8/8/8/8/8 w - -", FenProblem::FileCount { rank: 8, files: 9 }),
            ("ppppppppp/8/8/8/8/8/8/8 w - -", FenProblem::PawnOnBackRank(Square::A8)),
            ("8/8/8/8/8/8/8/8 x - -", FenProblem::BadSide("x".into())),
            ("4k3/8/8/8/8/8/8/4K2R w KX -", FenProblem::BadCastling('X')),
            ("4k3/8/8/8/8/8/4K3/7R w K -", FenProblem::CastlingWithoutKing('K')),
            ("4k3/8/8/8/8/8/8/4K3 w K -", FenProblem::CastlingWithoutRook('K')),
            ("4k3/8/8/8/8/8/8/R3K3 w K -", FenProblem::CastlingWithoutRook('K')),
            ("4k3/8/8/8/8/8/8/4K2R w C -", FenProblem::CastlingWithoutRook('C')),
            ("4k3/8/8/8/8/8/8/4KRR1 w FG -", FenProblem::DuplicateCastling('G')),
            ("4k3/8/8/8/8/8/8/4K3 w - e9", FenProblem::BadEnPassant("e9".into())),
            ("4k3/8/8/8/4P3/8/8/4K3 b - e4", FenProblem::ImpossibleEnPassant(Square::parse("e4").unwrap())),
            ("4k3/8/8/8/8/8/8/4K3 b - e3", FenProblem::ImpossibleEnPassant(Square::parse("e3").unwrap())),
            ("4k3/8/8/8/4P3/8/8/4K3 w - e3", FenProblem::ImpossibleEnPassant(Square::parse("e3").unwrap())),
            ("4k3/8/8/8/4P3/8/4N3/4K3 b - e3", FenProblem::ImpossibleEnPassant(Square::parse("e3").unwrap())),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", FenProblem::BadCounter("x".into())),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 -1", FenProblem::BadCounter("-1".into())),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", FenProblem::TrailingText("extra".into())),
        ];
        for (fen, expected) in cases {
            assert_eq!(parse_fen(fen).err().as_ref(), Some(expected), "{fen:?}");
            // The message names the problem and converts to the shared error type.
            let err: FenError = expected.clone().into();
            assert!(err.to_string().starts_with("bad FEN: "));
        }
        assert!(FenProblem::BadPiece('X').to_string().contains("'X'"));
        assert!(FenProblem::PawnOnBackRank(Square::A8).to_string().contains("a8"));
    }

    #[test]
    fn junk_never_panics() {
        for junk in ["/", "////////", "8/8/8/8/8/8/8/8 w KQkqKQkq", "é/8/8/8/8/8/8/8 w", "88888888/8/8/8/8/8/8/8 w", "k7/8/8/8/8/8/8/7K w - - 99999999999"] {
            let _ = parse_fen(junk);
        }
    }
}
