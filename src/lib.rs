//! Ludex: one engine for chess, Chess960, the antichess family (antichess, giveaway,
//! suicide) and the connect games (gomoku, gomoku freestyle, tic-tac-toe).
//!
//! The crate is layered so that every rule lives in exactly one place:
//! - [`core`]: game-agnostic vocabulary, above all the [`core::Position`] trait;
//! - [`variants`]: one position type per rule family; `variants/mod.rs` is the only
//!   place that enumerates the variants;
//! - [`search`]: the generic searcher, which never names a variant;
//! - [`protocol`]: text in, text out (UCI, Gomocup), nothing else;
//! - [`play`]: `ludex play`, a game against the engine in a terminal;
//! - [`matchrunner`]: `ludex match`, the host side of both protocols and a referee;
//! - [`datagen`]: `ludex datagen`, self-play chess games written as training data;
//! - [`tune`]: `ludex tune`, Texel tuning of the chess evaluation on that data;
//! - [`spsa`]: `ludex spsa`, tuning of the search's numbers in games.

pub mod bench;
pub mod core;
pub mod datagen;
pub mod engine;
pub mod matchrunner;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod search;
pub mod spsa;
pub mod train;
pub mod tune;
pub mod variants;
