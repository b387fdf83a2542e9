//! The UCI options Ludex advertises (hosts.md §1) and the typed settings they turn into.
//! The `option` lines are serialised by vampirc-uci, which does that part right.

use std::fmt;
use std::path::PathBuf;

use vampirc_uci::{Serializable, UciOptionConfig};

use crate::engine::strength::{MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::engine::{DEFAULT_CONTEMPT, MAX_CONTEMPT};
use crate::search::params;
use crate::variants::Variant;

pub const DEFAULT_HASH_MB: usize = 16;
pub const MAX_HASH_MB: usize = 65_536;
pub const MAX_THREADS: usize = 256;
pub const MAX_MULTIPV: usize = 256;
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 30;
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;
/// The `EvalFile` value that means the network built into the binary (the
/// usual way to write an empty string option).
pub const BUILT_IN_NETWORK: &str = "<empty>";

/// The `option name ...` lines sent in answer to `uci`, in a fixed order.
pub fn option_lines() -> Vec<String> {
    let spin = |name: &str, default: i64, min: i64, max: i64| UciOptionConfig::Spin {
        name: name.to_string(),
        default: Some(default),
        min: Some(min),
        max: Some(max),
    };
    let check = |name: &str| UciOptionConfig::Check { name: name.to_string(), default: Some(false) };
    let options = [
        UciOptionConfig::Combo {
            name: "UCI_Variant".to_string(),
            default: Some(Variant::UCI_COMBO[0].to_string()),
            var: Variant::UCI_COMBO.iter().map(|s| s.to_string()).collect(),
        },
        check("UCI_Chess960"),
        spin("Hash", DEFAULT_HASH_MB as i64, 1, MAX_HASH_MB as i64),
        UciOptionConfig::Button { name: "Clear Hash".to_string() },
        spin("Threads", 1, 1, MAX_THREADS as i64),
        spin("MultiPV", 1, 1, MAX_MULTIPV as i64),
        check("Ponder"),
        spin("Move Overhead", DEFAULT_MOVE_OVERHEAD_MS as i64, 0, MAX_MOVE_OVERHEAD_MS as i64),
        spin("Contempt", DEFAULT_CONTEMPT as i64, -MAX_CONTEMPT as i64, MAX_CONTEMPT as i64),
        check("UCI_AnalyseMode"),
        spin("Skill Level", MAX_SKILL as i64, 0, MAX_SKILL as i64),
        check("UCI_LimitStrength"),
        spin("UCI_Elo", MAX_ELO as i64, MIN_ELO as i64, MAX_ELO as i64),
        UciOptionConfig::String { name: "EvalFile".to_string(), default: Some(BUILT_IN_NETWORK.to_string()) },
    ];
    let mut lines: Vec<String> = options.iter().map(|o| o.serialize()).collect();
    if cfg!(feature = "spsa") {
        let tunables = params::ALL.iter().map(|t| spin(t.name, t.default as i64, t.min as i64, t.max as i64));
        lines.extend(tunables.map(|o| o.serialize()));
    }
    lines
}

/// A `setoption` understood and checked, ready for the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Setting {
    Variant(Variant),
    Chess960(bool),
    Hash(usize),
    ClearHash,
    Threads(usize),
    MultiPv(usize),
    Ponder(bool),
    MoveOverhead(u64),
    Contempt(i32),
    AnalyseMode(bool),
    SkillLevel(u32),
    LimitStrength(bool),
    Elo(u32),
    /// A chess network file (`ludex train-nnue` writes them), or `None` for the
    /// one built in.
    EvalFile(Option<PathBuf>),
    /// Standard `UCI_*` options hosts send to every engine (`UCI_Opponent`,
    /// `UCI_EngineAbout`, ...): accepted and ignored without a word.
    HostInformation,
    /// A search tunable (an index into `search::params::ALL`) and its new value;
    /// offered only by a build with `--features spsa`.
    Tunable(usize, i32),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    Unknown(String),
    BadValue { name: String, value: Option<String>, expected: String },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(n) => write!(f, "unknown option '{n}' (ignored)"),
            OptionError::BadValue { name, value: Some(v), expected } => {
                write!(f, "option '{name}': bad value '{v}', expected {expected} (unchanged)")
            }
            OptionError::BadValue { name, value: None, expected } => {
                write!(f, "option '{name}' needs a value: {expected} (unchanged)")
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Interprets `setoption name <name> [value <value>]`; names are case-insensitive.
pub fn parse_setting(name: &str, value: Option<&str>) -> Result<Setting, OptionError> {
    let key = name.trim().to_ascii_lowercase();
    let bad = |expected: &str| OptionError::BadValue {
        name: name.to_string(),
        value: value.map(str::to_string),
        expected: expected.to_string(),
    };
    let check = || match value.map(|v| v.to_ascii_lowercase()) {
        Some(v) if v == "true" => Ok(true),
        Some(v) if v == "false" => Ok(false),
        _ => Err(bad("true or false")),
    };
    let spin = |min: i64, max: i64| {
        let expected = format!("an integer from {min} to {max}");
        match value.map(str::parse::<i64>) {
            Some(Ok(v)) if (min..=max).contains(&v) => Ok(v),
            _ => Err(bad(&expected)),
        }
    };
    Ok(match key.as_str() {
        "uci_variant" => match value.map(str::parse::<Variant>) {
            Some(Ok(v)) => Setting::Variant(v),
            _ => return Err(bad(&format!("one of {}", Variant::UCI_COMBO.join(", ")))),
        },
        "uci_chess960" => Setting::Chess960(check()?),
        "hash" => Setting::Hash(spin(1, MAX_HASH_MB as i64)? as usize),
        "clear hash" => Setting::ClearHash,
        "threads" => Setting::Threads(spin(1, MAX_THREADS as i64)? as usize),
        "multipv" => Setting::MultiPv(spin(1, MAX_MULTIPV as i64)? as usize),
        "ponder" => Setting::Ponder(check()?),
        "move overhead" => Setting::MoveOverhead(spin(0, MAX_MOVE_OVERHEAD_MS as i64)? as u64),
        "contempt" => Setting::Contempt(spin(-MAX_CONTEMPT as i64, MAX_CONTEMPT as i64)? as i32),
        "uci_analysemode" => Setting::AnalyseMode(check()?),
        "skill level" => Setting::SkillLevel(spin(0, MAX_SKILL as i64)? as u32),
        "uci_limitstrength" => Setting::LimitStrength(check()?),
        "uci_elo" => Setting::Elo(spin(MIN_ELO as i64, MAX_ELO as i64)? as u32),
        "evalfile" => Setting::EvalFile(match value.map(str::trim) {
            None | Some("") | Some(BUILT_IN_NETWORK) => None,
            Some(path) => Some(PathBuf::from(path)),
        }),
        k if k.starts_with("uci_") => Setting::HostInformation,
        _ => match params::find(&key).filter(|_| cfg!(feature = "spsa")) {
            Some(i) => {
                let t = params::ALL[i];
                let range = format!("an integer from {} to {}", t.min, t.max);
                match value.map(str::parse::<i32>) {
                    Some(Ok(v)) if (t.min..=t.max).contains(&v) => Setting::Tunable(i, v),
                    _ => return Err(bad(&range)),
                }
            }
            None => return Err(OptionError::Unknown(name.to_string())),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advertised_lines() {
        let lines = option_lines();
        assert_eq!(
            lines[0],
            "option name UCI_Variant type combo default chess var chess var standard var antichess var giveaway \
             var suicide var tictactoe var gomoku var gomokufreestyle var renju"
        );
        assert_eq!(lines[1], "option name UCI_Chess960 type check default false");
        assert!(lines.contains(&"option name Move Overhead type spin default 30 min 0 max 5000".to_string()));
        let contempt = format!("option name Contempt type spin default {DEFAULT_CONTEMPT} min -100 max 100");
        assert!(lines.contains(&contempt), "{lines:?}");
        assert!(lines.contains(&"option name Clear Hash type button".to_string()));
        assert!(lines.contains(&"option name Skill Level type spin default 20 min 0 max 20".to_string()));
        assert!(lines.contains(&"option name UCI_LimitStrength type check default false".to_string()));
        assert!(lines.contains(&"option name UCI_Elo type spin default 3190 min 1320 max 3190".to_string()));
        assert!(lines.contains(&"option name EvalFile type string default <empty>".to_string()));
    }

    #[test]
    fn settings() {
        assert_eq!(parse_setting("uci_variant", Some("Gomoku")).unwrap(), Setting::Variant(Variant::Gomoku));
        assert_eq!(parse_setting("UCI_Variant", Some("fischerandom")).unwrap(), Setting::Variant(Variant::Chess960));
        assert_eq!(parse_setting("Hash", Some("64")).unwrap(), Setting::Hash(64));
        assert!(parse_setting("Hash", Some("0")).is_err());
        assert!(parse_setting("Hash", Some("lots")).is_err());
        assert!(parse_setting("Threads", None).is_err());
        assert_eq!(parse_setting("UCI_Chess960", Some("TRUE")).unwrap(), Setting::Chess960(true));
        assert_eq!(parse_setting("UCI_Opponent", Some("none none computer x")).unwrap(), Setting::HostInformation);
        assert_eq!(parse_setting("Skill", Some("3")).unwrap_err(), OptionError::Unknown("Skill".into()));
        assert_eq!(parse_setting("skill level", Some("3")).unwrap(), Setting::SkillLevel(3));
        assert!(parse_setting("Skill Level", Some("21")).is_err());
        assert_eq!(parse_setting("UCI_LimitStrength", Some("true")).unwrap(), Setting::LimitStrength(true));
        assert_eq!(parse_setting("UCI_Elo", Some("1500")).unwrap(), Setting::Elo(1500));
        assert!(parse_setting("UCI_Elo", Some("1000")).is_err());
        assert_eq!(parse_setting("contempt", Some("-20")).unwrap(), Setting::Contempt(-20));
        assert_eq!(parse_setting("Contempt", Some("100")).unwrap(), Setting::Contempt(100));
        for bad in [None, Some("101"), Some("-101"), Some("+-3"), Some("a pawn")] {
            assert!(parse_setting("Contempt", bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_setting("evalfile", Some("nets/a b.nnue")).unwrap(), Setting::EvalFile(Some("nets/a b.nnue".into())));
        for built_in in [None, Some(""), Some("<empty>")] {
            assert_eq!(parse_setting("EvalFile", built_in).unwrap(), Setting::EvalFile(None), "{built_in:?}");
        }
    }
}
