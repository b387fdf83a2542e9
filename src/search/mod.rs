//! The generic searcher: iterative deepening with aspiration windows over a
//! principal-variation alpha-beta search, quiescence for variants with noisy moves,
//! a shared lock-free transposition table, Lazy SMP threads, and clock-based time
//! management. It is written once against [`crate::core::Position`] and never names
//! a variant; what differs between variants comes through the trait (its consts and
//! its defaulted search hooks).
//!
//! The searcher never prints: it reports typed values through a
//! [`SearchListener`], and the protocol adapters format them.
//!
//! Using it from a session:
//! ```ignore
//! let mut searcher = Searcher::new(16, 1);            // Hash (MB), Threads
//! let signals = Arc::new(Signals::new(go.ponder));   // keep a clone for stop/ponderhit
//! let result = searcher.search(&pos, &limits, &signals, &mut listener);
//! ```

mod correction;
mod frame;
mod limits;
mod ordering;
pub mod params;
mod report;
mod searcher;
pub mod time;
mod tt;
mod worker;

pub use limits::{Limits, Signals};
pub use ordering::{HISTORY_MAX, HISTORY_SLOTS};
pub use report::{Bound, Collect, CurrMove, Report, ReportScore, SearchListener, SearchResult, Silent, CURRMOVE_AFTER_MS};
pub use searcher::{Searcher, MAX_THREADS};
pub use time::{Clock, TimeBudget};
pub use tt::{HashAllocError, Tt};
pub use worker::{MAX_DEPTH, MAX_PLY};
