//! Move text (hosts.md §2): a connect move is a drop, printed `P@h8` with an upper
//! case `P` for both sides, as Cute Chess expects. People typing by hand may write
//! `p@h8` or a bare `h8`; both are accepted.

use super::geometry::{parse_square, Cell, SquareError};
use crate::core::MoveError;

/// The host's notation for a stone on `cell`.
pub fn format_move(cell: Cell) -> String {
    format!("P@{cell}")
}

/// Reads `P@h8`, `p@h8` or `h8` as a cell of a `width` x `height` board. Only the
/// text and the board's bounds are checked here; the position checks the rest.
pub fn parse_cell(text: &str, width: usize, height: usize) -> Result<Cell, MoveError> {
    let t = text.trim();
    let square = match t.split_once('@') {
        Some(("P" | "p", square)) => square,
        Some((piece, _)) => {
            return Err(MoveError::Malformed(format!(
                "{t}: '{piece}@' is not a drop in this game (expected P@<square>, e.g. P@h8)"
            )))
        }
        None => t,
    };
    parse_square(square, width, height).map_err(|e| match e {
        SquareError::Malformed => {
            MoveError::Malformed(format!("{t}: '{square}' is not a square (expected P@<square>, e.g. P@h8)"))
        }
        SquareError::OffBoard => MoveError::Illegal(format!("{t}: {square} is off the {width}x{height} board")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted_forms() {
        let h8 = Cell::new(7, 7);
        for t in ["P@h8", "p@h8", "h8", " P@h8 ", "H8"] {
            assert_eq!(parse_cell(t, 15, 15), Ok(h8), "{t}");
        }
        assert_eq!(format_move(h8), "P@h8");
        assert_eq!(format_move(Cell::new(21, 21)), "P@v22");
    }

    #[test]
    fn rejected_forms_name_the_token() {
        for t in ["", "P@", "Q@h8", "@h8", "P@@h8", "e2e4", "P@h", "P@h08", "h8h9", "P@ h8", "🙂"] {
            match parse_cell(t, 15, 15) {
                Err(MoveError::Malformed(m)) => assert!(m.contains(t.trim()), "{t}: {m}"),
                other => panic!("{t}: {other:?}"),
            }
        }
        match parse_cell("P@p1", 15, 15) {
            Err(MoveError::Illegal(m)) => assert!(m.contains("p1") && m.contains("off"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse_cell("a16", 15, 15), Err(MoveError::Illegal(_))));
        assert!(matches!(parse_cell("d1", 3, 3), Err(MoveError::Illegal(_))));
    }
}
