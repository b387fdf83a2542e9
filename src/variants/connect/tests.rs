//! Rules, notation, FEN, hashing and evaluation tests for the connect games.
//!
//! Positions are written as pictures (`X` White, `O` Black, `.` empty, top rank
//! first) and turned into FENs by `fen_of`, an independent little writer, so the FEN
//! code under test is not used to build its own inputs.

use super::geometry::Cell;
use super::params;
use super::*;
use crate::core::rng::Rng;
use crate::core::{MoveError, MoveList, Outcome, Position, Side, Termination};

fn fen_of(rows: &[&str]) -> String {
    let h = rows.len();
    let w = rows[0].len();
    let (mut white, mut black) = (0, 0);
    let mut ranks = Vec::new();
    for row in rows {
        let mut rank = String::new();
        let mut empty = 0;
        for c in row.chars() {
            if c == '.' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                rank += &empty.to_string();
                empty = 0;
            }
            match c {
                'X' => {
                    white += 1;
                    rank.push('P')
                }
                'O' => {
                    black += 1;
                    rank.push('p')
                }
                _ => panic!("bad picture letter {c}"),
            }
        }
        if empty > 0 {
            rank += &empty.to_string();
        }
        ranks.push(rank);
    }
    let n = w * h;
    let pocket = "P".repeat(n.div_ceil(2) - white) + &"p".repeat(n / 2 - black);
    let pocket = if pocket.is_empty() { "-".to_string() } else { pocket };
    let side = if white == black { 'w' } else { 'b' };
    format!("{}[{pocket}] {side} - - 0 1", ranks.join("/"))
}

/// A picture of a `w` x `h` board with stones at the given (file, rank) pairs.
fn picture(w: usize, h: usize, white: &[(usize, usize)], black: &[(usize, usize)]) -> Vec<String> {
    let mut rows = vec![vec!['.'; w]; h];
    for &(x, y) in white {
        rows[h - 1 - y][x] = 'X';
    }
    for &(x, y) in black {
        rows[h - 1 - y][x] = 'O';
    }
    rows.into_iter().map(|r| r.into_iter().collect()).collect()
}

fn pos(rows: &[&str], rules: ConnectRules) -> Connect {
    let fen = fen_of(rows);
    Connect::from_fen(&fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pos_of(pic: &[String], rules: ConnectRules) -> Connect {
    let rows: Vec<&str> = pic.iter().map(String::as_str).collect();
    pos(&rows, rules)
}

fn play(p: &mut Connect, moves: &[&str]) {
    for m in moves {
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make_move(mv);
    }
}

fn moves_of(p: &Connect) -> usize {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list.len()
}

const ALL_RULES: [ConnectRules; 2] = [ConnectRules::gomoku(), ConnectRules::gomoku_freestyle()];
const DIRS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Every line of five on a `w` x `h` board, in every direction, with every cell of it
/// as the last stone: the last stone wins, for White and for Black, under both rules.
fn check_every_line(w: usize, h: usize) {
    for rules in ALL_RULES {
        for (dx, dy) in DIRS {
            for y0 in 0..h as isize {
                for x0 in 0..w as isize {
                    let line: Vec<(usize, usize)> =
                        (0..5).map(|i| ((x0 + i * dx) as usize, (y0 + i * dy) as usize)).collect();
                    if line.iter().any(|&(x, y)| x >= w || y >= h) || y0 + 4 * dy < 0 {
                        continue;
                    }
                    // Fillers: every third cell off the line, never five in a row.
                    let off: Vec<(usize, usize)> = (0..h)
                        .flat_map(|y| (0..w).map(move |x| (x, y)))
                        .filter(|c| !line.contains(c))
                        .step_by(3)
                        .collect();
                    for gap in 0..5 {
                        let stones: Vec<_> =
                            line.iter().enumerate().filter(|&(i, _)| i != gap).map(|(_, &c)| c).collect();
                        let (x, y) = line[gap];
                        let target = Cell::new(x, y);
                        for winner in [Side::White, Side::Black] {
                            let pic = if winner == Side::White {
                                picture(w, h, &stones, &off[..4])
                            } else {
                                picture(w, h, &off[..5], &stones)
                            };
                            let mut p = pos_of(&pic, rules);
                            assert_eq!(p.outcome(), None, "{}", p.to_fen());
                            assert_eq!(p.side_to_move(), winner);
                            assert!(p.is_win_cell(winner, target), "{} {target}", p.to_fen());
                            assert!(p.evaluate() >= params::WIN_NEXT);
                            p.make_move(target);
                            let o = p.outcome().unwrap_or_else(|| panic!("no win: {} then {target}", p.to_fen()));
                            assert_eq!((o.winner, o.termination), (Some(winner), Termination::Line));
                            assert_eq!(moves_of(&p), 0);
                            assert_eq!(p.perft(1), 0);
                            assert!(matches!(p.parse_move("a1"), Err(MoveError::Illegal(_))));
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn lines_win_in_all_directions_edges_and_corners() {
    check_every_line(5, 5);
    check_every_line(7, 6);
}

#[test]
fn lines_win_on_big_boards() {
    for size in [19, 22] {
        let rules = ConnectRules::gomoku();
        let mut p = Connect::empty(size, size, rules).unwrap();
        assert_eq!(moves_of(&p), size * size);
        let top = size;
        let last_file = (b'a' + size as u8 - 1) as char;
        let diag: Vec<String> =
            (0..5).map(|i| format!("{}{}", (b'a' + (size - 1 - i) as u8) as char, top - i)).collect();
        // White builds the diagonal into the top-right corner, Black plays along rank 1.
        for (i, sq) in diag.iter().take(4).enumerate() {
            play(&mut p, &[sq, &format!("{}1", (b'a' + 2 * i as u8) as char)]);
        }
        assert_eq!(p.outcome(), None);
        assert_eq!(format!("{}{top}", last_file), diag[0]);
        play(&mut p, &[&diag[4]]);
        assert_eq!(p.outcome(), Some(Outcome::win(Side::White, Termination::Line)));
        let back = Connect::from_fen(&p.to_fen(), rules).unwrap();
        assert_eq!(back.outcome(), p.outcome());
        assert_eq!(back.hash(), p.hash());
    }
}

#[test]
fn tictactoe_lines_and_full_board_draw() {
    let rules = ConnectRules::tictactoe();
    let lines: [[&str; 3]; 8] = [
        ["a1", "b1", "c1"],
        ["a2", "b2", "c2"],
        ["a3", "b3", "c3"],
        ["a1", "a2", "a3"],
        ["b1", "b2", "b3"],
        ["c1", "c2", "c3"],
        ["a1", "b2", "c3"],
        ["a3", "b2", "c1"],
    ];
    for line in lines {
        let mut p = Connect::startpos(rules);
        let others: Vec<&str> =
            ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"].into_iter().filter(|s| !line.contains(s)).collect();
        // O's two stones cannot make three; X's third stone completes the line.
        play(&mut p, &[line[0], others[0], line[1], others[1]]);
        assert_eq!(p.outcome(), None);
        play(&mut p, &[line[2]]);
        assert_eq!(p.outcome(), Some(Outcome::win(Side::White, Termination::Line)), "{line:?}");
        assert_eq!(p.perft(3), 0);
    }

    // X O X / X O O / O X X: nobody has three, the ninth stone fills the board.
    let mut p = Connect::startpos(rules);
    play(&mut p, &["a3", "b2", "c3", "b3", "b1", "a1", "a2", "c2"]);
    assert_eq!(p.outcome(), None);
    assert_eq!(moves_of(&p), 1);
    play(&mut p, &["P@c1"]);
    assert_eq!(p.outcome(), Some(Outcome::draw(Termination::BoardFull)));
    assert_eq!(p.to_fen(), "PpP/Ppp/pPP[-] b - - 0 5");
    assert_eq!(moves_of(&p), 0);
    assert_eq!(p.evaluate(), 0);
    assert!(matches!(p.parse_move("a1"), Err(MoveError::Illegal(m)) if m.contains("over")));
    let back = Connect::from_fen(&p.to_fen(), rules).unwrap();
    assert_eq!(back.outcome(), Some(Outcome::draw(Termination::BoardFull)));
}

#[test]
fn full_board_fen_has_empty_pocket() {
    let p = pos(&["XOX", "XOO", "OXX"], ConnectRules::tictactoe());
    assert_eq!(p.to_fen(), "PpP/Ppp/pPP[-] b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::draw(Termination::BoardFull)));
}

#[test]
fn overline_under_both_rules() {
    // X X X . X X on rank 8: filling the gap makes six in a row.
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...XXX.XX......",
        "...............",
        "...OO.O.O.O....",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ];
    let g8 = Cell::new(6, 7);
    let exact = pos(&rows, ConnectRules::gomoku());
    let free = pos(&rows, ConnectRules::gomoku_freestyle());
    assert!(!exact.is_win_cell(Side::White, g8));
    assert!(free.is_win_cell(Side::White, g8));

    let mut p = exact.clone();
    play(&mut p, &["P@g8"]);
    assert_eq!(p.outcome(), None, "six in a row does not win in gomoku");
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(moves_of(&p), 225 - 11);
    play(&mut p, &["a1", "c8"]);
    assert_eq!(p.outcome(), None, "seven in a row does not win either");

    let mut p = free.clone();
    play(&mut p, &["P@g8"]);
    assert_eq!(p.outcome(), Some(Outcome::win(Side::White, Termination::Line)));

    // One direction makes six, another makes exactly five: that wins in gomoku.
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "......X........",
        "......X........",
        "...XXX.XX......",
        "......X........",
        "......X........",
        "...............",
        "...OO.O.O.O....",
        "...O.O.O.O.....",
        "...............",
        "...............",
    ];
    let mut p = pos(&rows, ConnectRules::gomoku());
    play(&mut p, &["g8"]);
    assert_eq!(p.outcome(), Some(Outcome::win(Side::White, Termination::Line)));

    // A six already on the board: a game in progress in gomoku, won in freestyle.
    let rows = [".......", ".......", "XXXXXX.", ".......", "OO.O.O.", ".O.O...", "......X"];
    assert_eq!(pos(&rows, ConnectRules::gomoku()).outcome(), None);
    let o = pos(&rows, ConnectRules::gomoku_freestyle()).outcome();
    assert_eq!(o, Some(Outcome::win(Side::White, Termination::Line)));
    // In gomoku White may still win with an exact five elsewhere.
    let mut p = pos(&rows, ConnectRules::gomoku());
    assert!(!p.is_win_cell(Side::White, Cell::new(6, 4)));
    play(&mut p, &["a7", "g5"]);
    assert_eq!(p.outcome(), None, "seven in a row");
}

#[test]
fn exact_five_next_to_own_stone_is_not_a_threat() {
    // . X X X X . X : the left end makes five, the right gap makes six.
    let rows = [".XXXX.X", ".......", "OO.O.O.", ".......", "O......", ".......", "......."];
    let exact = pos(&rows, ConnectRules::gomoku());
    assert!(exact.is_win_cell(Side::White, Cell::new(0, 6)));
    assert!(!exact.is_win_cell(Side::White, Cell::new(5, 6)));
    assert_eq!(exact.win_cell_count(Side::White), 1);
    let free = pos(&rows, ConnectRules::gomoku_freestyle());
    assert_eq!(free.win_cell_count(Side::White), 2);
}

#[test]
fn fen_round_trips() {
    let gomoku_start = format!("{}[{}{}] w - - 0 1", ["15"; 15].join("/"), "P".repeat(113), "p".repeat(112));
    let cases = [
        ("3/3/3[PPPPPpppp] w - - 0 1", ConnectRules::tictactoe()),
        ("1p1/1PP/p1P[PPpp] b - - 0 1", ConnectRules::tictactoe()),
        ("PpP/Ppp/pPP[-] b - - 0 5", ConnectRules::tictactoe()),
        ("PpP/pPp/pPP[-] b - - 0 5", ConnectRules::tictactoe()),
        (gomoku_start.as_str(), ConnectRules::gomoku()),
    ];
    for (fen, rules) in cases {
        assert_eq!(Connect::from_fen(fen, rules).unwrap().to_fen(), fen);
    }
    assert_eq!(Connect::startpos(ConnectRules::gomoku()).to_fen(), gomoku_start);
    assert_eq!(Connect::startpos(ConnectRules::tictactoe()).to_fen(), "3/3/3[PPPPPpppp] w - - 0 1");

    // 19x19: 181 + 180 stones; two-digit counts on both sides of stones.
    let mut ranks = vec!["19".to_string(); 19];
    ranks[9] = "7pP10".to_string();
    let fen19 = format!("{}[{}{}] w - - 3 2", ranks.join("/"), "P".repeat(180), "p".repeat(179));
    let p = Connect::from_fen(&fen19, ConnectRules::gomoku()).unwrap();
    assert_eq!((p.width(), p.height()), (19, 19));
    assert_eq!(p.to_fen(), fen19);
    assert_eq!(p.stone_at(Cell::new(7, 9)), Some(Side::Black));
    assert_eq!(p.stone_at(Cell::new(8, 9)), Some(Side::White));
    assert_eq!(moves_of(&p), 361 - 2);

    // 22x22, and a rectangle.
    let fen22 = format!("{}[{}{}] w - - 0 1", ["22"; 22].join("/"), "P".repeat(242), "p".repeat(242));
    assert_eq!(Connect::from_fen(&fen22, ConnectRules::gomoku_freestyle()).unwrap().to_fen(), fen22);
    let rect = format!("{}[{}{}] w - - 0 1", ["9"; 6].join("/"), "P".repeat(27), "p".repeat(27));
    let p = Connect::from_fen(&rect, ConnectRules::gomoku()).unwrap();
    assert_eq!((p.width(), p.height(), p.to_fen()), (9, 6, rect.clone()));

    // Optional parts: counters, pocket, even castling/en passant fields.
    for short in ["3/3/3[PPPPPpppp] w", "3/3/3[PPPPPpppp] w - -", "3/3/3 w - - 0 1", "3/3/3"] {
        let p = Connect::from_fen(short, ConnectRules::tictactoe()).unwrap_or_else(|e| panic!("{short}: {e}"));
        assert_eq!(p.to_fen(), "3/3/3[PPPPPpppp] w - - 0 1", "{short}");
    }
}

#[test]
fn reference_positions_round_trip() {
    for (file, rules) in [
        ("tictactoe.perft", ConnectRules::tictactoe()),
        ("gomoku.perft", ConnectRules::gomoku()),
        ("gomokufreestyle.perft", ConnectRules::gomoku_freestyle()),
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let mut n = 0;
        for epd in text.lines().filter_map(|l| l.strip_prefix("epd ")) {
            let p = Connect::from_fen(epd, rules).unwrap_or_else(|e| panic!("{epd}: {e}"));
            assert_eq!(p.to_fen(), epd.trim());
            n += 1;
        }
        assert!(n >= 10, "{file}");
    }
}

#[test]
fn bad_fens_are_rejected_naming_the_problem() {
    let t = ConnectRules::tictactoe();
    let cases: &[(&str, &str)] = &[
        ("", "empty"),
        ("   ", "empty"),
        ("3/3[PPPPPpppp] w - - 0 1", "2 ranks"),
        (&format!("{} w", ["5"; 23].join("/")), "23 ranks"),
        ("3/4/3 w", "rank 2 ('4') has 4 cells"),
        ("3/3/3x[PPPPPpppp] w", "'x'"),
        ("3/3/2X w", "'X'"),
        ("0/3/3 w", "'0'"),
        ("03/3/3 w", "'03'"),
        ("99999999999999999999/3/3 w", "'99999999999999999999'"),
        ("23/23/23 w", "'23'"),
        ("P22/3/3 w", "longer than 22"),
        ("2/2/2 w", "has 2 cells"),
        ("3/3/3[PPPPPppp] w", "pocket '[PPPPPppp]'"),
        ("3/3/3[-] w", "pocket '[-]'"),
        ("3/3/3[PPPPPpppx] w", "'x'"),
        ("3/3/3[PPPPPpppp w", "does not end with ']'"),
        ("3/3/3] w", "stray ']'"),
        ("3/3/3[PPPPPpppp] x", "'x'"),
        ("3/3/3[PPPPPpppp] b", "'b'"),
        ("P2/3/3[PPPPpppp] w", "'w'"),
        ("PP1/3/3 b", "2 white and 0 black"),
        ("p2/3/3 w", "0 white and 1 black"),
        ("3/3/3 w KQkq", "'KQkq'"),
        ("3/3/3 w - e3", "'e3'"),
        ("3/3/3 w - - x 1", "'x'"),
        ("3/3/3 w - - 0 -1", "'-1'"),
        ("3/3/3 w - - 0 1 extra", "'extra'"),
        ("PPP/ppp/3 w", "both sides"),
        ("PPP/pp1/1p1 w", "White has a completed line but is to move"),
        ("3/3/2é w", "'é'"),
        ("3/3/3/ w", "rank 1 ('') has 0 cells"),
    ];
    for (fen, needle) in cases {
        match Connect::from_fen(fen, t) {
            Ok(p) => panic!("accepted '{fen}' as {}", p.to_fen()),
            Err(e) => assert!(e.to_string().contains(needle), "'{fen}': '{e}' does not mention {needle}"),
        }
    }
    let bad_rules = ConnectRules { k: 6, ..ConnectRules::gomoku() };
    assert!(Connect::from_fen("3/3/3", bad_rules).is_err());
    assert!(Connect::empty(23, 15, ConnectRules::gomoku()).is_err());
    assert!(Connect::empty(15, 2, ConnectRules::gomoku()).is_err());
}

#[test]
fn bad_moves_are_rejected_naming_the_token() {
    let mut p = Connect::startpos(ConnectRules::gomoku());
    play(&mut p, &["P@h8"]);
    let cases: &[(&str, bool, &str)] = &[
        ("P@h8", false, "occupied"),
        ("h8", false, "occupied"),
        ("P@p1", false, "off the 15x15 board"),
        ("a16", false, "off"),
        ("z99", false, "off"),
        ("N@h9", true, "N@"),
        ("P@", true, "P@"),
        ("h", true, "'h'"),
        ("e2e4", true, "e2e4"),
        ("0000", true, "0000"),
        ("", true, "not a square"),
        ("P@h8extra", true, "h8extra"),
    ];
    for &(text, malformed, needle) in cases {
        match p.parse_move(text) {
            Err(MoveError::Malformed(m)) if malformed => assert!(m.contains(needle), "{text}: {m}"),
            Err(MoveError::Illegal(m)) if !malformed => assert!(m.contains(needle), "{text}: {m}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(p.parse_move("p@h9"), Ok(Cell::new(7, 8)));
}

/// The pattern state of `p` equals a rebuild from its board, and agrees with the
/// rules on every empty cell: five-points are the cells that complete a line, and
/// under renju the first player's forbidden cells are exactly `renju::is_forbidden`'s.
/// Returns how many five-points and forbidden cells it saw.
fn check_patterns(p: &Connect) -> (usize, usize) {
    let mut cells = p.cells;
    let fresh = patterns::Patterns::rebuild_weighted(&p.lines, &mut cells, p.width(), p.height(), p.rules, p.patterns.weights());
    assert!(fresh.same_as(&p.patterns), "{}", p.to_fen());
    check_quiet_sum(p);
    let mut seen = (0, 0);
    if p.winner.is_some() {
        return seen;
    }
    for y in 0..p.height() {
        for x in 0..p.width() {
            let c = Cell::new(x, y);
            if p.stone_at(c).is_some() {
                continue;
            }
            for side in [Side::White, Side::Black] {
                let mut board = p.cells;
                board[c.index()] = geometry::stone(side);
                let wins = lines::completes_line(&board, c, side, p.rules);
                assert_eq!(p.is_win_cell(side, c), wins, "{side:?} {c} {}", p.to_fen());
                seen.0 += wins as usize;
            }
            if p.rules.line_rule == LineRule::Renju {
                let forbidden = renju::is_forbidden(&mut cells, c);
                assert_eq!(p.cell_class(renju::RESTRICTED, c) == CellClass::Forbidden, forbidden, "{c} {}", p.to_fen());
                seen.1 += forbidden as usize;
            }
        }
    }
    seen
}

/// A weight table with every weight random in `-range..=range` (leaked: positions
/// hold their table as `'static`).
fn random_weights(rng: &mut Rng, range: i32) -> &'static eval::weights::Table {
    use crate::variants::chesslike::tapered::S;
    let mut t = [S::ZERO; eval::layout::COUNT];
    for w in t.iter_mut() {
        w.mg = (rng.next_u64() % (2 * range as u64 + 1)) as i32 - range;
    }
    Box::leak(Box::new(t))
}

/// Where the evaluation is the quiet sum, the sum of what `eval_walk` reports
/// (every combination counted cell by cell) is what the engine computes from the
/// incrementally kept sums.
fn check_quiet_sum(p: &Connect) {
    let mut units = 0;
    if p.eval_walk(&mut |i, c| units += p.patterns.weights()[i].mg * c).is_ok() {
        assert_eq!(units / eval::layout::UNIT, p.clone().evaluate(), "{}", p.to_fen());
    }
}

/// Random games (fixed seed) in a small area so that lines, overlines and renju
/// fouls form: after every move and take-back the incremental hash and pattern
/// state equal those computed from scratch, and taking everything back restores the
/// start. The positions weigh with random weights, so the kept combination sums
/// are checked too.
#[test]
fn make_unmake_restore_fen_hash_and_patterns() {
    let mut rng = Rng::new(20_24);
    let weights = random_weights(&mut rng, 500);
    let k4 = ConnectRules { k: 4, line_rule: LineRule::KOrMore, default_width: 9, default_height: 9 };
    let k4x = ConnectRules { k: 4, line_rule: LineRule::ExactlyK, ..k4 };
    let k3x = ConnectRules { k: 3, line_rule: LineRule::ExactlyK, ..k4 };
    let setups = [
        (ConnectRules::tictactoe(), 3, 3, 3, 30),
        (ConnectRules::gomoku(), 15, 15, 7, 20),
        (ConnectRules::gomoku_freestyle(), 15, 15, 7, 20),
        (ConnectRules::renju(), 15, 15, 7, 30),
        (ConnectRules::gomoku(), 22, 22, 8, 6),
        (ConnectRules::gomoku_freestyle(), 5, 5, 5, 20),
        (ConnectRules::gomoku(), 11, 6, 11, 10),
        (k4, 9, 9, 6, 10),
        (k4x, 7, 5, 7, 10),
        (k3x, 6, 6, 6, 10),
        (ConnectRules::tictactoe(), 8, 4, 8, 10),
    ];
    for (rules, w, h, area, games) in setups {
        let mut seen = (0, 0);
        for _game in 0..games {
            let mut p = Connect::empty(w, h, rules).unwrap().with_weights(weights);
            let start = (p.to_fen(), p.hash());
            let mut fens = Vec::new();
            while p.outcome().is_none() {
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                let near: Vec<Cell> = list.iter().copied().filter(|c| c.x() < area && c.y() < area).collect();
                let pool = if near.is_empty() { list.as_slice().to_vec() } else { near };
                let mv = pool[(rng.next_u64() % pool.len() as u64) as usize];
                fens.push((p.to_fen(), p.hash()));
                p.make_move(mv);
                let mut fresh = Connect::from_fen(&p.to_fen(), rules).unwrap().with_weights(weights);
                assert_eq!(fresh.hash(), p.hash(), "{}", p.to_fen());
                assert_eq!(fresh.outcome(), p.outcome(), "{}", p.to_fen());
                assert!(fresh.lines == p.lines, "{}", p.to_fen());
                assert!(fresh.patterns.same_as(&p.patterns), "{}", p.to_fen());
                let (fives, fouls) = check_patterns(&p);
                seen = (seen.0 + fives, seen.1 + fouls);
                assert_eq!(fresh.evaluate(), p.evaluate());
            }
            while let Some((fen, hash)) = fens.pop() {
                p.unmake_move();
                assert_eq!((p.to_fen(), p.hash()), (fen, hash));
                check_patterns(&p);
            }
            assert_eq!((p.to_fen(), p.hash()), start);
        }
        // The games did reach the shapes under test.
        assert!(seen.0 > 10, "{rules:?}: {seen:?}");
        assert_eq!(seen.1 > 10, rules.line_rule == LineRule::Renju, "{rules:?}: {seen:?}");
    }
}

#[test]
fn hash_depends_on_stones_and_side() {
    let mut a = Connect::startpos(ConnectRules::gomoku());
    let mut b = a.clone();
    play(&mut a, &["h8", "h9"]);
    play(&mut b, &["h9", "h8"]);
    assert_ne!(a.hash(), b.hash());
    let mut c = Connect::startpos(ConnectRules::gomoku());
    play(&mut c, &["a1", "h9", "h8"]);
    let mut d = Connect::startpos(ConnectRules::gomoku());
    play(&mut d, &["h8", "h9", "a1"]);
    assert_eq!(c.hash(), d.hash(), "transpositions hash alike");
    assert_ne!(Connect::startpos(ConnectRules::gomoku()).hash(), a.hash());
}

/// A board with its colours swapped (`X` <-> `O`).
fn swapped(rows: &[&str]) -> Vec<String> {
    rows.iter()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    'X' => 'O',
                    'O' => 'X',
                    c => c,
                })
                .collect()
        })
        .collect()
}

fn mirrored(rows: &[&str]) -> Vec<String> {
    rows.iter().map(|r| r.chars().rev().collect()).collect()
}

fn transposed(rows: &[&str]) -> Vec<String> {
    let n = rows.len();
    (0..n).map(|i| rows.iter().map(|r| r.as_bytes()[i] as char).collect()).collect()
}

#[test]
fn evaluation_sanity() {
    let g = ConnectRules::gomoku();
    let quiet = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "........O......",
        ".......X.......",
        "......O.X......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ];
    let q = pos(&quiet, g).evaluate();
    assert!(q.abs() < 300, "quiet position scores {q}");

    // White to move with an open four: wins next move.
    let mut four = quiet.map(String::from);
    four[3] = "....XXXX.......".into();
    four[5] = "...O......O....".into();
    four[12] = ".....O....O....".into();
    let four_b = {
        let mut f = four.clone();
        f[12] = ".....O.........".into();
        f
    };
    let four: Vec<&str> = four.iter().map(String::as_str).collect();
    let mut p = pos(&four, g);
    assert_eq!(p.side_to_move(), Side::White);
    assert!(p.evaluate() >= params::WIN_NEXT && p.evaluate() > q + 5_000);
    // The open four with Black to move: Black cannot block both ends.
    let rows: Vec<&str> = four_b.iter().map(String::as_str).collect();
    let mut p = pos(&rows, g);
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.win_cell_count(Side::White), 2);
    assert_eq!(p.evaluate(), params::LOSS_AFTER_NEXT);

    // An open three is worth more than a blocked one, for the side to move.
    let open = [
        "...........",
        "...........",
        "...........",
        "...........",
        "...XXX.....",
        "...........",
        "...........",
        "...........",
        ".O.O.O.....",
        "...........",
        "...........",
    ];
    let blocked = [
        "...........",
        "...........",
        "...........",
        "...........",
        "..OXXX.....",
        "...........",
        "...........",
        "...........",
        ".O.O.......",
        "...........",
        "...........",
    ];
    // Both White to move (3 X, 3 O).
    let e_open = pos(&open, g).evaluate();
    let e_blocked = pos(&blocked, g).evaluate();
    assert!(e_open > e_blocked + 50, "open three {e_open} vs blocked three {e_blocked}");

    // Colour symmetry: the same shapes with colours swapped count alike for the other
    // side, and the side that owns the open three is the one that stands better.
    let twin = swapped(&open);
    let twin: Vec<&str> = twin.iter().map(String::as_str).collect();
    let (mut a, mut b) = (pos(&open, g), pos(&twin, g));
    for pat in Pattern::ALL {
        for (x, y) in [(Side::White, Side::Black), (Side::Black, Side::White)] {
            assert_eq!(a.patterns.pattern_count(x, pat), b.patterns.pattern_count(y, pat), "{pat:?}");
        }
    }
    assert!(a.evaluate() > 0 && b.evaluate() < 0, "{} {}", a.evaluate(), b.evaluate());

    // Geometric symmetry: mirror and transpose leave the evaluation unchanged.
    for rows in [&quiet[..], &four[..], &open[..]] {
        let e = pos(rows, g).evaluate();
        let m = mirrored(rows);
        let t = transposed(rows);
        assert_eq!(pos(&m.iter().map(String::as_str).collect::<Vec<_>>(), g).evaluate(), e);
        assert_eq!(pos(&t.iter().map(String::as_str).collect::<Vec<_>>(), g).evaluate(), e);
    }
}

#[test]
fn move_score_ranks_win_then_block() {
    let rows = [
        "...........",
        "...........",
        "...........",
        "..XXXX.....",
        "...........",
        "...........",
        ".....OOOO..",
        "...........",
        "...........",
        "...O.......",
        "X..........",
    ];
    // 5 X and 5 O: White to move; White wins at b8 or g8, Black threatens e5 / j5.
    let p = pos(&rows, ConnectRules::gomoku());
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut scored: Vec<(i32, Cell)> = list.iter().map(|&c| (p.move_score(c), c)).collect();
    scored.sort_by(|a, b| b.cmp(a));
    let top: Vec<String> = scored.iter().take(4).map(|(_, c)| c.to_string()).collect();
    assert!(top[..2].contains(&"b8".to_string()) && top[..2].contains(&"g8".to_string()), "{top:?}");
    assert!(top[2..].contains(&"e5".to_string()) && top[2..].contains(&"j5".to_string()), "{top:?}");
    assert_eq!(p.move_score(Cell::new(2, 7)), i32::MIN, "occupied");
}

#[test]
fn pretty_board() {
    let mut p = Connect::empty(22, 22, ConnectRules::gomoku()).unwrap();
    play(&mut p, &["k11", "v22"]);
    let text = p.pretty();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22 + 3);
    // Files and cells line up: column 4 is file a, column 46 file v, on every line.
    for l in &lines[..24] {
        let b = l.as_bytes();
        assert!(b.len() > 46 && b"a.XO".contains(&b[4]) && b"v.XO".contains(&b[46]), "{l}");
    }
    assert!(lines[0].trim_start().starts_with("a b c") && lines[0].ends_with('v'));
    assert!(lines[1].starts_with("22 ") && lines[1].ends_with(" 22") && lines[1].contains("[O]"), "{text}");
    assert!(lines[12].starts_with("11 ") && lines[12].contains(" X "), "{text}");
    assert!(lines[22].starts_with(" 1 "), "{text}");
    assert!(lines[24].contains("X to move") && lines[24].contains("P@v22"), "{}", lines[24]);

    let mut t = Connect::startpos(ConnectRules::tictactoe());
    play(&mut t, &["a1", "b2", "a2", "c3", "a3"]);
    let text = t.pretty();
    assert!(text.contains("3 [X]. O  3"), "{text}");
    assert!(text.contains("Game over: X wins"), "{text}");
}

/// Mangled FENs and move texts (fixed seed): never a panic; whatever parses writes a
/// FEN that parses back to the same position.
#[test]
fn mangled_input_never_panics() {
    let mut rng = Rng::new(7);
    let seeds = [
        "3/3/3[PPPPPpppp] w - - 0 1".to_string(),
        "1p1/1PP/p1P[PPpp] b - - 0 1".to_string(),
        format!(
            "{}/7pP6/{}[{}{}] w - - 0 1",
            ["15"; 7].join("/"),
            ["15"; 7].join("/"),
            "P".repeat(112),
            "p".repeat(111)
        ),
    ];
    let alphabet: Vec<char> = "0123456789/[]-Pp wbKQ@ah1é".chars().collect();
    for _ in 0..20_000 {
        let mut text: Vec<char> = seeds[(rng.next_u64() % 3) as usize].chars().collect();
        for _ in 0..1 + rng.next_u64() % 3 {
            let i = (rng.next_u64() % (text.len() as u64 + 1)) as usize;
            let c = alphabet[(rng.next_u64() % alphabet.len() as u64) as usize];
            match rng.next_u64() % 3 {
                0 if i < text.len() => text[i] = c,
                1 if i < text.len() => {
                    text.remove(i);
                }
                _ => text.insert(i, c),
            }
        }
        let fen: String = text.into_iter().collect();
        for rules in [ConnectRules::tictactoe(), ConnectRules::gomoku(), ConnectRules::gomoku_freestyle()] {
            if let Ok(p) = Connect::from_fen(&fen, rules) {
                let back = Connect::from_fen(&p.to_fen(), rules).unwrap_or_else(|e| panic!("{fen}: {e}"));
                assert_eq!((back.to_fen(), back.hash()), (p.to_fen(), p.hash()), "{fen}");
                let mv: String = (0..rng.next_u64() % 6)
                    .map(|_| alphabet[(rng.next_u64() % alphabet.len() as u64) as usize])
                    .collect();
                if let Ok(m) = p.parse_move(&mv) {
                    let mut q = p.clone();
                    q.make_move(m);
                    q.unmake_move();
                    assert_eq!(q.to_fen(), p.to_fen());
                }
            }
        }
    }
}

/// A 15x15 board with the given rows (from the top) and the rest empty.
fn board15(rows: &[(usize, &str)]) -> Vec<String> {
    let mut b = vec![".".repeat(15); 15];
    for &(r, text) in rows {
        b[r] = format!("{text:.<15}");
    }
    b
}

fn score_of(rows: &[String], rules: ConnectRules) -> (Connect, Score) {
    let mut p = pos_of(rows, rules);
    let e = p.evaluate();
    let terms: Score = p.eval_terms().iter().map(|t| t.1).sum();
    assert_eq!(terms, e, "eval_terms add up: {:?}", p.eval_terms());
    (p, e)
}

use crate::core::score::Score;

#[test]
fn threats_decide_the_evaluation() {
    let g = ConnectRules::gomoku();
    // White (to move, 5 v 5) has the four-three g8: d8-f8 blocked by c8, g9-g10.
    // Black's stones stand alone: it has no four to play.
    let rows =
        board15(&[(0, "..............O"), (5, "......X"), (6, "......X"), (7, "..OXXX"), (12, "O"), (14, "O...O")]);
    let (p, e) = score_of(&rows, g);
    let g8 = Cell::new(6, 7);
    assert_eq!(p.cell_class(Side::White, g8), CellClass::FourThree);
    assert!(p.makes_four(Side::White, g8) && p.makes_four(Side::White, Cell::new(7, 7)));
    assert!(!p.makes_four(Side::White, Cell::new(6, 10)), "g11 makes a three only");
    assert_eq!(p.class_cells(Side::White, CellClass::Four).collect::<Vec<_>>(), vec![Cell::new(7, 7)]);
    assert_eq!(p.class_cells(Side::White, CellClass::FourThree).collect::<Vec<_>>(), vec![g8]);
    assert!(!p.has_four_move(Side::Black) && p.has_four_move(Side::White));
    assert_eq!(e, params::WIN_BY_THREAT);
    // After g8 the four is on the board: one five-point, h8.
    let mut q = p.clone();
    q.make_move(g8);
    assert_eq!(q.win_cell_count(Side::White), 1);
    assert!(q.is_win_cell(Side::White, Cell::new(7, 7)));
    // Black must block h8 and faces the open three then: worse, not lost outright.
    assert!(q.evaluate() < 0 && q.evaluate() > params::LOSS_AFTER_NEXT, "{}", q.evaluate());

    // Give Black an open three (a four to play): the four-three no longer decides.
    let mut rows2 = rows.clone();
    rows2[14] = format!("{:.<15}", "O");
    rows2[9] = format!("{:.<15}", "..........O");
    rows2[10] = format!("{:.<15}", "..........O");
    rows2[11] = format!("{:.<15}", "..........O");
    rows2[12] = ".".repeat(15);
    rows2[0] = ".".repeat(15);
    let (p2, e2) = score_of(&rows2, g);
    assert!(p2.has_four_move(Side::Black));
    assert!(e2 < params::WIN_BY_THREAT, "{e2}");

    // A double three: wins against no four in gomoku; a foul for renju's first player.
    let rows3 = board15(&[(5, "......X"), (6, "......X"), (7, "....XX"), (14, "O...O...O...O")]);
    let (p3, e3) = score_of(&rows3, g);
    assert_eq!(p3.cell_class(Side::White, g8), CellClass::DoubleThree);
    assert_eq!(e3, params::WIN_BY_THREAT);
    let (r3, e3r) = score_of(&rows3, ConnectRules::renju());
    assert_eq!(r3.cell_class(Side::White, g8), CellClass::Forbidden);
    assert!(r3.is_forbidden(g8));
    assert!(e3r < params::WIN_BY_THREAT);
    // The same shape for renju's second player is a double three like any other.
    let (b3, _) = score_of(&swapped(&rows3.iter().map(String::as_str).collect::<Vec<_>>()), ConnectRules::renju());
    assert_eq!(b3.cell_class(Side::Black, g8), CellClass::DoubleThree);

    // An open three to move: wins by the open four, unless the opponent has a five-point.
    let rows4 = board15(&[(7, "....XXX"), (14, "O...O...O")]);
    let (p4, e4) = score_of(&rows4, g);
    assert_eq!(p4.class_count(Side::White, CellClass::OpenFour), 2);
    assert_eq!(e4, params::WIN_BY_FOUR);
    let rows5 = board15(&[(7, "....XXX"), (14, "OOOO"), (12, "X")]);
    let (p5, e5) = score_of(&rows5, g);
    assert_eq!(p5.win_cell_count(Side::Black), 1);
    assert!(e5 < params::WIN_BY_THREAT, "{e5}");
    assert_eq!(p5.eval_terms().last().map(|t| t.1), Some(0), "facing a five-point: no tempo");

    // Renju: Black's only five-point h8 is a double three for White, who may not block it.
    let rows6 = board15(&[(5, ".......X.X"), (6, ".......XX"), (7, "..XOOOO"), (14, "O")]);
    let h8 = Cell::new(7, 7);
    let (r6, e6) = score_of(&rows6, ConnectRules::renju());
    assert_eq!(r6.side_to_move(), Side::White);
    assert!(r6.is_win_cell(Side::Black, h8) && r6.win_cell_count(Side::Black) == 1);
    assert!(r6.is_forbidden(h8));
    assert_eq!(e6, params::LOSS_AFTER_NEXT);
    let (g6, e6g) = score_of(&rows6, g);
    assert_eq!(g6.cell_class(Side::White, h8), CellClass::DoubleThree);
    assert!(e6g > params::LOSS_AFTER_NEXT, "in gomoku White just blocks: {e6g}");
}

#[test]
fn move_score_orders_threats() {
    // White to move (8 v 8): its four (five-point f15), Black's four (f13), White's
    // open three (e10, i10 make an open four), Black's open three (e6, i6).
    let rows = board15(&[(0, "OXXXX"), (2, "XOOOO"), (5, ".....XXX"), (9, ".....OOO")]);
    let p = pos_of(&rows, ConnectRules::gomoku());
    assert_eq!(p.side_to_move(), Side::White);
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut scored: Vec<(i32, Cell)> = list.iter().map(|&c| (p.move_score(c), c)).collect();
    scored.sort_by(|a, b| b.cmp(a));
    let names: Vec<String> = scored.iter().take(6).map(|(_, c)| c.to_string()).collect();
    assert_eq!(names[0], "f15", "own five first: {names:?}");
    assert_eq!(names[1], "f13", "then block the five: {names:?}");
    let mut own_four: Vec<&str> = names[2..4].iter().map(String::as_str).collect();
    own_four.sort();
    assert_eq!(own_four, ["e10", "i10"], "then own open four: {names:?}");
    let mut block_four: Vec<&str> = names[4..6].iter().map(String::as_str).collect();
    block_four.sort();
    assert_eq!(block_four, ["e6", "i6"], "then block the open three: {names:?}");
    // Above the searcher's killers (1 << 24) only moves that win or stop a win.
    assert!(scored[3].0 > 1 << 24 && scored[4].0 < 1 << 24);
    assert_eq!(p.move_score(Cell::new(1, 14)), i32::MIN, "occupied");
}

#[test]
fn forcing_moves_and_the_null_move() {
    let mut p = Connect::startpos(ConnectRules::gomoku());
    // X (to move) has h8 i8 on an open row; O's stones are far away.
    play(&mut p, &["h8", "a1", "i8", "o15"]);
    let forcing = |p: &mut Connect, cell: &str| {
        let mv = p.parse_move(cell).unwrap();
        p.forces_reply(mv)
    };
    assert!(forcing(&mut p, "j8") && forcing(&mut p, "g8"), "an open three must be answered");
    assert!(!forcing(&mut p, "h10") && !forcing(&mut p, "k12") && !forcing(&mut p, "c3"), "a two need not be");
    play(&mut p, &["j8", "a15"]);
    assert!(forcing(&mut p, "k8") && forcing(&mut p, "g8"), "an open four");
    assert!(forcing(&mut p, "l8"), "a broken four");
    assert!(!forcing(&mut p, "h12"));

    // A pass hands the move over and changes the hash (no FEN can show it: the
    // stone counts fix the side to move); the move after it and the takebacks
    // leave the position, hash and patterns as they were.
    let (fen, hash, before) = (p.to_fen(), p.hash(), p.clone());
    p.make_null_move();
    assert_eq!(p.side_to_move(), Side::Black);
    assert_ne!(p.hash(), hash);
    p.make_null_move();
    assert_eq!(p.hash(), hash, "two passes cancel out");
    p.unmake_null_move();
    p.make_move(p.parse_move("k8").unwrap());
    assert!(p.cell_class(Side::White, Cell::new(6, 7)) < CellClass::OpenFour, "O's k8 closed one end");
    p.unmake_move();
    p.unmake_null_move();
    assert_eq!((p.to_fen(), p.hash()), (fen, hash));
    assert!(p.patterns.same_as(&before.patterns));
}

#[test]
fn follow_up_fours_lie_on_the_lines_through_the_last_stone() {
    let mut p = Connect::startpos(ConnectRules::gomoku());
    // X builds h8 i8 j8 (j8 last) and, far away, c3 d3 e3; O's stones are on the edges.
    play(&mut p, &["h8", "a1", "i8", "a15", "c3", "o15", "d3", "o1", "e3", "a8", "j8", "o8"]);
    let names = |list: &MoveList<Cell>| {
        let mut v: Vec<String> = list.iter().map(|c| c.to_string()).collect();
        v.sort();
        v
    };
    let (mut all, mut follow) = (MoveList::new(), MoveList::new());
    p.noisy_moves(&mut all);
    p.follow_up_noisy_moves(&mut follow);
    assert_eq!(names(&follow), ["f8", "g8", "k8", "l8"], "the fours on row 8, through j8");
    assert_eq!(names(&all), ["a3", "b3", "f3", "f8", "g3", "g8", "k8", "l8"], "every four");
    // O to move: its last stone (o8) has no four through it.
    p.make_move(p.parse_move("f8").unwrap());
    let mut none = MoveList::new();
    p.follow_up_noisy_moves(&mut none);
    assert!(none.is_empty());
    // From a FEN there is no last stone to follow up.
    let q = Connect::from_fen(&p.to_fen(), ConnectRules::gomoku()).unwrap();
    q.follow_up_noisy_moves(&mut none);
    assert!(none.is_empty());
}
