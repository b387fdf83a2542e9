//! `ludex play` driven through its stdin and stdout, as a pipe (the same way a person
//! at a terminal drives it, line by line): one scripted session per variant, with
//! small engine budgets so that the engine's replies are quick and deterministic.

mod common;

use std::process::{Command, ExitStatus};
use std::time::Duration;

use common::process;

const LIMIT: Duration = Duration::from_secs(60);

/// Runs `ludex play ARGS` with `script` on stdin (then EOF); returns stdout and the
/// exit status, or fails the test if it takes longer than `LIMIT`.
fn play(args: &[&str], script: &str) -> (String, ExitStatus) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ludex"));
    cmd.arg("play").args(args).env("RUST_BACKTRACE", "1");
    let done = process::run(cmd, script, LIMIT);
    assert!(!done.stderr.contains("panicked"), "ludex play {args:?} panicked:\n{}", done.stderr);
    (done.stdout, done.status)
}

/// The lines of `out` that are not board drawing.
fn said(out: &str) -> Vec<&str> {
    out.lines().filter(|l| !l.starts_with(' ') && !l.chars().next().is_some_and(|c| c.is_ascii_digit())).collect()
}

fn has_line(out: &str, wanted: &str) -> bool {
    out.lines().any(|l| l.trim() == wanted)
}

#[track_caller]
fn assert_said(out: &str, wanted: &str) {
    assert!(has_line(out, wanted), "no line '{wanted}' in:\n{}", said(out).join("\n"));
}

#[test]
fn chess_fools_mate_between_two_players() {
    let (out, status) =
        play(&["--two-players", "--ascii"], "f3\ne5\nNf6\ng4\nmoves\nQh4#\nfen\nundo\nfen\nquit\n");
    assert!(status.success());
    assert_said(&out, "White plays f3.");
    assert_said(&out, "Black plays e5.");
    assert!(out.contains("Illegal move: 'Nf6' is not a legal move here"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("Legal moves (30): ") && l.contains("Qh4#")), "{out}");
    assert_said(&out, "Game over. Checkmate: Black wins.");
    assert_said(&out, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_said(&out, "Took back 1 move.");
    assert_said(&out, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    assert_said(&out, "Bye.");
    // The board: coordinates on every edge, the last move in brackets.
    assert!(out.lines().any(|l| l.trim() == "a  b  c  d  e  f  g  h"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("4 ") && l.ends_with(" 4") && l.contains("[q]")), "{out}");
}

#[test]
fn chess_engine_mates_a_careless_human() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2";
    let (out, status) = play(&["--depth", "2", "--fen", fen], "g4\npgn\n");
    assert!(status.success(), "EOF ends the session cleanly");
    assert_said(&out, "You (White) play g4.");
    assert!(out.lines().any(|l| l.starts_with("Ludex (Black) plays Qh4# (mate in 1")), "{out}");
    assert_said(&out, "Game over. Checkmate: Black wins.");
    assert_said(&out, "[Result \"0-1\"]");
    assert!(out.contains("2. g4 Qh4# {Checkmate: Black wins.} 0-1"), "{out}");
}

#[test]
fn chess_san_coordinates_undo_and_commands() {
    let script = "help\nNf3\nd2d4\nundo\nfen\nhint\nlevel 3\nlevel 99\nflip\nbogus\nquit\n";
    let (out, status) = play(&["--depth", "1", "--ascii"], script);
    assert!(status.success());
    assert!(out.contains("undo        take back a full turn"), "{out}");
    assert_said(&out, "You (White) play Nf3.");
    assert_said(&out, "You (White) play d4.");
    assert_said(&out, "Took back 2 moves.");
    let fens: Vec<&str> = out.lines().filter(|l| l.split('/').count() == 8 && l.contains(" w ")).collect();
    assert_eq!(fens.len(), 1, "{out}");
    assert!(fens[0].contains("/5N2/") && fens[0].ends_with(" 2"), "{}", fens[0]);
    assert!(out.lines().any(|l| l.starts_with("Hint: ")), "{out}");
    assert_said(&out, "Level 3 of 20: the engine chooses among its best moves, more loosely the lower the level.");
    assert!(out.contains("Usage: level N, with N from 0 to 20 (now 3)"), "{out}");
    // Flipped: rank 1 at the top, files from h to a.
    assert!(out.lines().any(|l| l.trim() == "h  g  f  e  d  c  b  a"), "{out}");
    assert!(out.contains("Illegal move: 'bogus'"), "{out}");
}

#[test]
fn chess960_start_and_castling_letters() {
    let (out, status) = play(&["chess960", "--chess960-id", "0", "--two-players", "--ascii"], "fen\ne4\nfen\nquit\n");
    assert!(status.success());
    assert!(out.starts_with("Ludex") && out.lines().next().unwrap().contains("chess960"), "{out}");
    assert_said(&out, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    assert_said(&out, "White plays e4.");
}

#[test]
fn antichess_capture_is_compulsory_and_losing_everything_wins() {
    for variant in ["antichess", "giveaway"] {
        let (out, _) = play(&[variant, "--fen", "8/8/8/8/8/8/p7/R7 w - - 0 1", "--depth", "1"], "Rb1\nRxa2\nRa3\n");
        assert!(out.contains("Illegal move: 'Rb1' is not a legal move here"), "{out}");
        assert!(out.contains("a capture is compulsory (Rxa2)"), "{out}");
        assert_said(&out, "You (White) play Rxa2.");
        assert_said(&out, &format!("Game over. Black has no legal moves left and wins ({variant})."));
        assert!(out.contains("Illegal move: the game is over"), "{out}");
    }
}

#[test]
fn suicide_piece_count_decides() {
    let fen = "8/8/8/4p3/4P2p/p3P3/P3P2P/8 w - - 0 1";
    let (out, _) = play(&["suicide", "--fen", fen, "--depth", "1"], "e5\nh3\n");
    assert!(out.contains("Illegal move: 'e5'"), "{out}");
    assert_said(&out, "Game over. No legal moves: Black wins with fewer pieces than White (suicide).");
}

#[test]
fn tictactoe_against_the_engine_and_engine_against_itself() {
    // Every cell in turn: occupied ones are refused with a reason and the game goes
    // on until it ends (the engine does not lose tic-tac-toe).
    let (out, status) = play(&["tictactoe", "--depth", "9"], "b2\nb2\na1\nb1\nc1\na2\nc2\na3\nb3\nc3\nquit\n");
    assert!(status.success());
    assert_said(&out, "You (X) play b2.");
    assert!(out.contains("Illegal move: 'b2': b2 is occupied"), "{out}");
    assert!(
        has_line(&out, "Game over. The board is full: the game is drawn.") || has_line(&out, "Game over. Three in a row: O wins."),
        "{out}"
    );
    let (out, _) = play(&["tictactoe", "--engine-vs-engine", "--depth", "9", "--ascii"], "pgn\n");
    assert_said(&out, "Game over. The board is full: the game is drawn.");
    assert_said(&out, "[Result \"1/2-1/2\"]");
    assert_eq!(out.lines().filter(|l| l.starts_with("Ludex (")).count(), 9, "{out}");
}

#[test]
fn gomoku_five_typed_by_the_human() {
    // X has an open three; made an open four, it cannot be stopped at both ends.
    let fen = "15/15/15/15/15/15/15/5PPP7/15/15/15/15/15/15/p1p1p10 w - - 0 1";
    for variant in ["gomoku", "freestyle", "renju"] {
        let (out, _) = play(&[variant, "--fen", fen, "--depth", "1", "--ascii"], "e8\nd8\ni8\nundo\nfen\n");
        assert_said(&out, "You (X) play e8.");
        let ends = ["d8", "i8"].iter().filter(|c| out.contains(&format!("Illegal move: '{c}': {c} is occupied"))).count();
        assert_eq!(ends, 1, "the engine blocked one end:\n{out}");
        assert_said(&out, "Game over. Five in a row: X wins.");
        // The winning line: four stones in parentheses and the last one in brackets.
        let before_end = out.split("Game over.").next().unwrap();
        let row = before_end.lines().rfind(|l| l.starts_with(" 8 ")).unwrap();
        assert_eq!(row.matches("(X)").count(), 4, "{row}");
        assert_eq!(row.matches("[X]").count(), 1, "{row}");
        assert_said(&out, "Took back 1 move.");
    }
}

#[test]
fn gomoku_board_sizes_and_overlines() {
    let (out, _) = play(&["gomoku", "--size", "9", "--depth", "1", "--ascii"], "h8\nj9\nz9\n");
    assert!(out.lines().any(|l| l.trim() == "a  b  c  d  e  f  g  h  i"), "{out}");
    assert!(out.contains("Illegal move: 'j9': j9 is off the 9x9 board"), "{out}");
    // Six in a row: no win under exact five, a win in freestyle.
    let six = "c8\na1\nd8\na3\ne8\na5\ng8\na7\nh8\na9\nf8\n";
    let (out, _) = play(&["gomoku", "--two-players", "--ascii"], six);
    assert_said(&out, "X plays f8.");
    assert!(!out.contains("Game over"), "{out}");
    assert!(out.trim_end().ends_with("Move 6: O (person) to move."), "{out}");
    let (out, _) = play(&["gomokufreestyle", "--two-players", "--ascii"], six);
    assert_said(&out, "Game over. Five in a row: X wins.");
}

#[test]
fn renju_forbidden_double_three() {
    let (out, _) = play(&["renju", "--two-players", "--ascii"], "f8\na1\ng8\nc1\nh6\ne1\nh7\no15\nh8\ni9\n");
    assert!(
        out.contains("Illegal move: 'h8' is forbidden to the first player under renju (double three, double four or overline)"),
        "{out}"
    );
    assert_said(&out, "X plays i9.");
}

#[test]
fn clocks_quit_and_eof() {
    let (out, status) = play(&["--tc", "1+0", "--depth", "1"], "e4\nquit\n");
    assert!(status.success());
    assert_said(&out, "Clock: White 1:00.0  Black 1:00.0");
    assert_said(&out, "Bye.");
    let (out, status) = play(&["--depth", "1"], "");
    assert!(status.success());
    assert!(out.trim_end().ends_with("Move 1: White (you) to move."), "{out}");
}

#[test]
fn pgn_saved_to_a_file() {
    let path = std::env::temp_dir().join(format!("ludex-play-{}.pgn", std::process::id()));
    let script = format!("f3\ne5\ng4\nQh4\npgn {}\n", path.display());
    let (out, _) = play(&["--two-players"], &script);
    assert!(out.contains("Saved the game to"), "{out}");
    let pgn = std::fs::read_to_string(&path).expect("the PGN file");
    let _ = std::fs::remove_file(&path);
    assert!(pgn.contains("[Result \"0-1\"]") && pgn.contains("1. f3 e5 2. g4 Qh4# {Checkmate: Black wins.} 0-1"), "{pgn}");
}

#[test]
fn weak_levels_still_finish_games_and_hints_are_full_strength() {
    let (out, _) = play(&["tictactoe", "--engine-vs-engine", "--level", "0", "--movetime", "2000"], "");
    assert!(out.lines().next().unwrap().contains("level 0"), "{out}");
    assert!(out.contains("Game over. "), "{out}");
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    let (out, _) = play(&["--color", "black", "--level", "0", "--depth", "3", "--fen", fen], "hint\nlevel 20\n");
    assert!(out.lines().any(|l| l.starts_with("Hint: Qh4# (mate in 1")), "{out}");
    assert_said(&out, "Level 20: full strength.");
}
