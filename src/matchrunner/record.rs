//! What a finished game leaves behind: who played, the moves, the result and why.

use crate::core::{Side, Termination};
use crate::variants::Variant;

/// How a game ended, in the referee's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// By the rules of the variant (mate, no moves, a line, fifty moves, ...).
    Rules(Termination),
    /// A move arrived after the clock (plus margin) ran out.
    TimeForfeit,
    /// An illegal or malformed move.
    IllegalMove,
    /// The engine process exited.
    Crash,
    /// The engine did not answer within the limit plus the grace period.
    Stall,
    /// The engine failed the start-up handshake or refused the game.
    ProtocolError,
    /// The game reached the move cap and was adjudicated a draw.
    MoveCap,
}

impl Ending {
    /// The standard PGN `Termination` tag value.
    pub fn pgn_termination(&self) -> &'static str {
        match self {
            Ending::Rules(_) => "normal",
            Ending::TimeForfeit => "time forfeit",
            Ending::IllegalMove => "rules infraction",
            Ending::Crash | Ending::Stall | Ending::ProtocolError => "abandoned",
            Ending::MoveCap => "adjudication",
        }
    }
}

#[derive(Debug, Clone)]
pub struct GameResult {
    pub winner: Option<Side>,
    pub ending: Ending,
    /// A sentence for humans: "White mates", "Black loses on time (612 ms of 500 ms)".
    pub reason: String,
}

impl GameResult {
    pub fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// What the PGN says after an engine's move: its score and depth, and its time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNote {
    pub eval: Option<super::player::Eval>,
    pub elapsed_ms: u64,
}

#[derive(Debug, Clone)]
pub struct GameRecord {
    /// Position in the schedule (0-based); also decides the order of the PGN file.
    pub number: usize,
    /// PGN `Round`: `round.game-in-round`, 1-based.
    pub round: String,
    pub variant: Variant,
    /// Engine indices for White and Black.
    pub engines: [usize; 2],
    pub names: [String; 2],
    /// The start FEN, or `None` for the variant's own start position.
    pub start_fen: Option<String>,
    /// All moves from the start FEN (opening moves first), in Ludex's notation.
    pub moves: Vec<String>,
    /// How many of `moves` came from the opening book.
    pub opening_plies: usize,
    /// One note per move the engines played (`moves` after the opening), in order.
    pub notes: Vec<MoveNote>,
    pub result: GameResult,
    pub time_control: String,
}

impl GameRecord {
    /// The score of engine `e` in this game (1, ½, 0), or `None` if it did not play.
    pub fn score_of(&self, e: usize) -> Option<f64> {
        let side = if self.engines[0] == e {
            Side::White
        } else if self.engines[1] == e {
            Side::Black
        } else {
            return None;
        };
        Some(match self.result.winner {
            None => 0.5,
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
        })
    }
}
