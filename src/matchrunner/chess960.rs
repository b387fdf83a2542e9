//! Chess960 start positions by Scharnagl number (0..959; 518 is the standard setup).

/// The knights' places among the five squares left after bishops and queen, by the
/// Scharnagl table.
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The back rank of position `n` (mod 960), as uppercase letters from file a to h.
pub fn back_rank(n: u32) -> [char; 8] {
    let n = (n % 960) as usize;
    let mut rank = [' '; 8];
    let (n, light) = (n / 4, n % 4);
    rank[2 * light + 1] = 'B';
    let (n, dark) = (n / 4, n % 4);
    rank[2 * dark] = 'B';
    let (n, queen) = (n / 6, n % 6);
    let empty = |r: &[char; 8]| (0..8).filter(|&f| r[f] == ' ').collect::<Vec<_>>();
    rank[empty(&rank)[queen]] = 'Q';
    let (a, b) = KNIGHTS[n];
    let free = empty(&rank);
    rank[free[a]] = 'N';
    rank[free[b]] = 'N';
    for (f, piece) in empty(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[f] = piece;
    }
    rank
}

/// The start FEN of position `n`, with Shredder castling letters (`HAha` style).
pub fn start_fen(n: u32) -> String {
    let rank = back_rank(n);
    let white: String = rank.iter().collect();
    let black = white.to_ascii_lowercase();
    let rooks: Vec<char> = (0..8).filter(|&f| rank[f] == 'R').map(|f| (b'a' + f as u8) as char).collect();
    let castling: String = rooks.iter().rev().map(|c| c.to_ascii_uppercase()).chain(rooks.iter().rev().copied()).collect();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scharnagl_numbers() {
        assert_eq!(back_rank(518).iter().collect::<String>(), "RNBQKBNR");
        assert_eq!(back_rank(0).iter().collect::<String>(), "BBQNNRKR");
        assert_eq!(start_fen(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
        // Every number gives a legal 960 setup: bishops on opposite colours, king between the rooks.
        let mut seen = std::collections::BTreeSet::new();
        for n in 0..960 {
            let r = back_rank(n);
            let s: String = r.iter().collect();
            let bishops: Vec<usize> = (0..8).filter(|&f| r[f] == 'B').collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{s}");
            let rooks: Vec<usize> = (0..8).filter(|&f| r[f] == 'R').collect();
            let king = s.find('K').unwrap();
            assert!(rooks[0] < king && king < rooks[1], "{s}");
            seen.insert(s);
        }
        assert_eq!(seen.len(), 960);
    }
}
