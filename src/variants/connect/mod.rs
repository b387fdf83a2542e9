//! Connect games: m,n,k-games where two players drop stones and the first to complete
//! a line of `k` wins. One position type plays tic-tac-toe (3x3, three in a row),
//! gomoku (exactly five, Gomocup rule 1) and gomoku freestyle (five or more, Gomocup
//! rule 0) on any board from 3x3 to 22x22, as Cute Chess models them, and renju
//! (Gomocup rule 4) on 15x15.
//!
//! - [`rules`]: line length, overline rule, default board ([`ConnectRules`]);
//! - [`geometry`]: the padded board array and square names ([`Cell`]);
//! - `fen`, `notation`: Cute Chess's pocket FEN and `P@h8` drops;
//! - `lines`: win detection through the last stone; `linebits`: the board as line bit sets;
//! - `pattern`, `pattern_table`: what a stone makes on one line (five, open four,
//!   four, open three, ...), defined from first principles and tabled at start-up;
//! - `cell_class`, `patterns`, `cell_set`: per empty cell and side the four line
//!   patterns and the combined class ([`CellClass`]), kept incrementally; `combo`:
//!   the four patterns as one multiset, which the evaluation weighs per cell;
//! - [`eval`], `params`: the pattern evaluation (its weights in a table per rule set
//!   that `ludex tune` fits, laid out by `eval::layout`) and move scoring;
//! - [`renju`]: the first player's forbidden moves under renju (Gomocup rule 4);
//! - [`vcf`], [`vct`]: solvers for wins by continuous fours, and by fours and threes
//!   (`threat_board` is their shared light board, `fail_table` their table);
//! - `zobrist`, `position`, `pretty`: hashing, make/unmake, the board for people.

mod cell_class;
mod cell_set;
mod combo;
pub mod eval;
mod fen;
pub mod geometry;
mod linebits;
mod lines;
mod notation;
mod params;
mod pattern;
mod pattern_table;
mod patterns;
mod position;
mod pretty;
pub mod renju;
pub mod rules;
mod threats;
pub mod vcf;
pub mod vct;
mod fail_table;
mod threat_board;
mod zobrist;

#[cfg(test)]
mod tests;

pub use cell_class::CellClass;
pub use geometry::Cell;
pub use pattern::Pattern;
pub use rules::{ConnectRules, LineRule};
pub use vcf::{vcf, VcfOutcome, VcfSolver};
pub use vct::{vct, VctOutcome, VctSolver};

use crate::core::Side;
use geometry::CELLS;
use position::Undo;

/// A connect-game position (gomoku, gomoku freestyle, tic-tac-toe). White places
/// `P` stones (shown `X`) and moves first; Black places `p` (shown `O`).
#[derive(Clone)]
pub struct Connect {
    rules: ConnectRules,
    width: u8,
    height: u8,
    /// Padded board (see `geometry`): `EMPTY`, a side's stone, or `WALL`.
    cells: [u8; CELLS],
    /// Stones on the board per side.
    stones: [u16; 2],
    to_move: Side,
    /// Set when the last move completed a winning line.
    winner: Option<Side>,
    halfmove: u32,
    fullmove: u32,
    last: Option<Cell>,
    hash: u64,
    /// Made moves, for `unmake_move`; reserved for a full board so play never allocates.
    history: Vec<Undo>,
    /// The board again as bits along every line, for the pattern reads.
    lines: linebits::LineBoards,
    /// Line patterns and cell classes of every empty cell, both sides.
    patterns: patterns::Patterns,
    keys: &'static zobrist::Keys,
}
