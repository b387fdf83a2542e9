//! Drives the real `ludex` binary over stdin/stdout the way a host does, with read
//! timeouts so that a hang fails the test instead of blocking it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

pub const TIMEOUT: Duration = Duration::from_secs(10);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn spawn() -> Engine {
        Engine::spawn_with_args(&[])
    }

    /// A UCI session as a host opens it: `uci` answered, `UCI_Variant` set to
    /// `variant`, `ucinewgame` sent and the engine ready.
    pub fn uci(variant: &str) -> Engine {
        let mut e = Engine::spawn();
        e.send("uci");
        e.read_until(|l| l == "uciok");
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("ucinewgame");
        e.sync();
        e
    }

    pub fn spawn_with_args(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludex"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start ludex");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        Engine { child, stdin, lines: rx, transcript: Vec::new() }
    }

    /// The engine process's id (for reading its state in /proc).
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin already closed");
        writeln!(stdin, "{line}").expect("engine stdin closed");
        stdin.flush().expect("flush");
    }

    /// Sends raw bytes (a line that is not UTF-8, say); the caller adds the newline.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.transcript
            .push(format!("> {}", String::from_utf8_lossy(bytes).trim_end()));
        let stdin = self.stdin.as_mut().expect("stdin already closed");
        stdin.write_all(bytes).expect("engine stdin closed");
        stdin.flush().expect("flush");
    }

    /// The exit code once the process has exited (after `wait_exit`), else `None`.
    pub fn exit_code(&mut self) -> Option<i32> {
        self.child.try_wait().ok().flatten().and_then(|s| s.code())
    }

    /// Closes stdin (EOF), as a host that goes away does.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout` (or at EOF).
    pub fn read_line_timeout(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(format!("< {l}"));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    pub fn read_line(&mut self) -> String {
        match self.read_line_timeout(TIMEOUT) {
            Some(l) => l,
            None => panic!("no line from ludex within {TIMEOUT:?}; transcript:\n{}", self.transcript.join("\n")),
        }
    }

    /// Reads lines until one satisfies `pred`; returns all lines read, the match last.
    pub fn read_until(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        self.read_until_timeout(pred, TIMEOUT)
    }

    pub fn read_until_timeout(&mut self, pred: impl Fn(&str) -> bool, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.read_line_timeout(left) {
                Some(l) => {
                    let done = pred(&l);
                    out.push(l);
                    if done {
                        return out;
                    }
                }
                None => panic!(
                    "expected line not seen within {timeout:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Sends `isready` and returns every line printed before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Sends a command and collects what it printed (everything up to the next
    /// `readyok`), for commands that answer synchronously.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
    }

    /// `go perft N`: returns (per-move lines, total).
    pub fn perft(&mut self, depth: u32) -> (Vec<(String, u64)>, u64) {
        self.send(&format!("go perft {depth}"));
        let lines = self.read_until(|l| l.starts_with("Nodes searched:"));
        let total = lines.last().unwrap()["Nodes searched:".len()..].trim().parse().expect("total");
        let moves = lines[..lines.len() - 1]
            .iter()
            .filter(|l| !l.is_empty())
            .map(|l| {
                let (m, n) = l.split_once(": ").unwrap_or_else(|| panic!("bad perft line '{l}'"));
                (m.to_string(), n.parse().unwrap_or_else(|_| panic!("bad count in '{l}'")))
            })
            .collect();
        (moves, total)
    }

    /// The FEN reported by `d`.
    pub fn fen(&mut self) -> String {
        let lines = self.ask("d");
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Fen: "))
            .unwrap_or_else(|| panic!("no Fen line in d output: {lines:?}"))
            .to_string()
    }

    /// Every line that arrives within `window` (waiting the whole window).
    pub fn lines_within(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut out = Vec::new();
        while let Some(l) = self.read_line_timeout(deadline.saturating_duration_since(Instant::now())) {
            out.push(l);
        }
        out
    }

    /// Asserts that no `bestmove` arrives within `window`; returns the lines that did.
    pub fn expect_no_bestmove(&mut self, window: Duration) -> Vec<String> {
        let lines = self.lines_within(window);
        if let Some(b) = lines.iter().find(|l| l.starts_with("bestmove")) {
            panic!("unexpected '{b}' within {window:?}; transcript:\n{}", self.transcript.join("\n"));
        }
        lines
    }

    /// Sends `go <args>` and reads up to its `bestmove` (within `timeout`); returns the
    /// lines before it and the `bestmove` line.
    pub fn go_timeout(&mut self, args: &str, timeout: Duration) -> (Vec<String>, String) {
        self.send(format!("go {args}").trim_end());
        let mut lines = self.read_until_timeout(|l| l.starts_with("bestmove"), timeout);
        let best = lines.pop().unwrap();
        (lines, best)
    }

    pub fn go(&mut self, args: &str) -> (Vec<String>, String) {
        self.go_timeout(args, TIMEOUT)
    }

    /// The legal moves of the current position, from `go perft 1`.
    pub fn legal_moves(&mut self) -> Vec<String> {
        let (moves, total) = self.perft(1);
        assert_eq!(moves.len() as u64, total, "perft 1 lists {} moves but counts {total}", moves.len());
        moves.into_iter().map(|(m, _)| m).collect()
    }

    /// Sets a position and returns the error lines it printed (none if it was accepted).
    pub fn try_position(&mut self, cmd: &str) -> Vec<String> {
        self.send(cmd);
        self.sync().into_iter().filter(|l| l.starts_with("info string error")).collect()
    }

    /// Sends `quit` and waits for the process to exit; returns whether it exited 0.
    pub fn quit(mut self) -> bool {
        self.send("quit");
        self.wait_exit()
    }

    pub fn wait_exit(&mut self) -> bool {
        self.wait_exit_within(TIMEOUT)
    }

    /// Closes stdin and waits up to `limit` for the process to exit.
    pub fn wait_exit_within(&mut self, limit: Duration) -> bool {
        self.stdin = None;
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.success();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("ludex did not exit; transcript:\n{}", self.transcript.join("\n"));
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Asserts `mv` is legal in the engine's current position (by its own `go perft 1`).
pub fn assert_legal(e: &mut Engine, mv: &str) {
    let legal = e.legal_moves();
    assert!(legal.iter().any(|m| m == mv), "'{mv}' is not legal here ({} moves: {legal:?})", legal.len());
}

/// The move and ponder move of a `bestmove` line (`None` for `(none)`).
pub fn parse_bestmove(line: &str) -> (Option<String>, Option<String>) {
    let mut t = line.split_whitespace();
    assert_eq!(t.next(), Some("bestmove"), "not a bestmove line: '{line}'");
    let best = t.next().unwrap_or_else(|| panic!("bestmove without a move: '{line}'"));
    let best = if best == "(none)" { None } else { Some(best.to_string()) };
    let ponder = match t.next() {
        Some("ponder") => Some(t.next().unwrap_or_else(|| panic!("ponder without a move: '{line}'")).to_string()),
        Some(other) => panic!("unexpected '{other}' in '{line}'"),
        None => None,
    };
    assert_eq!(t.next(), None, "trailing tokens in '{line}'");
    (best, ponder)
}
