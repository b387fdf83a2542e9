//! The engine plays a victory by continuous fours at once: every puzzle of
//! `tests/data/vcf.puzzles` with a VCF, sent over UCI and searched to depth 1 only
//! (far too shallow for the tree search to see a three-move VCF), must come back as
//! one of the puzzle's winning first moves with a `score mate` line; puzzles with no
//! VCF must not claim a win unless the VCT solver proves one (those wins are checked
//! reply by reply in `tests/vct_puzzles.rs`).

mod common;

use common::engine::Engine;
use common::vcf_puzzles::load;
use ludex::core::Position;
use ludex::variants::connect::{vct, Connect};

#[test]
fn engine_plays_every_vcf_at_depth_one() {
    let mut e = Engine::spawn();
    let mut solved = 0;
    let puzzles = load();
    assert!(puzzles.len() >= 10, "too few puzzles read");
    for p in puzzles {
        e.send(&format!("setoption name UCI_Variant value {}", p.variant));
        e.send(&format!("position fen {}", p.fen));
        let errors: Vec<String> = e.sync().into_iter().filter(|l| l.starts_with("info string error")).collect();
        assert!(errors.is_empty(), "{}: {errors:?}", p.id);
        e.send("go depth 1");
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
        let first: Vec<String> = p.first.iter().map(|c| format!("P@{c}")).collect();
        let claims_win = lines.iter().any(|l| l.contains(" score mate ") && !l.contains(" score mate -"));
        if p.length >= 1 && !first.is_empty() {
            assert!(first.contains(&best), "{}: played {best}, wins start with {first:?}\n{lines:?}", p.id);
            assert!(claims_win, "{}: no mate score\n{lines:?}", p.id);
            solved += 1;
        } else if claims_win {
            let pos = Connect::from_fen(&p.fen, p.rules).unwrap();
            assert!(vct(&pos, 100_000).is_some(), "{}: claims a win with no VCF or VCT\n{lines:?}", p.id);
        }
    }
    assert!(solved >= 8, "only {solved} puzzles with a VCF");
}
