//! Bulk-counting perft: at the last ply the legal moves are counted by popcount
//! (the [`Counter`] sink) instead of being generated and played, the same
//! convention Stockfish's and Fairy-Stockfish's `go perft` use for their leaf counts.

use super::movegen::{generate, Counter};
use super::state::State;
use crate::core::MoveList;
use crate::variants::chesslike::Move;

/// The number of legal move sequences of length `depth` from `state`.
pub fn perft(state: &State, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut c = Counter::default();
            generate::<_, false>(&state.board, state.promoted, &mut c);
            c.0
        }
        _ => {
            let mut list = MoveList::<Move>::new();
            generate::<_, false>(&state.board, state.promoted, &mut list);
            let mut total = 0;
            for &mv in list.iter() {
                let mut child = *state;
                child.play(mv);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}
