//! What the engine does with one position type that needs no search: perft and
//! the `d` display. Generic, so each variant gets its own
//! monomorphised copy and the variant is matched once per command in `engine`.

use crate::core::{MoveList, Position};
use crate::perft::{divide, DivideLine};

/// Perft split by root move, the moves already formatted.
pub fn perft<P: Position>(pos: &P, depth: u32) -> (Vec<DivideLine>, u64) {
    let mut scratch = pos.clone();
    divide(&mut scratch, depth)
}

/// Legal moves are listed in `d` only up to this many; a gomoku board has hundreds.
const LIST_MOVES_UP_TO: usize = 64;

/// The lines of the `d` command: the board, then FEN, hash, legal moves and result.
pub fn describe<P: Position>(pos: &P) -> Vec<String> {
    let mut lines: Vec<String> = pos.pretty().lines().map(str::to_string).collect();
    lines.push(String::new());
    lines.push(format!("Fen: {}", pos.to_fen()));
    lines.push(format!("Key: {:016X}", pos.hash()));
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if list.len() <= LIST_MOVES_UP_TO {
        let mut moves: Vec<String> = list.iter().map(|&m| pos.format_move(m)).collect();
        moves.sort();
        lines.push(format!("Legal moves ({}): {}", moves.len(), moves.join(" ")).trim_end().to_string());
    } else {
        lines.push(format!("Legal moves ({})", list.len()));
    }
    if let Some(outcome) = pos.outcome() {
        lines.push(format!("Result: {} ({})", outcome.result_str(), outcome.termination));
    }
    lines
}

/// The `eval` lines: the static evaluation's terms and total, from the side to move.
pub fn eval_lines<P: Position>(pos: &P) -> Vec<String> {
    let side = match pos.side_to_move() {
        crate::core::Side::White => "White",
        crate::core::Side::Black => "Black",
    };
    let mut lines: Vec<String> =
        pos.eval_terms().iter().map(|(name, v)| format!("{name:<24} {:>+8}", v)).collect();
    lines.push(format!("{:<24} {:>+8}", "Total", pos.clone().evaluate()));
    lines.push(format!("(centipawn-like units from the side to move: {side})"));
    lines
}

/// Why each of `moves` is not a legal move in `pos` (one message per rejected text,
/// naming it); the legal ones give nothing.
pub fn rejected_moves<P: Position>(pos: &P, moves: &[String]) -> Vec<String> {
    moves.iter().filter_map(|text| pos.parse_move(text).err().map(|e| e.to_string())).collect()
}
