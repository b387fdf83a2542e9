//! The tuner's output: a plain parameter file, one traced parameter a line,
//!
//! ```text
//! # comment
//! MATERIAL 0 82 100
//! PSQT 70 -9 -8
//! TEMPO 0 18 8
//! ```
//!
//! `NAME index mg eg`: the weight group (the model's `eval/layout.rs`), the element index within
//! it (`PSQT` is `role * 64 + square`, so the knight on g1 is index 70; 0 for a
//! single value), and the middlegame and endgame values in whole centipawns (the
//! connect games have no phase: the engine reads only their `mg`, and a fit leaves
//! `eg` as it was, 0). Lines
//! may come in any order; a weight not listed keeps its current value. The engine
//! does not read this file at run time (runtime weights would slow the evaluation):
//! the tuner's `--emit-rust` writes the same values as `weights.rs`.

use std::fmt;

use super::Model;
use crate::variants::chesslike::tapered::S;
use crate::variants::connect::LineRule;

/// Renders `params` (flat, as `Model::current`) as a parameter file.
pub fn write(model: Model, params: &[S]) -> String {
    let what = match model {
        Model::Chess => "chess",
        Model::Antichess(_) => "antichess family",
        Model::Connect(LineRule::ExactlyK) => "exactly-five gomoku",
        Model::Connect(LineRule::KOrMore) => "gomoku freestyle",
        Model::Connect(LineRule::Renju) => "renju",
    };
    let mut out = format!("# Ludex {what} evaluation parameters (ludex tune): NAME index mg eg\n");
    let mut at = 0;
    for (name, size) in model.groups() {
        for i in 0..size {
            let p = params[at + i];
            out.push_str(&format!("{name} {i} {} {}\n", p.mg, p.eg));
        }
        at += size;
    }
    out
}

/// Why a parameter file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamFileError {
    pub line: usize,
    pub problem: String,
}

impl fmt::Display for ParamFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for ParamFileError {}

/// Reads a parameter file for `model` over its current values.
pub fn parse(model: Model, text: &str) -> Result<Vec<S>, ParamFileError> {
    let mut params = model.current();
    let groups = model.groups();
    for (n, line) in text.lines().enumerate() {
        let err = |problem: String| ParamFileError { line: n + 1, problem };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let [name, index, mg, eg] = f[..] else { return Err(err("expected 'NAME index mg eg'".into())) };
        let g = groups.iter().position(|&(n, _)| n == name).ok_or_else(|| err(format!("unknown parameter '{name}'")))?;
        let start: usize = groups[..g].iter().map(|&(_, size)| size).sum();
        let size = groups[g].1;
        let i: usize = index.parse().map_err(|_| err(format!("bad index '{index}'")))?;
        if i >= size {
            return Err(err(format!("{name} has {size} elements, not {}", i + 1)));
        }
        let num = |t: &str| t.parse::<i32>().map_err(|_| err(format!("bad value '{t}'")));
        params[start + i] = S { mg: num(mg)?, eg: num(eg)? };
    }
    Ok(params)
}
