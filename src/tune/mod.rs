//! `ludex tune`: fits an evaluation's parameters (chess, the antichess family's, or
//! a five-in-a-row game's) to Ludex's own games (Texel tuning). Kept out of the
//! evaluation and the search on purpose: nothing here runs while the engine plays.
//!
//! - [`data`]: the `FEN | result | score` line format (written by `ludex datagen`);
//! - [`model`]: which evaluation is fitted (its `eval/layout.rs` names the
//!   weights, its `eval/weights.rs` holds them; a connect rule set's table is
//!   `connect/eval/weights/<rules>.rs`);
//! - [`trace`]: a position's evaluation as a linear function of the weights;
//! - [`optimise`]: the loss, the fit of `K`, and Adam;
//! - [`param_file`] and [`emit`]: the results as a parameter file and as Rust.

pub mod data;
pub mod emit;
pub mod model;
pub mod optimise;
pub mod param_file;
pub mod trace;
mod run;
#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod connect_tests;

pub use model::Model;
pub use run::{load, run, Options, Summary, TuneError};
