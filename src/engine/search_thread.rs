//! Running a search on its own thread, so the input loop stays free to answer
//! `isready`, `stop` and `ponderhit` at once. Generic over the position type: the
//! variant is matched once when the search starts.

use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::core::{MoveList, Position};
use crate::search::{CurrMove, Limits, Report, SearchListener, SearchResult, Searcher, Signals};

/// Receives what a search reports, with moves already in the host's notation. The
/// protocol adapters implement it (UCI `info`/`bestmove`, Gomocup `MESSAGE`/`x,y`).
pub trait SearchSink: Send + Sync + 'static {
    fn report(&self, report: &Report<String>);
    fn currmove(&self, currmove: &CurrMove<String>);
    /// Called exactly once per search, last.
    fn bestmove(&self, best: Option<&str>, ponder: Option<&str>);
}

/// A search in progress (or just finished): its signals and its thread.
pub struct RunningSearch {
    pub signals: Arc<Signals>,
    handle: JoinHandle<()>,
}

impl RunningSearch {
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the search thread; its `bestmove` has been sent when this returns.
    pub fn join(self) {
        if self.handle.join().is_err() {
            log::error!("the search thread panicked");
        }
    }
}

/// Starts searching `pos` on a new thread. `limits.searchmoves` holds move texts; the
/// ones that are not legal moves here are dropped (with a warning on stderr).
pub fn spawn<P: Position>(
    pos: P,
    limits: Limits<String>,
    ponder: bool,
    searcher: Arc<Mutex<Searcher>>,
    building: Arc<Mutex<Option<super::TableBuilder>>>,
    sink: Arc<dyn SearchSink>,
) -> RunningSearch {
    let signals = Arc::new(Signals::new(ponder));
    let thread_signals = Arc::clone(&signals);
    let handle = std::thread::Builder::new()
        .name("search".into())
        .spawn(move || {
            let limits = parse_searchmoves(&pos, limits);
            let mut searcher = super::lock(&searcher);
            // A new table finished since the last search goes in now.
            if let Err(e) = super::install_ready_table(&building, &mut searcher) {
                log::warn!("{e}");
            }
            let mut listener = Formatter { root: &pos, sink: sink.as_ref() };
            let result = searcher.search(&pos, &limits, &thread_signals, &mut listener);
            drop(searcher);
            if result.best_move.is_none() {
                // As Stockfish does: one line with the verdict on the finished position
                // (`mate 0` for a decided game, `cp 0` for a draw) before `bestmove (none)`.
                sink.report(&no_move_report(&result));
            }
            let line = format_line(&pos, result.best_move.iter().chain(result.ponder_move.iter()));
            sink.bestmove(line.first().map(String::as_str), line.get(1).map(String::as_str));
        })
        .expect("cannot spawn the search thread");
    RunningSearch { signals, handle }
}

/// The report of a search of a position without legal moves: depth 0, no line.
fn no_move_report<M>(result: &SearchResult<M>) -> Report<String> {
    Report {
        depth: 0,
        seldepth: 0,
        multipv: 1,
        score: result.score,
        raw_score: result.raw_score,
        bound: None,
        nodes: result.nodes,
        nps: 0,
        hashfull: 0,
        time_ms: result.time_ms,
        pv: Vec::new(),
    }
}

fn parse_searchmoves<P: Position>(pos: &P, limits: Limits<String>) -> Limits<P::Move> {
    let searchmoves = limits
        .searchmoves
        .iter()
        .filter_map(|text| match pos.parse_move(text) {
            Ok(mv) => Some(mv),
            Err(e) => {
                log::debug!("searchmoves: {e}");
                None
            }
        })
        .collect();
    Limits {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime_ms: limits.movetime_ms,
        mate: limits.mate,
        infinite: limits.infinite,
        wtime_ms: limits.wtime_ms,
        btime_ms: limits.btime_ms,
        winc_ms: limits.winc_ms,
        binc_ms: limits.binc_ms,
        movestogo: limits.movestogo,
        move_overhead_ms: limits.move_overhead_ms,
        contempt: limits.contempt,
        searchmoves,
        multipv: limits.multipv,
        start: limits.start,
    }
}

/// Formats a line of moves from `root`, stopping at the first move that is not legal
/// where it would be played (a line read from the hash table can end in nonsense, and
/// a host must never see an illegal move).
fn format_line<'a, P: Position>(root: &P, moves: impl Iterator<Item = &'a P::Move>) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::new();
    let mut legal = MoveList::new();
    for &mv in moves {
        legal.clear();
        pos.legal_moves(&mut legal);
        if !legal.iter().any(|&m| m == mv) {
            break;
        }
        out.push(pos.format_move(mv));
        pos.make_move(mv);
    }
    out
}

/// Turns the searcher's typed reports into reports with move texts.
struct Formatter<'a, P: Position> {
    root: &'a P,
    sink: &'a dyn SearchSink,
}

impl<P: Position> SearchListener<P::Move> for Formatter<'_, P> {
    fn on_report(&mut self, r: &Report<P::Move>) {
        let pv = format_line(self.root, r.pv.iter());
        self.sink.report(&Report {
            depth: r.depth,
            seldepth: r.seldepth,
            multipv: r.multipv,
            score: r.score,
            raw_score: r.raw_score,
            bound: r.bound,
            nodes: r.nodes,
            nps: r.nps,
            hashfull: r.hashfull,
            time_ms: r.time_ms,
            pv,
        });
    }

    fn on_currmove(&mut self, c: &CurrMove<P::Move>) {
        let mv = self.root.format_move(c.mv);
        self.sink.currmove(&CurrMove { depth: c.depth, mv, number: c.number });
    }
}
