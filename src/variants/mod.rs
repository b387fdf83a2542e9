//! The only place that enumerates the variants: their UCI names, which position type
//! plays each one with which rules, and the dispatch enum the protocol edge matches
//! on once per command.

pub mod antichess;
pub mod chess;
pub mod chesslike;
pub mod connect;
pub(crate) mod group_starts;

use std::fmt;
use std::str::FromStr;

use crate::core::{setup, PositionError};
use antichess::{Antichess, AntichessRules};
use chess::{Chess, ChessRules};
use connect::{Connect, ConnectRules};

/// Every game Ludex plays. Chess960 is chess with `UCI_Chess960`, but it is its own
/// value here so that the rest of the code never has to combine two settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    Chess960,
    Antichess,
    Giveaway,
    Suicide,
    TicTacToe,
    Gomoku,
    GomokuFreestyle,
    /// Renju on 15x15 (Gomocup rule 4): the first player (White, `P`) may not play
    /// double threes, double fours or overlines; see `connect::renju`.
    Renju,
}

impl Variant {
    pub const ALL: [Variant; 9] = [
        Variant::Chess,
        Variant::Chess960,
        Variant::Antichess,
        Variant::Giveaway,
        Variant::Suicide,
        Variant::TicTacToe,
        Variant::Gomoku,
        Variant::GomokuFreestyle,
        Variant::Renju,
    ];

    /// The names advertised in the `UCI_Variant` combo, in order (hosts.md §1: Cute
    /// Chess's own board names; Chess960 is not listed, it comes as `UCI_Chess960`).
    pub const UCI_COMBO: [&'static str; 9] = [
        "chess",
        "standard",
        "antichess",
        "giveaway",
        "suicide",
        "tictactoe",
        "gomoku",
        "gomokufreestyle",
        "renju",
    ];

    /// The canonical name, as used in `UCI_Variant` and in PGN `Variant` tags.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Chess960 => "chess960",
            Variant::Antichess => "antichess",
            Variant::Giveaway => "giveaway",
            Variant::Suicide => "suicide",
            Variant::TicTacToe => "tictactoe",
            Variant::Gomoku => "gomoku",
            Variant::GomokuFreestyle => "gomokufreestyle",
            Variant::Renju => "renju",
        }
    }

    /// The PGN `Variant` tag (python-chess and Cute Chess names); `None` for standard
    /// chess, which has no tag.
    pub fn pgn_name(self) -> Option<&'static str> {
        match self {
            Variant::Chess => None,
            Variant::Chess960 => Some("Chess960"),
            Variant::Antichess => Some("Antichess"),
            Variant::Giveaway => Some("Giveaway"),
            Variant::Suicide => Some("Suicide"),
            Variant::TicTacToe => Some("tictactoe"),
            Variant::Gomoku => Some("gomoku"),
            Variant::GomokuFreestyle => Some("gomokufreestyle"),
            Variant::Renju => Some("renju"),
        }
    }

    /// The board of a connect game's start position (width, height); `None` for the
    /// chess family.
    pub fn connect_board(self) -> Option<(usize, usize)> {
        match self {
            Variant::TicTacToe => Some((3, 3)),
            Variant::Gomoku | Variant::GomokuFreestyle | Variant::Renju => Some((15, 15)),
            _ => None,
        }
    }

    /// The Gomocup `INFO rule` value that plays this variant, for the gomoku family.
    pub fn gomocup_rule(self) -> Option<u32> {
        match self {
            Variant::GomokuFreestyle => Some(0),
            Variant::Gomoku => Some(1),
            Variant::Renju => Some(4),
            _ => None,
        }
    }

    /// The variant selected by a `UCI_Variant` value combined with `UCI_Chess960`.
    /// Chess960 only changes chess; the other variants ignore the flag.
    pub fn with_chess960(self, chess960: bool) -> Variant {
        match (self, chess960) {
            (Variant::Chess, true) => Variant::Chess960,
            (Variant::Chess960, false) => Variant::Chess,
            (v, _) => v,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant '{}' (known: {})", self.0, Variant::UCI_COMBO.join(", "))
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Accepts the advertised names and the aliases hosts send anyway
    /// (`standard`, `chess960`, `fischerandom`), case-insensitively.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "chess" | "standard" | "normal" => Ok(Variant::Chess),
            "chess960" | "fischerandom" | "fischerrandom" | "frc" => Ok(Variant::Chess960),
            "antichess" | "anti" => Ok(Variant::Antichess),
            "giveaway" => Ok(Variant::Giveaway),
            "suicide" => Ok(Variant::Suicide),
            "tictactoe" | "tic-tac-toe" => Ok(Variant::TicTacToe),
            "gomoku" => Ok(Variant::Gomoku),
            "gomokufreestyle" => Ok(Variant::GomokuFreestyle),
            "renju" => Ok(Variant::Renju),
            _ => Err(UnknownVariant(s.trim().to_string())),
        }
    }
}

/// A position of whichever variant is being played. The protocol edge matches on it
/// once per command (through [`with_position!`]) and hands the concrete type to
/// generic code.
#[derive(Clone)]
pub enum AnyPosition {
    Chess(Chess),
    Antichess(Antichess),
    Connect(Connect),
}

/// Runs `$body` with `$p` bound to the concrete position inside an [`AnyPosition`]
/// (by value, `&` or `&mut`, as `$any` is given).
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::variants::AnyPosition::Chess($p) => $body,
            $crate::variants::AnyPosition::Antichess($p) => $body,
            $crate::variants::AnyPosition::Connect($p) => $body,
        }
    };
}
pub use with_position;

impl Variant {
    /// The variant's own start position (`position startpos`).
    pub fn startpos(self) -> AnyPosition {
        self.setup(None, &[]).expect("a start position with no moves always sets up")
    }

    /// The position `fen` (or the start position) followed by `moves`, under this
    /// variant's rules; all or nothing.
    pub fn setup(self, fen: Option<&str>, moves: &[String]) -> Result<AnyPosition, PositionError> {
        Ok(match self {
            Variant::Chess => AnyPosition::Chess(setup(ChessRules { chess960: false }, fen, moves)?),
            Variant::Chess960 => AnyPosition::Chess(setup(ChessRules { chess960: true }, fen, moves)?),
            Variant::Antichess => AnyPosition::Antichess(setup(AntichessRules::Antichess, fen, moves)?),
            Variant::Giveaway => AnyPosition::Antichess(setup(AntichessRules::Giveaway, fen, moves)?),
            Variant::Suicide => AnyPosition::Antichess(setup(AntichessRules::Suicide, fen, moves)?),
            Variant::TicTacToe => AnyPosition::Connect(setup(ConnectRules::tictactoe(), fen, moves)?),
            Variant::Gomoku => AnyPosition::Connect(setup(ConnectRules::gomoku(), fen, moves)?),
            Variant::GomokuFreestyle => AnyPosition::Connect(setup(ConnectRules::gomoku_freestyle(), fen, moves)?),
            Variant::Renju => AnyPosition::Connect(setup(ConnectRules::renju(), fen, moves)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>().unwrap(), v);
        }
        assert_eq!("Standard".parse::<Variant>().unwrap(), Variant::Chess);
        assert_eq!("fischerandom".parse::<Variant>().unwrap(), Variant::Chess960);
        assert!("crazyhouse".parse::<Variant>().is_err());
        assert_eq!(Variant::Chess.with_chess960(true), Variant::Chess960);
        assert_eq!(Variant::Gomoku.with_chess960(true), Variant::Gomoku);
    }
}
