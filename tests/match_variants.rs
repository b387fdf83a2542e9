//! Two Ludex processes play a short match in every variant: the games finish by the
//! rules, the results add up, and the PGN carries the right tags (and, for the chess
//! family, reads back in python-chess).

mod match_support;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use match_support::*;

/// Plays two games (one opening, both colours) and returns the PGN games.
/// The matches here start several engines each, one pair at a time or two (with
/// `-concurrency 2`); run side by side on a two-core machine the clocked one lost a
/// game on time to the others' load. One match at a time.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|p| p.into_inner())
}

fn two_games(variant: &str, extra: &[&str]) -> (Vec<PgnGame>, Run, std::path::PathBuf) {
    let dir = scratch(variant);
    let pgn = dir.join("games.pgn");
    let mut a = args(&[
        "-variant", variant, "-engine", &format!("cmd={LUDEX}"), "name=A", "-engine", &format!("cmd={LUDEX}"), "name=B",
        "-games", "2", "-pgnout", pgn.to_str().unwrap(), "-log", dir.join("logs").to_str().unwrap(),
    ]);
    a.extend(args(extra));
    let run = run_match(&a, Duration::from_secs(40));
    assert!(run.success, "{variant}: {}\n{}", run.stdout, run.stderr);
    (read_pgn(&pgn), run, pgn)
}

/// python-chess reads the file back (skips when python3 or python-chess is missing).
fn python_chess_reads(pgn: &Path) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/match_support/check_pgn.py");
    match Command::new("python3").arg(script).arg(pgn).output() {
        Err(_) => eprintln!("skipped: no python3"),
        Ok(o) if o.status.code() == Some(77) => eprintln!("skipped: no python-chess"),
        Ok(o) => assert!(
            o.status.success(),
            "python-chess rejects {}: {}{}",
            pgn.display(),
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ),
    }
}

fn sane(variant: &str, games: &[PgnGame], run: &Run, variant_tag: Option<&str>) {
    assert_eq!(games.len(), 2, "{variant}: {}", run.stdout);
    let mut a_points = 0.0;
    for g in games {
        let result = g.tag("Result");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{g:?}");
        assert!(["normal", "adjudication"].contains(&g.tag("Termination")), "{variant}: no forfeits expected: {g:?}");
        assert!(g.tag("PlyCount").parse::<u32>().unwrap() > 0);
        assert_eq!(g.tag("Variant"), variant_tag.unwrap_or(""), "{g:?}");
        // The final comment agrees with the result.
        let decisive = result != "1/2-1/2";
        assert_eq!(decisive, !g.comment.starts_with("Draw"), "{g:?}");
        if result == "1-0" {
            assert!(g.comment.starts_with("White"), "{g:?}");
        }
        let a_white = g.tag("White") == "A";
        a_points += match (result, a_white) {
            ("1/2-1/2", _) => 0.5,
            ("1-0", true) | ("0-1", false) => 1.0,
            _ => 0.0,
        };
    }
    assert_ne!(games[0].tag("White"), games[1].tag("White"), "colours alternate");
    // The table counts the same games as the PGN.
    let table = points_table(&run.stdout);
    let (n, w, d, _, _) = table["A"];
    assert_eq!(n, 2);
    assert_eq!(w as f64 + 0.5 * d as f64, a_points, "{}", run.stdout);
}

#[test]
fn chess_family_matches() {
    let _s = serial();
    for (variant, tag) in [
        ("chess", None),
        ("chess960", Some("Chess960")),
        ("antichess", Some("Antichess")),
        ("giveaway", Some("Giveaway")),
        ("suicide", Some("Suicide")),
    ] {
        let (games, run, pgn) = two_games(variant, &["-each", "nodes=3000"]);
        sane(variant, &games, &run, tag);
        if variant == "chess960" {
            assert_eq!(games[0].tag("SetUp"), "1");
            assert_eq!(games[0].tag("FEN"), games[1].tag("FEN"), "one start position, both colours");
        } else {
            assert_eq!(games[0].tag("FEN"), "", "the variant's own start needs no FEN tag");
        }
        python_chess_reads(&pgn);
    }
}

#[test]
fn connect_matches() {
    let _s = serial();
    for (variant, tag, extra) in [
        ("tictactoe", "tictactoe", ["-each", "depth=9"]),
        ("gomoku", "gomoku", ["-each", "nodes=3000"]),
        ("gomokufreestyle", "gomokufreestyle", ["-each", "nodes=3000"]),
    ] {
        let (games, run, _) = two_games(variant, &extra);
        sane(variant, &games, &run, Some(tag));
        if variant == "tictactoe" {
            // Perfect play on 3x3 is a draw.
            assert!(games.iter().all(|g| g.tag("Result") == "1/2-1/2"), "{games:?}");
        }
        // Connect-game records use plain cell names.
        assert!(games[0].movetext.contains("1. "), "{:?}", games[0]);
        assert!(!games[0].movetext.contains('@'), "{:?}", games[0]);
    }
}

#[test]
fn timed_chess_with_openings_and_concurrency() {
    let _s = serial();
    let dir = scratch("book");
    let book = dir.join("book.txt");
    std::fs::write(&book, "1. e2e4 e7e5 2. g1f3\n1. d2d4 d7d5\n").unwrap();
    let (games, run, pgn) = two_games(
        "chess",
        &["-each", "tc=1+0.05", "-games", "4", "-concurrency", "2", "-openings", &format!("file={}", book.display()), "format=moves"],
    );
    assert_eq!(games.len(), 4, "{}", run.stdout);
    for g in &games {
        assert!(["normal", "adjudication"].contains(&g.tag("Termination")), "{g:?}");
        assert_eq!(g.tag("TimeControl"), "1+0.05");
    }
    // Game pairs share their opening: rounds 1.1/1.2 start 1. e4, 1.3/1.4 start 1. d4.
    for g in &games {
        let first = if ["1.1", "1.2"].contains(&g.tag("Round")) { "1. e4 e5 2. Nf3" } else { "1. d4 d5" };
        assert!(g.movetext.trim_start().starts_with(first), "{g:?}");
    }
    // Book moves carry no comment; every engine move carries Cute Chess's
    // `{+0.35/12 0.512s}`: Ludex reports a score and a depth on every move.
    for g in &games {
        let comments: Vec<&str> = g.movetext.split('{').skip(1).map(|c| c.split('}').next().unwrap()).collect();
        let plies: usize = g.tag("PlyCount").parse().unwrap();
        let book = if ["1.1", "1.2"].contains(&g.tag("Round")) { 3 } else { 2 };
        // The last comment is the result's reason.
        assert_eq!(comments.len(), plies - book + 1, "{g:?}");
        for c in &comments[..comments.len() - 1] {
            let (eval, time) = c.split_once(' ').unwrap_or_else(|| panic!("{c:?} in {g:?}"));
            let (score, depth) = eval.split_once('/').unwrap_or_else(|| panic!("{c:?}"));
            assert!(score.starts_with(['+', '-']) && (score[1..].parse::<f64>().is_ok() || score[1..].starts_with('M')), "{c:?}");
            assert!(depth.parse::<u32>().is_ok_and(|d| d >= 1), "{c:?}");
            assert!(time.strip_suffix('s').is_some_and(|t| t.parse::<f64>().is_ok_and(|t| t < 1.0)), "{c:?}");
        }
    }
    python_chess_reads(&pgn);
}

#[test]
fn gomocup_engine_plays_gomoku() {
    let _s = serial();
    let dir = scratch("gomocup");
    let pgn = dir.join("g.pgn");
    let a = args(&[
        "-variant", "gomoku",
        "-engine", &format!("cmd={LUDEX}"), "args=--gomocup", "proto=gomocup", "name=Brain", "st=0.1",
        "-engine", &format!("cmd={LUDEX}"), "name=Uci", "nodes=3000",
        "-games", "2", "-pgnout", pgn.to_str().unwrap(), "-log", dir.to_str().unwrap(),
    ]);
    let run = run_match(&a, Duration::from_secs(60));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.tag("Termination"), "normal", "{g:?}");
    }
    let log = std::fs::read_to_string(dir.join("game-0001.log")).unwrap();
    assert!(log.contains("Brain > START 15") && log.contains("Brain > INFO rule 1"), "{log}");
    // Brain is White in game 1: it opens with BEGIN and then gets TURN x,y.
    assert!(log.contains("Brain > BEGIN") && log.contains("Brain > TURN "), "{log}");
}

/// An option the engine refuses (a missing `EvalFile`) or does not declare is said
/// on stderr once for the whole match, naming the engine; a good one is not, and the
/// games are played all the same.
#[test]
fn refused_options_are_reported_once() {
    let _s = serial();
    let dir = scratch("options");
    let missing = dir.join("no-such.nnue");
    let a = args(&[
        "-engine", &format!("cmd={LUDEX}"), "name=Wrong", &format!("option.EvalFile={}", missing.display()),
        "option.NoSuchOption=1",
        "-engine", &format!("cmd={LUDEX}"), "name=Right", "option.Hash=8",
        "-each", "nodes=500", "-games", "4",
    ]);
    let run = run_match(&a, Duration::from_secs(60));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    let played = run.stdout.lines().map(|l| l.split_whitespace().collect::<Vec<_>>()).any(|t| t.len() > 2 && t[1] == "Wrong" && t[2] == "4");
    assert!(played, "all four games are played: {}", run.stdout);
    let lines: Vec<&str> = run.stderr.lines().collect();
    let eval_file: Vec<&&str> = lines.iter().filter(|l| l.contains("Wrong: setoption name EvalFile")).collect();
    assert_eq!(eval_file.len(), 1, "{}", run.stderr);
    assert!(eval_file[0].contains("info string error") && eval_file[0].contains("no-such.nnue"), "{}", run.stderr);
    let undeclared: Vec<&&str> = lines.iter().filter(|l| l.contains("NoSuchOption")).collect();
    assert_eq!(undeclared.len(), 1, "one line for the undeclared option: {}", run.stderr);
    assert!(undeclared[0].contains("Wrong: the engine does not declare option NoSuchOption"), "{}", run.stderr);
    assert!(undeclared[0].contains("; it says info string error"), "the engine's refusal is on that line: {}", run.stderr);
    assert!(!run.stderr.contains("] Right:"), "a declared, accepted option is not reported: {}", run.stderr);
}

/// Two engines that share a name, a command and their options but start in
/// different directories are two engines: each one's refused option is said once.
#[test]
fn engines_differing_only_in_directory_each_report_their_options() {
    let _s = serial();
    let dir = scratch("options-dir");
    let (a_dir, b_dir) = (dir.join("a"), dir.join("b"));
    std::fs::create_dir_all(&a_dir).unwrap();
    std::fs::create_dir_all(&b_dir).unwrap();
    let missing = format!("option.EvalFile={}", dir.join("no-such.nnue").display());
    let a = args(&[
        "-engine", &format!("cmd={LUDEX}"), "name=Same", &format!("dir={}", a_dir.display()), &missing,
        "-engine", &format!("cmd={LUDEX}"), "name=Same", &format!("dir={}", b_dir.display()), &missing,
        "-each", "nodes=500", "-games", "2",
    ]);
    let run = run_match(&a, Duration::from_secs(60));
    assert!(run.success, "{}\n{}", run.stdout, run.stderr);
    let refused = run.stderr.lines().filter(|l| l.contains("Same: setoption name EvalFile")).count();
    assert_eq!(refused, 2, "{}", run.stderr);
}

/// A match with more pairs of games than openings says so on stderr, and at a
/// fixed node count (the same games again) says that the repeats add nothing; a
/// match within its openings says nothing.
#[test]
fn repeated_openings_are_noted_once() {
    let _s = serial();
    let engines = ["-engine", &format!("cmd={LUDEX}"), "name=A", "-engine", &format!("cmd={LUDEX}"), "name=B"].map(String::from);
    let play = |extra: &[&str]| {
        let mut a = args(&["-variant", "tictactoe"]);
        a.extend(engines.iter().cloned());
        a.extend(args(extra));
        let run = run_match(&a, Duration::from_secs(60));
        assert!(run.success, "{}\n{}", run.stdout, run.stderr);
        run.stderr
    };
    let repeated = play(&["-each", "nodes=200", "-games", "4"]);
    let notes: Vec<&str> = repeated.lines().filter(|l| l.contains("pairs of games from")).collect();
    assert_eq!(notes.len(), 1, "{repeated}");
    assert!(notes[0].contains("2 pairs of games from 1 opening: each opening is played up to 2 times"), "{repeated}");
    assert!(notes[0].contains("play the same games again"), "{repeated}");
    let within = play(&["-each", "nodes=200", "-games", "2"]);
    assert!(!within.contains("pairs of games from"), "{within}");
}
