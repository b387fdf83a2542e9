//! Ludex against the seed-style scoring-table player (`scripts/seed-gomoku/pbrain-seed.py`)
//! over `ludex match`, in both gomoku rule sets: a one-ply player should lose essentially
//! every game. Ludex searches a fixed number of nodes and the seed player is
//! deterministic, so every run plays the same games; at most `LOSSES_ALLOWED` of them
//! may go to the seed player (as the side one stone down in an opening, a shallow search
//! can be outplayed), and every game must end with a line, never a forfeit. Skips when
//! python3 is missing.
//!
//! The budget and the openings are a strength gate, not a survey: `scripts/gomoku-bench`
//! plays all hundred openings and reports the full score.

mod match_support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use match_support::*;

/// Nodes per Ludex move.
const NODES: u32 = 20_000;
/// The first openings of the file, each played with both colours.
const OPENINGS: usize = 8;
/// Games of the `2 * OPENINGS` that Ludex may lose. At 50,000 nodes over all hundred
/// openings it lost 5 of 200 games at exact five and 2 of 200 at freestyle; which ones
/// shifts with every change to the evaluation, so the gate allows one here.
const LOSSES_ALLOWED: usize = 1;

fn repo_file(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn seed_script() -> PathBuf {
    repo_file("scripts/seed-gomoku/pbrain-seed.py")
}

fn ludex_wins_essentially_every_game(variant: &str) {
    let dir = scratch(&format!("seed-{variant}"));
    let pgn = dir.join("games.pgn");
    let openings = repo_file("tests/data/openings/gomoku15.epd");
    let a: Vec<String> = vec![
        "-variant".into(),
        variant.into(),
        "-engine".into(),
        format!("cmd={LUDEX}"),
        "name=Ludex".into(),
        format!("nodes={NODES}"),
        "option.Threads=1".into(),
        "-engine".into(),
        "cmd=python3".into(),
        format!("arg={}", seed_script().display()),
        "name=Seed".into(),
        "proto=gomocup".into(),
        "tc=120".into(),
        "-games".into(),
        (2 * OPENINGS).to_string(),
        "-openings".into(),
        format!("file={}", openings.display()),
        "format=epd".into(),
        "order=sequential".into(),
        "-pgnout".into(),
        pgn.to_str().unwrap().into(),
    ];
    let run = run_match(&a, Duration::from_secs(120));
    assert!(run.success, "{variant}: {}\n{}", run.stdout, run.stderr);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 2 * OPENINGS, "{variant}: {}", run.stdout);
    let mut fens: Vec<&str> = games.iter().map(|g| g.tag("FEN")).collect();
    fens.dedup();
    assert_eq!(fens.len(), OPENINGS, "{variant}: each opening twice in a row");
    let mut lost = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let ludex_white = g.tag("White") == "Ludex";
        assert_eq!(ludex_white, i % 2 == 0, "{variant}: colours alternate: {g:?}");
        assert!(
            g.tag("Termination") == "normal" && g.comment.contains("line completed"),
            "{variant}: game {} did not end with a line: {g:?}",
            i + 1
        );
        let won = if ludex_white { "1-0" } else { "0-1" };
        if g.tag("Result") != won {
            lost.push(format!("game {}:\n[FEN \"{}\"]\n{}", i + 1, g.tag("FEN"), g.movetext));
        }
    }
    assert!(lost.len() <= LOSSES_ALLOWED, "{variant}: Ludex lost {} games:\n{}", lost.len(), lost.join("\n"));
    let table = points_table(&run.stdout);
    assert_eq!(table["Ludex"].1 as usize, 2 * OPENINGS - lost.len(), "{}", run.stdout);
}

#[test]
fn ludex_beats_the_seed_player_at_exact_five() {
    if !have_python() {
        eprintln!("skipped: python3 is not installed (the seed player is a Python script)");
        return;
    }
    ludex_wins_essentially_every_game("gomoku");
}

#[test]
fn ludex_beats_the_seed_player_at_freestyle() {
    if !have_python() {
        eprintln!("skipped: python3 is not installed (the seed player is a Python script)");
        return;
    }
    ludex_wins_essentially_every_game("gomokufreestyle");
}

/// The seed player's answers to a scripted session (lines end in CR LF, as managers send).
fn seed_session(lines: &[&str]) -> Vec<String> {
    let mut child = Command::new("python3")
        .arg(seed_script())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the seed player");
    let mut input = child.stdin.take().unwrap();
    for l in lines {
        write!(input, "{l}\r\n").unwrap();
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect()
}

/// The benchmark opponent is what it claims: it speaks the protocol, completes and
/// blocks fives, and knows that under exact five (rule 1) an overline is no win.
#[test]
fn seed_player_knows_both_rules() {
    if !have_python() {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    // Four in a row on 7..10 of row 7 with a stone of the same colour on 5,7: at 6,7 it
    // makes six (a win only in freestyle), at 11,7 exactly five.
    let position = |own: u8, rule: u8| {
        let them = 3 - own;
        let mut l = vec!["START 15".to_string(), format!("INFO rule {rule}"), "BOARD".into()];
        for x in [5, 7, 8, 9, 10] {
            l.push(format!("{x},7,{own}"));
        }
        l.extend([format!("0,0,{them}"), format!("14,0,{them}"), format!("0,14,{them}")]);
        l.push("DONE".into());
        l
    };
    for (own, rule, expected) in [(1, 0, "6,7"), (1, 1, "11,7"), (2, 0, "6,7"), (2, 1, "11,7")] {
        let lines = position(own, rule);
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let out = seed_session(&refs);
        assert_eq!(out, ["OK", expected], "own {own} rule {rule}");
    }
    let out = seed_session(&["BEGIN", "START 15", "BEGIN", "TURN 7,7", "TURN 8,8", "FROB", "TAKEBACK 8,8", "RESTART", "END", "ABOUT"]);
    assert_eq!(out[0], "ERROR no START yet");
    assert_eq!(&out[1..3], ["OK", "7,7"], "the centre on an empty board");
    assert!(out[3].starts_with("ERROR"), "7,7 is occupied: {out:?}");
    assert!(out[4].split(',').count() == 2, "a move: {out:?}");
    assert_eq!(&out[5..], ["UNKNOWN FROB", "OK", "OK"], "nothing after END");
}
