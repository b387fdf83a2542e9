//! Decided connect positions are reported as forced results (`score mate N` over
//! UCI, `mate N` in Gomocup's `MESSAGE`), with the depth the search needed, and a
//! lost side plays the defence that lasts longest.

mod common;

use common::engine::{parse_bestmove, Engine};

/// White (to move) has an open four on the 8th rank: it wins with its next move.
const WIN_NEXT: &str = "15/15/15/15/15/15/15/3PPPP8/15/15/15/15/15/15/p1p1p1p8 w - - 0 1";

/// Black to move. White has a four on the 8th rank (c8 is Black's, h8 completes it)
/// and an open three on the 12th (f12-h12). Black must block h8; White then makes an
/// open four from the three and wins: lost in 4 plies. Any other move loses in 2.
const LOST_IN_FOUR: &str = "15/15/15/5PPP7/15/15/15/2pPPPP8/15/15/15/15/15/15/p1p1p1p1p6 b - - 0 1";

/// The `score` of the last `info` line with one, as its two tokens (`mate 1`).
fn last_score(lines: &[String]) -> (String, u32) {
    let line = lines.iter().rev().find(|l| l.contains(" score ")).expect("an info line with a score");
    let t: Vec<&str> = line.split_whitespace().collect();
    let i = t.iter().position(|&w| w == "score").unwrap();
    let d = t.iter().position(|&w| w == "depth").unwrap();
    (format!("{} {}", t[i + 1], t[i + 2]), t[d + 1].parse().unwrap())
}

#[test]
fn a_win_next_move_is_mate_one() {
    for variant in ["gomoku", "gomokufreestyle"] {
        let mut e = Engine::uci(variant);
        e.send(&format!("position fen {WIN_NEXT}"));
        let (lines, best) = e.go("depth 60");
        let (score, depth) = last_score(&lines);
        assert_eq!(score, "mate 1", "{variant}: {lines:?}");
        assert!(depth <= 6, "{variant}: iterations ran on to depth {depth}");
        let mv = parse_bestmove(&best).0.unwrap();
        assert!(mv.ends_with("@c8") || mv.ends_with("@h8"), "{variant}: {mv}");
    }
}

#[test]
fn a_lost_side_blocks_the_nearest_threat_and_says_so() {
    let mut e = Engine::uci("gomoku");
    e.send(&format!("position fen {LOST_IN_FOUR}"));
    for go in ["depth 60", "movetime 300", "wtime 5000 btime 5000"] {
        let (lines, best) = e.go(go);
        let (score, depth) = last_score(&lines);
        assert_eq!(score, "mate -2", "{go}: {lines:?}");
        assert!(depth <= 12, "{go}: depth {depth}");
        let mv = parse_bestmove(&best).0.unwrap();
        assert!(mv.ends_with("@h8"), "{go}: {mv} does not block the four");
    }
    // No line reports the decided position as centipawns.
    let (lines, _) = e.go("depth 8");
    assert!(lines.iter().all(|l| !l.contains("score cp")), "{lines:?}");
}

#[test]
fn gomocup_messages_carry_mate_scores() {
    let mut e = Engine::spawn();
    for l in ["START 15", "INFO rule 1", "INFO timeout_turn 1000", "BOARD"] {
        e.send(&format!("{l}\r"));
    }
    assert_eq!(e.read_line(), "OK");
    // LOST_IN_FOUR from Black's side: our stones (1) are Black's, theirs (2) White's.
    let theirs = [(5, 3), (6, 3), (7, 3), (3, 7), (4, 7), (5, 7), (6, 7)];
    let ours = [(2, 7), (0, 14), (2, 14), (4, 14), (6, 14), (8, 14)];
    for (x, y) in theirs {
        e.send(&format!("{x},{y},2\r"));
    }
    for (x, y) in ours {
        e.send(&format!("{x},{y},1\r"));
    }
    e.send("DONE\r");
    let lines = e.read_until(|l| !l.starts_with("MESSAGE"));
    let answer = lines.last().unwrap();
    assert_eq!(answer, "7,7", "{lines:?}");
    let last_message = lines.iter().rev().find(|l| l.starts_with("MESSAGE depth")).expect("a MESSAGE");
    assert!(last_message.contains(" mate -2 "), "{last_message}");
}

/// White to move has a VCT of 13 plies (i9 first) that the VCT solver proves in
/// about 13,600 nodes, and no VCF: beyond the root solver's fixed 2,000 nodes, within
/// its share of a two-second move. (The tree search alone needs some 1.5 s and
/// depth 16 to see a win here, a mate in 6 through j8.)
const LONG_VCT: &str = "15/15/15/15/15/9P1p3/3pp10/7P7/5p3P5/5P9/15/15/15/15/15 w - - 0 5";

#[test]
fn on_a_clock_the_root_solver_proves_a_long_vct() {
    let mut e = Engine::uci("gomoku");
    e.send(&format!("position fen {LONG_VCT}"));
    // Without a clock the solver keeps its fixed budget and the search is too
    // shallow to see the win.
    let (lines, _) = e.go("depth 2");
    assert!(lines.iter().all(|l| !l.contains("score mate")), "{lines:?}");
    let (lines, best) = e.go("movetime 2000");
    let (score, depth) = last_score(&lines);
    assert_eq!(score, "mate 7", "{lines:?}");
    assert_eq!(depth, 13, "the depth is the proven line's length: {lines:?}");
    assert_eq!(parse_bestmove(&best).0.as_deref(), Some("P@i9"), "{lines:?}");
}
