//! One Gomocup fuzz session: a fresh process, random and damaged manager lines, and
//! these invariants:
//! - the process lives until `END` or end of input, then exits 0; no panic;
//! - every `x,y` answer is on the board in play and owed to a think (`BEGIN`,
//!   `TURN`, `BOARD`); none comes after `START`, `RECTSTART`, `RESTART` or
//!   `TAKEBACK` has cancelled its think (their answer is synchronous, so lines
//!   before it belong to the old board and lines after it to the new);
//! - an answer never lands on a stone the session knows of (when it knows them).
//!
//! Lines are classified the way the adapter reads them (first word, upper-cased), so
//! a damaged `start 7` counts as the `START` it is.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::process::Process;
use super::rng::{mutate, Rng};
use super::Tally;

struct Session {
    p: Process,
    rng: Rng,
    /// The board in play, if the session knows it.
    size: Option<(usize, usize)>,
    /// Stones on it, when known exactly.
    stones: Option<HashSet<(usize, usize)>>,
    /// Thinks that may still answer (an upper bound: a `TURN` the brain refuses is
    /// counted too, which only loosens the check).
    open: usize,
    /// Inside a `BOARD` block: its stones so far, or `None` inside a block begun
    /// while a think could still answer (whose answer may then be read after it).
    block: Option<Option<Vec<(usize, usize)>>>,
    /// Cells sent in a `TURN` while a think was open: its answer may have taken the
    /// cell first (and the brain then refuses the `TURN`), so an answer there is fine.
    contested: HashSet<(usize, usize)>,
    /// `ABOUT` lines sent and not answered yet.
    abouts: usize,
    tally: Tally,
}

pub fn session(seed: u64, steps: usize) -> Result<Tally, String> {
    let mut s = Session {
        p: Process::spawn(&["--gomocup"]),
        rng: Rng::new(seed),
        size: None,
        stones: None,
        open: 0,
        block: None,
        contested: HashSet::new(),
        abouts: 0,
        tally: Tally {
            sessions: 1,
            ..Tally::default()
        },
    };
    let n = *s.rng.pick(&[15usize, 15, 20, 10, 7, 22]);
    s.line(&format!("START {n}"))?;
    let turn = s.rng.range(5, 80);
    s.line(&format!("INFO timeout_turn {turn}"))?;
    let rule = *s.rng.pick(&[0, 1, 4, 2, 8]);
    s.line(&format!("INFO rule {rule}"))?;
    for _ in 0..steps {
        s.step()?;
    }
    s.finish()?;
    s.tally.lines = s.p.lines_sent;
    Ok(s.tally)
}

fn parse_xy(text: &str) -> Option<(usize, usize)> {
    let (x, y) = text.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

impl Session {
    fn step(&mut self) -> Result<(), String> {
        let (w, h) = self.size.unwrap_or((15, 15));
        let valid = match self.rng.below(24) {
            0 => format!(
                "START {}",
                self.rng.pick(&[5, 6, 10, 15, 15, 20, 22, 4, 23, 0, 100])
            ),
            1 => format!(
                "RECTSTART {},{}",
                self.rng.range(3, 24),
                self.rng.range(3, 24)
            ),
            2 => "RESTART".to_string(),
            3 => "BEGIN".to_string(),
            4..=9 => {
                let (x, y) = self.cell(w, h);
                format!("TURN {x},{y}")
            }
            10 => "BOARD".to_string(),
            11 => {
                let (x, y) = self.cell(w, h);
                format!("TAKEBACK {x},{y}")
            }
            12 => format!(
                "INFO {} {}",
                self.rng.pick(&[
                    "timeout_turn",
                    "timeout_match",
                    "time_left",
                    "max_memory",
                    "rule",
                    "game_type",
                    "folder"
                ]),
                self.rng.pick(&[
                    "0",
                    "5",
                    "30",
                    "100",
                    "1000",
                    "-1",
                    "x",
                    "2147483647",
                    "99999999999999999999"
                ])
            ),
            13 => "ABOUT".to_string(),
            14 => {
                // Wait for the answers owed.
                return self.settle(Duration::from_millis(200));
            }
            _ if self.block.is_some() => {
                if self.rng.chance(30) {
                    "DONE".to_string()
                } else {
                    let (x, y) = self.cell(w, h);
                    format!("{x},{y},{}", self.rng.pick(&["1", "2", "3"]))
                }
            }
            _ => {
                let (x, y) = self.cell(w, h);
                format!("TURN {x},{y}")
            }
        };
        if self.rng.chance(15) {
            let bytes = mutate(&mut self.rng, &valid);
            self.bytes_line(bytes)?;
        } else {
            self.line(&valid)?;
        }
        Ok(())
    }

    /// A cell, mostly on the board and free.
    fn cell(&mut self, w: usize, h: usize) -> (usize, usize) {
        if self.rng.chance(5) {
            return (
                self.rng.range(0, 30) as usize,
                self.rng.range(0, 30) as usize,
            );
        }
        for _ in 0..20 {
            let c = (self.rng.below(w), self.rng.below(h));
            if !self.stones.as_ref().is_some_and(|s| s.contains(&c)) {
                return c;
            }
        }
        (self.rng.below(w), self.rng.below(h))
    }

    fn line(&mut self, text: &str) -> Result<(), String> {
        self.bytes_line(text.as_bytes().to_vec())
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        let mut b = bytes.to_vec();
        if self.rng.chance(50) {
            b.push(b'\r'); // managers send CR LF
        }
        self.p.send(&b).map_err(|e| self.p.failure(&e))
    }

    /// Sends a line and updates the model the way the brain reads the line.
    fn bytes_line(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        let text = String::from_utf8_lossy(&bytes).trim().to_string();
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((&text, ""));
        let word = word.to_ascii_uppercase();
        let rest = rest.trim();
        if word == "END" {
            return Ok(()); // only at the end of the session
        }
        if let Some(block) = &mut self.block {
            // As the brain reads a block: `DONE` is the whole line, any other line
            // that starts with a letter is a command, the rest are stone lines.
            let done = text.eq_ignore_ascii_case("DONE");
            let command = word.starts_with(|c: char| c.is_ascii_alphabetic()) && word != "DONE";
            if !command {
                if done {
                    self.stones = self.block.take().flatten().map(|b| b.into_iter().collect());
                    self.open += 1;
                    self.tally.searches += 1;
                } else if let (Some(stones), Some((xy, _))) =
                    (block.as_mut(), text.rsplit_once(','))
                {
                    match parse_xy(xy) {
                        Some(c) => stones.push(c),
                        None => *block = None,
                    }
                }
                self.send(&bytes)?;
                return self.check_output();
            }
            // A command abandons the block.
            self.block = None;
            self.stones = None;
        }
        match word.as_str() {
            "START" | "RECTSTART" | "RESTART" | "TAKEBACK" => {
                let new_size = match word.as_str() {
                    "START" => rest.parse::<usize>().ok().map(|n| (n, n)),
                    "RECTSTART" => parse_xy(rest),
                    _ => self.size,
                };
                let new_size =
                    new_size.filter(|&(w, h)| (5..=22).contains(&w) && (5..=22).contains(&h));
                self.sync()?;
                self.send(&bytes)?;
                // The answer is synchronous: what comes before it is the old board's.
                let reply = self.until_reply()?;
                let accepted = reply == "OK";
                if word == "TAKEBACK" {
                    if let (true, Some(stones), Some(c)) =
                        (accepted, &mut self.stones, parse_xy(rest))
                    {
                        stones.remove(&c);
                    }
                } else if accepted {
                    if word != "RESTART" {
                        self.size = new_size;
                    }
                    self.stones = Some(HashSet::new());
                }
                // A new board (`OK`) or any `TAKEBACK` cancels the think; a refused
                // `START`/`RECTSTART`/`RESTART` leaves it running.
                if accepted || word == "TAKEBACK" {
                    self.open = 0;
                    self.contested.clear();
                }
            }
            "BEGIN" => {
                self.sync()?;
                self.send(&bytes)?;
                self.stones = if self.open == 0 {
                    Some(HashSet::new())
                } else {
                    None
                };
                self.open += 1;
                self.tally.searches += 1;
            }
            "BOARD" => {
                self.sync()?;
                self.send(&bytes)?;
                self.block = Some(if self.open > 0 {
                    None
                } else {
                    Some(Vec::new())
                });
            }
            "TURN" => {
                self.send(&bytes)?;
                match (parse_xy(rest), self.size) {
                    (Some((x, y)), Some((w, h))) if x < w && y < h => {
                        if self.open > 0 {
                            self.contested.insert((x, y));
                        }
                        if let Some(s) = &mut self.stones {
                            s.insert((x, y));
                        }
                        self.open += 1;
                        self.tally.searches += 1;
                    }
                    _ => {}
                }
            }
            "ABOUT" => {
                self.abouts += 1;
                self.send(&bytes)?;
            }
            _ => self.send(&bytes)?,
        }
        self.check_output()
    }

    /// Sends `ABOUT` and reads everything up to its answer (past the answers to
    /// the `ABOUT`s sent before it).
    fn sync(&mut self) -> Result<(), String> {
        self.p.send(b"ABOUT").map_err(|e| self.p.failure(&e))?;
        self.abouts += 1;
        while self.abouts > 0 {
            self.read_until(|l| l.starts_with("name="), Duration::from_secs(5))?;
        }
        Ok(())
    }

    /// Reads up to the first `OK`/`ERROR`/`UNKNOWN` line, checking answers on the way.
    fn until_reply(&mut self) -> Result<String, String> {
        self.read_until(
            |l| l == "OK" || l.starts_with("ERROR") || l.starts_with("UNKNOWN"),
            Duration::from_secs(5),
        )
    }

    fn read_until(
        &mut self,
        pred: impl Fn(&str) -> bool,
        limit: Duration,
    ) -> Result<String, String> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.p.read(left) {
                Some(l) => {
                    self.check_line(&l)?;
                    if pred(&l) {
                        return Ok(l);
                    }
                }
                None => {
                    let alive = self.p.alive();
                    return Err(self
                        .p
                        .failure(&format!("expected line never came (alive: {alive})")));
                }
            }
        }
    }

    /// Lets owed answers arrive for up to `limit`.
    fn settle(&mut self, limit: Duration) -> Result<(), String> {
        let deadline = Instant::now() + limit;
        while self.open > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.p.read(left) {
                Some(l) => self.check_line(&l)?,
                None => break,
            }
        }
        Ok(())
    }

    fn check_output(&mut self) -> Result<(), String> {
        for l in self.p.drain() {
            self.check_line(&l)?;
        }
        Ok(())
    }

    fn check_line(&mut self, l: &str) -> Result<(), String> {
        if l.contains("panicked") {
            return Err(self.p.failure(&format!("panic on stdout: {l}")));
        }
        if l.starts_with("name=") {
            self.abouts = self.abouts.saturating_sub(1);
        }
        let Some((x, y)) = parse_xy(l) else {
            return Ok(());
        };
        if self.open == 0 {
            return Err(self
                .p
                .failure(&format!("answer '{l}' that no think owes (stale or extra)")));
        }
        self.open -= 1;
        self.tally.answers += 1;
        if let Some((w, h)) = self.size {
            if x >= w || y >= h {
                return Err(self
                    .p
                    .failure(&format!("answer '{l}' off the {w}x{h} board")));
            }
        }
        if let Some(stones) = &mut self.stones {
            if !stones.insert((x, y)) && !self.contested.remove(&(x, y)) {
                return Err(self.p.failure(&format!("answer '{l}' on an occupied cell")));
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), String> {
        self.settle(Duration::from_millis(500))?;
        self.check_output()?;
        let quit: Option<&[u8]> = if self.rng.chance(50) { Some(b"END") } else { None };
        let (last, code) = self.p.end(quit)?;
        for l in last {
            self.check_line(&l)?;
        }
        self.p.check_clean_exit(code)
    }
}
