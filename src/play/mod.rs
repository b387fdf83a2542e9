//! `ludex play`: a game between a person and the engine in a terminal, for every
//! variant. Like the protocol adapters it only translates text: the rules are the
//! variant's (`Variant::setup`), the moves come from the same `Engine` and search
//! that UCI uses, and input is read line by line, so a pipe drives it as well as a
//! person does (EOF ends the session).
//!
//! - `game`: the move record and the end of a game in words;
//! - `notation`: SAN, coordinates and cells as people type them;
//! - `board`: the board drawing;
//! - `opponent`: the engine, one search per move;
//! - `clock`: the clocks of a timed game;
//! - `pgn`: the game as PGN.

mod board;
mod clock;
mod game;
mod notation;
mod opponent;
mod pgn;

use std::io::{self, BufRead, Write};
use std::time::Instant;

pub use board::Style;
use clock::Clocks;
use game::{describe_outcome, side_name, Game};
use opponent::Opponent;

use crate::core::Side;
use crate::search::{Limits, ReportScore};
use crate::variants::Variant;

/// Board sizes `--size` accepts for the gomoku family (as Gomocup's `START`).
pub const SIZES: std::ops::RangeInclusive<usize> = 5..=22;
/// `level N` range: the UCI `Skill Level`; 20 is full strength.
pub const LEVELS: std::ops::RangeInclusive<u32> = 0..=20;

/// Everything the command line decides about a session.
#[derive(Debug, Clone)]
pub struct Options {
    pub variant: Variant,
    /// Board size for the gomoku family (the variant's own when `None`).
    pub size: Option<usize>,
    /// Start position; otherwise the variant's (a random one in Chess960).
    pub fen: Option<String>,
    /// Chess960 start by Scharnagl number instead of a random one.
    pub chess960_id: Option<u32>,
    /// Which sides a person plays: `[White, Black]` (`X` is White in connect games).
    pub human: [bool; 2],
    pub movetime_ms: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Base time and increment per move, in ms.
    pub clock: Option<(u64, u64)>,
    /// `Skill Level` 0-20 (`None`: full strength).
    pub level: Option<u32>,
    /// `UCI_LimitStrength` at this `UCI_Elo`.
    pub elo: Option<u32>,
    pub style: Style,
    /// Whether stdin is a terminal: then a prompt is shown before each read.
    pub interactive: bool,
}

/// Moves the engine takes a second over when no limit is given.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

const HELP: &str = "\
Type a move, or a command:
  <move>      SAN (Nf3, exd5, O-O, e8=Q) or coordinates (g1f3) in chess games; a cell (h8, H8) in gomoku and tic-tac-toe
  moves       list the legal moves
  undo        take back a full turn (your last move and the engine's reply)
  hint        ask the engine for a move
  new         start a new game
  flip        turn the board around
  level N     engine strength 0-20 (the UCI Skill Level; 20 is full strength)
  board       show the board again
  fen         print the position as FEN
  pgn [FILE]  print the game as PGN, or save it to FILE
  help        this text
  quit        leave";

struct Session<W: Write> {
    opts: Options,
    out: W,
    game: Game,
    opponent: Opponent,
    clocks: Option<Clocks>,
    /// When the side to move began thinking (for the clocks).
    turn_started: Instant,
    /// The side whose flag fell, if any.
    flagged: Option<Side>,
    /// Whether the end of the current game has been announced.
    announced: bool,
}

/// Runs a session until `quit` or the end of input.
pub fn run(opts: Options, input: impl BufRead, out: impl Write) -> io::Result<()> {
    let game = start_game(&opts).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let mut opponent = Opponent::new();
    opponent.set_strength(opts.level, opts.elo);
    let mut s = Session {
        clocks: opts.clock.map(|(base, inc)| Clocks::new(base, inc)),
        opts,
        out,
        game,
        opponent,
        turn_started: Instant::now(),
        flagged: None,
        announced: false,
    };
    s.greet()?;
    let mut lines = input.lines();
    loop {
        let over = s.flagged.is_some() || s.game.outcome().is_some();
        if over {
            if !s.announced {
                s.announce()?;
            }
        } else if !s.opts.human[s.game.side_to_move().index()] {
            s.engine_move()?;
            continue;
        }
        if s.opts.interactive {
            write!(s.out, "{}> ", if over { "game over" } else { "your move" })?;
            s.out.flush()?;
        }
        let Some(line) = lines.next() else {
            // Ctrl-D at the prompt: end the prompt's line before the shell's comes.
            if s.opts.interactive {
                writeln!(s.out)?;
            }
            break;
        };
        let line = line?;
        if !s.handle(line.trim())? {
            break;
        }
    }
    s.out.flush()
}

/// The start of a game under the options: a FEN, a board size, a Chess960 setup.
pub fn start_game(opts: &Options) -> Result<Game, String> {
    let fen = match (&opts.fen, opts.size, opts.variant) {
        (Some(fen), _, _) => Some(fen.clone()),
        (None, Some(n), _) => Some(empty_board_fen(n)),
        (None, None, Variant::Chess960) => {
            let id = opts.chess960_id.unwrap_or_else(random_chess960_id);
            Some(crate::matchrunner::chess960::start_fen(id))
        }
        (None, None, _) => None,
    };
    Game::new(opts.variant, fen).map_err(|e| e.to_string())
}

/// An empty `n` x `n` board, first player to move.
pub fn empty_board_fen(n: usize) -> String {
    let ranks = vec![n.to_string(); n];
    format!("{} w - - 0 1", ranks.join("/"))
}

fn random_chess960_id() -> u32 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(518);
    nanos % 960
}

impl<W: Write> Session<W> {
    fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")?;
        self.out.flush()
    }

    fn who(&self, side: Side) -> String {
        let name = side_name(&self.game, side);
        let player = match (self.opts.human[side.index()], self.opts.human[side.flip().index()]) {
            (true, false) => "you",
            (true, true) => "person",
            (false, _) => "Ludex",
        };
        format!("{name} ({player})")
    }

    fn greet(&mut self) -> io::Result<()> {
        let limits = self.limits_text();
        let (w, b) = (self.who(Side::White), self.who(Side::Black));
        self.say(&format!("Ludex {} — {}: {w} against {b}; engine: {limits}.", env!("CARGO_PKG_VERSION"), self.game.variant))?;
        let marks = if self.game.is_connect() { "[ ] marks the last move, ( ) a winning line" } else { "[ ] marks the last move" };
        self.say(&format!("Type 'help' for the commands; {marks}."))?;
        self.show()
    }

    fn limits_text(&self) -> String {
        let mut parts = Vec::new();
        if let Some((base, inc)) = self.opts.clock {
            parts.push(format!("clock {}+{}", clock::format_ms(base), inc as f64 / 1000.0));
        }
        if let Some(ms) = self.movetime() {
            parts.push(format!("{ms} ms a move"));
        }
        if let Some(d) = self.depth() {
            parts.push(format!("depth {d}"));
        }
        if let Some(n) = self.opts.nodes {
            parts.push(format!("{n} nodes"));
        }
        if let Some(l) = self.opts.level {
            parts.push(format!("level {l}"));
        }
        if let Some(elo) = self.opts.elo {
            parts.push(format!("Elo {elo}"));
        }
        parts.join(", ")
    }

    fn movetime(&self) -> Option<u64> {
        let o = &self.opts;
        match o.movetime_ms {
            Some(ms) => Some(ms),
            None if o.depth.is_none() && o.nodes.is_none() && o.clock.is_none() => Some(DEFAULT_MOVETIME_MS),
            None => None,
        }
    }

    fn depth(&self) -> Option<u32> {
        self.opts.depth
    }

    fn limits(&self) -> Limits<String> {
        let mut limits = Limits {
            depth: self.depth(),
            nodes: self.opts.nodes,
            movetime_ms: self.movetime(),
            start: Some(Instant::now()),
            ..Limits::default()
        };
        if let Some(c) = &self.clocks {
            let (w, b) = c.remaining_for_search(self.game.side_to_move(), self.turn_started);
            limits.wtime_ms = Some(w);
            limits.btime_ms = Some(b);
            limits.winc_ms = Some(c.inc_ms);
            limits.binc_ms = Some(c.inc_ms);
        }
        limits
    }

    /// The board, the clocks and whose turn it is.
    fn show(&mut self) -> io::Result<()> {
        for line in board::render(&self.game, self.opts.style) {
            writeln!(self.out, "{line}")?;
        }
        if let Some(c) = &self.clocks {
            let line = c.describe(&side_name(&self.game, Side::White), &side_name(&self.game, Side::Black));
            writeln!(self.out, "{line}")?;
        }
        if self.game.outcome().is_none() && self.flagged.is_none() {
            let side = self.game.side_to_move();
            let number = self.game.fen().split_whitespace().nth(5).and_then(|n| n.parse::<u32>().ok()).unwrap_or(1);
            let check = if !self.game.is_connect() && self.game.in_check() { " (in check)" } else { "" };
            let line = format!("Move {number}: {} to move{check}.", self.who(side));
            writeln!(self.out, "{line}")?;
        }
        self.out.flush()
    }

    fn announce(&mut self) -> io::Result<()> {
        self.announced = true;
        let words = match (self.flagged, self.game.outcome()) {
            (Some(side), _) => {
                let (loser, winner) = (side_name(&self.game, side), side_name(&self.game, side.flip()));
                format!("{loser}'s time ran out: {winner} wins on time.")
            }
            (None, Some(o)) => describe_outcome(o, &self.game),
            (None, None) => return Ok(()),
        };
        self.say(&format!("Game over. {words}"))?;
        self.say("Type 'new' for another game, 'undo' to take back, 'pgn' to save it, or 'quit'.")
    }

    /// A move has been played by `side` after `elapsed` on its clock.
    fn after_move(&mut self, side: Side) {
        if let Some(c) = &mut self.clocks {
            if !c.charge(side, self.turn_started.elapsed()) {
                self.flagged = Some(side);
            }
        }
        self.turn_started = Instant::now();
    }

    fn engine_move(&mut self) -> io::Result<()> {
        let side = self.game.side_to_move();
        let limits = self.limits();
        let thought = match self.opponent.think(&self.game, limits) {
            Ok(t) => t,
            Err(e) => return self.say(&format!("The engine could not move: {e}")),
        };
        let Some(best) = thought.best else {
            return self.say("The engine has no move.");
        };
        if let Err(e) = self.game.play(&best) {
            return self.say(&format!("The engine's move {best} was refused: {e}"));
        }
        self.after_move(side);
        let shown = self.game.shown.last().cloned().unwrap_or(best);
        let score = thought.score.map(|(s, d)| format!(" ({}, depth {d})", score_text(s, self.game.is_connect()))).unwrap_or_default();
        let name = side_name(&self.game, side);
        self.say(&format!("Ludex ({name}) plays {shown}{score}."))?;
        self.show()
    }

    /// One line of input; `false` ends the session.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        if line.is_empty() {
            return Ok(true);
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => {
                self.say("Bye.")?;
                return Ok(false);
            }
            "help" | "?" => self.say(HELP)?,
            "moves" => {
                let moves = self.game.legal_shown();
                let text = if moves.is_empty() {
                    "No legal moves: the game is over.".to_string()
                } else {
                    format!("Legal moves ({}): {}", moves.len(), moves.join(" "))
                };
                self.say(&text)?;
            }
            "undo" | "takeback" => self.undo()?,
            "hint" => self.hint()?,
            "new" => self.new_game()?,
            "flip" => {
                self.opts.style.flipped = !self.opts.style.flipped;
                self.show()?;
            }
            "board" | "show" | "d" => self.show()?,
            "level" => self.level(rest)?,
            "fen" => {
                let fen = self.game.fen();
                self.say(&fen)?;
            }
            "pgn" => self.pgn(rest)?,
            _ => self.human_move(line)?,
        }
        Ok(true)
    }

    fn human_move(&mut self, text: &str) -> io::Result<()> {
        if self.flagged.is_some() {
            return self.say("The game is over (time ran out): type 'new' for another game.");
        }
        let side = self.game.side_to_move();
        if !self.opts.human[side.index()] && self.game.outcome().is_none() {
            return self.say("It is the engine's turn.");
        }
        match notation::read_move(&self.game, text) {
            Ok(mv) => {
                if let Err(e) = self.game.play(&mv) {
                    return self.say(&format!("Illegal move: {e}"));
                }
                self.after_move(side);
                let shown = self.game.shown.last().cloned().unwrap_or(mv);
                let name = side_name(&self.game, side);
                let line = if self.opts.human[side.flip().index()] {
                    format!("{name} plays {shown}.")
                } else {
                    format!("You ({name}) play {shown}.")
                };
                self.say(&line)?;
                self.show()
            }
            Err(why) => self.say(&format!("Illegal move: {why}")),
        }
    }

    /// Takes back a full turn: back to the last position where a person was to
    /// move, before that person's move (one move if the person just ended the game).
    fn undo(&mut self) -> io::Result<()> {
        if self.game.moves.is_empty() {
            return self.say("Nothing to take back.");
        }
        let mut taken = self.game.undo(1);
        let anyone = self.opts.human.iter().any(|&h| h);
        while anyone && !self.game.moves.is_empty() && !self.opts.human[self.game.side_to_move().index()] {
            taken += self.game.undo(1);
        }
        self.flagged = None;
        self.announced = false;
        self.turn_started = Instant::now();
        self.say(&format!("Took back {taken} move{}.", if taken == 1 { "" } else { "s" }))?;
        self.show()
    }

    fn hint(&mut self) -> io::Result<()> {
        if self.game.outcome().is_some() {
            return self.say("The game is over: no hint.");
        }
        let limits = Limits { wtime_ms: None, btime_ms: None, winc_ms: None, binc_ms: None, ..self.limits() };
        let limits = if limits.movetime_ms.is_none() && limits.depth.is_none() && limits.nodes.is_none() {
            Limits { movetime_ms: Some(DEFAULT_MOVETIME_MS), ..limits }
        } else {
            limits
        };
        match self.opponent.hint(&self.game, limits) {
            Ok(t) => match t.best {
                Some(best) => {
                    let mut probe = self.game.clone();
                    let shown = match probe.play(&best) {
                        Ok(()) => probe.shown.last().cloned().unwrap_or(best),
                        Err(_) => best,
                    };
                    let score = t.score.map(|(s, _)| format!(" ({})", score_text(s, self.game.is_connect()))).unwrap_or_default();
                    self.say(&format!("Hint: {shown}{score}"))
                }
                None => self.say("No hint: no legal moves."),
            },
            Err(e) => self.say(&format!("No hint: {e}")),
        }
    }

    fn new_game(&mut self) -> io::Result<()> {
        match start_game(&self.opts) {
            Ok(g) => self.game = g,
            Err(e) => return self.say(&format!("Cannot start a new game: {e}")),
        }
        self.opponent.new_game();
        self.clocks = self.opts.clock.map(|(base, inc)| Clocks::new(base, inc));
        self.flagged = None;
        self.announced = false;
        self.turn_started = Instant::now();
        self.say("New game.")?;
        self.show()
    }

    fn level(&mut self, arg: &str) -> io::Result<()> {
        match arg.parse::<u32>() {
            Ok(n) if LEVELS.contains(&n) => {
                self.opts.level = Some(n);
                self.opponent.set_strength(self.opts.level, self.opts.elo);
                let text = if n == *LEVELS.end() {
                    "Level 20: full strength.".to_string()
                } else {
                    format!("Level {n} of 20: the engine chooses among its best moves, more loosely the lower the level.")
                };
                self.say(&text)
            }
            _ => self.say(&format!(
                "Usage: level N, with N from {} to {} (now {})",
                LEVELS.start(),
                LEVELS.end(),
                self.opts.level.map(|l| l.to_string()).unwrap_or_else(|| "20".to_string())
            )),
        }
    }

    fn pgn(&mut self, file: &str) -> io::Result<()> {
        let names = [0, 1].map(|i| if self.opts.human[i] { "Human" } else { "Ludex" });
        let result = match (self.flagged, self.game.outcome()) {
            (Some(side), _) => Some((Some(side.flip()), "time forfeit".to_string())),
            (None, Some(o)) => Some((o.winner, describe_outcome(o, &self.game))),
            (None, None) => None,
        };
        let text = pgn::write(&self.game, names, result);
        if file.is_empty() {
            return self.say(text.trim_end());
        }
        match std::fs::write(file, &text) {
            Ok(()) => self.say(&format!("Saved the game to {file}.")),
            Err(e) => self.say(&format!("Cannot write {file}: {e}")),
        }
    }
}

/// A score from the engine's side: `+0.35`, `mate in 3`, `mated in 2`.
/// In connect games a forced result is a win, not a mate: `wins in 2`.
fn score_text(score: ReportScore, connect: bool) -> String {
    match (score, connect) {
        (ReportScore::Cp(cp), _) => format!("{:+.2}", cp as f64 / 100.0),
        (ReportScore::Mate(n), false) if n > 0 => format!("mate in {n}"),
        (ReportScore::Mate(n), false) => format!("mated in {}", -n),
        (ReportScore::Mate(n), true) if n > 0 => format!("wins in {n}"),
        (ReportScore::Mate(n), true) => format!("loses in {}", -n),
    }
}
