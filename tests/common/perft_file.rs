//! Reads the reference perft files (`id`, `epd`, `perft DEPTH NODES`) and checks every
//! case against the real perft code of a variant.
//!
//! A node budget keeps the default test run fast: depths whose expected count is above
//! the budget are skipped (depth 1 always runs). `LUDEX_PERFT_BUDGET=<nodes>` overrides
//! the budget, `LUDEX_PERFT_BUDGET=all` runs every depth (see `scripts/perft-all`).

use std::path::PathBuf;

use ludex::core::Position;

pub struct Case {
    pub id: String,
    pub epd: String,
    pub depths: Vec<(u32, u64)>,
}

pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("data").join(name)
}

pub fn read_cases(name: &str) -> Vec<Case> {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => cases.push(Case { id: rest.to_string(), epd: String::new(), depths: Vec::new() }),
            "epd" => cases.last_mut().expect("epd before id").epd = rest.to_string(),
            "perft" => {
                let mut it = rest.split_whitespace();
                let d = it.next().and_then(|t| t.parse().ok());
                let c = it.next().and_then(|t| t.parse().ok());
                match (d, c) {
                    (Some(d), Some(c)) => cases.last_mut().expect("perft before id").depths.push((d, c)),
                    _ => panic!("{}:{}: bad perft line '{line}'", path.display(), n + 1),
                }
            }
            _ => panic!("{}:{}: unknown key '{key}'", path.display(), n + 1),
        }
    }
    assert!(!cases.is_empty(), "{} has no cases", path.display());
    cases
}

/// The node budget per depth: `default` unless `LUDEX_PERFT_BUDGET` says otherwise.
pub fn budget(default: u64) -> u64 {
    match std::env::var("LUDEX_PERFT_BUDGET") {
        Ok(v) if v == "all" => u64::MAX,
        Ok(v) => v.parse().unwrap_or(default),
        Err(_) => default,
    }
}

/// Runs every case of `file` through `P::perft` and panics with a list of mismatches.
/// Returns the number of (case, depth) checks that ran, so callers can assert coverage.
pub fn check_file<P: Position>(file: &str, rules: P::Rules, default_budget: u64) -> usize {
    let budget = budget(default_budget);
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in read_cases(file) {
        let mut pos = match P::from_fen(&case.epd, rules) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: {e}", case.id));
                continue;
            }
        };
        for &(depth, expected) in &case.depths {
            if depth > 1 && expected > budget {
                continue;
            }
            let got = pos.perft(depth);
            checked += 1;
            if got != expected {
                failures.push(format!("{} ({}) depth {depth}: expected {expected}, got {got}", case.id, case.epd));
            }
        }
    }
    assert!(failures.is_empty(), "{} perft mismatches in {file}:\n{}", failures.len(), failures.join("\n"));
    checked
}
