//! Unit tests of the chess rules. Perft counts live in `tests/perft.rs`; these tests
//! cover what perft cannot see: text in and out, game end, hashing and undo.

use super::*;
use crate::core::rng::Rng;
use crate::variants::chesslike::Square;

const STD: ChessRules = ChessRules { chess960: false };
const C960: ChessRules = ChessRules { chess960: true };
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn pos(fen: &str) -> Chess {
    Chess::from_fen(fen, STD).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(p: &mut Chess, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make_move(mv);
    }
}

fn legal(p: &Chess) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

#[test]
fn fen_round_trips() {
    for fen in [
        STARTPOS,
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
        // X-FEN in standard mode: the inner rook needs its file letter.
        "4k3/8/8/8/8/8/8/R3K1RR w GQ - 0 1",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    // Chess960 writes Shredder letters and reads X-FEN as well.
    let c960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert_eq!(Chess::from_fen(c960, C960).unwrap().to_fen(), c960);
    let xfen = c960.replace("HFhf", "KQkq");
    assert_eq!(Chess::from_fen(&xfen, C960).unwrap().to_fen(), c960);
    assert_eq!(Chess::startpos(C960).to_fen(), STARTPOS.replace("KQkq", "HAha"));
    assert_eq!(Chess::startpos(STD).to_fen(), STARTPOS);
}

#[test]
fn en_passant_printed_only_when_legal() {
    // The d4 pawn could capture on e3, but it is pinned against the king on a rank.
    let fen = "8/8/8/8/k2pP2Q/8/8/3K4 b - e3 0 1";
    let p = pos(fen);
    assert_eq!(p.board().ep_square(), Square::parse("e3"));
    assert_eq!(p.to_fen(), "8/8/8/8/k2pP2Q/8/8/3K4 b - - 0 1");
    assert!(!legal(&p).contains(&"d4e3".to_string()));
    // Unpinned, it is printed and playable.
    let p = pos("8/8/8/8/3pP3/8/k7/3K4 b - e3 0 1");
    assert_eq!(p.to_fen(), "8/8/8/8/3pP3/8/k7/3K4 b - e3 0 1");
    assert!(legal(&p).contains(&"d4e3".to_string()));
}

#[test]
fn chess_specific_fen_errors() {
    let cases = [
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", FenProblem::KingCount { side: Side::Black, count: 0 }),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", FenProblem::KingCount { side: Side::White, count: 2 }),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FenProblem::OpponentInCheck),
    ];
    for (fen, problem) in cases {
        assert_eq!(Chess::from_fen(fen, STD).err(), Some(problem.into()), "{fen}");
    }
    // Errors from the shared parser come through as well.
    assert!(Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", STD).is_err());
    assert!(Chess::from_fen("", STD).is_err());
}

#[test]
fn castling_text_in_both_forms() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let std = pos(fen);
    let c960 = Chess::from_fen(fen, C960).unwrap();
    for (p, short, long) in [(&std, "e1g1", "e1c1"), (&c960, "e1h1", "e1a1")] {
        for text in ["e1g1", "e1h1"] {
            assert_eq!(p.format_move(p.parse_move(text).unwrap()), short);
        }
        for text in ["e1c1", "e1a1"] {
            assert_eq!(p.format_move(p.parse_move(text).unwrap()), long);
        }
    }
    let mut p = pos(fen);
    play(&mut p, "e1g1 e8c8");
    assert_eq!(p.to_fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    // e1b1 is neither form of castling.
    assert_eq!(std.parse_move("e1b1"), Err(MoveError::Illegal("e1b1".into())));
}

#[test]
fn chess960_castling_edge_cases() {
    // King b1 and rook a1: queen-side castling puts the king on c1, the rook on d1.
    let mut p = Chess::from_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1", C960).unwrap();
    assert!(legal(&p).contains(&"b1a1".to_string()));
    play(&mut p, "b1a1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // An enemy rook behind our castling rook on the back rank would attack the
    // king's destination once the castling rook has left: not legal.
    let p = Chess::from_fen("4k3/8/8/8/8/8/8/rR2K3 w B - 0 1", C960).unwrap();
    assert!(!legal(&p).contains(&"e1b1".to_string()));
    // King already on g1, rook on h1: castling only moves the rook.
    let mut p = Chess::from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1", C960).unwrap();
    play(&mut p, "g1h1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Castling through an attacked square is illegal; into check as well.
    let p = pos("4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!legal(&p).contains(&"e1g1".to_string()));
    let p = pos("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!legal(&p).contains(&"e1g1".to_string()));
    // In check: no castling.
    let p = pos("4k3/8/8/8/8/8/8/r3K2R w K - 0 1");
    assert!(p.in_check());
    assert!(!legal(&p).contains(&"e1g1".to_string()));
}

#[test]
fn move_text_errors_and_promotions() {
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for promo in ["b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7b8Q"] {
        assert!(p.parse_move(promo).is_ok(), "{promo}");
    }
    assert_eq!(p.format_move(p.parse_move("b7b8N").unwrap()), "b7b8n");
    assert_eq!(p.parse_move("b7b8k"), Err(MoveError::Illegal("b7b8k".into())));
    assert_eq!(p.parse_move("b7b8"), Err(MoveError::Illegal("b7b8".into())));
    assert_eq!(p.parse_move("e2e4"), Err(MoveError::Illegal("e2e4".into())));
    for junk in ["", "e2", "zzzz", "e1e2e3", "P@h8", "0000", "ö1ö2", "e1e2\n"] {
        assert_eq!(p.parse_move(junk), Err(MoveError::Malformed(junk.into())));
    }
}

#[test]
fn checkmate_and_stalemate() {
    let mut p = Chess::startpos(STD);
    play(&mut p, "f2f3 e7e5 g2g4");
    assert_eq!(p.outcome(), None);
    play(&mut p, "d8h4");
    assert!(p.in_check());
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Black, Termination::Checkmate)));
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!stalemate.in_check());
    assert_eq!(stalemate.outcome(), Some(Outcome::draw(Termination::Stalemate)));
}

#[test]
fn fifty_move_rule() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(p.outcome(), None);
    play(&mut p, "a1a2");
    assert_eq!(p.outcome(), Some(Outcome::draw(Termination::FiftyMoves)));
    // A capture or pawn move resets the count.
    let mut p = pos("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    play(&mut p, "e2e3");
    assert_eq!(p.outcome(), None);
    // Mate on the hundredth half-move is mate.
    let mut p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play(&mut p, "a1a8");
    assert_eq!(p.outcome(), Some(Outcome::win(Side::White, Termination::Checkmate)));
}

#[test]
fn threefold_repetition() {
    let mut p = Chess::startpos(STD);
    play(&mut p, "g1f3 g8f6 f3g1");
    assert!(!p.is_repetition());
    play(&mut p, "f6g8");
    assert!(p.is_repetition());
    assert_eq!(p.outcome(), None);
    play(&mut p, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(p.outcome(), Some(Outcome::draw(Termination::Repetition)));
    // Undo brings the game back to before the third occurrence.
    p.unmake_move();
    assert_eq!(p.outcome(), None);
    // An irreversible move in between starts the count again.
    let mut p = Chess::startpos(STD);
    play(&mut p, "g1f3 g8f6 f3g1 f6g8 e2e4 e7e5 g1f3 g8f6 f3g1 f6g8");
    assert!(p.is_repetition());
    assert_eq!(p.outcome(), None);
    // A null move hides earlier occurrences from the search.
    let mut p = Chess::startpos(STD);
    play(&mut p, "g1f3 g8f6 f3g1");
    p.make_null_move();
    p.make_null_move();
    play(&mut p, "f6g8");
    assert!(!p.is_repetition());
}

#[test]
fn insufficient_material_cases() {
    let draws = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1",
        // Bishops all on dark squares (c1 and f8... and a3), whoever owns them.
        "4kb2/8/8/8/8/B7/8/2B1K3 w - - 0 1",
    ];
    for fen in draws {
        assert_eq!(pos(fen).outcome(), Some(Outcome::draw(Termination::InsufficientMaterial)), "{fen}");
    }
    let playable = [
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",
        "4kb2/8/8/8/8/8/8/3BK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1",
        "4kn2/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
    ];
    for fen in playable {
        assert_eq!(pos(fen).outcome(), None, "{fen}");
    }
}

/// Random playouts from varied positions: after every move the incremental hash
/// equals the hash computed from scratch, and unmaking every move restores the
/// start exactly. Also checks that `noisy_moves` is the noisy part of `legal_moves`,
/// and that `forces_reply` tells of every move what playing it shows, and that
/// no quiet move's order hint exceeds the bound the move picker relies on.
#[test]
fn hash_and_undo_over_random_playouts() {
    let starts = [
        (STARTPOS, STD),
        (KIWIPETE, STD),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", STD),
        ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", C960),
        ("4k3/8/8/8/8/8/8/RK6 w A - 0 1", C960),
    ];
    let mut rng = Rng::new(2024);
    for (fen, rules) in starts {
        for _ in 0..40 {
            let mut p = Chess::from_fen(fen, rules).unwrap();
            let start_fen = p.to_fen();
            let start_hash = p.hash();
            let mut made = 0;
            for _ in 0..120 {
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                let mut noisy = MoveList::new();
                p.noisy_moves(&mut noisy);
                let expected: Vec<Move> = list.iter().copied().filter(|&m| p.is_noisy(m)).collect();
                assert_eq!(noisy.as_slice(), expected.as_slice(), "{}", p.to_fen());
                for &m in list.iter() {
                    if !p.is_noisy(m) {
                        assert!(p.order_hint(m) <= Chess::QUIET_HINT_MAX, "{m:?} in {}", p.to_fen());
                    }
                    p.make_move(m);
                    let checks = p.in_check();
                    p.unmake_move();
                    assert_eq!(p.forces_reply(m), checks, "{m:?} in {}", p.to_fen());
                }
                if list.is_empty() {
                    break;
                }
                if !p.in_check() && rng.next_u64().is_multiple_of(8) {
                    p.make_null_move();
                    assert_eq!(p.hash(), p.board().compute_hash());
                    p.unmake_null_move();
                }
                let mv = list[(rng.next_u64() % list.len() as u64) as usize];
                // Every generated move also parses back from its own text.
                assert_eq!(p.parse_move(&p.format_move(mv)), Ok(mv));
                p.make_move(mv);
                made += 1;
                assert_eq!(p.hash(), p.board().compute_hash(), "after {mv:?}: {}", p.to_fen());
                // The FEN of every reached position reads back to the same position.
                let again = Chess::from_fen(&p.to_fen(), rules).unwrap();
                assert_eq!(again.to_fen(), p.to_fen());
            }
            for _ in 0..made {
                p.unmake_move();
            }
            assert_eq!((p.to_fen(), p.hash()), (start_fen, start_hash));
        }
    }
}

#[test]
fn evaluation_and_display() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert!(p.evaluate() < -400, "a rook down");
    assert!(Chess::startpos(STD).evaluate().abs() <= 50, "start position about even (White moves first)");
    let text = Chess::startpos(STD).pretty();
    assert!(text.contains("8| r | n | b | q | k | b | n | r |"));
    assert!(text.ends_with("a   b   c   d   e   f   g   h"));
    assert_eq!(Chess::startpos(STD).ply(), 0);
    let mut p = Chess::startpos(STD);
    play(&mut p, "e2e4");
    assert_eq!(p.ply(), 1);
}

/// A bishop and rook pawns whose queening square the bishop does not cover, with
/// the defending king on or beside that square: a draw whatever the material,
/// so the evaluation is scaled towards zero as in the other drawish endings
/// (its endgame part and the network's correction), for either colour and with
/// the defender's pawns on the board too. A bishop of the right colour, a king
/// too far away, or a pawn off the rook file leave it alone; so does a score
/// that already favours the defender.
#[test]
fn wrong_bishop_and_rook_pawn_is_drawn() {
    let black_ahead = |fen: &str| {
        let mut p = pos(fen);
        let v = p.evaluate();
        if p.board().turn() == Side::Black { v } else { -v }
    };
    // Black's h-pawn queens on h1, a light square; a bishop on e3 is dark.
    for drawn in [
        "8/8/8/8/5k2/4b3/7p/7K w - - 0 1",
        "8/8/8/8/5k2/4b3/6Kp/8 b - - 0 1",
        "8/8/8/8/5k2/4b3/6Kp/8 w - - 0 1",
        "8/8/8/7p/5k2/4b3/7p/7K w - - 0 1",
        "8/8/8/8/5k2/4b3/P6p/6K1 w - - 0 1",
    ] {
        let v = black_ahead(drawn);
        assert!((0..=48).contains(&v), "{drawn}: {v}");
    }
    // White's a-pawn queens on a8, a light square; a bishop on c3 is dark.
    let v = pos("k7/8/P7/8/8/2B5/8/4K3 w - - 0 1").evaluate();
    assert!((0..=48).contains(&v), "white a-pawn: {v}");
    for won in [
        "8/8/8/8/5k2/3b4/7p/7K w - - 0 1",  // the bishop covers h1
        "8/8/8/8/5k2/4b3/7p/K7 w - - 0 1",  // the king is far from h1
        "8/8/8/8/5k2/4b3/6pp/7K w - - 0 1", // a g-pawn as well
    ] {
        let v = black_ahead(won);
        assert!(v > 300, "{won}: {v}");
    }
    let scaling = |terms: &[(String, Score)]| terms.iter().find(|(name, _)| name == "Endgame scaling").map(|(_, v)| *v).unwrap();
    // The rule keeps the defender's own winning score whole (the term is then
    // only the rounding of the listed terms, each tapered on its own).
    let fen = "8/8/8/8/5k2/4b3/PPPPP2p/7K w - - 0 1";
    assert!(scaling(&pos(fen).eval_terms()).abs() <= 1, "{fen}");
    // In the drawn case the scaling takes most of Black's edge off, the network
    // is scaled with it, and the `eval` terms still add up to the evaluation.
    let mut p = pos("8/8/8/8/5k2/4b3/7p/7K w - - 0 1");
    let terms = p.eval_terms();
    assert!(scaling(&terms) > 200, "{terms:?}");
    let learnt = p.line_sums().acc.evaluate(p.board().turn(), &p.net);
    let network = terms.iter().find(|(name, _)| name == "Network").map(|(_, v)| *v).unwrap();
    assert!(learnt.abs() > 16 && network.abs() <= learnt.abs() * eval::params::SCALE_HELD_ENDING / 64 + 1, "{learnt} -> {network}");
    assert_eq!(terms.iter().map(|(_, v)| v).sum::<Score>(), p.evaluate());
}

/// The network's correction takes the classical drawish-ending scale: none of
/// it in knights against a bare king (which cannot mate), half of it with
/// opposite bishops, all of it in a normal ending; the `eval` terms still add
/// up to the evaluation.
#[test]
fn drawish_endings_scale_the_network_too() {
    let network_share = |fen: &str| {
        let mut p = pos(fen);
        let learnt = p.line_sums().acc.evaluate(p.board().turn(), &p.net);
        let terms = p.eval_terms();
        assert_eq!(terms.iter().map(|(_, v)| v).sum::<Score>(), p.evaluate(), "{fen}");
        let network = terms.iter().find(|(name, _)| name == "Network").map(|(_, v)| *v).unwrap();
        (learnt, network)
    };
    let (learnt, network) = network_share("8/8/4k3/8/8/8/8/1NNK4 w - - 0 1");
    assert!(learnt != 0 && network == 0, "knights only: {learnt} -> {network}");
    let mut knights = pos("8/8/4k3/8/8/8/8/1NNK4 w - - 0 1");
    assert_eq!(knights.evaluate(), eval::evaluate(knights.board()));
    let (learnt, network) = network_share("6k1/5p2/8/4b3/8/8/4BPP1/6K1 w - - 0 1");
    assert!(learnt.abs() >= 2 && network == learnt * eval::params::SCALE_OPPOSITE_BISHOPS / eval::params::SCALE_NORMAL, "opposite bishops: {learnt} -> {network}");
    let (learnt, network) = network_share("6k1/5p2/8/3b4/8/8/4BPP1/6K1 w - - 0 1");
    assert!(learnt != 0 && network == learnt, "same-coloured bishops: {learnt} -> {network}");
}

/// Mangled FENs and move texts (fixed seed) never panic; whatever FEN is accepted
/// gives a position whose own FEN reads back identically.
#[test]
fn mangled_input_never_panics() {
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ -wbKQkqAHah0936e\u{e9}[]@".chars().collect();
    let seeds = [STARTPOS, KIWIPETE, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "8/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295"];
    let mut rng = Rng::new(5);
    let mut accepted = 0;
    for _ in 0..3000 {
        let base: Vec<char> = seeds[(rng.next_u64() % seeds.len() as u64) as usize].chars().collect();
        let mut text = base.clone();
        for _ in 0..1 + rng.next_u64() % 3 {
            let i = (rng.next_u64() % text.len() as u64) as usize;
            text[i] = alphabet[(rng.next_u64() % alphabet.len() as u64) as usize];
        }
        let fen: String = text.into_iter().collect();
        if let Ok(mut p) = Chess::from_fen(&fen, STD) {
            accepted += 1;
            assert_eq!(Chess::from_fen(&p.to_fen(), STD).map(|q| q.to_fen()), Ok(p.to_fen()), "{fen}");
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            if let Some(&mv) = list.iter().next() {
                p.make_move(mv);
                assert_eq!(p.hash(), p.board().compute_hash());
            }
        }
        let mv: String = fen.chars().skip((rng.next_u64() % 60) as usize).take(1 + (rng.next_u64() % 6) as usize).collect();
        let _ = Chess::startpos(STD).parse_move(&mv);
    }
    assert!(accepted > 100, "the mangling should leave many FENs valid ({accepted})");
}
