//! The UCI input loop: reads lines, turns them into commands, asks the engine, and
//! prints the answers. Mistakes get one `info string error: ...` line and the loop
//! goes on; EOF or `quit` ends it.

use std::io::BufRead;

use super::command::{parse_line, Command, Start};
use super::options::{option_lines, parse_setting, Setting};
use crate::engine::Engine;
use crate::protocol::output::Output;

pub const ENGINE_NAME: &str = concat!("Ludex ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the Ludex developers";

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
        for line in input.lines() {
            let Ok(line) = line else { break };
            if !self.handle_line(&line) {
                break;
            }
        }
        self.shutdown();
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

    fn shutdown(&mut self) {}

    fn error(&self, e: &dyn std::fmt::Display) {
        self.out.line(&format!("info string error: {e}"));
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
                    self.perft(depth);
                } else {
                    self.error(&"search is not available yet");
                }
            }
            Command::Stop | Command::PonderHit => {}
            Command::Display => {
                let lines = self.engine.describe();
                self.out.lines(lines.iter().map(String::as_str));
            }
            Command::Eval | Command::Bench(_) => self.error(&"not available yet"),
            Command::Help => self.out.lines(HELP.lines()),
            Command::Quit => {}
        }
    }

    fn apply(&mut self, setting: Setting) {
        let s = &mut self.engine.settings;
        match setting {
            Setting::Variant(v) => self.engine.set_variant(v),
            Setting::Chess960(on) => self.engine.set_chess960(on),
            Setting::Hash(mb) => s.hash_mb = mb,
            Setting::ClearHash => {}
            Setting::Threads(n) => s.threads = n,
            Setting::MultiPv(n) => s.multipv = n,
            Setting::Ponder(on) => s.ponder = on,
            Setting::MoveOverhead(ms) => s.move_overhead_ms = ms,
            Setting::AnalyseMode(on) => s.analyse_mode = on,
            Setting::HostInformation => {}
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

const HELP: &str = "\
info string Ludex speaks UCI (see protocol.md). Commands:
info string   uci | isready | ucinewgame | quit
info string   setoption name <name> [value <value>]   (UCI_Variant, UCI_Chess960, Hash, Threads, ...)
info string   position (startpos | fen <fen>) [moves <move>...]
info string   go [wtime|btime|winc|binc|movestogo|movetime|depth|nodes|mate <n>] [infinite] [ponder] [searchmoves <move>...]
info string   go perft <depth>   stop   ponderhit
info string   d (board, FEN, key)   eval (evaluation terms)   bench [depth]   help";
