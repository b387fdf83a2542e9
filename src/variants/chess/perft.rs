//! Bulk-counting perft: at the last ply the legal moves are counted by popcount
//! (the [`Counter`] sink) instead of being generated and played, the same
//! convention Stockfish's `go perft` uses for its leaf counts.

use super::movegen::{generate, Counter};
use crate::core::MoveList;
use crate::variants::chesslike::{Board, Move};

/// The number of legal move sequences of length `depth` from `board`.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut c = Counter::default();
            generate::<_, false>(board, &mut c);
            c.0
        }
        _ => {
            let mut list = MoveList::<Move>::new();
            generate::<_, false>(board, &mut list);
            let mut total = 0;
            for &mv in list.iter() {
                let mut child = *board;
                child.play(mv);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}
