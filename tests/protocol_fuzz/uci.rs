//! One UCI fuzz session: a fresh process, a few hundred random, valid and damaged
//! lines, and these invariants:
//! - the process lives until `quit` or end of input, then exits 0; no panic;
//! - every `isready` gets a `readyok` (within a second, even mid-search);
//! - every `go` that is a search gets exactly one `bestmove`, in order, and its move
//!   is legal in the position the `go` was sent in.
//!
//! The position each `go` searches is modelled by a library `Engine` fed the same
//! `position`/`setoption`/`ucinewgame` commands: the invariants are about the
//! process (threads, stale state, crashes), and the rules themselves are checked by
//! perft and python-chess elsewhere.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use ludex::engine::Engine as Model;
use ludex::protocol::input::MAX_LINE_BYTES;
use ludex::protocol::uci::command::{parse_line, Command, Start};
use ludex::protocol::uci::options::{parse_setting, Setting};
use ludex::variants::Variant;

use super::process::Process;
use super::rng::{mutate, Rng};
use super::Tally;

const READY_WITHIN: Duration = Duration::from_millis(1500);

struct Session {
    p: Process,
    rng: Rng,
    model: Model,
    /// Legal moves (as texts) of the position of every `go` still owed a `bestmove`.
    owed: VecDeque<Vec<String>>,
    readyok_owed: usize,
    tally: Tally,
    /// A search may be running (for choosing `stop`, `ponderhit`).
    searching: bool,
}

pub fn session(seed: u64, steps: usize) -> Result<Tally, String> {
    let mut s = Session {
        p: Process::spawn(&[]),
        rng: Rng::new(seed),
        model: Model::new(),
        owed: VecDeque::new(),
        readyok_owed: 0,
        tally: Tally {
            sessions: 1,
            ..Tally::default()
        },
        searching: false,
    };
    s.send(b"uci")?;
    s.wait_for(|l| l == "uciok")?;
    let variant = *s.rng.pick(&Variant::ALL);
    s.line(&format!(
        "setoption name UCI_Variant value {}",
        variant.name()
    ))?;
    for _ in 0..steps {
        s.step()?;
    }
    s.finish()?;
    s.tally.lines = s.p.lines_sent;
    Ok(s.tally)
}

impl Session {
    fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.p.send(bytes).map_err(|e| self.p.failure(&e))?;
        self.check_output()
    }

    /// Sends a line and tells the model what the engine will make of it.
    fn line(&mut self, text: &str) -> Result<(), String> {
        self.bytes_line(text.as_bytes().to_vec())
    }

    fn bytes_line(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let parsed = if bytes.len() > MAX_LINE_BYTES {
            Err(())
        } else {
            parse_line(&text).map_err(|_| ())
        };
        match parsed {
            Ok(Some(Command::Quit)) | Ok(Some(Command::Bench(_))) => return Ok(()), // not here
            Ok(Some(Command::Go(g))) if g.perft.is_some_and(|d| d > 3) => return Ok(()),
            _ => {}
        }
        // The model first: an answer may be read back as soon as the line is sent.
        match parsed {
            Ok(Some(Command::Position { start, moves })) => {
                let fen = match &start {
                    Start::StartPos => None,
                    Start::Fen(f) => Some(f.as_str()),
                };
                let _ = self.model.set_position(fen, &moves);
            }
            Ok(Some(Command::UciNewGame)) => self.model.new_game(),
            Ok(Some(Command::SetOption { name, value })) => {
                match parse_setting(&name, value.as_deref()) {
                    Ok(Setting::Variant(v)) => self.model.set_variant(v),
                    Ok(Setting::Chess960(on)) => self.model.set_chess960(on),
                    _ => {}
                }
            }
            Ok(Some(Command::Go(g))) if g.perft.is_none() => {
                let (moves, _) = self.model.perft(1);
                self.owed
                    .push_back(moves.into_iter().map(|l| l.mv).collect());
                self.tally.searches += 1;
                self.searching = g.infinite || g.ponder || g.depth.is_none_or(|d| d > 4);
            }
            Ok(Some(Command::Go(_))) => {
                // perft: answered on the input thread before anything else.
                self.searching = false;
            }
            Ok(Some(Command::IsReady)) => self.readyok_owed += 1,
            Ok(Some(Command::Stop)) => self.searching = false,
            _ => {}
        }
        self.send(&bytes)
    }

    /// Reads what the engine printed so far and checks it.
    fn check_output(&mut self) -> Result<(), String> {
        for l in self.p.drain() {
            self.check_line(&l)?;
        }
        Ok(())
    }

    fn check_line(&mut self, l: &str) -> Result<(), String> {
        if l == "readyok" {
            if self.readyok_owed == 0 {
                return Err(self.p.failure("readyok without isready"));
            }
            self.readyok_owed -= 1;
        } else if let Some(rest) = l.strip_prefix("bestmove") {
            let Some(legal) = self.owed.pop_front() else {
                return Err(self.p.failure(&format!("'{l}' with no go owed one")));
            };
            let mv = rest.split_whitespace().next().unwrap_or("");
            if mv != "(none)" && !legal.iter().any(|m| m == mv) {
                return Err(self.p.failure(&format!("illegal '{l}'; legal: {legal:?}")));
            }
            if mv == "(none)" && legal.len() > 1 {
                // One legal move could be a rule draw's "no move"; several cannot all be.
                return Err(self.p.failure(&format!("'{l}' with legal moves {legal:?}")));
            }
            self.tally.answers += 1;
        } else if l.contains("panicked") {
            return Err(self.p.failure(&format!("panic on stdout: {l}")));
        }
        Ok(())
    }

    /// Waits until a line satisfies `pred`, checking every line on the way.
    fn wait_for(&mut self, pred: impl Fn(&str) -> bool) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.p.read(left) {
                Some(l) => {
                    self.check_line(&l)?;
                    if pred(&l) {
                        return Ok(());
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

    /// `isready`, and its `readyok` within [`READY_WITHIN`].
    fn ready(&mut self) -> Result<(), String> {
        self.line("isready")?;
        let deadline = Instant::now() + READY_WITHIN;
        while self.readyok_owed > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.p.read(left) {
                Some(l) => self.check_line(&l)?,
                None => {
                    return Err(self
                        .p
                        .failure(&format!("no readyok within {READY_WITHIN:?}")))
                }
            }
        }
        Ok(())
    }

    fn legal_moves(&self) -> Vec<String> {
        self.model.perft(1).0.into_iter().map(|l| l.mv).collect()
    }

    /// A random `position` line: from the model's position (so moves are mostly
    /// legal), sometimes with an illegal or garbage move, sometimes a broken FEN.
    fn position_line(&mut self) -> String {
        let fen = self
            .model
            .describe()
            .iter()
            .find_map(|l| l.strip_prefix("Fen: ").map(str::to_string))
            .unwrap_or_default();
        let mut moves = Vec::new();
        let mut walk = Model::new();
        walk.set_variant(self.model.variant());
        let _ = walk.set_position(Some(&fen), &[]);
        for _ in 0..self.rng.below(6) {
            let legal: Vec<String> = walk.perft(1).0.into_iter().map(|l| l.mv).collect();
            if legal.is_empty() {
                break;
            }
            moves.push(self.rng.pick(&legal).clone());
            let _ = walk.set_position(Some(&fen), &moves);
        }
        if self.rng.chance(10) {
            moves.push(
                self.rng
                    .pick(&["e1e8", "a1a1", "P@z9", "zz", "e2e4e5", "0000", "P@a1"])
                    .to_string(),
            );
        }
        let start = match self.rng.below(10) {
            0 => "startpos".to_string(),
            1 => format!("fen {}", self.rng.pick(&BAD_FENS)),
            _ => format!("fen {fen}"),
        };
        if moves.is_empty() && self.rng.chance(50) {
            format!("position {start}")
        } else {
            format!("position {start} moves {}", moves.join(" "))
        }
    }

    fn go_line(&mut self) -> String {
        let r = &mut self.rng;
        let limit = match r.below(11) {
            0 => format!("depth {}", r.range(1, 4)),
            1 => format!("nodes {}", r.range(1, 20_000)),
            2 => format!("movetime {}", r.range(0, 40)),
            3 => format!(
                "wtime {} btime {} winc {} binc {}",
                r.range(-50, 300),
                r.range(-50, 300),
                r.range(0, 20),
                r.range(0, 20)
            ),
            4 => format!(
                "wtime {} btime {} movestogo {}",
                r.range(1, 200),
                r.range(1, 200),
                r.range(1, 3)
            ),
            5 => "infinite".to_string(),
            6 => format!(
                "ponder wtime {} btime {}",
                r.range(10, 300),
                r.range(10, 300)
            ),
            7 => format!("mate {}", r.range(1, 3)),
            8 => format!("perft {}", r.range(0, 2)),
            9 => String::new(),
            _ => format!("depth {} searchmoves", r.range(1, 3)),
        };
        let mut line = format!("go {limit}");
        if limit.ends_with("searchmoves") {
            let legal = self.legal_moves();
            for _ in 0..self.rng.range(0, 3) {
                line.push(' ');
                let mv = if legal.is_empty() || self.rng.chance(30) {
                    "a1a2".to_string()
                } else {
                    self.rng.pick(&legal).clone()
                };
                line.push_str(&mv);
            }
        }
        // A go with no limit searches until stopped: keep those short by a later stop.
        if limit.is_empty() {
            self.searching = true;
        }
        line
    }

    fn setoption_line(&mut self) -> String {
        let r = &mut self.rng;
        match r.below(9) {
            0 | 1 => format!(
                "setoption name UCI_Variant value {}",
                r.pick(&Variant::UCI_COMBO)
            ),
            2 => format!(
                "setoption name UCI_Chess960 value {}",
                r.pick(&["true", "false"])
            ),
            3 => format!(
                "setoption name Hash value {}",
                r.pick(&["1", "2", "16", "64", "0", "100000"])
            ),
            4 => format!("setoption name MultiPV value {}", r.range(1, 4)),
            5 => format!("setoption name Threads value {}", r.range(1, 2)),
            6 => format!("setoption name Move Overhead value {}", r.range(0, 100)),
            7 => "setoption name Clear Hash".to_string(),
            _ => format!(
                "setoption name {} value {}",
                r.pick(&["Ponder", "UCI_AnalyseMode", "Nonsense", "Skill"]),
                r.pick(&["true", "x", "7"])
            ),
        }
    }

    /// One random step: a valid line, a damaged one, or a pause.
    fn step(&mut self) -> Result<(), String> {
        let valid = match self.rng.below(20) {
            0..=3 => self.position_line(),
            4..=7 => self.go_line(),
            8 => "stop".to_string(),
            9 => "ponderhit".to_string(),
            10 => "isready".to_string(),
            11 => self.setoption_line(),
            12 => "ucinewgame".to_string(),
            13 => (*self.rng.pick(&[
                "d",
                "eval",
                "help",
                "uci",
                "debug on",
                "register later",
                "flip",
            ]))
            .to_string(),
            14 => {
                std::thread::sleep(Duration::from_millis(self.rng.range(1, 30) as u64));
                return self.check_output();
            }
            _ => String::new(),
        };
        if valid == "isready" {
            return self.ready();
        }
        if valid.is_empty() || self.rng.chance(25) {
            // A damaged copy of some valid line.
            let base = if valid.is_empty() {
                self.go_line()
            } else {
                valid
            };
            let bytes = mutate(&mut self.rng, &base);
            self.bytes_line(bytes)?;
        } else {
            self.line(&valid)?;
        }
        if self.searching && self.rng.chance(30) {
            self.line("stop")?;
        }
        if self.rng.chance(15) {
            self.ready()?;
        }
        Ok(())
    }

    /// Ends the session: stop, sync, then `quit` or end of input; everything owed
    /// must have come, and the exit must be clean.
    fn finish(&mut self) -> Result<(), String> {
        self.line("stop")?;
        self.ready()?;
        // Searches stopped just now still owe their bestmove.
        let deadline = Instant::now() + Duration::from_secs(5);
        while !self.owed.is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.p.read(left) {
                Some(l) => self.check_line(&l)?,
                None => {
                    return Err(self
                        .p
                        .failure(&format!("{} go without bestmove", self.owed.len())))
                }
            }
        }
        let quit: Option<&[u8]> = if self.rng.chance(50) { Some(b"quit") } else { None };
        let (last, code) = self.p.end(quit)?;
        for l in last {
            self.check_line(&l)?;
        }
        if !self.owed.is_empty() {
            return Err(self.p.failure("a go without bestmove at exit"));
        }
        self.p.check_clean_exit(code)
    }
}

const BAD_FENS: [&str; 12] = [
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "k7/8/8/8/8/8/8/K6R b - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15[PPPp] w - - 0 1",
    "99/99 w - - 0 1",
    "3/3/3[PPPPPpppp] w - - 0 1",
    "PPPPP/5/5/5/5 b - - 0 1",
    "23/23/23/23/23 w - - 0 1",
    "/////// w",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -5 99999999999",
];
