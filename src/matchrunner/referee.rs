//! Plays one game between two players under Ludex's own rules: every move is
//! legality-checked, the variant decides when the game is over, and every way of
//! failing (late, illegal, crash, silence) forfeits with a recorded reason.

use super::player::{Failure, GameSetup, MoveRequest, Player};
use super::record::{Ending, GameResult, MoveNote};
use super::timecontrol::{Clock, TimeControl};
use crate::core::{MoveError, Position, Side};
use crate::variants::AnyPosition;

/// Referee settings shared by all games.
#[derive(Debug, Clone)]
pub struct RefereeRules {
    /// Plies after which an unfinished game is adjudicated a draw. The fifty-move rule
    /// ends chess-family games long before; this catches pathological cases only.
    pub max_plies: usize,
    /// How long to wait past a limit (after `stop`) for any answer before the engine
    /// is declared unresponsive (ms).
    pub grace_ms: u64,
}

/// The default move cap: 1000 plies (500 moves each).
pub const DEFAULT_MAX_PLIES: usize = 1000;
pub const DEFAULT_GRACE_MS: u64 = 5000;

fn side_name(s: Side) -> &'static str {
    match s {
        Side::White => "White",
        Side::Black => "Black",
    }
}

fn forfeit(loser: Side, ending: Ending, why: String) -> GameResult {
    GameResult { winner: Some(!loser), ending, reason: format!("{} {why}", side_name(loser)) }
}

/// Plays the game from `start` (already set up with the opening moves in `moves`),
/// adding each engine move to `moves` and its note to `notes`.
/// `players` and `tcs` are indexed by side; `margins` likewise.
#[allow(clippy::too_many_arguments)]
pub fn play(
    start: AnyPosition,
    setup: &GameSetup,
    moves: &mut Vec<String>,
    notes: &mut Vec<MoveNote>,
    players: [&mut dyn Player; 2],
    tcs: [&TimeControl; 2],
    margins: [u64; 2],
    rules: &RefereeRules,
) -> GameResult {
    let [white, black] = players;
    let mut players: [&mut dyn Player; 2] = [white, black];
    for side in [Side::White, Side::Black] {
        if let Err(f) = players[side.index()].new_game(setup) {
            let ending = failure_ending(&f);
            return forfeit(side, ending, format!("could not start the game: {f}"));
        }
    }
    crate::with_position!(start, pos => run(pos, setup, moves, notes, &mut players, tcs, margins, rules))
}

fn failure_ending(f: &Failure) -> Ending {
    match f {
        Failure::Crash(_) => Ending::Crash,
        Failure::Stall(_) => Ending::Stall,
        Failure::Protocol(_) => Ending::ProtocolError,
    }
}

#[allow(clippy::too_many_arguments)]
fn run<P: Position>(
    mut pos: P,
    setup: &GameSetup,
    moves: &mut Vec<String>,
    notes: &mut Vec<MoveNote>,
    players: &mut [&mut dyn Player; 2],
    tcs: [&TimeControl; 2],
    margins: [u64; 2],
    rules: &RefereeRules,
) -> GameResult {
    let mut clocks = [Clock::new(tcs[0]), Clock::new(tcs[1])];
    loop {
        if let Some(o) = pos.outcome() {
            let reason = match o.winner {
                Some(w) => format!("{} wins by {}", side_name(w), o.termination),
                None => format!("Draw by {}", o.termination),
            };
            return GameResult { winner: o.winner, ending: Ending::Rules(o.termination), reason };
        }
        if moves.len() >= rules.max_plies {
            return GameResult {
                winner: None,
                ending: Ending::MoveCap,
                reason: format!("Draw by adjudication: {} plies played", moves.len()),
            };
        }
        let side = pos.side_to_move();
        let i = side.index();
        let reply = {
            let req = MoveRequest {
                setup,
                moves,
                side,
                clocks: [&clocks[0], &clocks[1]],
                margin_ms: margins[i],
                grace_ms: rules.grace_ms,
            };
            players[i].request_move(&req)
        };
        let reply = match reply {
            Ok(r) => r,
            Err(f) => return forfeit(side, failure_ending(&f), f.to_string()),
        };
        if let Some(allowed) = clocks[i].allowance_ms() {
            if reply.elapsed_ms > allowed + margins[i] {
                return forfeit(
                    side,
                    Ending::TimeForfeit,
                    format!("loses on time ({} ms used, {allowed} ms allowed + {} ms margin)", reply.elapsed_ms, margins[i]),
                );
            }
        }
        match pos.parse_move(&reply.text) {
            Ok(mv) => {
                moves.push(pos.format_move(mv));
                notes.push(MoveNote { eval: reply.eval, elapsed_ms: reply.elapsed_ms });
                pos.make_move(mv);
                clocks[i].charge(reply.elapsed_ms);
            }
            Err(e) => return forfeit(side, Ending::IllegalMove, illegal_reason(&reply.text, &e)),
        }
    }
}

/// "makes an illegal move: e2e5 (malformed: 'e2e5' is not a square)", without
/// repeating the move text the variant's message may start with.
fn illegal_reason(text: &str, e: &MoveError) -> String {
    let shown = if text.trim().is_empty() { "(nothing)" } else { text.trim() };
    let (kind, detail) = match e {
        MoveError::Malformed(m) => ("malformed", m),
        MoveError::Illegal(m) => ("illegal", m),
    };
    let detail = detail.strip_prefix(shown).map(|d| d.trim_start_matches([':', ' '])).unwrap_or(detail);
    if detail.is_empty() || detail == shown {
        format!("makes an illegal move: {shown} ({kind})")
    } else {
        format!("makes an illegal move: {shown} ({kind}: {detail})")
    }
}
