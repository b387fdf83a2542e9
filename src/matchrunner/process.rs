//! One engine child process: lines in, timestamped lines out, and an optional log
//! of the traffic. A reader thread turns stdout into a channel so that every wait
//! has a deadline; the channel closing means the process went away.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// A shared per-game log: both engines write into it, each line tagged with the
/// engine's name, the direction and the time since the game began.
#[derive(Clone)]
pub struct TrafficLog {
    file: Arc<Mutex<File>>,
    start: Instant,
}

impl TrafficLog {
    pub fn create(path: &PathBuf) -> std::io::Result<TrafficLog> {
        Ok(TrafficLog { file: Arc::new(Mutex::new(File::create(path)?)), start: Instant::now() })
    }

    pub fn write(&self, who: &str, dir: &str, line: &str) {
        let ms = self.start.elapsed().as_millis();
        if let Ok(mut f) = self.file.lock() {
            let _ = writeln!(f, "{ms:>8} {who} {dir} {line}");
        }
    }
}

/// Why a wait for the engine ended without a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaitError {
    /// Nothing arrived before the deadline.
    Timeout,
    /// The process closed its output (it exited or crashed).
    Gone,
}

pub struct EngineProcess {
    pub name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(String, Instant)>,
    log: Option<TrafficLog>,
    /// Line ending written after each command (`\r\n` for Gomocup managers).
    eol: &'static str,
}

impl EngineProcess {
    pub fn spawn(
        name: &str,
        cmd: &str,
        args: &[String],
        dir: Option<&str>,
        log: Option<TrafficLog>,
        eol: &'static str,
    ) -> std::io::Result<EngineProcess> {
        let mut command = Command::new(cmd);
        command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        if let Some(d) = dir {
            command.current_dir(d);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end_matches(['\r', '\n']).to_string();
                        if tx.send((line, Instant::now())).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess { name: name.to_string(), child, stdin, lines: rx, log, eol })
    }

    /// Writes one command line. A closed pipe means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), WaitError> {
        if let Some(log) = &self.log {
            log.write(&self.name, ">", line);
        }
        let stdin = self.stdin.as_mut().ok_or(WaitError::Gone)?;
        let ok = stdin.write_all(line.as_bytes()).is_ok()
            && stdin.write_all(self.eol.as_bytes()).is_ok()
            && stdin.flush().is_ok();
        if ok {
            Ok(())
        } else {
            Err(WaitError::Gone)
        }
    }

    /// The next line and when it was read, waiting until `deadline` at most.
    pub fn recv(&mut self, deadline: Instant) -> Result<(String, Instant), WaitError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok((line, at)) => {
                if let Some(log) = &self.log {
                    log.write(&self.name, "<", &line);
                }
                Ok((line, at))
            }
            Err(RecvTimeoutError::Timeout) => Err(WaitError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(WaitError::Gone),
        }
    }

    /// Waits for a line for which `pred` holds, skipping the others.
    pub fn wait_for(
        &mut self,
        deadline: Instant,
        mut pred: impl FnMut(&str) -> bool,
    ) -> Result<(String, Instant), WaitError> {
        loop {
            let (line, at) = self.recv(deadline)?;
            if pred(&line) {
                return Ok((line, at));
            }
        }
    }

    /// A description of how the process ended, if it has (for forfeit reasons).
    pub fn exit_status(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => None,
        }
    }

    /// Says `quit_line` (if any), gives the process a moment, then kills it.
    pub fn shutdown(&mut self, quit_line: Option<&str>) {
        if let Some(q) = quit_line {
            let _ = self.send(q);
        }
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
