//! Unit tests of the antichess family rules. Perft counts live in `tests/perft.rs`;
//! these cover text in and out, compulsory capture, castling rights, game end,
//! hashing and undo. Expected FENs, move lists and results were taken from
//! python-chess 1.11.2 (`AntichessBoard`, `GiveawayBoard`, `SuicideBoard`).

use super::*;
use crate::core::rng::Rng;

const ANTI: AntichessRules = AntichessRules::Antichess;
const GIVE: AntichessRules = AntichessRules::Giveaway;
const SUI: AntichessRules = AntichessRules::Suicide;

fn pos(fen: &str, rules: AntichessRules) -> Antichess {
    Antichess::from_fen(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(p: &mut Antichess, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{m} in {}: {e}", p.to_fen()));
        p.make_move(mv);
    }
}

fn legal(p: &Antichess) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

fn castles(p: &Antichess) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list.iter().filter(|m| m.is_castle()).map(|&m| p.format_move(m)).collect()
}

#[test]
fn start_positions() {
    assert_eq!(Antichess::startpos(ANTI).to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    assert_eq!(Antichess::startpos(SUI).to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    assert_eq!(Antichess::startpos(GIVE).to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for rules in AntichessRules::ALL {
        assert_eq!(legal(&Antichess::startpos(rules)).len(), 20);
        assert_eq!(rules.name().parse::<crate::variants::Variant>().map(|v| v.name()), Ok(rules.name()));
    }
}

#[test]
fn captures_are_compulsory() {
    // 1. e3 b5: the bishop must take.
    let p = pos("rnbqkbnr/p1pppppp/8/1p6/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2", ANTI);
    assert_eq!(legal(&p), ["f1b5"]);
    assert!(p.must_capture());
    assert_eq!(p.parse_move("e3e4"), Err(MoveError::Illegal("e3e4".into())));
    // En passant is a capture, and here the only one: nothing else is legal.
    let p = pos("8/8/8/3pP3/8/8/8/K7 w - d6 0 1", ANTI);
    assert_eq!(legal(&p), ["e5d6"]);
    let mut noisy = MoveList::new();
    p.noisy_moves(&mut noisy);
    assert_eq!(noisy.len(), 1);
    // Several captures: free choice among them.
    let p = pos("8/8/8/2p1p3/3Q4/8/8/8 w - - 0 1", ANTI);
    assert_eq!(legal(&p), ["d4c5", "d4e5"]);
    // No capture: the quiet moves, and the noisy ones are only promotions.
    let p = pos("8/P7/8/8/8/8/7p/8 w - - 0 1", ANTI);
    assert!(!p.must_capture());
    let mut noisy = MoveList::new();
    p.noisy_moves(&mut noisy);
    assert_eq!(noisy.len(), 5);
    assert!(noisy.iter().all(|m| m.is_promotion()));
}

#[test]
fn king_promotion_and_king_capture() {
    let mut p = pos("8/4P3/8/8/8/8/8/k7 w - - 0 1", ANTI);
    assert_eq!(legal(&p), ["e7e8b", "e7e8k", "e7e8n", "e7e8q", "e7e8r"]);
    play(&mut p, "e7e8k");
    assert_eq!(p.to_fen(), "4K3/8/8/8/8/8/8/k7 b - - 0 1");
    // Kings are ordinary pieces: a king may take a king, and there is no check.
    let mut p = pos("8/8/8/8/8/8/1k6/K7 w - - 0 1", ANTI);
    assert_eq!(legal(&p), ["a1b2"]);
    assert!(!p.in_check());
    play(&mut p, "a1b2");
    assert_eq!(p.to_fen(), "8/8/8/8/8/8/1K6/8 b - - 0 1");
    // Black has nothing left, which wins for Black.
    assert!(legal(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Black, Termination::NoMoves)));
    // Any number of kings.
    let p = pos("kkkk4/8/8/8/8/8/8/KK6 w - - 0 1", ANTI);
    assert_eq!(legal(&p), ["a1a2", "a1b2", "b1a2", "b1b2", "b1c1", "b1c2"]);
}

#[test]
fn giveaway_castling() {
    let fen = "r3k2r/p6p/8/8/8/4r3/P6P/R3K2R w KQkq - 0 1";
    // No square needs to be safe: the king castles out of and through attack.
    assert_eq!(castles(&pos(fen, GIVE)), ["e1g1", "e1c1"]);
    assert_eq!(castles(&pos(fen, SUI)), ["e1g1", "e1c1"]);
    // Antichess ignores the rights.
    assert!(castles(&pos(fen, ANTI)).is_empty());
    assert_eq!(pos(fen, ANTI).to_fen(), "r3k2r/p6p/8/8/8/4r3/P6P/R3K2R w - - 0 1");
    // Both notations are accepted; castling moves both pieces and ends the rights.
    for text in ["e1g1", "e1h1"] {
        let mut p = pos(fen, GIVE);
        play(&mut p, text);
        assert_eq!(p.to_fen(), "r3k2r/p6p/8/8/8/4r3/P6P/R4RK1 b kq - 1 1");
    }
    // Castling is not a capture: with a capture available it is not legal.
    let p = pos("r3k2r/p6p/8/8/8/8/P3r2P/R3K2R w KQkq - 0 1", GIVE);
    assert_eq!(legal(&p), ["e1e2"]);
}

#[test]
fn castling_rights_follow_python_chess() {
    // Capturing a king on its square removes that side's rights.
    let mut p = pos("4k3/8/8/8/8/8/4r3/R3K2R b KQ - 0 1", GIVE);
    play(&mut p, "e2e1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/R3r2R w - - 0 2");
    // A rook captured on its square removes its right only.
    let mut p = pos("4k3/8/8/8/8/8/3r4/R3K2R b KQ - 0 1", GIVE);
    play(&mut p, "d2d1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/R2rK2R w KQ - 1 2");
    // Any original king moving costs its side the rights, even a second one.
    let mut p = pos("4k3/8/8/8/4K3/8/8/4K2R w K - 0 1", GIVE);
    play(&mut p, "e4e5");
    assert_eq!(p.to_fen(), "4k3/8/8/4K3/8/8/8/4K2R b - - 1 1");
    // A promoted king walking along the back rank does not, and never castles.
    let mut p = pos("6k1/1P6/8/8/8/8/8/4K2R w K - 0 1", GIVE);
    play(&mut p, "b7b8k g8f8 b8b7 f8g8 b7b6 g8f8 b6b5 f8g8 b5b4 g8f8 b4b3 f8g8 b3b2 g8f8 b2b1 f8g8 b1c1 g8f8");
    assert_eq!(p.to_fen(), "5k2/8/8/8/8/8/8/2K1K2R w K - 17 10");
    assert_eq!(castles(&p), ["e1g1"]);
    play(&mut p, "e1g1");
    assert_eq!(p.to_fen(), "5k2/8/8/8/8/8/8/2K2RK1 b - - 18 10");
    // The lowest original king on the back rank castles; python-chess writes that
    // king-takes-rook, since b1c1 is also a plain king move.
    let p = pos("4k3/8/8/8/8/8/8/RK2K2R w Q - 0 1", SUI);
    assert_eq!(castles(&p), ["b1a1"]);
    assert!(legal(&p).contains(&"b1c1".to_string()));
    assert_eq!(p.parse_move("b1a1").map(|m| m.is_castle()), Ok(true));
    assert_eq!(p.parse_move("b1c1").map(|m| m.is_castle()), Ok(false));
}

#[test]
fn game_end() {
    let cases: &[(&str, [Option<Outcome>; 3])] = &[
        // Blocked with equal material.
        (
            "8/8/8/8/8/p7/P7/8 w - - 0 1",
            [
                Some(Outcome::win(Side::White, Termination::NoMoves)),
                Some(Outcome::win(Side::White, Termination::NoMoves)),
                Some(Outcome::draw(Termination::PieceCount)),
            ],
        ),
        // Blocked with fewer pieces.
        (
            "8/8/8/8/8/p7/P7/7n w - - 0 1",
            [
                Some(Outcome::win(Side::White, Termination::NoMoves)),
                Some(Outcome::win(Side::White, Termination::NoMoves)),
                Some(Outcome::win(Side::White, Termination::PieceCount)),
            ],
        ),
        // Blocked with more pieces.
        (
            "8/8/8/8/p7/P7/P7/8 w - - 0 1",
            [
                Some(Outcome::win(Side::White, Termination::NoMoves)),
                Some(Outcome::win(Side::White, Termination::NoMoves)),
                Some(Outcome::win(Side::Black, Termination::PieceCount)),
            ],
        ),
        // Bishops that can never meet.
        ("2B5/8/8/2b5/8/8/8/8 w - - 0 1", [Some(Outcome::draw(Termination::InsufficientMaterial)); 3]),
        // Bishops that can meet play on.
        ("8/8/8/2b5/8/8/8/2B5 w - - 0 1", [None; 3]),
        // The fifty-move rule.
        ("8/8/8/2b5/8/8/8/2N5 w - - 100 80", [Some(Outcome::draw(Termination::FiftyMoves)); 3]),
    ];
    for (fen, expected) in cases {
        for (rules, want) in AntichessRules::ALL.into_iter().zip(expected) {
            assert_eq!(pos(fen, rules).outcome(), *want, "{fen} {rules:?}");
        }
    }
    // The fifty-move rule after a move.
    let mut p = pos("8/8/8/2b5/8/8/8/2N5 w - - 99 80", ANTI);
    assert_eq!(p.outcome(), None);
    play(&mut p, "c1e2");
    assert_eq!(p.outcome(), Some(Outcome::draw(Termination::FiftyMoves)));
}

#[test]
fn threefold_repetition() {
    let mut p = pos("n7/8/8/8/8/8/8/7N w - - 0 1", ANTI);
    play(&mut p, "h1g3 a8b6 g3h1");
    assert!(!p.is_repetition());
    play(&mut p, "b6a8");
    assert!(p.is_repetition());
    assert_eq!(p.outcome(), None);
    play(&mut p, "h1g3 a8b6 g3h1 b6a8");
    assert_eq!(p.outcome(), Some(Outcome::draw(Termination::Repetition)));
    // The same placement with the other side to move is not a repetition (a king
    // can walk a triangle, a knight cannot).
    let mut p = pos("7n/8/8/8/8/8/8/K7 w - - 0 1", ANTI);
    play(&mut p, "a1b1 h8g6 b1b2 g6h8 b2a1");
    assert_eq!(p.board().placement_fen(), "7n/8/8/8/8/8/8/K7");
    assert!(!p.is_repetition());
}

#[test]
fn fen_round_trips() {
    for (fen, rules) in [
        ("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 3", ANTI),
        ("r3k2r/p6p/8/8/8/4r3/P6P/R3K2R w KQkq - 0 1", GIVE),
        ("r3k2r/p6p/8/8/8/4r3/P6P/R3K2R w Kq - 7 30", SUI),
        ("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", GIVE),
        ("8/8/8/8/8/8/8/8 w - - 0 1", ANTI),
    ] {
        assert_eq!(pos(fen, rules).to_fen(), fen);
    }
    // An unusable en-passant square is dropped, Shredder letters become X-FEN,
    // missing counters are filled in.
    let cases = [
        ("rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - e3 0 3", ANTI, "rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 3"),
        ("r3k2r/p6p/8/8/8/4r3/P6P/R3K2R w HAha -", GIVE, "r3k2r/p6p/8/8/8/4r3/P6P/R3K2R w KQkq - 0 1"),
        ("4k3/8/8/8/8/8/8/4K1RR w H - 0 1", SUI, "4k3/8/8/8/8/8/8/4K1RR w K - 0 1"),
    ];
    for (fen, rules, want) in cases {
        assert_eq!(pos(fen, rules).to_fen(), want);
    }
}

#[test]
fn bad_fens_are_named() {
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w - - 0 1", ANTI, "pawn on the back rank at h1"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1", ANTI, "bad castling letter 'X'"),
        ("r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", GIVE, "castling right 'K' without a king on e1"),
        ("r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", SUI, "castling right 'k'"),
        ("r3k2r/8/8/8/8/8/8/R3K1R1 w GQkq - 0 1", GIVE, "castling right 'G' is not possible in giveaway"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1", ANTI, "expected 8 ranks"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1", ANTI, "bad side to move 'x'"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e3 0 1", ANTI, "impossible en-passant square e3"),
    ];
    for (fen, rules, needle) in cases {
        let err = Antichess::from_fen(fen, rules).expect_err(fen).to_string();
        assert!(err.contains(needle), "{fen}: {err}");
    }
}

#[test]
fn mangled_input_never_panics() {
    let p = Antichess::startpos(GIVE);
    for text in ["", "e2", "e2e4k", "e7e8k", "e2e9", "0000", "P@e4", "e1g1", "é2e4", "e2e4 ", "a7a8K"] {
        assert!(p.parse_move(text).is_err(), "{text:?}");
    }
    for fen in ["", "/", "8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8 w KQkq", "k7/8/8/8/8/8/8/7K w - - 1 2 3", "8/8/8/8/8/8/8/8 w é - 0 1"] {
        for rules in AntichessRules::ALL {
            let _ = Antichess::from_fen(fen, rules);
        }
    }
}

/// Random playouts from varied positions: the incremental hash equals the hash
/// computed from scratch, every FEN reads back to itself, every move parses back
/// from its own text, `noisy_moves` is the noisy part of `legal_moves`, and
/// unmaking every move restores the start exactly.
#[test]
fn hash_and_undo_over_random_playouts() {
    let starts = [
        (AntichessRules::Antichess.start_fen(), ANTI),
        (AntichessRules::Giveaway.start_fen(), GIVE),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", SUI),
        ("r3k2r/PPPPPPPP/8/8/8/8/pppppppp/R3K2R w KQkq - 0 1", GIVE),
        ("rn2k2r/8/1P6/8/8/6p1/8/R3K1NR w KQkq - 0 1", SUI),
    ];
    let mut rng = Rng::new(7);
    for (fen, rules) in starts {
        for _ in 0..40 {
            let mut p = pos(fen, rules);
            let (start_fen, start_hash) = (p.to_fen(), p.hash());
            let mut made = 0;
            for _ in 0..200 {
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                let mut noisy = MoveList::new();
                p.noisy_moves(&mut noisy);
                let expected: Vec<Move> = list.iter().copied().filter(|&m| p.is_noisy(m)).collect();
                assert_eq!(noisy.as_slice(), expected.as_slice(), "{}", p.to_fen());
                let captures = list.iter().any(|&m| m.is_en_passant() || (!m.is_castle() && p.board().piece_at(m.to()).is_some()));
                assert_eq!(p.must_capture(), captures, "{}", p.to_fen());
                assert_eq!(list.is_empty(), p.outcome().is_some_and(|o| o.termination == Termination::NoMoves || o.termination == Termination::PieceCount));
                if list.is_empty() {
                    break;
                }
                let mv = list[(rng.next_u64() % list.len() as u64) as usize];
                assert_eq!(p.parse_move(&p.format_move(mv)), Ok(mv));
                p.make_move(mv);
                made += 1;
                assert_eq!(p.hash(), p.board().compute_hash(), "after {mv:?}: {}", p.to_fen());
                let again = pos(&p.to_fen(), rules);
                assert_eq!(again.to_fen(), p.to_fen());
                assert_eq!(again.hash(), p.hash());
            }
            for _ in 0..made {
                p.unmake_move();
            }
            assert_eq!((p.to_fen(), p.hash()), (start_fen.clone(), start_hash));
        }
    }
}

#[test]
fn evaluation_prefers_losing_material() {
    // With the board full, a side that has already given its queen away is better
    // off, whoever is to move. (In the ending, the fitted weights say, a lone king
    // against many pieces is no longer good: it is forced to take them one by one.)
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1";
    let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", ANTI).evaluate();
    let white = pos(fen, ANTI).evaluate();
    let black = pos(&fen.replace(" w ", " b "), ANTI).evaluate();
    assert!(white > start && black < start, "{white} {black} {start}");
    // Pieces the opponent must take are good; pieces we must take are bad.
    let en_prise = pos("4k3/8/8/8/8/8/3p4/3R4 b - - 0 1", ANTI).evaluate();
    let safe = pos("4k3/8/8/8/8/p7/8/3R4 b - - 0 1", ANTI).evaluate();
    assert!(en_prise > safe, "{en_prise} {safe}");
    // Suicide: blocked pawns (a stalemate coming) help the side with fewer pieces,
    // which the same position under antichess rules does not count.
    let fewer = "8/8/8/8/8/p7/P7/6nn w - - 0 1";
    assert!(pos(fewer, SUI).evaluate() > pos(fewer, ANTI).evaluate());
    let more = "NN6/8/8/8/8/p7/P7/8 w - - 0 1";
    assert!(pos(more, SUI).evaluate() < pos(more, ANTI).evaluate());
    let display = pos(fen, ANTI).pretty();
    assert!(display.contains("| R |") && display.lines().count() >= 17);
    // The evaluation is colour-symmetric: the mirrored position scores the same
    // for the side to move.
    let mirrored = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1", ANTI).evaluate();
    assert_eq!(mirrored, white);
}
