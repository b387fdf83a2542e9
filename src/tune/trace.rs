//! A position's evaluation as a linear function of the weights: for one position,
//! how many times each weight is counted (White's count minus Black's), with the
//! phase and endgame scale the engine blends with. The counts come from the
//! engine's own evaluation walk (chess `eval::walk`, antichess `eval::walk`, connect
//! `eval::walk`) through a recording accumulator, so the tuner fits exactly the
//! function the engine computes.

use crate::core::{Position, Side};
use crate::variants::chess::eval::acc::Acc;
use crate::variants::chess::eval::layout::COUNT;
use crate::variants::chess::eval::weights::WEIGHTS;
use crate::variants::chess::eval::{scale_for, walk, Term, S};
use crate::variants::antichess::AntichessRules;
use crate::variants::chesslike::Board;
use crate::variants::connect::Connect;

/// One position's linearised evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    /// (flat weight index, White's count minus Black's), only non-zero counts.
    pub coefs: Vec<(u16, i16)>,
    /// Game phase, `max_phase` (middlegame) down to 0.
    pub phase: i32,
    /// The model's full phase.
    pub max_phase: i32,
    /// Endgame scale in 64ths, taken as the engine computes it with the current
    /// weights and then held fixed (it depends on the sign of the score).
    pub scale: i32,
}

impl Trace {
    /// The unblended sum from White's view with `params` (integer, as the engine).
    pub fn sum(&self, params: &[S]) -> S {
        self.coefs.iter().fold(S::ZERO, |acc, &(i, c)| acc + params[i as usize] * c as i32)
    }

    /// The middlegame and endgame weights of one unit of a parameter in the blended
    /// score: `score = Σ (mg * wm + eg * we)`.
    #[inline(always)]
    pub fn weights(&self) -> (f64, f64) {
        let p = self.phase as f64 / self.max_phase as f64;
        (p, (1.0 - p) * self.scale as f64 / 64.0)
    }

    /// The blended evaluation in centipawns from White's view with real-valued
    /// parameters `(mg, eg)` (no rounding, so the tuner sees a smooth function).
    pub fn eval(&self, params: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, c) in &self.coefs {
            let p = params[i as usize];
            mg += p[0] * c as f64;
            eg += p[1] * c as f64;
        }
        let (wm, we) = self.weights();
        mg * wm + eg * we
    }
}

/// Counts per weight, summed over the walk.
struct Recorder([i32; COUNT]);

impl Acc for Recorder {
    #[inline(always)]
    fn add(&mut self, _: Term, index: usize, count: i32) {
        self.0[index] += count;
    }
}

/// The chess trace of `b`.
pub fn chess(b: &Board) -> Trace {
    let mut rec = Recorder([0; COUNT]);
    let phase = walk(b, &mut rec);
    let coefs: Vec<(u16, i16)> =
        rec.0.iter().enumerate().filter(|(_, &c)| c != 0).map(|(i, &c)| (i as u16, c as i16)).collect();
    // The endgame sum at the engine's weights picks the scale, as `evaluate` does;
    // the counts already hold it, so no second walk.
    let eg = coefs.iter().map(|&(i, c)| WEIGHTS[i as usize].eg * c as i32).sum();
    let max_phase = crate::variants::chess::eval::MAX_PHASE;
    Trace { coefs, phase, max_phase, scale: scale_for(b, eg) }
}

/// The antichess-family trace of `b` under `rules` (no endgame scaling there).
pub fn antichess(b: &Board, rules: AntichessRules) -> Trace {
    use crate::variants::antichess::eval::{layout, walk, MAX_PHASE};
    let mut counts = [0i32; layout::COUNT];
    let phase = walk(b, rules, &mut |i, c| counts[i] += c);
    let coefs = counts.iter().enumerate().filter(|(_, &c)| c != 0).map(|(i, &c)| (i as u16, c as i16)).collect();
    Trace { coefs, phase, max_phase: MAX_PHASE, scale: 64 }
}

/// The connect trace of `pos`: the quiet sum's counts turned to White's view (a
/// count for the side to move is one for White when White moves, against it
/// otherwise). A connect game has no phase: the trace gives the `mg` half of each
/// weight, the half the engine reads, the weight `1 / UNIT` (the weights are in
/// `UNIT`ths of a centipawn) and the `eg` half none (`scale` 0), so the tuner moves
/// only `mg`. Refused when the game is over or a threat verdict,
/// not the weighted sum, decides the evaluation.
pub fn connect(pos: &Connect) -> Result<Trace, String> {
    use crate::variants::connect::eval::layout::COUNT;
    let sign = if pos.side_to_move() == Side::White { 1 } else { -1 };
    let mut counts = [0i32; COUNT];
    pos.eval_walk(&mut |i, c| counts[i] += sign * c).map_err(|why| format!("not a quiet sum: {why}"))?;
    let coefs = counts.iter().enumerate().filter(|(_, &c)| c != 0).map(|(i, &c)| (i as u16, c as i16)).collect();
    Ok(Trace { coefs, phase: 1, max_phase: crate::variants::connect::eval::layout::UNIT, scale: 0 })
}
