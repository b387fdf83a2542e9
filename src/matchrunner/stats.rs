//! Match statistics: the Elo difference with a 95% error bar, and a sequential
//! probability ratio test, both from the logistic Elo model
//! `score = 1 / (1 + 10^(-elo/400))`.

/// Wins, draws and losses from one engine's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Mean score per game (1 win, ½ draw).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }

    /// Variance of one game's score around the mean (the trinomial sample variance).
    pub fn variance(&self) -> f64 {
        let n = self.games() as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2) + self.draws as f64 * (0.5 - s).powi(2) + self.losses as f64 * s * s) / n
    }
}

/// Logistic Elo difference for a score in (0, 1).
pub fn elo_from_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// Elo difference and the half-width of its 95% interval. The interval is the score's
/// normal interval (variance per game / games) mapped through the Elo curve; either
/// number is infinite when the score (or an interval end) reaches 0 or 1.
pub fn elo_with_error(wdl: &Wdl) -> Option<(f64, f64)> {
    if wdl.games() == 0 {
        return None;
    }
    let s = wdl.score();
    let se = (wdl.variance() / wdl.games() as f64).sqrt();
    let clamp = |x: f64| x.clamp(0.0, 1.0);
    let (lo, hi) = (clamp(s - Z95 * se), clamp(s + Z95 * se));
    let elo = elo_from_score(s);
    let err = (elo_from_score(hi) - elo_from_score(lo)) / 2.0;
    Some((elo, err))
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtDecision {
    /// H1 accepted: the engine is at least `elo1` stronger.
    H1,
    /// H0 accepted: the engine is at most `elo0` stronger.
    H0,
    Continue,
}

impl Sprt {
    /// `(lower, upper)`: log(beta / (1 - alpha)) and log((1 - beta) / alpha).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The generalised SPRT's log-likelihood ratio under the normal approximation:
    /// `N (s1 - s0) (2 s - s0 - s1) / (2 var)`. Zero while the results have no
    /// variance yet (nothing to estimate the spread from).
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        if wdl.games() == 0 {
            return 0.0;
        }
        let var = wdl.variance();
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        let s = wdl.score();
        wdl.games() as f64 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    pub fn decision(&self, wdl: &Wdl) -> SprtDecision {
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::H1
        } else if llr <= lower {
            SprtDecision::H0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        // 75% is 190.85 Elo by the logistic formula: 400 * log10(3).
        assert!(close(elo_from_score(0.75), 400.0 * 3f64.log10(), 1e-9));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        assert!(close(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12));
        // 60 wins, 20 draws, 20 losses: s = 0.7; variance 0.6*0.09 + 0.2*0.04 + 0.2*0.49 = 0.16.
        let wdl = Wdl { wins: 60, draws: 20, losses: 20 };
        assert!(close(wdl.score(), 0.7, 1e-12));
        assert!(close(wdl.variance(), 0.16, 1e-12));
        let (elo, err) = elo_with_error(&wdl).unwrap();
        let se = (0.16f64 / 100.0).sqrt();
        let expected = (elo_from_score(0.7 + Z95 * se) - elo_from_score(0.7 - Z95 * se)) / 2.0;
        assert!(close(elo, elo_from_score(0.7), 1e-9) && close(err, expected, 1e-9));
        assert!(err > 60.0 && err < 80.0, "{err}");
        let (_, err) = elo_with_error(&Wdl { wins: 5, draws: 0, losses: 0 }).unwrap();
        assert!(err.is_nan() || err.is_infinite() || err == 0.0);
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let t = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.944_438_979, 1e-6) && close(hi, 2.944_438_979, 1e-6));
        // A long run at 60% accepts H1; a long run at 45% accepts H0; a short even one continues.
        assert_eq!(t.decision(&Wdl { wins: 500, draws: 200, losses: 300 }), SprtDecision::H1);
        assert_eq!(t.decision(&Wdl { wins: 300, draws: 300, losses: 400 }), SprtDecision::H0);
        assert_eq!(t.decision(&Wdl { wins: 3, draws: 4, losses: 3 }), SprtDecision::Continue);
        // LLR by hand for 10-10-10: s = 0.5, var = 1/6.
        let wdl = Wdl { wins: 10, draws: 10, losses: 10 };
        let (s0, s1) = (0.5, score_from_elo(10.0));
        let want = 30.0 * (s1 - s0) * (1.0 - s0 - s1) / (2.0 / 6.0);
        assert!(close(t.llr(&wdl), want, 1e-9));
    }
}
