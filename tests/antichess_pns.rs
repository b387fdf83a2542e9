//! The antichess family's proof-number solver (`forced_win`) against the puzzle
//! suite `tests/data/antichess_pns.epd`.
//!
//! Nothing the solver says is taken on trust: every claimed win is replayed move by
//! move through the rules (each move legal, the final position won for the side that
//! was to move), and an independent brute-force minimax over the public `Position`
//! API (legal_moves, make_move, unmake_move, outcome) must prove a forced win within
//! the line's length. For the puzzles that are not wins the solver must answer
//! `None`, and the brute force confirms that no win exists within a small depth.
//! The real binary is driven over UCI on one won puzzle.
//!
//! `cargo test --release --test antichess_pns -- --ignored --nocapture` measures what
//! a failed solve costs (the figures behind `PNS_ROOT_BUDGET`).

mod common;

use std::time::Instant;

use common::engine::Engine;
use ludex::core::{MoveList, Position, Side, SolverBudget};
use ludex::variants::antichess::{Antichess, AntichessRules, Verdict, PNS_ROOT_BUDGET};
use ludex::variants::chesslike::Move;

enum Expect {
    /// A forced win whose shortest line takes this many plies.
    Win(usize),
    /// No forced win; the brute force checks this many plies.
    None(usize),
}

struct Puzzle {
    id: String,
    rules: AntichessRules,
    expect: Expect,
    fen: String,
}

fn load() -> Vec<Puzzle> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/antichess_pns.epd"))
        .expect("tests/data/antichess_pns.epd");
    let mut out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(words.len() >= 5, "too few fields in '{line}'");
        let (id, rules, expect) = (words[0], words[1], words[2]);
        let fen = words[3..].join(" ");
        let rules = AntichessRules::ALL
            .into_iter()
            .find(|r| r.name() == rules)
            .unwrap_or_else(|| panic!("unknown rules '{rules}' in '{line}'"));
        let (kind, n) = expect.split_once(':').unwrap_or_else(|| panic!("bad expect '{expect}'"));
        let n: usize = n.parse().unwrap_or_else(|_| panic!("bad expect '{expect}'"));
        let expect = match kind {
            "win" => Expect::Win(n),
            "none" => Expect::None(n),
            _ => panic!("bad expect '{expect}'"),
        };
        out.push(Puzzle { id: id.to_string(), rules, expect, fen: fen.to_string() });
    }
    out
}

fn position(p: &Puzzle) -> Antichess {
    Antichess::from_fen(&p.fen, p.rules).unwrap_or_else(|e| panic!("{}: {e}", p.id))
}

/// Plain minimax: can `attacker` force a win within `depth` plies from `pos`? Uses
/// nothing but the rules' own `outcome` (threefold repetition and all).
fn brute_wins(pos: &mut Antichess, attacker: Side, depth: usize) -> bool {
    if let Some(o) = pos.outcome() {
        return o.winner == Some(attacker);
    }
    if depth == 0 {
        return false;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let attacking = pos.side_to_move() == attacker;
    for &mv in list.iter() {
        pos.make_move(mv);
        let won = brute_wins(pos, attacker, depth - 1);
        pos.unmake_move();
        if won == attacking {
            return attacking;
        }
    }
    !attacking
}

/// Replays `line` through the rules: every move legal, the game not over before the
/// end, and the final position won for the side to move at the start.
fn check_line(start: &Antichess, line: &[Move]) -> Result<(), String> {
    let mut pos = start.clone();
    let attacker = pos.side_to_move();
    for (i, &mv) in line.iter().enumerate() {
        if pos.outcome().is_some() {
            return Err(format!("the game is over before move {i}"));
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        if !list.iter().any(|&m| m == mv) {
            return Err(format!("move {i} ({}) is illegal in {}", pos.format_move(mv), pos.to_fen()));
        }
        pos.make_move(mv);
    }
    match pos.outcome() {
        Some(o) if o.winner == Some(attacker) => Ok(()),
        o => Err(format!("the line ends in {} with {o:?}, not a win", pos.to_fen())),
    }
}

fn text(pos: &Antichess, line: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &mv in line {
        out.push(p.format_move(mv));
        p.make_move(mv);
    }
    out.join(" ")
}

#[test]
fn the_suite_covers_every_rule_set() {
    let puzzles = load();
    for rules in AntichessRules::ALL {
        let wins = puzzles.iter().filter(|p| p.rules == rules && matches!(p.expect, Expect::Win(_))).count();
        let nones = puzzles.iter().filter(|p| p.rules == rules && matches!(p.expect, Expect::None(_))).count();
        assert!(wins >= 3 && nones >= 3, "{}: {wins} wins, {nones} non-wins", rules.name());
    }
}

#[test]
fn the_brute_force_agrees_with_the_suite() {
    // The data themselves, checked without the solver: a wrong hand analysis fails here.
    for p in load() {
        let mut pos = position(&p);
        let attacker = pos.side_to_move();
        match p.expect {
            Expect::Win(n) => {
                assert!(brute_wins(&mut pos, attacker, n), "{}: no forced win within {n} plies", p.id);
                assert!(!brute_wins(&mut pos, attacker, n - 1), "{}: a forced win shorter than {n} plies", p.id);
            }
            Expect::None(d) => assert!(!brute_wins(&mut pos, attacker, d), "{}: a forced win within {d} plies", p.id),
        }
    }
}

#[test]
fn solver_proves_the_wins_and_only_the_wins() {
    for p in load() {
        let pos = position(&p);
        let line = pos.forced_win(SolverBudget::Fixed);
        match (p.expect, line) {
            (Expect::Win(n), Some(line)) => {
                check_line(&pos, &line).unwrap_or_else(|e| panic!("{}: {} : {e}", p.id, text(&pos, &line)));
                // The solver shortens its first proof while the budget lasts; these
                // are small enough for it to reach the shortest win.
                assert_eq!(line.len(), n, "{}: {} is not the shortest win", p.id, text(&pos, &line));
                let mut brute = pos.clone();
                assert!(
                    brute_wins(&mut brute, pos.side_to_move(), line.len()),
                    "{}: the brute force finds no win within the line's {} plies",
                    p.id,
                    line.len()
                );
                let proof = pos.prove_win(PNS_ROOT_BUDGET);
                assert_eq!(proof.verdict, Verdict::Proven, "{}", p.id);
            }
            (Expect::Win(_), None) => panic!("{}: the solver missed the win", p.id),
            (Expect::None(_), Some(line)) => panic!("{}: the solver claims {}", p.id, text(&pos, &line)),
            (Expect::None(_), None) => {
                // Not a proof whose line got lost either.
                assert_ne!(pos.prove_win(PNS_ROOT_BUDGET).verdict, Verdict::Proven, "{}", p.id);
            }
        }
    }
}

#[test]
fn every_defence_on_the_line_loses_in_time() {
    // At each of the defender's turns on the principal line, every legal reply (not
    // only the one the line shows) still loses within the plies the line has left:
    // the announced mate distance is an upper bound whatever the defender does.
    for p in load().into_iter().filter(|p| matches!(p.expect, Expect::Win(_))) {
        let start = position(&p);
        let attacker = start.side_to_move();
        let line = start.forced_win(SolverBudget::Fixed).expect("a forced win");
        let mut pos = start.clone();
        for (i, &mv) in line.iter().enumerate() {
            if pos.side_to_move() != attacker {
                let left = line.len() - i - 1;
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                for &reply in list.iter() {
                    let name = pos.format_move(reply);
                    pos.make_move(reply);
                    assert!(brute_wins(&mut pos, attacker, left), "{}: {name} at ply {i} holds out", p.id);
                    pos.unmake_move();
                }
            }
            pos.make_move(mv);
        }
    }
}

#[test]
fn a_finished_game_has_no_forced_win() {
    // White to move with no pieces has already won: there is no move to announce.
    let pos = Antichess::from_fen("8/8/8/8/8/8/8/7r w - - 0 1", AntichessRules::Antichess).unwrap();
    assert!(pos.forced_win(SolverBudget::Fixed).is_none());
    assert_eq!(pos.prove_win(PNS_ROOT_BUDGET).nodes, 0);
}

#[test]
fn the_solver_spends_only_its_share_of_the_limits() {
    let pos = Antichess::from_fen("8/8/8/8/8/2p5/8/3RR3 w - - 0 1", AntichessRules::Antichess).unwrap();
    let unlimited = pos.forced_win(SolverBudget::Fixed).expect("a forced win without a clock");
    // No spare time: no solve at all, the tree search gets the move's whole time.
    assert!(pos.forced_win(SolverBudget::Millis(0)).is_none());
    // A few milliseconds buy the full budget, and the same proof.
    assert_eq!(pos.forced_win(SolverBudget::Millis(100)), Some(unlimited.clone()));
    // Under a node limit: its share, and nothing when that is too small to try.
    assert_eq!(pos.forced_win(SolverBudget::Nodes(1_000_000)), Some(unlimited));
    assert!(pos.forced_win(SolverBudget::Nodes(300)).is_none());
}

#[test]
fn the_binary_plays_the_proven_win_with_a_mate_score() {
    let fen = "8/8/8/8/8/2p5/8/3RR3 w - - 0 1";
    let mut e = Engine::spawn();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e.ask("setoption name UCI_Variant value antichess");
    e.ask(&format!("position fen {fen}"));
    let (info, best) = e.go("movetime 1000");
    let mate = info
        .iter()
        .find(|l| l.starts_with("info") && l.contains(" score mate "))
        .unwrap_or_else(|| panic!("no mate score; transcript:\n{}", e.transcript.join("\n")));
    let words: Vec<&str> = mate.split_whitespace().collect();
    let n: i32 = words[words.iter().position(|&w| w == "mate").unwrap() + 1].parse().unwrap();
    let pos = Antichess::from_fen(fen, AntichessRules::Antichess).unwrap();
    let line = pos.forced_win(SolverBudget::Fixed).expect("a forced win");
    assert_eq!(n as usize, line.len().div_ceil(2), "{mate}");
    assert_eq!(n, 2, "{mate}: the shortest win takes two moves");
    let pv = &words[words.iter().position(|&w| w == "pv").expect("a pv") + 1..];
    let best = best.split_whitespace().nth(1).expect("a move");
    assert_eq!(best, pv[0], "{mate}");
    assert_eq!(best, pos.format_move(line[0]));
    e.send("quit");
}

/// What `forced_win` costs when it fails (and what it spends when it succeeds), to
/// size `PNS_ROOT_BUDGET`. Not a timed assertion: it prints.
#[test]
#[ignore]
fn solver_cost() {
    let cases = [
        (AntichessRules::Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
        (AntichessRules::Antichess, "rnbqkb1r/pppp1ppp/5n2/4p3/1P3P2/8/P1PPP1PP/RNBQKBNR w - - 0 1"),
        (AntichessRules::Antichess, "8/1p6/8/8/8/8/P7/8 w - - 0 1"),
        (AntichessRules::Giveaway, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (AntichessRules::Suicide, "rnb2k2/ppp3p1/3p4/5p2/3K4/2P5/P1PP4/R1BQ1B2 w - - 0 1"),
        (AntichessRules::Antichess, "8/8/8/8/8/2p5/8/3RR3 w - - 0 1"),
    ];
    for (rules, fen) in cases {
        let pos = Antichess::from_fen(fen, rules).unwrap();
        let runs = 20;
        let start = Instant::now();
        let mut proof = pos.prove_win(PNS_ROOT_BUDGET);
        for _ in 1..runs {
            proof = pos.prove_win(PNS_ROOT_BUDGET);
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
        println!(
            "{:9} {fen}: {:?} in {} nodes, {ms:.2} ms{}",
            rules.name(),
            proof.verdict,
            proof.nodes,
            proof.line.map(|l| format!(", line {}", text(&pos, &l))).unwrap_or_default()
        );
    }
}
