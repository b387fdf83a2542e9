//! `ludex openings` as the real binary: it writes the asked number of distinct,
//! legal, level EPD positions, the same ones whatever the thread count, reports
//! bad options and an unreachable count, and `ludex match` plays from the book.

mod common;
mod match_support;

use std::collections::HashSet;
use std::time::Duration;

use common::process;
use ludex::core::Position;
use ludex::variants::antichess::{Antichess, AntichessRules};
use ludex::variants::chess::{Chess, ChessRules};
use match_support::*;

const LIMIT: Duration = Duration::from_secs(120);

/// The lines of a book and each one's score, checking the `ce` operation.
fn entries(text: &str) -> Vec<(String, i32)> {
    text.lines()
        .map(|line| {
            let (epd, op) = line.split_once(" ce ").unwrap_or_else(|| panic!("no ce operation: {line}"));
            let cp = op.strip_suffix(';').and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("bad ce: {line}"));
            (epd.to_string(), cp)
        })
        .collect()
}

#[test]
fn chess_book_is_distinct_level_and_the_same_on_any_thread_count() {
    let base = ["openings", "--count", "8", "--nodes", "500", "--max-score", "30", "--seed", "3"];
    let one = process::ludex(&base, "", LIMIT);
    assert_eq!(one.code(), 0, "{}", one.stderr);
    assert!(one.stderr.contains("openings: done, 8 kept of "), "{}", one.stderr);
    let book = entries(&one.stdout);
    assert_eq!(book.len(), 8, "{}", one.stdout);
    let mut seen = HashSet::new();
    for (epd, cp) in &book {
        assert!(cp.abs() <= 30, "{epd} ce {cp}");
        let pos = Chess::from_fen(&format!("{epd} 0 1"), ChessRules::default()).unwrap_or_else(|e| panic!("{epd}: {e}"));
        assert!(!pos.in_check() && pos.outcome().is_none(), "{epd}");
        assert!(seen.insert(epd.clone()), "{epd} twice");
    }
    let two = process::ludex(&[&base[..], &["--threads", "2"]].concat(), "", LIMIT);
    assert_eq!(two.code(), 0, "{}", two.stderr);
    assert_eq!(two.stdout, one.stdout);
    let other_seed = process::ludex(&[&base[..7], &["--seed", "4"]].concat(), "", LIMIT);
    assert_ne!(other_seed.stdout, one.stdout);
}

#[test]
fn antichess_book_reads_in_antichess_rules() {
    let out = process::ludex(&["openings", "--variant", "antichess", "--count", "4", "--nodes", "300", "--max-score", "1000"], "", LIMIT);
    assert_eq!(out.code(), 0, "{}", out.stderr);
    let book = entries(&out.stdout);
    assert_eq!(book.len(), 4);
    for (epd, _) in book {
        Antichess::from_fen(&format!("{epd} 0 1"), AntichessRules::Antichess).unwrap_or_else(|e| panic!("{epd}: {e}"));
    }
}

#[test]
fn bad_options_and_an_unreachable_count_are_reported() {
    let bad = process::ludex(&["openings", "--variant", "tictactoe"], "", LIMIT);
    assert_eq!(bad.code(), 2, "{}", bad.stderr);
    assert!(bad.stderr.starts_with("error:"), "{}", bad.stderr);
    // No random plies: every candidate is the start position, kept once.
    let short = process::ludex(&["openings", "--count", "3", "--random-plies", "0", "--nodes", "100", "--max-score", "100", "--max-tries", "4"], "", LIMIT);
    assert_eq!(short.code(), 1, "{}", short.stderr);
    assert!(short.stderr.contains("only 1 of 3 openings after 4 tries"), "{}", short.stderr);
    assert_eq!(entries(&short.stdout).len(), 1, "{}", short.stdout);
}

/// The book is what `-openings file=` reads: a two-game match starts both games
/// from its first position.
#[test]
fn match_plays_from_the_book() {
    let dir = scratch("openings-book");
    let book = dir.join("book.epd");
    let made = process::ludex(&["openings", "--count", "2", "--nodes", "300", "--out", book.to_str().unwrap()], "", LIMIT);
    assert_eq!(made.code(), 0, "{}", made.stderr);
    let first = entries(&std::fs::read_to_string(&book).unwrap())[0].0.clone();
    let pgn = dir.join("games.pgn");
    let run = run_match(
        &args(&[
            "-engine", &format!("cmd={LUDEX}"), "name=A", "-engine", &format!("cmd={LUDEX}"), "name=B",
            "-each", "nodes=300", "option.Hash=1", "-games", "2", "-openings", &format!("file={}", book.display()),
            "-pgnout", pgn.to_str().unwrap(),
        ]),
        LIMIT,
    );
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert!(g.tag("FEN").starts_with(&first), "{} does not start from {first}", g.tag("FEN"));
    }
}
