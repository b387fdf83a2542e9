//! The VCT puzzle suite (`tests/data/vct.puzzles`) against the solvers:
//! - `vct` puzzles: the solver finds a win within a node budget, its first move is
//!   one of the hand-worked first moves of a shortest VCT, its length matches, and
//!   an independent checker proves the win by trying every legal reply;
//! - `novct` puzzles: the solver claims no win (of at most `length` attacking moves
//!   when the puzzle gives one);
//! - `block` puzzles: the opponent's VCF and the moves that stop it
//!   (`VcfSolver::defences`) are exactly the hand-worked only moves.
//!
//! The checker (`Checker`) trusts no part of the solver's reasoning: it takes the
//! solver's first move only, plays it through the `Connect` rules, and then tries
//! every legal reply of the defender (every empty cell it may play, not only the
//! replies the solver thought about). After each reply the attacker must have a five,
//! or the solver must again find a win with one attacking move fewer, which the
//! checker proves the same way, down to the fives.
//!
//! `cargo test --release --test vct_puzzles -- --nocapture` prints nodes and time
//! per puzzle; `-- --ignored --nocapture root_cost` prints what `forced_win` costs on
//! middle-game positions.

use std::collections::HashMap;
use std::time::Instant;

mod common;

use common::vcf_puzzles::{load_file, Puzzle};
use ludex::core::{MoveList, Position, Side, SolverBudget};
use ludex::variants::connect::{Cell, Connect, VcfSolver, VctOutcome, VctSolver};

/// Nodes the solver may spend per puzzle.
const NODE_BUDGET: u64 = 200_000;

/// Nodes the solver may spend per position inside the checker.
const CHECK_BUDGET: u64 = 200_000;

fn position(p: &Puzzle) -> Connect {
    Connect::from_fen(&p.fen, p.rules).unwrap_or_else(|e| panic!("{}: {e}", p.id))
}

fn cell_name(c: Cell) -> String {
    c.to_string()
}

/// The empty cells where a stone of `side` completes a winning line, read from the
/// stones and the rules only (a five is never a forbidden move).
fn five_points(pos: &Connect, side: Side) -> Vec<Cell> {
    let (w, h) = (pos.width() as i32, pos.height() as i32);
    let at = |x: i32, y: i32| {
        (0..w).contains(&x) && (0..h).contains(&y) && pos.stone_at(pos.cell(x as usize, y as usize).unwrap()) == Some(side)
    };
    let mut out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let c = pos.cell(x as usize, y as usize).unwrap();
            if pos.stone_at(c).is_some() {
                continue;
            }
            let wins = [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
                let mut len = 1;
                for s in [1, -1] {
                    let (mut i, mut j) = (x + s * dx, y + s * dy);
                    while at(i, j) {
                        len += 1;
                        i += s * dx;
                        j += s * dy;
                    }
                }
                pos.rules().wins_for(side, len)
            });
            if wins {
                out.push(c);
            }
        }
    }
    out
}

/// Where the checker gets the attacker's moves: the solver, or (in the checker's
/// own test) something that lies.
type Oracle<'a> = dyn FnMut(&Connect, u32) -> Option<Cell> + 'a;

/// Proves wins by trying every defence (see the module doc).
struct Checker {
    /// Positions already proven, with the fewest attacking moves proven in.
    proven: HashMap<u64, u32>,
    /// Positions the checker looked at.
    positions: u64,
}

impl Checker {
    fn new() -> Checker {
        Checker { proven: HashMap::new(), positions: 0 }
    }

    /// The side to move in `pos` wins with at most `max` attacking moves (its five
    /// included), whatever the defender does.
    fn wins(&mut self, pos: &mut Connect, max: u32, oracle: &mut Oracle) -> Result<(), String> {
        self.positions += 1;
        let att = pos.side_to_move();
        if pos.outcome().is_some() {
            return Err(format!("the game is over\n{}", pos.pretty()));
        }
        if !five_points(pos, att).is_empty() {
            return Ok(());
        }
        if max <= 1 {
            return Err(format!("no five and no attacking move left\n{}", pos.pretty()));
        }
        if self.proven.get(&pos.hash()).is_some_and(|&m| m <= max) {
            return Ok(());
        }
        let Some(m) = oracle(pos, max) else {
            return Err(format!("no win found within {max} attacking moves\n{}", pos.pretty()));
        };
        pos.parse_move(&pos.format_move(m)).map_err(|e| format!("{m} is illegal: {e}\n{}", pos.pretty()))?;
        pos.make_move(m);
        let result = self.every_reply_loses(pos, att, max);
        pos.unmake_move();
        result.map_err(|e| format!("after {m}: {e}"))?;
        self.proven.insert(pos.hash(), max);
        Ok(())
    }

    /// The defender is to move after the attacker's move; every legal reply loses.
    fn every_reply_loses(&mut self, pos: &mut Connect, att: Side, max: u32) -> Result<(), String> {
        let def = att.flip();
        if pos.outcome().and_then(|o| o.winner) == Some(att) {
            return Ok(());
        }
        if let Some(c) = five_points(pos, def).first() {
            return Err(format!("the defender wins at {c}\n{}", pos.pretty()));
        }
        // Two five points, or one the defender may not take, and no five of its own:
        // whatever it plays, a five is left.
        let fives = five_points(pos, att);
        if fives.len() >= 2 || (fives.len() == 1 && pos.is_forbidden(fives[0])) {
            return Ok(());
        }
        let mut replies = MoveList::new();
        pos.legal_moves(&mut replies);
        if replies.is_empty() {
            return Err("the board is full".into());
        }
        for &r in replies.iter() {
            pos.make_move(r);
            let result = if pos.outcome().and_then(|o| o.winner) == Some(def) {
                Err(format!("the defender wins with {r}"))
            } else {
                self.wins(pos, max - 1, &mut |p, m| solver_move(p, m)).map_err(|e| format!("reply {r}: {e}"))
            };
            pos.unmake_move();
            result?;
        }
        Ok(())
    }
}

/// The solver's first move of a win within `max` attacking moves (the five included).
fn solver_move(pos: &Connect, max: u32) -> Option<Cell> {
    thread_local! {
        static SOLVER: std::cell::RefCell<VctSolver> = std::cell::RefCell::new(VctSolver::new(18));
    }
    SOLVER.with(|s| match s.borrow_mut().solve_within(pos, CHECK_BUDGET, max) {
        VctOutcome::Win(line) => line.first().copied(),
        _ => None,
    })
}

/// Replays `line` and checks it is legal and ends with the attacker's five.
fn replays_to_five(pos: &Connect, line: &[Cell]) -> Result<(), String> {
    let mut p = pos.clone();
    let att = p.side_to_move();
    for (i, &mv) in line.iter().enumerate() {
        p.parse_move(&p.format_move(mv)).map_err(|e| format!("move {i} ({mv}): {e}"))?;
        p.make_move(mv);
        if p.outcome().is_some() && i + 1 != line.len() {
            return Err(format!("the game ended at move {i} ({mv})"));
        }
    }
    match p.outcome().and_then(|o| o.winner) {
        Some(w) if w == att => Ok(()),
        _ => Err("the line does not end with the attacker's five".into()),
    }
}

#[test]
fn vct_puzzles() {
    let puzzles = load_file("vct.puzzles");
    let wins = puzzles.iter().filter(|p| p.kind == "vct").count();
    assert!(wins >= 10, "the suite has {wins} VCT puzzles");
    let mut failures = Vec::new();
    let (mut solved, mut total_nodes, mut total_secs) = (0, 0, 0.0);
    for p in puzzles.iter().filter(|p| p.kind != "block") {
        let mut pos = position(p);
        // A fresh solver per puzzle: nothing learnt on one puzzle helps the next.
        let mut solver = VctSolver::new(18);
        let start = Instant::now();
        let outcome = match (p.kind.as_str(), p.length) {
            ("novct", bound) if bound > 0 => solver.solve_within(&pos, NODE_BUDGET, bound as u32),
            _ => solver.solve(&pos, NODE_BUDGET),
        };
        let secs = start.elapsed().as_secs_f64();
        total_nodes += solver.nodes();
        total_secs += secs;
        let verdict = match (&outcome, p.kind.as_str()) {
            (VctOutcome::Win(line), "vct") => {
                let attacks = line.len().div_ceil(2);
                if !p.first.contains(&cell_name(line[0])) {
                    Err(format!("first move {} not in {:?} (line {line:?})", line[0], p.first))
                } else if attacks != p.length {
                    Err(format!("{attacks} attacking moves, expected {} (line {line:?})", p.length))
                } else {
                    replays_to_five(&pos, line).and_then(|()| {
                        let mut checker = Checker::new();
                        let r = checker.wins(&mut pos, attacks as u32, &mut |q, m| solver_move(q, m));
                        println!("  {}: checker looked at {} positions", p.id, checker.positions);
                        r
                    })
                }
            }
            (VctOutcome::Win(line), _) => Err(format!("claims a win where there is none: {line:?}")),
            (_, "novct") => Ok(()),
            (other, _) => Err(format!("expected a win starting {:?}, got {other:?}", p.first)),
        };
        println!("{:<32} {:<9} {:>8} nodes {:>9.2} ms  {:?}", p.id, p.kind, solver.nodes(), secs * 1e3, short(&outcome));
        match verdict {
            Ok(()) => solved += 1,
            Err(e) => failures.push(format!("{}: {e}\n{}", p.id, pos.pretty())),
        }
    }
    let n = puzzles.iter().filter(|p| p.kind != "block").count();
    println!("vct solver: {solved}/{n} solved, {total_nodes} nodes, {:.1} ms", total_secs * 1e3);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn short(o: &VctOutcome) -> String {
    match o {
        VctOutcome::Win(line) => format!("Win {}", line.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")),
        other => format!("{other:?}"),
    }
}

/// The hand-worked answers themselves: every listed first move of a `vct` puzzle is
/// proven by the checker to win within the puzzle's length, whatever the defender
/// replies (the solver only suggests the attacker's later moves).
#[test]
fn every_listed_first_move_wins() {
    for p in load_file("vct.puzzles").iter().filter(|p| p.kind == "vct") {
        let mut pos = position(p);
        let att = pos.side_to_move();
        for name in &p.first {
            let m = pos.parse_move(name).unwrap_or_else(|e| panic!("{}: {name}: {e}", p.id));
            pos.make_move(m);
            let result = Checker::new().every_reply_loses(&mut pos, att, p.length as u32);
            pos.unmake_move();
            if let Err(e) = result {
                panic!("{}: {name} does not win in {}: {e}", p.id, p.length);
            }
        }
    }
}

/// Only-move puzzles: the opponent has a VCF, and the moves after which it has none
/// are exactly the hand-worked defences.
#[test]
fn only_moves_are_the_vcf_defences() {
    let puzzles = load_file("vct.puzzles");
    let blocks: Vec<&Puzzle> = puzzles.iter().filter(|p| p.kind == "block").collect();
    assert!(blocks.len() >= 5, "{} block puzzles", blocks.len());
    let mut solver = VcfSolver::new(18);
    for p in blocks {
        let pos = position(p);
        let defences = solver.defences(&pos, 100_000).unwrap_or_else(|| panic!("{}: no VCF threat found", p.id));
        let mut got: Vec<String> = defences.iter().map(|&c| cell_name(c)).collect();
        let mut want = p.first.clone();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{}\n{}", p.id, pos.pretty());
    }
}

/// Every win the VCT solver claims on the VCF suite is real, and never longer than
/// the shortest VCF.
#[test]
fn vct_on_the_vcf_puzzles() {
    let mut solver = VctSolver::new(18);
    for p in load_file("vcf.puzzles") {
        let mut pos = position(&p);
        match solver.solve(&pos, NODE_BUDGET) {
            VctOutcome::Win(line) => {
                let attacks = line.len().div_ceil(2);
                if p.length > 0 {
                    assert!(attacks <= p.length, "{}: VCT of {attacks}, VCF of {}", p.id, p.length);
                }
                replays_to_five(&pos, &line).unwrap_or_else(|e| panic!("{}: {e}", p.id));
                Checker::new()
                    .wins(&mut pos, attacks as u32, &mut |q, m| solver_move(q, m))
                    .unwrap_or_else(|e| panic!("{}: {e}", p.id));
            }
            other => assert!(p.length == 0, "{}: VCF of {} but VCT says {other:?}", p.id, p.length),
        }
    }
}

/// Soundness beyond the hand-made suite: in random middle games (play near the
/// stones from a fixed seed, all three rule sets), every win the solver claims is
/// proven by the checker, reply by reply.
#[test]
fn random_wins_are_real() {
    use ludex::variants::connect::ConnectRules;
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    let mut wins = 0;
    for rules in [ConnectRules::gomoku_freestyle(), ConnectRules::gomoku(), ConnectRules::renju()] {
        let mut solver = VctSolver::new(16);
        for _game in 0..12 {
            let mut pos = Connect::startpos(rules);
            for ply in 0..60 {
                if pos.outcome().is_some() {
                    break;
                }
                let mut moves = MoveList::new();
                pos.candidate_moves(&mut moves);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make_move(moves.iter().copied().nth(seed as usize % moves.len()).unwrap());
                if ply < 8 || pos.outcome().is_some() {
                    continue;
                }
                // A position of its own, without the game's move history.
                let mut fresh = Connect::from_fen(&pos.to_fen(), rules).unwrap();
                if let VctOutcome::Win(line) = solver.solve(&fresh, 5_000) {
                    let attacks = line.len().div_ceil(2) as u32;
                    replays_to_five(&fresh, &line).unwrap_or_else(|e| panic!("{}: {e}", fresh.to_fen()));
                    if let Err(e) = Checker::new().wins(&mut fresh, attacks, &mut |q, m| solver_move(q, m)) {
                        panic!("{} {line:?}: {e}", fresh.to_fen());
                    }
                    wins += 1;
                    break;
                }
            }
        }
    }
    assert!(wins >= 20, "only {wins} wins found to check");
}

/// The checker itself fails on a wrong first move and on positions without a win.
#[test]
fn checker_rejects_false_wins() {
    let puzzles = load_file("vct.puzzles");
    let find = |id: &str| puzzles.iter().find(|p| p.id == id).unwrap_or_else(|| panic!("{id} present"));
    let p = find("double-three");
    let mut pos = position(p);
    let g9 = pos.cell(6, 8).unwrap();
    let h8 = pos.cell(7, 7).unwrap();
    // g9 makes one three only: O stops it, and the solver then finds no win in time.
    let mut first = true;
    let mut lie = |q: &Connect, m: u32| {
        if std::mem::take(&mut first) {
            Some(g9)
        } else {
            solver_move(q, m)
        }
    };
    assert!(Checker::new().wins(&mut pos, 3, &mut lie).is_err());
    // The real first move passes, but not with too few attacking moves.
    assert!(Checker::new().wins(&mut pos, 3, &mut |_, _| Some(h8)).is_ok());
    assert!(Checker::new().wins(&mut pos, 2, &mut |_, _| Some(h8)).is_err());
    // A position with no VCT: the checker cannot prove one, whatever it is told.
    let mut none = position(find("lone-pair"));
    assert!(Checker::new().wins(&mut none, 6, &mut |_, _| Some(h8)).is_err());
}

/// The root solver's VCT budget follows the searcher's: a 13-ply VCT that needs
/// about 13,600 solver nodes is out of reach of the fixed 2,000 and of 3 ms, and
/// found, and real, with 30 ms (15,000 nodes) or a node share of 20,000.
#[test]
fn the_root_vct_budget_follows_the_clock() {
    use ludex::variants::connect::ConnectRules;
    let fen = "15/15/15/15/15/9P1p3/3pp10/7P7/5p3P5/5P9/15/15/15/15/15 w - - 0 5";
    let pos = Connect::from_fen(fen, ConnectRules::gomoku()).unwrap();
    assert!(ludex::variants::connect::vcf(&pos, 20_000).is_none(), "no VCF: the VCT solver decides");
    assert_eq!(pos.forced_win(SolverBudget::Fixed), None);
    assert_eq!(pos.forced_win(SolverBudget::Millis(3)), None);
    for budget in [SolverBudget::Millis(30), SolverBudget::Nodes(20_000)] {
        let line = pos.forced_win(budget).unwrap_or_else(|| panic!("{budget:?}: no win found"));
        assert_eq!(line.len(), 13, "{budget:?}: {line:?}");
        replays_to_five(&pos, &line).unwrap();
        let mut checked = pos.clone();
        Checker::new().wins(&mut checked, 7, &mut |q, m| solver_move(q, m)).unwrap();
    }
}

/// Not a correctness test: what `forced_win` (VCF, then VCT) costs at the root of
/// middle games, release build:
/// `cargo test --release --test vct_puzzles -- --ignored --nocapture root_cost`.
/// Positions: each opening of `LUDEX_OPENINGS` (an EPD file such as
/// `gomoku15.epd`; without it the empty board) followed by 4 to 20 plies of random
/// play near the stones from a fixed seed, in all three rule sets.
#[test]
#[ignore]
fn root_cost() {
    use ludex::variants::connect::ConnectRules;
    let openings: Vec<String> = match std::env::var("LUDEX_OPENINGS") {
        Ok(path) => std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path}: {e}"))
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .collect(),
        Err(_) => vec![String::new(); 20],
    };
    for rules in [ConnectRules::gomoku_freestyle(), ConnectRules::gomoku(), ConnectRules::renju()] {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut times = Vec::new();
        let (mut vcf_ms, mut vct_ms) = (Vec::new(), Vec::new());
        let (mut wins, mut positions) = (0, 0);
        for fen in &openings {
            for plies in [4, 8, 12, 16, 20] {
                let mut pos = if fen.is_empty() {
                    Connect::startpos(rules)
                } else {
                    match Connect::from_fen(fen, rules) {
                        Ok(p) => p,
                        Err(_) => continue,
                    }
                };
                for _ in 0..plies {
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
                }
                if pos.outcome().is_some() {
                    continue;
                }
                let start = Instant::now();
                let found = pos.forced_win(SolverBudget::Fixed);
                times.push(start.elapsed().as_secs_f64() * 1e3);
                positions += 1;
                wins += found.is_some() as u32;
                let start = Instant::now();
                let v = ludex::variants::connect::vcf(&pos, 20_000);
                vcf_ms.push(start.elapsed().as_secs_f64() * 1e3);
                if v.is_none() {
                    let mut s = VctSolver::new(16);
                    let start = Instant::now();
                    let o = s.solve(&pos, 2_000);
                    vct_ms.push((start.elapsed().as_secs_f64() * 1e3, s.nodes(), matches!(o, VctOutcome::Win(_)), matches!(o, VctOutcome::Unknown)));
                }
            }
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        println!(
            "{:?}: {positions} positions, {wins} forced wins; forced_win ms: mean {mean:.2}, median {:.2}, p95 {:.2}, max {:.2}",
            rules.line_rule,
            at(0.5),
            at(0.95),
            at(1.0)
        );
        vcf_ms.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let n = vct_ms.len();
        let vct_wins = vct_ms.iter().filter(|v| v.2).count();
        let vct_unknown = vct_ms.iter().filter(|v| v.3).count();
        let vct_mean = vct_ms.iter().map(|v| v.0).sum::<f64>() / n as f64;
        let nodes: u64 = vct_ms.iter().map(|v| v.1).sum();
        let secs: f64 = vct_ms.iter().map(|v| v.0).sum::<f64>() / 1e3;
        println!(
            "  vcf: mean {:.2} ms, max {:.2}; vct (no VCF, {n} positions): {vct_wins} wins, {vct_unknown} unknown, mean {vct_mean:.2} ms, {:.0} nodes/s",
            vcf_ms.iter().sum::<f64>() / vcf_ms.len() as f64,
            vcf_ms[vcf_ms.len() - 1],
            nodes as f64 / secs
        );
    }
}
