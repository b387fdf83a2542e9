//! Runs the real `ludex` binary to the end with a deadline: a hang fails the test
//! instead of blocking it. Standard input is written and both output pipes are
//! read from threads, so a child that prints a lot (or reads a long script) never
//! stalls on a full pipe.

use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

pub struct Finished {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl Finished {
    /// The exit code (`-1` when killed by a signal).
    pub fn code(&self) -> i32 {
        self.status.code().unwrap_or(-1)
    }
}

/// `ludex ARGS` with `input` on standard input (then EOF).
pub fn ludex(args: &[&str], input: &str, limit: Duration) -> Finished {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ludex"));
    cmd.args(args);
    run(cmd, input, limit)
}

/// Runs `cmd` with `input` on standard input (then EOF), killing it and failing
/// the test (with what it printed so far) if it is still running after `limit`.
pub fn run(mut cmd: Command, input: &str, limit: Duration) -> Finished {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {cmd:?}: {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = thread::spawn(move || {
        // The child may exit without reading everything; that is its business.
        let _ = stdin.write_all(input.as_bytes());
    });
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut s = String::new();
            if let Some(mut p) = pipe {
                let mut bytes = Vec::new();
                let _ = p.read_to_end(&mut bytes);
                s = String::from_utf8_lossy(&bytes).into_owned();
            }
            s
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let out = stdout.join().unwrap_or_default();
            let err = stderr.join().unwrap_or_default();
            panic!("{cmd:?} still running after {limit:?}; stdout:\n{out}\nstderr:\n{err}");
        }
        thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    Finished { status, stdout: stdout.join().expect("stdout reader"), stderr: stderr.join().expect("stderr reader") }
}
