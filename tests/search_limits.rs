//! Limits, signals, threads and determinism of the searcher, on games big enough that
//! the search never runs out of tree by itself.

mod toys;

use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use ludex::core::{MoveList, Position};
use ludex::search::{Collect, Limits, SearchResult, Searcher, Signals, Silent, CURRMOVE_AFTER_MS};
use ludex::variants::connect::{Connect, ConnectRules};
use toys::{Noise, Take, TakeRules, Ttt};

/// Runs a search on its own thread, as the engine does; returns its handle.
fn spawn(pos: Noise, limits: Limits<u16>, signals: Arc<Signals>) -> thread::JoinHandle<(SearchResult<u16>, Collect<u16>)> {
    thread::spawn(move || {
        let mut log = Collect::default();
        let r = Searcher::new(8, 1).search(&pos, &limits, &signals, &mut log);
        (r, log)
    })
}

#[test]
fn depth_limit_is_respected() {
    let mut log = Collect::default();
    let r = Searcher::new(8, 1).search(&Noise::new(3), &Limits::depth(5), &Signals::new(false), &mut log);
    assert_eq!(r.depth, 5);
    let depths: Vec<u32> = log.reports.iter().map(|rep| rep.depth).collect();
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert!(r.best_move.is_some());
    assert!(r.seldepth >= 5);
}

#[test]
fn node_limit_is_respected() {
    for limit in [1u64, 100, 5_000, 50_000] {
        let r = Searcher::new(8, 1).search(&Noise::new(4), &Limits::nodes(limit), &Signals::new(false), &mut Silent);
        // Depth 1 is always completed (so there is a searched move), whatever the limit.
        let depth1 = Searcher::new(8, 1).search(&Noise::new(4), &Limits::depth(1), &Signals::new(false), &mut Silent);
        assert!(r.nodes <= limit.max(depth1.nodes), "limit {limit}: {} nodes", r.nodes);
        assert!(r.best_move.is_some());
        if limit >= 5_000 {
            assert!(r.nodes >= limit, "stopped early: {} < {limit}", r.nodes);
            assert!(r.depth >= 2);
        }
    }
}

#[test]
fn one_thread_is_deterministic() {
    let run = |s: &mut Searcher| {
        let mut log = Collect::default();
        let r = s.search(&Noise::new(5), &Limits::depth(6), &Signals::new(false), &mut log);
        // Aspiration-fail reports are sent only after a second, so they depend on the
        // machine's speed; the iteration reports and everything searched do not.
        let iterations = log.reports.iter().filter(|rep| rep.bound.is_none());
        (r.nodes, r.best_move, r.pv, iterations.map(|rep| (rep.depth, rep.nodes, rep.raw_score)).collect::<Vec<_>>())
    };
    let a = run(&mut Searcher::new(8, 1));
    let b = run(&mut Searcher::new(8, 1));
    assert_eq!(a, b);
    // `clear` (ucinewgame) brings a used searcher back to the same state.
    let mut s = Searcher::new(8, 1);
    run(&mut s);
    s.clear();
    assert_eq!(run(&mut s), a);
    // The nodes limit is exact with one thread, so it is deterministic too.
    let n = |_: ()| Searcher::new(8, 1).search(&Noise::new(6), &Limits::nodes(30_000), &Signals::new(false), &mut Silent);
    let (x, y) = (n(()), n(()));
    assert_eq!((x.nodes, x.best_move), (y.nodes, y.best_move));
}

#[test]
fn stop_ends_an_infinite_search_within_milliseconds() {
    let signals = Arc::new(Signals::new(false));
    let handle = spawn(Noise::new(7), Limits::infinite(), signals.clone());
    thread::sleep(Duration::from_millis(CURRMOVE_AFTER_MS + 300));
    assert!(!handle.is_finished(), "infinite search returned on its own");
    let t = Instant::now();
    signals.stop();
    let (r, log) = handle.join().unwrap();
    let latency = t.elapsed();
    // Typically well under 5 ms; the bound leaves room for a loaded 2-core CI
    // machine running other test binaries at the same time.
    assert!(latency < Duration::from_millis(250), "stop took {latency:?}");
    assert!(r.best_move.is_some());
    assert!(!log.reports.is_empty());
    // Root moves announced past the first second are numbered from 1. (Whether one
    // was announced at all depends on the machine's speed: a root move that started
    // before the second and is still being searched announces nothing. The UCI test
    // `currmove_lines_after_a_second_name_legal_moves` checks that they come.)
    assert!(log.currmoves.iter().all(|c| c.number >= 1));
}

#[test]
fn infinite_waits_for_stop_even_when_the_tree_is_exhausted() {
    // Tic-tac-toe is solved in a few milliseconds, yet `go infinite` must not answer
    // before `stop`.
    let signals = Arc::new(Signals::new(false));
    let s2 = signals.clone();
    let handle = thread::spawn(move || Searcher::new(1, 1).search(&Ttt::new(), &Limits::infinite(), &s2, &mut Silent));
    thread::sleep(Duration::from_millis(300));
    assert!(!handle.is_finished());
    signals.stop();
    let r = handle.join().unwrap();
    assert!(r.best_move.is_some());
}

#[test]
fn stop_before_the_search_starts_still_gives_a_searched_move() {
    let signals = Signals::new(false);
    signals.stop();
    let r = Searcher::new(8, 1).search(&Noise::new(8), &Limits::infinite(), &signals, &mut Silent);
    assert!(r.best_move.is_some());
    assert_eq!(r.depth, 1);
}

#[test]
fn a_spent_clock_cuts_depth_one_short() {
    // A stop or a node limit waits for depth 1, so that there is a searched move; the
    // clock does not, once depth 1 has run a few hundred nodes. This gomoku position
    // (from a self-play game) has fours on both sides, and its depth 1 follows them
    // for thousands of nodes: with the clock down to the move overhead (a hard limit
    // of 0 ms) a late move would lose the game.
    let fen = "15/15/15/15/15/7p7/2pp1PP8/3P1PpP7/3PP1p1p6/1pPP1P1p7/2p3P8/7p7/15/15/15 b - - 0 11";
    let pos = Connect::from_fen(fen, ConnectRules::gomoku()).unwrap();
    let depth1 = Searcher::new(8, 1).search(&pos, &Limits::depth(1), &Signals::new(false), &mut Silent);
    let limits = Limits { wtime_ms: Some(30), btime_ms: Some(30), move_overhead_ms: 30, ..Limits::default() };
    let mut log = Collect::default();
    let r = Searcher::new(8, 1).search(&pos, &limits, &Signals::new(false), &mut log);
    assert!(depth1.nodes > 1_000, "depth 1 too small to show the cut: {} nodes", depth1.nodes);
    assert_eq!(r.depth, 0);
    assert!(r.nodes <= 256, "{} nodes", r.nodes);
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    assert!(r.best_move.is_some_and(|m| legal.iter().any(|&l| l == m)), "{:?}", r.best_move);
    // The host still hears which move is played, with the score it is played on.
    let last = log.reports.last().expect("a report for the unfinished depth 1");
    assert_eq!(Some(last.pv[0]), r.best_move);
    assert_eq!(last.bound, None);
    assert_eq!(last.raw_score, r.raw_score);
    assert!(last.raw_score.abs() < ludex::core::score::INFINITE, "no score: {}", last.raw_score);
}

#[test]
fn movetime_is_kept() {
    let t = Instant::now();
    let limits = Limits { movetime_ms: Some(300), move_overhead_ms: 30, ..Limits::default() };
    let (r, _) = spawn(Noise::new(9), limits, Arc::new(Signals::new(false))).join().unwrap();
    let took = t.elapsed();
    assert!(took >= Duration::from_millis(250) && took < Duration::from_millis(330), "{took:?}");
    assert!(r.best_move.is_some());
}

#[test]
fn clock_time_stays_within_the_hard_limit() {
    // 1 s left, no increment: the budget is small and the search ends well before.
    let t = Instant::now();
    let limits = Limits { wtime_ms: Some(1_000), btime_ms: Some(1), ..Limits::default() };
    let (r, _) = spawn(Noise::new(10), limits, Arc::new(Signals::new(false))).join().unwrap();
    let took = t.elapsed();
    assert!(took < Duration::from_millis(400), "{took:?}");
    assert!(r.best_move.is_some());
}

#[test]
fn ponder_ignores_the_clock_until_ponderhit() {
    let clock = Limits { wtime_ms: Some(1_000), btime_ms: Some(1_000), ..Limits::default() };
    // Pondering: the clock says stop after ~0.1 s, but the search goes on.
    let signals = Arc::new(Signals::new(true));
    let handle = spawn(Noise::new(11), clock.clone(), signals.clone());
    thread::sleep(Duration::from_millis(500));
    assert!(!handle.is_finished(), "pondering search returned on its own");
    // ponderhit: the same search continues under the clock. Its soft limit (about
    // 25 ms) passed while pondering, so it answers at once.
    let t = Instant::now();
    signals.ponderhit();
    let (r, _) = handle.join().unwrap();
    // (Bounded loosely: a loaded CI machine can hold a thread back for tens of ms.)
    assert!(t.elapsed() < Duration::from_millis(250), "{:?} after ponderhit", t.elapsed());
    assert!(r.best_move.is_some());
    assert!(r.depth >= 3, "pondering time was used: depth {}", r.depth);

    // Ponder then stop: the move comes at once.
    let signals = Arc::new(Signals::new(true));
    let handle = spawn(Noise::new(12), clock, signals.clone());
    thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    signals.stop();
    let (r, _) = handle.join().unwrap();
    assert!(t.elapsed() < Duration::from_millis(50));
    assert!(r.best_move.is_some());
}

#[test]
fn early_ponderhit_is_not_lost() {
    // ponderhit before the search thread even started: it must behave as a normal
    // clock search, not ponder forever.
    let signals = Arc::new(Signals::new(true));
    signals.ponderhit();
    let clock = Limits { wtime_ms: Some(1_000), btime_ms: Some(1_000), ..Limits::default() };
    let t = Instant::now();
    let (r, _) = spawn(Noise::new(13), clock, signals).join().unwrap();
    assert!(t.elapsed() < Duration::from_millis(400));
    assert!(r.best_move.is_some());
}

#[test]
fn two_threads_find_the_same_theoretical_moves() {
    let mut s = Searcher::new(4, 2);
    assert_eq!(s.threads(), 2);
    for n in [5u32, 10, 17, 23, 31] {
        let r = s.search(&Take::new(n, TakeRules::Normal), &Limits::depth(30), &Signals::new(false), &mut Silent);
        assert_eq!(r.best_move, Some((n % 4) as u8), "n = {n}");
    }
    let r = s.search(&Noise::new(14), &Limits::depth(6), &Signals::new(false), &mut Silent);
    assert!(r.best_move.is_some());
    // Node counts include the helper.
    let one = Searcher::new(4, 1).search(&Noise::new(14), &Limits::depth(6), &Signals::new(false), &mut Silent);
    assert!(r.nodes > one.nodes / 2);
}

#[test]
fn the_last_report_names_the_move_played() {
    // Whichever thread's line is played (a helper that completed a deeper iteration
    // than the main thread is preferred), and whether it came from a completed
    // iteration, an unfinished one or a fail high, the last report names it.
    for threads in [1, 2] {
        let mut s = Searcher::new(4, threads);
        for seed in 21u64..29 {
            let mut log = Collect::default();
            let r = s.search(&Noise::new(seed), &Limits::movetime(60), &Signals::new(false), &mut log);
            let last = log.reports.last().expect("a report");
            assert_eq!(Some(last.pv[0]), r.best_move, "threads {threads}, seed {seed}");
            assert!(last.depth >= r.depth, "threads {threads}, seed {seed}");
        }
    }
}

#[test]
fn hash_table_fills_and_clears() {
    let mut s = Searcher::new(1, 1);
    assert_eq!(s.hash_bytes(), 1 << 20);
    assert_eq!(s.hashfull(), 0);
    let mut log = Collect::default();
    s.search(&Noise::new(15), &Limits::depth(6), &Signals::new(false), &mut log);
    assert!(s.hashfull() > 0);
    assert_eq!(log.reports.last().unwrap().hashfull, s.hashfull());
    s.clear();
    assert_eq!(s.hashfull(), 0);
    assert_eq!(s.set_hash_mb(2), Ok(()));
    assert_eq!(s.hash_bytes(), 2 << 20);
    s.set_threads(0);
    assert_eq!(s.threads(), 1);
}
