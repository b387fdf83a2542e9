//! Reading the host's lines. A host may send bytes that are not UTF-8 (a GUI on a
//! Latin-1 system naming a file in an option value) or, by mistake, a line of
//! megabytes. Neither may end the session: `std::io::Lines` stops at the first
//! invalid byte, which to a host looks like a crash mid-game. Here a line is read as
//! bytes, decoded lossily (an invalid byte becomes U+FFFD, which no command accepts,
//! so the line earns the usual one error answer), and cut at [`MAX_LINE_BYTES`].

use std::io::BufRead;

/// Longer lines are cut here (the rest up to the newline is skipped). A `position`
/// with a whole game of moves is a few tens of kilobytes.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line from the host, without its line ending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputLine {
    pub text: String,
    /// The line had bytes that are not UTF-8 (replaced by U+FFFD in `text`).
    pub lossy: bool,
    /// The line was longer than [`MAX_LINE_BYTES`] and was cut.
    pub truncated: bool,
}

impl InputLine {
    /// The text to obey, or the one error to answer instead: a line cut for its
    /// length is not obeyed (half a `position` would be a wrong position); one with
    /// bytes that are not UTF-8 is obeyed as decoded (the replacement characters
    /// make it an error like any other bad input).
    pub fn usable(&self) -> Result<&str, String> {
        if self.truncated {
            Err(format!("line longer than {MAX_LINE_BYTES} bytes ignored"))
        } else {
            Ok(&self.text)
        }
    }
}

/// Input quoted back in an answer, cut to `max_chars` characters (the host's log
/// should not get back a megabyte it sent by mistake).
pub fn cut(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_string();
    }
    let head: String = text.chars().take(max_chars).collect();
    format!("{head}... ({} bytes)", text.len())
}

/// Reads the next line; `None` at end of input or on a read error (the host is gone).
pub fn read_line(input: &mut impl BufRead) -> Option<InputLine> {
    let mut bytes = Vec::new();
    let mut truncated = false;
    let mut got_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if chunk.is_empty() {
            break; // EOF: a last line without a newline still counts
        }
        got_any = true;
        let (part, found_newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(bytes.len());
        if part.len() > room {
            truncated = true;
        }
        bytes.extend_from_slice(&part[..part.len().min(room)]);
        let used = part.len() + found_newline as usize;
        input.consume(used);
        if found_newline {
            break;
        }
    }
    if !got_any {
        return None;
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    let (text, lossy) = match String::from_utf8(bytes) {
        Ok(s) => (s, false),
        Err(e) => (String::from_utf8_lossy(e.as_bytes()).into_owned(), true),
    };
    Some(InputLine {
        text,
        lossy,
        truncated,
    })
}

/// All lines of `input`, until end of input.
pub fn lines(mut input: impl BufRead) -> impl Iterator<Item = InputLine> {
    std::iter::from_fn(move || read_line(&mut input))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<InputLine> {
        lines(std::io::BufReader::with_capacity(7, bytes)).collect()
    }

    #[test]
    fn plain_lines_with_any_line_ending() {
        let got: Vec<String> = all(b"uci\r\nisready\n\nquit")
            .into_iter()
            .map(|l| l.text)
            .collect();
        assert_eq!(got, ["uci", "isready", "", "quit"]);
    }

    #[test]
    fn invalid_utf8_is_replaced_not_fatal() {
        let got = all(b"setoption name Foo value \xff\xfe\nisready\n");
        assert_eq!(got.len(), 2);
        assert!(got[0].lossy);
        assert_eq!(got[0].text, "setoption name Foo value \u{fffd}\u{fffd}");
        assert_eq!(got[1].text, "isready");
        assert!(!got[1].lossy);
    }

    #[test]
    fn huge_lines_are_cut_and_the_next_line_survives() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 12345];
        input.extend_from_slice(b"\nisready\n");
        let got = all(&input);
        assert_eq!(got.len(), 2);
        assert!(got[0].truncated);
        assert_eq!(got[0].text.len(), MAX_LINE_BYTES);
        assert_eq!(got[1].text, "isready");
    }
}
