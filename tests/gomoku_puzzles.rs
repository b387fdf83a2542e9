//! The engine on every connect puzzle (`tests/data/vcf.puzzles`, `tests/data/vct.puzzles`)
//! through the real binary over UCI, as a host drives it: `setoption name UCI_Variant`,
//! `position fen`, `go nodes N`. The `bestmove` must be one of the puzzle's answers:
//! a first move of a shortest VCF or VCT, or one of the moves that hold against the
//! opponent's threat. Puzzles without a win to find (`novct`, VCF puzzles with
//! `first none`) have no answer to check and are left out.
//!
//! `cargo test --release --test gomoku_puzzles -- --nocapture` prints each answer and
//! the solve rate.

mod common;

use common::engine::Engine;
use common::vcf_puzzles::{load_file, Puzzle};

/// Nodes of tree search per puzzle (the solvers at the root come on top: VCF within
/// 20,000 attacking moves, VCT within 2,000 nodes).
const NODES: u64 = 5_000;

#[test]
fn engine_solves_the_puzzles() {
    let mut puzzles: Vec<Puzzle> = load_file("vcf.puzzles");
    puzzles.extend(load_file("vct.puzzles"));
    let puzzles: Vec<Puzzle> = puzzles.into_iter().filter(|p| !p.first.is_empty()).collect();
    assert!(puzzles.len() >= 30, "{} puzzles with an answer", puzzles.len());
    let mut e = Engine::spawn();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    let mut failures = Vec::new();
    for p in &puzzles {
        e.send(&format!("setoption name UCI_Variant value {}", p.variant));
        e.send("ucinewgame");
        e.send(&format!("position fen {}", p.fen));
        let errors: Vec<String> = e.sync().into_iter().filter(|l| l.starts_with("info string")).collect();
        assert!(errors.is_empty(), "{}: {errors:?}", p.id);
        e.send(&format!("go nodes {NODES}"));
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let best = lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or_default().to_string();
        let played = best.strip_prefix("P@").unwrap_or(&best).to_string();
        let score = lines
            .iter()
            .rev()
            .find_map(|l| l.split(" score ").nth(1))
            .map(|s| s.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .unwrap_or_default();
        let ok = p.first.contains(&played);
        println!("{:<32} {:<6} {:<5} played {played:<4} score {score:<10} {}", p.id, p.kind, p.variant, if ok { "ok" } else { "WRONG" });
        if !ok {
            failures.push(format!("{} ({}): played {played}, answers {:?}\n{lines:?}", p.id, p.kind, p.first));
        }
    }
    println!("engine: {}/{} puzzles solved at {NODES} nodes", puzzles.len() - failures.len(), puzzles.len());
    e.send("quit");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
