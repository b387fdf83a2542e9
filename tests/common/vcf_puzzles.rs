//! The connect puzzle files (`tests/data/vcf.puzzles`, `tests/data/vct.puzzles`): one
//! reader for the solvers' tests and the engine's.

use ludex::variants::connect::ConnectRules;

pub struct Puzzle {
    pub id: String,
    pub rules: ConnectRules,
    /// The `UCI_Variant` name of the puzzle's rule.
    pub variant: &'static str,
    /// The board part of a FEN (the side to move follows from the stone counts).
    pub fen: String,
    /// Cell names (`h8`): the first moves of every shortest VCF or VCT, or the moves
    /// that hold (`block`); empty when there is none.
    pub first: Vec<String>,
    /// Attacking moves in a shortest VCF or VCT, the five included (0 when there is
    /// none); for `novct`, the length up to which there is none (0: none at all).
    pub length: usize,
    /// What the puzzle asks (`vct.puzzles`): `vct`, `novct` or `block`; `vcf` in
    /// `vcf.puzzles`, which has no `kind` lines.
    pub kind: String,
}

/// The VCF puzzles.
pub fn load() -> Vec<Puzzle> {
    load_file("vcf.puzzles")
}

/// The puzzles of `tests/data/<name>`.
pub fn load_file(name: &str) -> Vec<Puzzle> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let mut puzzles = Vec::new();
    for block in text.split("\n\n") {
        let lines: Vec<&str> = block.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
        if lines.is_empty() {
            continue;
        }
        let optional = |key: &str| {
            lines.iter().find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' '))).map(|v| v.trim().to_string())
        };
        let field = |key: &str| optional(key).unwrap_or_else(|| panic!("puzzle block without '{key}':\n{block}"));
        let (rules, variant) = match field("rule").as_str() {
            "freestyle" => (ConnectRules::gomoku_freestyle(), "gomokufreestyle"),
            "gomoku" => (ConnectRules::gomoku(), "gomoku"),
            "renju" => (ConnectRules::renju(), "renju"),
            r => panic!("unknown rule {r}"),
        };
        let rows: Vec<&str> = lines.iter().copied().filter(|l| l.chars().all(|c| matches!(c, 'X' | 'O' | '.'))).collect();
        assert_eq!(rows.len(), 15, "15 board rows in\n{block}");
        let ranks: Vec<String> = rows.iter().map(|r| rank(r)).collect();
        let first = field("first");
        puzzles.push(Puzzle {
            id: field("id"),
            rules,
            variant,
            fen: ranks.join("/"),
            first: if first == "none" { Vec::new() } else { first.split_whitespace().map(String::from).collect() },
            length: field("length").parse().expect("length is a number"),
            kind: optional("kind").unwrap_or_else(|| "vcf".to_string()),
        });
    }
    puzzles
}

/// One FEN rank from a diagram row.
fn rank(row: &str) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for c in row.chars() {
        if c == '.' {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out += &empty.to_string();
            empty = 0;
        }
        out.push(if c == 'X' { 'P' } else { 'p' });
    }
    if empty > 0 {
        out += &empty.to_string();
    }
    out
}
