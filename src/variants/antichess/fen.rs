//! FEN for the antichess family. The shared parser reads everything but the
//! castling field; castling is read here because the family's rules differ from
//! chess's:
//!
//! - antichess has no castling at all: a syntactically valid field is accepted and
//!   ignored (lichess positions never carry rights, and nothing could use them);
//! - giveaway and suicide castle as in standard chess, which is how python-chess
//!   (the hosts' reference) plays them: a right needs a king on e1/e8 and a rook on
//!   the matching corner. Kings are ordinary pieces, so any number of them is fine
//!   (python-chess's `KQkq` then still names the corner rooks).
//!
//! No "side not to move in check" rule applies: there is no check.

use super::AntichessRules;
use crate::core::{FenError, Side};
use crate::variants::chesslike::{parse_fen, Bitboard, Board, Castling, FenProblem, Role, Square, Wing};

/// Parses a FEN for `rules`.
pub fn parse(text: &str, rules: AntichessRules) -> Result<Board, FenError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let castling_field = fields.get(2).copied().unwrap_or("-");
    if fields.len() > 2 {
        fields[2] = "-";
    }
    let mut board = parse_fen(&fields.join(" "))?;
    let castling = parse_castling(&board, castling_field, rules)?;
    board.set_castling(castling);
    Ok(board)
}

fn parse_castling(board: &Board, field: &str, rules: AntichessRules) -> Result<Castling, FenError> {
    let mut castling = Castling::NONE;
    if field == "-" {
        return Ok(castling);
    }
    for c in field.chars() {
        if !matches!(c.to_ascii_lowercase(), 'k' | 'q' | 'a'..='h') {
            return Err(FenProblem::BadCastling(c).into());
        }
    }
    if rules == AntichessRules::Antichess {
        return Ok(castling);
    }
    for c in field.chars() {
        let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
        let back_rank = if side == Side::White { 0 } else { 7 };
        let (file, wing) = match c.to_ascii_lowercase() {
            'k' | 'h' => (7, Wing::King),
            'q' | 'a' => (0, Wing::Queen),
            _ => {
                return Err(FenError::new(format!(
                    "castling right '{c}' is not possible in {} (only the a- and h-file rooks castle)",
                    rules.name()
                )))
            }
        };
        let king_square = Square::from_coords(4, back_rank);
        if !board.pieces(side, Role::King).contains(king_square) {
            return Err(FenError::new(format!("castling right '{c}' without a king on {king_square}")));
        }
        let rook = Square::from_coords(file, back_rank);
        if !(board.pieces(side, Role::Rook) & Bitboard::from(rook)).any() {
            return Err(FenProblem::CastlingWithoutRook(c).into());
        }
        castling.set(side, wing, Some(rook));
    }
    Ok(castling)
}
