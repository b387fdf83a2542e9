//! A whole game in every variant, driven the way Cute Chess drives an engine (hosts.md
//! §2): `ucinewgame`, then for each ply `position ... moves ...` growing by one move,
//! `isready`, and `go wtime .. btime .. winc .. binc ..` with a real running clock.
//! Every `bestmove` must be one of the moves Ludex's own `go perft 1` lists there, and
//! must come before the clock (with Cute Chess's 200 ms grace) runs out. The game ends
//! when the side to move has no move (`bestmove (none)` is then required), when `d`
//! reports a result (repetition, fifty moves, ...) or at a ply cap.

mod common;

use std::time::{Duration, Instant};

use common::engine::{parse_bestmove, Engine};

/// Cute Chess scores a `bestmove` later than this past the clock as a loss on time.
const HOST_GRACE_MS: i64 = 200;

struct Game {
    variant: &'static str,
    chess960: bool,
    /// `None` for `position startpos`.
    start_fen: Option<&'static str>,
    ply_cap: usize,
    clock_ms: i64,
    inc_ms: i64,
}

struct Played {
    moves: Vec<String>,
    /// Why the game ended: "no legal move" or "ply cap".
    end: String,
    /// The first result `d` reported in a position that still had moves (a draw).
    draw_claim: Option<String>,
    /// The least time any side had left after a move.
    min_left_ms: i64,
}

fn play(g: &Game) -> Played {
    // A clocked game, played as a host would: one per core.
    let _slot = common::core_slot::take();
    let mut e = Engine::spawn();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e.sync();
    if g.chess960 {
        e.send("setoption name UCI_Chess960 value true");
    } else {
        e.send(&format!("setoption name UCI_Variant value {}", g.variant));
    }
    e.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [g.clock_ms, g.clock_ms];
    let mut min_left_ms = g.clock_ms;
    let mut first_result = None;
    let base = match g.start_fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    let end = loop {
        let position = position_cmd(&base, &moves);
        e.send(&position);
        let errors: Vec<String> = e.sync().into_iter().filter(|l| l.contains("error")).collect();
        assert!(errors.is_empty(), "{}: '{position}' rejected: {errors:?}", g.variant);
        let legal = e.legal_moves();
        let result = e.ask("d").into_iter().find(|l| l.starts_with("Result: "));
        let side = moves.len() % 2;
        // A host without draw adjudication (python-chess's own loop, for one) plays on
        // after a repetition or the fifty-move rule: so does this one, to the cap.
        if first_result.is_none() && !legal.is_empty() {
            first_result = result.map(|r| format!("{r} at ply {}", moves.len()));
        }
        e.send("isready");
        e.read_until(|l| l == "readyok");
        let go = format!("wtime {} btime {} winc {} binc {}", clocks[0], clocks[1], g.inc_ms, g.inc_ms);
        let t = Instant::now();
        let budget = Duration::from_millis((clocks[side] + HOST_GRACE_MS + 2_000) as u64);
        let (_, best) = e.go_timeout(&go, budget);
        let used = t.elapsed().as_millis() as i64;
        let (mv, _) = parse_bestmove(&best);
        let Some(mv) = mv else {
            assert!(legal.is_empty(), "{}: bestmove (none) with legal moves {legal:?} after {moves:?}", g.variant);
            break "no legal move".to_string();
        };
        assert!(
            legal.contains(&mv),
            "{}: illegal bestmove {mv} after '{position}' (legal: {legal:?})",
            g.variant
        );
        clocks[side] -= used;
        assert!(
            clocks[side] > -HOST_GRACE_MS,
            "{}: lost on time at ply {} ({used} ms used, {} ms left)",
            g.variant,
            moves.len(),
            clocks[side]
        );
        min_left_ms = min_left_ms.min(clocks[side]);
        clocks[side] += g.inc_ms;
        moves.push(mv);
        if moves.len() >= g.ply_cap {
            break "ply cap".to_string();
        }
    };
    // Cute Chess's game end: the final position and `isready`, no `go`. Arena may still
    // send `go` in a finished position: `bestmove (none)`.
    e.send(&position_cmd(&base, &moves));
    e.sync();
    if end == "no legal move" {
        let (_, best) = e.go_timeout("wtime 100 btime 100", Duration::from_secs(2));
        assert_eq!(best, "bestmove (none)");
    }
    assert!(e.quit());
    Played { moves, end, draw_claim: first_result, min_left_ms }
}

fn position_cmd(base: &str, moves: &[String]) -> String {
    if moves.is_empty() {
        base.to_string()
    } else {
        format!("{base} moves {}", moves.join(" "))
    }
}

fn check(g: Game) {
    let t = Instant::now();
    let p = play(&g);
    eprintln!(
        "{}{}: {} plies, ended by {} (draw claim: {:?}), least time left {} ms, {:?}",
        g.variant,
        if g.chess960 { " (960)" } else { "" },
        p.moves.len(),
        p.end,
        p.draw_claim,
        p.min_left_ms,
        t.elapsed()
    );
    assert!(!p.moves.is_empty());
}

const CHESS_CAP: usize = 200;

fn chess_family(variant: &'static str) -> Game {
    Game { variant, chess960: false, start_fen: None, ply_cap: CHESS_CAP, clock_ms: 1_000, inc_ms: 10 }
}

#[test]
fn chess_game() {
    check(chess_family("chess"));
}

#[test]
fn chess960_game_from_a_shredder_fen() {
    check(Game {
        chess960: true,
        start_fen: Some("nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1"),
        ..chess_family("chess960")
    });
}

#[test]
fn antichess_game() {
    check(chess_family("antichess"));
}

#[test]
fn giveaway_game() {
    check(chess_family("giveaway"));
}

#[test]
fn suicide_game() {
    check(chess_family("suicide"));
}

#[test]
fn tictactoe_game() {
    let g = Game { variant: "tictactoe", chess960: false, start_fen: None, ply_cap: 10, clock_ms: 1_000, inc_ms: 10 };
    let p = play(&g);
    // Perfect play from both sides fills the board without a winner.
    assert_eq!(p.moves.len(), 9, "{:?}", p.moves);
    assert_eq!(p.end, "no legal move");
}

#[test]
fn gomoku_game() {
    check(Game { variant: "gomoku", chess960: false, start_fen: None, ply_cap: 225, clock_ms: 1_000, inc_ms: 10 });
}

#[test]
fn gomokufreestyle_game() {
    check(Game { variant: "gomokufreestyle", chess960: false, start_fen: None, ply_cap: 225, clock_ms: 1_000, inc_ms: 10 });
}
