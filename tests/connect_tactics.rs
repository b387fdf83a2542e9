//! Connect-game tactics over UCI, driven the way a host drives the binary: the
//! engine takes an immediate win, blocks the opponent's four, and finds short forced
//! wins (open three to open four, four-three), in gomoku (exactly five) and
//! gomokufreestyle (five or more), including the overline that only wins in
//! freestyle.
//!
//! Positions are written as the stones of each side; the first player (`X`, who
//! moves first) and the second (`O`) alternate, so the move list interleaves them.
//! Filler stones sit apart on the edge, where they form no line of their own.

mod common;

use common::engine::Engine;

const BOTH: [&str; 2] = ["gomoku", "gomokufreestyle"];

/// The `moves` of `position startpos`: `x` and `o` interleaved, X first.
fn moves(x: &[&str], o: &[&str]) -> String {
    assert!(x.len() == o.len() || x.len() == o.len() + 1, "X moves first, then they alternate");
    let mut out = Vec::new();
    for i in 0..x.len() {
        out.push(format!("P@{}", x[i]));
        if let Some(c) = o.get(i) {
            out.push(format!("P@{c}"));
        }
    }
    out.join(" ")
}

/// The last `info … score` and the `bestmove` of one search.
struct Answer {
    best: String,
    score: String,
}

fn search(variant: &str, x: &[&str], o: &[&str], go: &str) -> Answer {
    let mut e = Engine::uci(variant);
    if x.is_empty() {
        e.send("position startpos");
    } else {
        e.send(&format!("position startpos moves {}", moves(x, o)));
    }
    e.sync();
    e.send(go);
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    let score = lines
        .iter()
        .rev()
        .filter_map(|l| l.split(" score ").nth(1))
        .map(|s| s.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .next()
        .unwrap_or_default();
    let best = lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or_default().to_string();
    e.send("quit");
    Answer { best, score }
}

fn cell(best: &str) -> &str {
    best.strip_prefix("P@").unwrap_or(best)
}

#[test]
fn takes_a_win_in_one() {
    // X: a four on rank 8, open at both ends.
    let x = ["h8", "i8", "j8", "k8"];
    let o = ["a1", "a15", "o1", "o15"];
    for v in BOTH {
        let a = search(v, &x, &o, "go movetime 200");
        assert!(["g8", "l8"].contains(&cell(&a.best)), "{v}: {} is not a winning cell", a.best);
        assert_eq!(a.score, "mate 1", "{v}");
    }
}

#[test]
fn blocks_a_four() {
    // X's four h8-k8 is closed at g8 by O, so l8 is X's only winning cell; O (to
    // move) has no win of its own and must take l8.
    let x = ["h8", "i8", "j8", "k8"];
    let o = ["g8", "a1", "o1"];
    for v in BOTH {
        let a = search(v, &x, &o, "go movetime 200");
        assert_eq!(cell(&a.best), "l8", "{v}: must block the four");
    }
}

#[test]
fn open_three_becomes_an_open_four() {
    // X: an open three h8-j8, O has nothing. g8 or k8 makes an open four (two
    // winning cells, one block): a win in two moves. f8 or l8 only makes a broken
    // four, which one stone stops.
    let x = ["h8", "i8", "j8"];
    let o = ["a1", "o15", "a15"];
    for v in BOTH {
        let a = search(v, &x, &o, "go depth 4");
        assert!(["g8", "k8"].contains(&cell(&a.best)), "{v}: {} does not make an open four", a.best);
        assert_eq!(a.score, "mate 2", "{v}");
    }
}

#[test]
fn four_three_wins() {
    // X: f8-h8 closed at e8 by O, and i9-i10 on the file. i8 makes the four f8-i8
    // (O must take j8) and the open three i8-i10, which then becomes an open four:
    // a win in three moves, and nothing wins faster.
    let x = ["f8", "g8", "h8", "i9", "i10"];
    let o = ["e8", "a1", "o1", "a15", "o15"];
    for v in BOTH {
        let a = search(v, &x, &o, "go depth 6");
        assert_eq!(cell(&a.best), "i8", "{v}");
        assert_eq!(a.score, "mate 3", "{v}");
    }
}

#[test]
fn overline_wins_only_in_freestyle() {
    // X: e8-h8 and j8, with d8 taken by O; i8 makes six in a row. O threatens five
    // at f10 (its four b10-e10 is closed at a10 by X). In freestyle six wins at once;
    // under exactly five it does not, and X must block f10.
    let x = ["e8", "f8", "g8", "h8", "j8", "a10"];
    let o = ["d8", "b10", "c10", "d10", "e10", "o1"];
    let free = search("gomokufreestyle", &x, &o, "go movetime 200");
    assert_eq!(cell(&free.best), "i8", "freestyle: six in a row wins");
    assert_eq!(free.score, "mate 1");
    let exact = search("gomoku", &x, &o, "go movetime 200");
    assert_eq!(cell(&exact.best), "f10", "gomoku: six does not win, the four must be blocked");
}

#[test]
fn first_stone_goes_to_the_centre() {
    for v in BOTH {
        let a = search(v, &[], &[], "go movetime 200");
        assert_eq!(cell(&a.best), "h8", "{v}");
    }
}

#[test]
fn searchmoves_reaches_a_far_cell() {
    // The root normally searches only cells near stones; searchmoves still works.
    let a = search("gomoku", &["h8"], &[], "go depth 2 searchmoves P@a1");
    assert_eq!(a.best, "P@a1");
}
