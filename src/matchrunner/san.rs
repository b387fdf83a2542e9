//! Standard algebraic notation for the chess family, derived from the `Position`
//! trait alone: the board comes from the FEN, the candidates from the legal moves,
//! check and mate from `in_check` and `outcome` after the move.

use crate::core::{MoveList, Position, Termination};

/// The 64 squares (a1 = 0, h8 = 63) of a FEN's placement field; `None` if it is not 8x8.
fn board_from_fen(fen: &str) -> Option<[Option<char>; 64]> {
    let placement = fen.split_whitespace().next()?;
    let placement = placement.split('[').next()?;
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut board = [None; 64];
    for (i, rank) in ranks.iter().enumerate() {
        let r = 7 - i;
        let mut f = 0usize;
        let mut digits = 0usize;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                digits = digits * 10 + d as usize;
                continue;
            }
            f += digits;
            digits = 0;
            if c == '~' {
                continue;
            }
            if f >= 8 {
                return None;
            }
            board[r * 8 + f] = Some(c);
            f += 1;
        }
    }
    Some(board)
}

fn square(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(((b[1] - b'1') * 8 + (b[0] - b'a')) as usize)
}

/// `e2e4`-style text to (from, to, promotion letter).
fn parts(text: &str) -> Option<(usize, usize, Option<char>)> {
    let from = square(text.get(0..2)?)?;
    let to = square(text.get(2..4)?)?;
    Some((from, to, text.get(4..5).and_then(|p| p.chars().next())))
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

/// SAN of the legal move `mv` in `pos`; falls back to the long algebraic text if the
/// position is not an 8x8 board with from/to moves.
pub fn san<P: Position>(pos: &P, mv: P::Move) -> String {
    let text = pos.format_move(mv);
    let Some(board) = board_from_fen(&pos.to_fen()) else { return text };
    let Some((from, to, promo)) = parts(&text) else { return text };
    let Some(piece) = board[from] else { return text };
    let white = piece.is_ascii_uppercase();
    let kind = piece.to_ascii_uppercase();
    let own = |sq: usize| board[sq].is_some_and(|c| c.is_ascii_uppercase() == white);
    let file_diff = (to % 8) as i32 - (from % 8) as i32;
    let castles = kind == 'K' && (file_diff.abs() == 2 || (own(to) && board[to].map(|c| c.to_ascii_uppercase()) == Some('R')));
    let mut out = if castles {
        if file_diff > 0 { "O-O".to_string() } else { "O-O-O".to_string() }
    } else if kind == 'P' {
        let mut s = String::new();
        if file_diff != 0 {
            s.push((b'a' + (from % 8) as u8) as char);
            s.push('x');
        }
        s.push_str(&name(to));
        if let Some(p) = promo {
            s.push('=');
            s.push(p.to_ascii_uppercase());
        }
        s
    } else {
        let mut s = String::from(kind);
        // Other pieces of the same kind that can also go to `to`.
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let rivals: Vec<usize> = list
            .iter()
            .filter(|&&m| m != mv)
            .filter_map(|&m| parts(&pos.format_move(m)))
            .filter(|&(f, t, _)| t == to && f != from && board[f] == Some(piece))
            .map(|(f, _, _)| f)
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|&f| f % 8 == from % 8);
            let same_rank = rivals.iter().any(|&f| f / 8 == from / 8);
            let sq = name(from);
            if !same_file {
                s.push_str(&sq[0..1]);
            } else if !same_rank {
                s.push_str(&sq[1..2]);
            } else {
                s.push_str(&sq);
            }
        }
        if board[to].is_some() {
            s.push('x');
        }
        s.push_str(&name(to));
        s
    };
    let mut after = pos.clone();
    after.make_move(mv);
    if after.in_check() {
        let mate = after.outcome().is_some_and(|o| o.termination == Termination::Checkmate);
        out.push(if mate { '#' } else { '+' });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    fn sans(variant: Variant, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
        let mut pos = variant.setup(fen, &[]).unwrap();
        let mut out = Vec::new();
        for m in moves {
            crate::with_position!(&mut pos, p => {
                let mv = p.parse_move(m).unwrap();
                out.push(san(p, mv));
                p.make_move(mv);
            });
        }
        out
    }

    #[test]
    fn standard_cases() {
        let got = sans(Variant::Chess, None, &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5", "e4d5", "f6d5", "g5f7", "e8f7", "d1f3", "f7e6", "e1g1"]);
        assert_eq!(got, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5", "exd5", "Nxd5", "Nxf7", "Kxf7", "Qf3+", "Ke6", "O-O"]);
        // Scholar's mate ends with '#'.
        let got = sans(Variant::Chess, None, &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]);
        assert_eq!(got.last().unwrap(), "Qxf7#");
        // Knights on b1 and f3 both reach d2: file disambiguation; promotion.
        let got = sans(Variant::Chess, Some("4k3/P7/8/8/8/5N2/8/1N2K3 w - - 0 1"), &["b1d2", "e8d7", "a7a8q"]);
        assert_eq!(got, ["Nbd2", "Kd7", "a8=Q"]);
        // Antichess: promotion to king, no check marks.
        let got = sans(Variant::Antichess, Some("8/P7/8/8/8/8/8/4k3 w - - 0 1"), &["a7a8k"]);
        assert_eq!(got, ["a8=K"]);
    }
}
