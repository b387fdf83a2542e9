//! The session behind a protocol: the chosen variant, the current position, the
//! settings, and (while searching) the search thread. Protocol adapters call it with
//! typed values and format what it returns; it never prints.

mod game;
mod search_thread;
pub mod strength;
mod table_builder;

use std::path::Path;
use std::sync::{Arc, Mutex};

pub use search_thread::SearchSink;
pub use strength::Strength;

use crate::core::rng::Rng;
use crate::core::PositionError;
use crate::perft::DivideLine;
use crate::search::{HashAllocError, Limits, Searcher, Tt};
use crate::variants::chess::nnue::{self, NetFileError, Network};
use crate::variants::{with_position, AnyPosition, Variant};
use search_thread::RunningSearch;
use table_builder::TableBuilder;

/// How much a game Ludex plays values a draw below an even position, in chess
/// centipawns (UCI `Contempt`; `Limits::contempt`). None: 25 scored no better
/// against Stockfish 2600 than 0 on the same openings (docs/search-experiments.md).
pub const DEFAULT_CONTEMPT: i32 = 0;
/// The largest `Contempt` either way.
pub const MAX_CONTEMPT: i32 = 100;

/// Settings that survive `ucinewgame` and position changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub move_overhead_ms: u64,
    /// `Contempt`, in chess centipawns (see `Limits::contempt`).
    pub contempt: i32,
    pub analyse_mode: bool,
    /// `Skill Level`, `UCI_LimitStrength`, `UCI_Elo` (see `strength`).
    pub strength: Strength,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { hash_mb: 16, threads: 1, multipv: 1, ponder: false, move_overhead_ms: 30, contempt: DEFAULT_CONTEMPT, analyse_mode: false, strength: Strength::default() }
    }
}

pub struct Engine {
    /// The `UCI_Variant` choice; combined with `chess960` into the variant played.
    selected: Variant,
    chess960: bool,
    position: AnyPosition,
    /// The chess evaluation's network (`EvalFile`): the built-in one unless a file
    /// was loaded.
    chess_net: Arc<Network>,
    settings: Settings,
    /// Shared with the search thread, which holds the lock while it searches.
    searcher: Arc<Mutex<Searcher>>,
    /// Hash (as asked for) and Threads as the searcher has them or will have them:
    /// a new table is allocated by `building` and put in when the searcher is free;
    /// a Threads change made during a search is applied when it is over.
    applied: (usize, usize),
    building: Arc<Mutex<Option<TableBuilder>>>,
    clear_pending: bool,
    running: Option<RunningSearch>,
}

/// Makes `pos` evaluate with `net` if it is a chess position (the only variant
/// with a network).
fn give_network(pos: &mut AnyPosition, net: &Arc<Network>) {
    if let AnyPosition::Chess(c) = pos {
        c.set_network(net);
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Self {
        let selected = Variant::Chess;
        let settings = Settings::default();
        let searcher = Searcher::new(settings.hash_mb, settings.threads);
        Engine {
            selected,
            chess960: false,
            position: selected.startpos(),
            chess_net: nnue::embedded(),
            applied: (settings.hash_mb, settings.threads),
            settings,
            searcher: Arc::new(Mutex::new(searcher)),
            clear_pending: false,
            running: None,
            building: Arc::new(Mutex::new(None)),
        }
    }

    /// Changes settings; Threads reach the searcher as soon as it is idle, a new
    /// Hash size starts a table allocation at once (see `table_builder`), never
    /// holding the caller. An error means the table cannot be had at the size asked
    /// for (a smaller one is being made, as the error says).
    pub fn update_settings(&mut self, f: impl FnOnce(&mut Settings)) -> Result<(), HashAllocError> {
        f(&mut self.settings);
        let mut result = Ok(());
        if self.settings.hash_mb != self.applied.0 {
            self.applied.0 = self.settings.hash_mb;
            let mb = Tt::affordable(self.settings.hash_mb).unwrap_or_else(|e| {
                result = Err(e);
                e.allocated_mb
            });
            // A builder still at work for an older size is left to finish on its
            // own; its table is dropped.
            *lock(&self.building) = Some(TableBuilder::start(mb));
        }
        if let Err(e) = self.apply_when_idle() {
            log::warn!("{e}");
        }
        result
    }

    /// A search tunable, by its index in `search::params::ALL`, for the searches
    /// started from now on. Only a build with `--features spsa` offers tunables
    /// (`parse_setting` refuses them otherwise); in other builds they are constants.
    pub fn set_tunable(&mut self, index: usize, value: i32) {
        #[cfg(feature = "spsa")]
        crate::search::params::ALL[index].set(value);
        #[cfg(not(feature = "spsa"))]
        log::warn!("tunable {index} = {value} ignored: not a --features spsa build");
    }

    /// `Clear Hash`: forget the transposition table and histories.
    pub fn clear_hash(&mut self) {
        self.clear_pending = true;
        if let Err(e) = self.apply_when_idle() {
            log::warn!("{e}");
        }
    }

    /// Whether a search thread is still running (it has not sent `bestmove` yet).
    pub fn is_searching(&self) -> bool {
        self.running.as_ref().is_some_and(|r| !r.is_finished())
    }

    /// Pushes pending Threads and clear changes, and a finished new table, into the
    /// searcher if no search runs. Never waits for a table still being allocated.
    fn apply_when_idle(&mut self) -> Result<(), HashAllocError> {
        if self.is_searching() {
            return Ok(());
        }
        if let Some(done) = self.running.take() {
            done.join();
        }
        let mut searcher = lock(&self.searcher);
        let result = install_ready_table(&self.building, &mut searcher);
        let threads = self.settings.threads;
        if self.applied.1 != threads {
            searcher.set_threads(threads);
            self.applied.1 = threads;
        }
        if self.clear_pending {
            searcher.clear();
            self.clear_pending = false;
        }
        result
    }

    /// Starts a search of the current position; the sink gets its reports and exactly
    /// one `bestmove`. A search still running is stopped first (its own `bestmove`
    /// is sent before this one starts).
    pub fn go(&mut self, mut limits: Limits<String>, ponder: bool, mut sink: Arc<dyn SearchSink>) {
        self.stop_and_wait();
        if let Err(e) = self.apply_when_idle() {
            log::warn!("{e}");
        }
        limits.move_overhead_ms = self.settings.move_overhead_ms;
        limits.contempt = self.settings.contempt;
        limits.multipv = self.settings.multipv.max(1);
        // A weakened level plays games; analysis (`go infinite`, UCI_AnalyseMode)
        // always gets the full-strength search.
        if !limits.infinite && !self.settings.analyse_mode {
            let mut rng = Rng::new(strength::fresh_seed());
            if let Some(level) = self.settings.strength.level_for_search(&mut rng) {
                let cap = strength::depth_cap(level);
                limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
                let nodes = strength::node_cap(level);
                limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
                let shown = limits.multipv;
                limits.multipv = limits.multipv.max(strength::CHOICES);
                sink = Arc::new(strength::WeakenedSink::new(sink, level, shown, rng.next_u64()));
            }
        }
        let searcher = Arc::clone(&self.searcher);
        let building = Arc::clone(&self.building);
        let pos = self.position.clone();
        self.running =
            Some(with_position!(pos, p => search_thread::spawn(p, limits, ponder, searcher, building, sink)));
    }

    /// `stop`: the running search (if any) sends its `bestmove` within milliseconds.
    pub fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.signals.stop();
        }
    }

    /// `ponderhit`: the pondering search goes on under normal time management.
    /// Returns `false` when no search is pondering (the command is then ignored).
    pub fn ponderhit(&mut self) -> bool {
        self.running.as_ref().is_some_and(|r| !r.is_finished() && r.signals.ponderhit())
    }

    /// Stops any running search and waits until its `bestmove` has been sent.
    pub fn stop_and_wait(&mut self) {
        self.stop();
        if let Some(r) = self.running.take() {
            r.join();
        }
    }

    /// The variant being played (Chess960 when chess is selected with `UCI_Chess960`).
    pub fn variant(&self) -> Variant {
        self.selected.with_chess960(self.chess960)
    }

    /// Selects a variant; the position becomes its start position, since a position of
    /// another variant means nothing under the new rules.
    pub fn set_variant(&mut self, variant: Variant) {
        let old = self.variant();
        match variant {
            Variant::Chess960 => {
                self.selected = Variant::Chess;
                self.chess960 = true;
            }
            v => self.selected = v,
        }
        if self.variant() != old {
            self.position = self.start();
        }
    }

    pub fn set_chess960(&mut self, on: bool) {
        let old = self.variant();
        self.chess960 = on;
        if self.variant() != old {
            self.position = self.start();
        }
    }

    /// `ucinewgame`: the start position and a cleared hash table.
    pub fn new_game(&mut self) {
        self.position = self.start();
        self.clear_hash();
    }

    /// `position`: all or nothing; on error the previous position stays.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), PositionError> {
        self.position = self.with_network(self.variant().setup(fen, moves)?);
        Ok(())
    }

    /// `EvalFile`: the chess network in the file at `path`, or the built-in one
    /// for `None`, for the current position and every one after it; on error the
    /// network in use stays. A search already running keeps its network; a
    /// network no position uses any more is freed, so a host may set it as often
    /// as it likes.
    pub fn set_chess_network(&mut self, path: Option<&Path>) -> Result<(), NetFileError> {
        self.chess_net = match path {
            None => nnue::embedded(),
            Some(p) => Arc::new(Network::read(p)?),
        };
        give_network(&mut self.position, &self.chess_net);
        Ok(())
    }

    /// The variant's start position, evaluated with the network in use.
    fn start(&self) -> AnyPosition {
        self.with_network(self.variant().startpos())
    }

    /// `pos`, evaluated with the network in use.
    fn with_network(&self, mut pos: AnyPosition) -> AnyPosition {
        give_network(&mut pos, &self.chess_net);
        pos
    }

    pub fn perft(&self, depth: u32) -> (Vec<DivideLine>, u64) {
        with_position!(&self.position, p => game::perft(p, depth))
    }

    /// The `d` lines: board, variant, FEN, key, legal moves, result.
    pub fn describe(&self) -> Vec<String> {
        let mut lines = with_position!(&self.position, p => game::describe(p));
        lines.insert(0, format!("Variant: {}", self.variant()));
        lines
    }

    /// The `eval` lines: each term, then the total, from the side to move.
    pub fn eval_lines(&self) -> Vec<String> {
        with_position!(&self.position, p => game::eval_lines(p))
    }

    /// For `go searchmoves`: a message for each move text that is not a legal move
    /// in the current position (the search leaves those out).
    pub fn rejected_moves(&self, moves: &[String]) -> Vec<String> {
        with_position!(&self.position, p => game::rejected_moves(p, moves))
    }

}

/// A lock that survives a panic elsewhere (the data is plain settings and tables).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// Puts the table `building` made into `searcher` if it is ready; a table still being
/// allocated is left for next time (the searcher keeps the one it has).
fn install_ready_table(building: &Mutex<Option<TableBuilder>>, searcher: &mut Searcher) -> Result<(), HashAllocError> {
    let mut slot = lock(building);
    if !slot.as_ref().is_some_and(TableBuilder::is_ready) {
        return Ok(());
    }
    let builder = slot.take().expect("checked above");
    drop(slot);
    log::debug!("hash table of {} MB in place", builder.mb());
    let (tt, result) = builder.finish();
    searcher.set_table(tt);
    result
}
