//! A cell's *combination*: the four line patterns a side makes by playing an empty
//! cell, taken as a multiset (which line holds which pattern does not matter). The
//! pattern weights value each line of a cell alone; a combination's weight values
//! the four together, so that an open three crossing a two is worth what such a cell
//! is worth in games, not the sum of its parts (Rapfi's "pattern4" idea, fitted here
//! per combination instead of hand-classed).
//!
//! With `PATTERNS` codes there are `C(PATTERNS + 3, 4)` = 1365 multisets of four.
//! [`of`] maps a cell's packed codes (direction `d` in bits `4d..4d + 4`, as
//! `Patterns::codes`) to the multiset's rank through one table built at compile time.

use super::pattern::PATTERNS;

/// Number of combinations: multisets of four pattern codes.
pub const COMBOS: usize = PATTERNS * (PATTERNS + 1) * (PATTERNS + 2) * (PATTERNS + 3) / 24;

/// Rank of every packed code word. Nibbles outside `0..PATTERNS` never occur; they
/// are read modulo `PATTERNS` so the table is total.
static TABLE: [u16; 1 << 16] = build();

/// The rank of the multiset of four patterns in `codes`.
#[inline(always)]
pub fn of(codes: u16) -> usize {
    TABLE[codes as usize] as usize
}

/// The four codes of combination `rank`, weakest first (the inverse of [`of`] on
/// sorted codes).
#[cfg(test)]
pub fn codes_of(rank: usize) -> [u8; 4] {
    let mut r = 0;
    for a in 0..PATTERNS {
        for b in a..PATTERNS {
            for c in b..PATTERNS {
                for d in c..PATTERNS {
                    if r == rank {
                        return [a as u8, b as u8, c as u8, d as u8];
                    }
                    r += 1;
                }
            }
        }
    }
    panic!("combination rank {rank} out of range");
}

const fn build() -> [u16; 1 << 16] {
    const P: usize = PATTERNS;
    // Rank of each sorted quadruple a <= b <= c <= d, indexed a*P^3 + b*P^2 + c*P + d.
    let mut rank = [0u16; P * P * P * P];
    let mut r = 0u16;
    let mut a = 0;
    while a < P {
        let mut b = a;
        while b < P {
            let mut c = b;
            while c < P {
                let mut d = c;
                while d < P {
                    rank[((a * P + b) * P + c) * P + d] = r;
                    r += 1;
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    let mut table = [0u16; 1 << 16];
    let mut code = 0usize;
    while code < 1 << 16 {
        let mut v = [code & 15, code >> 4 & 15, code >> 8 & 15, code >> 12 & 15];
        let mut i = 0;
        while i < 4 {
            v[i] %= P;
            i += 1;
        }
        // Sort four values (insertion sort).
        let mut i = 1;
        while i < 4 {
            let mut j = i;
            while j > 0 && v[j - 1] > v[j] {
                let t = v[j];
                v[j] = v[j - 1];
                v[j - 1] = t;
                j -= 1;
            }
            i += 1;
        }
        table[code] = rank[((v[0] * P + v[1]) * P + v[2]) * P + v[3]];
        code += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rank is reached, the order of the lines does not matter, and `codes_of`
    /// inverts `of`.
    #[test]
    fn ranks_are_multisets() {
        assert_eq!(COMBOS, 1365);
        let pack = |v: [u8; 4]| v.iter().enumerate().fold(0u16, |acc, (d, &x)| acc | (x as u16) << (4 * d));
        let mut seen = vec![false; COMBOS];
        for rank in 0..COMBOS {
            let v = codes_of(rank);
            assert!(v.windows(2).all(|w| w[0] <= w[1]));
            assert_eq!(of(pack(v)), rank);
            // Any order of the same four.
            assert_eq!(of(pack([v[3], v[1], v[0], v[2]])), rank);
            seen[rank] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(of(0), 0, "four dead lines rank first");
    }
}
