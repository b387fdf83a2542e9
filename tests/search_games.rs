//! The searcher against games whose values are known from theory or from an
//! independent exhaustive solver written here: it must find the winning moves, the
//! exact mate distances, and follow the variant's verdict on positions without moves.

mod toys;

use std::collections::HashSet;

use ludex::core::score::{Score, MATE, MATE_BOUND};
use ludex::core::{MoveList, Position};
use ludex::search::{Collect, Limits, ReportScore, SearchResult, Searcher, Signals, Silent};
use toys::{Take, TakeRules, Tree, TreeNode, Ttt};

fn search<P: Position>(pos: &P, limits: Limits<P::Move>) -> SearchResult<P::Move> {
    let mut searcher = Searcher::new(4, 1);
    searcher.search(pos, &limits, &Signals::new(false), &mut Silent)
}

#[test]
fn subtraction_game_every_n() {
    // Normal play: n % 4 == 0 is lost. The winner takes n % 4 and then answers k with
    // 4 - k, so the game lasts exactly 1 + 2 * (n / 4) plies; the loser's moves do not
    // change that, and the winner has no faster way (any other move loses). So a
    // win is a mate in n / 4 + 1 moves, a loss a mate in -(n / 4).
    for n in 1..=40u32 {
        let r = search(&Take::new(n, TakeRules::Normal), Limits::depth(30));
        let q = (n / 4) as i32;
        if n % 4 == 0 {
            assert_eq!(r.score, ReportScore::Mate(-q), "n = {n}");
            assert!(r.best_move.is_some());
        } else {
            assert_eq!(r.best_move, Some((n % 4) as u8), "n = {n}");
            assert_eq!(r.score, ReportScore::Mate(q + 1), "n = {n}");
            assert_eq!(r.raw_score, MATE - (1 + 2 * q), "n = {n}: win in {} plies", 1 + 2 * q);
        }
    }
}

#[test]
fn misere_subtraction_no_moves_means_the_side_to_move_wins() {
    // Misère (the antichess convention): the side to move with no stones WINS, so
    // n % 4 == 1 is lost. From 4q + 1 the loser is forced down to 1 stone after 2q
    // plies and takes it: a loss in 2q + 1 plies. The winner moves to 4q + 1 first: a
    // win in 2q + 2 plies, an even number, because the win is having no move.
    for n in 1..=40u32 {
        let r = search(&Take::new(n, TakeRules::Misere), Limits::depth(30));
        if n % 4 == 1 {
            let q = ((n - 1) / 4) as i32;
            assert_eq!(r.score, ReportScore::Mate(-(q + 1)), "n = {n}");
            assert_eq!(r.raw_score, -MATE + (2 * q + 1), "n = {n}");
        } else {
            let q = ((n - 1) / 4) as i32;
            assert_eq!(r.best_move, Some(((n - 1) % 4) as u8), "n = {n}");
            assert_eq!(r.raw_score, MATE - (2 * q + 2), "n = {n}");
            assert_eq!(r.score, ReportScore::Mate(q + 1), "n = {n}");
        }
    }
}

#[test]
fn finished_root_has_no_best_move_and_the_variants_verdict() {
    let r = search(&Take::new(0, TakeRules::Normal), Limits::depth(5));
    assert_eq!((r.best_move, r.score, r.depth), (None, ReportScore::Mate(0), 0));
    assert!(r.raw_score < 0);
    let r = search(&Take::new(0, TakeRules::Misere), Limits::depth(5));
    assert_eq!(r.best_move, None);
    assert!(r.raw_score > 0, "the side to move without moves wins in misère");
}

/// Exact negamax with distance-to-mate: a win in k plies is `MATE - k`, a loss
/// `-(MATE - k)`, a draw 0, all from the side to move.
fn solve_ttt(pos: &mut Ttt, memo: &mut std::collections::HashMap<[u8; 9], Score>) -> Score {
    if let Some(&v) = memo.get(&pos.cells) {
        return v;
    }
    let v = match pos.outcome() {
        Some(o) => match o.winner {
            Some(w) if w == pos.side_to_move() => MATE,
            Some(_) => -MATE,
            None => 0,
        },
        None => {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let mut best = -MATE - 1;
            for &mv in list.iter() {
                pos.make_move(mv);
                let c = solve_ttt(pos, memo);
                pos.unmake_move();
                let v = if c > 0 {
                    -c + 1
                } else if c < 0 {
                    -c - 1
                } else {
                    0
                };
                best = best.max(v);
            }
            best
        }
    };
    memo.insert(pos.cells, v);
    v
}

fn reachable(pos: &mut Ttt, seen: &mut HashSet<[u8; 9]>, out: &mut Vec<Ttt>) {
    if !seen.insert(pos.cells) {
        return;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if list.is_empty() {
        return;
    }
    out.push(pos.clone());
    for &mv in list.iter() {
        pos.make_move(mv);
        reachable(pos, seen, out);
        pos.unmake_move();
    }
}

#[test]
fn tic_tac_toe_exhaustively_keeps_the_value_with_exact_distances() {
    let mut positions = Vec::new();
    reachable(&mut Ttt::new(), &mut HashSet::new(), &mut positions);
    assert_eq!(positions.len(), 4_520, "reachable non-terminal positions");
    let mut memo = std::collections::HashMap::new();
    // One searcher for all, as in a session: the table carries over between searches.
    let mut searcher = Searcher::new(1, 1);
    for pos in &positions {
        let mut p = pos.clone();
        let value = solve_ttt(&mut p, &mut memo);
        let r = searcher.search(pos, &Limits::depth(12), &Signals::new(false), &mut Silent);
        let mv = r.best_move.expect("a move");
        p.make_move(mv);
        let after = solve_ttt(&mut p, &mut memo);
        let got = if after > 0 { -after + 1 } else if after < 0 { -after - 1 } else { 0 };
        assert_eq!(got, value, "{}: move {mv} turns value {value} into {got}", pos.to_fen());
        assert_eq!(r.raw_score, value, "{}: reported score", pos.to_fen());
    }
    // The empty board is a draw.
    let r = search(&Ttt::new(), Limits::depth(9));
    assert_eq!(r.score, ReportScore::Cp(0));
}

#[test]
fn tic_tac_toe_takes_a_win_in_one_and_blocks_a_loss() {
    // X: 0, 1; O: 3, 4. X to move wins at 2 (mate in 1).
    let mut p = Ttt::new();
    for mv in [0, 3, 1, 4] {
        p.make_move(mv);
    }
    let r = search(&p, Limits::depth(1));
    assert_eq!((r.best_move, r.score), (Some(2), ReportScore::Mate(1)));
    // X: 0, 8; O: 4, X to move... O threatens nothing yet; make O threaten: O 4, 5.
    let mut p = Ttt::new();
    for mv in [0, 4, 8, 5] {
        p.make_move(mv);
    }
    // O threatens 3-4-5: X must block at 3.
    let r = search(&p, Limits::depth(4));
    assert_eq!(r.best_move, Some(3));
}

/// A root with two moves: `a` leads to node 1, `b` to node 2 (quiet, eval 0 for the
/// side to move there). Node 1 is built by each test.
fn two_move_root(node1: TreeNode, extra: Vec<TreeNode>) -> Tree {
    let mut nodes = vec![
        TreeNode { children: vec![(1, false), (2, false)], ..Default::default() },
        node1,
        TreeNode { eval: 100, children: vec![(3, false)], ..Default::default() },
        TreeNode { eval: 0, ..Default::default() },
    ];
    nodes.extend(extra);
    Tree::new(nodes)
}

#[test]
fn quiescence_sees_a_hanging_capture() {
    // After `a` the opponent (eval 0 for it) can capture into node 4, worth +900 to
    // the capturer (eval -900 for the side to move there). After `b` the opponent
    // has +100. Depth 1 with quiescence: a = -900, b = -100, so play b.
    let node1 = TreeNode { eval: 0, children: vec![(4, true), (3, false)], ..Default::default() };
    let extra = vec![TreeNode { eval: -900, children: vec![(3, false)], ..Default::default() }];
    let r = search(&two_move_root(node1, extra), Limits::depth(1));
    assert_eq!((r.best_move, r.raw_score), (Some(2), -100));
}

#[test]
fn quiescence_may_not_stand_pat_when_a_capture_is_forced() {
    // After `a` the opponent looks fine (eval +300 for it) but must capture (forced),
    // and the only capture leads to node 4 where we stand +500. Standing pat would
    // say a = -300; the forced capture makes a = +500.
    let node1 = TreeNode { eval: 300, forced: true, children: vec![(4, true), (3, false)], ..Default::default() };
    let extra = vec![TreeNode { eval: 500, children: vec![(3, false)], ..Default::default() }];
    let r = search(&two_move_root(node1, extra), Limits::depth(1));
    assert_eq!((r.best_move, r.raw_score), (Some(1), 500));
}

#[test]
fn quiescence_follows_a_long_chain_of_single_forced_captures() {
    // After `a` the opponent looks lost (eval -300 for it), but it must capture, and
    // so must we, back and forth, one capture each time, for 20 plies; then the
    // opponent has no move and wins (antichess). Quiescence bounds how many forced
    // *choices* it follows, not forced replies, so depth 1 sees the loss: play `b`.
    const CHAIN: usize = 20;
    let node1 = TreeNode { eval: -300, forced: true, children: vec![(4, true)], ..Default::default() };
    let mut extra: Vec<TreeNode> = (0..CHAIN - 1)
        .map(|i| TreeNode { eval: 0, forced: true, children: vec![(5 + i, true)], ..Default::default() })
        .collect();
    // Node 4 + CHAIN - 1 is reached after 1 + CHAIN plies: the opponent to move.
    // (Marked forced: quiescence only looks for the end of the game where it may
    // not stand pat.)
    extra.push(TreeNode { forced: true, mover_wins: Some(true), ..Default::default() });
    let r = search(&two_move_root(node1, extra), Limits::depth(1));
    assert_eq!((r.best_move, r.raw_score), (Some(2), -100));
}

#[test]
fn quiescence_searches_quiet_evasions_in_check() {
    // After `a` the opponent is in check: its only evasion is quiet and leads to node
    // 4 (+400 for us). No stand pat in check, so a = +400 even at depth 1.
    let node1 = TreeNode { eval: 300, in_check: true, children: vec![(4, false)], ..Default::default() };
    let extra = vec![TreeNode { eval: 400, children: vec![(3, false)], ..Default::default() }];
    let r = search(&two_move_root(node1, extra), Limits::depth(1));
    assert_eq!((r.best_move, r.raw_score), (Some(1), 400));
}

#[test]
fn checkmate_in_quiescence_is_a_mate_score() {
    // After `a` the opponent is in check with no moves: mated, a mate in 1.
    let node1 = TreeNode { in_check: true, mover_wins: Some(false), ..Default::default() };
    let r = search(&two_move_root(node1, vec![]), Limits::depth(1));
    assert_eq!((r.best_move, r.score), (Some(1), ReportScore::Mate(1)));
}

#[test]
fn multipv_gives_distinct_lines_sorted_by_score() {
    // n = 10: taking 2 wins (mate 3); taking 1 leaves 9, lost in 6 plies (mate -3);
    // taking 3 leaves 7, lost in 4 plies (mate -2). Losing later is better.
    let mut searcher = Searcher::new(4, 1);
    let mut log = Collect::default();
    let limits = Limits { depth: Some(12), multipv: 3, ..Limits::default() };
    let r = searcher.search(&Take::new(10, TakeRules::Normal), &limits, &Signals::new(false), &mut log);
    let last: Vec<_> = log.reports.iter().filter(|rep| rep.depth == 12).collect();
    assert_eq!(last.len(), 3);
    assert_eq!(last.iter().map(|rep| rep.multipv).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(last.iter().map(|rep| rep.pv[0]).collect::<Vec<_>>(), vec![2, 1, 3]);
    assert_eq!(
        last.iter().map(|rep| rep.score).collect::<Vec<_>>(),
        vec![ReportScore::Mate(3), ReportScore::Mate(-3), ReportScore::Mate(-2)]
    );
    assert_eq!(r.best_move, Some(2));
    // More lines than moves: as many lines as moves.
    let limits = Limits { depth: Some(4), multipv: 5, ..Limits::default() };
    let mut log = Collect::default();
    searcher.search(&Take::new(2, TakeRules::Normal), &limits, &Signals::new(false), &mut log);
    assert_eq!(log.reports.iter().filter(|rep| rep.depth == 4).count(), 2);
}

#[test]
fn searchmoves_restricts_the_root() {
    let limits = Limits { depth: Some(12), searchmoves: vec![1, 3], ..Limits::default() };
    let r = search(&Take::new(10, TakeRules::Normal), limits);
    assert_eq!((r.best_move, r.score), (Some(1), ReportScore::Mate(-3)));
    // Moves that are not legal are ignored; none legal means all moves.
    let limits = Limits { depth: Some(12), searchmoves: vec![7], ..Limits::default() };
    assert_eq!(search(&Take::new(10, TakeRules::Normal), limits).best_move, Some(2));
}

#[test]
fn go_mate_stops_once_the_mate_is_found() {
    // Mate in 3 from n = 10 needs 5 plies: the search stops long before depth 100.
    let mut log = Collect::default();
    let limits = Limits { mate: Some(3), ..Limits::default() };
    let r = Searcher::new(1, 1).search(&Take::new(10, TakeRules::Normal), &limits, &Signals::new(false), &mut log);
    assert_eq!((r.best_move, r.score), (Some(2), ReportScore::Mate(3)));
    assert!(r.depth <= 8, "depth {}", r.depth);
    assert_eq!(log.reports.last().unwrap().depth, r.depth);
    assert!(r.raw_score >= MATE_BOUND);
}

#[test]
fn ponder_move_comes_with_the_best_move() {
    let r = search(&Take::new(10, TakeRules::Normal), Limits::depth(12));
    assert_eq!(r.best_move, Some(2));
    assert!(r.ponder_move.is_some());
    assert_eq!(r.pv.first().copied(), r.best_move);
    assert_eq!(r.pv.get(1).copied(), r.ponder_move);
}
