//! Turning one UCI input line into a typed command. Only translation happens here;
//! what a command means is the engine's business.

use std::fmt;

use super::go::{parse_go, GoError, GoParams};

/// Where `position` starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    SetOption { name: String, value: Option<String> },
    UciNewGame,
    Position { start: Start, moves: Vec<String> },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// `d`: show the board, FEN and hash.
    Display,
    /// `eval`: the static evaluation broken into its terms.
    Eval,
    /// `bench [depth]`: the fixed search signature.
    Bench(Option<u32>),
    Help,
    /// Recognised commands that need no answer (`register`).
    Ignored,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    Unknown(String),
    Go(GoError),
    /// `position` without `startpos`/`fen`, or an empty FEN.
    BadPosition(String),
    BadSetOption(String),
    BadArgument { command: String, token: String },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(t) => write!(f, "unknown command '{t}' (type 'help' for the list)"),
            CommandError::Go(e) => e.fmt(f),
            CommandError::BadPosition(m) => write!(f, "position: {m}"),
            CommandError::BadSetOption(m) => write!(f, "setoption: {m}"),
            CommandError::BadArgument { command, token } => write!(f, "{command}: bad argument '{token}'"),
        }
    }
}

impl std::error::Error for CommandError {}

/// Parses one line. Returns `Ok(None)` for a blank line. Whitespace between tokens may
/// be anything (UCI says so); the command word is matched exactly as UCI spells it.
pub fn parse_line(line: &str) -> Result<Option<Command>, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&word, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let cmd = match word {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::UciNewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" | "exit" => Command::Quit,
        "debug" => Command::Debug(rest.first() != Some(&"off")),
        "register" => Command::Ignored,
        "setoption" => parse_setoption(line)?,
        "position" => parse_position(rest)?,
        "go" => Command::Go(parse_go(rest.iter().copied()).map_err(CommandError::Go)?),
        "d" | "display" => Command::Display,
        "eval" => Command::Eval,
        "help" => Command::Help,
        "bench" => match rest.first() {
            None => Command::Bench(None),
            Some(t) => match t.parse::<u32>() {
                Ok(d) if d > 0 => Command::Bench(Some(d)),
                _ => return Err(CommandError::BadArgument { command: "bench".into(), token: t.to_string() }),
            },
        },
        other => return Err(CommandError::Unknown(other.to_string())),
    };
    Ok(Some(cmd))
}

/// `setoption name <name...> [value <value...>]`. vampirc-uci parses this form
/// correctly (hosts.md §6), so it does the work; names may contain spaces
/// (`Move Overhead`), values are trimmed. A panic inside the parser is contained.
fn parse_setoption(line: &str) -> Result<Command, CommandError> {
    use vampirc_uci::UciMessage;
    let normalised = line.split_whitespace().collect::<Vec<_>>().join(" ");
    let parsed = std::panic::catch_unwind(|| vampirc_uci::parse_one(&normalised));
    match parsed {
        Ok(UciMessage::SetOption { name, value }) if !name.trim().is_empty() => Ok(Command::SetOption {
            name: name.trim().to_string(),
            value: value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()),
        }),
        _ => Err(CommandError::BadSetOption(format!(
            "expected 'setoption name <name> [value <value>]', got '{}'",
            normalised
        ))),
    }
}

/// `position (startpos | fen <fen...>) [moves <move>...]`. Hand-written: vampirc-uci
/// silently truncates move lists it does not understand (drops, `e7e8k`, gomoku squares).
fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    let moves_at = rest.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], rest[i + 1..].iter().map(|s| s.to_string()).collect()),
        None => (rest, Vec::new()),
    };
    let start = match head.split_first() {
        Some((&"startpos", extra)) => {
            if let Some(t) = extra.first() {
                return Err(CommandError::BadPosition(format!("unexpected '{t}' after startpos")));
            }
            Start::StartPos
        }
        Some((&"fen", fen)) => {
            if fen.is_empty() {
                return Err(CommandError::BadPosition("'fen' needs a FEN".into()));
            }
            Start::Fen(fen.join(" "))
        }
        Some((t, _)) => {
            return Err(CommandError::BadPosition(format!("expected 'startpos' or 'fen', got '{t}'")))
        }
        None => return Err(CommandError::BadPosition("expected 'startpos' or 'fen'".into())),
    };
    Ok(Command::Position { start, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Command {
        parse_line(s).unwrap().unwrap()
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse("uci"), Command::Uci);
        assert_eq!(parse("  isready  "), Command::IsReady);
        assert_eq!(parse("debug on"), Command::Debug(true));
        assert_eq!(parse_line("   ").unwrap(), None);
        assert_eq!(parse_line("frob").unwrap_err(), CommandError::Unknown("frob".into()));
    }

    #[test]
    fn setoption_forms() {
        assert_eq!(
            parse("setoption name UCI_Variant value gomoku "),
            Command::SetOption { name: "UCI_Variant".into(), value: Some("gomoku".into()) }
        );
        assert_eq!(
            parse("setoption  name Move Overhead value 100"),
            Command::SetOption { name: "Move Overhead".into(), value: Some("100".into()) }
        );
        assert_eq!(parse("setoption name Clear Hash"), Command::SetOption { name: "Clear Hash".into(), value: None });
        assert!(parse_line("setoption").is_err());
        assert!(parse_line("setoption value 3").is_err());
    }

    #[test]
    fn position_forms() {
        assert_eq!(parse("position startpos"), Command::Position { start: Start::StartPos, moves: vec![] });
        assert_eq!(
            parse("position startpos moves  e2e4   P@h8 e7e8k"),
            Command::Position { start: Start::StartPos, moves: vec!["e2e4".into(), "P@h8".into(), "e7e8k".into()] }
        );
        assert_eq!(
            parse("position fen 3/3/3[PPPPPpppp] w - - 0 1 moves P@b2"),
            Command::Position { start: Start::Fen("3/3/3[PPPPPpppp] w - - 0 1".into()), moves: vec!["P@b2".into()] }
        );
        assert!(parse_line("position").is_err());
        assert!(parse_line("position fen").is_err());
        assert!(parse_line("position fen moves e2e4").is_err());
        assert!(parse_line("position startpos e2e4").is_err());
        assert!(parse_line("position banana").is_err());
    }

    #[test]
    fn go_and_bench() {
        assert_eq!(parse("go perft 3"), Command::Go(GoParams { perft: Some(3), ..Default::default() }));
        assert_eq!(parse("go infinite "), Command::Go(GoParams { infinite: true, ..Default::default() }));
        assert_eq!(parse("bench"), Command::Bench(None));
        assert_eq!(parse("bench 7"), Command::Bench(Some(7)));
        assert!(parse_line("bench x").is_err());
    }
}
