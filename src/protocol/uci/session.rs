//! The UCI input loop: reads lines, turns them into commands, asks the engine, and
//! prints the answers. Mistakes get one `info string error: ...` line and the loop
//! goes on; EOF or `quit` ends it.

use std::io::BufRead;
use std::sync::Arc;
use std::time::Instant;

use super::command::{parse_line, Command, Start};
use super::go::GoParams;
use super::options::{option_lines, parse_setting, Setting};
use super::report::UciSink;
use crate::engine::Engine;
use crate::protocol::output::Output;
use crate::search::Limits;

pub const ENGINE_NAME: &str = concat!("Ludex ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the Ludex developers";

/// Error lines are cut to this many characters.
const MAX_ERROR_CHARS: usize = 200;

pub struct UciSession {
    engine: Engine,
    out: Output,
}

impl UciSession {
    pub fn new(out: Output) -> Self {
        UciSession { engine: Engine::new(), out }
    }

    /// Runs until `quit` or end of input.
    pub fn run(&mut self, input: impl BufRead) {
        for line in crate::protocol::input::lines(input) {
            if !self.handle_input(&line) {
                break;
            }
        }
        self.shutdown();
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

    /// Handles one input line; returns `false` when the session should end.
    pub fn handle_line(&mut self, line: &str) -> bool {
        log::debug!("<< {line}");
        match parse_line(line) {
            Ok(None) => true,
            Ok(Some(Command::Quit)) => false,
            Ok(Some(cmd)) => {
                self.execute(cmd);
                true
            }
            Err(e) => {
                self.error(&e);
                true
            }
        }
    }

    /// End of the session: a search still running is stopped and its `bestmove` sent.
    fn shutdown(&mut self) {
        self.engine.stop_and_wait();
    }

    /// One `info string error:` line, cut at [`MAX_ERROR_CHARS`]: errors quote the
    /// offending input, and a host's log should not get back a megabyte it sent.
    fn error(&self, e: &dyn std::fmt::Display) {
        let text = crate::protocol::input::cut(&e.to_string(), MAX_ERROR_CHARS);
        self.out.line(&format!("info string error: {text}"));
    }

    fn execute(&mut self, cmd: Command) {
        match cmd {
            Command::Uci => {
                let mut lines = vec![format!("id name {ENGINE_NAME}"), format!("id author {ENGINE_AUTHOR}")];
                lines.extend(option_lines());
                lines.push("uciok".to_string());
                self.out.lines(lines.iter().map(String::as_str));
            }
            Command::IsReady => self.out.line("readyok"),
            Command::Debug(_) | Command::Ignored => {}
            Command::SetOption { name, value } => match parse_setting(&name, value.as_deref()) {
                Ok(setting) => self.apply(setting),
                Err(e) => self.error(&e),
            },
            Command::UciNewGame => self.engine.new_game(),
            Command::Position { start, moves } => {
                let fen = match &start {
                    Start::StartPos => None,
                    Start::Fen(f) => Some(f.as_str()),
                };
                if let Err(e) = self.engine.set_position(fen, &moves) {
                    self.error(&e);
                }
            }
            Command::Go(params) => {
                if let Some(depth) = params.perft {
                    self.engine.stop_and_wait();
                    self.perft(depth);
                } else {
                    for reason in self.engine.rejected_moves(&params.searchmoves) {
                        self.error(&format!("searchmoves: {reason} (left out)"));
                    }
                    let ponder = params.ponder;
                    let limits = limits_from(params, Instant::now());
                    self.engine.go(limits, ponder, Arc::new(UciSink { out: self.out.clone() }));
                }
            }
            // Waits for the stopped search's `bestmove` (milliseconds), so that the
            // answer to whatever the host sends next cannot come before it.
            Command::Stop => self.engine.stop_and_wait(),
            Command::PonderHit => {
                // Silently ignored when idle (as `stop` is); said once during a
                // search that is not pondering, where it changes nothing.
                if !self.engine.ponderhit() && self.engine.is_searching() {
                    self.out.line("info string ponderhit ignored: no search is pondering");
                }
            }
            Command::Display => {
                let lines = self.engine.describe();
                self.out.lines(lines.iter().map(String::as_str));
            }
            Command::Eval => {
                let lines = self.engine.eval_lines();
                self.out.lines(lines.iter().map(String::as_str));
            }
            Command::Bench(depth) => {
                self.engine.stop_and_wait();
                let out = self.out.clone();
                let result = crate::bench::run(depth, |l| {
                    out.line(&format!("info string bench {} depth {} nodes {} fen {}", l.variant, l.depth, l.nodes, l.fen))
                });
                self.out.line(&format!("{} nodes {} nps", result.nodes, result.nps()));
            }
            Command::Help => self.out.lines(HELP.lines()),
            Command::Quit => {}
        }
    }

    fn apply(&mut self, setting: Setting) {
        let e = &mut self.engine;
        match setting {
            Setting::Variant(v) => e.set_variant(v),
            Setting::Chess960(on) => e.set_chess960(on),
            Setting::Hash(mb) => {
                if let Err(err) = e.update_settings(|s| s.hash_mb = mb) {
                    self.error(&err);
                }
            }
            Setting::ClearHash => e.clear_hash(),
            Setting::Threads(n) => self.quietly(|s| s.threads = n),
            Setting::MultiPv(n) => self.quietly(|s| s.multipv = n),
            Setting::Ponder(on) => self.quietly(|s| s.ponder = on),
            Setting::MoveOverhead(ms) => self.quietly(|s| s.move_overhead_ms = ms),
            Setting::Contempt(cp) => self.quietly(|s| s.contempt = cp),
            Setting::AnalyseMode(on) => self.quietly(|s| s.analyse_mode = on),
            Setting::SkillLevel(n) => self.quietly(|s| s.strength.skill = n),
            Setting::LimitStrength(on) => self.quietly(|s| s.strength.limit = on),
            Setting::Elo(elo) => self.quietly(|s| s.strength.elo = elo),
            Setting::EvalFile(path) => match e.set_chess_network(path.as_deref()) {
                Ok(()) => {
                    let name = path.map_or("the built-in network".to_string(), |p| p.display().to_string());
                    self.out.line(&format!("info string chess evaluation network: {name}"));
                }
                Err(err) => self.error(&err),
            },
            Setting::HostInformation => {}
            Setting::Tunable(i, v) => e.set_tunable(i, v),
        }
    }

    /// A settings change that cannot fail by itself; a pending table resize that
    /// it triggers may still report a smaller table.
    fn quietly(&mut self, f: impl FnOnce(&mut crate::engine::Settings)) {
        if let Err(err) = self.engine.update_settings(f) {
            self.error(&err);
        }
    }

    /// `go perft N`: Stockfish's format, so scripts written for it work.
    fn perft(&self, depth: u32) {
        let (lines, total) = self.engine.perft(depth);
        let mut text: Vec<String> = lines.iter().map(|l| format!("{}: {}", l.mv, l.nodes)).collect();
        text.push(String::new());
        text.push(format!("Nodes searched: {total}"));
        self.out.lines(text.iter().map(String::as_str));
    }
}

/// The search limits of a `go` (everything but `perft` and `ponder`). A clock given
/// for one side only means the other side has none left (as Stockfish reads it): the
/// side to move then moves at once instead of searching without a time limit.
fn limits_from(p: GoParams, start: Instant) -> Limits<String> {
    let clocked = p.wtime.is_some() || p.btime.is_some();
    let (wtime, btime) = if clocked { (Some(p.wtime.unwrap_or(0)), Some(p.btime.unwrap_or(0))) } else { (None, None) };
    Limits {
        depth: p.depth,
        nodes: p.nodes,
        movetime_ms: p.movetime,
        mate: p.mate,
        infinite: p.infinite,
        wtime_ms: wtime,
        btime_ms: btime,
        winc_ms: p.winc,
        binc_ms: p.binc,
        movestogo: p.movestogo,
        searchmoves: p.searchmoves,
        start: Some(start),
        ..Limits::default()
    }
}

const HELP: &str = "\
info string Ludex speaks UCI (see protocol.md). Commands:
info string   uci | isready | ucinewgame | quit
info string   setoption name <name> [value <value>]   (UCI_Variant, UCI_Chess960, Hash, Threads, Skill Level, UCI_Elo, ...)
info string   position (startpos | fen <fen>) [moves <move>...]
info string   go [wtime|btime|winc|binc|movestogo|movetime|depth|nodes|mate <n>] [infinite] [ponder] [searchmoves <move>...]
info string   go perft <depth>   stop   ponderhit
info string   d (board, FEN, key)   eval (evaluation terms)   bench [depth]   help";
