//! The trainer's promises, on small synthetic data whose answer is known: it
//! reads the datagen format (and says which line is wrong), it lowers the loss of
//! a learnable target, and the integer network it writes evaluates as the
//! floating-point one it trained, once that one's weights are rounded.

use super::data::{load, LoadError, Packed};
use super::model::{sigmoid, FloatNet};
use super::{loss, run, Options};
use crate::core::rng::Rng;
use crate::core::{Position, Side};
use crate::variants::chess::nnue::{Accumulator, Network, SCALE};
use crate::variants::chess::{Chess, ChessRules};
use crate::variants::chesslike::{parse_fen, Role};

/// White's material in centipawns minus Black's.
fn material(c: &Chess) -> i32 {
    const VALUES: [i32; 5] = [100, 300, 320, 500, 900];
    let b = c.board();
    Role::ALL[..5]
        .iter()
        .zip(VALUES)
        .map(|(&r, v)| v * (b.pieces(Side::White, r).count() as i32 - b.pieces(Side::Black, r).count() as i32))
        .sum()
}

/// Data lines whose score is the material balance and whose result follows it.
fn synthetic_lines(seed: u64, n: usize) -> String {
    let mut positions = Vec::new();
    crate::tune::tests::fill_random(&mut Rng::new(seed), &mut positions, n, ChessRules::default(), 10, 150);
    positions
        .iter()
        .map(|c: &Chess| {
            let m = material(c);
            let result = if m > 150 { "1.0" } else if m < -150 { "0.0" } else { "0.5" };
            format!("{} | {result} | {m}\n", c.to_fen())
        })
        .collect()
}

/// Training and held-out positions from two seeds of [`synthetic_lines`].
fn synthetic_sets(seeds: (u64, u64), sizes: (usize, usize)) -> (Vec<Packed>, Vec<Packed>) {
    let set = |seed, n| load(synthetic_lines(seed, n).as_bytes(), false).unwrap();
    (set(seeds.0, sizes.0), set(seeds.1, sizes.1))
}

#[test]
fn reads_datagen_lines_from_the_side_to_moves_view() {
    let text = "# comment\n\
        rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 1.0 | 40\n\
        \n\
        4k3/8/8/8/8/8/8/4K2R w K - 0 1 | 0.5 | 510\n";
    let data = load(text.as_bytes(), false).unwrap();
    assert_eq!(data.len(), 2);
    assert!(!data[0].white_to_move);
    assert_eq!((data[0].score, data[0].result, data[0].count), (-40, 0.0, 32));
    assert!(data[1].white_to_move);
    assert_eq!((data[1].score, data[1].result, data[1].count), (510, 0.5, 3));

    let bad_result = "8/8/8/8/8/8/8/K6k w - - 0 1 | 1.0 | 0\n8/8/8/8/8/8/8/K6k w - - 0 1 | 2 | 0\n";
    assert!(matches!(load(bad_result.as_bytes(), false), Err(LoadError::Line { line: 2, .. })));
    let bad_fen = "8/8/8/8/8/8/8/K6 w - - 0 1 | 1.0 | 0\n";
    assert!(matches!(load(bad_fen.as_bytes(), false), Err(LoadError::Fen { line: 1, .. })));
}

#[test]
fn training_lowers_the_loss_of_a_learnable_target_and_the_integer_network_agrees() {
    let (train, held_out) = synthetic_sets((11, 12), (4000, 500));
    let opts = Options { epochs: 40, batch: 64, lr: 0.005, lambda: 1.0, threads: 2, seed: 3, weight_decay: 0.0 };
    let mut net = FloatNet::random(opts.seed, false);
    let before = loss(&net, &held_out, opts.lambda);
    let mut epochs = Vec::new();
    let best = run(&mut net, &train, &held_out, &opts, |e| epochs.push(e)).unwrap();
    // The start (epoch 0, with its held-out loss), then every epoch.
    assert_eq!(epochs.iter().map(|e| e.epoch).collect::<Vec<_>>(), (0..=opts.epochs).collect::<Vec<_>>());
    assert_eq!(epochs[0].held_out_loss, Some(before));
    let epochs = epochs.split_off(1);
    let after = best.held_out_loss.unwrap();
    assert!(epochs.iter().all(|e| e.held_out_loss.unwrap() >= after));
    assert!((loss(&net, &held_out, opts.lambda) - after).abs() < 1e-9, "the network is not the best epoch's");
    eprintln!("held-out loss {before} -> {after}");
    assert!(after < before * 0.2, "held-out loss {before} -> {after}");
    assert!(epochs.last().unwrap().train_loss < epochs[0].train_loss);

    // The written file, read as the engine reads it, computes what the float
    // network with its rounded weights computes, to the engine's truncations.
    let int_net = Network::from_bytes(&net.quantise().to_bytes()).unwrap();
    let rounded = FloatNet::from_network(&int_net);
    let lines = synthetic_lines(12, 500);
    let mut worst: f32 = 0.0;
    for (line, p) in lines.lines().zip(&held_out) {
        let board = parse_fen(line.split('|').next().unwrap().trim()).unwrap();
        let engine = Accumulator::new(&board, &int_net).evaluate(board.turn(), &int_net);
        let float = rounded.forward(p) * SCALE as f32;
        worst = worst.max((engine as f32 - float).abs());
    }
    // The engine truncates its score to whole centipawns (toward zero).
    assert!(worst < 1.01, "the engine's integers and the rounded float network differ by {worst} cp");
    // And rounding the weights costs the network little of what it learnt.
    let rounded_loss = loss(&rounded, &held_out, opts.lambda);
    assert!(rounded_loss < after * 1.05, "held-out loss {after} rises to {rounded_loss} when rounded");
}

/// A network read back from the engine's integers is the one that was rounded:
/// it rounds to the same file, scores as the integer network does, and training
/// from it starts at its loss (epoch 0) and does not end worse on held-out data.
#[test]
fn training_goes_on_from_an_integer_network() {
    let (train, held_out) = synthetic_sets((21, 22), (2000, 300));
    let opts = Options { epochs: 6, batch: 64, lr: 0.005, lambda: 1.0, threads: 1, seed: 4, weight_decay: 0.0 };
    let mut first = FloatNet::random(opts.seed, false);
    run(&mut first, &train, &held_out, &opts, |_| ()).unwrap();
    let int_net = first.quantise();

    let mut start = FloatNet::from_network(&int_net);
    assert_eq!(start.quantise().to_bytes(), int_net.to_bytes());
    let start_loss = loss(&start, &held_out, opts.lambda);
    assert!((start_loss - loss(&first, &held_out, opts.lambda)).abs() < 1e-3, "rounding moved the loss too far");

    let mut epochs = Vec::new();
    let best = run(&mut start, &train, &held_out, &Options { seed: 5, ..opts.clone() }, |e| epochs.push(e)).unwrap();
    assert_eq!(epochs.len(), opts.epochs + 1);
    assert_eq!((epochs[0].epoch, epochs[0].held_out_loss), (0, Some(start_loss)));
    assert!(best.held_out_loss.unwrap() <= start_loss);
    // Held-out data the start could not fit better: it is kept as it was.
    let mut again = FloatNet::from_network(&int_net);
    let worse = Options { lr: 5.0, epochs: 1, ..opts };
    let kept = run(&mut again, &train, &held_out, &worse, |_| ()).unwrap();
    assert_eq!(kept.epoch, 0, "a step size of 5 should only do harm");
    assert_eq!(again.quantise().to_bytes(), int_net.to_bytes());
}

/// Weight decay keeps the weights smaller (it is what lets a network trained on
/// a few thousand self-play games stop memorising them) while the network still
/// learns; the biases are left alone.
#[test]
fn weight_decay_shrinks_the_weights_and_training_still_learns() {
    use super::model::{is_weight, LEN};
    let (train, held_out) = synthetic_sets((31, 32), (2000, 300));
    let opts = Options { epochs: 6, batch: 64, lr: 0.005, lambda: 1.0, threads: 1, seed: 6, weight_decay: 0.0 };
    let trained = |weight_decay| {
        let mut net = FloatNet::random(opts.seed, false);
        let best = run(&mut net, &train, &held_out, &Options { weight_decay, ..opts.clone() }, |_| ()).unwrap();
        (net, best.held_out_loss.unwrap())
    };
    let start = loss(&FloatNet::random(opts.seed, false), &held_out, opts.lambda);
    let norm = |net: &FloatNet| (0..LEN).filter(|&j| is_weight(j)).map(|j| (net.params[j] as f64).powi(2)).sum::<f64>();
    let (plain, plain_loss) = trained(0.0);
    let (decayed, decayed_loss) = trained(5.0);
    eprintln!("weights' squared norm {} -> {}, held-out loss {start} -> {plain_loss} / {decayed_loss}", norm(&plain), norm(&decayed));
    assert!(norm(&decayed) < 0.8 * norm(&plain));
    assert!(decayed_loss < start * 0.5, "held-out loss {start} -> {decayed_loss} with decay");
    assert!(!is_weight(super::model::B1) && !is_weight(super::model::B2) && is_weight(0) && is_weight(super::model::W2));
}

#[test]
fn chess_positions_evaluate_through_the_embedded_network() {
    let mut start = Chess::startpos(ChessRules::default());
    let mut up_a_queen = Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ChessRules::default()).unwrap();
    assert!(up_a_queen.evaluate() > start.evaluate() + 300, "{} vs {}", up_a_queen.evaluate(), start.evaluate());
}

#[test]
fn the_gradient_is_the_slope_of_the_loss() {
    let data = load(synthetic_lines(13, 20).as_bytes(), false).unwrap();
    let checked = gradient_checks(&FloatNet::random(5, false), &data);
    assert!(checked > 40, "only {checked} parameters moved the loss");
}

/// Checks the gradient of `net` against the loss's slope at a few parameters
/// per position of `data`, and returns how many of them moved the loss.
fn gradient_checks(net: &FloatNet, data: &[Packed]) -> usize {
    use super::model::{B1, B2, W1, W2};
    use crate::variants::chess::nnue::HIDDEN;
    let lambda = 0.6;
    let error = |net: &FloatNet, p| {
        let e = sigmoid(net.forward(p)) as f64 - super::model::target(p, lambda) as f64;
        e * e
    };
    let mut checked = 0;
    for p in data {
        let mut grad = vec![0.0; super::model::LEN];
        net.backward(p, lambda, &mut grad);
        let f = p.features()[0] as usize;
        let flipped = crate::variants::chess::nnue::flip_feature(f);
        for j in [W1 + f * HIDDEN + 3, W1 + flipped * HIDDEN + 7, B1 + 5, W2 + 1, W2 + HIDDEN + 2, B2] {
            let (mut up, mut down) = (net.clone(), net.clone());
            let h = 1e-3;
            up.params[j] += h;
            down.params[j] -= h;
            let slope = (error(&up, p) - error(&down, p)) / (2.0 * h as f64);
            let g = grad[j] as f64;
            assert!((g - slope).abs() <= 1e-4 + 0.02 * slope.abs(), "parameter {j}: gradient {g}, slope {slope}");
            checked += (slope.abs() > 1e-6) as usize;
        }
    }
    checked
}

/// A correcting network's own output counts at the position's drawish-ending
/// scale, as in the engine (`eval::Scaled`): none of it with knights against a
/// bare king, half with opposite bishops, all of it otherwise; the gradient
/// follows, so a position whose correction does not count teaches nothing.
#[test]
fn drawish_endings_scale_a_correcting_networks_output() {
    use crate::variants::chess::eval::params::SCALE_NORMAL;
    let lines = "8/8/4k3/8/8/8/8/1NNK4 w - - 0 1 | 0.5 | 40\n\
                 6k1/5p2/8/4b3/8/8/4BPP1/6K1 w - - 0 1 | 0.5 | 30\n\
                 6k1/5p2/8/3b4/8/8/4BPP1/6K1 b - - 0 1 | 1.0 | -90\n";
    let data = load(lines.as_bytes(), false).unwrap();
    assert_eq!(data.iter().map(|p| p.scale).collect::<Vec<_>>(), [0, 32, 64]);
    // Full-sized output weights, so that the network's own share is plain to see.
    let alone = FloatNet::random(7, false);
    let net = FloatNet { on_classical: true, ..alone.clone() };
    for p in &data {
        let base = p.classical as f32 / SCALE as f32;
        let want = base + alone.forward(p) * p.scale as f32 / SCALE_NORMAL as f32;
        assert!(alone.forward(p).abs() > 1e-3 && (net.forward(p) - want).abs() < 1e-5, "{p:?}");
    }
    let mut grad = vec![0.0; super::model::LEN];
    net.backward(&data[0], 0.6, &mut grad);
    assert!(grad.iter().all(|&g| g == 0.0), "knights only: the correction does not count");
    let checked = gradient_checks(&net, &data[1..]);
    assert!(checked >= 8, "only {checked} parameters moved the loss");
}

/// A network's weight (`Network::weight_permille`) is trained as the engine
/// uses it: the output counts at that share (times the drawish-ending scale of
/// a correcting network), the gradient follows, and the written file keeps the
/// weight and scores as the float network does.
#[test]
fn a_networks_weight_is_trained_and_written_as_the_engine_uses_it() {
    use crate::variants::chess::eval::params::SCALE_NORMAL;
    use crate::variants::chess::nnue::FULL_WEIGHT;
    let lines = synthetic_lines(14, 30);
    let data = load(lines.as_bytes(), false).unwrap();
    let full = FloatNet::random(8, false);
    assert_eq!(full.weight_permille, FULL_WEIGHT);
    let heavy = FloatNet { weight_permille: 1500, ..full.clone() };
    let heavy_correction = FloatNet { on_classical: true, weight_permille: 1500, ..full.clone() };
    for p in &data {
        assert!(full.forward(p).abs() > 1e-3);
        assert!((heavy.forward(p) - 1.5 * full.forward(p)).abs() < 1e-5, "{p:?}");
        let base = p.classical as f32 / SCALE as f32;
        let share = 1.5 * p.scale as f32 / SCALE_NORMAL as f32;
        assert!((heavy_correction.forward(p) - (base + share * full.forward(p))).abs() < 1e-5, "{p:?}");
    }
    assert!(gradient_checks(&heavy, &data[..10]) > 20);
    assert!(gradient_checks(&heavy_correction, &data[..10]) > 20);

    let int_net = Network::from_bytes(&heavy.quantise().to_bytes()).unwrap();
    assert_eq!(int_net.weight_permille, 1500);
    let rounded = FloatNet::from_network(&int_net);
    assert_eq!(rounded.weight_permille, 1500);
    for (line, p) in lines.lines().zip(&data) {
        let board = parse_fen(line.split('|').next().unwrap().trim()).unwrap();
        let engine = Accumulator::new(&board, &int_net).evaluate(board.turn(), &int_net);
        let float = rounded.forward(p) * SCALE as f32;
        assert!((engine as f32 - float).abs() < 1.01, "engine {engine}, float {float}");
    }
}

#[test]
fn mirroring_adds_the_position_with_files_reversed() {
    let line = "r3k2r/pp3ppp/2n5/3q4/8/2N5/PP3PPP/R2QK2R w KQkq - 0 1 | 0.5 | 35\n";
    let by_hand = "r2k3r/ppp3pp/5n2/4q3/8/5N2/PPP3PP/R2KQ2R w - - 0 1 | 0.5 | 35\n";
    let both = load(line.as_bytes(), true).unwrap();
    assert_eq!(both.len(), 2);
    let want = load(by_hand.as_bytes(), false).unwrap()[0];
    let sorted = |p: &super::data::Packed| {
        let mut f = p.features().to_vec();
        f.sort();
        f
    };
    assert_eq!(sorted(&both[1]), sorted(&want));
    assert_eq!((both[1].score, both[1].result, both[1].classical), (want.score, want.result, want.classical));
    assert_eq!(both[0], load(line.as_bytes(), false).unwrap()[0]);
    assert_ne!(sorted(&both[0]), sorted(&both[1]));
}

/// The training state keeps the floating-point network bit for bit, so that
/// steps too small to change the engine's integers still add up across
/// sessions; a file that is not a state of this build is refused, not guessed at.
#[test]
fn the_training_state_keeps_what_rounding_would_lose() {
    use super::model::{LEN, W2};
    use super::state::{from_bytes, is_state, to_bytes, StateError, FILE_SIZE};
    use crate::variants::chess::nnue::QB;
    let mut net = FloatNet::random(9, true);
    net.weight_permille = 1250;
    let bytes = to_bytes(&net);
    assert_eq!(bytes.len(), FILE_SIZE);
    assert!(is_state(&bytes) && !is_state(&net.quantise().to_bytes()));
    let back = from_bytes(&bytes).unwrap();
    assert!(back.params.iter().zip(&net.params).all(|(a, b)| a.to_bits() == b.to_bits()));
    assert_eq!((back.on_classical, back.weight_permille), (true, 1250));

    // Two steps of 0.3 of an output weight's unit: through the state they make
    // a unit together; rounded to the engine's integers after each, both are lost.
    let mut whole = FloatNet::from_network(&net.quantise());
    let start = whole.quantise().w2[0][0];
    let mut rounded = whole.clone();
    for _ in 0..2 {
        whole.params[W2] += 0.3 / QB as f32;
        whole = from_bytes(&to_bytes(&whole)).unwrap();
        rounded.params[W2] += 0.3 / QB as f32;
        rounded = FloatNet::from_network(&rounded.quantise());
    }
    assert_eq!(whole.quantise().w2[0][0], start + 1);
    assert_eq!(rounded.quantise().w2[0][0], start);

    let mut wrong = bytes.clone();
    wrong[0] = b'X';
    assert_eq!(from_bytes(&wrong).unwrap_err(), StateError::Magic);
    assert_eq!(from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(), StateError::Size { expected: FILE_SIZE, found: FILE_SIZE - 1 });
    let mut wrong = bytes.clone();
    wrong[12..16].copy_from_slice(&7u32.to_le_bytes());
    assert!(matches!(from_bytes(&wrong), Err(StateError::Shape("hidden size", 7, _))));
    let mut wrong = bytes.clone();
    wrong[20..24].copy_from_slice(&5000u32.to_le_bytes());
    assert_eq!(from_bytes(&wrong).unwrap_err(), StateError::Weight(5000));
    let mut wrong = bytes;
    let last = FILE_SIZE - 4;
    wrong[last..].copy_from_slice(&f32::NAN.to_le_bytes());
    assert_eq!(from_bytes(&wrong).unwrap_err(), StateError::NotFinite(LEN - 1));
}

/// The rounding report on a hand-made run whose answers are known: from a
/// network of zeros but for three weights, one first-layer weight moves 0.6 of
/// a step (kept by rounding, which then overshoots it), another 0.3 (lost), an
/// output weight 0.45 (lost), and no bias.
#[test]
fn the_rounding_report_shows_what_the_engines_integers_keep() {
    use super::model::{B1, LEN, W1, W2};
    use super::rounding::report;
    use crate::variants::chess::nnue::{HIDDEN, QA, QB};
    let mut start = FloatNet::random(3, true);
    start.params = vec![0.0; LEN];
    start.params[W1 + 5] = 10.0 / QA as f32;
    start.params[W1 + 7] = -4.0 / QA as f32;
    start.params[W2 + 3] = 17.0 / QB as f32;
    let mut trained = start.clone();
    trained.params[W1 + 5] += 0.6 / QA as f32;
    trained.params[W1 + 7] += 0.3 / QA as f32;
    trained.params[W2 + 3] -= 0.45 / QB as f32;
    let [w1, b1, w2] = report(&start, &trained);
    let n1 = (B1 - W1) as f64;
    let near = |a: f64, b: f64| (a - b).abs() < 1e-4;
    assert!(near(w1.rms, ((0.36 + 0.09) / n1).sqrt()) && near(w1.largest, 0.6), "{w1}");
    assert!(near(w1.changed, 1.0 / n1) && near(w1.kept, 0.6 / 0.45), "{w1}");
    assert!(b1.rms == 0.0 && b1.changed == 0.0 && b1.kept.is_nan(), "{b1}");
    assert!(near(w2.rms, (0.2025 / (2 * HIDDEN) as f64).sqrt()) && near(w2.largest, 0.45), "{w2}");
    assert!(w2.changed == 0.0 && w2.kept == 0.0, "{w2}");
    assert_eq!(
        w2.to_string(),
        format!("output weights: moved {:.3} rms, 0.45 at most; 0.0% changed once rounded; share of the move kept 0.00", w2.rms)
    );
}
