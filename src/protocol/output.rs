//! The one way protocol lines reach stdout: whole lines, flushed at once, from any
//! thread (the search thread reports while the input loop answers `isready`).

use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn new(sink: Box<dyn Write + Send>) -> Self {
        Output { sink: Arc::new(Mutex::new(sink)) }
    }

    pub fn stdout() -> Self {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Writes one line (a trailing newline is added) and flushes. A closed stdout
    /// (the host went away) is not an error worth dying for: the input loop will see
    /// EOF and exit cleanly.
    pub fn line(&self, text: &str) {
        log::debug!(">> {text}");
        let mut sink = match self.sink.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }

    /// Writes several lines under one lock, so no other thread's line lands in between
    /// (used for the multi-line `d` and `go perft` answers).
    pub fn lines<'a>(&self, texts: impl IntoIterator<Item = &'a str>) {
        let mut sink = match self.sink.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        for t in texts {
            log::debug!(">> {t}");
            let _ = writeln!(sink, "{t}");
        }
        let _ = sink.flush();
    }
}

/// A sink that keeps what was written, for unit tests of the protocol layers.
#[cfg(test)]
#[derive(Clone, Default)]
pub struct Captured(pub Arc<Mutex<Vec<u8>>>);

#[cfg(test)]
impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
impl Captured {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}
