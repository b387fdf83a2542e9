//! `EvalFile`: a chess network written by `ludex train-nnue` replaces the built-in
//! one for the positions that follow and the one on the board, a file that is not
//! a usable network is refused with one error line and changes nothing, and
//! `<empty>` brings the built-in network back. Driven over stdin/stdout like a host.

mod common;

use std::path::PathBuf;

use common::engine::{assert_legal, parse_bestmove, Engine};
use ludex::variants::chess::nnue::{Network, FULL_WEIGHT, QA, QB, SCALE};

/// A file in the system's temporary directory, unique to this test process.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ludex-evalfile-test-{}-{name}", std::process::id()))
}

/// Writes a network that corrects the classical evaluation by its output bias
/// alone (`bias_cp` centipawns for the side to move, whatever the board).
fn write_bias_network(name: &str, bias_cp: i32) -> PathBuf {
    write_weighted_bias_network(name, bias_cp, FULL_WEIGHT)
}

/// The same at `weight_permille`: the engine adds `bias_cp` times that.
fn write_weighted_bias_network(name: &str, bias_cp: i32, weight_permille: u32) -> PathBuf {
    let mut net = Network::zeros();
    net.on_classical = true;
    net.weight_permille = weight_permille;
    net.b2 = bias_cp * QA * QB / SCALE;
    let path = temp_file(name);
    std::fs::write(&path, net.to_bytes()).unwrap();
    path
}

/// The `Network` term of the `eval` lines for the current position.
fn network_term(e: &mut Engine) -> i32 {
    e.send("eval");
    let lines = e.read_until(|l| l.starts_with("(centipawn"));
    let line = lines.iter().find(|l| l.starts_with("Network")).unwrap_or_else(|| panic!("no Network term: {lines:?}"));
    line.split_whitespace().last().unwrap().parse().unwrap_or_else(|_| panic!("bad term: {line}"))
}

/// Sets `EvalFile` and returns what the engine printed for it.
fn set_eval_file(e: &mut Engine, value: &str) -> Vec<String> {
    e.ask(&format!("setoption name EvalFile value {value}"))
}

/// A search with the network in use ends with a legal move.
fn assert_searches(e: &mut Engine) {
    let (_, best) = e.go("depth 6");
    let mv = parse_bestmove(&best).0.unwrap_or_else(|| panic!("no move: {best}"));
    assert_legal(e, &mv);
}

#[test]
fn a_network_file_replaces_the_built_in_one_and_a_bad_file_changes_nothing() {
    let zero = write_bias_network("zero.nnue", 0);
    let plus = write_bias_network("plus.nnue", 40);
    let garbage = temp_file("garbage.nnue");
    std::fs::write(&garbage, "not a network\n").unwrap();
    let missing = temp_file("missing.nnue");

    let mut e = Engine::uci("chess");
    e.send("position startpos");
    let built_in = network_term(&mut e);
    e.send("position startpos moves e2e4");
    let built_in_after_e4 = network_term(&mut e);
    assert!(built_in != 0 || built_in_after_e4 != 0, "the built-in network adds nothing to either position");

    // Loaded, it evaluates the position already on the board.
    let said = set_eval_file(&mut e, zero.to_str().unwrap());
    assert_eq!(said, vec![format!("info string chess evaluation network: {}", zero.display())]);
    assert_eq!(network_term(&mut e), 0);

    // Files that are not networks: one error line each, the loaded network stays.
    for bad in [&missing, &garbage] {
        let said = set_eval_file(&mut e, bad.to_str().unwrap());
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with("info string error: ") && said[0].contains(bad.to_str().unwrap()), "{said:?}");
        assert_eq!(network_term(&mut e), 0, "after {}", bad.display());
    }

    // The positions that follow use it too, from either side's view.
    set_eval_file(&mut e, plus.to_str().unwrap());
    let plus_term = network_term(&mut e);
    assert!(plus_term > 0, "a network that adds 40 cp adds {plus_term}");
    e.send("position startpos");
    assert_eq!(network_term(&mut e), plus_term);
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    assert_eq!(network_term(&mut e), plus_term);
    assert_searches(&mut e);

    // Loaded in the middle of a line, the search still works from it.
    set_eval_file(&mut e, zero.to_str().unwrap());
    assert_eq!(network_term(&mut e), 0);
    assert_searches(&mut e);

    // `<empty>` is the built-in network again.
    let said = set_eval_file(&mut e, "<empty>");
    assert_eq!(said, vec!["info string chess evaluation network: the built-in network".to_string()]);
    e.send("position startpos");
    assert_eq!(network_term(&mut e), built_in);
    e.send("position startpos moves e2e4");
    assert_eq!(network_term(&mut e), built_in_after_e4);
    assert!(e.quit());

    for f in [zero, plus, garbage] {
        let _ = std::fs::remove_file(f);
    }
}

/// A network file's weight is the share of its output the engine adds: the same
/// network at 2500 per mille adds two and a half times what it adds at 1000,
/// and at 0 nothing.
#[test]
fn a_network_plays_at_the_weight_in_its_file() {
    let full = write_weighted_bias_network("weight-full.nnue", 40, FULL_WEIGHT);
    let heavy = write_weighted_bias_network("weight-heavy.nnue", 40, 2500);
    let none = write_weighted_bias_network("weight-none.nnue", 40, 0);
    let mut e = Engine::uci("chess");
    e.send("position startpos moves d2d4");
    let term = |e: &mut Engine, net: &PathBuf| {
        set_eval_file(e, net.to_str().unwrap());
        network_term(e)
    };
    let at_full = term(&mut e, &full);
    assert!(at_full > 30, "a network that adds 40 cp adds {at_full}");
    let at_heavy = term(&mut e, &heavy);
    assert!((at_heavy - at_full * 5 / 2).abs() <= 2, "{at_full} at 1000, {at_heavy} at 2500");
    assert_eq!(term(&mut e, &none), 0);
    assert_searches(&mut e);
    assert!(e.quit());
    for f in [full, heavy, none] {
        let _ = std::fs::remove_file(f);
    }
}

/// Other variants have no network: the option is accepted and they play on.
#[test]
fn other_variants_ignore_the_chess_network() {
    let zero = write_bias_network("zero-other.nnue", 0);
    let mut e = Engine::uci("antichess");
    let said = set_eval_file(&mut e, zero.to_str().unwrap());
    assert_eq!(said.len(), 1, "{said:?}");
    e.send("position startpos moves e2e3");
    assert_searches(&mut e);
    // Back to chess, the loaded network is the one in use.
    e.send("setoption name UCI_Variant value chess");
    e.send("position startpos");
    assert_eq!(network_term(&mut e), 0);
    assert!(e.quit());
    let _ = std::fs::remove_file(zero);
}

/// The resident memory of process `pid` in kilobytes (Linux: /proc/PID/status).
#[cfg(target_os = "linux")]
fn resident_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or_else(|| panic!("no VmRSS: {status}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// A host may set `EvalFile` as often as it likes (some send every option before
/// each game): a network no position uses any more is freed, so sixty loads of
/// a 790 KB network leave the engine's memory where a few loads left it (it
/// grew by each network loaded when they were kept for the life of the process).
#[cfg(target_os = "linux")]
#[test]
fn networks_set_again_and_again_are_freed() {
    let nets = [write_bias_network("again-a.nnue", 10), write_bias_network("again-b.nnue", -10)];
    let mut e = Engine::uci("chess");
    let load = |e: &mut Engine, times: usize| {
        for i in 0..times {
            let net = &nets[i % 2];
            let said = set_eval_file(e, net.to_str().unwrap());
            assert_eq!(said, vec![format!("info string chess evaluation network: {}", net.display())]);
            e.send("position startpos moves e2e4");
        }
    };
    load(&mut e, 10);
    let before = resident_kb(e.pid());
    load(&mut e, 60);
    let after = resident_kb(e.pid());
    let network_kb = std::fs::metadata(&nets[0]).unwrap().len() / 1024;
    assert!(after < before + 10 * network_kb, "{before} kB after 10 loads, {after} kB after 70 (a network is {network_kb} kB)");
    // The one loaded last is the one in use.
    set_eval_file(&mut e, nets[0].to_str().unwrap());
    e.send("position startpos");
    let plus = network_term(&mut e);
    set_eval_file(&mut e, nets[1].to_str().unwrap());
    assert_eq!(network_term(&mut e), -plus);
    assert!(plus > 0, "{plus}");
    assert_searches(&mut e);
    assert!(e.quit());
    for f in nets {
        let _ = std::fs::remove_file(f);
    }
}

/// The training checkpoint kept in the repository (`data/chess-checkpoint.state`,
/// docs/chess-network.md "The training checkpoint") is where the next session's
/// training starts, so it must stay a training state this build reads, holding
/// more than the built-in network's integers (or the training it keeps would be
/// lost), and rounding to a network the engine loads and plays with.
#[test]
fn the_training_checkpoint_holds_training_and_rounds_to_a_network_that_plays() {
    use ludex::train::model::FloatNet;
    use ludex::variants::chess::nnue::embedded;
    let state = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/chess-checkpoint.state");
    let unrounded = ludex::train::state::from_bytes(&std::fs::read(&state).unwrap()).unwrap();
    assert!(unrounded.on_classical);
    let built_in = FloatNet::from_network(&embedded());
    assert!(unrounded.params != built_in.params, "the checkpoint holds nothing but the built-in network");

    let path = temp_file("checkpoint.nnue");
    let args = ["train-nnue", "--init", state.to_str().unwrap(), "--epochs", "0", "--out", path.to_str().unwrap()];
    let done = common::process::ludex(&args, "", std::time::Duration::from_secs(60));
    assert_eq!(done.code(), 0, "{}", done.stderr);
    let mut e = Engine::uci("chess");
    e.send("position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8");
    let said = set_eval_file(&mut e, path.to_str().unwrap());
    assert_eq!(said, vec![format!("info string chess evaluation network: {}", path.display())]);
    assert_searches(&mut e);
    assert!(e.quit());
    let _ = std::fs::remove_file(path);
}
