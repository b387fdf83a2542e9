//! The board for a person at a terminal: coordinates on all four edges, pieces as
//! Unicode figurines or letters (`--ascii`), the last move in brackets and a connect
//! game's winning line in parentheses, optionally coloured. Drawn from the FEN and
//! the move list alone, so it knows no rules.

use super::game::Game;
use crate::core::{Side, Termination};
use crate::variants::Variant;

#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub ascii: bool,
    pub color: bool,
    /// Draw from Black's side (rank 1 at the top).
    pub flipped: bool,
}

const RESET: &str = "\x1b[0m";
const LAST: &str = "\x1b[1;33m";
const WIN: &str = "\x1b[1;32m";
const DIM: &str = "\x1b[2m";

/// The placement field of a FEN as rows from the top, `None` for an empty square.
/// Reads X-FEN counts of more than one digit (`15`, `7pP6`) and drops a pocket.
fn grid(fen: &str) -> Vec<Vec<Option<char>>> {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let placement = placement.split('[').next().unwrap_or("");
    placement
        .split('/')
        .map(|rank| {
            let mut row = Vec::new();
            let mut count = 0usize;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    count = count * 10 + d as usize;
                    continue;
                }
                row.extend(std::iter::repeat_n(None, count));
                count = 0;
                if c != '~' {
                    row.push(Some(c));
                }
            }
            row.extend(std::iter::repeat_n(None, count));
            row
        })
        .collect()
}

/// `e2` or `h15` as (file, rank) from 0.
fn square(text: &str) -> Option<(usize, usize)> {
    let file = text.chars().next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let rank: usize = text[1..].parse().ok()?;
    Some(((file as u8 - b'a') as usize, rank.checked_sub(1)?))
}

/// The squares the last move touched: from and to, or the cell of a stone.
fn last_squares(mv: Option<&String>) -> Vec<(usize, usize)> {
    let Some(mv) = mv else { return Vec::new() };
    if let Some(cell) = mv.strip_prefix("P@") {
        return square(cell).into_iter().collect();
    }
    // Chess family: `e2e4`, `e7e8q`, `e1h1` (Chess960 castling names the rook).
    [mv.get(0..2), mv.get(2..4)].into_iter().flatten().filter_map(square).collect()
}

/// The stones of the line the last stone completed (connect games), if it won.
fn winning_line(game: &Game, cells: &[Vec<Option<char>>], last: Option<(usize, usize)>) -> Vec<(usize, usize)> {
    let Some(outcome) = game.outcome() else { return Vec::new() };
    let (Termination::Line, Some(winner), Some((fx, fr))) = (outcome.termination, outcome.winner, last) else {
        return Vec::new();
    };
    let height = cells.len();
    let at = |x: i64, r: i64| -> Option<char> {
        if x < 0 || r < 0 || r as usize >= height {
            return None;
        }
        cells[height - 1 - r as usize].get(x as usize).copied().flatten()
    };
    let stone = if winner == Side::White { 'P' } else { 'p' };
    let k = if game.variant == Variant::TicTacToe { 3 } else { 5 };
    let exact = matches!(game.variant, Variant::Gomoku) || (game.variant == Variant::Renju && winner == Side::White);
    for (dx, dr) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
        let mut line = vec![(fx, fr)];
        for dir in [1i64, -1] {
            let (mut x, mut r) = (fx as i64 + dx * dir, fr as i64 + dr * dir);
            while at(x, r) == Some(stone) {
                line.push((x as usize, r as usize));
                x += dx * dir;
                r += dr * dir;
            }
        }
        if line.len() == k || (!exact && line.len() > k) {
            return line;
        }
    }
    Vec::new()
}

fn glyph(c: Option<char>, connect: bool, tictactoe: bool, ascii: bool) -> char {
    match (c, connect) {
        (None, _) => {
            if ascii {
                '.'
            } else {
                '·'
            }
        }
        (Some('P'), true) => {
            if ascii || tictactoe {
                'X'
            } else {
                '●'
            }
        }
        (Some(_), true) => {
            if ascii || tictactoe {
                'O'
            } else {
                '○'
            }
        }
        (Some(p), false) if ascii => p,
        (Some(p), false) => match p {
            'K' => '♔',
            'Q' => '♕',
            'R' => '♖',
            'B' => '♗',
            'N' => '♘',
            'P' => '♙',
            'k' => '♚',
            'q' => '♛',
            'r' => '♜',
            'b' => '♝',
            'n' => '♞',
            'p' => '♟',
            other => other,
        },
    }
}

/// The board as lines of text (no trailing newline on the last).
pub fn render(game: &Game, style: Style) -> Vec<String> {
    let cells = grid(&game.fen());
    let height = cells.len();
    let width = cells.iter().map(Vec::len).max().unwrap_or(0);
    let connect = game.is_connect();
    let tictactoe = game.variant == Variant::TicTacToe;
    let last = last_squares(game.moves.last());
    let win = winning_line(game, &cells, if connect { last.first().copied() } else { None });
    let label = height.to_string().len();
    let paint = |code: &str, text: String| if style.color { format!("{code}{text}{RESET}") } else { text };

    let files: Vec<usize> = if style.flipped { (0..width).rev().collect() } else { (0..width).collect() };
    let ranks: Vec<usize> = if style.flipped { (0..height).collect() } else { (0..height).rev().collect() };
    let mut file_line = " ".repeat(label + 1);
    for &x in &files {
        file_line.push_str(&format!(" {} ", (b'a' + x as u8) as char));
    }
    let file_line = paint(DIM, file_line.trim_end().to_string());

    let mut out = vec![file_line.clone()];
    for &r in &ranks {
        let mut line = paint(DIM, format!("{:>label$} ", r + 1));
        for &x in &files {
            let c = cells[height - 1 - r].get(x).copied().flatten();
            let g = glyph(c, connect, tictactoe, style.ascii);
            let cell = if last.contains(&(x, r)) {
                paint(LAST, format!("[{g}]"))
            } else if win.contains(&(x, r)) {
                paint(WIN, format!("({g})"))
            } else {
                format!(" {g} ")
            };
            line.push_str(&cell);
        }
        line.push_str(&paint(DIM, format!(" {}", r + 1)));
        out.push(line);
    }
    out.push(file_line);
    out
}
