//! What the referee needs from an engine, whatever protocol it speaks: get ready for
//! a game, answer a move request, go away. The clients (UCI, Gomocup) translate.

use std::fmt;

use super::timecontrol::Clock;
use crate::core::Side;
use crate::variants::Variant;

/// What one game is: the referee tells each player once, before the first move.
#[derive(Debug, Clone)]
pub struct GameSetup {
    pub variant: Variant,
    /// The start FEN, or `None` for the variant's own start position.
    pub start_fen: Option<String>,
    /// Board width and height for the connect games (Gomocup needs them).
    pub board: Option<(usize, usize)>,
}

/// One move request: the whole game so far (moves in Ludex's notation) and both clocks.
pub struct MoveRequest<'a> {
    pub setup: &'a GameSetup,
    pub moves: &'a [String],
    pub side: Side,
    /// Clocks indexed by [`Side::index`].
    pub clocks: [&'a Clock; 2],
    /// Extra wall time allowed past the clock before the move counts as late.
    pub margin_ms: u64,
    /// How long past the limit (plus margin) to wait for any answer before giving up.
    pub grace_ms: u64,
}

/// The engine's answer: its move text (already in Ludex's notation where the protocol
/// differs), the wall time from the request to the answer, and what the engine said
/// of the position last before it (UCI `info ... depth ... score ...`), if anything.
#[derive(Debug, Clone)]
pub struct MoveReply {
    pub text: String,
    pub elapsed_ms: u64,
    pub eval: Option<Eval>,
}

/// An engine's last reported score for its move, from its own side, and the depth
/// it came from; the PGN shows it after the move, as Cute Chess does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Eval {
    pub score: EvalScore,
    pub depth: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EvalScore {
    /// Centipawns (or the variant's own units).
    Cp(i32),
    /// Mate in this many moves; negative when the engine is being mated.
    Mate(i32),
}

/// Why a player could not play on. Each one forfeits the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The process exited or closed its pipes.
    Crash(String),
    /// No answer at all within the limit plus the grace period.
    Stall(String),
    /// The engine broke the protocol in a way that stops the game (no `uciok`,
    /// a variant it does not support, an `ERROR` answer to `START`).
    Protocol(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Crash(m) => write!(f, "crashed ({m})"),
            Failure::Stall(m) => write!(f, "stopped responding ({m})"),
            Failure::Protocol(m) => write!(f, "protocol error ({m})"),
        }
    }
}

pub trait Player {
    /// The engine's display name.
    fn name(&self) -> &str;

    /// Starts the engine for a new game (handshake, variant, time settings).
    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure>;

    /// Asks for a move.
    fn request_move(&mut self, req: &MoveRequest) -> Result<MoveReply, Failure>;

    /// Ends the game and the engine process.
    fn quit(&mut self);
}

/// Milliseconds from `a` to `b` (zero if `b` is earlier).
pub fn millis_between(a: std::time::Instant, b: std::time::Instant) -> u64 {
    b.saturating_duration_since(a).as_millis() as u64
}

/// How long a move without any clock (fixed nodes or depth) may take before the
/// engine is treated as silent.
pub const UNTIMED_MOVE_LIMIT_MS: u64 = 60_000;
