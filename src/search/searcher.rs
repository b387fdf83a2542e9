//! The searcher a session keeps: the transposition table, the thread count, and the
//! per-thread history that carries over between moves of a game.
//!
//! It is not generic itself: `search` is, and is monomorphised per position type,
//! so one `Searcher` (one `Hash` table) serves whichever variant the session plays.
//! The table stores moves as indices, so nothing in it depends on the move type.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::core::score::{Score, DRAW, INFINITE};
use crate::core::{MoveList, Position, SolverBudget};

use super::limits::{Limits, Signals};
use super::ordering::History;
use super::report::{Report, ReportScore, SearchListener, SearchResult, Silent};
use super::tt::{HashAllocError, Tt};
use super::worker::{Control, RootMove, Shared, Worker, MAX_DEPTH};

/// Stack for each search thread: recursion to `MAX_PLY` with a move list and an
/// ordering array per frame needs more than the 2 MiB default of spawned threads.
const SEARCH_STACK_BYTES: usize = 64 << 20;

/// At most this many threads (UCI `Threads` max).
pub const MAX_THREADS: usize = 256;

pub struct Searcher {
    tt: Tt,
    histories: Vec<History>,
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Self {
        let mut s = Searcher { tt: Tt::new(hash_mb), histories: Vec::new() };
        s.set_threads(threads);
        s
    }

    /// UCI `Hash`: reallocates (and so clears) the table. On error a smaller table
    /// is in use, and the error says how big (for an `info string`).
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), HashAllocError> {
        self.tt.resize(mb)
    }

    /// Puts in a table allocated elsewhere (see [`Tt::allocate`]); the old one and
    /// everything in it is dropped.
    pub fn set_table(&mut self, tt: Tt) {
        self.tt = tt;
    }

    /// UCI `Threads`, clamped to `1..=MAX_THREADS`.
    pub fn set_threads(&mut self, threads: usize) {
        self.histories.resize_with(threads.clamp(1, MAX_THREADS), History::default);
    }

    pub fn threads(&self) -> usize {
        self.histories.len()
    }

    /// `ucinewgame` / `Clear Hash`: forget everything learnt, so the next search
    /// behaves exactly as in a fresh engine.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.histories.iter_mut().for_each(History::clear);
    }

    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    pub fn hash_bytes(&self) -> usize {
        self.tt.size_bytes()
    }

    /// Searches `pos` within `limits`, reporting to `listener`, until a limit is hit
    /// or `signals` says stop. Under `infinite` or while pondering it returns only
    /// after `stop` (or, for ponder, after `ponderhit` once its time is used), as
    /// UCI requires. The best move is `None` only when `pos` has no legal move.
    pub fn search<P: Position, L: SearchListener<P::Move>>(
        &mut self,
        pos: &P,
        limits: &Limits<P::Move>,
        signals: &Signals,
        listener: &mut L,
    ) -> SearchResult<P::Move> {
        let start = limits.start.unwrap_or_else(Instant::now);
        self.tt.new_search();
        self.histories.iter_mut().for_each(History::age);

        let control = Control::new(limits, pos.side_to_move(), pos.ply(), start);
        // The variant's solvers serve a plain search (under `infinite` or `ponder` the
        // host expects the search to wait for `stop`, and MultiPV or `searchmoves`
        // ask for more than one line). They run before the search and cannot be
        // interrupted: skip them too when the move must come almost at once.
        let plain = !(limits.infinite || signals.is_pondering() || limits.multipv > 1 || !limits.searchmoves.is_empty());
        let solvers = plain && control.budget.is_none_or(|b| b.hard_ms >= SOLVER_MIN_MS);
        let root_moves = root_moves(pos, &limits.searchmoves, solvers);
        if solvers {
            let budget = match (limits.nodes, control.budget) {
                (Some(n), _) => SolverBudget::Nodes(n * SOLVER_SHARE_PERCENT / 100),
                (None, Some(b)) => SolverBudget::Millis(b.soft_ms * SOLVER_SHARE_PERCENT / 100),
                (None, None) => SolverBudget::Fixed,
            };
            if let Some(result) = self.proven_win(pos, budget, listener, start) {
                return result;
            }
        }
        let shared = Shared {
            tt: &self.tt,
            signals,
            halt: AtomicBool::new(false),
            nodes: (0..self.histories.len()).map(|_| AtomicU64::new(0)).collect(),
            contempt: limits.contempt * P::MARGIN_PERCENT / 100,
        };

        let (main_history, helper_histories) = self.histories.split_first_mut().expect("at least one thread");
        let result = std::thread::scope(|scope| {
            let helpers: Vec<_> = helper_histories
                .iter_mut()
                .enumerate()
                .map(|(i, history)| {
                    let (pos, moves, shared) = (pos.clone(), root_moves.clone(), &shared);
                    std::thread::Builder::new()
                        .name(format!("search-{}", i + 1))
                        .stack_size(SEARCH_STACK_BYTES)
                        .spawn_scoped(scope, move || {
                            let mut w = Worker::new(i + 1, pos, moves, shared, history, None);
                            w.iterate(&mut Silent);
                            w.publish_nodes();
                            (w.nodes, w.completed_depth, w.completed_best.take())
                        })
                        .expect("spawn search thread")
                })
                .collect();
            let main = std::thread::Builder::new()
                .name("search-0".into())
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, || {
                    let mut w = Worker::new(0, pos.clone(), root_moves.clone(), &shared, main_history, Some(control));
                    w.iterate(listener);
                    wait_for_release(signals, limits.infinite);
                    shared.halt.store(true, Ordering::Relaxed);
                    finish(&mut w, &shared)
                })
                .expect("spawn search thread");
            let result = main.join().expect("main search thread panicked");
            let mut helper_nodes = 0;
            let mut deepest: Option<(u32, RootMove<P::Move>)> = None;
            for h in helpers {
                let (nodes, depth, best) = h.join().expect("search thread panicked");
                helper_nodes += nodes;
                if let Some(best) = best {
                    if deepest.as_ref().is_none_or(|(d, _)| depth > *d) {
                        deepest = Some((depth, best));
                    }
                }
            }
            (result, helper_nodes, deepest)
        });
        let (mut result, helper_nodes, deepest) = result;
        result.nodes += helper_nodes;
        result.time_ms = start.elapsed().as_millis() as u64;
        let depth_limit = limits.depth.unwrap_or(MAX_DEPTH);
        if let Some((depth, best)) = deepest {
            // Lazy SMP: a helper that completed a deeper iteration than the main
            // worker knows more; play its move (one line only: MultiPV stays the
            // main worker's). A search that reached its depth limit keeps its own.
            if depth > result.depth && result.depth < depth_limit && limits.multipv <= 1 {
                self.adopt_helper(pos, &mut result, depth, best, listener);
            }
        }
        result
    }

    /// Replaces `result` by a helper's deeper line, and reports that line so that
    /// the last `info` matches the `bestmove`.
    fn adopt_helper<P: Position, L: SearchListener<P::Move>>(
        &self,
        pos: &P,
        result: &mut SearchResult<P::Move>,
        depth: u32,
        best: RootMove<P::Move>,
        listener: &mut L,
    ) {
        let ponder_move = best.pv.get(1).copied().or_else(|| ponder_from_tt(&mut pos.clone(), best.mv, &self.tt));
        result.best_move = Some(best.mv);
        result.ponder_move = ponder_move;
        result.score = ReportScore::from_score(best.score);
        result.raw_score = best.score;
        result.depth = depth;
        result.seldepth = best.seldepth;
        result.pv = best.pv;
        listener.on_report(&Report {
            depth,
            seldepth: result.seldepth.max(1),
            multipv: 1,
            score: result.score,
            raw_score: result.raw_score,
            bound: None,
            nodes: result.nodes,
            nps: result.nodes * 1000 / result.time_ms.max(1),
            hashfull: self.tt.hashfull(),
            time_ms: result.time_ms,
            pv: result.pv.clone(),
        });
    }
}

/// The root moves: the legal moves named by `searchmoves` when any of them is
/// legal, else the variant's `candidate_moves`. Those are every legal move except in
/// a connect game on a large board, where far cells are left out at the root as
/// everywhere else (so the first stone goes to the centre and no time is spent on
/// the edge); `searchmoves` still reaches any legal cell.
impl Searcher {
    /// The variant's own solver, asked before the tree search of a plain search: a
    /// proven win is played at once. The line is replayed by the rules before it is
    /// trusted.
    fn proven_win<P: Position, L: SearchListener<P::Move>>(
        &self,
        pos: &P,
        budget: SolverBudget,
        listener: &mut L,
        start: Instant,
    ) -> Option<SearchResult<P::Move>> {
        let line = pos.forced_win(budget)?;
        let mut replay = pos.clone();
        let mut legal = MoveList::new();
        for &mv in &line {
            legal.clear();
            replay.legal_moves(&mut legal);
            if !legal.iter().any(|&m| m == mv) {
                return None;
            }
            replay.make_move(mv);
        }
        let won = replay.outcome().and_then(|o| o.winner) == Some(pos.side_to_move());
        if !won || line.is_empty() {
            return None;
        }
        let score = crate::core::score::won_in(line.len());
        let time_ms = start.elapsed().as_millis() as u64;
        let depth = line.len() as u32;
        listener.on_report(&Report {
            depth,
            seldepth: depth,
            multipv: 1,
            score: ReportScore::from_score(score),
            raw_score: score,
            bound: None,
            nodes: 0,
            nps: 0,
            hashfull: self.tt.hashfull(),
            time_ms,
            pv: line.clone(),
        });
        Some(SearchResult {
            best_move: line.first().copied(),
            ponder_move: line.get(1).copied(),
            score: ReportScore::from_score(score),
            raw_score: score,
            depth,
            seldepth: depth,
            nodes: 0,
            time_ms,
            pv: line,
        })
    }
}

/// The variant's solvers (`forced_win`, `threat_defences`) cost up to some tens of
/// milliseconds in bad cases; below this hard time limit they are left out.
const SOLVER_MIN_MS: u64 = 200;

/// The share (percent) of the soft time limit, or of the node limit, a variant's
/// root solver may spend: most moves are not forced wins, and a failed solve is
/// work lost to the tree search.
const SOLVER_SHARE_PERCENT: u64 = 3;

/// The moves the root searches: `searchmoves` when given, else the candidates,
/// narrowed to the proven defences against an opponent's threat when `solvers`
/// allows asking for them.
fn root_moves<P: Position>(pos: &P, searchmoves: &[P::Move], solvers: bool) -> Vec<P::Move> {
    let mut list = MoveList::new();
    if !searchmoves.is_empty() {
        pos.legal_moves(&mut list);
        let chosen: Vec<P::Move> = list.iter().copied().filter(|m| searchmoves.contains(m)).collect();
        if !chosen.is_empty() {
            return chosen;
        }
        list.clear();
    }
    pos.candidate_moves(&mut list);
    if let Some(defences) = solvers.then(|| pos.threat_defences()).flatten() {
        let holding: Vec<P::Move> = list.iter().copied().filter(|m| defences.contains(m)).collect();
        if !holding.is_empty() {
            return holding;
        }
    }
    list.iter().copied().collect()
}

/// UCI forbids `bestmove` before `stop` in `go infinite`, and before `stop` or
/// `ponderhit` in `go ponder`, even when the search itself has nothing left to do.
fn wait_for_release(signals: &Signals, infinite: bool) {
    while !signals.is_stopped() && (infinite || signals.is_pondering()) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

fn finish<P: Position>(w: &mut Worker<'_, P>, shared: &Shared<'_>) -> SearchResult<P::Move> {
    let depth = w.completed_depth;
    let nodes = w.nodes;
    if w.root_moves.is_empty() {
        let pos = w.position();
        let score = match pos.outcome().and_then(|o| o.winner) {
            Some(s) if s == pos.side_to_move() => crate::core::score::won_in(0),
            Some(_) => crate::core::score::lost_in(0),
            None => DRAW,
        };
        return SearchResult {
            best_move: None,
            ponder_move: None,
            score: ReportScore::from_score(score),
            raw_score: score,
            depth: 0,
            seldepth: 0,
            nodes,
            time_ms: 0,
            pv: Vec::new(),
        };
    }
    let best = w.root_moves[0].clone();
    // Never -INFINITE for the main worker: an aborted first iteration scores its
    // move by the static evaluation (`Worker::iterate`).
    let score: Score = if best.score > -INFINITE { best.score } else { best.prev_score };
    let ponder_move = best.pv.get(1).copied().or_else(|| ponder_from_tt(w.position(), best.mv, shared.tt));
    SearchResult {
        best_move: Some(best.mv),
        ponder_move,
        score: ReportScore::from_score(score),
        raw_score: score,
        depth,
        seldepth: best.seldepth,
        nodes,
        time_ms: 0,
        pv: best.pv,
    }
}

/// The reply the table expects after `best`, if it knows one.
fn ponder_from_tt<P: Position>(pos: &mut P, best: P::Move, tt: &Tt) -> Option<P::Move> {
    pos.make_move(best);
    let reply = tt.probe(pos.hash()).and_then(|hit| hit.move_index).and_then(|i| {
        let mut list = MoveList::new();
        pos.candidate_moves(&mut list);
        list.as_slice().get(i as usize).copied()
    });
    pos.unmake_move();
    reply
}
