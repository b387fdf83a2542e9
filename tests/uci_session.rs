//! Black-box tests of a UCI search session as hosts drive it: `isready` and `stop`
//! while searching (with measured latencies), pondering, exactly one `bestmove` per
//! `go`, finished positions, the `go` limits, MultiPV, `searchmoves`, options, the
//! `info` lines (every PV replayed as moves), variant switches and `quit`.
//!
//! Latencies are measured against generous bounds (the machine may be loaded), and
//! the tests that measure run one at a time so they do not slow each other down.

mod common;

use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use common::engine::{assert_legal, parse_bestmove, Engine};

const MS: fn(u64) -> Duration = Duration::from_millis;

/// Tests of this file run one after another: each spawns an engine that may use a
/// whole core, and several at once would make the latency measurements meaningless.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|p| p.into_inner())
}

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 0 8";
const GOMOKU: &str = "gomoku";

/// Starts an engine with `uci` answered and the variant set.
fn engine(variant: &str) -> Engine {
    Engine::uci(variant)
}

/// The parsed fields of an `info ... score ...` line.
#[derive(Debug, Default)]
struct Info {
    depth: u32,
    seldepth: Option<u32>,
    multipv: Option<u32>,
    score_cp: Option<i32>,
    score_mate: Option<i32>,
    nodes: Option<u64>,
    nps: Option<u64>,
    hashfull: Option<u32>,
    time: Option<u64>,
    pv: Vec<String>,
}

/// Parses an `info` line carrying a score; `None` for other lines (`currmove`, strings).
/// Panics on a malformed score line, naming it.
fn parse_info(line: &str) -> Option<Info> {
    let t: Vec<&str> = line.split_whitespace().collect();
    if t.first() != Some(&"info") || !t.contains(&"score") {
        return None;
    }
    let num = |i: usize| -> u64 { t.get(i).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("bad number in '{line}'")) };
    let mut info = Info::default();
    let mut i = 1;
    let mut saw_depth = false;
    while i < t.len() {
        match t[i] {
            "depth" => {
                info.depth = num(i + 1) as u32;
                saw_depth = true;
                i += 2;
            }
            "seldepth" => (info.seldepth, i) = (Some(num(i + 1) as u32), i + 2),
            "multipv" => (info.multipv, i) = (Some(num(i + 1) as u32), i + 2),
            "nodes" => (info.nodes, i) = (Some(num(i + 1)), i + 2),
            "nps" => (info.nps, i) = (Some(num(i + 1)), i + 2),
            "hashfull" => (info.hashfull, i) = (Some(num(i + 1) as u32), i + 2),
            "time" => (info.time, i) = (Some(num(i + 1)), i + 2),
            "score" => {
                let v: i32 = t.get(i + 2).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("bad score in '{line}'"));
                match t.get(i + 1) {
                    Some(&"cp") => info.score_cp = Some(v),
                    Some(&"mate") => info.score_mate = Some(v),
                    _ => panic!("score neither cp nor mate in '{line}'"),
                }
                i += 3;
                if matches!(t.get(i), Some(&"lowerbound") | Some(&"upperbound")) {
                    i += 1;
                }
            }
            "pv" => {
                info.pv = t[i + 1..].iter().map(|s| s.to_string()).collect();
                i = t.len();
            }
            other => panic!("unexpected token '{other}' in '{line}'"),
        }
    }
    assert!(saw_depth, "no depth in '{line}'");
    Some(info)
}

/// The score lines among `lines`, parsed.
fn score_infos(lines: &[String]) -> Vec<Info> {
    lines.iter().filter_map(|l| parse_info(l)).collect()
}

/// Sends `stop` and returns the `bestmove` line and how long it took to come.
fn stop_and_time(e: &mut Engine) -> (String, Duration) {
    let t = Instant::now();
    e.send("stop");
    let lines = e.read_until_timeout(|l| l.starts_with("bestmove"), Duration::from_secs(5));
    (lines.last().unwrap().clone(), t.elapsed())
}

#[test]
fn isready_is_answered_at_once_during_go_infinite() {
    let _s = serial();
    let mut e = engine("chess");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go infinite");
    e.lines_within(MS(200));
    let mut worst = Duration::ZERO;
    for _ in 0..5 {
        let t = Instant::now();
        e.send("isready");
        let lines = e.read_until_timeout(|l| l == "readyok", Duration::from_secs(2));
        worst = worst.max(t.elapsed());
        assert!(lines.iter().all(|l| !l.starts_with("bestmove")), "{lines:?}");
        e.lines_within(MS(50));
    }
    eprintln!("isready during go infinite: worst {worst:?}");
    assert!(worst < MS(100), "readyok took {worst:?}");
    let (best, _) = stop_and_time(&mut e);
    assert_legal(&mut e, parse_bestmove(&best).0.as_deref().expect("a move"));
}

#[test]
fn stop_answers_within_milliseconds_with_exactly_one_bestmove() {
    let _s = serial();
    let mut e = engine("chess");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go infinite");
    e.expect_no_bestmove(MS(300));
    let (best, latency) = stop_and_time(&mut e);
    eprintln!("stop latency after 300 ms of go infinite: {latency:?}");
    assert!(latency < MS(200), "bestmove came {latency:?} after stop");
    e.expect_no_bestmove(MS(500));
    assert_legal(&mut e, parse_bestmove(&best).0.as_deref().expect("a move"));
    // A second stop while idle prints nothing.
    assert_eq!(e.ask("stop"), Vec::<String>::new());
}

/// A host that sends `stop` and the next command without waiting (a script piping
/// its lines) must still see the stopped search's `bestmove` first: whatever follows
/// belongs to the next exchange, and an error line for it cannot come before.
#[test]
fn the_bestmove_of_a_stopped_search_comes_before_the_next_command_is_answered() {
    let _s = serial();
    let mut e = engine("chess");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go infinite");
    e.expect_no_bestmove(MS(300));
    e.send("stop");
    e.send("position fen bad");
    e.send("isready");
    let lines = e.read_until_timeout(|l| l == "readyok", Duration::from_secs(5));
    let order: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove") || l.starts_with("info string error"))
        .map(|l| if l.starts_with("bestmove") { "bestmove" } else { "error" })
        .collect();
    assert_eq!(order, ["bestmove", "error"], "{lines:?}");
    // The bad FEN left the position as it was.
    assert!(e.fen().starts_with(MIDDLEGAME.split(' ').next().unwrap()), "{}", e.fen());
}

#[test]
fn ponder_then_ponderhit_gives_one_legal_bestmove() {
    let _s = serial();
    let mut e = engine("chess");
    e.send("setoption name Ponder value true");
    // The host ponders on the position after its predicted reply.
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
    e.sync();
    e.send("go ponder wtime 2000 btime 2000 winc 20 binc 20");
    e.expect_no_bestmove(MS(600));
    e.send("ponderhit");
    let lines = e.read_until_timeout(|l| l.starts_with("bestmove"), Duration::from_secs(3));
    e.expect_no_bestmove(MS(500));
    let (best, ponder) = parse_bestmove(lines.last().unwrap());
    let best = best.expect("a move");
    assert_legal(&mut e, &best);
    if let Some(p) = ponder {
        let errors = e.try_position(&format!("position startpos moves e2e4 e7e5 g1f3 b8c6 {best} {p}"));
        assert!(errors.is_empty(), "ponder move {p} illegal after {best}: {errors:?}");
    }
}

#[test]
fn ponder_then_stop_gives_exactly_one_bestmove() {
    let _s = serial();
    let mut e = engine("chess");
    e.send("setoption name Ponder value true");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go ponder wtime 100 btime 100");
    // Even with 100 ms on the clock, pondering never ends on its own.
    e.expect_no_bestmove(MS(700));
    let (best, latency) = stop_and_time(&mut e);
    assert!(latency < MS(200), "bestmove came {latency:?} after stop");
    e.expect_no_bestmove(MS(500));
    assert_legal(&mut e, parse_bestmove(&best).0.as_deref().expect("a move"));
}

/// In positions where the search has nothing left to do at once (mate in one, a single
/// legal move, a tiny game, no move at all), `go infinite` and `go ponder` still wait
/// for `stop`.
#[test]
fn infinite_and_ponder_never_end_on_their_own() {
    let _s = serial();
    let cases: &[(&str, &str, Option<&str>)] = &[
        ("chess", "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Some("a1a8")),
        ("chess", "position fen k7/8/1K6/8/8/8/8/1R6 b - - 0 1", Some("a8b8")),
        ("chess", "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", None),
        ("tictactoe", "position startpos moves P@a1 P@b1 P@a2 P@b2", Some("P@a3")),
        ("antichess", "position fen 8/8/8/8/8/8/8/k7 w - - 0 1", None),
    ];
    // The searches end at once and then only wait, so the cases can run side by side.
    let runs: Vec<(&str, &str, Option<&str>, &str)> =
        cases.iter().flat_map(|&(v, p, x)| ["infinite", "ponder"].map(|m| (v, p, x, m))).collect();
    std::thread::scope(|s| {
        for &(variant, pos, expected, mode) in &runs {
            s.spawn(move || {
                let mut e = engine(variant);
                e.send(pos);
                e.send(&format!("go {mode}"));
                let lines = e.expect_no_bestmove(MS(1000));
                assert!(lines.iter().all(|l| l.starts_with("info")), "{variant} {pos} go {mode}: {lines:?}");
                let (best, latency) = stop_and_time(&mut e);
                assert!(latency < MS(200), "{variant} {pos}: bestmove came {latency:?} after stop");
                assert_eq!(parse_bestmove(&best).0.as_deref(), expected, "{variant} {pos} go {mode}");
                e.expect_no_bestmove(MS(300));
            });
        }
    });
}

/// `go` in a finished position (Arena does this) is answered by `bestmove (none)` at
/// once, after one `info depth 0` line with the verdict, as Stockfish does.
#[test]
fn go_in_a_finished_position_answers_bestmove_none() {
    let _s = serial();
    let cases: &[(&str, &str, &str)] = &[
        ("chess", "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "mate 0"),
        ("chess", "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "cp 0"),
        ("antichess", "position fen 8/8/8/8/8/8/8/k7 w - - 0 1", "mate 0"),
        ("suicide", "position fen 8/8/8/8/p7/P7/8/8 w - - 0 1", "cp 0"),
        ("gomoku", "position startpos moves P@h8 P@a1 P@h7 P@a2 P@h6 P@a3 P@h5 P@a4 P@h4", "mate 0"),
        ("gomokufreestyle", "position startpos moves P@h8 P@a1 P@h7 P@a2 P@h6 P@a3 P@h5 P@a4 P@h4", "mate 0"),
        ("tictactoe", "position startpos moves P@a1 P@b1 P@a2 P@b2 P@a3", "mate 0"),
        ("tictactoe", "position startpos moves P@b2 P@a1 P@c1 P@a3 P@a2 P@c2 P@b1 P@b3 P@c3", "cp 0"),
    ];
    for &(variant, pos, score) in cases {
        let mut e = engine(variant);
        assert!(e.try_position(pos).is_empty(), "{pos}");
        assert!(e.legal_moves().is_empty(), "{variant} {pos} is not finished");
        for go in ["depth 5", "movetime 1000", "wtime 1000 btime 1000", "nodes 1000", ""] {
            let t = Instant::now();
            let (lines, best) = e.go_timeout(go, Duration::from_secs(2));
            let took = t.elapsed();
            assert_eq!(best, "bestmove (none)", "{variant} {pos} go {go}");
            assert!(took < MS(200), "{variant} {pos} go {go}: {took:?}");
            let info = lines.last().and_then(|l| parse_info(l)).unwrap_or_else(|| panic!("no info line: {lines:?}"));
            assert_eq!(info.depth, 0);
            assert!(lines.last().unwrap().contains(&format!("score {score}")), "{variant} {pos}: {lines:?}");
            e.expect_no_bestmove(MS(100));
        }
    }
}

#[test]
fn depth_nodes_and_movetime_are_honoured() {
    let _s = serial();
    let mut e = engine("chess");
    e.send(&format!("position fen {MIDDLEGAME}"));
    for depth in [1, 3, 6] {
        let (lines, best) = e.go(&format!("depth {depth}"));
        let infos = score_infos(&lines);
        assert_eq!(infos.last().map(|i| i.depth), Some(depth), "go depth {depth}: {lines:?}");
        assert!(infos.iter().all(|i| i.depth <= depth));
        assert_legal(&mut e, parse_bestmove(&best).0.as_deref().unwrap());
    }
    for nodes in [5_000u64, 50_000] {
        let (lines, best) = e.go(&format!("nodes {nodes}"));
        let max = score_infos(&lines).iter().filter_map(|i| i.nodes).max().unwrap_or(0);
        assert!(max <= nodes, "go nodes {nodes}: reported {max}");
        assert_legal(&mut e, parse_bestmove(&best).0.as_deref().unwrap());
    }
    // movetime on a board big enough that the search never runs out of tree.
    let mut g = engine(GOMOKU);
    g.send("position startpos moves P@h8 P@i9 P@g9");
    for movetime in [200u64, 500] {
        let t = Instant::now();
        let (_, best) = g.go_timeout(&format!("movetime {movetime}"), Duration::from_secs(3));
        let took = t.elapsed().as_millis() as u64;
        eprintln!("go movetime {movetime}: bestmove after {took} ms");
        assert!(took >= movetime / 2, "movetime {movetime}: bestmove after only {took} ms");
        assert!(took <= movetime + 150, "movetime {movetime}: bestmove after {took} ms");
        assert_legal(&mut g, parse_bestmove(&best).0.as_deref().unwrap());
    }
    // With one legal move there is nothing to think about.
    e.send("position fen k7/8/1K6/8/8/8/8/1R6 b - - 0 1");
    let t = Instant::now();
    let (_, best) = e.go("movetime 2000");
    assert_eq!(best.split_whitespace().nth(1), Some("a8b8"));
    assert!(t.elapsed() < MS(2200), "{:?}", t.elapsed());
}

#[test]
fn clock_search_returns_well_within_the_clock() {
    let _s = serial();
    for (variant, pos) in [
        ("chess", format!("position fen {MIDDLEGAME}")),
        ("gomoku", "position startpos moves P@h8 P@i9".to_string()),
        ("antichess", "position startpos moves e2e3".to_string()),
    ] {
        let mut e = engine(variant);
        e.send(&pos);
        let t = Instant::now();
        let (_, best) = e.go_timeout("wtime 1000 btime 1000 winc 10 binc 10", Duration::from_secs(2));
        let took = t.elapsed();
        eprintln!("{variant}: go wtime 1000 btime 1000: bestmove after {took:?}");
        assert!(took < MS(500), "{variant}: {took:?} of a 1 s clock");
        assert_legal(&mut e, parse_bestmove(&best).0.as_deref().unwrap());
    }
}

/// A clock for the other side only: the side to move has no time and moves at once
/// (a search without limit here would never answer).
#[test]
fn clock_for_the_other_side_only_still_moves() {
    let _s = serial();
    let mut e = engine("gomoku");
    e.send("position startpos moves P@h8");
    for go in ["wtime 1000 winc 100", "wtime 60000"] {
        let t = Instant::now();
        let (_, best) = e.go_timeout(go, Duration::from_secs(3));
        assert!(t.elapsed() < MS(300), "go {go} with Black to move: {:?}", t.elapsed());
        assert_legal(&mut e, parse_bestmove(&best).0.as_deref().unwrap());
    }
}

/// After a second of search, `info depth D currmove M currmovenumber N` lines name
/// legal root moves.
#[test]
fn currmove_lines_after_a_second_name_legal_moves() {
    let _s = serial();
    let mut e = engine("gomoku");
    e.send("position startpos moves P@h8 P@i9 P@g9");
    e.send("go infinite");
    // The first one comes when a root move starts after a second: how soon after
    // depends on how long each root move takes, so wait for it rather than a fixed time.
    let lines = e.read_until_timeout(|l| l.contains(" currmove ") || l.starts_with("bestmove"), MS(10_000));
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "bestmove during go infinite: {lines:?}");
    let (best, _) = stop_and_time(&mut e);
    let legal = e.legal_moves();
    let currmoves: Vec<&String> = lines.iter().filter(|l| l.contains(" currmove ")).collect();
    assert!(!currmoves.is_empty(), "no currmove line: {lines:?}");
    for l in currmoves {
        let t: Vec<&str> = l.split_whitespace().collect();
        assert!(t.len() == 7 && t[1] == "depth" && t[3] == "currmove" && t[5] == "currmovenumber", "'{l}'");
        assert!(t[2].parse::<u32>().unwrap() >= 1, "'{l}'");
        assert!(legal.iter().any(|m| m == t[4]), "'{l}': illegal currmove");
        let n: usize = t[6].parse().unwrap();
        assert!(n >= 1 && n <= legal.len(), "'{l}'");
    }
    assert!(legal.contains(&parse_bestmove(&best).0.unwrap()));
}

#[test]
fn multipv_gives_distinct_lines() {
    let _s = serial();
    let mut e = engine("chess");
    e.send("setoption name MultiPV value 3");
    e.send(&format!("position fen {MIDDLEGAME}"));
    let (lines, best) = e.go("depth 5");
    let infos = score_infos(&lines);
    let last: Vec<&Info> = infos.iter().filter(|i| i.depth == 5).collect();
    let mut by_pv: Vec<(u32, String)> = last
        .iter()
        .map(|i| (i.multipv.expect("multipv"), i.pv.first().cloned().expect("pv")))
        .collect();
    by_pv.sort();
    by_pv.dedup_by_key(|(k, _)| *k);
    assert_eq!(by_pv.iter().map(|(k, _)| *k).collect::<Vec<_>>(), vec![1, 2, 3], "{lines:?}");
    let mut firsts: Vec<&String> = by_pv.iter().map(|(_, m)| m).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "first moves not distinct: {by_pv:?}");
    assert_eq!(parse_bestmove(&best).0.as_ref(), Some(&by_pv[0].1), "bestmove is not multipv 1");
    // Back to one line.
    e.send("setoption name MultiPV value 1");
    let (lines, _) = e.go("depth 3");
    assert!(score_infos(&lines).iter().all(|i| i.multipv == Some(1)), "{lines:?}");
}

#[test]
fn searchmoves_restricts_the_bestmove() {
    let _s = serial();
    let mut e = engine("chess");
    e.send("position startpos");
    for allowed in [vec!["a2a3", "h2h4"], vec!["g2g4"], vec!["b1c3", "e2e4", "g1f3"]] {
        let (_, best) = e.go(&format!("depth 5 searchmoves {}", allowed.join(" ")));
        let best = parse_bestmove(&best).0.unwrap();
        assert!(allowed.contains(&best.as_str()), "searchmoves {allowed:?} gave {best}");
    }
    // Moves that are not legal here are named in an error line and left out.
    let (lines, best) = e.go("depth 3 searchmoves zz e2e4 e7e5");
    assert_eq!(best.split_whitespace().nth(1), Some("e2e4"), "{lines:?}");
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string error: ")).collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(errors[0].contains("zz") && errors[1].contains("e7e5"), "{errors:?}");
    let mut g = engine("gomoku");
    g.send("position startpos moves P@h8");
    let (_, best) = g.go("depth 2 searchmoves P@a1");
    assert_eq!(best.split_whitespace().nth(1), Some("P@a1"));
}

#[test]
fn hash_threads_and_clear_hash_are_accepted() {
    let _s = serial();
    let mut e = engine("chess");
    for opt in [
        "setoption name Hash value 64",
        "setoption name Clear Hash",
        "setoption name Threads value 2",
        "setoption name Move Overhead value 50",
        "setoption name UCI_AnalyseMode value true",
    ] {
        assert_eq!(e.ask(opt), Vec::<String>::new(), "{opt}");
    }
    e.send(&format!("position fen {MIDDLEGAME}"));
    let (lines, best) = e.go("depth 7");
    assert_eq!(score_infos(&lines).last().map(|i| i.depth), Some(7));
    assert_legal(&mut e, parse_bestmove(&best).0.as_deref().unwrap());
    // Options changed during a search take effect after it, and the search still works.
    e.send("go infinite");
    e.lines_within(MS(100));
    e.send("setoption name Hash value 8");
    e.send("setoption name Threads value 1");
    e.send("setoption name Clear Hash");
    let (best, _) = stop_and_time(&mut e);
    assert_legal(&mut e, parse_bestmove(&best).0.as_deref().unwrap());
    let (_, best) = e.go("depth 4");
    assert_legal(&mut e, parse_bestmove(&best).0.as_deref().unwrap());
}

/// Every field of the `info` lines is present and sane, and every PV is a line of
/// legal moves (replayed with `position ... moves`).
#[test]
fn info_lines_parse_and_pvs_are_legal() {
    let _s = serial();
    let cases: &[(&str, &str, &str)] = &[
        ("chess", MIDDLEGAME, "depth 8"),
        ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "movetime 300"),
        ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "depth 6"),
        ("antichess", "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1", "depth 6"),
        ("suicide", "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b - - 0 1", "depth 6"),
        ("tictactoe", "3/3/3[PPPPPpppp] w - - 0 1", "depth 9"),
    ];
    for &(variant, fen, go) in cases {
        let mut e = engine(variant);
        e.send(&format!("position fen {fen}"));
        let (lines, best) = e.go(go);
        let infos = score_infos(&lines);
        assert!(!infos.is_empty(), "{variant} {fen}: no info lines");
        let mut last_depth = 0;
        for (i, line) in infos.iter().zip(lines.iter().filter(|l| l.contains(" score "))) {
            assert!(i.depth >= 1 && i.depth >= last_depth, "{line}");
            last_depth = i.depth;
            assert!(i.seldepth.expect("seldepth") >= 1, "{line}");
            assert_eq!(i.multipv, Some(1), "{line}");
            assert!(i.score_cp.is_some() != i.score_mate.is_some(), "{line}");
            assert!(i.nodes.expect("nodes") > 0, "{line}");
            i.nps.expect("nps");
            assert!(i.hashfull.expect("hashfull") <= 1000, "{line}");
            i.time.expect("time");
            assert!(!i.pv.is_empty(), "{line}");
            let errors = e.try_position(&format!("position fen {fen} moves {}", i.pv.join(" ")));
            assert!(errors.is_empty(), "{variant}: illegal PV in '{line}': {errors:?}");
        }
        let final_pv = &infos.last().unwrap().pv;
        let (bm, _) = parse_bestmove(&best);
        assert_eq!(bm.as_ref(), final_pv.first(), "{variant} {fen}: bestmove is not the PV's first move");
        if variant == "chess" && fen.starts_with("6k1") {
            assert_eq!(infos.last().unwrap().score_mate, Some(1), "mate in one not reported: {lines:?}");
        }
    }
}

#[test]
fn variant_switch_mid_session() {
    let _s = serial();
    let mut e = engine("chess");
    let steps: &[(&str, &str, &str)] = &[
        ("chess", "position startpos moves e2e4 c7c5", "depth 6"),
        ("gomoku", "position startpos moves P@h8 P@h9", "nodes 20000"),
        ("antichess", "position startpos moves e2e3 b7b5", "depth 5"),
        ("tictactoe", "position startpos moves P@b2", "depth 8"),
        ("suicide", "position startpos moves g2g4", "depth 5"),
        ("chess", "position startpos", "depth 5"),
    ];
    for &(variant, pos, go) in steps {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("ucinewgame");
        assert!(e.try_position(pos).is_empty(), "{variant}: {pos}");
        let (_, best) = e.go(go);
        let mv = parse_bestmove(&best).0.unwrap_or_else(|| panic!("{variant}: {best}"));
        assert_legal(&mut e, &mv);
    }
    // Switching during a search: the running search ends with a bestmove of the old
    // variant; the next search is in the new one.
    e.send("position startpos");
    e.send("go infinite");
    e.lines_within(MS(100));
    e.send("setoption name UCI_Variant value gomoku");
    e.send("stop");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    let mv = parse_bestmove(lines.last().unwrap()).0.unwrap();
    assert!(mv.len() == 4 && !mv.contains('@'), "chess move expected, got {mv}");
    e.send("position startpos");
    let (_, best) = e.go("nodes 5000");
    assert!(best.contains('@'), "{best}");
}

#[test]
fn quit_during_a_search_exits_promptly() {
    let _s = serial();
    for go in ["infinite", "ponder", "depth 60", "movetime 100000"] {
        let mut e = engine("chess");
        e.send(&format!("position fen {MIDDLEGAME}"));
        e.send(&format!("go {go}"));
        e.lines_within(MS(200));
        let t = Instant::now();
        e.send("quit");
        assert!(e.wait_exit_within(Duration::from_secs(1)), "go {go}: nonzero exit");
        assert!(t.elapsed() < MS(300), "go {go}: quit took {:?}", t.elapsed());
    }
    // End of input during a search is a quit too.
    let mut e = engine("chess");
    e.send("go infinite");
    e.lines_within(MS(100));
    e.close_stdin();
    assert!(e.wait_exit_within(Duration::from_secs(1)));
}

/// `Contempt` is what a draw costs the side to move: in check from the last
/// piece it could lose to, White's only move takes the queen and leaves two bare
/// kings, a draw, so the search scores the position at minus the contempt. Out
/// of range or not a number, the value is refused with one error and the last
/// one kept.
#[test]
fn contempt_is_the_score_of_a_forced_draw() {
    let _s = serial();
    let mut e = engine("chess");
    let forced_draw = "8/8/8/8/8/4k3/1q6/K7 w - - 0 1";
    let draw_score = |e: &mut Engine| {
        e.send(&format!("position fen {forced_draw}"));
        let (lines, best) = e.go("depth 6");
        assert_eq!(parse_bestmove(&best).0.as_deref(), Some("a1b2"));
        score_infos(&lines).last().and_then(|i| i.score_cp).expect("a centipawn score")
    };
    assert_eq!(draw_score(&mut e), -ludex::engine::DEFAULT_CONTEMPT, "the default contempt");
    for (value, score) in [(25, -25), (-30, 30), (0, 0)] {
        assert_eq!(e.ask(&format!("setoption name Contempt value {value}")), Vec::<String>::new());
        assert_eq!(draw_score(&mut e), score, "Contempt {value}");
    }
    e.ask("setoption name Contempt value 40");
    for bad in ["101", "-101", "much"] {
        let lines = e.ask(&format!("setoption name Contempt value {bad}"));
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("info string error: option 'Contempt'"), "{lines:?}");
    }
    assert_eq!(draw_score(&mut e), -40, "the last good value kept");
}
