//! Zobrist keys, generated at compile time from a fixed seed so that hashes are the
//! same on every run and machine (and need no initialisation at run time).
//!
//! What is hashed: each piece on its square, the side to move (when Black), each
//! castling right by its side and rook file (so Chess960 rights with different rooks
//! hash differently), and the en-passant file when an en-passant capture is
//! pseudo-legally possible (the board only stores the square in that case).

use super::{Piece, Square};
use crate::core::Side;

/// SplitMix64, written as a `const fn` so the tables below are computed by the compiler.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; 64]; 12],
    black_to_move: u64,
    castling: [[u64; 8]; 2],
    en_passant: [u64; 8],
}

const fn generate() -> Keys {
    let mut state = 0x4C55_4445_585A_4F42; // fixed seed
    let mut keys = Keys { pieces: [[0; 64]; 12], black_to_move: 0, castling: [[0; 8]; 2], en_passant: [0; 8] };
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            let (st, k) = splitmix(state);
            state = st;
            keys.pieces[p][s] = k;
            s += 1;
        }
        p += 1;
    }
    let (st, k) = splitmix(state);
    state = st;
    keys.black_to_move = k;
    let mut i = 0;
    while i < 16 {
        let (st, k) = splitmix(state);
        state = st;
        keys.castling[i / 8][i % 8] = k;
        i += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (st, k) = splitmix(state);
        state = st;
        keys.en_passant[f] = k;
        f += 1;
    }
    keys
}

static KEYS: Keys = generate();

#[inline(always)]
pub fn piece(p: Piece, sq: Square) -> u64 {
    KEYS.pieces[p.index() % 12][sq.index()]
}

#[inline(always)]
pub fn black_to_move() -> u64 {
    KEYS.black_to_move
}

/// The key of `side`'s castling right with the rook on `rook_file`.
#[inline(always)]
pub fn castling(side: Side, rook_file: u8) -> u64 {
    KEYS.castling[side.index() & 1][(rook_file & 7) as usize]
}

#[inline(always)]
pub fn en_passant(file: u8) -> u64 {
    KEYS.en_passant[(file & 7) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chesslike::Role;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all = vec![KEYS.black_to_move];
        all.extend(KEYS.pieces.iter().flatten());
        all.extend(KEYS.castling.iter().flatten());
        all.extend(KEYS.en_passant.iter());
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(all.iter().all(|&k| k != 0));
        assert_ne!(piece(Piece::new(Side::White, Role::Pawn), Square::A1), piece(Piece::new(Side::Black, Role::Pawn), Square::A1));
    }
}
