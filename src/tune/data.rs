//! The training-data format shared by `ludex datagen` (writer) and `ludex tune`
//! (reader). One position per line, plain text so that files can be concatenated,
//! shuffled, counted and inspected with ordinary shell tools:
//!
//! ```text
//! <FEN> | <result> | <score>
//! rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3 | 0.5 | 18
//! ```
//!
//! - `FEN`: the position, a full six-field FEN (X-FEN castling).
//! - `result`: the result of the game the position was played in, from White's
//!   point of view: `1.0` White won, `0.5` draw, `0.0` Black won.
//! - `score`: the search score of the position in centipawns, from White's point of
//!   view (not the side to move's), so that result and score read the same way.
//!
//! Blank lines and lines starting with `#` are ignored by the reader.

use std::fmt;

/// A game result from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    BlackWin,
    Draw,
    WhiteWin,
}

impl GameResult {
    /// The training target: 1 for a White win, 0.5 for a draw, 0 for a Black win.
    pub fn value(self) -> f64 {
        match self {
            GameResult::BlackWin => 0.0,
            GameResult::Draw => 0.5,
            GameResult::WhiteWin => 1.0,
        }
    }

    fn text(self) -> &'static str {
        match self {
            GameResult::BlackWin => "0.0",
            GameResult::Draw => "0.5",
            GameResult::WhiteWin => "1.0",
        }
    }

    /// Accepts `1.0`/`1`/`1-0`, `0.5`/`1/2-1/2`, `0.0`/`0`/`0-1`.
    fn parse(text: &str) -> Option<GameResult> {
        match text {
            "1.0" | "1" | "1-0" => Some(GameResult::WhiteWin),
            "0.5" | "1/2-1/2" => Some(GameResult::Draw),
            "0.0" | "0" | "0-1" => Some(GameResult::BlackWin),
            _ => None,
        }
    }
}

/// One labelled position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub fen: String,
    pub result: GameResult,
    /// Centipawns from White's point of view.
    pub score: i32,
}

impl fmt::Display for Record {
    /// The line as the file holds it (without the newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} | {} | {}", self.fen, self.result.text(), self.score)
    }
}

/// Why a line is not a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataError {
    /// Not three fields separated by `|`.
    Fields,
    EmptyFen,
    Result(String),
    Score(String),
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Fields => f.write_str("expected 'FEN | result | score'"),
            DataError::EmptyFen => f.write_str("empty FEN"),
            DataError::Result(r) => write!(f, "result '{r}' is not 1.0, 0.5 or 0.0"),
            DataError::Score(s) => write!(f, "score '{s}' is not a whole number of centipawns"),
        }
    }
}

impl std::error::Error for DataError {}

/// Parses one line. Returns `Ok(None)` for a blank or comment line. The FEN is
/// only split off here, not checked: the reader that needs a position parses it.
pub fn parse_line(line: &str) -> Result<Option<Record>, DataError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, result, score] = fields[..] else { return Err(DataError::Fields) };
    if fen.is_empty() {
        return Err(DataError::EmptyFen);
    }
    let result = GameResult::parse(result).ok_or_else(|| DataError::Result(result.to_string()))?;
    let score = score.parse::<i32>().map_err(|_| DataError::Score(score.to_string()))?;
    Ok(Some(Record { fen: fen.to_string(), result, score }))
}
