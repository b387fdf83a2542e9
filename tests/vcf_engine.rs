//! The engine plays a victory by continuous fours at once: every puzzle of
//! `tests/data/vcf.puzzles` with a VCF, sent over UCI and searched to depth 1 only
//! (far too shallow for the tree search to see a three-move VCF), must come back as
//! one of the puzzle's winning first moves with a `score mate` line; puzzles with no
//! VCF must not claim a win.

mod common;

use common::engine::Engine;

struct Puzzle {
    id: String,
    variant: &'static str,
    first: Vec<String>,
    length: usize,
    rows: Vec<String>,
}

fn puzzles() -> Vec<Puzzle> {
    let text = std::fs::read_to_string(common::perft_file::data_path("vcf.puzzles")).expect("vcf.puzzles");
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let lines: Vec<&str> = block.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
        let Some(id) = lines.iter().find_map(|l| l.strip_prefix("id ")) else { continue };
        let get = |key: &str| lines.iter().find_map(|l| l.strip_prefix(key)).unwrap_or_else(|| panic!("{id}: no {key}"));
        let variant = match get("rule ").trim() {
            "freestyle" => "gomokufreestyle",
            "gomoku" => "gomoku",
            "renju" => "renju",
            other => panic!("{id}: rule {other}"),
        };
        let first = match get("first ").trim() {
            "none" => Vec::new(),
            cells => cells.split_whitespace().map(|c| format!("P@{c}")).collect(),
        };
        let rows: Vec<String> = lines.iter().filter(|l| l.len() == 15 && l.chars().all(|c| ".XO".contains(c))).map(|l| l.to_string()).collect();
        assert_eq!(rows.len(), 15, "{id}: 15 rows");
        out.push(Puzzle { id: id.to_string(), variant, first, length: get("length ").trim().parse().unwrap(), rows });
    }
    assert!(out.len() >= 10, "too few puzzles read");
    out
}

/// The puzzle as a FEN: X is White (`P`), O is Black (`p`); X moves when the counts
/// are equal.
fn fen(p: &Puzzle) -> String {
    let count = |c| p.rows.iter().map(|r| r.chars().filter(|&x| x == c).count()).sum::<usize>();
    let side = if count('X') == count('O') { "w" } else { "b" };
    let ranks: Vec<String> = p
        .rows
        .iter()
        .map(|row| {
            let mut rank = String::new();
            let mut empty = 0;
            for c in row.chars() {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    rank += &empty.to_string();
                    empty = 0;
                }
                rank.push(if c == 'X' { 'P' } else { 'p' });
            }
            if empty > 0 {
                rank += &empty.to_string();
            }
            rank
        })
        .collect();
    format!("{} {side} - - 0 1", ranks.join("/"))
}

#[test]
fn engine_plays_every_vcf_at_depth_one() {
    let mut e = Engine::spawn();
    let mut solved = 0;
    for p in puzzles() {
        e.send(&format!("setoption name UCI_Variant value {}", p.variant));
        e.send(&format!("position fen {}", fen(&p)));
        let errors: Vec<String> = e.sync().into_iter().filter(|l| l.starts_with("info string error")).collect();
        assert!(errors.is_empty(), "{}: {errors:?}", p.id);
        e.send("go depth 1");
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
        let claims_win = lines.iter().any(|l| l.contains(" score mate ") && !l.contains(" score mate -"));
        if p.length >= 1 && !p.first.is_empty() {
            assert!(p.first.contains(&best), "{}: played {best}, wins start with {:?}\n{lines:?}", p.id, p.first);
            assert!(claims_win, "{}: no mate score\n{lines:?}", p.id);
            solved += 1;
        } else {
            assert!(!claims_win, "{}: claims a win where there is no VCF\n{lines:?}", p.id);
        }
    }
    assert!(solved >= 8, "only {solved} puzzles with a VCF");
}
