//! Strength levels through the real binary: `Skill Level`, `UCI_LimitStrength` and
//! `UCI_Elo` over UCI in every variant, `INFO skill_level` / `INFO elo` over
//! Gomocup, `level` in `ludex play`. Weak levels must answer quickly with legal
//! moves and still take a mate in one.

mod common;

use std::time::{Duration, Instant};

use common::engine::{parse_bestmove, Engine};

#[test]
fn options_are_advertised() {
    let mut e = Engine::spawn();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    for wanted in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 3190 min 1320 max 3190",
    ] {
        assert!(lines.iter().any(|l| l == wanted), "no '{wanted}' in {lines:?}");
    }
    // Out of range: an error on the protocol's channel, and the session goes on.
    let errors = e.ask("setoption name Skill Level value 21");
    assert!(errors.iter().any(|l| l.starts_with("info string error") && l.contains("21")), "{errors:?}");
    assert!(e.quit());
}

#[test]
fn weak_levels_move_fast_and_legally_in_every_variant() {
    let mut e = Engine::spawn();
    for variant in ["chess", "antichess", "giveaway", "suicide", "tictactoe", "gomoku", "gomokufreestyle", "renju"] {
        for (option, value) in [("Skill Level", "0"), ("Skill Level", "10"), ("UCI_Elo", "1320")] {
            e.send(&format!("setoption name UCI_Variant value {variant}"));
            e.send("setoption name Skill Level value 20");
            e.send(&format!("setoption name UCI_LimitStrength value {}", option == "UCI_Elo"));
            e.send(&format!("setoption name {option} value {value}"));
            e.send("ucinewgame");
            e.send("position startpos");
            let legal = e.legal_moves();
            let started = Instant::now();
            // At the bottom a generous time limit: the search stops at its depth cap.
            let bottom = value != "10";
            let (_, best) = e.go(if bottom { "movetime 5000" } else { "movetime 500" });
            let (mv, _) = parse_bestmove(&best);
            let mv = mv.unwrap_or_else(|| panic!("{variant} {option} {value}: no move"));
            assert!(legal.contains(&mv), "{variant} {option} {value}: illegal {mv}");
            assert!(
                !bottom || started.elapsed() < Duration::from_millis(2500),
                "{variant} {option} {value}: took {:?}",
                started.elapsed()
            );
        }
    }
    assert!(e.quit());
}

#[test]
fn every_level_takes_a_mate_in_one() {
    let mut e = Engine::spawn();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    for level in [0, 3, 10, 19] {
        for _ in 0..3 {
            e.send(&format!("setoption name Skill Level value {level}"));
            e.send("position fen rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
            let (_, best) = e.go("movetime 3000");
            assert_eq!(parse_bestmove(&best).0.as_deref(), Some("d8h4"), "level {level}");
        }
    }
    assert!(e.quit());
}

#[test]
fn gomocup_info_keys() {
    let mut e = Engine::spawn_with_args(&["--gomocup"]);
    e.send("INFO skill_level 0");
    e.send("INFO elo 1500");
    e.send("INFO elo lots");
    e.send("START 15");
    let lines = e.read_until(|l| l == "OK");
    assert!(lines.iter().any(|l| l.starts_with("ERROR") && l.contains("lots")), "{lines:?}");
    e.send("INFO timeout_turn 5000");
    let started = Instant::now();
    e.send("BEGIN");
    let lines = e.read_until(|l| !l.starts_with("MESSAGE"));
    let answer = lines.last().unwrap();
    let (x, y) = answer.split_once(',').unwrap_or_else(|| panic!("{lines:?}"));
    assert!(x.parse::<usize>().unwrap() < 15 && y.parse::<usize>().unwrap() < 15);
    assert!(started.elapsed() < Duration::from_millis(2500), "took {:?}", started.elapsed());
    e.send("END");
    assert!(e.wait_exit());
}
