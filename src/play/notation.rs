//! Moves as people type them. In the chess family: SAN (`Nf3`, `exd5`, `O-O`,
//! `e8=Q`, with or without `x`, `+`, `#`, `=`, and `0-0` for castling) or the
//! engine's coordinates (`g1f3`); in connect games a cell (`h8`, `H8`, `P@h8`).
//! Every candidate comes from the position's own legal moves, so nothing here knows
//! a rule; a text that matches none gets a one-line reason.

use crate::core::{MoveError, MoveList, Position};
use crate::variants::{with_position, Variant};

use super::game::{shown, Game};

/// The engine's notation of the legal move `text` stands for, or why there is none.
pub fn read_move(game: &Game, text: &str) -> Result<String, String> {
    let text = text.trim();
    let result = with_position!(game.position(), p => read(p, text, game.is_connect()));
    result.map_err(|why| {
        // The antichess family's rule people trip over most.
        let antichess = matches!(game.variant, Variant::Antichess | Variant::Giveaway | Variant::Suicide);
        let legal = game.legal_shown();
        if antichess && !legal.is_empty() && legal.iter().all(|m| m.contains('x')) && !why.contains("ambiguous") {
            format!("{why}; a capture is compulsory ({})", legal.join(" "))
        } else {
            why
        }
    })
}

fn read<P: Position>(pos: &P, text: &str, connect: bool) -> Result<String, String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if list.is_empty() {
        return Err("the game is over: type 'new' for another game, 'undo' to take back".to_string());
    }
    // The engine's own notation first: coordinates, or a cell in connect games.
    let direct = pos.parse_move(text);
    match direct {
        Ok(mv) => return Ok(pos.format_move(mv)),
        Err(MoveError::Illegal(why)) if connect || looks_like_coordinates(text) => return Err(reason(text, &why)),
        Err(MoveError::Malformed(why)) if connect => return Err(reason(text, &why)),
        Err(_) => {}
    }
    // `Ng1f3`: a piece letter before coordinates.
    if let Some(rest) = text.strip_prefix(['K', 'Q', 'R', 'B', 'N']) {
        if looks_like_coordinates(rest) {
            if let Ok(mv) = pos.parse_move(rest) {
                return Ok(pos.format_move(mv));
            }
        }
    }
    let wanted = normalise(text);
    let mut exact = Vec::new();
    let mut loose = Vec::new();
    let mut plain = Vec::new();
    for &mv in list.iter() {
        let san = shown(pos, mv);
        let key = normalise(&san);
        if key == wanted {
            exact.push((mv, san));
        } else if key.eq_ignore_ascii_case(&wanted) {
            // `nf3`, `e8=q`: case only matters when it tells a bishop from the b-pawn.
            loose.push((mv, san));
        } else if without_disambiguation(&key) == wanted {
            // `Nd2` when two knights can go there: ambiguous, said so below.
            plain.push((mv, san));
        }
    }
    let found = if !exact.is_empty() {
        exact
    } else if !loose.is_empty() {
        loose
    } else {
        plain
    };
    match found.as_slice() {
        [(mv, _)] => Ok(pos.format_move(*mv)),
        [] => Err(format!("'{text}' is not a legal move here (type 'moves' for the list, 'help' for commands)")),
        many => {
            let names: Vec<&str> = many.iter().map(|(_, s)| s.as_str()).collect();
            Err(format!("'{text}' is ambiguous: {}", names.join(" or ")))
        }
    }
}

/// `e2e4`, `e7e8q`: text the engine's notation would read, so its own reason fits.
fn looks_like_coordinates(text: &str) -> bool {
    let b = text.as_bytes();
    (4..=5).contains(&b.len())
        && b[0].is_ascii_lowercase()
        && b[1].is_ascii_digit()
        && b[2].is_ascii_lowercase()
        && b[3].is_ascii_digit()
}

/// One line naming the move and the rule it breaks.
fn reason(text: &str, why: &str) -> String {
    let why = why.strip_prefix(text).map(|w| w.trim_start_matches([':', ' '])).unwrap_or(why);
    if why.contains("forbidden") {
        return format!("'{text}' is forbidden to the first player under renju (double three, double four or overline)");
    }
    if why.is_empty() || why == text {
        format!("'{text}' is not a legal move here (type 'moves' for the list)")
    } else {
        format!("'{text}': {why}")
    }
}

/// `Nbd2` to `Nd2`: a piece move's SAN without the square or file that tells two
/// pieces apart.
fn without_disambiguation(key: &str) -> String {
    match key.chars().next() {
        Some(piece @ ('K' | 'Q' | 'R' | 'B' | 'N')) if key.len() > 3 => format!("{piece}{}", &key[key.len() - 2..]),
        _ => key.to_string(),
    }
}

/// SAN without the decorations people leave out or add: check and mate signs,
/// annotation marks, `x`, `=`, `e.p.`; castling with zeros reads as with letters.
fn normalise(text: &str) -> String {
    let t = text.trim().replace("e.p.", "");
    t.chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':' | '=' | ' '))
        .map(|c| if c == '0' { 'O' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(variant: Variant, fen: Option<&str>) -> Game {
        Game::new(variant, fen.map(str::to_string)).unwrap()
    }

    #[test]
    fn san_and_coordinates() {
        let g = game(Variant::Chess, None);
        assert_eq!(read_move(&g, "Nf3").unwrap(), "g1f3");
        assert_eq!(read_move(&g, "nf3").unwrap(), "g1f3");
        assert_eq!(read_move(&g, "g1f3").unwrap(), "g1f3");
        assert_eq!(read_move(&g, "Ng1f3").unwrap(), "g1f3");
        assert_eq!(read_move(&g, "e4").unwrap(), "e2e4");
        assert!(read_move(&g, "e5").unwrap_err().contains("not a legal move"));
        assert!(read_move(&g, "e2e5").is_err());
        let g = game(Variant::Chess, Some("r3k2r/8/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1"));
        assert_eq!(read_move(&g, "exd5").unwrap(), "e4d5");
        assert_eq!(read_move(&g, "ed5").unwrap(), "e4d5");
        assert_eq!(read_move(&g, "O-O").unwrap(), "e1g1");
        assert_eq!(read_move(&g, "0-0-0").unwrap(), "e1c1");
        let g = game(Variant::Chess, Some("4k3/P7/8/8/8/5N2/8/1N2K3 w - - 0 1"));
        assert_eq!(read_move(&g, "a8=Q").unwrap(), "a7a8q");
        assert_eq!(read_move(&g, "a8q").unwrap(), "a7a8q");
        assert_eq!(read_move(&g, "Nbd2").unwrap(), "b1d2");
        assert!(read_move(&g, "Nd2").unwrap_err().contains("ambiguous"));
    }

    #[test]
    fn connect_cells() {
        let mut g = game(Variant::Gomoku, None);
        assert_eq!(read_move(&g, "h8").unwrap(), "P@h8");
        assert_eq!(read_move(&g, "H8").unwrap(), "P@h8");
        g.play("P@h8").unwrap();
        assert!(read_move(&g, "h8").unwrap_err().contains("occupied"));
        assert!(read_move(&g, "z99").is_err());
    }
}
