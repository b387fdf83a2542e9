//! A position from a host's start and move list, all or nothing: the previous
//! position must stay in force when any part of a `position` command is bad.

use std::fmt;

use super::{FenError, MoveError, Position};

/// Why a `position` command was refused; the previous position stays in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    Fen(FenError),
    /// The move at `index` (0-based) of the `moves` list, `token`, could not be played.
    Move { index: usize, token: String, error: MoveError },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => write!(f, "{e}; position unchanged"),
            PositionError::Move { index, token, error } => {
                let (kind, detail) = match error {
                    MoveError::Malformed(m) => ("malformed", m),
                    MoveError::Illegal(m) => ("illegal", m),
                };
                // Variants often start their message with the token: don't say it twice.
                let detail = detail.strip_prefix(token.as_str()).map(|d| d.trim_start_matches([':', ' '])).unwrap_or(detail);
                let why = if !detail.is_empty() && detail != token { format!(" ({detail})") } else { String::new() };
                write!(f, "{kind} move '{token}' (move {} of the list){why}; position unchanged", index + 1)
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// Builds the position `start` (FEN, or `None` for the variant's start) followed by
/// `moves`, all or nothing.
pub fn setup<P: Position>(rules: P::Rules, start: Option<&str>, moves: &[String]) -> Result<P, PositionError> {
    let mut pos = match start {
        None => P::startpos(rules),
        Some(fen) => P::from_fen(fen, rules).map_err(PositionError::Fen)?,
    };
    for (index, token) in moves.iter().enumerate() {
        let mv = pos
            .parse_move(token)
            .map_err(|error| PositionError::Move { index, token: token.clone(), error })?;
        pos.make_move(mv);
    }
    Ok(pos)
}
