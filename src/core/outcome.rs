//! Sides and game results. The variant decides when a game is over and why;
//! these types only carry the verdict.

use std::fmt;

/// The two players. White moves first in every variant (in the connect games White
/// places `P` stones and is Gomocup's first player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    White = 0,
    Black = 1,
}

impl Side {
    #[inline]
    pub fn flip(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::ops::Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.flip()
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    FiftyMoves,
    Repetition,
    /// Antichess family: the side to move has no legal move (no pieces, or blocked);
    /// renju: the first player to move has only forbidden cells left (a draw).
    NoMoves,
    /// Suicide: no legal move, decided by who has fewer pieces.
    PieceCount,
    /// Connect games: a line of the winning length was completed.
    Line,
    /// Connect games: the board is full.
    BoardFull,
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::FiftyMoves => "fifty-move rule",
            Termination::Repetition => "threefold repetition",
            Termination::NoMoves => "no legal moves",
            Termination::PieceCount => "piece count",
            Termination::Line => "line completed",
            Termination::BoardFull => "board full",
        };
        f.write_str(s)
    }
}

/// The result of a finished game: who won (or `None` for a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub termination: Termination,
}

impl Outcome {
    pub fn win(side: Side, termination: Termination) -> Self {
        Outcome { winner: Some(side), termination }
    }

    pub fn draw(termination: Termination) -> Self {
        Outcome { winner: None, termination }
    }

    /// PGN-style result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}
