//! The board for people (`d`): coordinates on all four edges, `X` for White's
//! (first player's) stones, `O` for Black's, `.` for empty cells, the last move in
//! brackets, and whose turn it is or how the game ended.

use std::fmt::Write;

use super::geometry::{stone, Cell, EMPTY};
use super::Connect;
use crate::core::{Position, Side, Termination};

fn mark(side: Side) -> char {
    match side {
        Side::White => 'X',
        Side::Black => 'O',
    }
}

fn files_line(width: usize, label: usize) -> String {
    let mut s = " ".repeat(label + 1);
    for x in 0..width {
        s.push(' ');
        s.push((b'a' + x as u8) as char);
    }
    s
}

pub fn pretty(pos: &Connect) -> String {
    let (width, height) = (pos.width(), pos.height());
    let label = height.to_string().len();
    let last = pos.last_move();
    let mut out = String::new();
    out.push_str(&files_line(width, label));
    out.push('\n');
    for y in (0..height).rev() {
        let _ = write!(out, "{:>label$} ", y + 1);
        for x in 0..width {
            let cell = Cell::new(x, y);
            out.push(if last == Some(cell) {
                '['
            } else if x > 0 && last == Some(Cell::new(x - 1, y)) {
                ']'
            } else {
                ' '
            });
            out.push(match pos.cells[cell.index()] {
                EMPTY => '.',
                v if v == stone(Side::White) => 'X',
                _ => 'O',
            });
        }
        out.push(if last == Some(Cell::new(width - 1, y)) { ']' } else { ' ' });
        let _ = writeln!(out, " {}", y + 1);
    }
    out.push_str(&files_line(width, label));
    out.push('\n');
    match pos.outcome() {
        Some(o) => match (o.winner, o.termination) {
            (Some(w), _) => {
                let _ = write!(out, "Game over: {} wins ({})", mark(w), o.termination);
            }
            (None, Termination::BoardFull) => out.push_str("Game over: draw (board full)"),
            (None, t) => {
                let _ = write!(out, "Game over: draw ({t})");
            }
        },
        None => {
            let side = pos.side_to_move();
            let name = if side == Side::White { "White, P" } else { "Black, p" };
            let _ = write!(out, "{} to move ({name})", mark(side));
        }
    }
    if let Some(cell) = last {
        let _ = write!(out, "; last move P@{cell} by {}", mark(pos.side_to_move().flip()));
    }
    out
}
