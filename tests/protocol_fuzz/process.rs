//! The binary under fuzzing: raw bytes in, stdout lines and stderr text out, with a
//! record of the last lines sent for failure messages.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    /// The last lines sent and received, in order (`>` sent, `<` received).
    log: VecDeque<String>,
    pub lines_sent: u64,
}

const KEEP_LOG: usize = 60;

impl Process {
    pub fn spawn(args: &[&str]) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludex"))
            .args(args)
            .env("RUST_BACKTRACE", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start ludex");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let mut err = child.stderr.take().expect("stderr");
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = err.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                let mut s = sink.lock().unwrap();
                if s.len() < 1 << 20 {
                    s.push_str(&String::from_utf8_lossy(&chunk[..n]));
                }
            }
        });
        Process {
            child,
            stdin,
            lines: rx,
            stderr,
            log: VecDeque::new(),
            lines_sent: 0,
        }
    }

    /// Sends one line (the newline is added). A closed pipe is reported as an error:
    /// the process died while it should be listening.
    pub fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        let shown = String::from_utf8_lossy(bytes);
        let shown = if shown.chars().count() > 120 {
            format!(
                "{}... ({} bytes)",
                shown.chars().take(120).collect::<String>(),
                bytes.len()
            )
        } else {
            shown.into_owned()
        };
        self.remember(format!("> {shown}"));
        self.lines_sent += 1;
        let stdin = self.stdin.as_mut().ok_or("stdin closed")?;
        let mut line = bytes.to_vec();
        line.push(b'\n');
        stdin
            .write_all(&line)
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("write failed ({e}): the process is gone"))
    }

    fn remember(&mut self, entry: String) {
        self.log.push_back(entry);
        if self.log.len() > KEEP_LOG {
            self.log.pop_front();
        }
    }

    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next stdout line within `timeout`.
    pub fn read(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.remember(format!("< {l}"));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines already printed, without waiting.
    pub fn drain(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while let Ok(l) = self.lines.try_recv() {
            self.remember(format!("< {l}"));
            out.push(l);
        }
        out
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits up to `limit` for the exit; its code, or an error if it did not exit.
    pub fn wait_exit(&mut self, limit: Duration) -> Result<Option<i32>, String> {
        self.stdin = None;
        let deadline = Instant::now() + limit;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Ok(status.code());
            }
            if Instant::now() > deadline {
                return Err(format!("did not exit within {limit:?}"));
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// A failure message: what went wrong, the last lines sent, and stderr.
    pub fn failure(&self, what: &str) -> String {
        let log: Vec<&str> = self.log.iter().map(String::as_str).collect();
        let err = self.stderr();
        let err = if err.len() > 4000 {
            &err[err.len() - 4000..]
        } else {
            &err[..]
        };
        format!(
            "{what}\n-- the last lines sent (>) and received (<):\n{}\n-- stderr:\n{err}",
            log.join("\n")
        )
    }

    /// Ends the session as a host does, with `quit_line` or (`None`) by closing
    /// stdin, and waits for the exit: the lines printed last and the exit code.
    pub fn end(&mut self, quit_line: Option<&[u8]>) -> Result<(Vec<String>, Option<i32>), String> {
        match quit_line {
            Some(q) => self.send(q).map_err(|e| self.failure(&e))?,
            None => self.close_stdin(),
        }
        let code = self.wait_exit(Duration::from_secs(5)).map_err(|e| self.failure(&e))?;
        Ok((self.drain(), code))
    }

    /// The exit was clean: no panic on stderr (any thread's), status 0.
    pub fn check_clean_exit(&self, code: Option<i32>) -> Result<(), String> {
        if self.stderr().contains("panicked") {
            return Err(self.failure("the engine panicked"));
        }
        if code != Some(0) {
            return Err(self.failure(&format!("exit code {code:?}")));
        }
        Ok(())
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
