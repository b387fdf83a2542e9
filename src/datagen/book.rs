//! `ludex openings`: a book of level start positions, made by Ludex itself.
//!
//! Why: a match at fixed nodes is deterministic, so each opening pair can only give
//! two distinct games, and `../shared/data/openings/chess.epd` has 100 openings; a
//! 1000-game fixed-node match of two builds is 200 games played five times over,
//! and its error bar is √5 times narrower than the truth. A longer book makes such
//! matches worth their games again.
//!
//! How: candidate `i` is the start position followed by `random_plies` random legal
//! moves, drawn as `ludex datagen` draws its openings and seeded from the run's
//! seed and `i` alone. It is kept when the side to move is not in check, a
//! search of `nodes` nodes scores it within `max_score` of level (neither side
//! starts the game already winning, so both colours' games count), and no earlier
//! kept candidate has the same position. Candidates are judged in order and the
//! searcher is cleared before each, so the book depends on the options only, not
//! on the thread count.

use std::collections::{BTreeMap, HashSet};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::game::{game_rng, opening};
use crate::core::{epd, Position};
use crate::search::{Limits, ReportScore, Searcher, Signals, Silent};
use crate::tune::model::connect_rules;
use crate::tune::Model;
use crate::variants::antichess::Antichess;
use crate::variants::chess::{Chess, ChessRules};
use crate::variants::connect::Connect;

/// What book to make.
#[derive(Debug, Clone)]
pub struct BookOptions {
    /// The variant whose positions these are.
    pub model: Model,
    /// Positions wanted.
    pub count: usize,
    /// Random plies from the start position.
    pub random_plies: usize,
    /// Nodes of the search that judges a candidate.
    pub nodes: u64,
    /// The largest score (either side, in the variant's units) still called level.
    pub max_score: i32,
    /// Candidates judged before giving up on reaching `count`.
    pub max_tries: usize,
    pub seed: u64,
    pub threads: usize,
    pub hash_mb: usize,
}

/// What was made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BookSummary {
    /// Positions written.
    pub kept: usize,
    /// Candidates judged, kept or not.
    pub tried: usize,
    /// Candidates dropped because an earlier one was the same position.
    pub repeats: usize,
}

/// A candidate's verdict: the position (EPD's four fields) and its score for the
/// side to move, or `None` when it is not level.
type Verdict = Option<(String, i32)>;

/// Writes up to `opts.count` level positions to `out`, one EPD line each: the four
/// FEN fields and the judging search's score as a `ce` operation (centipawns for
/// the side to move, as EPD defines it). `progress` sees the totals after each kept
/// position.
pub fn make_book(opts: &BookOptions, out: &mut impl Write, progress: impl FnMut(&BookSummary)) -> io::Result<BookSummary> {
    match opts.model {
        Model::Chess => make::<Chess>(opts, ChessRules::default(), out, progress),
        Model::Antichess(rules) => make::<Antichess>(opts, rules, out, progress),
        Model::Connect(line) => make::<Connect>(opts, connect_rules(line), out, progress),
    }
}

/// Judges candidate `i`.
fn judge<P: Position>(searcher: &mut Searcher, opts: &BookOptions, rules: P::Rules, i: usize) -> Verdict {
    let mut rng = game_rng(opts.seed, i as u64);
    let pos: P = opening(&mut rng, &[], opts.random_plies, rules);
    if pos.in_check() {
        return None;
    }
    searcher.clear();
    let result = searcher.search(&pos, &Limits::nodes(opts.nodes), &Signals::new(false), &mut Silent);
    match result.score {
        ReportScore::Cp(cp) if cp.abs() <= opts.max_score && result.best_move.is_some() => epd::position_fields(&pos.to_fen()).map(|fields| (fields, cp)),
        _ => None,
    }
}

fn make<P: Position>(
    opts: &BookOptions,
    rules: P::Rules,
    out: &mut impl Write,
    mut progress: impl FnMut(&BookSummary),
) -> io::Result<BookSummary> {
    let next = AtomicUsize::new(0);
    let done = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, Verdict)>();
    let mut summary = BookSummary::default();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..opts.threads.max(1) {
            let tx = tx.clone();
            let (next, done) = (&next, &done);
            scope.spawn(move || {
                let mut searcher = Searcher::new(opts.hash_mb, 1);
                while !done.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= opts.max_tries || tx.send((i, judge::<P>(&mut searcher, opts, rules, i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Verdicts arrive out of order from several threads; take them in order, so
        // which of two equal positions is kept, and where the book stops, does not
        // depend on timing.
        let mut pending = BTreeMap::new();
        let mut seen = HashSet::new();
        for (i, verdict) in rx {
            pending.insert(i, verdict);
            while summary.kept < opts.count && failure.is_none() {
                let Some(verdict) = pending.remove(&summary.tried) else { break };
                summary.tried += 1;
                let Some((epd, cp)) = verdict else { continue };
                if !seen.insert(epd.clone()) {
                    summary.repeats += 1;
                    continue;
                }
                match writeln!(out, "{epd} ce {cp};") {
                    Ok(()) => {
                        summary.kept += 1;
                        progress(&summary);
                    }
                    Err(e) => failure = Some(e),
                }
            }
            if summary.kept >= opts.count || failure.is_some() {
                done.store(true, Ordering::Relaxed);
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    out.flush()?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::antichess::AntichessRules;

    fn options(model: Model, count: usize, max_score: i32, threads: usize) -> BookOptions {
        BookOptions { model, count, random_plies: 6, nodes: 400, max_score, max_tries: 10_000, seed: 7, threads, hash_mb: 1 }
    }

    fn book(opts: &BookOptions) -> (String, BookSummary) {
        let mut out = Vec::new();
        let summary = make_book(opts, &mut out, |_| {}).unwrap();
        (String::from_utf8(out).unwrap(), summary)
    }

    /// Every line is a legal, distinct position scored within the bound, the book
    /// has the size asked for, and it does not depend on the thread count.
    #[test]
    fn a_chess_book_is_level_distinct_and_reproducible() {
        let opts = options(Model::Chess, 12, 40, 1);
        let (text, summary) = book(&opts);
        assert_eq!(summary.kept, 12);
        assert!(summary.tried > 12, "a 40 cp bound should turn some random openings away: {summary:?}");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 12);
        let mut seen = HashSet::new();
        for line in &lines {
            let (epd, op) = line.split_once(" ce ").expect("a ce operation");
            let cp: i32 = op.trim_end_matches(';').parse().unwrap();
            assert!(cp.abs() <= 40, "{line}");
            let pos = Chess::from_fen(&format!("{epd} 0 1"), ChessRules::default()).unwrap();
            assert!(!pos.in_check() && pos.outcome().is_none(), "{line}");
            assert!(seen.insert(epd.to_string()), "{line} twice");
        }
        assert_eq!(book(&options(Model::Chess, 12, 40, 3)), (text, summary));
    }

    /// Repeats are dropped: with no random plies every candidate is the start
    /// position, so the book holds it once and gives up at the try limit.
    #[test]
    fn repeated_positions_are_kept_once() {
        let opts = BookOptions { random_plies: 0, max_tries: 5, ..options(Model::Antichess(AntichessRules::Antichess), 3, 10_000, 2) };
        let (text, summary) = book(&opts);
        assert_eq!(text.lines().count(), 1, "{text}");
        assert_eq!(summary, BookSummary { kept: 1, tried: 5, repeats: 4 });
        assert!(text.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - ce "), "{text}");
    }
}
