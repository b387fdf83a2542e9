//! The Gomocup (Piskvork) brain protocol, hosts.md §7. Coordinates are `x,y` from the
//! top-left corner, zero-based: `x` is the file (`a` = 0) and `y` counts rows from the
//! top, so the cell is the square with file `x` and rank `height - y` (on 15x15,
//! `7,7` is `h8`). The adapter keeps the stones the manager told it about, turns them
//! into a FEN for the engine when it must move, and answers with `x,y`. Bad input gets
//! `ERROR ...`, unknown commands `UNKNOWN ...`; neither ends the session.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::engine::strength::{MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::engine::{Engine, SearchSink};
use crate::protocol::output::Output;
use crate::search::{CurrMove, Limits, Report, ReportScore};
use crate::variants::Variant;

/// Gomocup boards: the spec requires 20; Ludex plays 5 to 22.
const MIN_BOARD: usize = 5;
const MAX_BOARD: usize = 22;

/// Gomocup's "unlimited" `time_left`.
const UNLIMITED: u64 = 2_147_483_647;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owner {
    Me,
    Opponent,
}

/// What the manager told us about time and rules (`INFO`).
#[derive(Debug, Clone)]
struct Info {
    timeout_turn: u64,
    timeout_match: u64,
    time_left: u64,
    rule: u32,
}

impl Default for Info {
    fn default() -> Self {
        // Gomocup's own defaults: 30 s a move, 180 s a game, freestyle.
        Info { timeout_turn: 30_000, timeout_match: 180_000, time_left: 180_000, rule: 0 }
    }
}

pub struct GomocupSession {
    engine: Engine,
    out: Output,
    size: Option<(usize, usize)>,
    stones: Vec<(usize, usize, Owner)>,
    info: Info,
    /// Lines of a `BOARD` block being read, until `DONE`.
    board_block: Option<Vec<(usize, usize, Owner)>>,
    /// When this game started: the process start for the first game (Gomocup
    /// counts match time from there), then each `START`, `RECTSTART` or `RESTART`
    /// (a manager such as c-gomoku-cli plays many games with one process).
    game_started: Instant,
    /// When the manager last sent `INFO time_left` in this game: its account of our
    /// match time, which only our own thinking has used since.
    time_left_at: Option<Instant>,
    /// Our last answer, set by the search thread just before it prints it; it joins
    /// the stones before the next command is handled.
    answer: Arc<Mutex<Option<(usize, usize)>>>,
    /// Set to cancel the think in progress: its search ends without an answer.
    cancel: Arc<AtomicBool>,
}

impl GomocupSession {
    pub fn new(out: Output, started: Instant) -> Self {
        GomocupSession {
            engine: Engine::new(),
            out,
            size: None,
            stones: Vec::new(),
            info: Info::default(),
            board_block: None,
            game_started: started,
            time_left_at: None,
            answer: Arc::new(Mutex::new(None)),
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    pub fn run(&mut self, input: impl BufRead) {
        for line in crate::protocol::input::lines(input) {
            if !self.handle_input(&line) {
                // `END`: a think still running must not answer.
                self.cancel_think();
                return;
            }
        }
        // End of input: a think still running answers at once, as a search does
        // when a UCI host closes the pipe.
        self.engine.stop_and_wait();
    }

    /// Handles one line as read from the host (see `InputLine::usable`); `false`
    /// ends the session.
    pub fn handle_input(&mut self, line: &crate::protocol::input::InputLine) -> bool {
        match line.usable() {
            Ok(text) => self.handle_line(text),
            Err(e) => {
                self.error(&e);
                true
            }
        }
    }

    /// Handles one line; `false` ends the session (`END`).
    pub fn handle_line(&mut self, line: &str) -> bool {
        log::debug!("<< {line}");
        self.collect_answer();
        let line = line.trim();
        if line.is_empty() {
            return true;
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if self.board_block.is_some() {
            // Stone lines start with a digit. A command word ends the block: `END`
            // ends the brain wherever it comes; anything else abandons the block
            // (said once) and is then obeyed as usual.
            if !word.starts_with(|c: char| c.is_ascii_alphabetic())
                || word.eq_ignore_ascii_case("DONE")
            {
                self.board_line(line);
                return true;
            }
            self.board_block = None;
            if word != "END" {
                self.error(&format!(
                    "BOARD block abandoned at '{}' (no DONE)",
                    quoted(word)
                ));
            }
        }
        match word.to_ascii_uppercase().as_str() {
            "START" => self.start(rest),
            "RECTSTART" => self.rect_start(rest),
            "RESTART" => match self.size {
                Some(_) => {
                    self.cancel_think();
                    self.stones.clear();
                    self.new_game_clock();
                    self.engine.new_game();
                    self.out.line("OK");
                }
                None => self.error("RESTART before START"),
            },
            "INFO" => self.info(rest),
            "BEGIN" => {
                self.cancel_think();
                if self.ready_to_play() {
                    self.stones.clear();
                    self.think();
                }
            }
            "TURN" => self.turn(rest),
            "BOARD" => {
                self.cancel_think();
                if self.ready_to_play() {
                    self.board_block = Some(Vec::new());
                }
            }
            "TAKEBACK" => self.takeback(rest),
            "ABOUT" => self.out.line(&format!(
                "name=\"Ludex\", version=\"{}\", author=\"the Ludex developers\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            )),
            "END" => return false,
            _ => self
                .out
                .line(&format!("UNKNOWN command '{}'", quoted(word))),
        }
        true
    }

    /// Records the move we answered with, once the search that chose it is over.
    fn collect_answer(&mut self) {
        if let Some((x, y)) = self.take_answer() {
            self.stones.push((x, y, Owner::Me));
        }
    }

    fn take_answer(&self) -> Option<(usize, usize)> {
        match self.answer.lock() {
            Ok(mut a) => a.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        }
    }

    /// Ends the think in progress, if any, without an answer: the board it was asked
    /// on is being replaced (`START`, `RESTART`, `BEGIN`, `BOARD`), changed
    /// (`TAKEBACK`) or left (`END`), and a manager would read a late move as one in
    /// the new game. An answer printed just before the cancel arrived is not
    /// recorded either: the board it belongs to is gone.
    fn cancel_think(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
        self.engine.stop_and_wait();
        self.take_answer();
    }

    /// Waits for the think in progress to answer (a `TURN` while we think) and
    /// records its move, so that the stones stay in turn order.
    fn finish_think(&mut self) {
        self.engine.stop_and_wait();
        self.collect_answer();
    }

    /// One `ERROR` line. Input echoed in it is cut (see [`quoted`]): a manager's
    /// log should not get back a megabyte it sent by mistake.
    fn error(&self, message: &str) {
        self.out.line(&format!("ERROR {message}"));
    }

    fn ready_to_play(&mut self) -> bool {
        if self.size.is_none() {
            self.error("no board: send START first");
            return false;
        }
        self.finish_think();
        true
    }

    fn start(&mut self, arg: &str) {
        match arg.parse::<usize>() {
            Ok(n) => self.new_board(n, n),
            Err(_) => self.error(&format!("START needs a board size, got '{}'", quoted(arg))),
        }
    }

    fn rect_start(&mut self, arg: &str) {
        let parsed = arg.split_once(',').and_then(|(w, h)| Some((w.trim().parse().ok()?, h.trim().parse().ok()?)));
        match parsed {
            Some((w, h)) => self.new_board(w, h),
            None => self.error(&format!(
                "RECTSTART needs width,height, got '{}'",
                quoted(arg)
            )),
        }
    }

    fn new_board(&mut self, w: usize, h: usize) {
        if !(MIN_BOARD..=MAX_BOARD).contains(&w) || !(MIN_BOARD..=MAX_BOARD).contains(&h) {
            self.error(&format!("unsupported board {w}x{h}: Ludex plays {MIN_BOARD} to {MAX_BOARD}"));
            return;
        }
        self.cancel_think();
        self.size = Some((w, h));
        self.stones.clear();
        self.engine.set_variant(self.variant());
        self.new_game_clock();
        self.engine.new_game();
        self.out.line("OK");
    }

    /// The game Gomocup's `rule` selects: bit 4 is renju, bit 1 exactly five, 0
    /// freestyle. Caro (8) and continuous games (2) are not played: exact five is
    /// the nearest rule.
    fn variant(&self) -> Variant {
        if self.info.rule & 4 != 0 {
            Variant::Renju
        } else if self.info.rule == 0 {
            Variant::GomokuFreestyle
        } else {
            Variant::Gomoku
        }
    }

    fn info(&mut self, rest: &str) {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        let number = value.parse::<i64>().ok().map(|v| v.max(0) as u64);
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Some(v)) => self.info.timeout_turn = v,
            ("timeout_match", Some(v)) => self.info.timeout_match = v,
            ("time_left", Some(v)) => {
                self.info.time_left = v;
                self.time_left_at = Some(Instant::now());
            }
            ("max_memory", Some(v))
                if v > 0 => {
                    // Half the allowance for the table, the rest for everything else.
                    let mb = ((v / 2) >> 20).clamp(1, 1024) as usize;
                    if let Err(e) = self.engine.update_settings(|s| s.hash_mb = mb) {
                        self.out.line(&format!("MESSAGE {e}"));
                    }
                }
            ("rule", Some(v)) => {
                self.info.rule = v as u32;
                if v & !5 != 0 {
                    let name = self.variant().name();
                    self.out.line(&format!("MESSAGE rule {v}: only 0, 1 and 4 are played; playing {name}"));
                }
            }
            // Ludex's own keys for playing below full strength (protocol.md): the
            // UCI `Skill Level` and `UCI_LimitStrength` + `UCI_Elo`.
            ("skill_level", Some(v)) => {
                let skill = (v as u32).min(MAX_SKILL);
                let _ = self.engine.update_settings(|s| s.strength.skill = skill);
            }
            ("elo", Some(v)) => {
                let elo = (v.min(u64::from(u32::MAX)) as u32).clamp(MIN_ELO, MAX_ELO);
                let limit = v > 0;
                let _ = self.engine.update_settings(|s| {
                    s.strength.limit = limit;
                    s.strength.elo = elo;
                });
            }
            ("timeout_turn" | "timeout_match" | "time_left" | "max_memory" | "rule" | "skill_level" | "elo", None) => {
                self.error(&format!("INFO {}: '{}' is not a number", quoted(key), quoted(value)))
            }
            // game_type, folder, evaluate and anything newer: nothing to do.
            _ => {}
        }
    }

    /// Parses `x,y` and checks it is on the board.
    fn coords(&self, text: &str) -> Result<(usize, usize), String> {
        let (w, h) = self.size.ok_or("no board: send START first")?;
        let (x, y) = text.split_once(',').ok_or_else(|| format!("expected x,y, got '{}'", quoted(text)))?;
        let (x, y): (usize, usize) = match (x.trim().parse(), y.trim().parse()) {
            (Ok(x), Ok(y)) => (x, y),
            _ => return Err(format!("expected x,y, got '{}'", quoted(text))),
        };
        if x >= w || y >= h {
            return Err(format!("{x},{y} is off the {w}x{h} board"));
        }
        Ok((x, y))
    }

    fn turn(&mut self, arg: &str) {
        if !self.ready_to_play() {
            return;
        }
        match self.coords(arg) {
            Ok((x, y)) if self.stones.iter().any(|&(sx, sy, _)| (sx, sy) == (x, y)) => {
                self.error(&format!("{x},{y} is occupied"))
            }
            Ok((x, y)) => {
                self.stones.push((x, y, Owner::Opponent));
                self.think();
            }
            Err(e) => self.error(&e),
        }
    }

    fn board_line(&mut self, line: &str) {
        if line.eq_ignore_ascii_case("DONE") {
            let stones = self.board_block.take().unwrap_or_default();
            self.stones = stones;
            self.think();
            return;
        }
        let mut parts = line.rsplitn(2, ',');
        let (field, xy) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let owner = match field.trim() {
            "1" => Owner::Me,
            "2" => Owner::Opponent,
            other => {
                self.error(&format!("BOARD line '{}': field '{}' is not 1 or 2", quoted(line), quoted(other)));
                return;
            }
        };
        match self.coords(xy) {
            Ok((x, y)) => {
                let block = self.board_block.get_or_insert_with(Vec::new);
                if block.iter().any(|&(sx, sy, _)| (sx, sy) == (x, y)) {
                    self.error(&format!(
                        "BOARD line '{}': {x},{y} given twice",
                        quoted(line)
                    ));
                } else {
                    block.push((x, y, owner));
                }
            }
            Err(e) => self.error(&format!("BOARD line '{}': {e}", quoted(line))),
        }
    }

    fn takeback(&mut self, arg: &str) {
        self.cancel_think();
        match self.coords(arg) {
            Ok((x, y)) => match self.stones.iter().position(|&(sx, sy, _)| (sx, sy) == (x, y)) {
                Some(i) => {
                    self.stones.remove(i);
                    self.out.line("OK");
                }
                None => self.error(&format!("TAKEBACK {x},{y}: no stone there")),
            },
            Err(e) => self.error(&e),
        }
    }

    /// The position for the engine: our stones and theirs, us to move. We are the
    /// first player (White, `P`) exactly when both sides have as many stones.
    fn fen(&self) -> Result<String, String> {
        let (w, h) = self.size.ok_or("no board")?;
        let mine = self.stones.iter().filter(|s| s.2 == Owner::Me).count();
        let theirs = self.stones.len() - mine;
        let (me, them, side) = if mine == theirs {
            ('P', 'p', 'w')
        } else if theirs == mine + 1 {
            ('p', 'P', 'b')
        } else {
            return Err(format!("cannot be our move with {mine} stones of ours and {theirs} of the opponent's"));
        };
        let mut grid = vec![vec![None; w]; h];
        for &(x, y, owner) in &self.stones {
            // Every stone was checked against this board when it came; a stone off
            // it would be a bug, reported rather than a panic.
            let cell = grid
                .get_mut(y)
                .and_then(|row| row.get_mut(x))
                .ok_or_else(|| format!("{x},{y} is off the {w}x{h} board"))?;
            *cell = Some(if owner == Owner::Me { me } else { them });
        }
        let ranks: Vec<String> = grid
            .iter()
            .map(|row| {
                let mut rank = String::new();
                let mut empty = 0;
                for cell in row {
                    match cell {
                        None => empty += 1,
                        Some(c) => {
                            if empty > 0 {
                                rank.push_str(&empty.to_string());
                                empty = 0;
                            }
                            rank.push(*c);
                        }
                    }
                }
                if empty > 0 {
                    rank.push_str(&empty.to_string());
                }
                rank
            })
            .collect();
        Ok(format!("{} {side} - - 0 1", ranks.join("/")))
    }

    /// Searches the current board and answers with our move.
    fn think(&mut self) {
        let (w, h) = match self.size {
            Some(s) => s,
            None => return self.error("no board: send START first"),
        };
        let fen = match self.fen() {
            Ok(f) => f,
            Err(e) => return self.error(&e),
        };
        self.engine.set_variant(self.variant());
        if let Err(e) = self.engine.set_position(Some(&fen), &[]) {
            return self.error(&e.to_string());
        }
        let limits = Limits { movetime_ms: Some(self.move_time_ms()), start: Some(Instant::now()), ..Limits::default() };
        // A fresh flag per think: cancelling this one never silences the next.
        self.cancel = Arc::new(AtomicBool::new(false));
        let spare = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).find(|&(x, y)| {
            !self.stones.iter().any(|&(sx, sy, _)| (sx, sy) == (x, y))
        });
        let sink = Arc::new(GomocupSink {
            out: self.out.clone(),
            width: w,
            height: h,
            spare,
            answer: Arc::clone(&self.answer),
            cancel: Arc::clone(&self.cancel),
        });
        self.engine.go(limits, false, sink);
    }

    /// A new game: its match time starts now, and the manager's last `time_left`
    /// was about the previous one.
    fn new_game_clock(&mut self) {
        self.game_started = Instant::now();
        self.time_left_at = None;
    }

    /// Time for this move (see [`move_time_ms`]).
    fn move_time_ms(&self) -> u64 {
        let ms = |at: Instant| at.elapsed().as_millis() as u64;
        move_time_ms(&self.info, self.time_left_at.map(ms), ms(self.game_started))
    }
}

/// Input quoted back in an `ERROR`/`UNKNOWN` line: at most 60 characters of it.
fn quoted(text: &str) -> String {
    crate::protocol::input::cut(text, 60)
}

/// Time for a move: within `timeout_turn`, and a share of what is left of the
/// match, minus a safety margin for the manager. What is left is the manager's
/// `time_left` less the `since_time_left_ms` that passed since it came (our own
/// thinking, as managers send it just before the move). Without one in this game,
/// `timeout_match` less the `game_elapsed_ms` since the game started, which counts
/// the opponent's thinking too and so errs on the safe side. `time_left` reads as
/// unlimited at Gomocup's 2^31 - 1, and so does `timeout_match 0`.
fn move_time_ms(info: &Info, since_time_left_ms: Option<u64>, game_elapsed_ms: u64) -> u64 {
    let turn = if info.timeout_turn == 0 { FASTEST_MS } else { info.timeout_turn };
    let left = match since_time_left_ms {
        Some(since) if info.time_left < UNLIMITED => Some(info.time_left.saturating_sub(since)),
        Some(_) => None,
        None if info.timeout_match > 0 => Some(info.timeout_match.saturating_sub(game_elapsed_ms)),
        None => None,
    };
    let budget = left.map_or(turn, |left| turn.min(left / MATCH_SHARE));
    // Keep a tenth in reserve for the pipe and the manager's own accounting.
    (budget - budget / 10).max(MIN_MOVE_MS)
}

/// `timeout_turn 0` asks for the fastest possible play.
const FASTEST_MS: u64 = 20;
/// A move may use at most this fraction (1/n) of the time left in the match.
const MATCH_SHARE: u64 = 12;
const MIN_MOVE_MS: u64 = 5;

/// Prints search reports as `MESSAGE` lines and the move as `x,y`.
struct GomocupSink {
    out: Output,
    width: usize,
    height: usize,
    /// An empty cell, for when the search has no move but the board is not full:
    /// in renju when every empty cell is forbidden to the first player. By Ludex's
    /// rules that game is drawn, but Gomocup has no pass and no draw claim, and a
    /// manager waits for a cell until the clock runs out. So we answer one and let
    /// the manager judge it (a foul, lost either way) rather than lose on time.
    spare: Option<(usize, usize)>,
    answer: Arc<Mutex<Option<(usize, usize)>>>,
    cancel: Arc<AtomicBool>,
}

impl GomocupSink {
    /// `P@h8` to `(7, 7)` (on 15x15).
    fn to_xy(&self, mv: &str) -> Option<(usize, usize)> {
        let square = mv.rsplit('@').next()?;
        let file = square.chars().next()?;
        let rank: usize = square[file.len_utf8()..].parse().ok()?;
        let x = (file as u32).checked_sub('a' as u32)? as usize;
        if x >= self.width || rank == 0 || rank > self.height {
            return None;
        }
        Some((x, self.height - rank))
    }
}

impl SearchSink for GomocupSink {
    fn report(&self, r: &Report<String>) {
        if self.cancel.load(Ordering::SeqCst) {
            return;
        }
        let score = match r.score {
            ReportScore::Cp(cp) => format!("ev {cp}"),
            ReportScore::Mate(n) => format!("mate {n}"),
        };
        let pv: Vec<String> = r.pv.iter().filter_map(|m| self.to_xy(m)).map(|(x, y)| format!("{x},{y}")).collect();
        self.out.line(&format!(
            "MESSAGE depth {} {score} nodes {} nps {} time {} pv {}",
            r.depth,
            r.nodes,
            r.nps,
            r.time_ms,
            pv.join(" ")
        ));
    }

    fn currmove(&self, _: &CurrMove<String>) {}

    fn bestmove(&self, best: Option<&str>, _ponder: Option<&str>) {
        if self.cancel.load(Ordering::SeqCst) {
            return;
        }
        match best.and_then(|m| self.to_xy(m)).or(self.spare) {
            Some((x, y)) => {
                if best.is_none() {
                    log::info!("no legal move with empty cells left (renju: all forbidden); answering {x},{y}");
                }
                match self.answer.lock() {
                    Ok(mut a) => *a = Some((x, y)),
                    Err(poisoned) => *poisoned.into_inner() = Some((x, y)),
                }
                self.out.line(&format!("{x},{y}"));
            }
            None => self.out.line("ERROR no move: the board is full"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(timeout_turn: u64, timeout_match: u64, time_left: u64) -> Info {
        Info { timeout_turn, timeout_match, time_left, rule: 1 }
    }

    /// The manager's `time_left` is what counts, however long the process has run:
    /// c-gomoku-cli plays game after game with one process, and the wall clock since
    /// the game (or the process) started includes the opponent's thinking.
    #[test]
    fn time_left_from_the_manager_decides() {
        let i = info(1_000, 10_000, 10_000);
        // 10 s left: a twelfth of it, under the 1 s turn, less a tenth.
        assert_eq!(move_time_ms(&i, Some(0), 0), 750);
        // After 25 s of earlier games: the same, less our own thinking since it came.
        assert_eq!(move_time_ms(&i, Some(300), 25_000), 728);
        assert_eq!(move_time_ms(&i, Some(4_000), 25_000), 450);
        // Little left: a small share, never below the floor.
        assert_eq!(move_time_ms(&info(1_000, 10_000, 600), Some(0), 0), 45);
        assert_eq!(move_time_ms(&info(1_000, 10_000, 0), Some(0), 0), MIN_MOVE_MS);
        // Plenty left: the turn limit.
        assert_eq!(move_time_ms(&info(1_000, 180_000, 100_000), Some(0), 0), 900);
    }

    /// Without a `time_left` in this game, the match time runs from the game's
    /// start; unlimited time leaves the turn limit alone, and `timeout_turn 0` asks
    /// for the fastest play.
    #[test]
    fn without_time_left_the_game_clock_counts() {
        let i = info(1_000, 10_000, 180_000);
        assert_eq!(move_time_ms(&i, None, 0), 750);
        assert_eq!(move_time_ms(&i, None, 4_000), 450);
        assert_eq!(move_time_ms(&i, None, 20_000), MIN_MOVE_MS);
        assert_eq!(move_time_ms(&info(1_000, 0, 180_000), None, 50_000), 900);
        assert_eq!(move_time_ms(&info(5_000, 0, UNLIMITED), Some(0), 0), 4_500);
        assert_eq!(move_time_ms(&info(0, 10_000, 10_000), Some(0), 0), 18);
    }
}
