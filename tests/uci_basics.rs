//! Black-box tests of the UCI loop: the handshake, `go perft`, `d`, variant switching,
//! and bad input of every kind surviving with the previous position intact.

mod common;

use common::engine::Engine;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn handshake_advertises_variants_and_options() {
    let mut e = Engine::spawn();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name Ludex"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    assert!(lines.contains(
        &"option name UCI_Variant type combo default chess var chess var standard var antichess var giveaway var suicide var tictactoe var gomoku var gomokufreestyle var renju"
            .to_string()
    ));
    assert!(lines.contains(&"option name UCI_Chess960 type check default false".to_string()));
    for name in ["Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "Clear Hash", "UCI_AnalyseMode", "EvalFile"] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {name} type "))), "no {name}: {lines:?}");
    }
    assert_eq!(e.sync(), Vec::<String>::new());
    assert!(e.quit());
}

#[test]
fn perft_output_matches_stockfish_format() {
    let mut e = Engine::spawn();
    e.send("position startpos");
    e.send("go perft 2");
    let lines = e.read_until(|l| l.starts_with("Nodes searched:"));
    assert_eq!(lines.len(), 22, "{lines:?}");
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
    assert!(lines.contains(&"e2e4: 20".to_string()));
    assert!(lines.contains(&"g1f3: 20".to_string()));
    let (moves, total) = e.perft(3);
    assert_eq!(total, 8902);
    assert_eq!(moves.iter().map(|(_, n)| n).sum::<u64>(), total);
}

#[test]
fn display_shows_fen_key_and_board() {
    let mut e = Engine::spawn();
    e.send("position startpos moves e2e4");
    let lines = e.ask("d");
    assert!(lines.contains(&"Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_string()), "{lines:?}");
    let key = lines.iter().find_map(|l| l.strip_prefix("Key: ")).expect("Key line");
    assert_eq!(key.len(), 16);
    assert!(key.chars().all(|c| c.is_ascii_hexdigit()));
    assert!(lines.iter().any(|l| l.contains("Variant: chess")));
    // The same position reached differently has the same key.
    e.send("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let again = e.ask("d");
    assert!(again.iter().any(|l| l == &format!("Key: {key}")), "{again:?}");
}

/// Every kind of bad input gets one `info string error:` line naming the problem,
/// the position stays as it was, and the engine keeps answering.
#[test]
fn bad_input_survives_with_position_intact() {
    let mut e = Engine::spawn();
    e.send("position startpos moves e2e4 e7e5");
    let good = e.fen();
    let cases: &[(&str, &str)] = &[
        ("position startpos moves g1f3 e7e5 e1e3", "e1e3"),
        ("position startpos moves e2e4 zz", "zz"),
        ("position startpos moves e2e5", "e2e5"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "X"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1", "rank"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "x"),
        ("position fen", "fen"),
        ("position", "startpos"),
        ("position foo", "foo"),
        ("frobnicate now", "frobnicate"),
        ("go depth banana", "banana"),
        ("go perft", "perft"),
        ("setoption name Hash value lots", "lots"),
        ("setoption name NoSuchOption value 1", "NoSuchOption"),
        ("setoption name UCI_Variant value crazyhouse", "crazyhouse"),
        ("setoption", "setoption"),
        ("bench nope", "nope"),
    ];
    for (input, token) in cases {
        let out = e.ask(input);
        assert_eq!(out.len(), 1, "'{input}' should print one line, got {out:?}");
        assert!(out[0].starts_with("info string error: "), "'{input}' gave {out:?}");
        assert!(out[0].contains(token), "'{input}': error should name '{token}': {out:?}");
        assert_eq!(e.fen(), good, "'{input}' changed the position");
    }
    // Noise that is not a command at all.
    for input in ["", "   ", "\t", "\u{1b}[A", "ééé", &"x".repeat(100_000)] {
        let out = e.ask(input);
        assert!(out.iter().all(|l| l.starts_with("info string error: ")), "{input:?} gave {out:?}");
        assert_eq!(e.fen(), good);
    }
    // Stop and ponderhit while idle are ignored.
    assert_eq!(e.ask("stop"), Vec::<String>::new());
    assert_eq!(e.ask("ponderhit"), Vec::<String>::new());
    assert!(e.quit());
}

#[test]
fn eof_exits_cleanly() {
    let mut e = Engine::spawn();
    e.send("isready");
    assert_eq!(e.read_line(), "readyok");
    e.close_stdin();
    assert!(e.wait_exit());
}

#[test]
fn variant_switch_sets_each_start_position() {
    let mut e = Engine::spawn();
    let expect = [
        ("chess", START.to_string()),
        ("antichess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".to_string()),
        ("suicide", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".to_string()),
        ("giveaway", START.to_string()),
        ("tictactoe", "3/3/3[PPPPPpppp] w - - 0 1".to_string()),
        (
            "gomoku",
            format!("{}[{}{}] w - - 0 1", vec!["15"; 15].join("/"), "P".repeat(113), "p".repeat(112)),
        ),
        (
            "gomokufreestyle",
            format!("{}[{}{}] w - - 0 1", vec!["15"; 15].join("/"), "P".repeat(113), "p".repeat(112)),
        ),
        ("renju", format!("{}[{}{}] w - - 0 1", vec!["15"; 15].join("/"), "P".repeat(113), "p".repeat(112))),
        ("standard", START.to_string()),
    ];
    for (variant, fen) in expect {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("ucinewgame");
        e.send("position startpos");
        assert_eq!(e.fen(), fen, "start position of {variant}");
    }
}

#[test]
fn antichess_rules_over_uci() {
    let mut e = Engine::spawn();
    e.send("setoption name UCI_Variant value antichess");
    e.send("position startpos moves e2e3 b7b5");
    // White must capture: the bishop takes on b5 is the only legal move.
    let (moves, total) = e.perft(1);
    assert_eq!(total, 1);
    assert_eq!(moves[0].0, "f1b5");
    e.send("position fen 8/4P3/8/8/8/8/8/k7 w - - 0 1");
    let (moves, _) = e.perft(1);
    assert!(moves.iter().any(|(m, _)| m == "e7e8k"), "{moves:?}");
    e.send("position fen 8/4P3/8/8/8/8/8/k7 w - - 0 1 moves e7e8k");
    assert_eq!(e.fen(), "4K3/8/8/8/8/8/8/k7 b - - 0 1");
}

#[test]
fn chess960_castling_in_both_notations() {
    let mut e = Engine::spawn();
    e.send("setoption name UCI_Chess960 value true");
    // King on f1, rooks on b1 and g1; castling is written king-takes-rook. The short
    // castle is illegal here (the black rook on g8 attacks g1), the long one is not.
    let fen = "1r3kr1/8/8/8/8/8/8/1R3KR1 w GBgb - 0 1";
    e.send(&format!("position fen {fen}"));
    let (moves, _) = e.perft(1);
    assert!(moves.iter().any(|(m, _)| m == "f1b1"), "{moves:?}");
    assert!(!moves.iter().any(|(m, _)| m == "f1g1"), "{moves:?}");
    e.send(&format!("position fen {fen} moves f1b1"));
    assert_eq!(e.fen(), "1r3kr1/8/8/8/8/8/8/2KR2R1 b gb - 1 1");
    e.send("setoption name UCI_Chess960 value false");
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    assert_eq!(e.fen(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1");
    assert_eq!(e.fen(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
}
