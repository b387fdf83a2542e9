//! Game-agnostic vocabulary shared by every variant, the searcher and the protocols.

mod error;
mod movelist;
mod outcome;
mod position;
pub mod rng;
pub mod score;

pub use error::{FenError, MoveError};
pub use movelist::MoveList;
pub use outcome::{Outcome, Side, Termination};
pub use position::Position;
