//! The VCF puzzle suite (`tests/data/vcf.puzzles`): every puzzle must be solved
//! within a node budget, its line must be one of the expected shortest VCFs, and the
//! line is replayed through the `Connect` rules to check it is a real VCF: every move
//! legal, every attacking move a four (or the final five), every defending reply the
//! only cell that stops a five, the defender never able to win first, and a five at
//! the end.
//!
//! `cargo test --release --test vcf_puzzles -- --nocapture` prints the solve rate
//! and the solver's speed.

use std::time::Instant;

mod common;

use common::vcf_puzzles::load;
use ludex::core::Position;
use ludex::variants::connect::{Cell, Connect, ConnectRules, VcfOutcome, VcfSolver};

/// Attacking moves the solver may try per puzzle.
const NODE_BUDGET: u64 = 200_000;

fn empties(pos: &Connect) -> Vec<Cell> {
    let mut out = Vec::new();
    for y in 0..pos.height() {
        for x in 0..pos.width() {
            let c = pos.cell(x, y).unwrap();
            if pos.stone_at(c).is_none() {
                out.push(c);
            }
        }
    }
    out
}

/// Replays `line` from `start` and checks that it is a VCF for the side to move.
fn verify(start: &Connect, line: &[Cell]) -> Result<(), String> {
    let mut pos = start.clone();
    let att = pos.side_to_move();
    let def = att.flip();
    for (i, &mv) in line.iter().enumerate() {
        pos.parse_move(&pos.format_move(mv)).map_err(|e| format!("move {i} ({mv}) illegal: {e}"))?;
        pos.make_move(mv);
        if i % 2 == 1 {
            continue; // the defender's move: checked as the previous move's reply
        }
        if i + 1 == line.len() {
            return match pos.outcome().and_then(|o| o.winner) {
                Some(w) if w == att => Ok(()),
                _ => Err(format!("the last move {mv} does not win")),
            };
        }
        if pos.outcome().is_some() {
            return Err(format!("the game ended early at {mv}"));
        }
        let cells = empties(&pos);
        if let Some(c) = cells.iter().find(|&&c| pos.is_win_cell(def, c)) {
            return Err(format!("after {mv} the defender wins at {c}"));
        }
        let fives: Vec<Cell> = cells.into_iter().filter(|&c| pos.is_win_cell(att, c)).collect();
        let reply = line.get(i + 1).copied().ok_or("the line ends with a defender's move")?;
        match fives.as_slice() {
            [] => return Err(format!("{mv} is not a four")),
            // One five point the defender may take: the reply must be it.
            [only] if !pos.is_forbidden(*only) => {
                if reply != *only {
                    return Err(format!("after {mv} the only defence is {only}, the line plays {reply}"));
                }
            }
            // Two five points, or one the defender may not play: five next move.
            _ => {
                if i + 3 != line.len() {
                    return Err(format!("{mv} wins at once but the line goes on"));
                }
            }
        }
    }
    Err("empty line".into())
}

#[test]
fn vcf_puzzles() {
    let puzzles = load();
    assert!(puzzles.len() >= 15, "the suite has {} puzzles", puzzles.len());
    let mut solver = VcfSolver::new(18);
    let (mut solved, mut nodes) = (0, 0);
    let start = Instant::now();
    let mut failures = Vec::new();
    for p in &puzzles {
        let pos = Connect::from_fen(&p.fen, p.rules).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        solver.clear();
        let outcome = solver.solve(&pos, NODE_BUDGET);
        nodes += solver.nodes();
        let verdict = match (&outcome, p.first.is_empty()) {
            (VcfOutcome::NoWin, true) => Ok(()),
            (VcfOutcome::Win(line), false) => {
                let attacks = line.len().div_ceil(2);
                if !p.first.contains(&line[0].to_string()) {
                    Err(format!("first move {} not in {:?} (line {line:?})", line[0], p.first))
                } else if attacks != p.length {
                    Err(format!("{attacks} attacking moves, expected {}", p.length))
                } else {
                    verify(&pos, line)
                }
            }
            (other, _) => Err(format!("expected {:?}, got {other:?}", p.first)),
        };
        match verdict {
            Ok(()) => solved += 1,
            Err(e) => failures.push(format!("{}: {e}\n{}", p.id, pos.pretty())),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "vcf puzzles: {solved}/{} solved, {nodes} nodes, {:.3} s, {:.0} nodes/s",
        puzzles.len(),
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The replay check itself rejects lines that are not VCFs.
#[test]
fn verify_rejects_bad_lines() {
    let puzzles = load();
    let p = puzzles.iter().find(|p| p.id == "four-then-double-four").expect("puzzle present");
    let pos = Connect::from_fen(&p.fen, p.rules).unwrap();
    let c = |s: &str| ludex::variants::connect::geometry::parse_square(s, 15, 15).unwrap();
    assert!(verify(&pos, &[c("f8"), c("g8"), c("h10"), c("h9"), c("i11")]).is_ok());
    // The defender's reply is not the forced block.
    assert!(verify(&pos, &[c("f8"), c("a3"), c("g8")]).is_err());
    // Not a four.
    assert!(verify(&pos, &[c("a5"), c("g8"), c("h10")]).is_err());
    // Does not end in a five.
    assert!(verify(&pos, &[c("f8"), c("g8"), c("h10"), c("h9")]).is_err());
}

/// The opponent's VCF and the moves that refute it, worked out by hand: in the
/// `four-then-double-four` position with O to move (an extra X stone far away), X
/// threatens f8 then h10 (or h10 then f8). O stops it only on f8 or h10, on the
/// forced-reply cells g8 and h9 (each leaves one of X's fours dead), or on i11 (the
/// diagonal's five point).
#[test]
fn defences_against_a_vcf() {
    let puzzles = load();
    let p = puzzles.iter().find(|p| p.id == "four-then-double-four").expect("puzzle present");
    let pos = Connect::from_fen(&p.fen, p.rules).unwrap();
    // The same stones plus an X on o1, far from everything: O to move.
    let mut with_o_to_move = pos.clone();
    with_o_to_move.make_move(pos.cell(14, 0).unwrap());
    let mut solver = VcfSolver::new(16);
    let defences = solver.defences(&with_o_to_move, 100_000).expect("X threatens a VCF");
    let names: Vec<String> = defences.iter().map(|c| c.to_string()).collect();
    let mut expected = vec!["f8", "g8", "h9", "h10", "i11"];
    let mut got: Vec<&str> = names.iter().map(String::as_str).collect();
    expected.sort();
    got.sort();
    assert_eq!(got, expected);
    // With X to move there is nothing to defend against from O.
    assert!(solver.defences(&pos, 100_000).is_none());
}

/// Not a correctness test: prints the solver's speed on busy 15x15 middle games, and
/// what renju move generation costs (`cargo test --release --test vcf_puzzles --
/// --ignored --nocapture speed`). The games are random play near the stones from a
/// fixed seed.
#[test]
#[ignore]
fn speed() {
    use ludex::core::MoveList;
    for rules in [ConnectRules::gomoku_freestyle(), ConnectRules::gomoku(), ConnectRules::renju()] {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut positions = Vec::new();
        for _game in 0..40 {
            let mut pos = Connect::startpos(rules);
            for ply in 0..70 {
                if pos.outcome().is_some() {
                    break;
                }
                let mut moves = MoveList::new();
                pos.candidate_moves(&mut moves);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = moves.iter().copied().nth(seed as usize % moves.len()).unwrap();
                pos.make_move(mv);
                if ply >= 30 && ply % 10 == 0 && pos.outcome().is_none() {
                    positions.push(Connect::from_fen(&pos.to_fen(), rules).unwrap());
                }
            }
        }
        let mut solver = VcfSolver::new(20);
        let (mut nodes, mut wins, mut unknown) = (0, 0, 0);
        let start = Instant::now();
        for pos in &positions {
            match solver.solve(pos, 1_000_000) {
                VcfOutcome::Win(_) => wins += 1,
                VcfOutcome::Unknown => unknown += 1,
                VcfOutcome::NoWin => {}
            }
            nodes += solver.nodes();
        }
        let secs = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let mut count = 0;
        for _ in 0..20 {
            for pos in &positions {
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                count += moves.len();
            }
        }
        let gen = start.elapsed().as_secs_f64() / (20 * positions.len()) as f64;
        println!(
            "{:?}: {} positions, {wins} VCF, {unknown} unknown, {nodes} nodes, {:.3} s, {:.0} nodes/s; legal_moves {:.1} us ({count} moves)",
            rules.line_rule,
            positions.len(),
            secs,
            nodes as f64 / secs,
            gen * 1e6
        );
    }
}
