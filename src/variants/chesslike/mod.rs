//! Shared 8x8 machinery for the chess-like variants (chess, Chess960 and the
//! antichess family): squares and bitboards, attack tables, Zobrist keys, the board
//! state with make-move, FEN in all the forms hosts send, and the move encoding.
//! Rules (legality, game end) live in the variants, not here.

pub mod attacks;
mod bitboard;
mod board;
mod castling;
pub mod fen;
mod moves;
pub mod see;
pub mod sink;
mod square;
pub mod tapered;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use castling::{Castling, Wing};
pub use fen::{format_fen, parse_fen, CastlingStyle, FenProblem};
pub use moves::{parse_legal, Move, MoveKind, MoveText};
pub use square::{Piece, Role, Square};
