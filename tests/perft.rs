//! Every case of the reference perft files, run through each variant's real perft.
//! Add one test per data file; the files live in `tests/data/` (copied from the
//! shared reference set).

mod common;

#[allow(unused_imports)]
use common::perft_file::check_file;

use ludex::variants::connect::{Connect, ConnectRules};

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
