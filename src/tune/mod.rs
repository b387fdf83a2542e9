//! `ludex tune`: fits the chess evaluation's parameters to Ludex's own games
//! (Texel tuning). Kept out of the evaluation and the search on purpose: nothing
//! here runs while the engine plays.
//!
//! - [`data`]: the `FEN | result | score` line format (written by `ludex datagen`);
//! - [`trace`]: a position's evaluation as a linear function of the weights
//!   (`eval/layout.rs` names them, `eval/weights.rs` holds them);
//! - [`optimise`]: the loss, the fit of `K`, and Adam;
//! - [`param_file`] and [`emit`]: the results as a parameter file and as Rust.

pub mod data;
pub mod emit;
pub mod optimise;
pub mod param_file;
pub mod trace;
mod run;
#[cfg(test)]
mod tests;

pub use run::{load, run, Options, Summary, TuneError};

use crate::variants::chess::eval::{weights::WEIGHTS, S};

/// The weights the engine holds now, in the flat order.
pub fn current() -> Vec<S> {
    WEIGHTS.to_vec()
}
