//! `bench`: a fixed set of positions from every variant searched to a fixed depth
//! with one thread and a fresh table each. The total node count is the engine's
//! signature: it is the same on every run and machine, and changes exactly when
//! search or evaluation behaviour changes (commits carry it as `Bench: N`).

use std::time::Instant;

use crate::core::Position;
use crate::search::{Limits, Searcher, Signals, Silent};
use crate::variants::{with_position, Variant};

/// (variant, FEN, depth). Openings, middlegames and endgames for the chess family,
/// balanced openings for gomoku, the empty tic-tac-toe board (solved).
const POSITIONS: &[(Variant, &str, u32)] = &[
    (Variant::Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 10),
    (Variant::Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
    (Variant::Chess, "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 0 8", 9),
    (Variant::Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 12),
    (Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 10),
    (Variant::Chess, "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1", 9),
    (Variant::Chess960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 9),
    (Variant::Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 10),
    (Variant::Antichess, "rnbqkb1r/pppp1ppp/5n2/4p3/1P3P2/8/P1PPP1PP/RNBQKBNR w - - 0 1", 11),
    (Variant::Antichess, "8/1p6/8/8/8/8/P7/8 w - - 0 1", 12),
    (Variant::Giveaway, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 10),
    (Variant::Suicide, "rnb2k2/ppp3p1/3p4/5p2/3K4/2P5/P1PP4/R1BQ1B2 w - - 0 1", 8),
    (Variant::TicTacToe, "3/3/3[PPPPPpppp] w - - 0 1", 9),
    (Variant::Gomoku, "15/15/15/15/15/6P8/6p8/7P7/15/15/15/15/15/15/15[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] b - - 0 2", 5),
    (Variant::GomokuFreestyle, "15/15/15/15/15/7P7/15/6pP7/15/15/15/15/15/15/15[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] b - - 0 2", 5),
    (Variant::Renju, "15/15/15/15/15/7P7/15/6pP7/15/15/15/15/15/15/15[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] b - - 0 2", 5),
];

/// One position's share of the bench.
#[derive(Debug, Clone)]
pub struct BenchLine {
    pub variant: Variant,
    pub fen: &'static str,
    pub depth: u32,
    pub nodes: u64,
}

#[derive(Debug, Clone)]
pub struct BenchResult {
    pub lines: Vec<BenchLine>,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.elapsed_ms.max(1)
    }
}

/// Runs the bench; `depth` overrides every position's depth. `progress` sees each
/// position as it finishes.
pub fn run(depth: Option<u32>, mut progress: impl FnMut(&BenchLine)) -> BenchResult {
    let start = Instant::now();
    let mut lines = Vec::new();
    for &(variant, fen, default_depth) in POSITIONS {
        let depth = depth.unwrap_or(default_depth);
        let pos = variant.setup(Some(fen), &[]).unwrap_or_else(|e| panic!("bench position {fen}: {e}"));
        let nodes = with_position!(&pos, p => search_nodes(p, depth));
        let line = BenchLine { variant, fen, depth, nodes };
        progress(&line);
        lines.push(line);
    }
    let nodes = lines.iter().map(|l| l.nodes).sum();
    BenchResult { lines, nodes, elapsed_ms: start.elapsed().as_millis() as u64 }
}

/// Nodes of a one-thread, fixed-depth search with a fresh 16 MB table.
fn search_nodes<P: Position>(pos: &P, depth: u32) -> u64 {
    let mut searcher = Searcher::new(16, 1);
    let signals = Signals::new(false);
    searcher.search(pos, &Limits::depth(depth), &signals, &mut Silent).nodes
}
