//! The tuner's promises: the data format reads back what it wrote, the trace is
//! exactly the engine's evaluation, and the descent lowers the loss on data whose
//! best parameters are known, writing a parameter file that reads back.

use super::data::{parse_line, DataError, GameResult, Record};
use super::Model;
use crate::variants::chess::eval::layout::{Group, COUNT, GROUPS};
use super::optimise::{loss, sigmoid, Sample};
use super::trace::{chess as trace, Trace};
use super::{param_file, run, Options};
use crate::core::rng::Rng;
use crate::core::{MoveList, Position, Side};
use crate::variants::chess::eval::{evaluate, white_sum, S};
use crate::variants::antichess::{Antichess, AntichessRules};
use crate::variants::chess::{Chess, ChessRules};

/// `n` positions reached by random legal moves from the start position (games that
/// end early stop where they ended, before the final position), plus a few
/// endgames that reach the passed-pawn, shield and scaling code.
fn random_positions(seed: u64, n: usize) -> Vec<Chess> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for fen in [
        "8/7k/8/8/1P6/8/6K1/8 w - - 0 1",
        "8/5k2/8/8/1P6/8/6K1/8 b - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/8/8/3b4/8/2B5/3P4/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1",
        "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    ] {
        out.push(Chess::from_fen(fen, ChessRules::default()).unwrap());
    }
    fill_random(&mut rng, &mut out, n, ChessRules::default(), 4, 120);
    out
}

/// Adds positions to `out` until it holds `n`: each from the start position after
/// `min_plies` plus up to `spread - 1` random legal moves (a game that ends early
/// stops where it ended, and a finished game is not kept).
pub(crate) fn fill_random<P: Position>(rng: &mut Rng, out: &mut Vec<P>, n: usize, rules: P::Rules, min_plies: usize, spread: u64) {
    while out.len() < n {
        let mut pos = P::startpos(rules);
        let plies = min_plies + (rng.next_u64() % spread) as usize;
        for _ in 0..plies {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.make_move(moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize]);
        }
        if pos.outcome().is_none() {
            out.push(pos);
        }
    }
}

#[test]
fn data_lines_round_trip() {
    let records = [
        Record { fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(), result: GameResult::WhiteWin, score: 31 },
        Record { fen: "8/5k2/8/8/1P6/8/6K1/8 w - - 0 60".into(), result: GameResult::Draw, score: -1999 },
        Record { fen: "4k3/8/8/8/8/8/8/2NNK3 b - - 12 80".into(), result: GameResult::BlackWin, score: 0 },
    ];
    let mut file = String::from("# a comment\n\n");
    for r in &records {
        file.push_str(&format!("{r}\n"));
    }
    let back: Vec<Record> = file.lines().filter_map(|l| parse_line(l).unwrap()).collect();
    assert_eq!(back, records);
    assert_eq!(format!("{}", records[1]), "8/5k2/8/8/1P6/8/6K1/8 w - - 0 60 | 0.5 | -1999");
    assert_eq!(parse_line("startpos | 0.7 | 3"), Err(DataError::Result("0.7".into())));
    assert_eq!(parse_line("8/8/8/8/8/8/8/8 w - - 0 1 | 1.0"), Err(DataError::Fields));
    assert_eq!(parse_line("8/8/8/8/8/8/8/8 w - - 0 1 | 1.0 | 3.5"), Err(DataError::Score("3.5".into())));
}

/// The trace at the current parameters is the engine's own unblended sum, term for
/// term; blended, it is the engine's evaluation up to the per-term rounding.
#[test]
fn trace_reproduces_the_evaluation() {
    let params = Model::Chess.current();
    assert_eq!(params.len(), COUNT);
    let as_f: Vec<[f64; 2]> = params.iter().map(|p| [p.mg as f64, p.eg as f64]).collect();
    let mut unstoppable = 0;
    for pos in random_positions(7, 400) {
        let b = pos.board();
        let t = trace(b);
        let (sum, phase, scale) = white_sum(b);
        assert_eq!(t.sum(&params), sum, "{}", pos.to_fen());
        assert_eq!((t.phase, t.scale), (phase, scale), "{}", pos.to_fen());
        let white = if b.turn() == Side::White { evaluate(b) } else { -evaluate(b) };
        // One blend with two truncating divisions.
        assert!((t.eval(&as_f) - white as f64).abs() <= 2.0, "{}: {} vs {white}", pos.to_fen(), t.eval(&as_f));
        unstoppable += t.coefs.iter().any(|&(i, _)| i as usize == Group::Unstoppable.at(0)) as usize;
    }
    assert!(unstoppable > 0, "no position reached the unstoppable-passer term");
}

/// The coefficients sit on the right elements: a sum alone would not notice a
/// mirrored index where the current table happens to be symmetric.
#[test]
fn trace_indexes_by_relative_file_and_rank() {
    let pos = Chess::from_fen("n3k3/8/8/8/8/8/8/4K2N w - - 0 1", ChessRules::default()).unwrap();
    let t = trace(pos.board());
    let coef = |g: Group, i: usize| t.coefs.iter().find(|&&(j, _)| j as usize == g.at(i)).map_or(0, |&(_, c)| c);
    // White knight h1 is square 7 of the knight table; Black's knight on a8 is
    // looked up as a1, square 0.
    assert_eq!(coef(Group::Psqt, 64 + 7), 1);
    assert_eq!(coef(Group::Psqt, 64), -1);
    assert_eq!(coef(Group::Psqt, 5 * 64 + 4), 0, "kings on e1 and e8 cancel");
    assert_eq!(coef(Group::Material, 1), 0);
    assert_eq!(coef(Group::Tempo, 0), 1);
    // Mirroring the position negates every coefficient.
    let flipped = Chess::from_fen("4k2n/8/8/8/8/8/8/N3K3 b - - 0 1", ChessRules::default()).unwrap();
    let u = trace(flipped.board());
    let neg: Vec<(u16, i16)> = t.coefs.iter().map(|&(i, c)| (i, -c)).collect();
    let mut a = u.coefs.clone();
    let mut b = neg;
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

/// Synthetic data whose best parameters are known: the targets are the win
/// probabilities of an evaluation with the knight and rook worth 120 cp more and
/// no tempo, passed as the search score with lambda 1. Tuning from the current
/// values must lower the loss a lot and move those parameters the right way.
#[test]
fn tuner_lowers_the_loss_on_synthetic_data_and_writes_a_readable_file() {
    let mut truth: Vec<[f64; 2]> = Model::Chess.current().iter().map(|p| [p.mg as f64, p.eg as f64]).collect();
    for role in [1, 3] {
        truth[Group::Material.at(role)][0] += 120.0;
        truth[Group::Material.at(role)][1] += 120.0;
    }
    truth[Group::Tempo.at(0)] = [0.0, 0.0];
    let k = 1.2;
    let samples: Vec<Sample> = random_positions(11, 600)
        .iter()
        .map(|pos| {
            let t: Trace = trace(pos.board());
            let e = t.eval(&truth);
            let result = if sigmoid(k, e) > 0.5 { 1.0 } else { 0.0 };
            Sample { trace: t, result, score: e }
        })
        .collect();
    let start: Vec<[f64; 2]> = Model::Chess.current().iter().map(|p| [p.mg as f64, p.eg as f64]).collect();
    let before = loss(&samples, &start, k, 1.0);
    let opts = Options { model: Model::Chess, epochs: 200, lr: 4.0, lambda: 1.0, k: Some(k), threads: 2, start: None };
    let mut losses = Vec::new();
    let summary = run(&samples, &opts, |epoch, l| {
        if epoch > 0 {
            losses.push(l)
        }
    })
    .unwrap();
    assert_eq!(losses.len(), 200);
    assert!((summary.loss_before - before).abs() < 1e-12);
    assert!(summary.loss_after < before * 0.5, "loss {before} -> {}", summary.loss_after);
    // A piece's worth is its material plus its square's table entry (the two are
    // collinear, so the fit may move either): averaged over the board, the knight
    // and the rook must have gained a good part of the 240 (mg + eg) the truth adds (mobility
    // tables are collinear with material too, and take their share).
    let worth = |p: &[S], role: usize| {
        let table: i32 = (0..64).map(|sq| p[Group::Psqt.at(role * 64 + sq)].mg + p[Group::Psqt.at(role * 64 + sq)].eg).sum();
        p[Group::Material.at(role)].mg + p[Group::Material.at(role)].eg + table / 64
    };
    let was = Model::Chess.current();
    for role in [1, 3] {
        let gain = worth(&summary.params, role) - worth(&was, role);
        assert!(gain > 50, "role {role} gained only {gain}");
    }

    let text = param_file::write(Model::Chess, &summary.params);
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), COUNT);
    assert_eq!(param_file::parse(Model::Chess, &text).unwrap(), summary.params);
    assert!(param_file::parse(Model::Chess, "MATERIAL 5 1 1").is_err());
    assert!(param_file::parse(Model::Chess, "NOT_A_PARAM 0 1 1").is_err());
    assert_eq!(param_file::parse(Model::Chess, "TEMPO 0 1 2").unwrap()[Group::Tempo.at(0)], S { mg: 1, eg: 2 });
}

/// K fitting finds the K the labels were drawn with (up to the coarse data).
#[test]
fn k_fit_recovers_the_generating_k() {
    let params: Vec<[f64; 2]> = Model::Chess.current().iter().map(|p| [p.mg as f64, p.eg as f64]).collect();
    let k = 0.8;
    let samples: Vec<Sample> = random_positions(5, 300)
        .iter()
        .map(|pos| {
            let t = trace(pos.board());
            let score = t.eval(&params);
            Sample { trace: t, result: 0.5, score }
        })
        .collect();
    // With lambda 1 the targets are sigmoid(k, eval) exactly: the loss is 0 at k.
    let samples: Vec<Sample> = samples.into_iter().map(|s| Sample { result: sigmoid(k, s.score), ..s }).collect();
    let fitted = super::optimise::fit_k(&samples, &params, 2);
    assert!((fitted - k).abs() < 0.02, "fitted K {fitted}");
}

/// `--emit-rust` writes the whole of `weights.rs`: fed the current weights, it
/// reproduces the file byte for byte, so a tuning run is applied by overwriting it.
#[test]
fn emitted_rust_is_the_weights_file() {
    let src = super::emit::rust_source(Model::Chess, &Model::Chess.current());
    assert_eq!(src, include_str!("../variants/chess/eval/weights.rs"));
    for g in GROUPS {
        assert!(src.contains(&format!("    // {}\n", g.name())), "{}", g.name());
    }
    let mut changed = Model::Chess.current();
    changed[Group::Tempo.at(0)] = S { mg: 7, eg: -3 };
    assert!(super::emit::rust_source(Model::Chess, &changed).contains("    // TEMPO\n    s(7, -3),\n];"));
}

/// Antichess positions reached by random legal moves (the family shares the tuner).
fn random_antichess(seed: u64, n: usize, rules: AntichessRules) -> Vec<Antichess> {
    let mut out = Vec::new();
    fill_random(&mut Rng::new(seed), &mut out, n, rules, 2, 60);
    out
}

/// The antichess trace is the engine's own evaluation in every rule set: its sum
/// at the current weights is the engine's unblended sum, and blended it is the
/// evaluation from White's side; the rule-specific groups are only counted under
/// their rules.
#[test]
fn antichess_trace_reproduces_the_evaluation() {
    use crate::variants::antichess::eval::{layout::Group as AGroup, white_sum as anti_sum};
    let model = Model::Antichess(AntichessRules::Antichess);
    let params = model.current();
    let as_f: Vec<[f64; 2]> = params.iter().map(|p| [p.mg as f64, p.eg as f64]).collect();
    for rules in [AntichessRules::Antichess, AntichessRules::Giveaway, AntichessRules::Suicide] {
        let mut suicide_counted = false;
        for mut pos in random_antichess(3, 200, rules) {
            let b = pos.board();
            let t = super::trace::antichess(b, rules);
            let (sum, phase) = anti_sum(b, rules);
            assert_eq!(t.sum(&params), sum, "{}", pos.to_fen());
            assert_eq!(t.phase, phase);
            let white = if b.turn() == Side::White { pos.evaluate() } else { -pos.evaluate() };
            assert!((t.eval(&as_f) - white as f64).abs() <= 1.0, "{}: {} vs {white}", pos.to_fen(), t.eval(&as_f));
            let counted = |g: AGroup| t.coefs.iter().any(|&(i, _)| i as usize == g.at(0));
            assert!(rules == AntichessRules::Suicide || !counted(AGroup::BlockedPawnSuicide));
            assert!(rules != AntichessRules::Suicide || !counted(AGroup::BlockedPawn));
            suicide_counted |= counted(AGroup::BlockedPawnSuicide);
        }
        assert_eq!(suicide_counted, rules == AntichessRules::Suicide, "{rules:?}");
    }
    // Mirroring a position (colours and side to move swapped) negates every count.
    let mut a = Antichess::from_fen("4k3/8/8/3p4/8/2N5/8/R7 w - - 0 1", AntichessRules::Antichess).unwrap();
    let mut m = Antichess::from_fen("r7/8/2n5/8/3P4/8/8/4K3 b - - 0 1", AntichessRules::Antichess).unwrap();
    let (ta, tm) = (super::trace::antichess(a.board(), AntichessRules::Antichess), super::trace::antichess(m.board(), AntichessRules::Antichess));
    let mut neg: Vec<(u16, i16)> = ta.coefs.iter().map(|&(i, c)| (i, -c)).collect();
    let mut got = tm.coefs.clone();
    neg.sort();
    got.sort();
    assert_eq!(got, neg);
    assert_eq!(a.evaluate(), m.evaluate());
}

/// The antichess model fits synthetic data too (owning a knight made 300 worse
/// than the current weights say, judged on a whole position since material and the
/// placement tables are collinear) and its parameter file and Rust source carry its
/// own group names; its emitted source is its weights file.
#[test]
fn antichess_model_tunes_and_writes_its_own_files() {
    use crate::variants::antichess::eval::layout::{Group as AGroup, COUNT as ACOUNT};
    let model = Model::Antichess(AntichessRules::Antichess);
    let mut truth: Vec<[f64; 2]> = model.current().iter().map(|p| [p.mg as f64, p.eg as f64]).collect();
    truth[AGroup::Material.at(1)][0] -= 300.0;
    truth[AGroup::Material.at(1)][1] -= 300.0;
    let k = 1.0;
    let samples: Vec<Sample> = random_antichess(9, 600, AntichessRules::Antichess)
        .iter()
        .map(|pos| {
            let t = super::trace::antichess(pos.board(), AntichessRules::Antichess);
            let e = t.eval(&truth);
            Sample { trace: t, result: sigmoid(k, e), score: e }
        })
        .collect();
    let opts = Options { model, epochs: 150, lr: 4.0, lambda: 1.0, k: Some(k), threads: 2, start: None };
    let summary = run(&samples, &opts, |_, _| {}).unwrap();
    assert!(summary.loss_after < summary.loss_before * 0.5, "{} -> {}", summary.loss_before, summary.loss_after);
    // An extra white knight on c3 in a middle game: worth far less now.
    let with = |fen: &str| super::trace::antichess(Antichess::from_fen(fen, AntichessRules::Antichess).unwrap().board(), AntichessRules::Antichess);
    let (a, b) = (with("r3k2r/pppp1ppp/8/8/8/2N5/PPPP1PPP/R3K2R w - - 0 1"), with("r3k2r/pppp1ppp/8/8/8/8/PPPP1PPP/R3K2R w - - 0 1"));
    let as_f = |p: &[S]| -> Vec<[f64; 2]> { p.iter().map(|p| [p.mg as f64, p.eg as f64]).collect() };
    let knight = |p: &[S]| a.eval(&as_f(p)) - b.eval(&as_f(p));
    let drop = knight(&model.current()) - knight(&summary.params);
    assert!(drop > 150.0, "the knight lost only {drop}");

    let text = param_file::write(model, &summary.params);
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), ACOUNT);
    assert!(text.contains("\nATTACKED_BY_WAITING 5 "), "{text}");
    assert_eq!(param_file::parse(model, &text).unwrap(), summary.params);
    assert!(param_file::parse(model, "PSQT 0 1 1").is_err(), "a chess group is not an antichess one");
    assert_eq!(super::emit::rust_source(model, &model.current()), include_str!("../variants/antichess/eval/weights.rs"));
}
