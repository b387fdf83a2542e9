//! The Gomocup dialect driven the way a manager (Piskvork, c-gomoku-cli) drives it:
//! CR LF lines, `x,y` answers, `ERROR`/`UNKNOWN` for mistakes, and two Ludex brains
//! playing a whole game refereed by Ludex's own rules.

mod common;

use std::time::Duration;

use common::engine::Engine;
use ludex::core::{MoveList, Position};
use ludex::variants::connect::{Connect, ConnectRules};

fn xy(line: &str) -> (usize, usize) {
    let (x, y) = line.split_once(',').unwrap_or_else(|| panic!("not x,y: '{line}'"));
    (x.trim().parse().expect("x"), y.trim().parse().expect("y"))
}

/// Reads past `MESSAGE`/`DEBUG` lines to the answer.
fn answer(e: &mut Engine) -> String {
    loop {
        let l = e.read_line();
        if !l.starts_with("MESSAGE") && !l.starts_with("DEBUG") {
            return l;
        }
    }
}

fn send(e: &mut Engine, line: &str) {
    e.send(&format!("{line}\r"));
}

#[test]
fn handshake_moves_and_errors() {
    let mut e = Engine::spawn();
    send(&mut e, "START 15");
    assert_eq!(answer(&mut e), "OK");
    send(&mut e, "INFO timeout_turn 200");
    send(&mut e, "INFO timeout_match 100000");
    send(&mut e, "INFO rule 1");
    send(&mut e, "INFO game_type 1");
    send(&mut e, "INFO folder /tmp");
    send(&mut e, "ABOUT");
    let about = answer(&mut e);
    assert!(about.starts_with("name=\"Ludex\", version=\""), "{about}");
    send(&mut e, "BEGIN");
    let (x, y) = xy(&answer(&mut e));
    assert!(x < 15 && y < 15);
    send(&mut e, "TURN 3,3");
    let second = xy(&answer(&mut e));
    assert!(second != (x, y) && second != (3, 3), "played on an occupied cell: {second:?}");
    // Mistakes are answered on the protocol's own channel and the session goes on.
    for (line, prefix) in [
        ("TURN 15,2", "ERROR"),
        ("TURN 3,3", "ERROR"),
        ("TURN x", "ERROR"),
        ("START 99", "ERROR"),
        ("FROBNICATE", "UNKNOWN"),
        ("TAKEBACK 9,9", "ERROR"),
    ] {
        send(&mut e, line);
        let got = answer(&mut e);
        assert!(got.starts_with(prefix), "'{line}' gave '{got}'");
    }
    send(&mut e, "TAKEBACK 3,3");
    assert_eq!(answer(&mut e), "OK");
    send(&mut e, "RESTART");
    assert_eq!(answer(&mut e), "OK");
    // BOARD: our stones (1) and theirs (2); their four is closed at 4,7 by our stone,
    // so 9,7 is the one move that does not lose at once.
    send(&mut e, "BOARD");
    for line in ["5,7,2", "6,7,2", "7,7,2", "8,7,2", "4,7,1", "6,5,1", "9,9,1"] {
        send(&mut e, line);
    }
    send(&mut e, "DONE");
    let block = xy(&answer(&mut e));
    assert_eq!(block, (9, 7), "did not block the four");
    send(&mut e, "END");
    assert!(e.wait_exit());
}

#[test]
fn rectangular_board_and_unknown_info() {
    let mut e = Engine::spawn_with_args(&["--gomocup"]);
    send(&mut e, "INFO some_new_key 17");
    send(&mut e, "RECTSTART 20,10");
    assert_eq!(answer(&mut e), "OK");
    send(&mut e, "INFO timeout_turn 100");
    send(&mut e, "BEGIN");
    let (x, y) = xy(&answer(&mut e));
    assert!(x < 20 && y < 10, "{x},{y} off a 20x10 board");
    send(&mut e, "END");
    assert!(e.wait_exit());
}

/// Two brains play a whole freestyle game on 15x15; every answer is legal by Ludex's
/// rules (an empty cell), and the game ends with five in a row or a full board.
#[test]
fn two_brains_play_a_game() {
    let mut brains = [Engine::spawn_with_args(&["--gomocup"]), Engine::spawn_with_args(&["--gomocup"])];
    for b in brains.iter_mut() {
        send(b, "START 15");
        assert_eq!(answer(b), "OK");
        send(b, "INFO rule 0");
        send(b, "INFO timeout_turn 50");
    }
    let mut referee = Connect::startpos(ConnectRules::gomoku_freestyle());
    send(&mut brains[0], "BEGIN");
    let mut turn = 0;
    let mut last = xy(&answer(&mut brains[0]));
    loop {
        let cell = referee.cell(last.0, 14 - last.1).expect("on the board");
        let text = referee.format_move(cell);
        let mv = referee.parse_move(&text).unwrap_or_else(|e| panic!("brain {turn} played {last:?}: {e}"));
        referee.make_move(mv);
        let mut moves = MoveList::new();
        referee.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        turn = 1 - turn;
        send(&mut brains[turn], &format!("TURN {},{}", last.0, last.1));
        let line = brains[turn].read_until_timeout(|l| !l.starts_with("MESSAGE"), Duration::from_secs(10));
        last = xy(line.last().unwrap());
    }
    let outcome = referee.outcome().expect("the game is over");
    assert!(referee.ply() >= 9, "a five needs at least 9 stones");
    eprintln!("game over after {} stones: {:?}", referee.ply(), outcome);
    for b in brains.iter_mut() {
        send(b, "END");
        assert!(b.wait_exit());
    }
}

/// Renju, the first player to move and both empty cells forbidden to it (overlines;
/// the board of `renju.rs`'s `only_forbidden_cells_left_is_a_draw`). Ludex's rules
/// call it a draw, but a manager waits for a cell: the brain answers one of the two
/// empty cells for the manager to judge instead of going silent until its clock runs
/// out, and the session goes on.
#[test]
fn renju_with_only_forbidden_cells_left_still_answers() {
    let rows = ["PPP1PP", "pppPpp", "PPP1PP", "pppPpp", "pPppPp", "PpPpPp"];
    let mut e = Engine::spawn_with_args(&["--gomocup"]);
    send(&mut e, "INFO rule 4");
    send(&mut e, "INFO timeout_turn 500");
    send(&mut e, "START 6");
    assert_eq!(answer(&mut e), "OK");
    send(&mut e, "BOARD");
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            // Equal stone counts: the brain is the first player, `P`.
            match c {
                'P' => send(&mut e, &format!("{x},{y},1")),
                'p' => send(&mut e, &format!("{x},{y},2")),
                _ => {}
            }
        }
    }
    send(&mut e, "DONE");
    let got = answer(&mut e);
    assert!(got == "3,0" || got == "3,2", "expected one of the two empty cells, got '{got}'");
    // Still a working brain: a fresh board and a move.
    send(&mut e, "RESTART");
    assert_eq!(answer(&mut e), "OK");
    send(&mut e, "BEGIN");
    let (x, y) = xy(&answer(&mut e));
    assert!(x < 6 && y < 6);
    send(&mut e, "END");
    assert!(e.wait_exit());
}
