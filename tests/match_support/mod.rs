//! Helpers for the `ludex match` tests: run the real binary with a timeout, read
//! the PGN it writes back into tags, and locate the scripted fake engines.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

#[path = "../common/process.rs"]
mod process;

pub const LUDEX: &str = env!("CARGO_BIN_EXE_ludex");

/// A fresh scratch directory in the system temp dir.
pub fn scratch(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("ludex-match-{}-{}-{}", name, std::process::id(), N.fetch_add(1, Ordering::SeqCst)));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether `python3` runs; the fake engines are Python scripts.
pub fn have_python() -> bool {
    Command::new("python3").arg("-c").arg("pass").status().map(|s| s.success()).unwrap_or(false)
}

/// `cmd=python3 args="<fake_uci.py> MODE"` settings for a fake engine.
pub fn fake(mode: &str, name: &str) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engines/fake_uci.py");
    vec![
        "-engine".into(),
        "cmd=python3".into(),
        format!("arg={}", script.display()),
        format!("arg={mode}"),
        format!("name={name}"),
    ]
}

pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub success: bool,
}

/// Runs `ludex match ARGS`, failing the test if it takes longer than `limit`.
pub fn run_match(args: &[String], limit: Duration) -> Run {
    let mut cmd = Command::new(LUDEX);
    cmd.arg("match").args(args);
    let done = process::run(cmd, "", limit);
    Run { stdout: done.stdout, stderr: done.stderr, success: done.status.success() }
}

/// One game read back from the PGN file: its tags and the final comment.
#[derive(Debug)]
pub struct PgnGame {
    pub tags: BTreeMap<String, String>,
    pub comment: String,
    pub movetext: String,
}

impl PgnGame {
    pub fn tag(&self, k: &str) -> &str {
        self.tags.get(k).map(String::as_str).unwrap_or("")
    }
}

pub fn read_pgn(path: &Path) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut games = Vec::new();
    for chunk in text.split("\n\n[Event").filter(|c| !c.trim().is_empty()) {
        let chunk = if chunk.starts_with("[Event") { chunk.to_string() } else { format!("[Event{chunk}") };
        let mut tags = BTreeMap::new();
        let mut movetext = String::new();
        for line in chunk.lines() {
            if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let (k, v) = inner.split_once(' ').unwrap();
                tags.insert(k.to_string(), v.trim_matches('"').to_string());
            } else {
                movetext.push_str(line);
                movetext.push(' ');
            }
        }
        let comment = movetext.rsplit_once('{').map(|(_, c)| c.split('}').next().unwrap().to_string()).unwrap_or_default();
        games.push(PgnGame { tags, comment, movetext });
    }
    games
}

/// The `Points` column of the final table, by engine name.
pub fn points_table(stdout: &str) -> BTreeMap<String, (u32, u32, u32, u32, f64)> {
    let mut out = BTreeMap::new();
    for line in stdout.lines().skip_while(|l| !l.starts_with("Rank")).skip(1) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 8 {
            break;
        }
        out.insert(
            f[1].to_string(),
            (f[2].parse().unwrap(), f[3].parse().unwrap(), f[4].parse().unwrap(), f[5].parse().unwrap(), f[6].parse().unwrap()),
        );
    }
    out
}

pub fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}
