//! Renju's forbidden moves, from the rules text (RIF): the first player (renju's
//! Black, Ludex's White `P`, drawn `X` here) may not make a double three, a double
//! four or an overline; exactly five wins even when it also makes one of those; the
//! second player (`O`) has no restriction and wins with an overline too.
//!
//! Each diagram is drawn from the top-left corner of a 15x15 board (row 0 is rank 15,
//! column 0 is file `a`), so the top and left edges are the board's edges. `*` marks
//! the cell under test (empty on the board). Spare stones that balance the counts go
//! to the bottom rows, far from every diagram.

mod common;

use common::engine::Engine;
use ludex::core::{MoveList, Position, Side};
use ludex::variants::connect::{Cell, Connect, ConnectRules};
use ludex::variants::Variant;

/// The position drawn by `rows`, White (`X`) to move, and the `*` cell.
fn diagram(rows: &[&str]) -> (Connect, Cell) {
    diagram_for(rows, Side::White)
}

/// The position drawn by `rows` with `side` to move, and the `*` cell.
fn diagram_for(rows: &[&str], side: Side) -> (Connect, Cell) {
    let mut grid = [['.'; 15]; 15];
    let mut star = None;
    for (r, row) in rows.iter().enumerate() {
        assert!(r < 12 && row.len() <= 15, "diagram too large");
        for (c, ch) in row.chars().enumerate() {
            match ch {
                'X' | 'O' => grid[r][c] = ch,
                '*' => star = Some((c, 14 - r)),
                _ => {}
            }
        }
    }
    let count = |ch| grid.iter().flatten().filter(|&&g| g == ch).count();
    // Balance the stone counts (White to move: as many X as O; Black: one X more) on
    // the bottom rows, every other cell, far from the diagrams.
    let want_x = count('O') + (side == Side::Black) as usize;
    let (fill, n) = if count('X') > want_x { ('O', count('X') - want_x) } else { ('X', want_x - count('X')) };
    let spare = (0..15).step_by(2).map(|c| (14, c)).chain((1..15).step_by(2).map(|c| (13, c)));
    for (r, c) in spare.take(n) {
        grid[r][c] = fill;
    }
    let ranks: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &g in row {
                if g == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                s.push(if g == 'X' { 'P' } else { 'p' });
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    let to_move = if side == Side::White { "w" } else { "b" };
    let fen = format!("{} {to_move} - - 0 1", ranks.join("/"));
    let pos = Connect::from_fen(&fen, ConnectRules::renju()).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let (x, y) = star.expect("diagram without *");
    let cell = pos.cell(x, y).expect("on the board");
    (pos, cell)
}

/// Asserts whether the `*` cell is forbidden, and that `legal_moves` and `parse_move`
/// agree with `is_forbidden`.
fn check(rows: &[&str], forbidden: bool, what: &str) {
    let (pos, cell) = diagram(rows);
    assert_eq!(pos.is_forbidden(cell), forbidden, "{what}: {cell}\n{}", pos.pretty());
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(!moves.iter().any(|&m| m == cell), forbidden, "{what}: legal_moves");
    assert_eq!(pos.parse_move(&pos.format_move(cell)).is_err(), forbidden, "{what}: parse_move");
}

#[test]
fn double_three() {
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "......X",
        "......X",
        "....XX*",
    ], true, "two open threes crossing");
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "......X",
        "",
        "......X",
        "...X.X*",
    ], true, "two broken threes (X.X* on both lines)");
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "...X",
        "....X",
        ".......",
        "......*XX",
    ], true, "diagonal broken three and a horizontal three");
}

#[test]
fn a_single_three_is_allowed() {
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "......X",
        "......X",
        "......*",
    ], false, "one open three");
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "......X",
        "......X",
        "......*.X",
    ], false, "a three and a two");
}

#[test]
fn blocked_threes_are_not_threes() {
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "......X",
        "......X",
        "...OXX*",
    ], false, "row three closed by O: OXX* can only become a closed four");
    // Closed at a distance on one side only, it is still a three: `.XX*.O` becomes
    // the straight four `.XXXX.O` one cell to the left.
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "......X",
        "......X",
        "....XX*.O",
    ], true, "`..XX*.O` is an open three");
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        ".....X",
        ".....X",
        "..O.X*X.O",
    ], false, "`O.X*X.O` can only become a closed four");
    // `X..XX*..X`: either straight four would have an end that makes six.
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "......X",
        "......X",
        ".X..XX*..X",
    ], false, "both straight fours would have an overline end");
}

#[test]
fn edge_of_the_board() {
    // Against the left edge: `|XX*..` becomes at best `|XXXX.`, closed by the edge.
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "..X",
        "..X",
        "XX*",
    ], false, "three against the edge is closed");
    // One cell from the edge `|.XX*..` can become `|.XXXX.`, a straight four.
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "...X",
        "...X",
        ".XX*",
    ], true, "three one cell from the edge is open");
    // On the top row both lines touch an edge: no three at all.
    #[rustfmt::skip]
    check(&[
        "X.X*",
        "...X",
        "...X",
    ], false, "top-left corner: both threes closed by edges");
    #[rustfmt::skip]
    check(&[
        "",
        ".X.X*",
        "....X",
        "....X",
    ], true, "one row and column further in: both threes open");
}

#[test]
fn double_four() {
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "......O",
        "......X",
        "......X",
        "......X",
        "...XXX*O",
    ], true, "two closed fours crossing");
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "",
        "",
        "..X.X*X.X",
    ], true, "four-four on one line: X.X*X.X");
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "",
        "",
        ".XXX.*.XXX",
    ], true, "four-four on one line: XXX.*.XXX");
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "",
        "",
        ".XX.*X.XX",
    ], true, "four-four on one line: XX.*X.XX");
}

#[test]
fn four_three_is_allowed() {
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "......X",
        "......X",
        "...OXX*X",
    ], false, "a closed four and an open three");
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "",
        "",
        "..XXX*.",
    ], false, "a single straight four");
}

#[test]
fn four_and_two_threes_is_forbidden() {
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "...X",
        "....X.X",
        "......X",
        "...OXX*X",
    ], true, "a four, a vertical three and a diagonal broken three");
}

#[test]
fn overline() {
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "",
        "",
        "..XXX*XX",
    ], true, "six in a row");
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "",
        "",
        "..XXXX*XXX",
    ], true, "eight in a row");
}

#[test]
fn five_beats_forbidden_shapes() {
    // Without the row, `*` is a double three (column and diagonal)...
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "....X.X",
        ".....XX",
        "......*",
    ], true, "control: double three");
    // ... with the row it also makes exactly five, and five wins.
    #[rustfmt::skip]
    let rows = [
        "",
        "",
        "",
        "",
        "....X.X",
        ".....XX",
        "....XX*XX",
    ];
    check(&rows, false, "five with a double three");
    let (mut pos, cell) = diagram(&rows);
    pos.make_move(cell);
    assert_eq!(pos.outcome().and_then(|o| o.winner), Some(Side::White));

    // Five on the row and six on the column at once: the five wins.
    #[rustfmt::skip]
    let rows = [
        "",
        "",
        "",
        "....X",
        "....X",
        "....X",
        "..XX*XX",
        "....X",
        "....X",
    ];
    check(&rows, false, "five on the row, six on the column");
    let (mut pos, cell) = diagram(&rows);
    pos.make_move(cell);
    assert_eq!(pos.outcome().and_then(|o| o.winner), Some(Side::White));
}

#[test]
fn a_three_whose_completion_is_an_overline_point_is_no_three() {
    // The row `O.XX*..` becomes a straight four only at q, the cell right of `*`;
    // a stone on q would make six on its column, so q is forbidden and the row is no
    // real three. With the real three on `*`'s column, `*` makes one three: allowed.
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        ".......X",
        "......XX",
        "......XX",
        "..O.XX*..",
        ".......X",
        ".......X",
    ], false, "fake three (q makes an overline) plus a real three");
    // Without the column through q the row is a real three: double three.
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        "......X",
        "......X",
        "..O.XX*..",
    ], true, "real three plus a real three");
}

#[test]
fn a_three_whose_completion_is_a_double_three_point_is_no_three() {
    // Same row, q right of `*` again. Here q would make a straight four on the row
    // plus two real threes (its column above, its diagonal down-right), a double
    // three, so q is forbidden and the row is no three: `*` (with its column three
    // below) is allowed. (q's diagonal three is real through its far end; its near
    // end would be a four-four point.)
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        ".......X",
        ".......X",
        "..O.XX*..",
        "......X.X",
        "......X..X",
    ], false, "fake three (q is a double three) plus a real three");
    // Without q's diagonal, q is a four-three, legal: the row is a real three.
    #[rustfmt::skip]
    check(&[
        "",
        "",
        "",
        "",
        ".......X",
        ".......X",
        "..O.XX*..",
        "......X",
        "......X",
    ], true, "control: q is a legal four-three point");
}

#[test]
fn only_the_first_player_is_restricted() {
    // The double-three shape with colours swapped, Black (O) to move: allowed.
    #[rustfmt::skip]
    let rows = [
        "",
        "",
        "",
        "",
        "......O",
        "......O",
        "....OO*",
    ];
    let (pos, cell) = diagram_for(&rows, Side::Black);
    assert!(!pos.is_forbidden(cell));
    assert!(pos.parse_move(&pos.format_move(cell)).is_ok());
    // Under gomoku rules nothing is forbidden for anyone.
    let (x_pos, x_cell) = diagram(&["", "", "", "", "......X", "......X", "....XX*"]);
    let gomoku = Connect::from_fen(&x_pos.to_fen(), ConnectRules::gomoku()).unwrap();
    assert!(x_pos.is_forbidden(x_cell) && !gomoku.is_forbidden(x_cell));
}

#[test]
fn second_player_overline_wins() {
    // O (the second player) fills the gap of OOO.OO: six in a row, a win in renju.
    let fen = "15/15/15/15/15/15/15/15/2ppp1pp7/15/15/P1P1P1P1P1P4/15/15/15 b - - 0 1";
    let mut pos = Connect::from_fen(fen, ConnectRules::renju()).unwrap();
    let mv = pos.parse_move("P@f7").unwrap();
    pos.make_move(mv);
    assert_eq!(pos.outcome().and_then(|o| o.winner), Some(Side::Black));
    // Under exactly-five gomoku the same move does not win.
    let mut gomoku = Connect::from_fen(fen, ConnectRules::gomoku()).unwrap();
    gomoku.make_move(mv);
    assert_eq!(gomoku.outcome(), None);
}

#[test]
fn uci_variant_and_startpos() {
    let v: Variant = "renju".parse().unwrap();
    assert!(Variant::UCI_COMBO.contains(&"renju"));
    let ludex::variants::AnyPosition::Connect(pos) = v.startpos() else { panic!("renju is a connect game") };
    assert_eq!(pos.rules(), ConnectRules::renju());
    assert_eq!((pos.width(), pos.height()), (15, 15));
    let gomoku = Connect::startpos(ConnectRules::gomoku());
    assert_eq!(pos.to_fen(), gomoku.to_fen(), "the same empty 15x15 pocket FEN as gomoku");
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 225);
}

/// The first player to move with nothing but forbidden cells left cannot move: the
/// game ends drawn, and a search answers `bestmove (none)` rather than a forbidden
/// move. On this 6x6 board both empty cells, d6 and d4, would make six in a row for
/// X (an overline) and neither makes five in another direction; no line of five
/// exists for either side. The second player to move in the same shape plays on.
#[test]
fn only_forbidden_cells_left_is_a_draw() {
    use ludex::core::Termination;
    let rows = "PPP1PP/pppPpp/PPP1PP/pppPpp/pPppPp/PpPpPp[Pp]";
    let pos = Connect::from_fen(&format!("{rows} w - - 0 18"), ConnectRules::renju()).unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(moves.is_empty(), "both empty cells are overline points for X: {:?}", moves.as_slice());
    let outcome = pos.outcome().expect("the game is over");
    assert_eq!((outcome.winner, outcome.termination), (None, Termination::NoMoves));

    let mut engine = Engine::spawn();
    engine.send("setoption name UCI_Variant value renju");
    engine.send(&format!("position fen {rows} w - - 0 18"));
    let (_, bestmove) = engine.go("depth 3");
    assert_eq!(bestmove, "bestmove (none)");
    assert!(engine.quit());

    // Under exact five there is nothing forbidden: X has two moves.
    let free = Connect::from_fen(&format!("{rows} w - - 0 18"), ConnectRules::gomoku()).unwrap();
    let mut moves = MoveList::new();
    free.legal_moves(&mut moves);
    assert_eq!(moves.len(), 2);
    assert!(free.outcome().is_none());
}
