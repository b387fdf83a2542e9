//! What the searcher tells the outside world, as typed values. The UCI adapter turns
//! them into `info` lines, the Gomocup adapter into `MESSAGE`, bench ignores them:
//! the searcher itself never formats text.

use crate::core::score::{Score, MATE, MATE_BOUND};

pub use super::tt::Bound;

/// A score as hosts show it, from the side to move at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportScore {
    /// Centipawn-like units.
    Cp(i32),
    /// A forced result in this many moves (not plies); negative when the side to
    /// move loses. A win in `k` plies is `Mate(ceil(k / 2))`, a loss in `k` plies
    /// `Mate(-ceil(k / 2))`.
    Mate(i32),
}

impl ReportScore {
    /// Converts an internal score (mate scores count plies from the root).
    pub fn from_score(score: Score) -> ReportScore {
        if score >= MATE_BOUND {
            let plies = MATE - score;
            ReportScore::Mate((plies + 1) / 2)
        } else if score <= -MATE_BOUND {
            let plies = MATE + score;
            ReportScore::Mate(-((plies + 1) / 2))
        } else {
            ReportScore::Cp(score)
        }
    }
}

/// One line of analysis: sent after each iteration for each MultiPV line, and after
/// an aspiration window failed (with `bound` set) once the search runs long enough
/// for a host to care.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report<M> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based MultiPV index.
    pub multipv: usize,
    pub score: ReportScore,
    /// The score before conversion, for callers that want to compare.
    pub raw_score: Score,
    /// `None` for an exact score; `Lower`/`Upper` after an aspiration fail high/low.
    pub bound: Option<Bound>,
    pub nodes: u64,
    pub nps: u64,
    /// Permille, as UCI `hashfull`.
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<M>,
}

/// The root move being searched (UCI `currmove`/`currmovenumber`); only sent once the
/// search is [`CURRMOVE_AFTER_MS`] old, so hosts are not flooded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurrMove<M> {
    pub depth: u32,
    pub mv: M,
    /// 1-based position of the move in this iteration's root order.
    pub number: usize,
}

/// `currmove` reports start this long after the search started.
pub const CURRMOVE_AFTER_MS: u64 = 1_000;

/// The result of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// `None` only when the root position has no legal move.
    pub best_move: Option<M>,
    /// The expected reply, from the principal variation or the transposition table.
    pub ponder_move: Option<M>,
    pub score: ReportScore,
    pub raw_score: Score,
    /// The last completed iteration (0 if the root has no legal move).
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    pub pv: Vec<M>,
}

/// Receives the searcher's reports. Called from the main search thread only.
pub trait SearchListener<M>: Send {
    fn on_report(&mut self, report: &Report<M>) {
        let _ = report;
    }

    fn on_currmove(&mut self, currmove: &CurrMove<M>) {
        let _ = currmove;
    }
}

/// A listener that ignores everything (bench, tests).
pub struct Silent;

impl<M> SearchListener<M> for Silent {}

/// Collects every report (tests, tools).
#[derive(Debug)]
pub struct Collect<M> {
    pub reports: Vec<Report<M>>,
    pub currmoves: Vec<CurrMove<M>>,
}

/// By hand: a derived `Default` would ask moves to have one, and a gomoku cell does
/// not.
impl<M> Default for Collect<M> {
    fn default() -> Self {
        Collect { reports: Vec::new(), currmoves: Vec::new() }
    }
}

impl<M: Copy + Send> SearchListener<M> for Collect<M> {
    fn on_report(&mut self, report: &Report<M>) {
        self.reports.push(report.clone());
    }

    fn on_currmove(&mut self, currmove: &CurrMove<M>) {
        self.currmoves.push(*currmove);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::score::{lost_in, won_in};

    #[test]
    fn mate_in_moves_from_plies() {
        assert_eq!(ReportScore::from_score(won_in(1)), ReportScore::Mate(1));
        assert_eq!(ReportScore::from_score(won_in(2)), ReportScore::Mate(1));
        assert_eq!(ReportScore::from_score(won_in(3)), ReportScore::Mate(2));
        assert_eq!(ReportScore::from_score(won_in(9)), ReportScore::Mate(5));
        assert_eq!(ReportScore::from_score(lost_in(1)), ReportScore::Mate(-1));
        assert_eq!(ReportScore::from_score(lost_in(2)), ReportScore::Mate(-1));
        assert_eq!(ReportScore::from_score(lost_in(4)), ReportScore::Mate(-2));
        assert_eq!(ReportScore::from_score(lost_in(0)), ReportScore::Mate(0));
        assert_eq!(ReportScore::from_score(-35), ReportScore::Cp(-35));
        assert_eq!(ReportScore::from_score(MATE_BOUND - 1), ReportScore::Cp(MATE_BOUND - 1));
    }
}
