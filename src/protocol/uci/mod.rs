//! The UCI dialect (with `UCI_Variant`, as Cute Chess and Fairy-Stockfish speak it).

pub mod command;
pub mod go;
pub mod options;
pub mod report;
pub mod session;
