//! The manager side of the Gomocup (Piskvork) protocol (hosts.md §7): `START n`,
//! `INFO` keys, then `BEGIN`, `TURN x,y` or `BOARD ... DONE`. Lines end in CR LF.
//!
//! Coordinates: x is the file counted from the left (`a` = 0), y the row counted from
//! the top, so on 15x15 `7,7` is `h8` and `0,0` is `a15`.

use std::time::{Duration, Instant};

use super::engine_config::EngineConfig;
use super::player::{millis_between, Failure, GameSetup, MoveReply, MoveRequest, Player, UNTIMED_MOVE_LIMIT_MS};
use super::process::{EngineProcess, TrafficLog, WaitError};
use crate::core::Side;

const START_LIMIT: Duration = Duration::from_secs(15);
/// `time_left` when there is no game clock (the protocol's "unlimited").
const UNLIMITED: u64 = 2_147_483_647;

pub struct GomocupPlayer {
    config: EngineConfig,
    log: Option<TrafficLog>,
    process: Option<EngineProcess>,
    board: (usize, usize),
    /// How many moves of the game the brain has been told about or played.
    known: usize,
}

/// `h8` (file letter, rank from the bottom) to Gomocup `x,y` on a board `height` rows tall.
pub fn cell_to_xy(cell: &str, height: usize) -> Option<(usize, usize)> {
    let cell = cell.trim_start_matches("P@");
    let mut chars = cell.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let rank: usize = chars.as_str().parse().ok()?;
    if rank == 0 || rank > height {
        return None;
    }
    Some(((file as u8 - b'a') as usize, height - rank))
}

/// Gomocup `x,y` to a cell name, or `None` when it is not on the board.
pub fn xy_to_cell(text: &str, (width, height): (usize, usize)) -> Option<String> {
    let (x, y) = text.trim().split_once(',')?;
    let x: usize = x.trim().parse().ok()?;
    let y: usize = y.trim().parse().ok()?;
    if x >= width || y >= height || x >= 26 {
        return None;
    }
    Some(format!("{}{}", (b'a' + x as u8) as char, height - y))
}

/// A stone in Gomocup coordinates: `(x, y, whether it is the first player's)`.
pub type Stone = (usize, usize, bool);

/// The stones of a connect-game FEN (ranks from the top, `P` the first player's stones,
/// `p` the second's, runs of empty cells as numbers, pockets in brackets) as
/// `(x, y, first player's)` in Gomocup coordinates, and whether the first player is to
/// move; `None` when the FEN does not read that way.
pub fn fen_stones(fen: &str) -> Option<(Vec<Stone>, bool)> {
    let mut fields = fen.split_whitespace();
    let board = fields.next()?;
    let board = board.split('[').next()?;
    let first_to_move = match fields.next()? {
        "w" => true,
        "b" => false,
        _ => return None,
    };
    let mut stones = Vec::new();
    for (y, rank) in board.split('/').enumerate() {
        let mut x = 0;
        let mut run = 0;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            x += std::mem::take(&mut run);
            match c {
                'P' => stones.push((x, y, true)),
                'p' => stones.push((x, y, false)),
                _ => return None,
            }
            x += 1;
        }
    }
    Some((stones, first_to_move))
}

impl GomocupPlayer {
    pub fn new(config: EngineConfig, log: Option<TrafficLog>) -> GomocupPlayer {
        GomocupPlayer { config, log, process: None, board: (15, 15), known: 0 }
    }

    fn process(&mut self) -> Result<&mut EngineProcess, Failure> {
        self.process.as_mut().ok_or_else(|| Failure::Crash("not running".into()))
    }

    fn failed(&mut self, e: WaitError, awaited: &str) -> Failure {
        match e {
            WaitError::Timeout => Failure::Stall(format!("no {awaited}")),
            WaitError::Gone => {
                let status = self.process.as_mut().and_then(|p| p.exit_status());
                Failure::Crash(status.unwrap_or_else(|| "closed its output".into()))
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        let r = self.process()?.send(line);
        r.map_err(|e| self.failed(e, "input"))
    }

    /// The brain's next answer, skipping `MESSAGE`/`DEBUG` chatter.
    fn answer(&mut self, deadline: Instant) -> Result<(String, Instant), WaitError> {
        self.process.as_mut().ok_or(WaitError::Gone)?.wait_for(deadline, |l| {
            let first = l.split_whitespace().next().unwrap_or("");
            !first.is_empty() && first != "MESSAGE" && first != "DEBUG"
        })
    }
}

impl Player for GomocupPlayer {
    fn name(&self) -> &str {
        &self.config.name
    }

    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        let rule = match setup.variant.gomocup_rule() {
            Some(rule) => rule,
            None => return Err(Failure::Protocol(format!("Gomocup engines play gomoku only, not {}", setup.variant))),
        };
        self.board = setup.board.unwrap_or((15, 15));
        self.known = 0;
        let c = &self.config;
        let p = EngineProcess::spawn(&c.name, &c.cmd, &c.args, c.dir.as_deref(), self.log.clone(), "\r\n")
            .map_err(|e| Failure::Crash(format!("cannot start '{}': {e}", c.cmd)))?;
        self.process = Some(p);
        let (w, h) = self.board;
        if w == h {
            self.send(&format!("START {w}"))?;
        } else {
            self.send(&format!("RECTSTART {w},{h}"))?;
        }
        let r = self.answer(Instant::now() + START_LIMIT);
        let (line, _) = r.map_err(|e| self.failed(e, "OK to START"))?;
        if line.trim() != "OK" {
            return Err(Failure::Protocol(format!("START answered '{line}'")));
        }
        let tc = self.config.tc.clone();
        let turn = tc.movetime_ms.or(tc.base_ms).unwrap_or(0);
        self.send(&format!("INFO timeout_turn {turn}"))?;
        self.send(&format!("INFO timeout_match {}", tc.base_ms.unwrap_or(0)))?;
        self.send(&format!("INFO rule {rule}"))?;
        Ok(())
    }

    fn request_move(&mut self, req: &MoveRequest) -> Result<MoveReply, Failure> {
        let clock = req.clocks[req.side.index()];
        let left = if clock.tc.base_ms.is_some() { clock.left_ms } else { UNLIMITED };
        self.send(&format!("INFO time_left {left}"))?;
        let h = self.board.1;
        let xy = |m: &str| {
            cell_to_xy(m, h).map(|(x, y)| format!("{x},{y}")).ok_or_else(|| Failure::Protocol(format!("cannot send move {m}")))
        };
        let n = req.moves.len();
        // Stones of a start FEN (an EPD opening) exist only in the FEN: the brain must
        // get them in a BOARD before it can be sent a BEGIN or a TURN.
        let (setup_stones, setup_first_to_move) = match req.setup.start_fen.as_deref() {
            Some(fen) => {
                fen_stones(fen).ok_or_else(|| Failure::Protocol(format!("cannot send start position {fen}")))?
            }
            None => (Vec::new(), true),
        };
        let fresh = self.known == 0 && !setup_stones.is_empty();
        if n == 0 && !fresh {
            self.send("BEGIN")?;
        } else if !fresh && self.known == n - 1 {
            self.send(&format!("TURN {}", xy(&req.moves[n - 1])?))?;
        } else {
            // Openings and anything else the brain has not seen go as a whole board;
            // field 1 is the brain's own stone, 2 the opponent's: the start position's
            // stones, then the moves in the order they were played.
            self.send("BOARD")?;
            let own_first = req.side == Side::White;
            for &(x, y, first) in &setup_stones {
                let who = if first == own_first { 1 } else { 2 };
                self.send(&format!("{x},{y},{who}"))?;
            }
            for (i, m) in req.moves.iter().enumerate() {
                let by_first = (i % 2 == 0) == setup_first_to_move;
                let who = if by_first == own_first { 1 } else { 2 };
                self.send(&format!("{},{who}", xy(m)?))?;
            }
            self.send("DONE")?;
        }
        let limit = clock.allowance_ms().map(|a| a + req.margin_ms);
        let sent = Instant::now();
        let hard = sent + Duration::from_millis(limit.unwrap_or(UNTIMED_MOVE_LIMIT_MS) + req.grace_ms);
        let r = self.answer(hard);
        let (line, at) = r.map_err(|e| self.failed(e, "move"))?;
        self.known = n + 1;
        let trimmed = line.trim();
        let text = xy_to_cell(trimmed, self.board).unwrap_or_else(|| trimmed.to_string());
        Ok(MoveReply { text, elapsed_ms: millis_between(sent, at), eval: None })
    }

    fn quit(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.shutdown(Some("END"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_follow_gomocup() {
        assert_eq!(cell_to_xy("P@h8", 15), Some((7, 7)));
        assert_eq!(cell_to_xy("a15", 15), Some((0, 0)));
        assert_eq!(cell_to_xy("o1", 15), Some((14, 14)));
        assert_eq!(xy_to_cell("7,7", (15, 15)).as_deref(), Some("h8"));
        assert_eq!(xy_to_cell("0,0", (15, 15)).as_deref(), Some("a15"));
        assert_eq!(xy_to_cell("15,0", (15, 15)), None);
        assert_eq!(xy_to_cell("x", (15, 15)), None);
    }

    #[test]
    fn start_fen_stones_in_gomocup_coordinates() {
        let fen = "15/15/15/15/15/6P8/6p8/7P7/15/15/15/15/15/15/15[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP] b - - 0 1";
        let (stones, first_to_move) = fen_stones(fen).unwrap();
        assert!(!first_to_move);
        assert_eq!(stones, vec![(6, 5, true), (6, 6, false), (7, 7, true)]);
        let (stones, _) = fen_stones("3/1p1/P1P w - -").unwrap();
        assert_eq!(stones, vec![(1, 1, false), (0, 2, true), (2, 2, true)]);
        assert_eq!(fen_stones("15/x14 w - -"), None);
    }
}
