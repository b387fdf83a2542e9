//! How much of a training run survives the rounding to the engine's integers.
//!
//! The engine holds a first-layer weight in 255ths (`QA`) and an output weight
//! in 64ths (`QB`). A run that moves a weight by less than half of such a step
//! changes nothing the engine plays; the checkpoint chain (docs/chess-network.md,
//! session 73) lost every output weight it learnt that way before its links
//! were kept unrounded. `ludex train-nnue` prints this report after every run
//! from `--init`, so that a run whose learning the rounding erases is seen at
//! once, not after a match.

use std::fmt;

use crate::variants::chess::nnue::{QA, QB};

use super::model::{FloatNet, B1, B2, W1, W2};

/// One part of the network, in the engine's integer steps of that part.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    pub name: &'static str,
    /// How far training moved the parameters from the start's integers: root
    /// mean square and largest.
    pub rms: f64,
    pub largest: f64,
    /// The share of the parameters whose integer differs from the start's.
    pub changed: f64,
    /// The rounded move projected on the unrounded one, as a share of it: 1
    /// when rounding keeps the whole move, 0 when it keeps none; NaN when
    /// nothing moved.
    pub kept: f64,
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: moved {:.3} rms, {:.2} at most; {:.1}% changed once rounded; share of the move kept {:.2}",
            self.name,
            self.rms,
            self.largest,
            100.0 * self.changed,
            self.kept
        )
    }
}

/// The rounding report of a run from `start` to `trained`: the first-layer
/// weights, the first-layer biases and the output weights. The start counts
/// as its rounding (`quantise`), the integers the engine played it as; the
/// output bias, one number, is left out.
pub fn report(start: &FloatNet, trained: &FloatNet) -> [Layer; 3] {
    let layer = |name, range: std::ops::Range<usize>, scale: i32| {
        // `quantise`'s rounding: the product in f32, halves away from zero.
        let int = |w: f32| (w * scale as f32).round() as f64;
        let (mut sq, mut largest, mut changed, mut dot) = (0.0f64, 0.0f64, 0usize, 0.0f64);
        for j in range.clone() {
            let from = int(start.params[j]);
            let moved = (trained.params[j] * scale as f32) as f64 - from;
            let kept = int(trained.params[j]) - from;
            sq += moved * moved;
            largest = largest.max(moved.abs());
            changed += (kept != 0.0) as usize;
            dot += kept * moved;
        }
        let n = range.len() as f64;
        Layer { name, rms: (sq / n).sqrt(), largest, changed: changed as f64 / n, kept: if sq > 0.0 { dot / sq } else { f64::NAN } }
    };
    [
        layer("first-layer weights", W1..B1, QA),
        layer("first-layer biases", B1..W2, QA),
        layer("output weights", W2..B2, QB),
    ]
}
