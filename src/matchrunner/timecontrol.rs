//! Time controls as cutechess-cli spells them, and the clock a referee keeps for
//! each side. All times are milliseconds.

use std::fmt;

/// How long a side may think: a clock (`[moves/]base[+inc]`), a fixed time per move
/// (`st`), and/or a fixed node count or depth. Node and depth limits are passed to the
/// engine; only the clock and `st` are enforced by the referee.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period (`40/60`: 40 moves in 60 s, then the clock is refilled).
    pub moves: Option<u32>,
    /// Time per period; `None` with no `st` means no clock at all (`tc=inf`).
    pub base_ms: Option<u64>,
    pub inc_ms: u64,
    /// Fixed time per move (`st=2`): sent as `go movetime`, enforced per move.
    pub movetime_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControlError(pub String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad time control: {}", self.0)
    }
}

impl std::error::Error for TimeControlError {}

/// Seconds as `1.5`, or `m:ss` as in cutechess (`1:30`), to milliseconds.
pub fn parse_seconds(text: &str) -> Result<u64, TimeControlError> {
    let bad = || TimeControlError(format!("'{text}' is not a time in seconds"));
    let secs: f64 = match text.split_once(':') {
        Some((m, s)) => {
            let m: f64 = m.parse().map_err(|_| bad())?;
            let s: f64 = s.parse().map_err(|_| bad())?;
            m * 60.0 + s
        }
        None => text.parse().map_err(|_| bad())?,
    };
    if !secs.is_finite() || !(0.0..=1e9).contains(&secs) {
        return Err(bad());
    }
    Ok((secs * 1000.0).round() as u64)
}

/// Milliseconds as seconds, in as few digits as they need: `10`, `0.1`, `0.512`
/// (PGN tags and move comments).
pub fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        format!("{}", ms as f64 / 1000.0)
    }
}

impl TimeControl {
    /// Applies one `key=value` setting (`tc`, `st`, `nodes`, `depth`).
    /// Returns `Ok(false)` when the key is not a time-control key.
    pub fn apply(&mut self, key: &str, value: &str) -> Result<bool, TimeControlError> {
        match key {
            "tc" => self.set_clock(value)?,
            "st" => self.movetime_ms = Some(parse_seconds(value)?),
            "nodes" => {
                self.nodes = Some(value.parse().map_err(|_| TimeControlError(format!("nodes={value}")))?)
            }
            "depth" => {
                self.depth = Some(value.parse().map_err(|_| TimeControlError(format!("depth={value}")))?)
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `[moves/]base[+inc]` or `inf`.
    fn set_clock(&mut self, text: &str) -> Result<(), TimeControlError> {
        if text == "inf" || text == "infinite" {
            self.moves = None;
            self.base_ms = None;
            self.inc_ms = 0;
            return Ok(());
        }
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => {
                let m: u32 = m.parse().map_err(|_| TimeControlError(format!("'{m}' moves in '{text}'")))?;
                if m == 0 {
                    return Err(TimeControlError(format!("zero moves per period in '{text}'")));
                }
                (Some(m), r)
            }
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (parse_seconds(b)?, parse_seconds(i)?),
            None => (parse_seconds(rest)?, 0),
        };
        if base == 0 && inc == 0 {
            return Err(TimeControlError(format!("'{text}' gives no time at all")));
        }
        self.moves = moves;
        self.base_ms = Some(base);
        self.inc_ms = inc;
        Ok(())
    }

    /// Whether the referee has any time limit to enforce.
    pub fn is_timed(&self) -> bool {
        self.base_ms.is_some() || self.movetime_ms.is_some()
    }

    /// The PGN `TimeControl` tag (`40/60`, `10+0.1`, `st=1` as `1`, `-` when untimed).
    pub fn pgn_tag(&self) -> String {
        if let Some(base) = self.base_ms {
            let mut s = match self.moves {
                Some(m) => format!("{m}/{}", seconds(base)),
                None => seconds(base),
            };
            if self.inc_ms > 0 {
                s.push_str(&format!("+{}", seconds(self.inc_ms)));
            }
            s
        } else if let Some(st) = self.movetime_ms {
            format!("{}/move", seconds(st))
        } else {
            "-".to_string()
        }
    }
}

/// One side's clock in a game.
#[derive(Debug, Clone)]
pub struct Clock {
    pub tc: TimeControl,
    /// Time left on the clock (only meaningful when `tc.base_ms` is set).
    pub left_ms: u64,
    /// Moves made by this side so far.
    pub moves_made: u32,
}

impl Clock {
    pub fn new(tc: &TimeControl) -> Clock {
        Clock { tc: tc.clone(), left_ms: tc.base_ms.unwrap_or(0), moves_made: 0 }
    }

    /// Moves to go until the next time control (`movestogo`), for `moves/base` clocks.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.tc.moves.map(|m| m - self.moves_made % m)
    }

    /// How long this move may take before it loses on time (without the margin),
    /// or `None` when nothing limits it.
    pub fn allowance_ms(&self) -> Option<u64> {
        match (self.tc.base_ms, self.tc.movetime_ms) {
            (Some(_), Some(st)) => Some(self.left_ms.min(st)),
            (Some(_), None) => Some(self.left_ms),
            (None, Some(st)) => Some(st),
            (None, None) => None,
        }
    }

    /// Charges `used_ms` for a move made in time: adds the increment and refills
    /// the clock at the end of a `moves/base` period.
    pub fn charge(&mut self, used_ms: u64) {
        self.moves_made += 1;
        if let Some(base) = self.tc.base_ms {
            self.left_ms = self.left_ms.saturating_sub(used_ms) + self.tc.inc_ms;
            if let Some(m) = self.tc.moves {
                if self.moves_made.is_multiple_of(m) {
                    self.left_ms += base;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(s: &str) -> TimeControl {
        let mut t = TimeControl::default();
        t.apply("tc", s).unwrap();
        t
    }

    #[test]
    fn parses_cutechess_forms() {
        let t = tc("10+0.1");
        assert_eq!((t.moves, t.base_ms, t.inc_ms), (None, Some(10_000), 100));
        let t = tc("40/60");
        assert_eq!((t.moves, t.base_ms, t.inc_ms), (Some(40), Some(60_000), 0));
        let t = tc("40/1:30+2");
        assert_eq!((t.moves, t.base_ms, t.inc_ms), (Some(40), Some(90_000), 2000));
        assert!(!tc("inf").is_timed());
        assert!(TimeControl::default().apply("tc", "0").is_err());
        assert!(TimeControl::default().apply("tc", "x+1").is_err());
        assert!(TimeControl::default().apply("tc", "0/10").is_err());
        let mut t = TimeControl::default();
        assert!(t.apply("st", "2").unwrap());
        assert_eq!(t.movetime_ms, Some(2000));
        assert!(!t.apply("foo", "1").unwrap());
        assert_eq!(tc("10+0.1").pgn_tag(), "10+0.1");
        assert_eq!(tc("40/60").pgn_tag(), "40/60");
    }

    #[test]
    fn clock_adds_increment_and_refills_periods() {
        let mut c = Clock::new(&tc("10+0.5"));
        c.charge(3000);
        assert_eq!(c.left_ms, 7500);
        let mut c = Clock::new(&tc("2/10"));
        assert_eq!(c.moves_to_go(), Some(2));
        c.charge(1000);
        assert_eq!(c.moves_to_go(), Some(1));
        c.charge(1000);
        assert_eq!(c.left_ms, 18_000);
        assert_eq!(c.moves_to_go(), Some(2));
    }
}
