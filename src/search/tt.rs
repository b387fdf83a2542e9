//! The transposition table: one per session, shared by every search thread.
//!
//! Lock-free and safe: an entry is two `AtomicU64`s, `key ^ data` and `data`. A
//! reader that sees the halves of two different writes gets a key that does not
//! match and treats the slot as empty, so torn writes cost a miss, never a wrong
//! hit (the "xor trick" of lockless hashing).
//!
//! Moves are stored as their index in the node's `candidate_moves` list, not as
//! the variant's move type. That keeps the table independent of the variant (one
//! table for the whole session, whatever is played), fits every variant in 16 bits,
//! and makes a hash move from a colliding key harmless: an index either falls
//! outside the list or names a move that is legal in the position being searched.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::core::score::{is_mate, Score, MATE_BOUND};

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (every move failed low).
    Upper,
    /// The true value is at least the score (a move failed high).
    Lower,
    /// The score is exact (a principal-variation node).
    Exact,
}

impl Bound {
    /// The bound a node's `best` score is, searched with the window
    /// (`alpha_orig`, `beta`).
    #[inline]
    pub fn of(best: Score, alpha_orig: Score, beta: Score) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl Bound {
    fn to_bits(self) -> u64 {
        match self {
            Bound::Upper => 1,
            Bound::Lower => 2,
            Bound::Exact => 3,
        }
    }

    fn from_bits(bits: u64) -> Option<Bound> {
        match bits {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        }
    }
}

/// A decoded hit. `score` is still relative to the stored node: use
/// [`score_from_tt`] to turn mate scores back into distances from the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtHit {
    /// Index into the node's `candidate_moves`, if a best move was stored.
    pub move_index: Option<u16>,
    pub score: Score,
    pub eval: Score,
    pub depth: i32,
    pub bound: Bound,
    /// The node was on a principal variation when stored (or had been before):
    /// such a node is reduced less, since its score is the one the root sees.
    pub pv: bool,
}

impl TtHit {
    /// The stored score, as seen `ply` plies from the root, if its bound settles the
    /// window `(alpha, beta)` so the node needs no search.
    #[inline]
    pub fn cutoff(&self, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
        let s = score_from_tt(self.score, ply);
        let cut = match self.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        cut.then_some(s)
    }

    /// The stored score as seen `ply` plies from the root, if it bounds the node's
    /// score from below (an exact score or a lower bound) and is not a mate.
    #[inline]
    pub fn lower_bound(&self, ply: usize) -> Option<Score> {
        (self.bound != Bound::Upper && !is_mate(self.score)).then(|| score_from_tt(self.score, ply))
    }

    /// `eval` refined by the stored score: a hash score is a deeper look than a
    /// static evaluation, so where its bound says the truth lies beyond `eval`,
    /// the stored score (as seen `ply` plies from the root) is taken instead.
    /// Mate scores are left out: they are verdicts, not estimates.
    #[inline]
    pub fn refine(&self, eval: Score, ply: usize) -> Score {
        if is_mate(self.score) {
            return eval;
        }
        let s = score_from_tt(self.score, ply);
        let better = match self.bound {
            Bound::Exact => true,
            Bound::Lower => s > eval,
            Bound::Upper => s < eval,
        };
        if better { s } else { eval }
    }
}

#[derive(Default)]
struct Entry {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

/// Entries per bucket: four 16-byte entries fill one 64-byte cache line.
const BUCKET: usize = 4;

#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

const NO_MOVE: u64 = 0xFFFF;
const GEN_BITS: u32 = 5;
const GEN_MASK: u8 = (1 << GEN_BITS) - 1;

// Layout of `data`: move 0..16, score 16..32, eval 32..48, depth 48..56,
// bound 56..58, PV flag 58, generation 59..64.
const BOUND_SHIFT: u32 = 56;
const PV_SHIFT: u32 = BOUND_SHIFT + 2;
const GEN_SHIFT: u32 = PV_SHIFT + 1;
#[allow(clippy::too_many_arguments)]
fn pack(move_index: Option<u16>, score: Score, eval: Score, depth: i32, bound: Bound, pv: bool, gen: u8) -> u64 {
    let mv = move_index.map_or(NO_MOVE, |m| m as u64);
    let score = clamp16(score) as u16 as u64;
    let eval = clamp16(eval) as u16 as u64;
    let depth = depth.clamp(i8::MIN as i32, i8::MAX as i32) as i8 as u8 as u64;
    mv | score << 16 | eval << 32 | depth << 48 | bound.to_bits() << BOUND_SHIFT | (pv as u64) << PV_SHIFT | ((gen & GEN_MASK) as u64) << GEN_SHIFT
}

fn clamp16(v: Score) -> i16 {
    v.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

/// Whether the slot holds an entry: an empty one has no bound bits.
fn occupied(data: u64) -> bool {
    (data >> BOUND_SHIFT) & 3 != 0
}

fn unpack_gen(data: u64) -> u8 {
    (data >> GEN_SHIFT) as u8 & GEN_MASK
}

fn unpack_depth(data: u64) -> i32 {
    (data >> 48) as u8 as i8 as i32
}

fn unpack(data: u64) -> Option<TtHit> {
    let bound = Bound::from_bits((data >> BOUND_SHIFT) & 3)?;
    let mv = data & 0xFFFF;
    Some(TtHit {
        move_index: if mv == NO_MOVE { None } else { Some(mv as u16) },
        score: (data >> 16) as u16 as i16 as Score,
        eval: (data >> 32) as u16 as i16 as Score,
        depth: unpack_depth(data),
        bound,
        pv: (data >> PV_SHIFT) & 1 != 0,
    })
}

/// The system refused the requested table size; a smaller one was allocated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashAllocError {
    pub requested_mb: usize,
    pub allocated_mb: usize,
}

impl std::fmt::Display for HashAllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot allocate {} MB for the hash table; using {} MB", self.requested_mb, self.allocated_mb)
    }
}

impl std::error::Error for HashAllocError {}

pub struct Tt {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Tt {
    /// A table of (at most) `mb` mebibytes; at least one bucket.
    pub fn new(mb: usize) -> Self {
        let mut tt = Tt { buckets: Vec::new(), generation: 0 };
        // A refused size still leaves a smaller working table; `resize` reports it.
        let _ = tt.resize(mb);
        tt
    }

    /// Reallocates to `mb` mebibytes and forgets everything. A `setoption name Hash
    /// value 65536` must not take the engine (or the machine) down: the size is
    /// capped at half the memory the system reports available, and if an allocation
    /// is still refused the table halves until it gets one. Either way the error
    /// says what was allocated.
    pub fn resize(&mut self, mb: usize) -> Result<(), HashAllocError> {
        self.buckets = Vec::new(); // free the old table before allocating the new one
        let capped = Tt::affordable(mb);
        let (tt, result) = Tt::allocate(capped.unwrap_or_else(|e| e.allocated_mb));
        *self = tt;
        match (capped, result) {
            (Ok(_), Ok(())) => Ok(()),
            (_, Err(e)) | (Err(e), Ok(())) => Err(HashAllocError { requested_mb: mb, allocated_mb: e.allocated_mb }),
        }
    }

    /// The size a request for `mb` mebibytes gets: all of it, or (as the error)
    /// half of the memory the system has available. Cheap, so a protocol thread can
    /// answer with it at once while [`Tt::allocate`] runs elsewhere.
    pub fn affordable(mb: usize) -> Result<usize, HashAllocError> {
        let got = affordable_mb(mb, available_memory_mb());
        if got == mb {
            Ok(mb)
        } else {
            Err(HashAllocError { requested_mb: mb, allocated_mb: got })
        }
    }

    /// A new, empty table of `mb` mebibytes, every page written (so a search never
    /// pays for first touches). This takes time for big tables (a gigabyte: a good
    /// part of a second, seconds on a busy machine), which is why the engine runs it
    /// on a thread of its own. If the allocation is refused the size halves until one
    /// succeeds, and the error says what was had.
    pub fn allocate(mb: usize) -> (Tt, Result<(), HashAllocError>) {
        let mut got = mb;
        loop {
            let n = (got.saturating_mul(1 << 20) / std::mem::size_of::<Bucket>()).max(1);
            let mut buckets = Vec::new();
            if buckets.try_reserve_exact(n).is_ok() {
                buckets.extend((0..n).map(|_| Bucket::default()));
                let result = if got == mb { Ok(()) } else { Err(HashAllocError { requested_mb: mb, allocated_mb: got }) };
                return (Tt { buckets, generation: 0 }, result);
            }
            got /= 2;
        }
    }

    /// Forgets every entry (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {
        for b in self.buckets.iter_mut() {
            for e in b.0.iter_mut() {
                *e.key_xor_data.get_mut() = 0;
                *e.data.get_mut() = 0;
            }
        }
        self.generation = 0;
    }

    /// Size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Starts a new search: entries from older searches become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GEN_MASK;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto any table size without a modulo.
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtHit> {
        for e in self.bucket(key).0.iter() {
            let data = e.data.load(Ordering::Relaxed);
            if e.key_xor_data.load(Ordering::Relaxed) ^ data == key {
                return unpack(data);
            }
        }
        None
    }

    /// Stores a result. `score` must already be adjusted with [`score_to_tt`].
    /// Replacement: the slot holding the same key, else the least valuable slot
    /// (shallow and old). For the same key a result without a move keeps the old
    /// move, and a much shallower non-exact result does not overwrite a deep one.
    /// `pv`: the node is or was on a principal variation ([`TtHit::pv`]).
    #[allow(clippy::too_many_arguments)]
    pub fn store(&self, key: u64, move_index: Option<u16>, score: Score, eval: Score, depth: i32, bound: Bound, pv: bool) {
        let bucket = self.bucket(key);
        let gen = self.generation;
        let mut victim = &bucket.0[0];
        let mut victim_value = i32::MAX;
        for e in bucket.0.iter() {
            let data = e.data.load(Ordering::Relaxed);
            let stored_key = e.key_xor_data.load(Ordering::Relaxed) ^ data;
            if stored_key == key && occupied(data) {
                let mut mv = move_index;
                if mv.is_none() && data & 0xFFFF != NO_MOVE {
                    mv = Some((data & 0xFFFF) as u16);
                }
                let old_depth = unpack_depth(data);
                if bound != Bound::Exact && depth + 3 < old_depth && unpack_gen(data) == gen {
                    // Keep the deeper result, but remember a move if it had none.
                    if let (NO_MOVE, Some(m)) = (data & 0xFFFF, move_index) {
                        write(e, key, (data & !0xFFFF) | m as u64);
                    }
                    return;
                }
                write(e, key, pack(mv, score, eval, depth, bound, pv, gen));
                return;
            }
            let value = if !occupied(data) {
                i32::MIN // empty
            } else {
                let age = (gen.wrapping_sub(unpack_gen(data)) & GEN_MASK) as i32;
                unpack_depth(data) - 8 * age
            };
            if value < victim_value {
                victim_value = value;
                victim = e;
            }
        }
        write(victim, key, pack(move_index, score, eval, depth, bound, pv, gen));
    }

    /// Permille of a sample of entries written by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..sample] {
            for e in b.0.iter() {
                let data = e.data.load(Ordering::Relaxed);
                if occupied(data) && unpack_gen(data) == self.generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * BUCKET)) as u32
    }
}

/// The table size to ask for when `available_mb` is free: at most half of it, so
/// the engine never pushes the machine into swapping or the OOM killer.
fn affordable_mb(requested_mb: usize, available_mb: Option<usize>) -> usize {
    match available_mb {
        Some(a) => requested_mb.min((a / 2).max(1)),
        None => requested_mb,
    }
}

/// `MemAvailable` from `/proc/meminfo` where there is one (Linux), in MiB.
fn available_memory_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

#[inline]
fn write(e: &Entry, key: u64, data: u64) {
    e.key_xor_data.store(key ^ data, Ordering::Relaxed);
    e.data.store(data, Ordering::Relaxed);
}

/// Mate scores are stored relative to the node (distance from it), so that the
/// same entry is right wherever in the tree the position turns up again.
#[inline]
pub fn score_to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

#[inline]
pub fn score_from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::score::{lost_in, won_in};

    #[test]
    fn store_probe_roundtrip() {
        let tt = Tt::new(1);
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(tt.probe(key), None);
        tt.store(key, Some(7), -123, 45, 9, Bound::Lower, true);
        let hit = tt.probe(key).unwrap();
        assert_eq!(hit, TtHit { move_index: Some(7), score: -123, eval: 45, depth: 9, bound: Bound::Lower, pv: true });
        assert_eq!(tt.probe(key ^ 1), None);
        // A shallower result without a move keeps the old move.
        tt.store(key, None, 10, 45, 8, Bound::Exact, false);
        assert_eq!(tt.probe(key).unwrap().move_index, Some(7));
        assert!(!tt.probe(key).unwrap().pv);
        assert_eq!(tt.probe(key).unwrap().bound, Bound::Exact);
        // A much shallower bound does not overwrite a deep result of this search.
        tt.store(key, Some(3), 99, 45, 1, Bound::Upper, false);
        let hit = tt.probe(key).unwrap();
        assert_eq!((hit.depth, hit.score, hit.move_index), (8, 10, Some(7)));
        // Negative depths (quiescence) survive the packing.
        tt.store(key ^ 2, None, 5, 5, -1, Bound::Upper, false);
        assert_eq!(tt.probe(key ^ 2).unwrap().depth, -1);
    }

    #[test]
    fn resize_clear_and_hashfull() {
        let mut tt = Tt::new(1);
        assert_eq!(tt.size_bytes(), 1 << 20);
        assert_eq!(tt.hashfull(), 0);
        tt.new_search();
        let mut rng = crate::core::rng::Rng::new(7);
        let keys: Vec<u64> = (0..200_000).map(|_| rng.next_u64()).collect();
        for &k in &keys {
            tt.store(k, None, 0, 0, 1, Bound::Exact, false);
        }
        // 65,536 slots and 200,000 random keys: nearly every slot is used.
        assert!(tt.hashfull() > 900, "hashfull {}", tt.hashfull());
        // Entries of an older search no longer count.
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        assert!(keys.iter().any(|&k| tt.probe(k).is_some()));
        tt.clear();
        assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
        assert_eq!(tt.resize(2), Ok(()));
        assert_eq!(tt.size_bytes(), 2 << 20);
        assert_eq!(tt.hashfull(), 0);
        assert_eq!(tt.resize(0), Ok(()));
        assert_eq!(tt.size_bytes(), 64);
    }

    #[test]
    fn hash_size_is_capped_by_available_memory() {
        assert_eq!(affordable_mb(256, Some(8_192)), 256);
        assert_eq!(affordable_mb(65_536, Some(8_192)), 4_096);
        assert_eq!(affordable_mb(16, Some(1)), 1);
        assert_eq!(affordable_mb(65_536, None), 65_536);
        if cfg!(target_os = "linux") {
            assert!(available_memory_mb().is_some_and(|mb| mb > 0));
        }
    }

    #[test]
    fn only_exact_and_lower_bounds_that_are_not_mates_bound_from_below() {
        let hit = |score, bound| TtHit { move_index: None, score, eval: 0, depth: 5, bound, pv: false };
        assert_eq!(hit(80, Bound::Exact).lower_bound(3), Some(80));
        assert_eq!(hit(-40, Bound::Lower).lower_bound(3), Some(-40));
        assert_eq!(hit(80, Bound::Upper).lower_bound(3), None);
        // A mate is a verdict, not an estimate to cut with.
        assert_eq!(hit(won_in(2), Bound::Lower).lower_bound(3), None);
        assert_eq!(hit(lost_in(2), Bound::Exact).lower_bound(3), None);
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        // Mate in 5 plies from the root, seen at ply 3: 2 plies from the node.
        let s = won_in(5);
        assert_eq!(score_to_tt(s, 3), won_in(2));
        assert_eq!(score_from_tt(score_to_tt(s, 3), 7), won_in(9));
        let l = lost_in(6);
        assert_eq!(score_from_tt(score_to_tt(l, 4), 4), l);
        assert_eq!(score_to_tt(l, 4), lost_in(2));
        assert_eq!(score_to_tt(37, 9), 37);
    }
}
