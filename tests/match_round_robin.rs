//! Tournaments of three engines whose results are known in advance: two Ludex
//! processes that play tic-tac-toe perfectly (every game between them a draw) and a
//! scripted fake that always plays an illegal move (it loses every game). The table
//! must add the points up accordingly, for any points setting.

mod match_support;

use std::time::Duration;

use match_support::*;

fn tournament(kind: &str, points: &[&str]) -> (Run, Vec<PgnGame>) {
    let dir = scratch(kind);
    let pgn = dir.join("t.pgn");
    let mut a = args(&[
        "-tournament", kind, "-variant", "tictactoe",
        "-engine", &format!("cmd={LUDEX}"), "name=A",
        "-engine", &format!("cmd={LUDEX}"), "name=B",
    ]);
    a.extend(fake("illegal", "Fake"));
    a.extend(args(&["-each", "depth=9", "-games", "2", "-concurrency", "2", "-pgnout", pgn.to_str().unwrap()]));
    a.extend(args(points));
    let run = run_match(&a, Duration::from_secs(40));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    let games = read_pgn(&pgn);
    (run, games)
}

#[test]
fn round_robin_scores_points() {
    if !have_python() {
        eprintln!("skipped: python3 not available for the fake engine");
        return;
    }
    let (run, games) = tournament("round-robin", &[]);
    assert_eq!(games.len(), 6, "three pairings, two games each:\n{}", run.stdout);
    let t = points_table(&run.stdout);
    // Default 3/1/0: A and B draw twice and beat the fake twice: 2*3 + 2*1 = 8.
    assert_eq!(t["A"], (4, 2, 2, 0, 8.0), "{}", run.stdout);
    assert_eq!(t["B"], (4, 2, 2, 0, 8.0), "{}", run.stdout);
    assert_eq!(t["Fake"], (4, 0, 0, 4, 0.0), "{}", run.stdout);
    // Every pairing met with both colours.
    for (x, y) in [("A", "B"), ("A", "Fake"), ("B", "Fake")] {
        let n = games.iter().filter(|g| g.tag("White") == x && g.tag("Black") == y).count();
        let m = games.iter().filter(|g| g.tag("White") == y && g.tag("Black") == x).count();
        assert_eq!((n, m), (1, 1), "{x} vs {y}");
    }
    for g in games.iter().filter(|g| g.tag("White") == "Fake" || g.tag("Black") == "Fake") {
        assert_eq!(g.tag("Termination"), "rules infraction", "{g:?}");
    }
}

#[test]
fn points_are_configurable() {
    if !have_python() {
        return;
    }
    let (run, _) = tournament("round-robin", &["-points", "win=1", "draw=0.5", "loss=-1"]);
    let t = points_table(&run.stdout);
    assert_eq!(t["A"].4, 3.0, "{}", run.stdout);
    assert_eq!(t["Fake"].4, -4.0, "{}", run.stdout);
}

#[test]
fn gauntlet_pairs_the_first_engine_only() {
    if !have_python() {
        return;
    }
    let (run, games) = tournament("gauntlet", &[]);
    assert_eq!(games.len(), 4, "{}", run.stdout);
    assert!(games.iter().all(|g| g.tag("White") == "A" || g.tag("Black") == "A"));
    let t = points_table(&run.stdout);
    assert_eq!(t["A"], (4, 2, 2, 0, 8.0), "{}", run.stdout);
    assert_eq!(t["B"].0, 2);
}

#[test]
fn a_stop_request_ends_the_run_early() {
    if !have_python() {
        return;
    }
    // What an SPRT decision does: the callback says stop, no new game starts.
    use ludex::matchrunner::{cli, openings::OpeningPicker, scheduler};
    let mut a = args(&["-engine", &format!("cmd={LUDEX}"), "name=A"]);
    a.extend(fake("crash", "Fake"));
    a.extend(args(&["-each", "st=0.1", "-games", "20"]));
    let cli::Command::Run(c) = cli::parse(&a).unwrap() else { panic!("not a run") };
    let mut picker = OpeningPicker::new(c.variant, c.book.clone(), false, 1);
    let games = scheduler::schedule(c.tournament, 2, c.rounds, c.games, &mut picker);
    assert_eq!(games.len(), 20);
    let plan = std::sync::Arc::new(scheduler::Plan {
        variant: c.variant,
        engines: c.engines.clone(),
        games,
        rules: c.rules.clone(),
        concurrency: 1,
        log_dir: None,
        notices: Default::default(),
    });
    let mut seen = 0;
    let played = scheduler::run(plan, |_| {
        seen += 1;
        seen < 3
    });
    // A game the worker had already started when the answer came back still counts:
    // at most `concurrency` (here 1) games beyond the one that said stop.
    assert!((3..=4).contains(&played), "{played} games played");
    assert!(played < 20);
}

#[test]
fn bad_command_lines_are_refused() {
    for bad in [
        vec!["-engine", "cmd=x"],
        vec!["-engine", "cmd=x", "-engine", "cmd=y"],
        vec!["-engine", "cmd=x", "tc=10", "-engine", "cmd=y", "-variant", "crazyhouse"],
        vec!["-engine", "cmd=x", "tc=10", "-engine", "cmd=y", "-frobnicate", "1"],
        vec!["-engine", "cmd=x", "tc=10", "proto=gomocup", "-engine", "cmd=y", "-variant", "chess"],
        vec!["-engine", "cmd=x", "tc=10", "-engine", "cmd=y", "-sprt", "elo0=5", "elo1=0"],
    ] {
        let run = run_match(&args(&bad), Duration::from_secs(10));
        assert!(!run.success, "{bad:?} should be refused");
        assert!(run.stderr.contains("match:"), "{bad:?}: {}", run.stderr);
    }
    let help = run_match(&args(&["-help"]), Duration::from_secs(10));
    assert!(help.success && help.stdout.contains("-engine cmd=PATH") && help.stdout.contains("-sprt"));
}
