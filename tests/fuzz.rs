//! The protocol fuzzer in CI: random and damaged lines in both dialects and every
//! variant, sent to the real binary, with the invariants of `tests/fuzz/*.rs`
//! checked as the answers come. Bounded in time (`LUDEX_FUZZ_SECONDS`, default 40 s
//! a dialect) and seeded (`LUDEX_FUZZ_SEED`); a failure names the seed that replays
//! it. `scripts/fuzz` runs it for as long as you like from any seed.

mod protocol_fuzz;
use protocol_fuzz as fuzz;

#[test]
fn uci_fuzz() {
    let (seed, budget) = fuzz::settings(1, 40);
    let t = fuzz::run_for("uci", seed, budget, |s| fuzz::uci::session(s, 300));
    assert!(
        t.sessions > 0 && t.answers > 0,
        "nothing was checked: {t:?}"
    );
}

#[test]
fn gomocup_fuzz() {
    let (seed, budget) = fuzz::settings(1, 40);
    let t = fuzz::run_for("gomocup", seed, budget, |s| fuzz::gomocup::session(s, 200));
    assert!(
        t.sessions > 0 && t.answers > 0,
        "nothing was checked: {t:?}"
    );
}
