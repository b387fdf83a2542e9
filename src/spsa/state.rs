//! The tuner's state file and the SPSA step, kept free of games so that both are
//! tested on their own.
//!
//! The file is plain text, rewritten after every iteration so that a run stopped
//! at any point goes on from where it was:
//!
//! ```text
//! # ludex spsa state
//! iteration 120
//! iterations 2000
//! r_end 0.005
//! RFP_MARGIN 93.41 30 200 8.5
//! ```
//!
//! `iteration` counts the iterations done, `iterations` the iterations planned (the
//! step sizes shrink towards their end values over them), `r_end` the learning
//! rate at the end. Each parameter line is `NAME value min max c_end`: the value
//! (a real number, rounded when it is sent to the engine), the range it is kept
//! in, and the perturbation at the end of the run, in the parameter's units.

use std::fmt::{self, Write as _};

/// The exponents of the step-size schedules (Spall's recommended values, as
/// Fishtest uses them).
const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;
/// The learning rate's stability constant, as a share of the planned iterations.
const A_SHARE: f64 = 0.1;

/// One parameter being tuned.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub name: String,
    pub value: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation at the end of the run.
    pub c_end: f64,
}

/// A run in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    pub iteration: u64,
    pub iterations: u64,
    pub r_end: f64,
    pub params: Vec<Param>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateError(pub String);

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateError {}

/// The two engines of one iteration: the values for the `plus` side (the first)
/// and the `minus` side, and the signs drawn for each parameter.
#[derive(Debug, Clone, PartialEq)]
pub struct Perturbation {
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
    pub signs: Vec<f64>,
    /// The learning rate of this iteration, `a_k / c_k²` (see [`State::update`]).
    pub rate: f64,
    /// Each parameter's perturbation `c_k`.
    pub c: Vec<f64>,
}

impl State {
    /// The perturbation of the next iteration, with signs from `coin` (true: +).
    pub fn perturb(&self, mut coin: impl FnMut() -> bool) -> Perturbation {
        let n = self.iterations.max(1) as f64;
        let k = self.iteration as f64;
        let big_a = A_SHARE * n;
        let c_scale = n.powf(GAMMA) / (k + 1.0).powf(GAMMA);
        let mut out = Perturbation { plus: vec![], minus: vec![], signs: vec![], rate: 0.0, c: vec![] };
        for p in &self.params {
            let sign = if coin() { 1.0 } else { -1.0 };
            let c = p.c_end * c_scale;
            out.plus.push((p.value + c * sign).clamp(p.min, p.max));
            out.minus.push((p.value - c * sign).clamp(p.min, p.max));
            out.signs.push(sign);
            out.c.push(c);
        }
        // a_k / c_k² = r_end · c_end² · (A + N)^α / (A + k + 1)^α / c_k², the same for
        // every parameter since c_k / c_end is.
        out.rate = self.r_end * ((big_a + n) / (big_a + k + 1.0)).powf(ALPHA) / (c_scale * c_scale);
        out
    }

    /// Moves every parameter by its share of `result`, the plus side's wins minus
    /// its losses over the iteration's games, and counts the iteration.
    pub fn update(&mut self, p: &Perturbation, result: f64) {
        for (i, param) in self.params.iter_mut().enumerate() {
            let step = p.rate * p.c[i] * result * p.signs[i];
            param.value = (param.value + step).clamp(param.min, param.max);
        }
        self.iteration += 1;
    }

    pub fn parse(text: &str) -> Result<State, StateError> {
        let mut state = State { iteration: 0, iterations: 0, r_end: 0.0, params: vec![] };
        for (no, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |what: &str| StateError(format!("line {}: {what}: '{line}'", no + 1));
            let fields: Vec<&str> = line.split_whitespace().collect();
            let num = |s: &str| s.parse::<f64>().ok().filter(|v| v.is_finite());
            match fields.as_slice() {
                ["iteration", v] => state.iteration = v.parse().map_err(|_| bad("bad count"))?,
                ["iterations", v] => state.iterations = v.parse().map_err(|_| bad("bad count"))?,
                ["r_end", v] => state.r_end = num(v).ok_or_else(|| bad("bad rate"))?,
                [name, value, min, max, c_end] => {
                    let (Some(value), Some(min), Some(max), Some(c_end)) = (num(value), num(min), num(max), num(c_end))
                    else {
                        return Err(bad("expected NAME value min max c_end"));
                    };
                    if !(min <= value && value <= max) || c_end <= 0.0 {
                        return Err(bad("value outside min..max, or c_end not positive"));
                    }
                    state.params.push(Param { name: name.to_string(), value, min, max, c_end });
                }
                _ => return Err(bad("expected 'iteration N', 'iterations N', 'r_end R' or a parameter")),
            }
        }
        if state.params.is_empty() || state.iterations == 0 || state.r_end <= 0.0 {
            return Err(StateError("the state needs parameters, 'iterations N' and 'r_end R'".into()));
        }
        Ok(state)
    }

    pub fn render(&self) -> String {
        let mut s = String::from("# ludex spsa state\n");
        let _ = writeln!(s, "iteration {}\niterations {}\nr_end {}", self.iteration, self.iterations, self.r_end);
        for p in &self.params {
            let _ = writeln!(s, "{} {:.3} {} {} {}", p.name, p.value, p.min, p.max, p.c_end);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;

    const R_END: f64 = 0.02;

    fn state(values: &[(f64, f64)]) -> State {
        State {
            iteration: 0,
            iterations: 3_000,
            r_end: R_END,
            params: values
                .iter()
                .enumerate()
                .map(|(i, &(value, c_end))| Param { name: format!("P{i}"), value, min: 0.0, max: 400.0, c_end })
                .collect(),
        }
    }

    #[test]
    fn the_file_round_trips_and_bad_lines_are_refused() {
        let s = state(&[(90.0, 8.5), (300.0, 37.5)]);
        assert_eq!(State::parse(&s.render()).unwrap(), State::parse(&State::parse(&s.render()).unwrap().render()).unwrap());
        let back = State::parse(&s.render()).unwrap();
        assert_eq!((back.iteration, back.iterations, back.params.len()), (0, 3_000, 2));
        assert!(State::parse("iterations 10\nr_end 0.1\nX 5 0 4 1\n").is_err(), "value above max");
        assert!(State::parse("iterations 10\nr_end 0.1\nX 5 0 9\n").is_err(), "missing c_end");
        assert!(State::parse("iterations 10\nr_end 0.1\n").is_err(), "no parameters");
    }

    #[test]
    fn perturbations_are_symmetric_and_shrink_to_c_end() {
        let mut s = state(&[(100.0, 10.0)]);
        let first = s.perturb(|| true);
        assert!(first.c[0] > 10.0);
        assert_eq!(first.plus[0] - 100.0, 100.0 - first.minus[0]);
        s.iteration = s.iterations - 1;
        let last = s.perturb(|| false);
        assert!((last.c[0] - 10.0).abs() < 1e-9);
        assert!((last.rate - R_END).abs() < 1e-9);
        assert_eq!(last.plus[0], 90.0);
    }

    /// A synthetic tuning problem: the plus side's expected score follows a
    /// quadratic Elo landscape with its peak at 140 for one parameter and 40 for
    /// the other, and games are drawn at random from it. Starting away from the
    /// peaks, SPSA must end near them.
    #[test]
    fn it_climbs_a_synthetic_elo_landscape() {
        let peaks = [140.0, 40.0];
        let elo = |v: &[f64]| -> f64 { v.iter().zip(peaks).map(|(x, p)| -0.02 * (x - p) * (x - p)).sum() };
        let mut s = state(&[(90.0, 10.0), (90.0, 10.0)]);
        let mut rng = Rng::new(7);
        let start_error: f64 = s.params.iter().zip(peaks).map(|(p, q)| (p.value - q).abs()).sum();
        while s.iteration < s.iterations {
            let p = s.perturb(|| rng.next_u64() & 1 == 1);
            let diff = elo(&p.plus) - elo(&p.minus);
            let expected = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
            // One game pair, no draws: each game a win with the expected score.
            let mut result = 0.0;
            for _ in 0..2 {
                let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                result += if u < expected { 1.0 } else { -1.0 };
            }
            s.update(&p, result);
        }
        let end_error: f64 = s.params.iter().zip(peaks).map(|(p, q)| (p.value - q).abs()).sum();
        assert!(end_error < start_error / 3.0, "from {start_error} to {end_error}: {:?}", s.params);
    }
}
