//! Tic-tac-toe, exhaustively: every reachable position where the game is still on
//! (4,520 of them) is given to Ludex over UCI as a FEN, and its move must keep the
//! game-theoretic value, which this file computes with its own plain minimax: it
//! never turns a win into a draw or a loss, nor a draw into a loss.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use common::engine::{parse_bestmove, Engine};

/// 0 empty, 1 X (White, `P`, moves first), 2 O (Black, `p`). Index = rank * 3 + file,
/// rank 0 being rank 1.
type Board = [u8; 9];

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

fn winner(b: &Board) -> Option<u8> {
    LINES.iter().find(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]]).map(|l| b[l[0]])
}

fn count(b: &Board, who: u8) -> usize {
    b.iter().filter(|&&c| c == who).count()
}

fn to_move(b: &Board) -> u8 {
    if count(b, 1) == count(b, 2) {
        1
    } else {
        2
    }
}

fn is_terminal(b: &Board) -> bool {
    winner(b).is_some() || b.iter().all(|&c| c != 0)
}

/// The value for the side to move: 1 win, 0 draw, -1 loss.
fn value(b: &Board, memo: &mut BTreeMap<Board, i8>) -> i8 {
    if let Some(&v) = memo.get(b) {
        return v;
    }
    let v = if winner(b).is_some() {
        -1 // the previous move won
    } else if b.iter().all(|&c| c != 0) {
        0
    } else {
        let me = to_move(b);
        (0..9)
            .filter(|&i| b[i] == 0)
            .map(|i| {
                let mut c = *b;
                c[i] = me;
                -value(&c, memo)
            })
            .max()
            .unwrap()
    };
    memo.insert(*b, v);
    v
}

/// Every reachable position where the game is not over.
fn reachable() -> BTreeSet<Board> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![[0u8; 9]];
    while let Some(b) = stack.pop() {
        if is_terminal(&b) || !seen.insert(b) {
            continue;
        }
        let me = to_move(&b);
        for i in (0..9).filter(|&i| b[i] == 0) {
            let mut c = b;
            c[i] = me;
            stack.push(c);
        }
    }
    seen
}

/// The X-FEN of a position: ranks 3 to 1, then the pockets (X has five stones in all,
/// O four), the side to move, and the move counters.
fn fen(b: &Board) -> String {
    let mut ranks = Vec::new();
    for rank in (0..3).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for file in 0..3 {
            match b[rank * 3 + file] {
                0 => empty += 1,
                c => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(if c == 1 { 'P' } else { 'p' });
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    let pocket = format!("{}{}", "P".repeat(5 - count(b, 1)), "p".repeat(4 - count(b, 2)));
    let side = if to_move(b) == 1 { 'w' } else { 'b' };
    format!("{}[{pocket}] {side} - - 0 {}", ranks.join("/"), 1 + count(b, 2))
}

/// `P@b2` (both sides drop an uppercase `P`) to a square index.
fn square(mv: &str) -> usize {
    let sq = mv.strip_prefix("P@").unwrap_or_else(|| panic!("not a drop: '{mv}'"));
    let bytes = sq.as_bytes();
    assert_eq!(bytes.len(), 2, "bad square in '{mv}'");
    let file = (bytes[0] - b'a') as usize;
    let rank = (bytes[1] - b'1') as usize;
    assert!(file < 3 && rank < 3, "square off the board: '{mv}'");
    rank * 3 + file
}

#[test]
fn every_position_keeps_its_value() {
    let positions = reachable();
    assert_eq!(positions.len(), 4520);
    let mut memo = BTreeMap::new();
    assert_eq!(value(&[0; 9], &mut memo), 0, "tic-tac-toe is a draw");

    let t = Instant::now();
    let mut e = Engine::spawn();
    e.send("setoption name UCI_Variant value tictactoe");
    e.send("ucinewgame");
    // The FEN written here is the FEN Ludex writes (checked on a few positions).
    for b in positions.iter().step_by(97) {
        e.send(&format!("position fen {}", fen(b)));
        assert_eq!(e.fen(), fen(b));
    }
    let mut failures = Vec::new();
    let mut by_value = [0usize; 3];
    for b in &positions {
        let v = value(b, &mut memo);
        by_value[(v + 1) as usize] += 1;
        e.send(&format!("position fen {}", fen(b)));
        let (_, best) = e.go("depth 9");
        let mv = parse_bestmove(&best).0.unwrap_or_else(|| panic!("{}: {best}", fen(b)));
        let sq = square(&mv);
        assert_eq!(b[sq], 0, "{}: {mv} drops on an occupied square", fen(b));
        let mut after = *b;
        after[sq] = to_move(b);
        let kept = -value(&after, &mut memo);
        if kept != v {
            failures.push(format!("{}: value {v}, {mv} gives {kept}", fen(b)));
        }
    }
    eprintln!(
        "{} positions (won {}, drawn {}, lost {}) in {:?}",
        positions.len(),
        by_value[2],
        by_value[1],
        by_value[0],
        t.elapsed()
    );
    assert!(failures.is_empty(), "{} positions lose value:\n{}", failures.len(), failures.join("\n"));
    assert!(e.quit());
}
