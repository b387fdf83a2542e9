//! The protocol fuzzer shared by `tests/fuzz.rs` (a bounded run in CI) and
//! `scripts/fuzz` (as long as you like, any seed): random and mutated lines in both
//! dialects and every variant, sent to the real binary, with the invariants a host
//! relies on checked as the answers come. A failure names the seed and the last
//! lines sent, so `LUDEX_FUZZ_SEED=<seed>` replays it.

pub mod gomocup;
pub mod process;
pub mod rng;
pub mod uci;

use std::time::{Duration, Instant};

/// What a run did, for the report.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub sessions: u64,
    pub lines: u64,
    pub searches: u64,
    pub answers: u64,
}

impl Tally {
    pub fn add(&mut self, o: Tally) {
        self.sessions += o.sessions;
        self.lines += o.lines;
        self.searches += o.searches;
        self.answers += o.answers;
    }
}

/// The seed (`LUDEX_FUZZ_SEED`, else `default`) and the time budget
/// (`LUDEX_FUZZ_SECONDS`, else `default_secs`).
pub fn settings(default_seed: u64, default_secs: u64) -> (u64, Duration) {
    let seed = std::env::var("LUDEX_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default_seed);
    let secs = std::env::var("LUDEX_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default_secs);
    (seed, Duration::from_secs(secs))
}

/// Runs `session(seed)` for successive seeds until `budget` is spent; each session
/// is a fresh process. Panics with the seed on the first failure.
pub fn run_for(
    name: &str,
    first_seed: u64,
    budget: Duration,
    session: impl Fn(u64) -> Result<Tally, String>,
) -> Tally {
    let start = Instant::now();
    let mut total = Tally::default();
    let mut seed = first_seed;
    while start.elapsed() < budget {
        match session(seed) {
            Ok(t) => total.add(t),
            Err(e) => panic!("{name} fuzz failed with LUDEX_FUZZ_SEED={seed}:\n{e}"),
        }
        seed = seed.wrapping_add(1);
    }
    eprintln!(
        "{name} fuzz: {} sessions from seed {first_seed}, {} lines, {} searches, {} answers checked, {:.0} s",
        total.sessions,
        total.lines,
        total.searches,
        total.answers,
        start.elapsed().as_secs_f64()
    );
    total
}
