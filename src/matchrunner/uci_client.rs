//! The host side of UCI, set up the way Cute Chess does it (hosts.md §2): `uci`,
//! options, `UCI_Variant` / `UCI_Chess960`, `ucinewgame`, `isready`; then for every
//! move `position`, `isready`, `go` with both clocks, and wait for `bestmove`.

use std::time::{Duration, Instant};

use super::engine_config::EngineConfig;
use super::notices::Notices;
use super::player::{millis_between, Eval, EvalScore, Failure, GameSetup, MoveReply, MoveRequest, Player, UNTIMED_MOVE_LIMIT_MS};
use super::process::{EngineProcess, TrafficLog, WaitError};
use crate::core::Side;
use crate::variants::Variant;

/// Cute Chess's limits: 35 s for `uciok`, 15 s for `readyok`.
const UCIOK_LIMIT: Duration = Duration::from_secs(35);
const READYOK_LIMIT: Duration = Duration::from_secs(15);

/// An option the engine declared: its name and, for combos, the values it allows.
struct DeclaredOption {
    name: String,
    vars: Vec<String>,
}

pub struct UciPlayer {
    config: EngineConfig,
    /// Which `-engine` of the match this is (its place on the command line): the
    /// identity its one-time notices are kept under.
    entry: usize,
    log: Option<TrafficLog>,
    process: Option<EngineProcess>,
    options: Vec<DeclaredOption>,
    /// Shared by the match's games, so that a wrong option is said once.
    notices: Notices,
}

impl UciPlayer {
    pub fn new(config: EngineConfig, entry: usize, log: Option<TrafficLog>, notices: Notices) -> UciPlayer {
        UciPlayer { config, entry, log, process: None, options: Vec::new(), notices }
    }

    fn process(&mut self) -> Result<&mut EngineProcess, Failure> {
        self.process.as_mut().ok_or_else(|| Failure::Crash("not running".into()))
    }

    /// Turns a wait error into the failure it means, naming what was awaited.
    fn failed(&mut self, e: WaitError, awaited: &str) -> Failure {
        match e {
            WaitError::Timeout => Failure::Stall(format!("no {awaited}")),
            WaitError::Gone => {
                let status = self.process.as_mut().and_then(|p| p.exit_status());
                Failure::Crash(status.unwrap_or_else(|| "closed its output".into()))
            }
        }
    }

    fn declared(&self, name: &str) -> Option<&DeclaredOption> {
        self.options.iter().find(|o| o.name.eq_ignore_ascii_case(name))
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        let r = self.process()?.send(line);
        r.map_err(|e| self.failed(e, "input"))
    }

    fn sync(&mut self) -> Result<(), Failure> {
        self.sync_noting_errors().map(|_| ())
    }

    /// Waits for `readyok` and returns the engine's `info string error` lines before it.
    fn sync_noting_errors(&mut self) -> Result<Vec<String>, Failure> {
        self.send("isready")?;
        let deadline = Instant::now() + READYOK_LIMIT;
        let mut errors = Vec::new();
        let r = self.process()?.wait_for(deadline, |l| {
            if is_error_line(l) {
                errors.push(l.trim().to_string());
            }
            l.trim() == "readyok"
        });
        r.map(|_| errors).map_err(|e| self.failed(e, "readyok"))
    }

    /// Sends the configured options, and in the engine's first game of the match warns
    /// (on stderr) about an option it did not declare or answered with an error: a
    /// mistyped `option.EvalFile=` would otherwise play a whole match on the wrong
    /// settings without a word.
    fn send_options(&mut self) -> Result<(), Failure> {
        let options = self.config.options.clone();
        // Keyed by the `-engine` entry, not its name: two entries may share a name
        // (the program's file name) and differ in options, arguments or directory.
        let check = !options.is_empty() && self.notices.first_time(self.entry);
        for (k, v) in options {
            self.send(&format!("setoption name {k} value {v}"))?;
            if !check {
                continue;
            }
            let errors = self.sync_noting_errors()?;
            if self.declared(&k).is_none() {
                // One line for the option, with the engine's own complaint if it made one.
                let said = errors.iter().map(|e| format!("; it says {e}")).collect::<String>();
                log::warn!("{}: the engine does not declare option {k}{said}", self.config.name);
                continue;
            }
            for e in errors {
                log::warn!("{}: setoption name {k} value {v}: {e}", self.config.name);
            }
        }
        Ok(())
    }

    fn handshake(&mut self) -> Result<(), Failure> {
        self.send("uci")?;
        let deadline = Instant::now() + UCIOK_LIMIT;
        loop {
            let r = self.process()?.recv(deadline);
            let (line, _) = r.map_err(|e| self.failed(e, "uciok"))?;
            let tokens: Vec<&str> = line.split_whitespace().collect();
            match tokens.first() {
                Some(&"uciok") => return Ok(()),
                Some(&"option") => self.options.push(parse_option(&tokens)),
                _ => {}
            }
        }
    }
}

/// `option name <words> type <t> [default ..] [var ..]*` to its name and combo values.
fn parse_option(tokens: &[&str]) -> DeclaredOption {
    let mut name = Vec::new();
    let mut vars = Vec::new();
    let mut i = 1;
    let mut section = "";
    while i < tokens.len() {
        match tokens[i] {
            "name" | "type" | "default" | "min" | "max" | "var" => {
                section = tokens[i];
                if section == "var" {
                    vars.push(String::new());
                }
            }
            t => match section {
                "name" => name.push(t),
                "var" => {
                    let v = vars.last_mut().expect("var pushed above");
                    if !v.is_empty() {
                        v.push(' ');
                    }
                    v.push_str(t);
                }
                _ => {}
            },
        }
        i += 1;
    }
    DeclaredOption { name: name.join(" "), vars }
}

/// A line by which an engine reports a command it refused (`info string error: ...`,
/// as Ludex and Stockfish word it).
/// The score and depth of an `info` line that has both (`info depth 12 ... score cp
/// 35 ...`, or `score mate -3`); bound-only scores count too, as the engine's last
/// word. Other lines, and `info string` whatever it says, give `None`.
fn info_eval(line: &str) -> Option<Eval> {
    let t: Vec<&str> = line.split_whitespace().collect();
    if t.first() != Some(&"info") || t.get(1) == Some(&"string") {
        return None;
    }
    let after = |key: &str| t.iter().position(|&w| w == key).and_then(|i| t.get(i + 1).copied());
    let depth = after("depth")?.parse().ok()?;
    let i = t.iter().position(|&w| w == "score")?;
    let value: i32 = t.get(i + 2)?.parse().ok()?;
    let score = match *t.get(i + 1)? {
        "cp" => EvalScore::Cp(value),
        "mate" => EvalScore::Mate(value),
        _ => return None,
    };
    Some(Eval { score, depth })
}

fn is_error_line(line: &str) -> bool {
    let mut t = line.split_whitespace();
    t.next() == Some("info") && t.next() == Some("string") && t.next().is_some_and(|w| w.to_ascii_lowercase().starts_with("error"))
}

/// The `position` command for a game so far.
pub fn position_command(setup: &GameSetup, moves: &[String]) -> String {
    let mut s = match &setup.start_fen {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(m);
        }
    }
    s
}

/// The `go` command for the side to move, with both clocks as Cute Chess sends them.
pub fn go_command(req: &MoveRequest) -> String {
    let mut s = String::from("go");
    let own = req.clocks[req.side.index()];
    let (w, b) = (req.clocks[Side::White.index()], req.clocks[Side::Black.index()]);
    if own.tc.base_ms.is_some() {
        for (key, clock) in [("wtime", w), ("btime", b)] {
            // An opponent with a different, clockless control gets our clock: UCI has no
            // way to say "no clock" for one side.
            let left = if clock.tc.base_ms.is_some() { clock.left_ms } else { own.left_ms };
            s.push_str(&format!(" {key} {left}"));
        }
        for (key, clock) in [("winc", w), ("binc", b)] {
            let inc = if clock.tc.base_ms.is_some() { clock.tc.inc_ms } else { own.tc.inc_ms };
            s.push_str(&format!(" {key} {inc}"));
        }
        if let Some(mtg) = own.moves_to_go() {
            s.push_str(&format!(" movestogo {mtg}"));
        }
    }
    if let Some(st) = own.tc.movetime_ms {
        s.push_str(&format!(" movetime {st}"));
    }
    if let Some(n) = own.tc.nodes {
        s.push_str(&format!(" nodes {n}"));
    }
    if let Some(d) = own.tc.depth {
        s.push_str(&format!(" depth {d}"));
    }
    s
}

impl Player for UciPlayer {
    fn name(&self) -> &str {
        &self.config.name
    }

    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        let c = &self.config;
        let p = EngineProcess::spawn(&c.name, &c.cmd, &c.args, c.dir.as_deref(), self.log.clone(), "\n")
            .map_err(|e| Failure::Crash(format!("cannot start '{}': {e}", c.cmd)))?;
        self.process = Some(p);
        self.handshake()?;
        self.sync()?;
        self.send_options()?;
        match setup.variant {
            Variant::Chess => {}
            Variant::Chess960 => {
                if self.declared("UCI_Chess960").is_none() {
                    return Err(Failure::Protocol("engine does not declare UCI_Chess960".into()));
                }
                self.send("setoption name UCI_Chess960 value true")?;
            }
            v => {
                let supported = self
                    .declared("UCI_Variant")
                    .is_some_and(|o| o.vars.iter().any(|x| x.eq_ignore_ascii_case(v.name())));
                if !supported {
                    return Err(Failure::Protocol(format!("engine does not support variant {v}")));
                }
                self.send(&format!("setoption name UCI_Variant value {}", v.name()))?;
            }
        }
        self.send("ucinewgame")?;
        self.sync()
    }

    fn request_move(&mut self, req: &MoveRequest) -> Result<MoveReply, Failure> {
        self.send(&position_command(req.setup, req.moves))?;
        self.sync()?;
        let limit = req.clocks[req.side.index()].allowance_ms().map(|a| a + req.margin_ms);
        self.send(&go_command(req))?;
        let sent = Instant::now();
        let hard = sent + Duration::from_millis(limit.unwrap_or(UNTIMED_MOVE_LIMIT_MS));
        // The last score reported before the move is the one the move was played on.
        let mut eval = None;
        let mut is_bestmove = |l: &str| {
            if let Some(e) = info_eval(l) {
                eval = Some(e);
            }
            l.split_whitespace().next() == Some("bestmove")
        };
        let answer = match self.process()?.wait_for(hard, &mut is_bestmove) {
            Ok(a) => a,
            Err(WaitError::Timeout) => {
                // Past the limit: ask for the move (as Cute Chess does), so a late
                // answer is recorded as a time loss rather than silence.
                self.send("stop")?;
                let grace = Instant::now() + Duration::from_millis(req.grace_ms);
                let r = self.process()?.wait_for(grace, &mut is_bestmove);
                r.map_err(|e| match e {
                    WaitError::Timeout => Failure::Stall(format!(
                        "no bestmove {} ms after the limit and stop",
                        millis_between(sent, Instant::now()).saturating_sub(limit.unwrap_or(0))
                    )),
                    e => self.failed(e, "bestmove"),
                })?
            }
            Err(e) => return Err(self.failed(e, "bestmove")),
        };
        let (line, at) = answer;
        let text = line.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok(MoveReply { text, elapsed_ms: millis_between(sent, at), eval })
    }

    fn quit(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.shutdown(Some("quit"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_score_and_depth_of_info_lines() {
        let e = info_eval("info depth 12 seldepth 18 multipv 1 score cp -35 nodes 1000 pv e2e4");
        assert_eq!(e, Some(Eval { score: EvalScore::Cp(-35), depth: 12 }));
        let e = info_eval("info depth 20 score mate 3 lowerbound pv d1h5");
        assert_eq!(e, Some(Eval { score: EvalScore::Mate(3), depth: 20 }));
        for line in ["info string score cp 10 depth 3", "info depth 3 nodes 10", "info nodes 5 score cp 10", "bestmove e2e4", "info depth x score cp 1"] {
            assert_eq!(info_eval(line), None, "{line}");
        }
    }

    #[test]
    fn reads_option_declarations() {
        let line = "option name UCI_Variant type combo default chess var chess var antichess var gomoku";
        let o = parse_option(&line.split_whitespace().collect::<Vec<_>>());
        assert_eq!(o.name, "UCI_Variant");
        assert_eq!(o.vars, ["chess", "antichess", "gomoku"]);
        let o = parse_option(&"option name Move Overhead type spin default 10 min 0 max 5000".split_whitespace().collect::<Vec<_>>());
        assert_eq!(o.name, "Move Overhead");
    }

    #[test]
    fn recognises_error_lines() {
        assert!(is_error_line("info string error: cannot read network file /nope"));
        assert!(is_error_line("info string ERROR unknown option"));
        assert!(!is_error_line("info string chess evaluation network: x.nnue"));
        assert!(!is_error_line("info depth 3 score cp 10 pv e2e4"));
        assert!(!is_error_line("info string"));
    }
}
