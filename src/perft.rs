//! Perft: counting leaf nodes of the legal-move tree, the standard check that a move
//! generator is right (and fast). Generic over every variant.

use crate::core::{MoveList, Position};

/// One root move and the leaf count below it, as `go perft` prints them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DivideLine {
    pub mv: String,
    pub nodes: u64,
}

/// Perft split by root move (Stockfish's `go perft` output). Depth 0 gives no lines
/// and a total of 1.
pub fn divide<P: Position>(pos: &mut P, depth: u32) -> (Vec<DivideLine>, u64) {
    if depth == 0 {
        return (Vec::new(), 1);
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut lines = Vec::with_capacity(list.len());
    let mut total = 0;
    for &mv in list.iter() {
        let text = pos.format_move(mv);
        pos.make_move(mv);
        let nodes = pos.perft(depth - 1);
        pos.unmake_move();
        total += nodes;
        lines.push(DivideLine { mv: text, nodes });
    }
    (lines, total)
}
