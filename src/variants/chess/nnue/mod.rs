//! A small efficiently updatable neural network (NNUE) for the chess evaluation,
//! trained by `ludex train-nnue` on Ludex's own self-play (see `crate::train`).
//!
//! The shape is the simplest one that strong small engines start from:
//! `(768 -> HIDDEN) x 2 -> 1`. Each side has its own view of the board (its
//! pieces as "ours", the board mirrored for Black), so one set of first-layer
//! weights serves both; the two hidden vectors (the side to move's first) are
//! activated by SCReLU, `clamp(x, 0, 1)^2`, and a dot product gives the score.
//!
//! The first layer is kept up to date move by move in an [`Accumulator`] rather
//! than recomputed: a move changes two to four of the 768 inputs, so an update is
//! a few vector additions instead of thirty-two. The engine works in integers
//! (`QA`, `QB` below) so that updates are exact and undo is a copy.

mod accumulator;
mod network;
#[cfg(test)]
mod tests;

pub use accumulator::Accumulator;
pub use network::{embedded, read_header, HeaderError, NetError, NetFileError, NetFileProblem, Network, FULL_WEIGHT, MAX_WEIGHT};

use crate::core::Side;
use crate::variants::chesslike::{Board, Role, Square};

/// Inputs: (ours or theirs) x 6 roles x 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units per side's view.
pub const HIDDEN: usize = 512;
/// Fixed-point scale of the first layer and of the activation's range [0, 1].
pub const QA: i32 = 255;
/// Fixed-point scale of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output, whose logistic sigmoid is the
/// expected score. 150 is where Ludex's own centipawns already sit: the Texel
/// fit of its games gives K = 1.15 in `1 / (1 + 10^(-K cp / 400))`, which is
/// `sigmoid(cp / 151)`. Keeping the scale means the search's margins (futility,
/// razoring, aspiration) keep their meaning.
pub const SCALE: i32 = 150;
/// The largest weight the trainer lets the output layer take, so that the
/// engine's integer dot product cannot overflow: one view's largest sum,
/// `HIDDEN * QA^2 * QB * WEIGHT_CLIP`, stays below `i32::MAX` (the two views are
/// added in `i64`). It follows the width: 1.98 at 256 hidden units, 0.99 at 512.
pub const WEIGHT_CLIP: f32 = 0.98 * i32::MAX as f32 / (HIDDEN as f32 * (QA * QA) as f32 * QB as f32);

/// The input index of a `side` `role` on `sq` as `view` sees the board.
#[inline(always)]
pub fn feature(view: Side, side: Side, role: Role, sq: Square) -> usize {
    let theirs = (side != view) as usize;
    let sq = if view == Side::White { sq.index() } else { sq.index() ^ 56 };
    (theirs * 6 + role.index()) * 64 + sq
}

/// The inputs of every piece on `b` as White sees the board.
pub fn white_features(b: &Board) -> impl Iterator<Item = usize> + '_ {
    [Side::White, Side::Black].into_iter().flat_map(move |side| {
        Role::ALL.into_iter().flat_map(move |role| b.pieces(side, role).map(move |sq| feature(Side::White, side, role, sq)))
    })
}

/// The same input seen from the other side: ours and theirs swap and the board
/// is mirrored.
#[inline(always)]
pub fn flip_feature(f: usize) -> usize {
    (f + INPUTS / 2) % INPUTS ^ 56
}
