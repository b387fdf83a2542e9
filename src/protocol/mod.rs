//! Protocol adapters: text in, typed commands out, typed reports in, text out.
//! The dialect is chosen once, from the command line or from the first line a host
//! sends: Gomocup managers open with `START`, `RECTSTART`, `INFO` or `ABOUT`;
//! anything else (`uci`, or a person typing `d`) is UCI.

pub mod gomocup;
pub mod input;
pub mod output;
pub mod uci;

use std::io::BufRead;
use std::time::Instant;

use output::Output;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Gomocup,
}

/// Commands that only a Gomocup manager sends first (all upper case, as the
/// protocol spells them).
const GOMOCUP_OPENERS: [&str; 9] = ["START", "RECTSTART", "INFO", "ABOUT", "BEGIN", "BOARD", "TURN", "RESTART", "END"];

/// The dialect a first line belongs to.
pub fn detect(first_line: &str) -> Dialect {
    let word = first_line.split_whitespace().next().unwrap_or("");
    if GOMOCUP_OPENERS.contains(&word) {
        Dialect::Gomocup
    } else {
        Dialect::Uci
    }
}

/// Runs a session on `input` until it ends. With `forced`, the dialect is not
/// guessed. `started` is when the process started (Gomocup counts time from there).
pub fn run(forced: Option<Dialect>, mut input: impl BufRead, out: Output, started: Instant) {
    let first = loop {
        match input::read_line(&mut input) {
            None => return,
            Some(line) if line.text.trim().is_empty() => continue,
            Some(line) => break line,
        }
    };
    match forced.unwrap_or_else(|| detect(&first.text)) {
        Dialect::Uci => {
            let mut session = uci::session::UciSession::new(out);
            if session.handle_input(&first) {
                session.run(input);
            } else {
                session.run(std::io::empty());
            }
        }
        Dialect::Gomocup => {
            let mut session = gomocup::GomocupSession::new(out, started);
            if session.handle_input(&first) {
                session.run(input);
            } else {
                session.run(std::io::empty());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialect_from_first_line() {
        assert_eq!(detect("uci"), Dialect::Uci);
        assert_eq!(detect("d"), Dialect::Uci);
        assert_eq!(detect("position startpos"), Dialect::Uci);
        assert_eq!(detect("START 15"), Dialect::Gomocup);
        assert_eq!(detect("INFO timeout_turn 5000"), Dialect::Gomocup);
        assert_eq!(detect("ABOUT"), Dialect::Gomocup);
        assert_eq!(detect("start 15"), Dialect::Uci);
    }
}
