//! What one search is asked to do (`Limits`, from `go`) and how the outside world
//! talks to it while it runs (`Signals`: stop and ponderhit).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::core::Side;

use super::time::Clock;

/// The limits of one search, as `go` gives them. Several limits combine: the search
/// ends at the first one reached. With none, it runs to the maximum depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits<M> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime_ms: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until `stop`; never return before it.
    pub infinite: bool,
    pub wtime_ms: Option<u64>,
    pub btime_ms: Option<u64>,
    pub winc_ms: Option<u64>,
    pub binc_ms: Option<u64>,
    pub movestogo: Option<u32>,
    /// UCI `Move Overhead`: time kept in reserve for the host and the pipe.
    pub move_overhead_ms: u64,
    /// UCI `Contempt`: how much the side to move at the root dislikes a draw, in
    /// chess centipawns (the searcher scales it to the variant). A draw counts
    /// `-contempt` for that side and `+contempt` for its opponent.
    pub contempt: i32,
    /// Only these root moves are searched (UCI `searchmoves`); empty means all.
    /// Moves that are not legal are ignored; if none is legal, all moves are searched.
    pub searchmoves: Vec<M>,
    /// How many best root lines to report (UCI `MultiPV`); at least 1.
    pub multipv: usize,
    /// When the host sent `go` (time is counted from here); `None` means when the
    /// search starts.
    pub start: Option<Instant>,
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            movetime_ms: None,
            mate: None,
            infinite: false,
            wtime_ms: None,
            btime_ms: None,
            winc_ms: None,
            binc_ms: None,
            movestogo: None,
            move_overhead_ms: 30,
            contempt: 0,
            searchmoves: Vec::new(),
            multipv: 1,
            start: None,
        }
    }
}

impl<M> Limits<M> {
    pub fn depth(depth: u32) -> Self {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    pub fn nodes(nodes: u64) -> Self {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    pub fn movetime(ms: u64) -> Self {
        Limits { movetime_ms: Some(ms), ..Limits::default() }
    }

    pub fn infinite() -> Self {
        Limits { infinite: true, ..Limits::default() }
    }

    /// The clock of `side`, if the host sent one.
    pub fn clock(&self, side: Side) -> Option<Clock> {
        let (time, inc) = match side {
            Side::White => (self.wtime_ms, self.winc_ms),
            Side::Black => (self.btime_ms, self.binc_ms),
        };
        time.map(|time_ms| Clock { time_ms, inc_ms: inc.unwrap_or(0), movestogo: self.movestogo })
    }
}

const NO_PONDERHIT: u64 = u64::MAX;

/// Shared between the protocol thread and a running search: one per `go`.
#[derive(Debug)]
pub struct Signals {
    stop: AtomicBool,
    pondering: AtomicBool,
    epoch: Instant,
    /// Microseconds after `epoch` at which `ponderhit` arrived.
    ponderhit_us: AtomicU64,
}

impl Signals {
    /// `pondering` is set for `go ponder`: the search then ignores the clock until
    /// [`Signals::ponderhit`], and never returns on its own while it lasts. Creating
    /// the flag here, before the search thread starts, means a `ponderhit` that
    /// arrives early cannot be lost.
    pub fn new(pondering: bool) -> Self {
        Signals {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            epoch: Instant::now(),
            ponderhit_us: AtomicU64::new(NO_PONDERHIT),
        }
    }

    /// UCI `stop`: the search returns its best move as soon as it can (a few ms).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// UCI `ponderhit`: the opponent played the expected move; the same search goes
    /// on under normal time management, with our clock running from now. Only a
    /// search that is pondering is affected: a `ponderhit` during a normal search,
    /// or a second one, must not restart a clock that is already running (that
    /// would overstep it). Returns whether it applied. Called from the one input
    /// thread, so the check and the update cannot race another `ponderhit`.
    pub fn ponderhit(&self) -> bool {
        if !self.is_pondering() {
            return false;
        }
        let us = self.epoch.elapsed().as_micros().min(NO_PONDERHIT as u128 - 1) as u64;
        // The time first: a worker that sees pondering end must find it.
        self.ponderhit_us.store(us, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Release);
        true
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }

    /// When `ponderhit` arrived, if it did.
    pub fn ponderhit_at(&self) -> Option<Instant> {
        match self.ponderhit_us.load(Ordering::Relaxed) {
            NO_PONDERHIT => None,
            us => Some(self.epoch + Duration::from_micros(us)),
        }
    }
}

impl Default for Signals {
    fn default() -> Self {
        Signals::new(false)
    }
}
