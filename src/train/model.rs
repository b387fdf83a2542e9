//! The network in floating point, as the trainer sees it: one flat vector of
//! parameters (so that Adam is one loop), the forward pass, the gradient of the
//! loss for one position, and the rounding to the engine's integers.

use crate::core::rng::Rng;
use crate::variants::chess::eval::params::SCALE_NORMAL;
use crate::variants::chess::nnue::{flip_feature, Network, FULL_WEIGHT, HIDDEN, INPUTS, QA, QB, SCALE, WEIGHT_CLIP};

use super::data::Packed;

/// Where each part of the network starts in the flat vector.
pub const W1: usize = 0;
pub const B1: usize = W1 + INPUTS * HIDDEN;
pub const W2: usize = B1 + HIDDEN;
pub const B2: usize = W2 + 2 * HIDDEN;
/// The number of parameters.
pub const LEN: usize = B2 + 1;

/// Whether parameter `j` is a weight (of either layer) rather than a bias.
pub fn is_weight(j: usize) -> bool {
    (W1..B1).contains(&j) || (W2..B2).contains(&j)
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// `clamp(x, 0, 1)^2`, the activation the engine computes in integers.
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

fn screlu_slope(x: f32) -> f32 {
    if x > 0.0 && x < 1.0 {
        2.0 * x
    } else {
        0.0
    }
}

/// The floating-point network.
#[derive(Clone, Debug)]
pub struct FloatNet {
    pub params: Vec<f32>,
    /// The network corrects the classical evaluation: its output is added to
    /// the classical score (see `Network::on_classical`).
    pub on_classical: bool,
    /// The share of the output the engine uses, in per mille
    /// (`Network::weight_permille`); trained at it, so that the loss is the
    /// engine's.
    pub weight_permille: u32,
}

impl FloatNet {
    /// Small random weights, the same for the same seed. The first layer's range
    /// keeps a hidden unit of a full board (32 inputs) well inside the
    /// activation's slope at the start.
    /// A network that corrects the classical evaluation starts with output
    /// weights a tenth as large, so that it starts near the classical score.
    pub fn random(seed: u64, on_classical: bool) -> FloatNet {
        let mut rng = Rng::new(seed);
        let mut uniform = |r: f32| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * r;
        let mut params = vec![0.0; LEN];
        for w in &mut params[W1..B1] {
            *w = uniform(0.1);
        }
        for w in &mut params[W2..B2] {
            *w = uniform(1.0 / (2.0 * HIDDEN as f32).sqrt()) * if on_classical { 0.1 } else { 1.0 };
        }
        FloatNet { params, on_classical, weight_permille: FULL_WEIGHT }
    }

    /// The floating-point network an integer one was rounded from, as near as
    /// the rounding lets us know it: training can go on from a network the engine
    /// already uses, so that what it learnt from data no longer at hand is kept
    /// and new games refine it. `quantise` gives `net` back exactly.
    pub fn from_network(net: &Network) -> FloatNet {
        let mut params = vec![0.0; LEN];
        for (f, row) in net.w1.iter().enumerate() {
            for (i, &w) in row.iter().enumerate() {
                params[W1 + f * HIDDEN + i] = w as f32 / QA as f32;
            }
        }
        for i in 0..HIDDEN {
            params[B1 + i] = net.b1[i] as f32 / QA as f32;
            params[W2 + i] = net.w2[0][i] as f32 / QB as f32;
            params[W2 + HIDDEN + i] = net.w2[1][i] as f32 / QB as f32;
        }
        params[B2] = net.b2 as f32 / (QA * QB) as f32;
        FloatNet { params, on_classical: net.on_classical, weight_permille: net.weight_permille }
    }

    /// The hidden units of both views: the side to move's, then the other's.
    fn hidden(&self, p: &Packed) -> ([f32; HIDDEN], [f32; HIDDEN]) {
        let mut white = [0.0; HIDDEN];
        let mut black = [0.0; HIDDEN];
        white.copy_from_slice(&self.params[B1..W2]);
        black.copy_from_slice(&self.params[B1..W2]);
        for &f in p.features() {
            add_row(&mut white, &self.params, f as usize);
            add_row(&mut black, &self.params, flip_feature(f as usize));
        }
        if p.white_to_move {
            (white, black)
        } else {
            (black, white)
        }
    }

    /// Where the output starts: the classical score for a correcting network.
    fn base(&self, p: &Packed) -> f32 {
        if self.on_classical {
            p.classical as f32 / SCALE as f32
        } else {
            0.0
        }
    }

    /// How much of the network's own output counts: its weight, and for a
    /// correcting network the position's drawish-ending scale, as in the engine.
    fn share(&self, p: &Packed) -> f32 {
        let weight = self.weight_permille as f32 / FULL_WEIGHT as f32;
        if self.on_classical {
            weight * p.scale as f32 / SCALE_NORMAL as f32
        } else {
            weight
        }
    }

    /// The output from both views' hidden units.
    fn output(&self, p: &Packed, us: &[f32; HIDDEN], them: &[f32; HIDDEN]) -> f32 {
        let w2 = &self.params[W2..B2];
        let mut out = self.params[B2];
        for i in 0..HIDDEN {
            out += w2[i] * screlu(us[i]) + w2[HIDDEN + i] * screlu(them[i]);
        }
        out * self.share(p) + self.base(p)
    }

    /// The output before the sigmoid (times `SCALE` it is centipawns).
    pub fn forward(&self, p: &Packed) -> f32 {
        let (us, them) = self.hidden(p);
        self.output(p, &us, &them)
    }

    /// Adds the gradient of one position's squared error to `grad` and returns
    /// that error.
    pub fn backward(&self, p: &Packed, lambda: f32, grad: &mut [f32]) -> f32 {
        let (us, them) = self.hidden(p);
        let w2 = &self.params[W2..B2];
        let predicted = sigmoid(self.output(p, &us, &them));
        let err = predicted - target(p, lambda);
        let d = 2.0 * err * predicted * (1.0 - predicted) * self.share(p);
        grad[B2] += d;
        let mut d_us = [0.0; HIDDEN];
        let mut d_them = [0.0; HIDDEN];
        for i in 0..HIDDEN {
            grad[W2 + i] += d * screlu(us[i]);
            grad[W2 + HIDDEN + i] += d * screlu(them[i]);
            d_us[i] = d * w2[i] * screlu_slope(us[i]);
            d_them[i] = d * w2[HIDDEN + i] * screlu_slope(them[i]);
            grad[B1 + i] += d_us[i] + d_them[i];
        }
        let (d_white, d_black) = if p.white_to_move { (&d_us, &d_them) } else { (&d_them, &d_us) };
        for &f in p.features() {
            add_row_grad(grad, f as usize, d_white);
            add_row_grad(grad, flip_feature(f as usize), d_black);
        }
        err * err
    }

    /// Keeps the weights where the engine's integers can hold them.
    pub fn clip(&mut self) {
        for w in &mut self.params[W1..B2] {
            *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
        }
    }

    /// The engine's integer network: first layer times `QA`, output weights
    /// times `QB`, output bias times both.
    pub fn quantise(&self) -> Network {
        let q = |w: f32, scale: i32| (w * scale as f32).round() as i32;
        let mut net = Network::zeros();
        for (f, row) in net.w1.iter_mut().enumerate() {
            for (i, w) in row.iter_mut().enumerate() {
                *w = q(self.params[W1 + f * HIDDEN + i], QA) as i16;
            }
        }
        for i in 0..HIDDEN {
            net.b1[i] = q(self.params[B1 + i], QA) as i16;
            net.w2[0][i] = q(self.params[W2 + i], QB) as i16;
            net.w2[1][i] = q(self.params[W2 + HIDDEN + i], QB) as i16;
        }
        net.b2 = q(self.params[B2], QA * QB);
        net.on_classical = self.on_classical;
        net.weight_permille = self.weight_permille;
        net
    }
}

/// What the network is taught for a position: `lambda` of the win rate its
/// search score implies, the rest its game's result.
pub fn target(p: &Packed, lambda: f32) -> f32 {
    lambda * sigmoid(p.score as f32 / SCALE as f32) + (1.0 - lambda) * p.result
}

#[inline(always)]
fn add_row(acc: &mut [f32; HIDDEN], params: &[f32], f: usize) {
    let row = &params[W1 + f * HIDDEN..W1 + (f + 1) * HIDDEN];
    for (a, w) in acc.iter_mut().zip(row) {
        *a += w;
    }
}

#[inline(always)]
fn add_row_grad(grad: &mut [f32], f: usize, d: &[f32; HIDDEN]) {
    let row = &mut grad[W1 + f * HIDDEN..W1 + (f + 1) * HIDDEN];
    for (g, d) in row.iter_mut().zip(d) {
        *g += d;
    }
}
