//! Every case of the reference perft files, run through each variant's real perft.
//! Add one test per data file; the files live in `tests/data/` (copied from the
//! shared reference set).

mod common;

use common::perft_file::check_file;

use ludex::variants::chess::{Chess, ChessRules};
use ludex::variants::connect::{Connect, ConnectRules};

// Default budgets keep the chess files to a few seconds of `cargo test --release`
// (about 1e9 nodes in all); `LUDEX_PERFT_BUDGET=all` runs every depth.
const CHESS: ChessRules = ChessRules { chess960: false };
const CHESS960: ChessRules = ChessRules { chess960: true };

#[test]
fn standard_perft() {
    assert!(check_file::<Chess>("standard.perft", CHESS, 20_000_000) > 0);
}

#[test]
fn tricky_perft() {
    assert!(check_file::<Chess>("tricky.perft", CHESS, 5_000_000) > 0);
}

#[test]
fn chess960_perft() {
    assert!(check_file::<Chess>("chess960.perft", CHESS960, 1_000_000) > 0);
}

#[test]
fn random_perft() {
    assert!(check_file::<Chess>("random.perft", CHESS, 100_000) > 0);
}

/// Not a correctness test: prints chess perft speed (run with
/// `cargo test --release --test perft -- --ignored --nocapture chess_perft_speed`).
/// Compare with `echo -e "position startpos\ngo perft 6\nquit" | stockfish`.
#[test]
#[ignore]
fn chess_perft_speed() {
    use ludex::core::Position;
    let start = std::time::Instant::now();
    ludex::variants::chesslike::attacks::init();
    println!("slider tables built in {:.1} ms", start.elapsed().as_secs_f64() * 1e3);
    let cases = [
        ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324u64),
        ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690),
    ];
    for (name, fen, depth, expected) in cases {
        let mut pos = Chess::from_fen(fen, CHESS).unwrap();
        let start = std::time::Instant::now();
        let nodes = pos.perft(depth);
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(nodes, expected);
        println!("{name} perft {depth}: {nodes} nodes in {secs:.3} s, {:.1} Mnps", nodes as f64 / secs / 1e6);
    }
}

/// Connect perft is cheap (bulk counting at depth 1, no move lists): with this budget
/// every case of the three files runs to its deepest depth (about a second in all).
const CONNECT_BUDGET: u64 = 20_000_000;

#[test]
fn perft_tictactoe() {
    assert!(check_file::<Connect>("tictactoe.perft", ConnectRules::tictactoe(), CONNECT_BUDGET) > 0);
}

#[test]
fn perft_gomoku() {
    assert!(check_file::<Connect>("gomoku.perft", ConnectRules::gomoku(), CONNECT_BUDGET) > 0);
}

#[test]
fn perft_gomokufreestyle() {
    assert!(check_file::<Connect>("gomokufreestyle.perft", ConnectRules::gomoku_freestyle(), CONNECT_BUDGET) > 0);
}

mod antichess_family {
    use super::check_file;
    use ludex::variants::antichess::{Antichess, AntichessRules};

    // The largest count in these files is 2.7 million and the three files take well
    // under a second in release, so the default budget runs every case in full.
    const BUDGET: u64 = 10_000_000;

    #[test]
    fn antichess_perft() {
        assert!(check_file::<Antichess>("antichess.perft", AntichessRules::Antichess, BUDGET) > 0);
    }

    #[test]
    fn giveaway_perft() {
        assert!(check_file::<Antichess>("giveaway.perft", AntichessRules::Giveaway, BUDGET) > 0);
    }

    #[test]
    fn suicide_perft() {
        assert!(check_file::<Antichess>("suicide.perft", AntichessRules::Suicide, BUDGET) > 0);
    }

    /// Not a correctness test: prints antichess perft speed (run with
    /// `cargo test --release --test perft -- --ignored --nocapture antichess_perft_speed`).
    /// Compare with Fairy-Stockfish: `setoption name UCI_Variant value antichess`,
    /// `position startpos`, `go perft 5`.
    #[test]
    #[ignore]
    fn antichess_perft_speed() {
        use ludex::core::Position;
        ludex::variants::chesslike::attacks::init();
        let mut pos = Antichess::startpos(AntichessRules::Antichess);
        // Best of five, so that a busy machine disturbs the figure less.
        for depth in [5, 6] {
            let mut best = f64::MAX;
            let mut nodes = 0;
            for _ in 0..5 {
                let start = std::time::Instant::now();
                nodes = pos.perft(depth);
                best = best.min(start.elapsed().as_secs_f64());
            }
            println!("antichess startpos perft {depth}: {nodes} nodes in {best:.3} s, {:.1} Mnps", nodes as f64 / best / 1e6);
        }
    }
}
