//! PGN for finished games: SAN movetext for the chess family, and the same tags with
//! plain cell names (`h8 i9 ...`) for the connect games.

use std::time::{SystemTime, UNIX_EPOCH};

use super::player::{Eval, EvalScore};
use super::record::{GameRecord, MoveNote};
use super::san::san;
use super::timecontrol::seconds;
use crate::core::Position;
use crate::variants::Variant;

/// The PGN `Variant` tag; `None` for standard chess.
pub fn variant_tag(v: Variant) -> Option<&'static str> {
    v.pgn_name()
}

/// Today's date as `YYYY.MM.DD` (UTC), from the days since 1970 (civil-from-days).
pub fn today() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let days = (secs / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// A PGN tag value with `\` and `"` escaped.
pub fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The movetext tokens (move numbers included) of a game.
fn movetext(rec: &GameRecord) -> Vec<String> {
    let Ok(mut pos) = rec.variant.setup(rec.start_fen.as_deref(), &[]) else {
        return rec.moves.clone();
    };
    let fen = crate::with_position!(&pos, p => p.to_fen());
    let shown: Vec<String> = rec
        .moves
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let shown = crate::with_position!(&mut pos, p => match p.parse_move(text) {
                Ok(mv) => {
                    let s = if rec.variant.connect_board().is_some() { text.trim_start_matches("P@").to_string() } else { san(p, mv) };
                    p.make_move(mv);
                    s
                }
                Err(_) => text.clone(),
            });
            match i.checked_sub(rec.opening_plies).and_then(|k| rec.notes.get(k)) {
                Some(note) => format!("{shown} {{{}}}", note_comment(note)),
                None => shown,
            }
        })
        .collect();
    numbered(&fen, shown)
}

/// The comment after an engine's move, as Cute Chess writes it: the score in pawns
/// from the mover's side (`+M3`, `-M2` for mates) over the depth, then the time in
/// seconds: `+0.35/12 0.512s`. Without a score, the time alone.
pub fn note_comment(note: &MoveNote) -> String {
    let time = format!("{}s", seconds(note.elapsed_ms));
    match note.eval {
        Some(Eval { score, depth }) => {
            let score = match score {
                EvalScore::Cp(cp) => format!("{}{:.2}", if cp >= 0 { "+" } else { "-" }, cp.unsigned_abs() as f64 / 100.0),
                EvalScore::Mate(m) => format!("{}M{}", if m > 0 { "+" } else { "-" }, m.unsigned_abs()),
            };
            format!("{score}/{depth} {time}")
        }
        None => time,
    }
}

/// Movetext tokens: `moves` (as shown) with move numbers, counted on from the side to
/// move and the move number of `start_fen` (`12...` first when Black begins).
pub fn numbered(start_fen: &str, moves: impl IntoIterator<Item = String>) -> Vec<String> {
    let fields: Vec<&str> = start_fen.split_whitespace().collect();
    let mut black = fields.get(1) == Some(&"b");
    let mut number: u32 = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut out = Vec::new();
    for (i, shown) in moves.into_iter().enumerate() {
        if !black {
            out.push(format!("{number}."));
        } else if i == 0 {
            out.push(format!("{number}..."));
        }
        out.push(shown);
        if black {
            number += 1;
        }
        black = !black;
    }
    out
}

/// Movetext tokens joined into lines of at most 79 characters (PGN export format),
/// the last line ended too.
pub fn wrap(tokens: impl IntoIterator<Item = String>) -> String {
    let mut s = String::new();
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    s.push_str(&line);
    s.push('\n');
    s
}

/// One game as PGN text (ends with a blank line).
pub fn game_pgn(rec: &GameRecord, event: &str, date: &str) -> String {
    let mut s = String::new();
    let mut tag = |k: &str, v: &str| s.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    tag("Event", event);
    tag("Site", "?");
    tag("Date", date);
    tag("Round", &rec.round);
    tag("White", &rec.names[0]);
    tag("Black", &rec.names[1]);
    tag("Result", rec.result.result_str());
    if let Some(v) = variant_tag(rec.variant) {
        tag("Variant", v);
    }
    if let Some(fen) = &rec.start_fen {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    tag("TimeControl", &rec.time_control);
    tag("Termination", rec.result.ending.pgn_termination());
    tag("PlyCount", &rec.moves.len().to_string());
    s.push('\n');
    let mut tokens = movetext(rec);
    tokens.push(format!("{{{}}}", rec.result.reason.replace('}', ")")));
    tokens.push(rec.result.result_str().to_string());
    s.push_str(&wrap(tokens));
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_comments_read_as_cute_chess_writes_them() {
        let note = |eval, elapsed_ms| MoveNote { eval, elapsed_ms };
        let cp = |v, depth| Some(Eval { score: EvalScore::Cp(v), depth });
        assert_eq!(note_comment(&note(cp(35, 12), 512)), "+0.35/12 0.512s");
        assert_eq!(note_comment(&note(cp(-120, 9), 1200)), "-1.20/9 1.2s");
        assert_eq!(note_comment(&note(cp(0, 1), 3000)), "+0.00/1 3s");
        assert_eq!(note_comment(&note(cp(-5, 4), 0)), "-0.05/4 0s");
        assert_eq!(note_comment(&note(Some(Eval { score: EvalScore::Mate(-2), depth: 30 }), 45)), "-M2/30 0.045s");
        assert_eq!(note_comment(&note(None, 100)), "0.1s");
    }

    #[test]
    fn date_is_plausible() {
        let d = today();
        assert_eq!(d.len(), 10);
        let year: u32 = d[0..4].parse().unwrap();
        assert!(year >= 2024, "{d}");
    }
}
