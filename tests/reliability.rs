//! The reliability reports of issue 14, each replayed the way a host sends it: a new
//! Gomocup board during a think, bytes that are not UTF-8, `END` inside a `BOARD`
//! block, a table resize or a MultiPV search that must not hold `isready`/`stop`,
//! and `ponderhit` outside pondering. Timing bounds here are protocol latencies a
//! host enforces, generous against a loaded machine, never strength.

mod common;

use std::sync::{Mutex, MutexGuard};
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::engine::{parse_bestmove, Engine};

/// Tests that time latencies run one at a time.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|p| p.into_inner())
}

const MS: fn(u64) -> Duration = Duration::from_millis;

fn gomocup(lines: &[&str]) -> Engine {
    let mut e = Engine::spawn();
    for l in lines {
        e.send(&format!("{l}\r"));
    }
    e
}

fn is_move(line: &str) -> bool {
    line.split_once(',').is_some_and(|(x, y)| {
        x.trim().parse::<usize>().is_ok() && y.trim().parse::<usize>().is_ok()
    })
}

/// Lines that are neither `MESSAGE` nor `DEBUG`, among `lines`.
fn answers(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
        .cloned()
        .collect()
}

fn next_answer(e: &mut Engine) -> String {
    loop {
        let l = e.read_line();
        if !l.starts_with("MESSAGE") && !l.starts_with("DEBUG") {
            return l;
        }
    }
}

fn xy(line: &str) -> (usize, usize) {
    let (x, y) = line
        .split_once(',')
        .unwrap_or_else(|| panic!("not x,y: '{line}'"));
    (x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

/// Item 1 and 3: `START`/`RECTSTART` during a think cancel it (no move for the old
/// board), and the next move is on the new board, with no panic.
#[test]
fn new_board_during_a_think_cancels_it() {
    for (second, bound) in [
        ("START 5", (5, 5)),
        ("RECTSTART 7,6", (7, 6)),
        ("START 10", (10, 10)),
    ] {
        let mut e = gomocup(&["START 15", "INFO timeout_turn 1000", "BEGIN"]);
        assert_eq!(next_answer(&mut e), "OK");
        sleep(MS(300));
        e.send(&format!("{second}\r"));
        let got = answers(&e.read_until(|l| l == "OK"));
        assert_eq!(
            got,
            ["OK"],
            "the cut-short think answered: {}",
            e.transcript.join("\n")
        );
        e.send("TURN 1,1\r");
        let mv = next_answer(&mut e);
        let (x, y) = xy(&mv);
        assert!(
            x < bound.0 && y < bound.1 && (x, y) != (1, 1),
            "{mv} after {second}"
        );
        // Nothing late from the cancelled think.
        let late = answers(&e.lines_within(MS(300)));
        assert!(late.is_empty(), "{late:?}");
        e.send("END\r");
        assert!(e.wait_exit(), "exit code {:?}", e.exit_code());
    }
}

/// Item 3: `RESTART`, `BEGIN`, `TAKEBACK` and `END` during a think end it without a
/// move.
#[test]
fn restart_takeback_and_end_cancel_a_think() {
    let mut e = gomocup(&["START 15", "INFO timeout_turn 1000", "BEGIN", "RESTART"]);
    let got = answers(&e.read_until(|l| l == "OK"));
    assert_eq!(got, ["OK"]);
    let got = answers(&e.read_until(|l| l == "OK"));
    assert_eq!(
        got,
        ["OK"],
        "a move before RESTART's OK: {}",
        e.transcript.join("\n")
    );
    e.send("TURN 6,4\r");
    sleep(MS(200));
    e.send("TAKEBACK 6,4\r");
    let got = answers(&e.read_until(|l| l == "OK"));
    assert_eq!(
        got,
        ["OK"],
        "a move before TAKEBACK's OK: {}",
        e.transcript.join("\n")
    );
    e.send("BEGIN\r");
    sleep(MS(200));
    e.send("END\r");
    assert!(e.wait_exit());
    let after = answers(&e.lines_within(MS(200)));
    assert!(
        after.iter().all(|l| !is_move(l)),
        "END during a think still answered: {after:?}"
    );
}

/// A `TURN` while we still think (a manager that does not wait) finishes the think
/// first: both answers come, in order, and the stones stay consistent.
#[test]
fn turn_during_a_think_answers_both_in_order() {
    let mut e = gomocup(&["START 15", "INFO timeout_turn 1000", "BEGIN"]);
    assert_eq!(next_answer(&mut e), "OK");
    sleep(MS(150));
    e.send("TURN 0,0\r");
    let first = next_answer(&mut e);
    let second = next_answer(&mut e);
    assert!(
        is_move(&first) && is_move(&second),
        "{}",
        e.transcript.join("\n")
    );
    assert_ne!(first, second);
    assert!(xy(&second) != (0, 0));
}

/// Item 2: a line that is not UTF-8 gets one error answer and the session goes on.
#[test]
fn bytes_that_are_not_utf8_do_not_end_the_session() {
    let mut e = Engine::spawn();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e.send_bytes(b"setoption name Foo value \xff\xfe\n");
    let lines = e.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("info string error:"), "{lines:?}");
    e.send_bytes(b"\xc3\x28 position startpos\n");
    assert_eq!(e.sync().len(), 1);
    let (_, best) = e.go("depth 3");
    assert!(parse_bestmove(&best).0.is_some());
    assert!(e.quit());

    let mut g = gomocup(&["START 15", "INFO rule 1", "INFO timeout_turn 1000"]);
    assert_eq!(next_answer(&mut g), "OK");
    g.send_bytes(b"\xff\r\n");
    let reply = next_answer(&mut g);
    assert!(
        reply.starts_with("ERROR") || reply.starts_with("UNKNOWN"),
        "{reply}"
    );
    g.send("BEGIN\r");
    assert!(is_move(&next_answer(&mut g)));
    g.send("END\r");
    assert!(g.wait_exit());
}

/// A line of megabytes is refused with one error, not obeyed in part.
#[test]
fn a_huge_line_is_refused_whole() {
    let mut e = Engine::spawn();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    let mut line = b"position startpos moves".to_vec();
    while line.len() < (1 << 20) + 100 {
        line.extend_from_slice(b" g1f3 g8f6 f3g1 f6g8");
    }
    line.push(b'\n');
    e.send_bytes(&line);
    let lines = e.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("longer than"), "{lines:?}");
    assert!(e
        .fen()
        .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
}

/// Item 6: `END` inside a `BOARD` block ends the brain; another command abandons the
/// block with one error and is obeyed.
#[test]
fn end_inside_a_board_block_is_obeyed() {
    let mut e = gomocup(&["START 15", "BOARD", "7,7,1", "END"]);
    assert_eq!(next_answer(&mut e), "OK");
    assert!(e.wait_exit_within(Duration::from_secs(5)));
    let rest = answers(&e.lines_within(MS(100)));
    assert!(rest.is_empty(), "{rest:?}");

    let mut e = gomocup(&["START 15", "INFO timeout_turn 1000", "BOARD", "7,7,1", "ABOUT"]);
    assert_eq!(next_answer(&mut e), "OK");
    assert!(next_answer(&mut e).starts_with("ERROR BOARD block abandoned"));
    assert!(next_answer(&mut e).starts_with("name="));
    e.send("BEGIN\r");
    assert!(is_move(&next_answer(&mut e)));
}

/// Item 4: a Hash change sent during a search, then `go`: `isready` and the move
/// come at once; the table is allocated beside the loop.
#[test]
fn a_big_hash_change_never_holds_the_input_loop() {
    let _s = serial();
    let mut e = Engine::spawn();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e.send("position startpos");
    e.send("go infinite");
    sleep(MS(100));
    e.send("setoption name Hash value 2048");
    let t = Instant::now();
    e.sync();
    let ready_during = t.elapsed();
    e.send("stop");
    e.read_until(|l| l.starts_with("bestmove"));
    let t = Instant::now();
    e.send("go movetime 50");
    e.sync();
    let ready_after_go = t.elapsed();
    e.read_until(|l| l.starts_with("bestmove"));
    let t = Instant::now();
    e.send("setoption name Hash value 1024");
    e.sync();
    let ready_idle = t.elapsed();
    assert!(
        ready_during < MS(250) && ready_after_go < MS(250) && ready_idle < MS(250),
        "readyok took {ready_during:?} / {ready_after_go:?} / {ready_idle:?}"
    );
}

/// Item 5: `stop` is obeyed within tens of milliseconds even in a depth-1 search with
/// every root move a line (MultiPV 256) and a fresh gigabyte table.
#[test]
fn stop_is_prompt_with_multipv_and_a_big_table() {
    let _s = serial();
    for (variant, fen) in [
        ("chess", "startpos".to_string()),
        (
            "gomokufreestyle",
            format!("fen {} w - - 0 1", vec!["22"; 22].join("/")),
        ),
        ("antichess", "startpos".to_string()),
    ] {
        let mut e = Engine::uci(variant);
        e.send("setoption name MultiPV value 256");
        e.send("setoption name Hash value 1024");
        e.send(&format!("position {fen}"));
        e.sync();
        for _ in 0..3 {
            e.send("go movetime 10");
            let t = Instant::now();
            e.send("stop");
            let lines = e.read_until(|l| l.starts_with("bestmove"));
            let took = t.elapsed();
            assert!(parse_bestmove(lines.last().unwrap()).0.is_some());
            assert!(took < MS(150), "{variant}: bestmove {took:?} after stop");
        }
    }
}

/// Item 7: `ponderhit` only matters to a pondering search; elsewhere it is ignored
/// with an `info string` and the clock is not reset.
#[test]
fn ponderhit_outside_pondering_keeps_the_clock() {
    let _s = serial();
    let mut e = Engine::spawn();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e.send("position startpos");
    let t = Instant::now();
    e.send("go movetime 500");
    sleep(MS(400));
    e.send("ponderhit");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    let took = t.elapsed();
    assert!(took < MS(700), "movetime 500 took {took:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string ponderhit ignored")),
        "{lines:?}"
    );

    let t = Instant::now();
    e.send("go wtime 2000 btime 2000 movestogo 1");
    let mut best = None;
    while best.is_none() {
        sleep(MS(300));
        e.send("ponderhit");
        while let Some(l) = e.read_line_timeout(MS(1)) {
            if l.starts_with("bestmove") {
                best = Some(t.elapsed());
            }
        }
        assert!(t.elapsed() < Duration::from_secs(5), "no bestmove");
    }
    let took = best.unwrap();
    assert!(took < MS(2000), "a 2 s clock took {took:?}");

    // A real ponder search still takes ponderhit, once.
    e.send("go ponder wtime 2000 btime 2000 movestogo 1");
    sleep(MS(200));
    let t = Instant::now();
    e.send("ponderhit");
    sleep(MS(300));
    e.send("ponderhit");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert!(
        t.elapsed() < MS(2000),
        "took {:?} after ponderhit",
        t.elapsed()
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string ponderhit ignored"))
            .count(),
        1,
        "{lines:?}"
    );
}
