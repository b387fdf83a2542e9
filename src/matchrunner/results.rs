//! Standings: per-engine and per-pairing wins/draws/losses, points, and for a
//! two-engine match the Elo difference and SPRT state.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::record::{Ending, GameRecord};
use super::stats::{elo_with_error, Sprt, Wdl};

/// Points for a win, a draw and a loss (3/1/0 by default, as in the king-of-the-hill).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Points {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

impl Default for Points {
    fn default() -> Self {
        Points { win: 3.0, draw: 1.0, loss: 0.0 }
    }
}

impl Points {
    pub fn of(&self, wdl: &Wdl) -> f64 {
        self.win * wdl.wins as f64 + self.draw * wdl.draws as f64 + self.loss * wdl.losses as f64
    }
}

#[derive(Debug, Clone)]
pub struct Standings {
    pub names: Vec<String>,
    pub per_engine: Vec<Wdl>,
    /// `(a, b)` with `a < b`, from `a`'s point of view.
    pub pairs: BTreeMap<(usize, usize), Wdl>,
    /// How games ended (`time forfeit`, `checkmate`, ...), with counts.
    pub endings: BTreeMap<String, u32>,
    pub games: u32,
}

fn add(wdl: &mut Wdl, score: f64) {
    if score > 0.75 {
        wdl.wins += 1;
    } else if score < 0.25 {
        wdl.losses += 1;
    } else {
        wdl.draws += 1;
    }
}

fn fmt_elo(x: f64) -> String {
    if x.is_finite() {
        // Adding 0.0 turns -0.0 into 0.0.
        format!("{:.1}", x + 0.0)
    } else if x.is_nan() {
        "nan".into()
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

impl Standings {
    pub fn new(names: Vec<String>) -> Standings {
        let n = names.len();
        Standings { names, per_engine: vec![Wdl::default(); n], pairs: BTreeMap::new(), endings: BTreeMap::new(), games: 0 }
    }

    pub fn record(&mut self, rec: &GameRecord) {
        self.games += 1;
        let [w, b] = rec.engines;
        for e in [w, b] {
            if let Some(s) = rec.score_of(e) {
                add(&mut self.per_engine[e], s);
            }
        }
        let (a, other) = if w < b { (w, b) } else { (b, w) };
        if let Some(s) = rec.score_of(a) {
            add(self.pairs.entry((a, other)).or_default(), s);
        }
        let kind = match &rec.result.ending {
            Ending::Rules(t) => t.to_string(),
            e => e.pgn_termination().to_string() + match e {
                Ending::Crash => " (crash)",
                Ending::Stall => " (no response)",
                Ending::ProtocolError => " (protocol error)",
                Ending::IllegalMove => " (illegal move)",
                _ => "",
            },
        };
        *self.endings.entry(kind).or_default() += 1;
    }

    /// Engine 0's results against engine 1 (the two-engine match view).
    pub fn head_to_head(&self) -> Wdl {
        self.pairs.get(&(0, 1)).copied().unwrap_or_default()
    }

    /// `W-D-L`, Elo ± error, and the LLR when an SPRT runs, for the progress line.
    pub fn summary(&self, sprt: Option<&Sprt>) -> String {
        let mut s = String::new();
        if self.names.len() == 2 {
            let h = self.head_to_head();
            let _ = write!(s, "{} vs {}: {}-{}-{}", self.names[0], self.names[1], h.wins, h.draws, h.losses);
            if let Some((elo, err)) = elo_with_error(&h) {
                let _ = write!(s, "  Elo {} ± {}", fmt_elo(elo), fmt_elo(err));
            }
            if let Some(t) = sprt {
                let (lo, hi) = t.bounds();
                let _ = write!(s, "  LLR {:.2} ({:.2}, {:.2})", t.llr(&h), lo, hi);
            }
        } else {
            let leader = (0..self.names.len())
                .max_by(|&a, &b| self.per_engine[a].score_sum().total_cmp(&self.per_engine[b].score_sum()));
            if let Some(l) = leader {
                let _ = write!(s, "leader {} ({} games)", self.names[l], self.per_engine[l].games());
            }
        }
        s
    }

    /// The final table, sorted by points (ties: by engine order).
    pub fn table(&self, points: &Points, sprt: Option<&Sprt>) -> String {
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&a, &b| points.of(&self.per_engine[b]).total_cmp(&points.of(&self.per_engine[a])).then(a.cmp(&b)));
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(4).max(6);
        let mut s = String::new();
        let _ = writeln!(s, "Rank  {:<width$}  Games     W     D     L   Points   Score", "Engine");
        for (rank, &e) in order.iter().enumerate() {
            let w = &self.per_engine[e];
            let score = if w.games() > 0 { 100.0 * w.score() } else { 0.0 };
            let _ = writeln!(
                s,
                "{:>4}  {:<width$}  {:>5} {:>5} {:>5} {:>5} {:>8} {:>6.1}%",
                rank + 1,
                self.names[e],
                w.games(),
                w.wins,
                w.draws,
                w.losses,
                fmt_points(points.of(w)),
                score
            );
        }
        if self.names.len() > 2 {
            let _ = writeln!(s, "\nPairings (first engine's view):");
            for (&(a, b), w) in &self.pairs {
                let elo = elo_with_error(w).map(|(e, x)| format!("Elo {} ± {}", fmt_elo(e), fmt_elo(x))).unwrap_or_default();
                let _ = writeln!(s, "  {} vs {}: {}-{}-{}  {elo}", self.names[a], self.names[b], w.wins, w.draws, w.losses);
            }
        } else if self.names.len() == 2 {
            let h = self.head_to_head();
            if let Some((elo, err)) = elo_with_error(&h) {
                let _ = writeln!(
                    s,
                    "\nElo difference ({} vs {}): {} ± {} (95%), score {:.1}%",
                    self.names[0],
                    self.names[1],
                    fmt_elo(elo),
                    fmt_elo(err),
                    100.0 * h.score()
                );
            }
            if let Some(t) = sprt {
                let (lo, hi) = t.bounds();
                let verdict = match t.decision(&h) {
                    super::stats::SprtDecision::H1 => "H1 accepted",
                    super::stats::SprtDecision::H0 => "H0 accepted",
                    super::stats::SprtDecision::Continue => "no decision",
                };
                let _ = writeln!(
                    s,
                    "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} (bounds {:.2}, {:.2}): {verdict}",
                    t.elo0,
                    t.elo1,
                    t.alpha,
                    t.beta,
                    t.llr(&h),
                    lo,
                    hi
                );
            }
        }
        let _ = writeln!(s, "\nGames ended by:");
        for (k, n) in &self.endings {
            let _ = writeln!(s, "  {k}: {n}");
        }
        s
    }
}

fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

trait ScoreSum {
    fn score_sum(&self) -> f64;
}

impl ScoreSum for Wdl {
    fn score_sum(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }
}
