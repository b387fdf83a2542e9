//! Training positions packed for the network trainer: each `FEN | result | score`
//! line (the format of `crate::tune::data`, written by `ludex datagen`) becomes
//! its inputs as White sees them plus its labels, about 72 bytes, so millions fit
//! in memory and an epoch never parses text.

use std::fmt;
use std::io::BufRead;

use crate::core::Side;
use crate::tune::data::{parse_line, DataError};
use crate::variants::chess::eval as classical;
use crate::variants::chess::nnue::white_features;
use crate::variants::chesslike::fen::parse_fen;
use crate::variants::chesslike::{Board, FenProblem, Square};

/// One position: at most 32 pieces.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Packed {
    /// Input indices as White sees the board; `count` of them are used.
    pub features: [u16; 32],
    pub count: u8,
    pub white_to_move: bool,
    /// Search score in centipawns, from the side to move's view.
    pub score: i16,
    /// Game result from the side to move's view: 0, 0.5 or 1.
    pub result: f32,
    /// The classical evaluation (`chess::eval`) of the position, side to move's
    /// view: the yardstick a network has to beat.
    pub classical: i16,
    /// The classical drawish-ending scale of the position (64ths), which the
    /// engine applies to a correcting network's output too (`eval::Scaled`).
    pub scale: u8,
}

impl Packed {
    pub fn features(&self) -> &[u16] {
        &self.features[..self.count as usize]
    }

}

/// The board with files a..h reversed, without castling rights or en passant.
/// The network does not see either, and without them chess does not care which
/// wing is which, so the mirrored position is a second training example with the
/// same labels (and its own classical score).
pub fn mirrored(b: &Board) -> Board {
    let mut m = Board::empty();
    for sq in b.occupied() {
        if let Some(piece) = b.piece_at(sq) {
            m.put(Square::new(sq.index() as u8 ^ 7), piece);
        }
    }
    m.set_turn(b.turn());
    m.set_counters(b.halfmove_clock(), b.fullmove_number());
    m
}

fn pack(board: &Board, score: i32, result: f32) -> Result<Packed, ()> {
    let mut p = Packed { features: [0; 32], count: 0, white_to_move: board.turn() == Side::White, score: 0, result: 0.0, classical: 0, scale: 0 };
    for f in white_features(board) {
        *p.features.get_mut(p.count as usize).ok_or(())? = f as u16;
        p.count += 1;
    }
    let score = score.clamp(-30000, 30000) as i16;
    (p.score, p.result) = if p.white_to_move { (score, result) } else { (-score, 1.0 - result) };
    let scaled = classical::evaluate_scaled(board);
    p.classical = scaled.score.clamp(-30000, 30000) as i16;
    p.scale = scaled.scale.clamp(0, u8::MAX as i32) as u8;
    Ok(p)
}

/// Why a data file cannot be read.
#[derive(Debug)]
pub enum LoadError {
    Io(std::io::Error),
    Line { line: usize, error: DataError },
    Fen { line: usize, problem: FenProblem },
    TooManyPieces { line: usize },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(e) => write!(f, "reading: {e}"),
            LoadError::Line { line, error } => write!(f, "line {line}: {error}"),
            LoadError::Fen { line, problem } => write!(f, "line {line}: {problem}"),
            LoadError::TooManyPieces { line } => write!(f, "line {line}: more than 32 pieces"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Reads every position of a chess data file, and with `mirror` each one's
/// mirror image too (see [`mirrored`]).
pub fn load(reader: impl BufRead, mirror: bool) -> Result<Vec<Packed>, LoadError> {
    let mut out = Vec::new();
    for (n, line) in reader.lines().enumerate() {
        let line = line.map_err(LoadError::Io)?;
        let Some(rec) = parse_line(&line).map_err(|error| LoadError::Line { line: n + 1, error })? else { continue };
        let board = parse_fen(&rec.fen).map_err(|problem| LoadError::Fen { line: n + 1, problem })?;
        let result = rec.result.value() as f32;
        out.push(pack(&board, rec.score, result).map_err(|()| LoadError::TooManyPieces { line: n + 1 })?);
        if mirror {
            out.push(pack(&mirrored(&board), rec.score, result).map_err(|()| LoadError::TooManyPieces { line: n + 1 })?);
        }
    }
    Ok(out)
}
