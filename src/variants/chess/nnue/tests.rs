//! The network's promises: the file reads back what was written and refuses what
//! it cannot use, the move-by-move update equals a fresh computation through every
//! kind of move, and the two views make the evaluation colour-blind.

use super::network::FILE_SIZE;
use super::*;
use crate::core::rng::Rng;
use crate::core::{MoveList, Position};
use crate::variants::chess::eval::piece_sum::PieceSum;
use crate::variants::chess::piece_delta::PieceDelta;
use crate::variants::chess::{Chess, ChessRules};
use crate::variants::chesslike::Board;

/// A network with random weights in the ranges a trained one uses.
fn random_network(seed: u64) -> Network {
    let mut rng = Rng::new(seed);
    let mut r = |range: i32| (rng.next_u64() % (2 * range as u64 + 1)) as i32 - range;
    let mut net = Network::zeros();
    for w in net.w1.iter_mut().flatten() {
        *w = r(300) as i16;
    }
    for b in net.b1.iter_mut() {
        *b = r(200) as i16 + 100;
    }
    for w in net.w2.iter_mut().flatten() {
        *w = r(126) as i16;
    }
    net.b2 = r(20_000);
    net
}

/// Start positions whose games reach castling (both styles), en passant and
/// promotion soon.
const STARTS: [(&str, bool); 5] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false),
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false),
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true),
];

/// Every position of random games from [`STARTS`], with the board before each.
fn random_game_boards(seed: u64, games: usize) -> Vec<(Board, Board)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let (fen, chess960) = STARTS[g % STARTS.len()];
        let mut pos = Chess::from_fen(fen, ChessRules { chess960 }).unwrap();
        for _ in 0..80 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let before = *pos.board();
            pos.make_move(moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize]);
            out.push((before, *pos.board()));
        }
    }
    out
}

#[test]
fn embedded_network_reads_and_writes_back_the_same_bytes() {
    let bytes = include_bytes!("ludex.nnue");
    assert_eq!(bytes.len(), FILE_SIZE);
    let net = Network::from_bytes(bytes).unwrap();
    assert_eq!(net.to_bytes(), bytes.to_vec());
    let net = random_network(3);
    let back = Network::from_bytes(&net.to_bytes()).unwrap();
    assert_eq!(back.to_bytes(), net.to_bytes());
    assert!(back.w1 == net.w1 && back.b1 == net.b1 && back.w2 == net.w2 && back.b2 == net.b2);
}

/// The weight travels with the network: written, read back, and a file of the
/// first format (no weight field, magic `LUDEXNN1`) is read with the same
/// weights at the full weight, 1000 per mille.
#[test]
fn the_weight_is_kept_in_the_file_and_the_first_format_is_read_at_full_weight() {
    let mut net = random_network(5);
    net.on_classical = true;
    net.weight_permille = 1250;
    let bytes = net.to_bytes();
    let back = Network::from_bytes(&bytes).unwrap();
    assert!(back.weight_permille == 1250 && back.on_classical);
    assert_eq!(back.to_bytes(), bytes);

    // The same network in the first format: the old magic, the weight field cut out.
    let mut v1 = b"LUDEXNN1".to_vec();
    v1.extend_from_slice(&bytes[8..28]);
    v1.extend_from_slice(&bytes[32..]);
    assert_eq!(v1.len(), FILE_SIZE - 4);
    let old = Network::from_bytes(&v1).unwrap();
    assert!(old.w1 == net.w1 && old.b1 == net.b1 && old.w2 == net.w2 && old.b2 == net.b2 && old.on_classical);
    assert_eq!(old.weight_permille, FULL_WEIGHT);
    // Written again, it is in the current format.
    assert_eq!(old.to_bytes()[..8], *b"LUDEXNN2");
    assert_eq!(Network::from_bytes(&v1[..v1.len() - 1]).err(), Some(NetError::Size { expected: FILE_SIZE - 4, found: FILE_SIZE - 5 }));
}

/// The engine uses the network's output at its weight: none of it at 0, twice
/// it at 2000, to the centipawn the truncation allows; 1000 is the output as
/// it was before networks had weights.
#[test]
fn the_output_is_used_at_the_networks_weight() {
    let mut net = random_network(6);
    let boards = random_game_boards(7, 2);
    let at = |net: &Network, b: &Board| Accumulator::new(b, net).evaluate(b.turn(), net);
    let mut nonzero = 0;
    for (_, b) in &boards {
        net.weight_permille = FULL_WEIGHT;
        let full = at(&net, b);
        net.weight_permille = 2000;
        let double = at(&net, b);
        net.weight_permille = 0;
        assert_eq!(at(&net, b), 0);
        assert!((double - 2 * full).abs() <= 1, "{full} at 1000, {double} at 2000");
        nonzero += (full != 0) as usize;
    }
    assert!(nonzero > boards.len() / 2, "the random network scores most positions 0");
}

#[test]
fn unusable_files_are_refused() {
    let good = random_network(4).to_bytes();
    let mut bad_magic = good.clone();
    bad_magic[0] = b'X';
    assert_eq!(Network::from_bytes(&bad_magic).err(), Some(NetError::Magic));
    assert_eq!(
        Network::from_bytes(&good[..good.len() - 2]).err(),
        Some(NetError::Size { expected: FILE_SIZE, found: FILE_SIZE - 2 })
    );
    let mut other_shape = good.clone();
    let other = 2 * HIDDEN as u32;
    other_shape[12..16].copy_from_slice(&other.to_le_bytes());
    assert_eq!(Network::from_bytes(&other_shape).err(), Some(NetError::Shape("hidden size", other, HIDDEN as u32)));
    assert!(Network::from_bytes(b"").is_err());
    let mut too_heavy = good.clone();
    too_heavy[28..32].copy_from_slice(&(MAX_WEIGHT + 1).to_le_bytes());
    assert_eq!(Network::from_bytes(&too_heavy).err(), Some(NetError::Weight(MAX_WEIGHT + 1)));
    too_heavy[28..32].copy_from_slice(&MAX_WEIGHT.to_le_bytes());
    assert_eq!(Network::from_bytes(&too_heavy).unwrap().weight_permille, MAX_WEIGHT);
}

/// The largest output the trainer can produce (every hidden unit saturated, every
/// output weight at the clip), at the full weight and at the largest, is
/// computed without overflow, to the centipawn a
/// float computation gives (an `i32` sum too small for `HIDDEN` panics with
/// overflow checks, and without them wraps to a far-off score).
#[test]
fn the_largest_output_does_not_overflow() {
    let w = (WEIGHT_CLIP * QB as f32).round() as i16;
    for (sign, weight) in [(1, FULL_WEIGHT), (-1, FULL_WEIGHT), (1, MAX_WEIGHT), (-1, MAX_WEIGHT)] {
        let mut net = Network::zeros();
        net.b1 = [QA as i16; HIDDEN];
        net.w2 = [[sign * w; HIDDEN]; 2];
        net.weight_permille = weight;
        let acc = Accumulator::new(&Board::empty(), &net);
        let expected = sign as f64 * 2.0 * HIDDEN as f64 * w as f64 / QB as f64 * SCALE as f64 * weight as f64 / 1000.0;
        let got = acc.evaluate(Side::White, &net);
        assert!((got as f64 - expected).abs() <= 1.0, "{got} against {expected} at weight {weight}");
    }
}

#[test]
fn flipping_a_feature_is_the_other_sides_view() {
    for side in [Side::White, Side::Black] {
        for role in Role::ALL {
            for i in 0..64 {
                let sq = Square::new(i);
                let white = feature(Side::White, side, role, sq);
                let black = feature(Side::Black, side, role, sq);
                assert!(white < INPUTS && black < INPUTS);
                assert_eq!(flip_feature(white), black);
                assert_eq!(flip_feature(black), white);
            }
        }
    }
}

#[test]
fn updates_equal_fresh_sums_through_every_kind_of_move() {
    let net = random_network(5);
    let boards = random_game_boards(6, 40);
    assert!(boards.len() > 2000);
    for (before, after) in &boards {
        let d = PieceDelta::between(before, after).expect("one move changes at most two pieces each way");
        let prev = Accumulator::new(before, &net);
        let mut acc = Accumulator::new(&Board::empty(), &net);
        acc.apply(&prev, &d, &net);
        assert_eq!(acc, Accumulator::new(after, &net), "after a move to {}", after.placement_fen());
        let pieces = PieceSum::after_move(&PieceSum::of(before), &d);
        assert_eq!(pieces, PieceSum::of(after), "after a move to {}", after.placement_fen());
    }
}

/// The sums kept along the line are those of the current board counted afresh.
fn assert_sums_fresh(pos: &mut Chess) {
    let sums = pos.line_sums();
    assert_eq!(sums.acc, Accumulator::new(pos.board(), &embedded()), "{}", pos.board().placement_fen());
    assert_eq!(sums.pieces, PieceSum::of(pos.board()), "{}", pos.board().placement_fen());
}

/// The sums are brought up to date only when asked for, so this asks
/// at random: after one move or after several (a null move among them, kept on
/// the line or taken back at once), and while the line is unwound.
#[test]
fn the_engine_keeps_its_sums_through_make_and_unmake() {
    let mut rng = Rng::new(7);
    for (fen, chess960) in STARTS {
        let mut pos = Chess::from_fen(fen, ChessRules { chess960 }).unwrap();
        // Each step taken: a move (false) or a null move (true).
        let mut line = Vec::new();
        for _ in 0..60 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize]);
            line.push(false);
            match rng.next_u64() % 6 {
                0 => {
                    pos.make_null_move();
                    pos.unmake_null_move();
                }
                1 if !pos.in_check() => {
                    pos.make_null_move();
                    line.push(true);
                }
                _ => {}
            }
            if rng.next_u64() % 3 == 0 {
                assert_sums_fresh(&mut pos);
            }
        }
        assert_sums_fresh(&mut pos);
        while let Some(null) = line.pop() {
            if null {
                pos.unmake_null_move();
            } else {
                pos.unmake_move();
            }
            if rng.next_u64() % 2 == 0 {
                assert_sums_fresh(&mut pos);
            }
        }
        assert_sums_fresh(&mut pos);
    }
}

/// The board with colours swapped and ranks mirrored: the same position for the
/// other side (the classical evaluation's tests make the FEN).
fn mirrored(b: &Board) -> Board {
    let fen = crate::variants::chesslike::format_fen(b, crate::variants::chesslike::CastlingStyle::XFen, None);
    crate::variants::chesslike::parse_fen(&crate::variants::chess::eval::tests::mirror(&fen)).unwrap()
}

#[test]
fn the_evaluation_is_the_same_for_the_mirrored_position() {
    let net = random_network(8);
    let mut distinct = std::collections::HashSet::new();
    for (_, b) in random_game_boards(9, 10) {
        let m = mirrored(&b);
        let ours = Accumulator::new(&b, &net).evaluate(b.turn(), &net);
        assert_eq!(ours, Accumulator::new(&m, &net).evaluate(m.turn(), &net), "{}", b.placement_fen());
        distinct.insert(ours);
    }
    // A random network that gave every position one value would pass vacuously.
    assert!(distinct.len() > 100);
}
