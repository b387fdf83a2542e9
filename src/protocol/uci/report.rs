//! Formatting search reports as UCI lines: `info ...` and `bestmove ...`.

use crate::engine::SearchSink;
use crate::protocol::output::Output;
use crate::search::{Bound, CurrMove, Report, ReportScore};

/// Prints a search's reports on the UCI channel.
pub struct UciSink {
    pub out: Output,
}

impl SearchSink for UciSink {
    fn report(&self, r: &Report<String>) {
        self.out.line(&info_line(r));
    }

    fn currmove(&self, c: &CurrMove<String>) {
        self.out.line(&format!("info depth {} currmove {} currmovenumber {}", c.depth, c.mv, c.number));
    }

    fn bestmove(&self, best: Option<&str>, ponder: Option<&str>) {
        self.out.line(&bestmove_line(best, ponder));
    }
}

/// `info depth D seldepth S multipv K score (cp X | mate N) [lowerbound|upperbound]
/// nodes N nps N hashfull H time T pv ...`, the score from the side to move.
pub fn info_line(r: &Report<String>) -> String {
    let score = match r.score {
        ReportScore::Cp(cp) => format!("cp {cp}"),
        ReportScore::Mate(n) => format!("mate {n}"),
    };
    let bound = match r.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} time {}",
        r.depth, r.seldepth, r.multipv, r.nodes, r.nps, r.hashfull, r.time_ms
    );
    if !r.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&r.pv.join(" "));
    }
    line
}

/// `bestmove M [ponder P]`, or `bestmove (none)` when there is no legal move.
pub fn bestmove_line(best: Option<&str>, ponder: Option<&str>) -> String {
    match (best, ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_and_bestmove_lines() {
        let r = Report {
            depth: 5,
            seldepth: 9,
            multipv: 1,
            score: ReportScore::Mate(-2),
            raw_score: 0,
            bound: Some(Bound::Upper),
            nodes: 1234,
            nps: 5000,
            hashfull: 3,
            time_ms: 246,
            pv: vec!["e2e4".to_string(), "e7e5".to_string()],
        };
        assert_eq!(
            info_line(&r),
            "info depth 5 seldepth 9 multipv 1 score mate -2 upperbound nodes 1234 nps 5000 hashfull 3 time 246 pv e2e4 e7e5"
        );
        assert_eq!(bestmove_line(Some("P@h8"), None), "bestmove P@h8");
        assert_eq!(bestmove_line(Some("e2e4"), Some("e7e5")), "bestmove e2e4 ponder e7e5");
        assert_eq!(bestmove_line(None, None), "bestmove (none)");
    }
}
