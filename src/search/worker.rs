//! One search thread: iterative deepening over the root moves, principal-variation
//! alpha-beta below them, quiescence at the leaves. The main worker owns the
//! limits, the clock and the reports; helper workers (Lazy SMP) search the same
//! root through the shared transposition table and only fill it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::core::score::{is_mate, lost_in, won_in, Score, DRAW, INFINITE, MATE, MATE_BOUND};
use crate::core::{MoveList, Position, CORRECTION_KEYS};

use super::limits::{Limits, Signals};
use super::frame::Frame;
use super::ordering::{cont_score, history_bonus, lmr_base, lmr_frac, Context, History, Picker, LMR_ONE};
use super::params::{
    ASPIRATION_DELTA, DOUBLE_EXT_MARGIN, FUTILITY_BASE, FUTILITY_MARGIN, HISTORY_PRUNE_MARGIN, LMR_DEEPER_MARGIN,
    LMR_HISTORY_DIVISOR, LMR_SHALLOWER_MARGIN, NMP_EVAL_DIVISOR, PROBCUT_MARGIN, RAZOR_BASE, RAZOR_MARGIN, RFP_MARGIN,
    SEE_NOISY_MARGIN, SEE_QUIET_MARGIN,
};
use super::report::{Bound, CurrMove, Report, ReportScore, SearchListener, CURRMOVE_AFTER_MS};
use super::time::{Progress, TimeBudget};
use super::tt::{score_from_tt, score_to_tt, Tt, TtHit};

/// The deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 128;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = (MAX_PLY - 8) as u32;

// The margins and divisors that `ludex spsa` tunes are in `params`; the depth
// limits that frame them stay here.

/// Aspiration windows (`ASPIRATION_DELTA` wide at first) from this depth on.
const ASPIRATION_FROM_DEPTH: u32 = 4;
/// Aspiration: consecutive fail highs at the root reduce the re-search by a ply
/// each, up to this many (`P::SHALLOWER_SEARCH_HOLDS`), in iterations from this depth
/// on. Shallower iterations cost next to nothing, and a reduced re-search there
/// loses what they exist to find: short mates (a mate in two needed depth 7
/// instead of 5).
const ASPIRATION_MAX_FAIL_HIGH_REDUCTION: i32 = 3;
const ASPIRATION_REDUCE_FROM_DEPTH: u32 = 8;
/// Reverse futility pruning (`RFP_MARGIN` per ply): the deepest it applies...
const RFP_MAX_DEPTH: i32 = 6;
/// ...and the deepest where forward pruning is sound (`P::FORWARD_PRUNING_OK`).
const RFP_MAX_DEPTH_PRUNING: i32 = 8;
/// Late-move pruning (`P::FORWARD_PRUNING_OK`): at this depth and below, quiet moves
/// after the first `lmp_limit` are not searched.
const LMP_MAX_DEPTH: i32 = 8;
/// Futility pruning of quiet moves (`FUTILITY_BASE`, `FUTILITY_MARGIN`) up to this
/// reduced depth.
const FUTILITY_MAX_DEPTH: i32 = 8;
/// SEE pruning of captures (`SEE_NOISY_MARGIN` per ply) up to this depth.
const SEE_NOISY_MAX_DEPTH: i32 = 6;
/// History pruning (`HISTORY_PRUNE_MARGIN` per ply) below this reduced depth.
const HISTORY_PRUNE_MAX_DEPTH: i32 = 3;
/// History changes the reduction (`LMR_HISTORY_DIVISOR`) by at most this many
/// plies either way.
const LMR_HISTORY_CAP: i32 = 2;
/// Internal iterative reduction: a node this deep without a hash move is searched
/// one ply shallower (it has not been searched before, or not well).
const IIR_MIN_DEPTH: i32 = 4;
/// Razoring: this close to the horizon and `RAZOR_BASE + RAZOR_MARGIN * depth²`
/// below alpha, a node whose quiescence search cannot reach alpha either is given
/// up as a fail low. The margin grows fast with depth because quiescence cannot see
/// a quiet mate: with a linear 250 per ply, a queen sacrifice for a smothered mate
/// (in `tests/data/chess_mates.txt`) was razored at depth 3.
const RAZOR_MAX_DEPTH: i32 = 3;
/// ProbCut: from this depth, a capture whose shallow search (depth minus
/// `PROBCUT_REDUCTION`) beats beta by `PROBCUT_MARGIN` is taken as a cutoff.
const PROBCUT_MIN_DEPTH: i32 = 5;
const PROBCUT_REDUCTION: i32 = 4;
/// Hash ProbCut: a stored lower bound at most `PROBCUT_REDUCTION` plies shallower
/// cuts without a search when it beats beta by this many ProbCut margins.
const HASH_PROBCUT_MARGIN_FACTOR: Score = 2;
/// Singular extensions: from this depth, a hash move whose stored lower bound is at
/// most `SE_TT_DEPTH_GAP` plies shallower is tested for being the only good move,
/// against a bound this far (per ply of depth) below the stored score.
const SE_MIN_DEPTH: i32 = 6;
const SE_TT_DEPTH_GAP: i32 = 3;
const SE_MARGIN: Score = 2;
/// A hash move singular by `DOUBLE_EXT_MARGIN` more (outside PV nodes) is extended
/// by two plies, at most this many times along one line.
const DOUBLE_EXT_MAX: u8 = 6;

/// An evaluation margin given in chess centipawns, on the variant's scale
/// (`Position::MARGIN_PERCENT`); a constant for each variant, folded at compile time.
#[inline]
fn margin<P: Position>(cp: Score) -> Score {
    cp * P::MARGIN_PERCENT / 100
}

/// Quiet moves searched before late-move pruning starts, at `depth`.
#[inline]
fn lmp_limit(depth: i32, improving: bool) -> usize {
    let base = (3 + depth * depth) as usize;
    if improving { base } else { base / 2 }
}

/// Forced nodes with a choice that one quiescence line may pass (see `qsearch`).
/// Measured in antichess self-play (20 games each, 3 s + 0.05 s): 1 and 2 play
/// alike, 3 a little weaker, 6 clearly weaker (6/3/11 against 3); unbounded, the
/// start position needs 8 million nodes for depth 4.
const QS_FORCED_CHOICES: u32 = 2;
/// A node whose replies failed high more often than this so far reduces its later
/// moves a ply more.
const LMR_CUTOFFS: u8 = 3;
/// The history bonus of a quiet move per centipawn it gained by the static
/// evaluation (its opponent's against its own), and the largest such bonus.
const EVAL_DIFF_HISTORY: i32 = 8;
const EVAL_DIFF_HISTORY_MAX: i32 = 1536;
/// Hindsight: a node reached by a move reduced this much gets a ply back when the
/// move did not lose ground by the static evaluation...
const HINDSIGHT_EXTEND_REDUCTION: i32 = 3;
/// ...and one reduced this much loses a ply when it lost this much (centipawns).
const HINDSIGHT_REDUCE_REDUCTION: i32 = 2;
const HINDSIGHT_REDUCE_DRIFT: Score = 175;
/// Quiet moves remembered per node for the history malus.
const QUIETS_TRACKED: usize = 64;
/// Noisy moves remembered per node for the capture-history malus.
const NOISIES_TRACKED: usize = 32;
/// Time and helper node counts are looked at once per this many nodes.
const POLL_INTERVAL: u64 = 256;

/// What every worker of one search shares.
pub struct Shared<'a> {
    pub tt: &'a Tt,
    pub signals: &'a Signals,
    /// Set by the searcher once the main worker is done: helpers stop.
    pub halt: AtomicBool,
    /// Node counts published by each worker (index 0 is the main worker).
    pub nodes: Vec<AtomicU64>,
    /// What a draw costs the side to move at the root, in this variant's units
    /// (`Limits::contempt`).
    pub contempt: Score,
}

impl Shared<'_> {
    fn helper_nodes(&self) -> u64 {
        self.nodes.iter().skip(1).map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// The main worker's stopping rules.
pub struct Control {
    pub start: Instant,
    pub node_limit: Option<u64>,
    pub depth_limit: u32,
    pub mate_limit: Option<u32>,
    pub budget: Option<TimeBudget>,
    /// Soft-limit rules apply (a clock was given, not a fixed move time).
    pub managed: bool,
    pub multipv: usize,
}

impl Control {
    pub fn new<M>(limits: &Limits<M>, side: crate::core::Side, ply: usize, start: Instant) -> Control {
        let (budget, managed) = if limits.infinite {
            (None, false)
        } else if let Some(mt) = limits.movetime_ms {
            (Some(TimeBudget::from_movetime(mt, limits.move_overhead_ms)), false)
        } else if let Some(clock) = limits.clock(side) {
            (Some(TimeBudget::from_clock(clock, limits.move_overhead_ms, ply)), true)
        } else {
            (None, false)
        };
        Control {
            start,
            node_limit: limits.nodes,
            depth_limit: limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            mate_limit: limits.mate,
            budget,
            managed,
            multipv: limits.multipv.max(1),
        }
    }
}

#[derive(Debug, Clone)]
pub struct RootMove<M> {
    pub mv: M,
    /// This iteration's score (`-INFINITE` once it failed low), or the last one's.
    pub score: Score,
    pub prev_score: Score,
    /// Searched in the current root search (scores of unsearched moves are stale).
    pub updated: bool,
    pub pv: Vec<M>,
    pub seldepth: u32,
    /// Nodes spent below this move in the current iteration (time management: a
    /// best move that takes most of the effort is settled).
    pub nodes: u64,
}

pub struct Worker<'a, P: Position> {
    id: usize,
    pos: P,
    shared: &'a Shared<'a>,
    history: &'a mut History,
    control: Option<Control>,
    /// The line state of each ply (see `Frame`).
    stack: Vec<Frame<P::Move>>,
    pub root_moves: Vec<RootMove<P::Move>>,
    pub nodes: u64,
    seldepth: usize,
    aborted: bool,
    /// The main worker ignores stop requests and node limits until depth 1 is
    /// complete, so there is a searched best move to return. Only its hard time
    /// limit cuts depth 1 short (see `poll`).
    can_abort: bool,
    pub completed_depth: u32,
    /// Helpers: the best root move of the last completed iteration (the main worker
    /// may play it if that iteration went deeper than its own).
    pub completed_best: Option<RootMove<P::Move>>,
    /// The depth of the current iteration (check extensions stop at twice it).
    root_depth: i32,
    /// The soft time limit passed while pondering: stop as soon as `ponderhit` comes.
    stop_on_ponderhit: bool,
}

impl<'a, P: Position> Worker<'a, P> {
    pub fn new(
        id: usize,
        pos: P,
        root_moves: Vec<P::Move>,
        shared: &'a Shared<'a>,
        history: &'a mut History,
        control: Option<Control>,
    ) -> Self {
        let can_abort = control.is_none();
        Worker {
            id,
            pos,
            shared,
            history,
            control,
            stack: Frame::stack(MAX_PLY + 2),
            root_moves: root_moves
                .into_iter()
                .map(|mv| RootMove {
                    mv,
                    score: -INFINITE,
                    prev_score: -INFINITE,
                    updated: false,
                    pv: vec![mv],
                    seldepth: 0,
                    nodes: 0,
                })
                .collect(),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            can_abort,
            completed_depth: 0,
            completed_best: None,
            root_depth: 0,
            stop_on_ponderhit: false,
        }
    }

    fn is_main(&self) -> bool {
        self.control.is_some()
    }

    fn total_nodes(&self) -> u64 {
        self.nodes + self.shared.helper_nodes()
    }

    /// Whether the search must unwind now. Checked at every node: the stop flag is
    /// one relaxed load, time is read every `POLL_INTERVAL` nodes.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if !self.can_abort {
            // Depth 1 is cheap in chess, but a connect position full of fours can make
            // its quiescence tens of thousands of nodes: on a nearly spent clock a move
            // that comes late loses the game, where the root's first move rarely does.
            // Not at node 0: a depth 1 of a few hundred nodes (chess) is always done.
            let late = self.nodes > 0
                && self.nodes.is_multiple_of(POLL_INTERVAL)
                && self.control.as_ref().is_some_and(|c| self.out_of_time(c));
            self.aborted = late;
            return late;
        }
        let stop = match &self.control {
            None => self.shared.halt.load(Ordering::Relaxed) || self.shared.signals.is_stopped(),
            Some(c) => {
                self.shared.signals.is_stopped()
                    || c.node_limit.is_some_and(|limit| self.total_nodes() >= limit)
                    || (self.nodes.is_multiple_of(POLL_INTERVAL) && self.out_of_time(c))
            }
        };
        self.aborted = stop;
        stop
    }

    fn out_of_time(&self, c: &Control) -> bool {
        let Some(budget) = c.budget else { return false };
        let signals = self.shared.signals;
        if signals.is_pondering() {
            return false;
        }
        // Our clock runs from `ponderhit` when pondering, else from `go`.
        let ponderhit = signals.ponderhit_at();
        if ponderhit.is_some() && self.stop_on_ponderhit {
            return true;
        }
        let since = ponderhit.unwrap_or(c.start);
        since.elapsed().as_millis() as u64 >= budget.hard_ms
    }

    #[inline]
    fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.id != 0 && self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        }
    }

    /// The static evaluation. A variant's exact verdict (a forced result counted
    /// from the evaluated position, see `Position::evaluate`) becomes a forced result
    /// counted from the root, like the search's own.
    #[inline]
    fn eval(&mut self, ply: usize) -> Score {
        let e = self.pos.evaluate();
        if is_mate(e) {
            score_from_tt(e, ply)
        } else {
            e
        }
    }

    /// The static evaluation `raw` plus the correction learnt under the position's
    /// correction keys (none for variants without them, and none for a forced
    /// result), kept clear of the mate range.
    #[inline]
    fn corrected(&self, raw: Score, keys: Option<&[u64; CORRECTION_KEYS]>) -> Score {
        match (keys, self.history.correction.as_deref()) {
            (Some(keys), Some(c)) if !is_mate(raw) => {
                (raw + c.get(self.pos.side_to_move(), keys)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
            }
            _ => raw,
        }
    }

    /// The score of a finished game at `ply`: the variant's verdict, relative to the
    /// side to move (in antichess the side without moves wins; never assumed here).
    fn terminal_score(&self, ply: usize) -> Score {
        match self.pos.outcome().and_then(|o| o.winner) {
            Some(w) if w == self.pos.side_to_move() => won_in(ply),
            Some(_) => lost_in(ply),
            None => self.draw_score(ply),
        }
    }

    /// A draw at `ply`, for the side to move there. The root's side moves at
    /// even plies (a null move also takes a ply), and a draw costs it the
    /// contempt: it plays on where an even line and a draw are both at hand.
    #[inline]
    fn draw_score(&self, ply: usize) -> Score {
        if ply % 2 == 0 {
            DRAW - self.shared.contempt
        } else {
            DRAW + self.shared.contempt
        }
    }

    fn elapsed_ms(&self) -> u64 {
        self.control.as_ref().map_or(0, |c| c.start.elapsed().as_millis() as u64)
    }

    /// Iterative deepening. Returns when a limit is reached or the search is stopped
    /// (helpers: when halted).
    pub fn iterate<L: SearchListener<P::Move>>(&mut self, listener: &mut L) {
        if self.root_moves.is_empty() {
            return;
        }
        let (depth_limit, multipv) = match &self.control {
            Some(c) => (c.depth_limit, c.multipv.min(self.root_moves.len())),
            None => (MAX_DEPTH, 1),
        };
        let mut stable: u32 = 0;
        let mut last_best = self.root_moves[0].mv;
        let mut last_score = -INFINITE;
        for iteration in 1..=depth_limit {
            // Helpers with odd ids search one ply deeper, so threads spread over depths.
            let depth = if self.is_main() { iteration } else { (iteration + (self.id as u32 & 1)).min(MAX_DEPTH) };
            for rm in self.root_moves.iter_mut() {
                rm.prev_score = rm.score;
                rm.nodes = 0;
            }
            self.root_depth = depth as i32;
            self.seldepth = 0;
            for pv_idx in 0..multipv {
                self.aspiration(depth, pv_idx, listener);
                if self.aborted {
                    break;
                }
                // The lines found so far in order, best first.
                self.root_moves[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if self.aborted {
                // The main worker says which move it plays, so that the last `info`
                // line matches the `bestmove`, when that is news: a move that beat the
                // old best in the unfinished iteration, or any move at all when the
                // clock cut the first iteration short (a host under load can starve
                // even depth 1). A move that got ahead by failing high in an earlier
                // window, not reached again by the current one, has a lower bound.
                let first = self.completed_depth == 0;
                if self.is_main() && (first || self.root_moves[0].mv != last_best) {
                    let best = &mut self.root_moves[0];
                    if best.score == -INFINITE && best.prev_score == -INFINITE {
                        // No move had a score yet: the static evaluation is all
                        // this search knows.
                        best.score = self.pos.evaluate();
                    }
                    let bound = if best.updated || first { None } else { Some(Bound::Lower) };
                    let report = self.report(depth, 0, bound);
                    listener.on_report(&report);
                }
                break;
            }
            self.completed_depth = depth;
            if !self.is_main() {
                self.completed_best = Some(self.root_moves[0].clone());
                continue;
            }
            self.can_abort = true;
            for i in 0..multipv {
                let report = self.report(depth, i, None);
                listener.on_report(&report);
            }
            let best = &self.root_moves[0];
            stable = if best.mv == last_best { stable + 1 } else { 0 };
            last_best = best.mv;
            let score_drop = if last_score == -INFINITE { 0 } else { last_score - best.score };
            last_score = best.score;
            if self.stop_after_iteration(stable, score_drop) {
                break;
            }
            if self.shared.signals.is_pondering() && self.soft_limit_passed(stable, score_drop) {
                // The move would be played now; while pondering, that means at ponderhit.
                self.stop_on_ponderhit = true;
            }
        }
    }

    fn stop_after_iteration(&self, stable: u32, score_drop: Score) -> bool {
        let c = self.control.as_ref().expect("main worker");
        let signals = self.shared.signals;
        if signals.is_stopped() {
            return true;
        }
        let best = self.root_moves[0].score;
        // A forced result whose every line ends well inside the depth searched does
        // not change with more depth: stop, so that the move comes at once and the
        // reported depth is one the search really needed (a tiny proven tree would
        // otherwise run its iterations up to MAX_DEPTH in no time).
        if is_mate(best) && self.completed_depth as i32 >= 2 * (MATE - best.abs()) + 4 {
            return true;
        }
        if let Some(n) = c.mate_limit {
            if best >= MATE_BOUND {
                if let ReportScore::Mate(m) = ReportScore::from_score(best) {
                    if m as u32 <= n {
                        return true;
                    }
                }
            }
        }
        !signals.is_pondering() && self.soft_limit_passed(stable, score_drop)
    }

    /// Whether the clock's soft limit says this was the last iteration.
    fn soft_limit_passed(&self, stable: u32, score_drop: Score) -> bool {
        match &self.control {
            Some(Control { managed: true, budget: Some(budget), .. }) => {
                let total: u64 = self.root_moves.iter().map(|rm| rm.nodes).sum();
                let share = (self.root_moves[0].nodes * 1000).checked_div(total).unwrap_or(1000);
                let progress = Progress {
                    stable_iterations: stable,
                    score_drop,
                    best_move_permille: share as u32,
                    single_move: self.root_moves.len() == 1,
                };
                budget.stop_after_iteration(self.elapsed_ms(), progress)
            }
            _ => false,
        }
    }

    /// One MultiPV line at `depth`, with an aspiration window around the previous
    /// score that widens on every fail.
    fn aspiration<L: SearchListener<P::Move>>(&mut self, depth: u32, pv_idx: usize, listener: &mut L) {
        let prev = self.root_moves[pv_idx].prev_score;
        let mut delta = ASPIRATION_DELTA.get();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_FROM_DEPTH && prev > -INFINITE && !is_mate(prev) {
            ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        // Fail highs in a row: each searches the next window a ply shallower (the
        // move that failed high is usually confirmed without the full depth).
        let mut fail_highs = 0;
        loop {
            let d = (depth as i32 - fail_highs).max(1);
            let score = self.search_root(d, alpha, beta, pv_idx, listener);
            self.sort_root(pv_idx);
            if self.aborted {
                return;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                fail_highs = 0;
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                if P::SHALLOWER_SEARCH_HOLDS && depth >= ASPIRATION_REDUCE_FROM_DEPTH {
                    fail_highs = (fail_highs + 1).min(ASPIRATION_MAX_FAIL_HIGH_REDUCTION);
                }
                Bound::Lower
            } else {
                return;
            };
            if self.is_main() && self.elapsed_ms() >= CURRMOVE_AFTER_MS {
                let report = self.report(depth, pv_idx, Some(bound));
                listener.on_report(&report);
            }
            delta += delta;
            if delta > 1_000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// Orders the root moves from `pv_idx` on by this search's scores. Only moves
    /// searched this time can move ahead (a fail high ends the loop early, an abort
    /// anywhere), and only if the first one finished; else the previous order stands.
    fn sort_root(&mut self, pv_idx: usize) {
        let rest = &mut self.root_moves[pv_idx..];
        if rest[0].updated {
            let key = |rm: &RootMove<P::Move>| if rm.updated { rm.score } else { -INFINITE };
            rest.sort_by_key(|rm| std::cmp::Reverse(key(rm)));
        }
    }

    fn search_root<L: SearchListener<P::Move>>(
        &mut self,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        pv_idx: usize,
        listener: &mut L,
    ) -> Score {
        let mut best = -INFINITE;
        for rm in self.root_moves.iter_mut() {
            rm.updated = false;
        }
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
        self.stack[0].eval = if self.pos.in_check() { -INFINITE } else { self.eval(0) };
        for i in pv_idx..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            if self.is_main() && self.elapsed_ms() >= CURRMOVE_AFTER_MS {
                listener.on_currmove(&CurrMove { depth: depth as u32, mv, number: i + 1 });
            }
            self.enter_move(0, self.piece_to(mv), None, false);
            let nodes_before = self.nodes;
            self.pos.make_move(mv);
            let mut score;
            if i == pv_idx {
                score = -self.search::<true>(depth - 1, 1, -beta, -alpha, false, false);
            } else {
                score = -self.search::<false>(depth - 1, 1, -alpha - 1, -alpha, false, true);
                if score > alpha && score < beta {
                    score = -self.search::<true>(depth - 1, 1, -beta, -alpha, false, false);
                }
            }
            self.pos.unmake_move();
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.aborted {
                break;
            }
            let seldepth = self.seldepth as u32;
            let child_pv = std::mem::take(&mut self.stack[1].pv);
            let rm = &mut self.root_moves[i];
            rm.updated = true;
            if i == pv_idx || score > alpha {
                rm.score = score;
                rm.seldepth = seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&child_pv);
            } else {
                rm.score = -INFINITE;
            }
            self.stack[1].pv = child_pv;
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// `cut`: this node is expected to fail high (a zero-window child of a move
    /// expected to fail low), where late moves are reduced a little more.
    fn search<const PV: bool>(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        skip_null: bool,
        cut: bool,
    ) -> Score {
        self.stack[ply].pv.clear();
        if depth <= 0 {
            return self.qsearch(ply, 0, alpha, beta, 0);
        }
        if self.poll() {
            return 0;
        }
        self.count_node(ply);
        if ply >= MAX_PLY - 1 {
            return self.eval(ply);
        }
        if self.pos.is_repetition() {
            return self.draw_score(ply);
        }
        // Mate-distance pruning: no line from here beats a mate already in hand.
        alpha = alpha.max(lost_in(ply));
        beta = beta.min(won_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let key = self.pos.hash();
        let excluded = self.stack[ply].excluded;
        let tt = self.shared.tt.probe(key);
        let tt_move = tt.and_then(|h| h.move_index);
        // On a principal variation now or when last stored: reduced less below.
        let tt_pv = PV || tt.is_some_and(|h| h.pv);
        if let Some(hit) = tt {
            if !PV && excluded.is_none() && hit.depth >= depth {
                if let Some(s) = hit.cutoff(ply, alpha, beta) {
                    return s;
                }
            }
        }

        let in_check = self.pos.in_check();
        // Check extension, bounded so that long series of checks cannot run away.
        let mut depth = if in_check && (ply as i32) < 2 * self.root_depth { depth + 1 } else { depth };
        let raw_eval = if in_check {
            -INFINITE
        } else {
            match tt {
                Some(hit) if hit.eval > -INFINITE => hit.eval,
                _ => self.eval(ply),
            }
        };
        let corr_keys = if in_check { None } else { self.pos.correction_keys() };
        let eval = self.corrected(raw_eval, corr_keys.as_ref());
        self.stack[ply].eval = eval;
        // Prune from the hash score where it says more than the evaluation.
        let eval = match tt {
            Some(hit) if !in_check => hit.refine(eval, ply),
            _ => eval,
        };
        if P::FORWARD_PRUNING_OK && !in_check && ply >= 1 && self.stack[ply - 1].eval > -INFINITE {
            // Our static evaluation plus the opponent's before its move: negative when
            // its move gained, positive when it lost ground.
            let drift = (self.stack[ply].eval + self.stack[ply - 1].eval) * 100 / P::MARGIN_PERCENT;
            if let Some(slot) = self.stack[ply - 1].quiet_slot.filter(|_| excluded.is_none()) {
                // Grade the opponent's quiet move by what it did to the evaluation.
                self.history.update(slot, (-EVAL_DIFF_HISTORY * drift).clamp(-EVAL_DIFF_HISTORY_MAX, EVAL_DIFF_HISTORY_MAX));
            }
            // Hindsight: a move reduced by a lot that did not hurt its side deserves
            // the depth back; one that clearly did may lose a ply more.
            let prior = self.stack[ply - 1].reduction;
            if prior >= HINDSIGHT_EXTEND_REDUCTION && drift <= 0 {
                depth += 1;
            } else if prior >= HINDSIGHT_REDUCE_REDUCTION && depth >= 2 && drift > HINDSIGHT_REDUCE_DRIFT {
                depth -= 1;
            }
        }
        // Improving: the evaluation rose since our previous move (four plies back
        // if we were in check then). Pruning is bolder when it did not.
        let improving = P::FORWARD_PRUNING_OK && !in_check && {
            let earlier = [2, 4].into_iter().filter(|&k| ply >= k).map(|k| self.stack[ply - k].eval).find(|&e| e > -INFINITE);
            earlier.is_none_or(|e| eval > e)
        };

        // Razoring: far below alpha near the horizon, only captures could save the
        // node; if quiescence says they do not, it fails low.
        if P::FORWARD_PRUNING_OK
            && !PV
            && !in_check
            && excluded.is_none()
            && depth <= RAZOR_MAX_DEPTH
            && !is_mate(alpha)
            && eval + margin::<P>(RAZOR_BASE.get() + RAZOR_MARGIN.get() * depth * depth) < alpha
        {
            let s = self.qsearch(ply, 0, alpha, alpha + 1, 0);
            if self.aborted {
                return 0;
            }
            if s <= alpha {
                return s;
            }
        }
        if !PV && !in_check && excluded.is_none() && P::NULL_MOVE_OK && !is_mate(beta) && !self.pos.null_move_risky() {
            // Reverse futility: far above beta with little depth left, a quiet
            // position holds. Relies on the same "a move helps" premise as null move.
            let rfp_depth = if P::FORWARD_PRUNING_OK { depth - improving as i32 } else { depth };
            let rfp_max = if P::FORWARD_PRUNING_OK { RFP_MAX_DEPTH_PRUNING } else { RFP_MAX_DEPTH };
            if depth <= rfp_max && eval - margin::<P>(RFP_MARGIN.get() * rfp_depth) >= beta {
                return eval;
            }
            if !skip_null && depth >= 3 && eval >= beta {
                // Reduce more the deeper the node and the further eval is above beta.
                let r = if P::FORWARD_PRUNING_OK {
                    3 + depth / 3 + ((eval - beta) / margin::<P>(NMP_EVAL_DIVISOR.get()).max(1)).min(3)
                } else {
                    3 + depth / 4
                };
                self.enter_move(ply, None, None, false);
                self.pos.make_null_move();
                let s = -self.search::<false>(depth - 1 - r, ply + 1, -beta, -beta + 1, true, !cut);
                self.pos.unmake_null_move();
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if is_mate(s) { beta } else { s };
                }
            }
        }

        // Hash ProbCut: a stored lower bound from a search nearly this deep that beats
        // beta by the ProbCut margin twice over is taken as the cutoff a ProbCut
        // search would find, without searching.
        if P::SHALLOWER_SEARCH_HOLDS && !PV && !in_check && excluded.is_none() && !is_mate(beta) {
            let pc_beta = beta + margin::<P>(HASH_PROBCUT_MARGIN_FACTOR * PROBCUT_MARGIN.get());
            // Lower bounds only: taking exact entries too (with the rule moved before
            // the null move) lost in games (docs/search-experiments.md, s36a and s36b).
            let stored = tt.filter(|hit| hit.bound == Bound::Lower && hit.depth >= depth - PROBCUT_REDUCTION);
            if stored.and_then(|hit| hit.lower_bound(ply)).is_some_and(|s| s >= pc_beta) {
                return pc_beta;
            }
        }
        if P::FORWARD_PRUNING_OK && !PV && !in_check && excluded.is_none() && depth >= PROBCUT_MIN_DEPTH && !is_mate(beta) {
            if let Some(s) = self.probcut(key, depth, ply, beta, eval, tt, tt_pv, cut) {
                return s;
            }
        }

        let mut list = MoveList::new();
        self.pos.candidate_moves(&mut list);
        if list.is_empty() {
            return self.terminal_score(ply);
        }
        if self.pos.is_rule_draw() {
            return self.draw_score(ply);
        }

        // Internal iterative reduction: without a hash move the ordering is poor and
        // the node likely new; a shallower search is cheaper and fills the table.
        if P::FORWARD_PRUNING_OK && depth >= IIR_MIN_DEPTH && tt_move.is_none() {
            depth -= 1;
        }
        // Only-move extension: a forced reply (antichess: the one compulsory
        // capture) is no choice, so it should not cost a ply of depth; bounded like
        // the check extension (which already covers a single evasion). Antichess
        // self-play, 3 s + 0.05 s: 14/2/4 with it against without.
        let single = list.len() == 1 && !in_check && (ply as i32) < 2 * self.root_depth;
        let depth = if single { depth + 1 } else { depth };
        let tt_move = tt_move.filter(|&i| (i as usize) < list.len());
        // Singular extension: if every move but the hash move fails well below its
        // stored score, the hash move is forced and gets an extra ply. If even
        // without it the node beats beta, several moves cut: return at once
        // (multi-cut). If the stored score beats beta but the move is not singular,
        // it is searched a ply shallower.
        let mut tt_extension = 0;
        if let (Some(hit), Some(tm), Some(tt_score)) = (tt, tt_move, tt.and_then(|h| h.lower_bound(ply))) {
            if P::FORWARD_PRUNING_OK
                && excluded.is_none()
                && depth >= SE_MIN_DEPTH
                && hit.depth >= depth - SE_TT_DEPTH_GAP
                && (ply as i32) < 2 * self.root_depth
            {
                let singular_beta = tt_score - SE_MARGIN * depth;
                self.stack[ply].excluded = Some(tm as usize);
                let s = self.search::<false>((depth - 1) / 2, ply, singular_beta - 1, singular_beta, true, cut);
                self.stack[ply].excluded = None;
                if self.aborted {
                    return 0;
                }
                if s < singular_beta {
                    let double = !PV && s < singular_beta - DOUBLE_EXT_MARGIN.get() && self.stack[ply].double_exts < DOUBLE_EXT_MAX;
                    tt_extension = if double { 2 } else { 1 };
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if tt_score >= beta {
                    // Another move nearly as good and the hash move expected to cut:
                    // it need not be searched as deep (outside PV nodes even less,
                    // where a shallower search holds).
                    tt_extension = if PV || !P::SHALLOWER_SEARCH_HOLDS { -1 } else { -2 };
                } else if cut && P::SHALLOWER_SEARCH_HOLDS {
                    // Not singular at a node expected to fail high: some other move
                    // will likely do, so the hash move is searched a ply shallower.
                    tt_extension = -1;
                }
            }
        }
        // Quiet moves rarely refute a node whose best move so far is a capture.
        // (Only read where forward pruning is sound: other variants skip the lookup.)
        let tt_noisy = P::FORWARD_PRUNING_OK
            && P::HAS_NOISY_MOVES
            && tt_move.is_some_and(|i| self.pos.is_noisy(list[i as usize]));
        let conts = [self.moved_before(ply, 1), self.moved_before(ply, 2)];
        let buffer = std::mem::take(&mut self.stack[ply].picker);
        let mut picker = Picker::new::<P>(&list, tt_move, buffer);
        let side = self.pos.side_to_move();
        // Pruning needs a move already searched that is not a loss, and pieces
        // besides pawns (zugzwang-prone endings are searched in full).
        let may_prune = P::FORWARD_PRUNING_OK && !self.pos.null_move_risky();
        let alpha_orig = alpha;
        let mut best = -INFINITE;
        let mut best_idx: Option<usize> = None;
        let mut quiets = [(0usize, None); QUIETS_TRACKED];
        let mut n_quiets = 0;
        let mut noisies = [0usize; NOISIES_TRACKED];
        let mut n_noisies = 0;
        let mut n = 0usize;
        let mut skip_quiets = false;
        self.stack[ply + 1].cutoffs = 0;
        loop {
            let ctx = Context { killers: &self.stack[ply].killers, history: self.history, conts };
            let Some(idx) = picker.next_in_node(&self.pos, &list, &ctx) else { break };
            if excluded == Some(idx) {
                continue;
            }
            let mv = list[idx];
            let quiet = !(P::HAS_NOISY_MOVES && self.pos.is_noisy(mv));
            let killer = self.stack[ply].killers.contains(&Some(mv));
            let piece_to = self.piece_to(mv);
            // The quiet history slot, found once: the statistic below, the child's
            // grading of the move, the cutoff's bonus and the malus of later cutoffs.
            let slot = quiet.then(|| History::slot(side, self.pos.history_index(mv)));
            let quiet_slot = slot.filter(|_| P::FORWARD_PRUNING_OK);
            let stat = match quiet_slot {
                Some(slot) => self.history.get(slot) + cont_score(&self.pos, mv, self.history, conts),
                None => 0,
            };
            if may_prune && n > 0 && best > -MATE_BOUND {
                // Late-move pruning: this far down a well-ordered list at low depth,
                // quiet moves almost never cut; quiet moves that force a reply
                // (checks; fours and open threes) still get their look (a mate in
                // three at depth 7 needs it).
                if quiet && (skip_quiets || (depth <= LMP_MAX_DEPTH && n >= lmp_limit(depth, improving))) {
                    skip_quiets = true;
                    if !self.pos.forces_reply(mv) {
                        continue;
                    }
                }
                if self.futile(mv, quiet, depth, n, eval, alpha, in_check, stat) && !self.pos.forces_reply(mv) {
                    continue;
                }
            }
            let ext = if tt_move == Some(idx as u16) { tt_extension } else { 0 };
            self.enter_move(ply, piece_to, quiet_slot, ext == 2);
            self.pos.make_move(mv);
            let new_depth = depth - 1 + ext;
            let mut score;
            if n == 0 {
                score = -self.search::<PV>(new_depth, ply + 1, -beta, -alpha, false, !PV && !cut);
            } else {
                let mut r = 0;
                if depth >= 3 && n >= 2 && quiet && !in_check && !self.pos.in_check() {
                    // In 1024ths of a ply, so that the history term and the flags add
                    // up before rounding instead of each being rounded away.
                    let mut rf = lmr_frac(depth, n) - LMR_ONE * (PV as i32 + killer as i32);
                    if P::FORWARD_PRUNING_OK {
                        let flags = !improving as i32 + cut as i32 + tt_noisy as i32 - (tt_pv && !PV) as i32
                            + (self.stack[ply + 1].cutoffs > LMR_CUTOFFS) as i32;
                        rf += LMR_ONE * flags;
                        // |stat| is at most 3 * HISTORY_MAX (history and two continuations),
                        // so times LMR_ONE it fits an i32.
                        let cap = LMR_HISTORY_CAP * LMR_ONE;
                        rf -= (stat * LMR_ONE / LMR_HISTORY_DIVISOR.get()).clamp(-cap, cap);
                    }
                    r = (rf / LMR_ONE).clamp(0, new_depth - 1);
                }
                self.stack[ply].reduction = r;
                score = -self.search::<false>(new_depth - r, ply + 1, -alpha - 1, -alpha, false, true);
                self.stack[ply].reduction = 0;
                if score > alpha && r > 0 {
                    let mut d = new_depth;
                    if P::FORWARD_PRUNING_OK {
                        d += (score > best + LMR_DEEPER_MARGIN.get() + 2 * new_depth) as i32;
                        d -= (score < best + LMR_SHALLOWER_MARGIN.get()) as i32;
                    }
                    score = -self.search::<false>(d, ply + 1, -alpha - 1, -alpha, false, !cut);
                }
                if PV && score > alpha && score < beta {
                    score = -self.search::<true>(new_depth, ply + 1, -beta, -alpha, false, false);
                }
            }
            self.pos.unmake_move();
            if self.aborted {
                self.stack[ply].picker = picker.into_buffer();
                return 0;
            }
            n += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_idx = Some(idx);
                    alpha = score;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        self.stack[ply].cutoffs = self.stack[ply].cutoffs.saturating_add(1);
                        if let Some(slot) = slot {
                            self.reward_quiet(ply, depth, mv, (slot, piece_to), conts, &quiets[..n_quiets]);
                        }
                        let cutter = if quiet { None } else { piece_to };
                        self.reward_noisy(depth, cutter, &noisies[..n_noisies]);
                        break;
                    }
                }
            }
            if let (Some(slot), true) = (slot, n_quiets < QUIETS_TRACKED) {
                quiets[n_quiets] = (slot, piece_to);
                n_quiets += 1;
            }
            if let (false, Some(key), true) = (quiet, piece_to, n_noisies < NOISIES_TRACKED) {
                noisies[n_noisies] = key;
                n_noisies += 1;
            }
        }
        self.stack[ply].picker = picker.into_buffer();

        if excluded.is_some() {
            // Every move but one was searched: nothing to store for the node.
            return best;
        }
        let bound = Bound::of(best, alpha_orig, beta);
        if let Some(keys) = corr_keys {
            // Learn the evaluation's error unless the bound says nothing about its
            // size (a fail high at or below the evaluation, a fail low above it) or
            // a capture decided the node (the evaluation is not meant to see those).
            let static_eval = self.stack[ply].eval;
            let informative = match bound {
                Bound::Exact => true,
                Bound::Lower => best > static_eval,
                Bound::Upper => best < static_eval,
            };
            let noisy_best = best_idx.is_some_and(|i| P::HAS_NOISY_MOVES && self.pos.is_noisy(list[i]));
            if informative && !noisy_best && !is_mate(best) && !is_mate(raw_eval) {
                let side = self.pos.side_to_move();
                self.history.correction.get_or_insert_with(Default::default).update(side, &keys, depth, best - raw_eval);
            }
        }
        let stored_eval = if in_check { -INFINITE } else { raw_eval };
        self.shared.tt.store(
            key,
            best_idx.map(|i| i as u16),
            score_to_tt(best, ply),
            stored_eval,
            depth,
            bound,
            tt_pv,
        );
        best
    }

    /// ProbCut: a good capture whose reduced search beats `beta` by a margin would
    /// almost surely beat `beta` at full depth, so the node is cut. Captures that
    /// cannot win the margin by SEE are skipped, and so is the whole test when the
    /// hash already says a search of nearly this depth stayed below the raised beta.
    #[allow(clippy::too_many_arguments)]
    fn probcut(&mut self, key: u64, depth: i32, ply: usize, beta: Score, eval: Score, tt: Option<TtHit>, tt_pv: bool, cut: bool) -> Option<Score> {
        let pc_beta = beta + margin::<P>(PROBCUT_MARGIN.get());
        let pc_depth = depth - PROBCUT_REDUCTION;
        if tt.is_some_and(|h| h.depth >= pc_depth && score_from_tt(h.score, ply) < pc_beta) {
            return None;
        }
        let mut list = MoveList::new();
        self.pos.noisy_moves(&mut list);
        let buffer = std::mem::take(&mut self.stack[ply].picker);
        let mut picker = Picker::by_hint(&self.pos, &list, buffer);
        let mut found = None;
        while let Some(idx) = picker.next(&self.pos, &list) {
            let mv = list[idx];
            if !self.pos.see_ge(mv, pc_beta - eval) {
                continue;
            }
            self.enter_move(ply, self.piece_to(mv), None, false);
            self.pos.make_move(mv);
            let mut s = -self.qsearch(ply + 1, 0, -pc_beta, -pc_beta + 1, 0);
            if s >= pc_beta && !self.aborted {
                s = -self.search::<false>(pc_depth - 1, ply + 1, -pc_beta, -pc_beta + 1, false, !cut);
            }
            self.pos.unmake_move();
            if self.aborted {
                break;
            }
            if s >= pc_beta {
                self.shared.tt.store(key, None, score_to_tt(s, ply), self.stack[ply].eval, pc_depth, Bound::Lower, tt_pv);
                found = Some(s);
                break;
            }
        }
        self.stack[ply].picker = picker.into_buffer();
        if self.aborted {
            return Some(0);
        }
        found
    }

    /// Whether `mv` is not worth searching at this low depth: a quiet move that even
    /// a generous gain leaves below alpha (futility), that keeps failing (history),
    /// or that puts its piece where it is lost (SEE); a capture that loses material
    /// by SEE. Moves that force a reply are exempt (the caller asks): a quiet check
    /// or an open three can start a mate that neither evaluation nor SEE can see.
    #[allow(clippy::too_many_arguments)]
    fn futile(&self, mv: P::Move, quiet: bool, depth: i32, n: usize, eval: Score, alpha: Score, in_check: bool, stat: i32) -> bool {
        if !quiet {
            return depth <= SEE_NOISY_MAX_DEPTH && !self.pos.see_ge(mv, -SEE_NOISY_MARGIN.get() * depth);
        }
        let lmr_depth = (depth - 1 - lmr_base(depth, n)).max(0);
        (!in_check && lmr_depth <= FUTILITY_MAX_DEPTH && eval + margin::<P>(FUTILITY_BASE.get() + FUTILITY_MARGIN.get() * lmr_depth) <= alpha)
            || (lmr_depth < HISTORY_PRUNE_MAX_DEPTH && stat < -HISTORY_PRUNE_MARGIN.get() * depth)
            || (lmr_depth <= FUTILITY_MAX_DEPTH && !self.pos.see_ge(mv, -SEE_QUIET_MARGIN.get() * lmr_depth * lmr_depth))
    }

    /// The piece-to key of `mv` for continuation history, where the variant uses it.
    #[inline]
    fn piece_to(&self, mv: P::Move) -> Option<usize> {
        if P::FORWARD_PRUNING_OK {
            self.pos.piece_to_index(mv)
        } else {
            None
        }
    }

    /// Records the move about to be played at `ply` for the plies below: its
    /// piece-to key (`None` for a null move), its quiet-history slot (`None`
    /// unless quiet) and whether it is doubly extended. Every move the search
    /// plays goes through here, so no per-ply entry is left from another line.
    #[inline]
    fn enter_move(&mut self, ply: usize, piece_to: Option<usize>, quiet_slot: Option<usize>, double_ext: bool) {
        self.stack[ply].moved = piece_to;
        self.stack[ply].quiet_slot = quiet_slot;
        self.stack[ply + 1].double_exts = self.stack[ply].double_exts + double_ext as u8;
    }

    /// The piece-to key of the move played `back` plies before `ply`.
    #[inline]
    fn moved_before(&self, ply: usize, back: usize) -> Option<usize> {
        if ply >= back {
            self.stack[ply - back].moved
        } else {
            None
        }
    }

    /// A quiet move caused a cutoff: remember it as a killer, raise its history and
    /// lower that of the quiet moves tried before it (`cutter` and each of `tried`:
    /// history slot and piece-to key); the same for continuation history after the
    /// moves in `conts`.
    fn reward_quiet(
        &mut self,
        ply: usize,
        depth: i32,
        mv: P::Move,
        (slot, piece_to): (usize, Option<usize>),
        conts: [Option<usize>; 2],
        tried: &[(usize, Option<usize>)],
    ) {
        let k = &mut self.stack[ply].killers;
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = history_bonus(depth);
        self.history.update(slot, bonus);
        for &(s, _) in tried {
            self.history.update(s, -bonus);
        }
        for &earlier in conts.iter().flatten() {
            if let Some(current) = piece_to {
                self.history.update_cont(earlier, current, bonus);
            }
            for &(_, other) in tried {
                if let Some(other) = other {
                    self.history.update_cont(earlier, other, -bonus);
                }
            }
        }
    }

    /// A cutoff at `depth`: raise the capture history of the noisy move that caused
    /// it (`cutter`, `None` for a quiet one) and lower that of the noisy moves tried
    /// before it (`tried`, piece-to keys). Only where the variant gives piece-to keys.
    fn reward_noisy(&mut self, depth: i32, cutter: Option<usize>, tried: &[usize]) {
        let bonus = history_bonus(depth);
        if let Some(key) = cutter {
            self.history.update_capture(key, bonus);
        }
        for &key in tried {
            self.history.update_capture(key, -bonus);
        }
    }

    fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }

    /// Quiescence: resolve noisy moves before trusting the static evaluation. The
    /// side to move may stand pat (keep the evaluation) unless it is in check or a
    /// noisy move is forced (antichess captures), where every candidate move is
    /// searched (every legal move, or the forced replies a variant names, such as
    /// a connect game's blocks of a five). `qply` counts plies since the horizon;
    /// noisy moves are tried only in the first `P::QS_NOISY_PLIES` of them, and
    /// only those that follow up the mover's last move in the next
    /// `P::QS_FOLLOW_UP_PLIES`.
    ///
    /// `choices` counts the forced nodes with more than one move already passed on
    /// this line. Forced captures can answer forced captures for dozens of plies with
    /// several choices each (antichess: 8 million nodes at depth 4 from the start
    /// position), so after `QS_FORCED_CHOICES` of them the evaluation is taken as it
    /// stands; a forced node with a single move costs no choice, so plain
    /// recapture chains are still followed to the end.
    fn qsearch(&mut self, ply: usize, qply: usize, mut alpha: Score, beta: Score, mut choices: u32) -> Score {
        self.stack[ply].pv.clear();
        if self.poll() {
            return 0;
        }
        self.count_node(ply);
        if !P::HAS_NOISY_MOVES {
            // Nothing to resolve: the leaf is the evaluation, or the result if the
            // last move ended the game (a completed line).
            return match self.pos.outcome() {
                Some(_) => self.terminal_score(ply),
                None => self.eval(ply),
            };
        }
        if ply >= MAX_PLY - 1 {
            return self.eval(ply);
        }
        let key = self.pos.hash();
        let tt = self.shared.tt.probe(key);
        if let Some(s) = tt.and_then(|hit| hit.cutoff(ply, alpha, beta)) {
            return s;
        }

        let alpha_orig = alpha;
        let mut list = MoveList::new();
        let mut best;
        let mut eval = -INFINITE;
        let in_check = self.pos.in_check();
        if in_check || self.pos.forced_noisy() {
            self.pos.candidate_moves(&mut list);
            if list.is_empty() {
                return self.terminal_score(ply);
            }
            if !in_check && list.len() > 1 {
                if choices >= QS_FORCED_CHOICES {
                    return self.eval(ply);
                }
                choices += 1;
            }
            best = -INFINITE;
        } else {
            eval = match tt {
                Some(hit) if hit.eval > -INFINITE => hit.eval,
                _ => self.eval(ply),
            };
            let mut stand_pat = self.corrected(eval, self.pos.correction_keys().as_ref());
            // Stand on the hash score where it says more than the evaluation.
            if let (true, Some(hit)) = (P::FORWARD_PRUNING_OK, tt) {
                stand_pat = hit.refine(stand_pat, ply);
            }
            if stand_pat >= beta {
                // Halfway back to beta: a static score above beta overstates the
                // margin as often as it holds it.
                return if P::FORWARD_PRUNING_OK && !is_mate(stand_pat) { (stand_pat + beta) / 2 } else { stand_pat };
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            if qply < P::QS_NOISY_PLIES {
                self.pos.noisy_moves(&mut list);
            } else if qply < P::QS_NOISY_PLIES.saturating_add(P::QS_FOLLOW_UP_PLIES) {
                self.pos.follow_up_noisy_moves(&mut list);
            }
        }

        // Captures that lose material by SEE are not worth resolving when the side
        // to move could stand pat instead.
        let see_prune = P::FORWARD_PRUNING_OK && eval > -INFINITE;
        let buffer = std::mem::take(&mut self.stack[ply].picker);
        let mut picker = Picker::by_hint(&self.pos, &list, buffer);
        while let Some(idx) = picker.next(&self.pos, &list) {
            if see_prune && !self.pos.see_ge(list[idx], 0) {
                continue;
            }
            self.pos.make_move(list[idx]);
            let score = -self.qsearch(ply + 1, qply + 1, -beta, -alpha, choices);
            self.pos.unmake_move();
            if self.aborted {
                self.stack[ply].picker = picker.into_buffer();
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.stack[ply].picker = picker.into_buffer();
        if P::FORWARD_PRUNING_OK && best >= beta && !is_mate(best) && !is_mate(beta) {
            // A capture's fail high, pulled towards beta for the same reason.
            best = (3 * best + beta) / 4;
        }
        let bound = Bound::of(best, alpha_orig, beta);
        // Quiescence keeps a stored entry's PV flag: it has no PV nodes of its own.
        let pv = tt.is_some_and(|h| h.pv);
        self.shared.tt.store(key, None, score_to_tt(best, ply), eval, 0, bound, pv);
        best
    }

    /// The MultiPV line `i` as a report.
    pub fn report(&self, depth: u32, i: usize, bound: Option<Bound>) -> Report<P::Move> {
        let rm = &self.root_moves[i];
        let score = if rm.score > -INFINITE { rm.score } else { rm.prev_score };
        let time_ms = self.elapsed_ms();
        let nodes = self.total_nodes();
        Report {
            depth,
            // The deepest ply of the whole iteration so far: the line's own value
            // only covers the moves searched before it was found.
            seldepth: rm.seldepth.max(self.seldepth as u32).max(1),
            multipv: i + 1,
            score: ReportScore::from_score(score),
            raw_score: score,
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: self.shared.tt.hashfull(),
            time_ms,
            pv: rm.pv.clone(),
        }
    }

    /// The position at the root (for the ponder-move lookup after the search).
    pub fn position(&mut self) -> &mut P {
        &mut self.pos
    }

    /// Publishes the final node count (helpers), so the total is exact at the end.
    pub fn publish_nodes(&self) {
        self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
    }
}
