//! `ludex datagen` and `ludex tune` as the real binary: the data file holds lines
//! in the documented `FEN | result | score` format with legal FENs and results
//! 0/0.5/1, the same options give the same file whatever the thread count, and
//! the tuner reads it and writes a `NAME index mg eg` parameter file; in chess,
//! the antichess family and gomoku.

mod common;

use std::path::PathBuf;
use std::time::Duration;

use common::process;

use ludex::core::Position;
use ludex::tune::data::parse_line;
use ludex::variants::antichess::{Antichess, AntichessRules};
use ludex::variants::chess::nnue::{Network, FULL_WEIGHT};
use ludex::variants::chess::{Chess, ChessRules};
use ludex::variants::connect::{Connect, ConnectRules, LineRule};

/// Runs ludex with `args`; the exit code and stderr.
fn ludex(args: &[&str], limit: Duration) -> (i32, String) {
    let done = process::ludex(args, "", limit);
    (done.code(), done.stderr)
}

/// Runs ludex with `args`; the exit code and stdout.
fn ludex_stdout(args: &[&str], limit: Duration) -> (i32, String) {
    let done = process::ludex(args, "", limit);
    (done.code(), done.stdout)
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ludex-datagen-test-{}-{name}", std::process::id()))
}

/// Plays two chess games at 500 nodes a move with `ludex datagen` into the
/// temporary file `name`, and returns its path.
fn small_chess_data(name: &str) -> PathBuf {
    let data = temp(name);
    let (code, err) = ludex(&["datagen", "--games", "2", "--nodes", "500", "--out", data.to_str().unwrap()], Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    data
}

#[test]
fn datagen_writes_the_documented_format_and_tune_reads_it() {
    let data = small_chess_data("data.txt");
    let data_str = data.to_str().unwrap();
    let text = std::fs::read_to_string(&data).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 10, "only {} positions:\n{text}", lines.len());
    for line in &lines {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert!(["1.0", "0.5", "0.0"].contains(&fields[1]), "{line}");
        let score: i32 = fields[2].parse().unwrap_or_else(|_| panic!("{line}"));
        assert!(score.abs() < 2000, "{line}");
        let pos = Chess::from_fen(fields[0], ChessRules::default()).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(!pos.in_check(), "{line}");
        assert_eq!(pos.to_fen(), fields[0]);
        let rec = parse_line(line).unwrap().unwrap();
        assert_eq!(rec.to_string(), *line);
    }

    // Two threads play the same games and write them in the same order.
    let again = temp("again.txt");
    let args = ["datagen", "--games", "2", "--nodes", "500", "--threads", "2", "--out", again.to_str().unwrap()];
    let (code, err) = ludex(&args, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);

    let params = temp("params.txt");
    let args = ["tune", "--data", data_str, "--epochs", "5", "--out", params.to_str().unwrap()];
    let (code, err) = ludex(&args, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(&params).unwrap();
    assert!(written.lines().any(|l| l.starts_with("MATERIAL 0 ")), "{written}");
    let fitted = ludex::tune::param_file::parse(ludex::tune::Model::Chess, &written).unwrap();

    // Starting from that file with no steps keeps it, and --validate scores held-out
    // data with both the engine's weights and the fitted ones.
    let again_params = temp("params-again.txt");
    let p = params.to_str().unwrap();
    let o = again_params.to_str().unwrap();
    let args = ["tune", "--data", data_str, "--epochs", "0", "--start", p, "--validate", data_str, "--out", o];
    let (code, err) = ludex(&args, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    assert_eq!(ludex::tune::param_file::parse(ludex::tune::Model::Chess, &std::fs::read_to_string(&again_params).unwrap()).unwrap(), fitted);
    assert!(err.contains(&format!("held-out results ({} positions)", lines.len())), "{err}");
    // --data and --validate may be repeated: the positions of all the files count.
    let args = ["tune", "--data", data_str, "--data", data_str, "--epochs", "0", "--validate", data_str, "--validate", data_str];
    let (code, err) = ludex(&args, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(&format!("tune: {} positions,", 2 * lines.len())), "{err}");
    assert!(err.contains(&format!("held-out results ({} positions)", 2 * lines.len())), "{err}");

    // --emit-rust prints a whole weights.rs.
    let args = ["tune", "--data", data_str, "--epochs", "0", "--emit-rust"];
    let (code, out) = ludex_stdout(&args, Duration::from_secs(120));
    assert_eq!(code, 0);
    assert!(out.contains("pub static WEIGHTS: [S; COUNT] = [") && out.contains("    // TEMPO\n"), "{out}");

    // A broken data line is an error naming the line, not a panic.
    let bad = temp("bad.txt");
    std::fs::write(&bad, format!("{}\nnot a record\n", lines[0])).unwrap();
    let (code, err) = ludex(&["tune", "--data", bad.to_str().unwrap()], Duration::from_secs(60));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("line 2") && err.contains("bad.txt"), "{err}");
    for f in [data, again, params, again_params, bad] {
        let _ = std::fs::remove_file(f);
    }
}

/// The network in the file at `path`, as the engine reads it.
fn read_network(path: impl AsRef<std::path::Path>) -> Network {
    Network::from_bytes(&std::fs::read(path).unwrap()).unwrap()
}

/// `ludex train-nnue` as the real binary: from the engine's own network
/// (`--init`) with no epochs it writes that network back byte for byte (so
/// training goes on from it rather than from noise), one epoch writes a network of
/// the same shape of the start's kind, and a start that disagrees with
/// `--standalone` is refused.
#[test]
fn train_nnue_goes_on_from_the_engines_network() {
    let data = small_chess_data("nnue-data.txt");
    let embedded = concat!(env!("CARGO_MANIFEST_DIR"), "/src/variants/chess/nnue/ludex.nnue");
    let out = temp("nnue-out.nnue");
    let d = data.to_str().unwrap();
    let o = out.to_str().unwrap();
    let common = ["train-nnue", "--data", d, "--validate", d, "--init", embedded, "--out", o];
    let (code, err) = ludex(&[&common[..], &["--epochs", "0"]].concat(), Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("held-out loss at the start"), "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(embedded).unwrap());
    // Held-out files add up (not mirrored, unlike the training data).
    let held = |err: &str| -> usize {
        let line = err.lines().find(|l| l.contains("held-out positions from")).unwrap_or_else(|| panic!("{err}"));
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    let one = held(&err);
    assert!(one > 0 && err.contains("from 1 file\n"), "{err}");
    let (code, err) = ludex(&[&common[..], &["--validate", d, "--epochs", "0"]].concat(), Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    assert_eq!(held(&err), 2 * one, "{err}");
    assert!(err.contains("from 2 files"), "{err}");

    let (code, err) = ludex(&[&common[..], &["--epochs", "1", "--lr", "0.0001"]].concat(), Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    let trained = std::fs::read(&out).unwrap();
    let net = Network::from_bytes(&trained).unwrap();
    assert!(net.on_classical);
    assert_eq!(net.weight_permille, FULL_WEIGHT, "the engine's network's weight");

    // `--weight` with no epochs re-weighs the network and changes nothing else...
    let (code, err) = ludex(&[&common[..], &["--epochs", "0", "--weight", "1250"]].concat(), Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    let reweighed = std::fs::read(&out).unwrap();
    let embedded_net = read_network(embedded);
    let net = Network::from_bytes(&reweighed).unwrap();
    assert_eq!(net.weight_permille, 1250);
    assert!(net.w1 == embedded_net.w1 && net.w2 == embedded_net.w2 && net.b1 == embedded_net.b1 && net.b2 == embedded_net.b2);
    // ...and training from it keeps its weight unless told otherwise.
    let start = temp("nnue-heavy.nnue");
    std::fs::write(&start, &reweighed).unwrap();
    let from_heavy = ["train-nnue", "--data", d, "--init", start.to_str().unwrap(), "--epochs", "1", "--lr", "0.0001", "--out", o];
    let (code, err) = ludex(&from_heavy, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    let net = read_network(&out);
    assert_eq!(net.weight_permille, 1250);
    let (code, err) = ludex(&[&from_heavy[..], &["--weight", "5000"]].concat(), Duration::from_secs(120));
    assert_eq!(code, 2, "a weight above 4000 is a usage error: {err}");
    let _ = std::fs::remove_file(start);

    // The engine's network corrects the classical evaluation; a whole-evaluation run may not start from it.
    let args = ["train-nnue", "--data", d, "--init", embedded, "--standalone", "--epochs", "1", "--out", o];
    let (code, err) = ludex(&args, Duration::from_secs(120));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--standalone must agree"), "{err}");
    for f in [data, out] {
        let _ = std::fs::remove_file(f);
    }
}

/// `--save-state` writes the trained network unrounded, and `--init` goes on from
/// such a state: with no epochs (and no data) it rounds to the very network the
/// training wrote, while training from it needs data. A run from `--init`
/// reports how much of it the rounding keeps; rounding alone reports nothing. A state of the wrong kind
/// for `--standalone`, or a damaged one, is refused with its name in the message.
#[test]
fn train_nnue_goes_on_from_its_unrounded_state() {
    let data = small_chess_data("state-data.txt");
    let embedded = concat!(env!("CARGO_MANIFEST_DIR"), "/src/variants/chess/nnue/ludex.nnue");
    let (net1, state, net2) = (temp("state-net1.nnue"), temp("state.state"), temp("state-net2.nnue"));
    let (d, n1, s, n2) = (data.to_str().unwrap(), net1.to_str().unwrap(), state.to_str().unwrap(), net2.to_str().unwrap());
    // Two epochs: the first at the full step size, large enough to show in integers.
    let step = ["train-nnue", "--data", d, "--epochs", "2", "--lr", "0.01"];
    let (code, err) = ludex(&[&step[..], &["--init", embedded, "--out", n1, "--save-state", s]].concat(), Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("training state written to"), "{err}");
    // The rounding report of a run from --init: a step this large changes
    // first-layer weights once rounded.
    let first = err.lines().find(|l| l.contains("first-layer weights: moved")).unwrap_or_else(|| panic!("no rounding report: {err}"));
    assert!(!first.contains(" 0.0% changed once rounded"), "{first}");
    assert!(err.contains("output weights: moved"), "{err}");
    let bytes = std::fs::read(&state).unwrap();
    assert!(bytes.starts_with(b"LUDEXFT1"));
    assert!(std::fs::read(&net1).unwrap() != std::fs::read(embedded).unwrap(), "training changed nothing");

    // Rounding a state needs no data.
    let (code, err) = ludex(&["train-nnue", "--init", s, "--epochs", "0", "--out", n2], Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("changed once rounded"), "no training, yet a rounding report: {err}");
    assert!(std::fs::read(&net2).unwrap() == std::fs::read(&net1).unwrap(), "the state does not round to the trained network");
    let net = read_network(&net2);
    assert!(net.on_classical);

    // Training does.
    let (code, err) = ludex(&["train-nnue", "--init", s, "--epochs", "1", "--out", n2], Duration::from_secs(120));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no positions to train on"), "{err}");
    let (code, err) = ludex(&["train-nnue", "--data", d, "--init", s, "--standalone", "--epochs", "1", "--out", n2], Duration::from_secs(120));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--standalone must agree"), "{err}");
    std::fs::write(&state, &bytes[..bytes.len() - 4]).unwrap();
    let (code, err) = ludex(&["train-nnue", "--data", d, "--init", s, "--epochs", "0", "--out", n2], Duration::from_secs(120));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("training state") && err.contains(s) && err.contains("bytes"), "{err}");
    for f in [data, net1, state, net2] {
        let _ = std::fs::remove_file(f);
    }
}

/// `ludex train-nnue` with no options but data and output trains the engine's
/// recipe: a correction of the classical evaluation, on every position and its
/// mirror image. `--standalone` and `--no-mirror` turn each off, and the older
/// `--on-classical` and `--mirror` still say the default.
#[test]
fn train_nnue_defaults_to_the_recipe() {
    let data = small_chess_data("nnue-defaults.txt");
    let lines = std::fs::read_to_string(&data).unwrap().lines().count();
    assert!(lines > 0);
    let out = temp("nnue-defaults.nnue");
    let (d, o) = (data.to_str().unwrap(), out.to_str().unwrap());
    // Trains one epoch with `extra`; the positions it read and whether its network is a correction.
    let train = |extra: &[&str]| {
        let args = [&["train-nnue", "--data", d, "--epochs", "1", "--out", o][..], extra].concat();
        let (code, err) = ludex(&args, Duration::from_secs(120));
        assert_eq!(code, 0, "{extra:?}: {err}");
        let read = err.lines().find_map(|l| l.strip_prefix("train-nnue: ")?.split_once(" positions after ")?.0.parse::<usize>().ok());
        let net = read_network(&out);
        (read.expect(&err), net.on_classical)
    };
    assert_eq!(train(&[]), (2 * lines, true));
    assert_eq!(train(&["--on-classical", "--mirror"]), (2 * lines, true));
    assert_eq!(train(&["--no-mirror"]), (lines, true));
    // The last of two opposite flags wins, as with any option given twice.
    assert_eq!(train(&["--standalone", "--on-classical", "--mirror", "--no-mirror"]), (lines, true));
    assert_eq!(train(&["--standalone"]), (2 * lines, false));
    // From a standalone network (the one just written), training stays standalone.
    let start = temp("nnue-defaults-start.nnue");
    std::fs::copy(&out, &start).unwrap();
    assert_eq!(train(&["--init", start.to_str().unwrap()]), (2 * lines, false));
    let _ = std::fs::remove_file(start);
    for f in [data, out] {
        let _ = std::fs::remove_file(f);
    }
}

/// The antichess family goes through the same two commands: `--variant antichess`
/// plays antichess games (every kept position has no capture for the side to move,
/// since captures are compulsory and the move kept was quiet) and the tuner fits
/// the antichess weights from them. A variant without a tuned evaluation (tic-tac-toe) is refused.
#[test]
fn antichess_datagen_and_tune() {
    let data = temp("anti-data.txt");
    let data_str = data.to_str().unwrap();
    let args = ["datagen", "--variant", "antichess", "--games", "4", "--nodes", "300", "--out", data_str];
    let (code, err) = ludex(&args, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&data).unwrap();
    assert!(text.lines().count() >= 10, "{text}");
    for line in text.lines() {
        let rec = parse_line(line).unwrap().unwrap();
        let pos = Antichess::from_fen(&rec.fen, AntichessRules::Antichess).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(!pos.forced_noisy(), "{line}: a capture was forced");
    }
    let params = temp("anti-params.txt");
    let args = ["tune", "--variant", "antichess", "--data", data_str, "--epochs", "5", "--out", params.to_str().unwrap()];
    let (code, err) = ludex(&args, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(&params).unwrap();
    assert!(written.lines().any(|l| l.starts_with("ATTACKED_BY_WAITING 0 ")), "{written}");
    ludex::tune::param_file::parse(ludex::tune::Model::Antichess(AntichessRules::Antichess), &written).unwrap();
    // Antichess parameters are not chess ones: starting a chess fit from them names
    // the first line that does not fit (antichess has six materials, chess five).
    let chess_data = temp("anti-chess-data.txt");
    std::fs::write(&chess_data, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1.0 | 200\n").unwrap();
    let args = ["tune", "--variant", "chess", "--data", chess_data.to_str().unwrap(), "--epochs", "0", "--start", params.to_str().unwrap()];
    let (code, err) = ludex(&args, Duration::from_secs(60));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("line 7: MATERIAL has 5 elements, not 6"), "{err}");
    let (code, err) = ludex(&["datagen", "--variant", "tictactoe", "--games", "1"], Duration::from_secs(60));
    assert_eq!(code, 2, "{err}");
    for f in [data, params, chess_data] {
        let _ = std::fs::remove_file(f);
    }
}

/// Gomoku (exactly five) through the same commands, from the book the match
/// scripts use: every kept position is one the tuner traces (no threat verdict, the
/// game not over, not facing a five-point), the tuner fits the gomoku table from
/// them and emits its weights file unchanged when it takes no step, and a chess
/// parameter file is refused as a start for it.
#[test]
fn gomoku_datagen_and_tune() {
    let model = ludex::tune::Model::Connect(LineRule::ExactlyK);
    let data = temp("gomoku-data.txt");
    let data_str = data.to_str().unwrap();
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings/gomoku15.epd");
    let args = ["datagen", "--variant", "gomoku", "--games", "3", "--nodes", "300", "--random-plies", "2", "--book", book, "--out", data_str];
    let (code, err) = ludex(&args, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&data).unwrap();
    assert!(text.lines().count() >= 3, "{text}");
    for line in text.lines() {
        let rec = parse_line(line).unwrap().unwrap();
        let pos = Connect::from_fen(&rec.fen, ConnectRules::gomoku()).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(pos.to_fen(), rec.fen);
        assert!(pos.outcome().is_none() && !pos.in_check(), "{line}");
        model.trace(&rec.fen).unwrap_or_else(|e| panic!("{line}: {e}"));
    }

    let params = temp("gomoku-params.txt");
    let p = params.to_str().unwrap();
    let args = ["tune", "--variant", "gomoku", "--data", data_str, "--epochs", "5", "--lr", "0.1", "--out", p];
    let (code, err) = ludex(&args, Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(&params).unwrap();
    assert!(written.lines().any(|l| l.starts_with("THEIRS_CLASS 7 ")), "{written}");
    ludex::tune::param_file::parse(model, &written).unwrap();

    let args = ["tune", "--variant", "gomoku", "--data", data_str, "--epochs", "0", "--emit-rust"];
    let (code, out) = ludex_stdout(&args, Duration::from_secs(60));
    assert_eq!(code, 0);
    assert_eq!(out, include_str!("../src/variants/connect/eval/weights/exactly_five.rs"));

    // A chess parameter file is no start for gomoku, nor a gomoku file for chess.
    let chess_params = temp("gomoku-chess-params.txt");
    std::fs::write(&chess_params, "# chess\nMATERIAL 0 82 100\n").unwrap();
    let args = ["tune", "--variant", "gomoku", "--data", data_str, "--epochs", "0", "--start", chess_params.to_str().unwrap()];
    let (code, err) = ludex(&args, Duration::from_secs(60));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("line 2: unknown parameter 'MATERIAL'"), "{err}");
    let chess_data = temp("gomoku-chess-data.txt");
    std::fs::write(&chess_data, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1.0 | 200\n").unwrap();
    let args = ["tune", "--data", chess_data.to_str().unwrap(), "--epochs", "0", "--start", p];
    let (code, err) = ludex(&args, Duration::from_secs(60));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("unknown parameter 'OURS'"), "{err}");
    // Gomoku data is no chess data either: the first FEN is named.
    let args = ["tune", "--data", data_str, "--epochs", "0"];
    let (code, err) = ludex(&args, Duration::from_secs(60));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("data line 1: FEN"), "{err}");
    for f in [data, params, chess_params, chess_data] {
        let _ = std::fs::remove_file(f);
    }
}
