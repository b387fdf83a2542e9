//! A small seeded generator (xorshift64*), so every fuzz session replays exactly
//! from its seed.

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // SplitMix64 of the seed: nearby seeds give unrelated streams, and never 0.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    /// True with probability `p` percent.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Numbers a parser may choke on.
pub const NASTY_NUMBERS: [&str; 12] = [
    "0",
    "-1",
    "-99999",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999",
    "1e9",
    "0x10",
    "+5",
    "",
    "nan",
    "3.5",
];

/// Damages `line` in one of several ways a broken host or pipe might.
pub fn mutate(rng: &mut Rng, line: &str) -> Vec<u8> {
    let mut bytes = line.as_bytes().to_vec();
    match rng.below(9) {
        0 => bytes.truncate(rng.below(bytes.len().max(1))),
        1 => {
            // A byte that is not UTF-8 somewhere.
            let at = rng.below(bytes.len() + 1);
            let bad: &[u8] = *rng.pick(&[
                &b"\xff"[..],
                &b"\xc3\x28"[..],
                &b"\xfe\xfe"[..],
                &b"\xe9"[..],
                &b"\x00"[..],
            ]);
            bytes.splice(at..at, bad.iter().copied());
        }
        2 => {
            // A number replaced by a nasty one.
            let words: Vec<&str> = line.split(' ').collect();
            let i = rng.below(words.len());
            let mut w = words.clone();
            w[i] = *rng.pick(&NASTY_NUMBERS);
            bytes = w.join(" ").into_bytes();
        }
        3 => {
            // Tokens shuffled.
            let mut words: Vec<&str> = line.split_whitespace().collect();
            for i in (1..words.len()).rev() {
                let j = rng.below(i + 1);
                words.swap(i, j);
            }
            bytes = words.join(" ").into_bytes();
        }
        4 => {
            // Whitespace games: tabs, doubled spaces, trailing blanks, CR.
            let s = line.replace(' ', *rng.pick(&["\t", "  ", " \t "]))
                + *rng.pick(&["", "   ", "\r", "\t"]);
            bytes = s.into_bytes();
        }
        5 => {
            // A token repeated many times.
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(w) = words.get(rng.below(words.len().max(1))) {
                for _ in 0..rng.range(2, 300) {
                    bytes.push(b' ');
                    bytes.extend_from_slice(w.as_bytes());
                }
            }
        }
        6 => {
            // Random printable junk.
            let n = rng.range(1, 40) as usize;
            bytes = (0..n).map(|_| rng.range(32, 126) as u8).collect();
        }
        7 => {
            // Case changed.
            bytes = if rng.chance(50) {
                line.to_uppercase()
            } else {
                line.to_lowercase()
            }
            .into_bytes();
        }
        _ => {
            // A very long line (still under the cut).
            let n = rng.range(1_000, 200_000) as usize;
            bytes.push(b' ');
            bytes.extend((0..n).map(|i| {
                if i % 7 == 6 {
                    b' '
                } else {
                    b'a' + (i % 26) as u8
                }
            }));
        }
    }
    bytes.retain(|&b| b != b'\n');
    bytes
}
