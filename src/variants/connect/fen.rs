//! FEN for connect games in Cute Chess's pocket form (hosts.md §2):
//! `3/3/3[PPPPPpppp] w - - 0 1`. Ranks from the top, `P` for White's stones, `p` for
//! Black's, empty counts of one or two digits (`7pP6`); the pocket holds the stones
//! not yet played (White gets the odd one), `[-]` when it is empty. The board size is
//! read from the FEN; the pocket and move counters may be left out.

use super::geometry::{stone, Cell, CELLS, EMPTY, MAX_SIZE, MIN_SIZE, WALL};
use super::lines::sides_with_line;
use super::rules::ConnectRules;
use crate::core::{FenError, Side};

/// A parsed and validated FEN, ready to become a position.
pub struct Parsed {
    pub width: usize,
    pub height: usize,
    pub cells: [u8; CELLS],
    pub stones: [u16; 2],
    pub to_move: Side,
    pub halfmove: u32,
    pub fullmove: u32,
    pub winner: Option<Side>,
}

/// A padded array holding an empty `width` x `height` board and walls elsewhere.
pub fn empty_cells(width: usize, height: usize) -> [u8; CELLS] {
    let mut cells = [WALL; CELLS];
    for y in 0..height {
        for x in 0..width {
            cells[Cell::new(x, y).index()] = EMPTY;
        }
    }
    cells
}

/// Stones each side owns in a game on `width` x `height` (board plus pocket): White
/// moves first and gets the odd one.
pub fn stones_per_side(width: usize, height: usize) -> [u16; 2] {
    let n = (width * height) as u16;
    [n.div_ceil(2), n / 2]
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// One rank of the board part: its cells from the left (`None` empty).
fn parse_rank(text: &str, rank: usize) -> Result<Vec<Option<Side>>, FenError> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            'P' => out.push(Some(Side::White)),
            'p' => out.push(Some(Side::Black)),
            '0'..='9' => {
                let mut end = i + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = j + 1;
                    chars.next();
                }
                let digits = &text[i..end];
                let n: usize = match digits.parse() {
                    Ok(n) if n >= 1 && !digits.starts_with('0') && n <= MAX_SIZE => n,
                    _ => {
                        return Err(FenError::new(format!(
                            "bad empty count '{digits}' in rank {rank} ('{text}'): expected 1 to {MAX_SIZE}"
                        )))
                    }
                };
                out.extend(std::iter::repeat_n(None, n));
            }
            _ => {
                return Err(FenError::new(format!(
                    "unexpected '{c}' in rank {rank} ('{text}'): a connect board holds only P, p and empty counts"
                )))
            }
        }
        if out.len() > MAX_SIZE {
            return Err(FenError::new(format!("rank {rank} ('{text}') is longer than {MAX_SIZE} cells")));
        }
    }
    Ok(out)
}

fn parse_counter(field: Option<&&str>, what: &str) -> Result<Option<u32>, FenError> {
    match field {
        None => Ok(None),
        Some(t) => {
            t.parse::<u32>().map(Some).map_err(|_| FenError::new(format!("bad {what} '{t}': expected a number")))
        }
    }
}

/// Parses and checks a FEN: board shape and letters, pocket and stone counts against
/// the side to move, and that at most the side that just moved has a completed line.
pub fn parse(fen: &str, rules: ConnectRules) -> Result<Parsed, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let Some(&placement) = fields.first() else {
        return Err(FenError::new("empty FEN"));
    };
    if fields.len() > 6 {
        return Err(FenError::new(format!("unexpected '{}' after the move counters", fields[6])));
    }

    // Board and pocket.
    let (board, pocket) = match placement.find('[') {
        Some(open) => {
            let Some(inner) = placement[open + 1..].strip_suffix(']') else {
                return Err(FenError::new(format!("pocket in '{placement}' does not end with ']'")));
            };
            (&placement[..open], Some(inner))
        }
        None => (placement, None),
    };
    if board.contains(']') {
        return Err(FenError::new(format!("stray ']' in '{placement}'")));
    }
    let rank_texts: Vec<&str> = board.split('/').collect();
    let height = rank_texts.len();
    if !(MIN_SIZE..=MAX_SIZE).contains(&height) {
        return Err(FenError::new(format!(
            "{height} ranks in '{board}': a connect board has {MIN_SIZE} to {MAX_SIZE}"
        )));
    }
    let mut rows = Vec::with_capacity(height);
    for (i, text) in rank_texts.iter().enumerate() {
        rows.push(parse_rank(text, height - i)?);
    }
    let width = rows[0].len();
    if !(MIN_SIZE..=MAX_SIZE).contains(&width) {
        return Err(FenError::new(format!(
            "rank {height} ('{}') has {width} cells: a connect board is {MIN_SIZE} to {MAX_SIZE} wide",
            rank_texts[0]
        )));
    }
    for (i, row) in rows.iter().enumerate() {
        if row.len() != width {
            return Err(FenError::new(format!(
                "rank {} ('{}') has {} cells, rank {height} has {width}",
                height - i,
                rank_texts[i],
                row.len()
            )));
        }
    }
    let mut cells = empty_cells(width, height);
    let mut stones = [0u16; 2];
    for (i, row) in rows.iter().enumerate() {
        for (x, v) in row.iter().enumerate() {
            if let Some(side) = *v {
                cells[Cell::new(x, height - 1 - i).index()] = stone(side);
                stones[side.index()] += 1;
            }
        }
    }

    // Side to move: White moves first, so it has as many stones as Black or one more.
    let by_count = if stones[0] == stones[1] {
        Side::White
    } else if stones[0] == stones[1] + 1 {
        Side::Black
    } else {
        return Err(FenError::new(format!(
            "{} white and {} black stones: White moves first, so it has as many stones as Black or one more",
            stones[0], stones[1]
        )));
    };
    let to_move = match fields.get(1).copied() {
        None => by_count,
        Some("w") => Side::White,
        Some("b") => Side::Black,
        Some(t) => return Err(FenError::new(format!("bad side to move '{t}': expected 'w' or 'b'"))),
    };
    if to_move != by_count {
        return Err(FenError::new(format!(
            "side to move '{}' does not fit {} white and {} black stones (White moves first)",
            fields[1], stones[0], stones[1]
        )));
    }

    if let Some(p) = pocket {
        let mut held = [0u16; 2];
        if p != "-" {
            for c in p.chars() {
                match c {
                    'P' => held[0] += 1,
                    'p' => held[1] += 1,
                    _ => {
                        return Err(FenError::new(format!("bad pocket letter '{c}' in '[{p}]': expected P, p or '-'")))
                    }
                }
            }
        }
        let owned = stones_per_side(width, height);
        let expected = [owned[0] - stones[0], owned[1] - stones[1]];
        if held != expected {
            return Err(FenError::new(format!(
                "pocket '[{p}]' holds {} P and {} p, but a {width}x{height} board with {} P and {} p on it leaves {} P and {} p",
                held[0], held[1], stones[0], stones[1], expected[0], expected[1]
            )));
        }
    }

    for (i, what) in [(2, "castling"), (3, "en passant")] {
        if let Some(&t) = fields.get(i) {
            if t != "-" {
                return Err(FenError::new(format!("bad {what} field '{t}': a connect game has none ('-')")));
            }
        }
    }
    let halfmove = parse_counter(fields.get(4), "halfmove clock")?.unwrap_or(0);
    let fullmove = parse_counter(fields.get(5), "move number")?.unwrap_or(1);

    let lines = sides_with_line(&cells, width, height, rules);
    let winner = match lines {
        [true, true] => return Err(FenError::new("both sides have a completed line")),
        [false, false] => None,
        [white, _] => {
            let side = if white { Side::White } else { Side::Black };
            if side == to_move {
                return Err(FenError::new(format!(
                    "{} has a completed line but is to move: the game ended when the line was made",
                    side_name(side)
                )));
            }
            Some(side)
        }
    };

    Ok(Parsed { width, height, cells, stones, to_move, halfmove, fullmove, winner })
}

/// Writes the FEN of a board; the pocket is recomputed from the stones on it.
#[allow(clippy::too_many_arguments)]
pub fn write(
    cells: &[u8; CELLS],
    width: usize,
    height: usize,
    stones: [u16; 2],
    to_move: Side,
    halfmove: u32,
    fullmove: u32,
) -> String {
    let mut out = String::with_capacity(height * (width + 1) + 256);
    for y in (0..height).rev() {
        let mut empty = 0;
        for x in 0..width {
            match cells[Cell::new(x, y).index()] {
                EMPTY => empty += 1,
                v => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(if v == stone(Side::White) { 'P' } else { 'p' });
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
    let owned = stones_per_side(width, height);
    let pocket = [owned[0].saturating_sub(stones[0]), owned[1].saturating_sub(stones[1])];
    out.push('[');
    if pocket == [0, 0] {
        out.push('-');
    }
    out.extend(std::iter::repeat_n('P', pocket[0] as usize));
    out.extend(std::iter::repeat_n('p', pocket[1] as usize));
    out.push(']');
    let side = if to_move == Side::White { 'w' } else { 'b' };
    out.push_str(&format!(" {side} - - {halfmove} {fullmove}"));
    out
}
