//! The tuner's promises for the five-in-a-row games: under each rule set the trace
//! is the engine's own quiet evaluation (and refused where a threat verdict or the
//! end of the game decides instead), it ignores colour where the rules do, and a
//! fit on data whose best weights are known lowers the loss and writes files the
//! model reads back.

use super::model::connect_rules;
use super::optimise::{sigmoid, Sample};
use super::trace::connect as trace;
use super::{emit, param_file, run, Model, Options};
use crate::core::rng::Rng;
use crate::core::score::is_mate;
use crate::core::{MoveList, Position, Side};
use crate::variants::chesslike::tapered::S;
use crate::variants::connect::eval::layout::{Group, COUNT, UNIT};
use crate::variants::connect::{Connect, LineRule, Pattern};

const LINES: [LineRule; 3] = [LineRule::ExactlyK, LineRule::KOrMore, LineRule::Renju];

/// The gomoku book the match scripts play (three stones near the centre).
const BOOK: &str = include_str!("../../tests/data/openings/gomoku15.epd");

/// Positions under `line` reached by random moves from the empty board or from a
/// book line (then `0 1` counters, as `ludex datagen` reads a book), every
/// position along each game, finished ones included. Half the games draw from every
/// legal move (stones scattered over the board), half from the candidate moves near
/// the stones (dense shapes, fours to block, threat verdicts).
fn random_connect(seed: u64, n: usize, line: LineRule) -> Vec<Connect> {
    let rules = connect_rules(line);
    let book: Vec<String> =
        BOOK.lines().filter(|l| !l.trim().is_empty()).map(|l| format!("{} 0 1", l.trim())).collect();
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = match rng.next_u64() % 3 {
            0 => Connect::startpos(rules),
            _ => Connect::from_fen(&book[(rng.next_u64() % book.len() as u64) as usize], rules).unwrap(),
        };
        let near = rng.next_u64().is_multiple_of(2);
        for _ in 0..rng.next_u64() % 60 {
            let mut moves = MoveList::new();
            if near {
                pos.candidate_moves(&mut moves);
            } else {
                pos.legal_moves(&mut moves);
            }
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize]);
            out.push(pos.clone());
        }
    }
    out.truncate(n);
    out
}

/// The engine's evaluation from White's side.
fn white_eval(pos: &Connect) -> i32 {
    if pos.side_to_move() == Side::White {
        pos.clone().evaluate()
    } else {
        -pos.clone().evaluate()
    }
}

fn as_f(p: &[S]) -> Vec<[f64; 2]> {
    p.iter().map(|p| [p.mg as f64, p.eg as f64]).collect()
}

/// Under every rule set, a position's trace read from its FEN sums with the current
/// weights to the engine's evaluation (from White's side) of the position as it was
/// played, whenever the evaluation is the quiet sum; a threat verdict (mate-ranged)
/// and a finished game are refused. The sample must reach both answers and the
/// forced block, which swaps the roles and drops the tempo.
#[test]
fn connect_trace_is_the_evaluation_under_each_rule_set() {
    for line in LINES {
        let model = Model::Connect(line);
        let weights = model.current();
        assert_eq!(weights.len(), COUNT);
        let (mut quiet, mut forced, mut threats) = (0, 0, 0);
        for pos in random_connect(17 + line as u64, 400, line) {
            let fen = pos.to_fen();
            let white = white_eval(&pos);
            // A quiet verdict shows its seven terms; a threat or the end one line.
            let is_sum = pos.eval_terms().len() == 7;
            match model.trace(&fen) {
                Ok(t) => {
                    assert!(is_sum && pos.outcome().is_none(), "{fen}");
                    // The engine divides the sum in weight units, truncating.
                    let sum = t.sum(&weights);
                    assert_eq!(S { mg: sum.mg / UNIT, eg: sum.eg }, S { mg: white, eg: 0 }, "{line:?} {fen}");
                    assert_eq!(t.eval(&as_f(&weights)), sum.mg as f64 / UNIT as f64, "{fen}");
                    assert_eq!((t.phase, t.max_phase, t.scale), (1, UNIT, 0));
                    quiet += 1;
                    forced += !t.coefs.iter().any(|&(i, _)| i as usize == Group::Tempo.at(0)) as usize;
                }
                Err(why) if pos.outcome().is_some() => assert!(why.contains("game is over"), "{why}"),
                Err(why) => {
                    assert!(!is_sum && is_mate(white), "{fen}: refused ({why}) but scored {white}");
                    threats += 1;
                }
            }
        }
        assert!(quiet > 200 && forced > 0 && threats > 0, "{line:?}: {quiet} {forced} {threats}");
        // A finished game (White's five, Black to move) is no quiet sum either.
        let over = model.trace("15/15/15/15/15/15/15/PPPPP10/pppp11/15/15/15/15/15/15 b - - 0 5");
        assert!(over.is_err_and(|why| why.contains("game is over")), "{line:?}");
    }
}

/// Exactly five and freestyle treat both colours alike, so swapping every stone's
/// colour (and the side to move) negates each count of the trace; renju does not
/// (the first player's fouls), so it is left out.
#[test]
fn connect_trace_negates_when_colours_swap() {
    for line in [LineRule::ExactlyK, LineRule::KOrMore] {
        let mut checked = 0;
        for mut pos in random_connect(5 + line as u64, 300, line) {
            let (Ok(t), mut swapped) = (trace(&pos), pos.colours_swapped()) else { continue };
            let mut neg: Vec<(u16, i16)> = t.coefs.iter().map(|&(i, c)| (i, -c)).collect();
            let mut got = trace(&swapped).unwrap_or_else(|e| panic!("{}: {e}", pos.to_fen())).coefs;
            neg.sort();
            got.sort();
            assert_eq!(got, neg, "{}", pos.to_fen());
            assert_eq!(swapped.evaluate(), pos.evaluate());
            checked += 1;
        }
        assert!(checked > 200, "{line:?}: {checked}");
    }
}

/// Synthetic data whose best weights are known: the targets are the win
/// probabilities of the evaluation with an open three of the side with the
/// initiative worth 12 centipawns more. The fit must lower the loss a lot, move that weight
/// the right way and leave every `eg` at 0; the parameter
/// file reads back, and the emitted Rust of the untouched weights is each rule
/// set's weights file.
#[test]
fn connect_model_tunes_and_writes_its_own_files() {
    let model = Model::Connect(LineRule::ExactlyK);
    let start = model.current();
    let mut truth = as_f(&start);
    truth[Group::Ours.at(Pattern::F3 as usize)][0] += 12.0 * UNIT as f64;
    let k = 1.0;
    let samples: Vec<Sample> = random_connect(23, 800, LineRule::ExactlyK)
        .iter()
        .filter_map(|pos| trace(pos).ok())
        .map(|t| {
            let e = t.eval(&truth);
            Sample { trace: t, result: sigmoid(k, e), score: e }
        })
        .collect();
    assert!(samples.len() > 400, "{}", samples.len());
    // A small step (a third of a centipawn): the one-stone patterns are counted
    // hundreds of times a position, so a centipawn in their weights already swings
    // the evaluation by hundreds.
    let opts = Options { model, epochs: 200, lr: 0.3 * UNIT as f64, lambda: 1.0, k: Some(k), threads: 2, start: None };
    let summary = run(&samples, &opts, |_, _| {}).unwrap();
    assert!(summary.loss_after < summary.loss_before * 0.5, "{} -> {}", summary.loss_before, summary.loss_after);
    let moved = |g: Group, i: usize| summary.params[g.at(i)].mg - start[g.at(i)].mg;
    let f3 = moved(Group::Ours, Pattern::F3 as usize);
    assert!(f3 > 2 * UNIT, "{f3}");
    assert!(summary.params.iter().all(|p| p.eg == 0), "a connect fit moved an eg value");

    let text = param_file::write(model, &summary.params);
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), COUNT);
    assert!(text.contains("\nTHEIRS_CLASS 6 "), "{text}");
    assert_eq!(param_file::parse(model, &text).unwrap(), summary.params);
    assert!(param_file::parse(model, "PSQT 0 1 1").is_err(), "a chess group is not a connect one");
    assert!(param_file::parse(model, "OURS 12 1 0").is_err(), "OURS has 12 elements");

    for (line, file) in [
        (LineRule::ExactlyK, include_str!("../variants/connect/eval/weights/exactly_five.rs")),
        (LineRule::KOrMore, include_str!("../variants/connect/eval/weights/freestyle.rs")),
        (LineRule::Renju, include_str!("../variants/connect/eval/weights/renju.rs")),
    ] {
        let m = Model::Connect(line);
        assert_eq!(emit::rust_source(m, &m.current()), file, "{line:?}");
        assert!(m.weights_path().ends_with(["exactly_five.rs", "freestyle.rs", "renju.rs"][line as usize]));
    }
}

