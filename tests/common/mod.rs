//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod core_slot;
pub mod engine;
pub mod perft_file;
pub mod process;
pub mod vcf_puzzles;
