//! `ludex train-nnue`: trains the chess network (`crate::variants::chess::nnue`)
//! on Ludex's own self-play positions, the `FEN | result | score` files of
//! `ludex datagen`. Like the Texel tuner in `crate::tune`, nothing here runs while
//! the engine plays.
//!
//! - [`data`]: positions packed as network inputs and labels;
//! - [`model`]: the network in floating point, its gradient and its rounding;
//! - [`state`]: that floating-point network as a file, so that training can go
//!   on across sessions without rounding in between;
//! - [`rounding`]: how much of a run the rounding to the engine's integers keeps.
//!
//! The loss is the squared error between the network's win rate,
//! `sigmoid(output)`, and a blend of the game's result and the win rate the
//! search score implies (`--lambda`), averaged over mini-batches and minimised
//! by Adam. The step size drops tenfold for the last quarter of the epochs.
//! Optional decoupled weight decay (`--weight-decay`) keeps the weights small:
//! a few thousand self-play games are few enough for a network to memorise, and
//! the decay is what let one trained from scratch on them beat the network it
//! replaced (scripts/train-nnue records the runs).

pub mod data;
pub mod model;
pub mod rounding;
pub mod state;
#[cfg(test)]
mod tests;

use crate::core::rng::Rng;
use data::Packed;
use model::{FloatNet, LEN};

/// How to train.
#[derive(Clone, Debug)]
pub struct Options {
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    pub lambda: f32,
    pub threads: usize,
    pub seed: u64,
    /// Decoupled weight decay (AdamW) of the weights, not the biases: each step
    /// shrinks them by `lr * weight_decay` of themselves.
    pub weight_decay: f32,
}

/// The recipe of the engine's network (docs/chess-network.md records how each
/// number was chosen); `ludex train-nnue` takes its defaults from here.
impl Default for Options {
    fn default() -> Options {
        Options { epochs: 20, batch: 4096, lr: 0.0005, lambda: 1.0, threads: 1, seed: 1, weight_decay: 0.3 }
    }
}

/// One epoch's progress: the mean training loss and, when held-out positions
/// were given, theirs.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub epoch: usize,
    pub train_loss: f64,
    pub held_out_loss: Option<f64>,
}

/// The mean squared error over `set` of a prediction given before the sigmoid.
fn mean_error(set: &[Packed], lambda: f32, output: impl Fn(&Packed) -> f32) -> f64 {
    set.iter()
        .map(|p| {
            let e = model::sigmoid(output(p)) - model::target(p, lambda);
            (e * e) as f64
        })
        .sum::<f64>()
        / set.len().max(1) as f64
}

/// The mean loss of `net` over `set`.
pub fn loss(net: &FloatNet, set: &[Packed], lambda: f32) -> f64 {
    mean_error(set, lambda, |p| net.forward(p))
}

/// The mean loss of the classical evaluation over `set`, for comparison.
pub fn classical_loss(set: &[Packed], lambda: f32) -> f64 {
    mean_error(set, lambda, |p| p.classical as f32 / crate::variants::chess::nnue::SCALE as f32)
}

/// Trains `net` on `train`, reporting every epoch to `progress`. With held-out
/// positions, the start is reported first as epoch 0 (its training loss is not
/// measured: NaN), and `net` ends as it was after the epoch that predicted them
/// best, or as it started if none did better (returned): self-play positions of
/// one game are alike, so a network soon starts to learn its training games
/// rather than chess.
pub fn run(net: &mut FloatNet, train: &[Packed], held_out: &[Packed], opts: &Options, mut progress: impl FnMut(Epoch)) -> Option<Epoch> {
    let threads = opts.threads.max(1);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = Rng::new(opts.seed);
    let mut adam = Adam::new();
    let mut grads: Vec<Vec<f32>> = (0..threads).map(|_| vec![0.0; LEN]).collect();
    // The network as it starts is a candidate too (epoch 0): one trained further
    // from a good start (`FloatNet::from_network`) may only get worse.
    let mut best: Option<(Epoch, Vec<f32>)> = (!held_out.is_empty()).then(|| {
        let start = Epoch { epoch: 0, train_loss: f64::NAN, held_out_loss: Some(loss(net, held_out, opts.lambda)) };
        progress(start);
        (start, net.params.clone())
    });
    for epoch in 1..=opts.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let lr = if epoch * 4 > opts.epochs * 3 { opts.lr * 0.1 } else { opts.lr };
        let mut total = 0.0f64;
        for batch in order.chunks(opts.batch.max(1)) {
            let per_thread = batch.len().div_ceil(threads);
            let shared: &FloatNet = net;
            let losses: Vec<f64> = std::thread::scope(|s| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(per_thread))
                    .map(|(grad, part)| {
                        s.spawn(move || {
                            grad.iter_mut().for_each(|g| *g = 0.0);
                            part.iter().map(|&i| shared.backward(&train[i as usize], opts.lambda, grad) as f64).sum::<f64>()
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap_or(0.0)).collect()
            });
            total += losses.iter().sum::<f64>();
            let used = batch.len().div_ceil(per_thread);
            adam.step(net, &grads[..used], batch.len() as f32, lr, opts.weight_decay);
            net.clip();
        }
        let held_out_loss = (!held_out.is_empty()).then(|| loss(net, held_out, opts.lambda));
        let report = Epoch { epoch, train_loss: total / train.len().max(1) as f64, held_out_loss };
        progress(report);
        if let Some(l) = held_out_loss {
            if best.as_ref().is_none_or(|(b, _)| b.held_out_loss.is_some_and(|b| l < b)) {
                best = Some((report, net.params.clone()));
            }
        }
    }
    best.map(|(epoch, params)| {
        net.params = params;
        epoch
    })
}

/// Adam's moving averages, one pair per parameter.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPS: f32 = 1e-8;

    fn new() -> Adam {
        Adam { m: vec![0.0; LEN], v: vec![0.0; LEN], t: 0 }
    }

    /// One step along the mean of the summed gradients in `grads`.
    fn step(&mut self, net: &mut FloatNet, grads: &[Vec<f32>], count: f32, lr: f32, weight_decay: f32) {
        self.t += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.t);
        let c2 = 1.0 - Self::BETA2.powi(self.t);
        for j in 0..LEN {
            let g = grads.iter().map(|g| g[j]).sum::<f32>() / count;
            self.m[j] = Self::BETA1 * self.m[j] + (1.0 - Self::BETA1) * g;
            self.v[j] = Self::BETA2 * self.v[j] + (1.0 - Self::BETA2) * g * g;
            let decay = if model::is_weight(j) { weight_decay * net.params[j] } else { 0.0 };
            net.params[j] -= lr * ((self.m[j] / c1) / ((self.v[j] / c2).sqrt() + Self::EPS) + decay);
        }
    }
}
