//! Scripted fake engines that play an illegal move, overstep the clock, crash or go
//! silent lose by forfeit with the right reason, and the runner plays on.

mod match_support;

use std::time::Duration;

use match_support::*;

/// Ludex against the fake in `mode`, two games (one with each colour).
fn forfeit_case(mode: &str, extra: &[&str], termination: &str, reason: &str) {
    if !have_python() {
        eprintln!("skipped: python3 not available for the fake engines");
        return;
    }
    let dir = scratch(mode);
    let pgn = dir.join("games.pgn");
    let mut a = args(&["-engine", &format!("cmd={LUDEX}"), "name=Ludex"]);
    a.extend(fake(mode, "Fake"));
    a.extend(args(&["-each", "st=0.2", "timemargin=50", "-games", "2", "-pgnout", pgn.to_str().unwrap()]));
    a.extend(args(extra));
    let run = run_match(&a, Duration::from_secs(30));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 2, "both games are played after the first forfeit:\n{}", run.stdout);
    for g in &games {
        let fake_white = g.tag("White") == "Fake";
        assert_eq!(g.tag("Result"), if fake_white { "0-1" } else { "1-0" }, "{g:?}");
        assert_eq!(g.tag("Termination"), termination, "{g:?}");
        let loser = if fake_white { "White" } else { "Black" };
        assert!(g.comment.starts_with(loser) && g.comment.contains(reason), "{g:?}");
    }
    let table = points_table(&run.stdout);
    assert_eq!(table["Ludex"], (2, 2, 0, 0, 6.0), "{}", run.stdout);
    assert_eq!(table["Fake"], (2, 0, 0, 2, 0.0), "{}", run.stdout);
}

#[test]
fn illegal_move_forfeits() {
    forfeit_case("illegal", &[], "rules infraction", "makes an illegal move: e2e5");
}

#[test]
fn overstepping_the_clock_forfeits() {
    forfeit_case("slow", &["-grace", "3000"], "time forfeit", "loses on time");
}

#[test]
fn crash_forfeits() {
    forfeit_case("crash", &[], "abandoned", "crashed");
}

#[test]
fn silence_forfeits() {
    forfeit_case("silent", &["-grace", "300"], "abandoned", "stopped responding");
}

#[test]
fn a_clock_overstep_is_measured_against_the_clock_not_movetime() {
    if !have_python() {
        return;
    }
    // With a 1 s clock the fake sleeps 1.5 s on its first move: a time loss under tc too.
    let dir = scratch("slowtc");
    let pgn = dir.join("g.pgn");
    let mut a = args(&["-engine", &format!("cmd={LUDEX}"), "name=Ludex"]);
    a.extend(fake("slow", "Fake"));
    a.extend(args(&["-each", "tc=1+0", "-games", "1", "-grace", "3000", "-pgnout", pgn.to_str().unwrap()]));
    let run = run_match(&a, Duration::from_secs(30));
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 1, "{}", run.stderr);
    assert_eq!(games[0].tag("Termination"), "time forfeit");
    assert!(games[0].comment.contains("1000 ms allowed"), "{:?}", games[0]);
}
