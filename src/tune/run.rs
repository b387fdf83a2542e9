//! One tuning run, from a data stream to fitted parameters: load and trace every
//! position, fit `K`, descend, round. File handling and printing stay with the
//! caller (`main.rs`), so tests drive the same code with in-memory data.

use std::fmt;
use std::io::BufRead;

use super::data::{parse_line, DataError};
use super::optimise::{fit_k, loss, tune, Sample, Settings};
use super::Model;
use crate::variants::chesslike::tapered::S;

/// What to fit and how.
#[derive(Debug, Clone)]
pub struct Options {
    pub model: Model,
    pub epochs: usize,
    pub lr: f64,
    /// Weight of the search score in the target (0: game result only).
    pub lambda: f64,
    /// Use this `K` instead of fitting it.
    pub k: Option<f64>,
    /// Threads sharing each pass over the data.
    pub threads: usize,
    /// Where the descent starts (flat, as [`Model::current`]); the engine's weights if `None`.
    pub start: Option<Vec<S>>,
}

impl Default for Options {
    fn default() -> Self {
        Options { model: Model::Chess, epochs: 300, lr: 1.0, lambda: 0.0, k: None, threads: 1, start: None }
    }
}

/// What a run found.
#[derive(Debug, Clone)]
pub struct Summary {
    pub positions: usize,
    pub k: f64,
    pub loss_before: f64,
    pub loss_after: f64,
    /// The fitted parameters, rounded to whole centipawns, in `layout` order.
    pub params: Vec<S>,
}

/// Why the data could not be used.
#[derive(Debug)]
pub enum TuneError {
    Io(std::io::Error),
    Line { line: usize, error: DataError },
    Fen { line: usize, fen: String, problem: String },
    NoData,
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::Io(e) => write!(f, "reading the data: {e}"),
            TuneError::Line { line, error } => write!(f, "data line {line}: {error}"),
            TuneError::Fen { line, fen, problem } => write!(f, "data line {line}: FEN '{fen}': {problem}"),
            TuneError::NoData => f.write_str("the data holds no positions"),
        }
    }
}

impl std::error::Error for TuneError {}

/// Reads and traces every position of a data stream for `model`.
pub fn load(model: Model, reader: impl BufRead) -> Result<Vec<Sample>, TuneError> {
    let mut samples = Vec::new();
    for (n, line) in reader.lines().enumerate() {
        let line = line.map_err(TuneError::Io)?;
        let Some(rec) = parse_line(&line).map_err(|error| TuneError::Line { line: n + 1, error })? else { continue };
        let trace = model.trace(&rec.fen).map_err(|problem| TuneError::Fen { line: n + 1, fen: rec.fen.clone(), problem })?;
        samples.push(Sample { trace, result: rec.result.value(), score: rec.score as f64 });
    }
    Ok(samples)
}

/// Fits the weights, starting from `opts.start` or the engine's current ones.
/// `progress` sees the fitted `K` as epoch 0, then every epoch's loss.
pub fn run(samples: &[Sample], opts: &Options, mut progress: impl FnMut(usize, f64)) -> Result<Summary, TuneError> {
    if samples.is_empty() {
        return Err(TuneError::NoData);
    }
    let start = opts.start.clone().unwrap_or_else(|| opts.model.current());
    let mut params: Vec<[f64; 2]> = start.iter().map(|p| [p.mg as f64, p.eg as f64]).collect();
    let k = opts.k.unwrap_or_else(|| fit_k(samples, &params, opts.threads));
    progress(0, k);
    let loss_before = loss(samples, &params, k, opts.lambda);
    let settings = Settings { epochs: opts.epochs, lr: opts.lr, lambda: opts.lambda, k, threads: opts.threads };
    tune(samples, &mut params, &settings, progress);
    let rounded: Vec<S> = params.iter().map(|p| S { mg: p[0].round() as i32, eg: p[1].round() as i32 }).collect();
    let as_f: Vec<[f64; 2]> = rounded.iter().map(|p| [p.mg as f64, p.eg as f64]).collect();
    let loss_after = loss(samples, &as_f, k, opts.lambda);
    Ok(Summary { positions: samples.len(), k, loss_before, loss_after, params: rounded })
}
