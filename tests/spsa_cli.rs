//! `ludex spsa` driven as a user runs it: the real binary, real games through the
//! match scheduler, the state file on disk. Tic-tac-toe at full depth is always a
//! draw between two Ludex processes, so nothing may move; against a fake that
//! plays an illegal move every game is won by the plus side, so every parameter
//! must move (one iteration, so that two cannot cancel out). (Normal builds do not offer the tunables as options; they answer
//! each with an error line and play on, which is all these games need.)

mod match_support;

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use match_support::*;

#[path = "common/process.rs"]
#[allow(dead_code)]
mod process;

fn spsa(state: &Path, iterations: &str, opponent: Vec<String>) -> process::Finished {
    let mut cmd = Command::new(LUDEX);
    cmd.args(["spsa", "--state", state.to_str().unwrap(), "--iterations", iterations, "--r-end", "0.1"]);
    cmd.args(["--only", "RFP_MARGIN,lmr_base", "--"]);
    cmd.args(["-variant", "tictactoe", "-engine", &format!("cmd={LUDEX}"), "name=plus"]);
    cmd.args(opponent);
    cmd.args(["-each", "depth=9", "-concurrency", "2"]);
    process::run(cmd, "", Duration::from_secs(60))
}

/// The `NAME value` lines of a state file.
fn values(state: &Path) -> Vec<(String, f64)> {
    let text = fs::read_to_string(state).unwrap();
    text.lines()
        .filter(|l| l.split_whitespace().count() == 5)
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_string(), f[1].parse().unwrap())
        })
        .collect()
}

#[test]
fn drawn_games_move_nothing_and_the_run_resumes() {
    let dir = scratch("spsa-draws");
    let state = dir.join("state.txt");
    let done = spsa(&state, "2", args(&["-engine", &format!("cmd={LUDEX}"), "name=minus"]));
    assert!(done.status.success(), "{}", done.stderr);
    assert_eq!(values(&state), vec![("RFP_MARGIN".to_string(), 90.0), ("LMR_BASE".to_string(), 75.0)]);
    assert!(fs::read_to_string(&state).unwrap().contains("iteration 2\n"));
    assert_eq!(done.stdout, "RFP_MARGIN 90\nLMR_BASE 75\n");
    assert_eq!(done.stderr.matches("plus 0-2-0").count(), 2, "{}", done.stderr);
    // Started again, the finished run plays no more games.
    let again = spsa(&state, "2", args(&["-engine", &format!("cmd={LUDEX}"), "name=minus"]));
    assert!(again.status.success() && !again.stderr.contains("plus "), "{}", again.stderr);
}

#[test]
fn won_games_move_every_parameter() {
    if !have_python() {
        eprintln!("skipped: python3 not available for the fake engine");
        return;
    }
    let dir = scratch("spsa-wins");
    let state = dir.join("state.txt");
    let done = spsa(&state, "1", fake("illegal", "minus"));
    assert!(done.status.success(), "{}", done.stderr);
    assert_eq!(done.stderr.matches("plus 2-0-0").count(), 1, "{}", done.stderr);
    for ((name, v), default) in values(&state).into_iter().zip([90.0, 75.0]) {
        assert!((v - default).abs() > 0.5, "{name} stayed at {v}");
    }
}

#[test]
fn one_engine_is_a_usage_error() {
    let dir = scratch("spsa-usage");
    let state = dir.join("state.txt");
    let mut cmd = Command::new(LUDEX);
    cmd.args(["spsa", "--state", state.to_str().unwrap(), "--", "-engine", &format!("cmd={LUDEX}"), "-each", "depth=1"]);
    let done = process::run(cmd, "", Duration::from_secs(20));
    assert!(!done.status.success());
    assert!(done.stderr.contains("exactly 2"), "{}", done.stderr);
    assert!(!state.exists());
}
