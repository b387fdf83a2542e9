//! Typed errors for the two kinds of text a host hands us: positions and moves.
//! Their `Display` is the text that goes after `info string error: ` (UCI) or
//! `ERROR ` (Gomocup), so it names the offending token.

use std::fmt;

/// A FEN (or EPD) that cannot be turned into a position, with what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError(pub String);

impl FenError {
    pub fn new(msg: impl Into<String>) -> Self {
        FenError(msg.into())
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

/// A move text that is not a legal move in the current position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this variant's notation at all.
    Malformed(String),
    /// The text is a well-formed move, but not legal here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(m) => write!(f, "malformed move '{m}'"),
            MoveError::Illegal(m) => write!(f, "illegal move '{m}'"),
        }
    }
}

impl std::error::Error for MoveError {}
