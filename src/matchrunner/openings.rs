//! Openings: a start FEN and/or moves, read from a file (EPD/FEN lines or move
//! lists) and handed out in order or shuffled with a seed. Each opening is played
//! twice, once with each colour; Chess960 without a file gets generated start
//! positions from the seed.

use std::fmt;

use super::chess960;
use crate::core::rng::Rng;
use crate::core::{epd, Position};
use crate::variants::Variant;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// Start FEN in Ludex's canonical form, `None` for the variant's start position.
    pub fen: Option<String>,
    /// Moves from that position, in Ludex's notation.
    pub moves: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Epd,
    Fen,
    Moves,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningError(pub String);

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OpeningError {}

/// Checks an opening against the variant's rules and puts it in canonical form.
pub fn normalise(variant: Variant, fen: Option<&str>, moves: &[String]) -> Result<Opening, String> {
    let start = variant.setup(fen, &[]).map_err(|e| e.to_string())?;
    let start_fen = crate::with_position!(&start, p => p.to_fen());
    let standard = crate::with_position!(&variant.startpos(), p => p.to_fen());
    let mut pos = start;
    let mut canon = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let r: Result<(), String> = crate::with_position!(&mut pos, p => {
            if p.outcome().is_some() {
                return Err(format!("move {} ({m}): the game is already over", i + 1));
            }
            let mv = p.parse_move(m).map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
            canon.push(p.format_move(mv));
            p.make_move(mv);
            Ok(())
        });
        r?;
    }
    let finished = crate::with_position!(&pos, p => p.outcome().is_some());
    if finished {
        return Err("the opening ends the game".into());
    }
    Ok(Opening { fen: (start_fen != standard).then_some(start_fen), moves: canon })
}

/// One opening from one line of a file.
fn parse_line(variant: Variant, format: Format, line: &str) -> Result<Opening, String> {
    match format {
        Format::Fen => normalise(variant, Some(line), &[]),
        Format::Epd => {
            let fen = epd::to_fen(line).ok_or("an EPD line needs four fields")?;
            normalise(variant, Some(&fen), &[])
        }
        Format::Moves => {
            // Move numbers (`1.`, `12...`) and a trailing result are tolerated.
            let moves: Vec<String> = line
                .split_whitespace()
                .filter(|t| !t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
                .filter(|t| !matches!(*t, "*" | "1-0" | "0-1" | "1/2-1/2"))
                .map(|t| t.rsplit('.').next().unwrap_or(t).to_string())
                .collect();
            normalise(variant, None, &moves)
        }
    }
}

/// Reads every opening in `text` (blank lines and `#` comments skipped).
pub fn parse_book(variant: Variant, format: Format, text: &str) -> Result<Vec<Opening>, OpeningError> {
    let mut book = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let o = parse_line(variant, format, line).map_err(|e| OpeningError(format!("opening line {}: {e}", n + 1)))?;
        book.push(o);
    }
    if book.is_empty() {
        return Err(OpeningError("the opening file has no openings".into()));
    }
    Ok(book)
}

/// What to tell the user when a match has more pairs of games than `openings`
/// (a book's size; 1 for the start position): the pairs play the openings again.
/// When every engine is limited by nodes or depth alone (`deterministic`), a
/// repeated pair is the same two games move for move, so the games beyond the
/// first pass add no information and a result's error bars overstate it.
pub fn repeat_note(openings: usize, pairs: usize, deterministic: bool) -> Option<String> {
    if openings == 0 || pairs <= openings {
        return None;
    }
    let times = pairs.div_ceil(openings);
    let plural = if openings == 1 { "" } else { "s" };
    let mut note = format!("{pairs} pairs of games from {openings} opening{plural}: each opening is played up to {times} times");
    if deterministic {
        note += &format!(
            "; engines limited by nodes or depth alone play the same games again, so the games after the first {} add no information (give more openings)",
            2 * openings
        );
    }
    Some(note)
}

/// Hands out openings, one per pair of games.
#[derive(Debug, Clone)]
pub struct OpeningPicker {
    book: Vec<Opening>,
    order: Vec<usize>,
    variant: Variant,
    rng: Rng,
}

impl OpeningPicker {
    /// `book` empty: the variant's start position (or, in Chess960, a generated one).
    pub fn new(variant: Variant, book: Vec<Opening>, random: bool, seed: u64) -> OpeningPicker {
        let mut rng = Rng::new(seed);
        let mut order: Vec<usize> = (0..book.len()).collect();
        if random {
            for i in (1..order.len()).rev() {
                let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                order.swap(i, j);
            }
        }
        OpeningPicker { book, order, variant, rng }
    }

    /// How many different openings [`OpeningPicker::pick`] hands out for a book of
    /// `book_len` openings: the book's, or without one the start position (in
    /// Chess960, one of the 960 start positions).
    pub fn distinct(variant: Variant, book_len: usize) -> usize {
        match (book_len, variant) {
            (0, Variant::Chess960) => 960,
            (0, _) => 1,
            (n, _) => n,
        }
    }

    /// The opening for the `k`-th pair of games (call with k = 0, 1, 2, ... in order).
    pub fn pick(&mut self, k: usize) -> Opening {
        if !self.book.is_empty() {
            return self.book[self.order[k % self.order.len()]].clone();
        }
        if self.variant == Variant::Chess960 {
            let n = (self.rng.next_u64() % 960) as u32;
            let fen = chess960::start_fen(n);
            let mut o = normalise(Variant::Chess960, Some(&fen), &[]).expect("generated Chess960 positions are valid");
            // Hosts always send Chess960 as `position fen` (hosts.md §2), 518 included.
            o.fen.get_or_insert_with(|| crate::with_position!(&Variant::Chess960.startpos(), p => p.to_fen()));
            return o;
        }
        Opening { fen: None, moves: Vec::new() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_openings_are_noted() {
        assert_eq!(repeat_note(100, 100, true), None);
        assert_eq!(repeat_note(100, 40, false), None);
        let timed = repeat_note(100, 200, false).unwrap();
        assert!(timed.contains("200 pairs of games from 100 openings") && timed.contains("up to 2 times"), "{timed}");
        assert!(!timed.contains("same games"), "{timed}");
        let fixed = repeat_note(100, 201, true).unwrap();
        assert!(fixed.contains("up to 3 times") && fixed.contains("after the first 200 add no information"), "{fixed}");
        assert!(repeat_note(1, 2, true).unwrap().starts_with("2 pairs of games from 1 opening:"));
    }

    #[test]
    fn reads_each_format() {
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n# comment\n\n";
        let b = parse_book(Variant::Chess, Format::Epd, epd).unwrap();
        assert_eq!(b.len(), 1);
        assert!(b[0].fen.as_deref().unwrap().starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"));
        let b = parse_book(Variant::Chess, Format::Moves, "1. e2e4 e7e5 2. g1f3\n").unwrap();
        assert_eq!(b[0], Opening { fen: None, moves: vec!["e2e4".into(), "e7e5".into(), "g1f3".into()] });
        let b = parse_book(Variant::Gomoku, Format::Moves, "h8 i9 j10").unwrap();
        assert_eq!(b[0].moves.len(), 3);
        let b = parse_book(Variant::Chess, Format::Fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(b[0].fen, None, "the standard start is not a FEN opening");
        let err = parse_book(Variant::Chess, Format::Moves, "e2e4 e2e4").unwrap_err();
        assert!(err.0.contains("line 1") && err.0.contains("move 2"), "{err}");
        assert!(parse_book(Variant::Chess, Format::Moves, "# nothing\n").is_err());
    }

    #[test]
    fn shuffles_deterministically_and_generates_960() {
        let book: Vec<Opening> = (0..10).map(|i| Opening { fen: None, moves: vec![format!("{i}")] }).collect();
        let mut a = OpeningPicker::new(Variant::Chess, book.clone(), true, 7);
        let mut b = OpeningPicker::new(Variant::Chess, book.clone(), true, 7);
        let pa: Vec<_> = (0..10).map(|k| a.pick(k)).collect();
        let pb: Vec<_> = (0..10).map(|k| b.pick(k)).collect();
        assert_eq!(pa, pb);
        let mut sorted: Vec<_> = pa.iter().map(|o| o.moves[0].clone()).collect();
        sorted.sort();
        assert_eq!(sorted, (0..10).map(|i| i.to_string()).collect::<Vec<_>>());
        let mut p = OpeningPicker::new(Variant::Chess960, Vec::new(), false, 1);
        let fens: Vec<_> = (0..4).map(|k| p.pick(k).fen.expect("960 positions come as FEN")).collect();
        assert!(fens.iter().any(|f| f != &fens[0]), "different 960 positions: {fens:?}");
    }
}
