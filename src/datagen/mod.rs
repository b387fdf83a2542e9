//! `ludex datagen`: self-play games (chess, the antichess family, or five in a row:
//! gomoku, freestyle, renju) at a fixed node count per move, written as training
//! data for `ludex tune` (format in [`crate::tune::data`]). Every label comes
//! from Ludex's own games and searches.
//!
//! Each game starts from the start position or a random line of an EPD book, then
//! plays `random_plies` uniformly random legal moves so that games differ, then lets
//! the engine play both sides. The game ends by the rules (mate, stalemate,
//! repetition, fifty moves, insufficient material; five in a row, a full board) or
//! at `max_plies`, which counts as a draw. Only quiet positions are kept (see
//! [`game`]): the evaluation is a static guess, and the tuner should fit it where a
//! static guess is meaningful. Of those, only the ones the model can trace are
//! written (a connect position whose evaluation is an exact threat verdict is not
//! a weighted sum), so every line of the file is usable by `ludex tune`.
//!
//! Game `i` is seeded from `seed` and `i` alone and starts with a cleared searcher,
//! and games are written in order, so the output depends on the options only, not
//! on the number of threads or on scheduling.

mod book;
mod game;

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::core::{epd, Position};
use crate::tune::data::Record;
use crate::tune::model::connect_rules;
use crate::tune::Model;
use crate::variants::antichess::Antichess;
use crate::variants::chess::{Chess, ChessRules};
use crate::variants::connect::Connect;

pub use book::{make_book, BookOptions, BookSummary};
pub use game::{play_game, Adjudication, GameSettings};

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    /// The variant played (the model whose evaluation the data will fit).
    pub model: Model,
    pub games: usize,
    pub threads: usize,
    pub seed: u64,
    /// FENs (EPD lines) to start from; empty: the start position.
    pub book: Vec<String>,
    pub game: GameSettings,
}

/// What was generated.
#[derive(Debug, Clone, Copy, Default)]
pub struct Summary {
    pub games: usize,
    pub positions: usize,
    pub white_wins: usize,
    pub draws: usize,
    pub black_wins: usize,
}

/// Why generation stopped.
#[derive(Debug)]
pub enum DatagenError {
    Io(io::Error),
    Book { line: usize, problem: String },
}

impl fmt::Display for DatagenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenError::Io(e) => write!(f, "writing the data: {e}"),
            DatagenError::Book { line, problem } => write!(f, "book line {line}: {problem}"),
        }
    }
}

impl std::error::Error for DatagenError {}

/// Reads an EPD book for `model`'s variant: one position a line (the first four
/// FEN fields; any EPD operations after them are ignored), blank and `#` lines
/// skipped. Every line is checked here so that a bad book fails before any game
/// is played.
pub fn read_book(model: Model, text: &str) -> Result<Vec<String>, DatagenError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = epd::to_fen(line)
            .ok_or_else(|| DatagenError::Book { line: n + 1, problem: "fewer than four FEN fields".into() })?;
        let checked = match model {
            Model::Chess => Chess::from_fen(&fen, ChessRules::default()).map(drop),
            Model::Antichess(rules) => Antichess::from_fen(&fen, rules).map(drop),
            Model::Connect(line) => Connect::from_fen(&fen, connect_rules(line)).map(drop),
        };
        checked.map_err(|e| DatagenError::Book { line: n + 1, problem: e.to_string() })?;
        out.push(fen);
    }
    Ok(out)
}

/// Plays `opts.games` games on `opts.threads` threads and writes their positions to
/// `out` in game order. `progress` sees the running totals after each game written.
pub fn run(opts: &Options, out: &mut impl Write, progress: impl FnMut(&Summary)) -> Result<Summary, DatagenError> {
    match opts.model {
        Model::Chess => run_games::<Chess>(opts, ChessRules::default(), out, progress),
        Model::Antichess(rules) => run_games::<Antichess>(opts, rules, out, progress),
        Model::Connect(line) => run_games::<Connect>(opts, connect_rules(line), out, progress),
    }
}

fn run_games<P: Position>(
    opts: &Options,
    rules: P::Rules,
    out: &mut impl Write,
    mut progress: impl FnMut(&Summary),
) -> Result<Summary, DatagenError> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Vec<Record>)>();
    let mut summary = Summary::default();
    std::thread::scope(|scope| -> Result<(), DatagenError> {
        for _ in 0..opts.threads.max(1) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut searcher = crate::search::Searcher::new(opts.game.hash_mb, 1);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= opts.games {
                        break;
                    }
                    let mut records = play_game::<P>(&mut searcher, opts.seed, i as u64, &opts.book, rules, &opts.game);
                    records.retain(|r| opts.model.trace(&r.fen).is_ok());
                    if tx.send((i, records)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finish out of order on several threads; hold them until their turn.
        let mut pending = BTreeMap::new();
        let mut written = 0;
        let mut failure = None;
        for (i, records) in rx {
            pending.insert(i, records);
            while let Some(records) = pending.remove(&written) {
                if failure.is_none() {
                    if let Err(e) = write_game(out, &records, &mut summary) {
                        failure = Some(e);
                        // Stop handing out games; running ones finish and are dropped.
                        next.store(opts.games, Ordering::Relaxed);
                    } else {
                        progress(&summary);
                    }
                }
                written += 1;
            }
        }
        match failure {
            Some(e) => Err(DatagenError::Io(e)),
            None => Ok(()),
        }
    })?;
    out.flush().map_err(DatagenError::Io)?;
    Ok(summary)
}

fn write_game(out: &mut impl Write, records: &[Record], summary: &mut Summary) -> io::Result<()> {
    for r in records {
        writeln!(out, "{r}")?;
    }
    summary.games += 1;
    summary.positions += records.len();
    // A game that left no quiet position is still counted as played, with no result.
    if let Some(r) = records.first() {
        use crate::tune::data::GameResult::*;
        match r.result {
            WhiteWin => summary.white_wins += 1,
            Draw => summary.draws += 1,
            BlackWin => summary.black_wins += 1,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Searcher;

    #[test]
    fn book_lines_are_epd_and_bad_ones_are_named() {
        let book = read_book(Model::Chess, "# openings\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n").unwrap();
        assert_eq!(book, ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]);
        let err = read_book(Model::Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n8/8/8/8/8/8/8/8 w - -\n").unwrap_err();
        assert!(matches!(err, DatagenError::Book { line: 2, .. }), "{err}");
    }

    /// A game depends on the seed and its number, not on what the searcher did
    /// before; different numbers give different games.
    #[test]
    fn games_are_reproducible_and_varied() {
        let s = GameSettings { nodes: 300, max_plies: 120, ..GameSettings::default() };
        let mut a = Searcher::new(1, 1);
        let mut b = Searcher::new(1, 1);
        let rules = ChessRules::default();
        let first = play_game::<Chess>(&mut a, 3, 0, &[], rules, &s);
        let _ = play_game::<Chess>(&mut b, 3, 1, &[], rules, &s);
        assert_eq!(play_game::<Chess>(&mut b, 3, 0, &[], rules, &s), first);
        assert_ne!(play_game::<Chess>(&mut a, 3, 1, &[], rules, &s), first);
        assert!(!first.is_empty());
        assert!(first.iter().all(|r| r.result == first[0].result && r.score.abs() < s.score_bound));
    }
}
