//! `ludex tune`: fits the chess evaluation's parameters to Ludex's own games
//! (Texel tuning). Kept out of the evaluation and the search on purpose: nothing
//! here runs while the engine plays.
//!
//! - [`data`]: the `FEN | result | score` line format (written by `ludex datagen`);
//! - [`layout`]: which `params.rs` constants are tuned, as one flat vector;
//! - [`trace`]: a position's evaluation as a linear function of that vector;
//! - [`optimise`]: the loss, the fit of `K`, and Adam;
//! - [`param_file`] and [`emit`]: the results as a parameter file and as Rust.

pub mod data;
pub mod emit;
pub mod layout;
pub mod optimise;
pub mod param_file;
pub mod trace;
mod run;
#[cfg(test)]
mod tests;

pub use run::{load, run, Options, Summary, TuneError};
