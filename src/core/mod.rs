//! Game-agnostic vocabulary shared by every variant, the searcher and the protocols.

pub mod epd;
mod error;
mod movelist;
mod outcome;
mod position;
mod setup;
pub mod rng;
pub mod score;

pub use error::{FenError, MoveError};
pub use movelist::MoveList;
pub use outcome::{Outcome, Side, Termination};
pub use position::{Position, SolverBudget, CORRECTION_KEYS, PIECE_TO_SLOTS};
pub use setup::{setup, PositionError};
