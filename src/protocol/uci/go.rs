//! Parsing the arguments of `go`. Hand-written because vampirc-uci panics on trailing
//! whitespace and large numbers, drops `ponder` next to clock values and does not
//! know `perft` (hosts.md §6).

use std::fmt;

/// Everything `go` can ask for. Times are milliseconds; absent means "not given".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    pub perft: Option<u32>,
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Move texts after `searchmoves`, checked against the position by the engine.
    pub searchmoves: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GoError {
    /// A keyword that needs a number was followed by something else (or nothing).
    BadNumber { key: String, token: Option<String> },
}

impl fmt::Display for GoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoError::BadNumber { key, token: Some(t) } => write!(f, "go: '{t}' is not a valid value for {key}"),
            GoError::BadNumber { key, token: None } => write!(f, "go: {key} needs a value"),
        }
    }
}

const KEYWORDS: [&str; 14] = [
    "searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate",
    "movetime", "infinite", "perft", "go",
];

/// Parses the tokens after `go`. Unknown tokens are skipped (UCI: "unknown tokens
/// are ignored"); negative clock values (some hosts send them once flagged) count as 0.
pub fn parse_go<'a>(tokens: impl IntoIterator<Item = &'a str>) -> Result<GoParams, GoError> {
    let tokens: Vec<&str> = tokens.into_iter().collect();
    let mut p = GoParams::default();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        i += 1;
        match key {
            "infinite" => p.infinite = true,
            "ponder" => p.ponder = true,
            "searchmoves" => {
                while i < tokens.len() && !KEYWORDS.contains(&tokens[i]) {
                    p.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                let v = time_value(key, tokens.get(i).copied())?;
                i += 1;
                match key {
                    "wtime" => p.wtime = Some(v),
                    "btime" => p.btime = Some(v),
                    "winc" => p.winc = Some(v),
                    "binc" => p.binc = Some(v),
                    _ => p.movetime = Some(v),
                }
            }
            "movestogo" | "depth" | "mate" | "perft" => {
                let v = count_value(key, tokens.get(i).copied())?;
                i += 1;
                let v = u32::try_from(v).unwrap_or(u32::MAX);
                match key {
                    "movestogo" => p.movestogo = Some(v),
                    "depth" => p.depth = Some(v),
                    "mate" => p.mate = Some(v),
                    _ => p.perft = Some(v),
                }
            }
            "nodes" => {
                p.nodes = Some(count_value(key, tokens.get(i).copied())?);
                i += 1;
            }
            _ => log::debug!("go: ignoring unknown token '{key}'"),
        }
    }
    Ok(p)
}

/// A clock value: an integer, negative values clamped to 0.
fn time_value(key: &str, token: Option<&str>) -> Result<u64, GoError> {
    let bad = || GoError::BadNumber { key: key.to_string(), token: token.map(str::to_string) };
    let t = token.ok_or_else(bad)?;
    match t.parse::<i128>() {
        Ok(v) => Ok(v.clamp(0, u64::MAX as i128) as u64),
        Err(_) => Err(bad()),
    }
}

/// A count (depth, nodes, ...): a non-negative integer; huge values saturate.
fn count_value(key: &str, token: Option<&str>) -> Result<u64, GoError> {
    let bad = || GoError::BadNumber { key: key.to_string(), token: token.map(str::to_string) };
    let t = token.ok_or_else(bad)?;
    match t.parse::<i128>() {
        Ok(v) if v >= 0 => Ok(v.min(u64::MAX as i128) as u64),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(s: &str) -> Result<GoParams, GoError> {
        parse_go(s.split_whitespace())
    }

    #[test]
    fn clock_and_flags() {
        let p = go("ponder wtime 10100 btime -5 winc 100 binc 100 movestogo 40").unwrap();
        assert!(p.ponder);
        assert_eq!(p.wtime, Some(10100));
        assert_eq!(p.btime, Some(0));
        assert_eq!(p.movestogo, Some(40));
        assert!(!p.infinite);
    }

    #[test]
    fn limits_and_large_numbers() {
        let p = go("depth 300 nodes 99999999999999999999999 mate 256 movetime 1000 infinite").unwrap();
        assert_eq!(p.depth, Some(300));
        assert_eq!(p.nodes, Some(u64::MAX));
        assert_eq!(p.mate, Some(256));
        assert_eq!(p.movetime, Some(1000));
        assert!(p.infinite);
    }

    #[test]
    fn searchmoves_stop_at_keywords() {
        let p = go("searchmoves e2e4 d2d4 P@h8 depth 5").unwrap();
        assert_eq!(p.searchmoves, vec!["e2e4", "d2d4", "P@h8"]);
        assert_eq!(p.depth, Some(5));
    }

    #[test]
    fn perft_and_errors() {
        assert_eq!(go("perft 4").unwrap().perft, Some(4));
        assert_eq!(go("perft").unwrap_err(), GoError::BadNumber { key: "perft".into(), token: None });
        assert!(go("depth x").is_err());
        assert!(go("depth -1").is_err());
        assert_eq!(go("frobnicate 3 depth 2").unwrap().depth, Some(2));
        assert_eq!(go("").unwrap(), GoParams::default());
    }
}
