//! Protocol adapters: text in, typed commands out, typed reports in, text out.

pub mod output;
pub mod uci;
