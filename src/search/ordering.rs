//! Move ordering: which move to try next. Alpha-beta prunes most when the best move
//! comes first, so the order is: the hash move, noisy moves by the variant's hint
//! (MVV-LVA) and capture history, killers, quiet moves by history plus the
//! variant's hint, and last (in chess) the captures that lose material by SEE.
//! Late-move reductions live here too, since they depend on a move's rank.

use std::sync::OnceLock;

use super::correction::Correction;
use super::params;
use crate::core::{MoveList, Position, Side, PIECE_TO_SLOTS};

/// Slots per side in the history table (`Position::history_index` modulo this).
pub const HISTORY_SLOTS: usize = 16_384;
/// History scores stay within `±HISTORY_MAX` (the "gravity" update converges there).
pub const HISTORY_MAX: i32 = 16_384;

const NOISY_BASE: i32 = 1 << 28;
const KILLER_1: i32 = 1 << 24;
const KILLER_2: i32 = KILLER_1 - 1;
const HINT_LIMIT: i32 = 1 << 26;
/// A quiet move not scored yet: below the killers, above any quiet score of a
/// variant whose quiet moves are scored late (see [`defers_quiets`]). When the
/// picker reaches one, it scores them all.
const QUIET_PENDING: i32 = KILLER_2 - 1;
/// Captures that lose material by SEE go after every quiet move (where pruning is
/// sound, `P::FORWARD_PRUNING_OK`): they rarely refute anything. SEE is asked only
/// when such a move is about to be handed out (see [`Picker::next`]).
const BAD_NOISY_BASE: i32 = -(1 << 28);
/// Noisy scores not yet checked by SEE lie above this (killers and quiets below).
const UNCHECKED_NOISY_FLOOR: i32 = NOISY_BASE - 2 * HINT_LIMIT;
/// Capture history weighs this fraction of an MVV-LVA step in the order of noisy moves.
const CAPTURE_HISTORY_DIVISOR: i32 = 4;

/// How well quiet moves did in earlier cutoffs, per side; kept between searches of a
/// game (it is still right about the same kind of moves) and cleared on a new game.
///
/// Continuation history sits beside it: how well a quiet move (piece and target)
/// did right after a given earlier move (piece and target) one or two plies back,
/// which captures follow-ups and answers that a side-wide table averages away.
pub struct History {
    table: Vec<i32>,
    /// `PIECE_TO_SLOTS²` entries, indexed `earlier * PIECE_TO_SLOTS + current`;
    /// within `±HISTORY_MAX`, so `i16` holds them at half the memory. Empty until
    /// the first update: variants without piece-to keys never pay its 2 MB.
    cont: Vec<i16>,
    /// Capture history: how well a noisy move (piece and target) did in earlier
    /// cutoffs, refining MVV-LVA among captures of the same value.
    capture: Vec<i16>,
    /// The static evaluation's learnt errors (not move ordering, but learnt and
    /// kept per thread the same way). Allocated on first use, like `cont`.
    pub correction: Option<Box<Correction>>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: vec![0; 2 * HISTORY_SLOTS],
            cont: Vec::new(),
            capture: vec![0; PIECE_TO_SLOTS],
            correction: None,
        }
    }
}

impl History {
    #[inline]
    pub fn slot(side: Side, index: usize) -> usize {
        side.index() * HISTORY_SLOTS + (index % HISTORY_SLOTS)
    }

    #[inline]
    pub fn get(&self, slot: usize) -> i32 {
        self.table[slot]
    }

    /// Moves the entry towards `±HISTORY_MAX` by `bonus`, less as it gets closer.
    #[inline]
    pub fn update(&mut self, slot: usize, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let h = &mut self.table[slot];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// The continuation history of the move `current` after the move `earlier`
    /// (both `Position::piece_to_index` values).
    #[inline]
    pub fn cont(&self, earlier: usize, current: usize) -> i32 {
        self.cont.get(cont_slot(earlier, current)).map_or(0, |&h| h as i32)
    }

    /// The gravity update of `update`, for a continuation-history entry.
    #[inline]
    pub fn update_cont(&mut self, earlier: usize, current: usize, bonus: i32) {
        if self.cont.is_empty() {
            self.cont = vec![0; PIECE_TO_SLOTS * PIECE_TO_SLOTS];
        }
        gravity_i16(&mut self.cont[cont_slot(earlier, current)], bonus);
    }

    /// The capture history of a noisy move's piece-to key.
    #[inline]
    pub fn capture(&self, piece_to: usize) -> i32 {
        self.capture[piece_to % PIECE_TO_SLOTS] as i32
    }

    /// The gravity update of `update`, for a capture-history entry.
    #[inline]
    pub fn update_capture(&mut self, piece_to: usize, bonus: i32) {
        gravity_i16(&mut self.capture[piece_to % PIECE_TO_SLOTS], bonus);
    }

    /// Halves every entry: the start of a new search weighs recent results more.
    /// One plain loop per table: chained into one iterator, the 2 MB continuation
    /// table was halved an entry at a time, which took a sixth of the time of
    /// datagen's 5000-node searches; a plain loop over a slice is vectorised.
    pub fn age(&mut self) {
        halve(&mut self.table);
        halve(&mut self.cont);
        halve(&mut self.capture);
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|h| *h = 0);
        self.cont.iter_mut().for_each(|h| *h = 0);
        self.capture.iter_mut().for_each(|h| *h = 0);
        if let Some(c) = self.correction.as_mut() {
            c.clear();
        }
    }
}

/// Halves every entry of a table (rounding towards zero).
#[inline]
fn halve<T: Copy + std::ops::Div<Output = T> + From<i8>>(table: &mut [T]) {
    let two = T::from(2);
    for h in table.iter_mut() {
        *h = *h / two;
    }
}

/// Moves an `i16` history entry towards `±HISTORY_MAX` by `bonus`, less as it gets closer.
#[inline]
fn gravity_i16(h: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let v = *h as i32;
    *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

#[inline]
fn cont_slot(earlier: usize, current: usize) -> usize {
    (earlier % PIECE_TO_SLOTS) * PIECE_TO_SLOTS + current % PIECE_TO_SLOTS
}

/// The bonus for a move that caused a cutoff at `depth` (and the malus of those
/// tried before it). It grows fast from the first plies on: most cutoffs happen
/// near the horizon, and a bonus of depth squared (9 at depth 3, against entries
/// bounded by 16,384) left the history-driven reductions and pruning idle.
#[inline]
pub fn history_bonus(depth: i32) -> i32 {
    (16 * depth * depth + 128 * (depth - 1).max(0)).min(1_536)
}

/// What a search node's move order draws on besides the position: its killers,
/// the history tables and the piece-to keys of the moves one and two plies back.
pub struct Context<'a, M> {
    pub killers: &'a [Option<M>; 2],
    pub history: &'a History,
    pub conts: [Option<usize>; 2],
}

/// The score of a quiet move (not a killer): history, continuation history and
/// the variant's hint.
#[inline]
fn quiet_score<P: Position>(pos: &P, mv: P::Move, ctx: &Context<P::Move>) -> i32 {
    let hint = pos.order_hint(mv).clamp(-HINT_LIMIT, HINT_LIMIT);
    let slot = History::slot(pos.side_to_move(), pos.history_index(mv));
    ctx.history.get(slot) + hint + cont_score(pos, mv, ctx.history, ctx.conts)
}

/// Whether `P`'s quiet moves all score below the killers, and so can be scored
/// only when the picker reaches them: their hint plus the main history and two
/// continuation histories (each within `±HISTORY_MAX`) stays below [`QUIET_PENDING`].
#[inline]
const fn defers_quiets<P: Position>() -> bool {
    P::QUIET_HINT_MAX < QUIET_PENDING - 3 * HISTORY_MAX
}

/// An ordering score and a move's index in one word: the score in the high bits,
/// and below it the index complemented, so that the larger word is the better move
/// and, at equal scores, the one generated first (the order stays deterministic).
#[inline]
fn pack(score: i32, index: usize) -> i64 {
    ((score as i64) << 16) | (0xFFFF - index as i64)
}

#[inline]
fn unpack(key: i64) -> (i32, usize) {
    ((key >> 16) as i32, (0xFFFF - (key & 0xFFFF)) as usize)
}

/// The moves of one node with their ordering scores, handed out best first. The
/// move list itself stays in generation order, because the transposition table
/// stores a move as its index in that order.
///
/// A search node's hash move is handed out before any move is scored: most nodes
/// that have one cut on it, and then scoring the rest would be wasted.
pub struct Picker {
    /// Packed (score, index) keys; a buffer lent by the worker.
    keys: Vec<i64>,
    next: usize,
    /// Noisy moves still carry their optimistic (good-capture) score: SEE decides,
    /// when one comes up, whether it goes now or after the quiet moves.
    see_pending: bool,
    /// The hash move (handed out first, never scored).
    hash_move: Option<u16>,
    hash_handed_out: bool,
    /// The moves are scored (search nodes score them on the first request after
    /// the hash move).
    scored: bool,
    /// The keys not yet handed out are in descending order (see [`SORT_AFTER`]).
    sorted: bool,
}

/// Moves handed out by a scan for the best key before the rest is sorted once.
/// Most nodes cut within their first few moves, and sorting every list would be
/// work lost on them; a node that goes on tries many, and scanning the rest for
/// each one grows with the square of the list (a tenth of a gomoku search's time).
/// Either way the moves come in the same order.
const SORT_AFTER: usize = 3;

impl Picker {
    /// A search node's picker over `list`, in `buffer` (whose contents are dropped).
    /// Nothing is scored yet: see [`Picker::next_in_node`].
    pub fn new<P: Position>(list: &MoveList<P::Move>, hash_move: Option<u16>, mut buffer: Vec<i64>) -> Picker {
        buffer.clear();
        let hash_move = hash_move.filter(|&h| (h as usize) < list.len());
        Picker {
            keys: buffer,
            next: 0,
            see_pending: P::FORWARD_PRUNING_OK,
            hash_move,
            hash_handed_out: false,
            scored: false,
            sorted: false,
        }
    }

    /// Scores every move but the hash move: noisy moves by the variant's hint
    /// (MVV-LVA) and capture history, then killers, then quiet moves by history,
    /// continuation history and the hint. Where the variant's quiet hints stay
    /// below the killers (`Position::QUIET_HINT_MAX`), quiet moves are only
    /// marked here and scored when the picker reaches them ([`QUIET_PENDING`]).
    fn score<P: Position>(&mut self, pos: &P, list: &MoveList<P::Move>, ctx: &Context<P::Move>) {
        let history = ctx.history;
        for (i, &mv) in list.iter().enumerate() {
            if self.hash_move == Some(i as u16) {
                continue;
            }
            let score = if P::HAS_NOISY_MOVES && pos.is_noisy(mv) {
                let hint = pos.order_hint(mv).clamp(-HINT_LIMIT, HINT_LIMIT);
                if P::FORWARD_PRUNING_OK {
                    let capture = pos.piece_to_index(mv).map_or(0, |pt| history.capture(pt));
                    NOISY_BASE + hint + capture / CAPTURE_HISTORY_DIVISOR
                } else {
                    NOISY_BASE + hint
                }
            } else if ctx.killers[0] == Some(mv) {
                KILLER_1
            } else if ctx.killers[1] == Some(mv) {
                KILLER_2
            } else if defers_quiets::<P>() {
                QUIET_PENDING
            } else {
                quiet_score(pos, mv, ctx)
            };
            self.keys.push(pack(score, i));
        }
        self.scored = true;
    }

    /// Scores the quiet moves [`Picker::score`] left pending: the picker has
    /// reached them, so every noisy move and killer before them is handed out.
    /// The history read is the one those moves' searches have left.
    #[cold]
    fn score_quiets<P: Position>(&mut self, pos: &P, list: &MoveList<P::Move>, ctx: &Context<P::Move>) {
        for key in &mut self.keys[self.next..] {
            let (score, i) = unpack(*key);
            if score == QUIET_PENDING {
                *key = pack(quiet_score(pos, list[i], ctx), i);
            }
        }
        // The pending keys were in order among themselves by index alone.
        self.sorted = false;
    }

    /// Scores `list` by the variant's hint alone (quiescence search, ProbCut).
    pub fn by_hint<P: Position>(pos: &P, list: &MoveList<P::Move>, mut buffer: Vec<i64>) -> Picker {
        buffer.clear();
        for (i, &mv) in list.iter().enumerate() {
            buffer.push(pack(pos.order_hint(mv).clamp(-HINT_LIMIT, HINT_LIMIT), i));
        }
        Picker { keys: buffer, next: 0, see_pending: false, hash_move: None, hash_handed_out: false, scored: true, sorted: false }
    }

    /// Gives the buffer back for reuse.
    pub fn into_buffer(self) -> Vec<i64> {
        self.keys
    }

    /// The next move of a search node (a picker from [`Picker::new`]): the hash
    /// move first, then the rest by score, scored with `ctx` when first needed.
    #[inline]
    pub fn next_in_node<P: Position>(&mut self, pos: &P, list: &MoveList<P::Move>, ctx: &Context<P::Move>) -> Option<usize> {
        if !self.scored {
            if let Some(h) = self.hash_move.filter(|_| !self.hash_handed_out) {
                self.hash_handed_out = true;
                return Some(h as usize);
            }
            self.score(pos, list, ctx);
        }
        self.pick(pos, list, Some(ctx))
    }

    /// The index (into `list`, the list the picker was made from) of the best move
    /// not yet handed out. Ties go to the move generated first, so the order is
    /// fully deterministic.
    ///
    /// A noisy move comes up with its good-capture score; only then is SEE asked,
    /// and a losing one is moved down among the bad captures and the choice made
    /// again. An unchecked score is never below the checked one, so the order is
    /// the same as checking every capture up front, without the SEE of the captures
    /// a node never reaches (most nodes cut on their first move).
    #[inline]
    pub fn next<P: Position>(&mut self, pos: &P, list: &MoveList<P::Move>) -> Option<usize> {
        debug_assert!(self.scored, "a search node's picker asks next_in_node");
        self.pick(pos, list, None)
    }

    /// [`Picker::next`], scoring pending quiet moves with `ctx` when it reaches
    /// them (only a search node's picker has any).
    #[inline]
    fn pick<P: Position>(&mut self, pos: &P, list: &MoveList<P::Move>, ctx: Option<&Context<P::Move>>) -> Option<usize> {
        loop {
            if self.next >= self.keys.len() {
                return None;
            }
            if !self.sorted && self.next >= SORT_AFTER {
                self.keys[self.next..].sort_unstable_by(|a, b| b.cmp(a));
                self.sorted = true;
            }
            let best = if self.sorted {
                self.next
            } else {
                let rest = self.keys[self.next..].iter().enumerate();
                self.next + rest.max_by_key(|&(_, k)| *k).map_or(0, |(offset, _)| offset)
            };
            let (score, idx) = unpack(self.keys[best]);
            if let (QUIET_PENDING, Some(ctx)) = (score, ctx) {
                self.score_quiets(pos, list, ctx);
                continue;
            }
            let unchecked = self.see_pending && score > UNCHECKED_NOISY_FLOOR;
            if unchecked && !pos.see_ge(list[idx], 0) {
                self.keys[best] = pack(score - NOISY_BASE + BAD_NOISY_BASE, idx);
                if self.sorted {
                    // Back down to its place among the rest, which stays sorted.
                    let mut i = best;
                    while i + 1 < self.keys.len() && self.keys[i + 1] > self.keys[i] {
                        self.keys.swap(i, i + 1);
                        i += 1;
                    }
                }
                continue;
            }
            self.keys.swap(self.next, best);
            self.next += 1;
            return Some(idx);
        }
    }
}

/// The continuation-history part of a quiet move's score: its entries after the
/// moves one and two plies back (`conts`, piece-to keys), 0 where either is unknown.
#[inline]
pub fn cont_score<P: Position>(pos: &P, mv: P::Move, history: &History, conts: [Option<usize>; 2]) -> i32 {
    if conts[0].is_none() && conts[1].is_none() {
        return 0;
    }
    let Some(current) = pos.piece_to_index(mv) else { return 0 };
    conts.iter().flatten().map(|&earlier| history.cont(earlier, current)).sum()
}

/// One ply in the units of [`lmr_frac`].
pub const LMR_ONE: i32 = 1024;

/// Late-move reduction for the `n`-th move (0-based) at `depth`, before adjustments,
/// in whole plies.
#[inline]
pub fn lmr_base(depth: i32, n: usize) -> i32 {
    lmr_frac(depth, n) / LMR_ONE
}

/// The same in [`LMR_ONE`]ths of a ply, so that adjustments add up before rounding.
#[inline]
pub fn lmr_frac(depth: i32, n: usize) -> i32 {
    let (d, m) = ((depth.max(0) as usize).min(63), n.min(63));
    // A tuning build reads the tunables at every call; a normal one fills the table
    // once from constants.
    if cfg!(feature = "spsa") {
        return lmr_formula(d, m) as i32;
    }
    static TABLE: OnceLock<[[u16; 64]; 64]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [[0u16; 64]; 64];
        for (d, row) in t.iter_mut().enumerate() {
            for (m, r) in row.iter_mut().enumerate() {
                *r = lmr_formula(d, m);
            }
        }
        t
    });
    table[d][m] as i32
}

/// `LMR_BASE + ln(depth) ln(moves) / LMR_DIVISOR` (both in hundredths) in
/// [`LMR_ONE`]ths, 0 for depth or move 0.
fn lmr_formula(d: usize, m: usize) -> u16 {
    if d == 0 || m == 0 {
        return 0;
    }
    let base = params::LMR_BASE.get() as f64 / 100.0;
    let divisor = params::LMR_DIVISOR.get() as f64 / 100.0;
    ((base + (d as f64).ln() * (m as f64).ln() / divisor) * LMR_ONE as f64) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past `SORT_AFTER` picks the rest is sorted once, and the moves still come in
    /// the order of a scan for the best key before every move, with a capture that
    /// loses material by SEE moved down among the bad ones when it comes up. The
    /// position has four winning captures ahead of the losing ones, so a losing one
    /// comes up after the sort; the quiet moves, scored only when the picker
    /// reaches them, fall in between as if they had been scored at the start.
    #[test]
    fn sorting_the_rest_keeps_the_order_of_a_scan() {
        use crate::variants::chess::{Chess, ChessRules};
        let pos = Chess::from_fen("4k3/r7/3p2n1/2p1p1b1/3Q4/5N2/8/RB2K3 w - - 0 1", ChessRules::default()).unwrap();
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let history = History::default();
        let killers = [None, None];
        let ctx = Context { killers: &killers, history: &history, conts: [None, None] };
        let mut picker = Picker::new::<Chess>(&list, None, Vec::new());
        let mut got = Vec::new();
        while let Some(i) = picker.next_in_node(&pos, &list, &ctx) {
            got.push(i);
        }
        // The reference scores every move at once (chess quiet moves are first
        // left pending, and must come out in the same order).
        let mut reference = Picker::new::<Chess>(&list, None, Vec::new());
        reference.score(&pos, &list, &ctx);
        assert!(reference.keys.iter().any(|&k| unpack(k).0 == QUIET_PENDING));
        reference.score_quiets(&pos, &list, &ctx);
        assert!(reference.keys.iter().all(|&k| unpack(k).0 != QUIET_PENDING));
        let mut keys = reference.keys.clone();
        let (mut want, mut demoted) = (Vec::new(), 0);
        while let Some((at, &key)) = keys.iter().enumerate().max_by_key(|&(_, k)| *k) {
            let (score, idx) = unpack(key);
            if score > UNCHECKED_NOISY_FLOOR && !pos.see_ge(list[idx], 0) {
                keys[at] = pack(score - NOISY_BASE + BAD_NOISY_BASE, idx);
                demoted += 1;
                continue;
            }
            keys.remove(at);
            want.push(idx);
        }
        assert_eq!(got, want);
        assert_eq!(got.len(), list.len());
        // Nxe5, Qxc5 and Qxe5+ lose material; Rxa7, Nxg5, Bxg6 and Qxd6 win it.
        assert_eq!(demoted, 3);
        let position = |uci: &str| got.iter().position(|&i| pos.format_move(list[i]) == uci).unwrap();
        assert!(position("a1a7") < SORT_AFTER && position("f3e5") > list.len() - 4, "{got:?}");
    }

    #[test]
    fn history_stays_bounded_and_ages() {
        let mut h = History::default();
        let s = History::slot(Side::Black, HISTORY_SLOTS + 5);
        assert_eq!(s, HISTORY_SLOTS + 5);
        for _ in 0..10_000 {
            h.update(s, history_bonus(30));
        }
        assert!(h.get(s) <= HISTORY_MAX && h.get(s) > HISTORY_MAX / 2);
        for _ in 0..10_000 {
            h.update(s, -history_bonus(30));
        }
        assert!(h.get(s) >= -HISTORY_MAX && h.get(s) < -HISTORY_MAX / 2);
        let before = h.get(s);
        h.age();
        assert_eq!(h.get(s), before / 2);
        h.clear();
        assert_eq!(h.get(s), 0);
    }

    #[test]
    fn continuation_history_is_allocated_on_first_update() {
        let mut h = History::default();
        assert!(h.cont.is_empty());
        assert_eq!(h.cont(3, 700), 0);
        h.age();
        h.clear();
        assert!(h.cont.is_empty());
        h.update_cont(3, 700, history_bonus(10));
        assert_eq!(h.cont.len(), PIECE_TO_SLOTS * PIECE_TO_SLOTS);
        assert_eq!(h.cont(3, 700), history_bonus(10));
        assert_eq!(h.cont(700, 3), 0);
        h.clear();
        assert_eq!(h.cont(3, 700), 0);
    }

    #[test]
    fn ageing_halves_every_table_towards_zero() {
        let mut h = History::default();
        let s = History::slot(Side::White, 9);
        h.update(s, -history_bonus(7));
        h.update_cont(3, 700, -history_bonus(9));
        h.update_cont(PIECE_TO_SLOTS - 1, PIECE_TO_SLOTS - 1, history_bonus(11));
        h.update_capture(42, -history_bonus(5));
        let (a, b, c, d) = (h.get(s), h.cont(3, 700), h.cont(PIECE_TO_SLOTS - 1, PIECE_TO_SLOTS - 1), h.capture(42));
        assert!(a < 0 && b < 0 && c > 0 && d < 0);
        h.age();
        // Rust's division rounds towards zero for both signs, as the search has always aged.
        assert_eq!((h.get(s), h.cont(3, 700)), (a / 2, b / 2));
        assert_eq!((h.cont(PIECE_TO_SLOTS - 1, PIECE_TO_SLOTS - 1), h.capture(42)), (c / 2, d / 2));
    }

    #[test]
    fn lmr_grows_with_depth_and_move_number() {
        assert_eq!(lmr_base(1, 1), 0);
        assert!(lmr_base(3, 3) >= 1);
        assert!(lmr_base(20, 40) > lmr_base(3, 3));
        assert!(lmr_base(100, 400) <= 10);
    }
}
