//! Texel tuning: minimise the mean squared error between the game result (or a blend
//! of result and search score) and the win probability the evaluation predicts,
//! `sigmoid(e) = 1 / (1 + 10^(-K * e / 400))` with `e` in centipawns from White's
//! view. `K` maps centipawns to win probability and is fitted first with the
//! parameters as they are, so that the descent changes the evaluation's shape and
//! not merely its overall scale. The descent is full-batch Adam: the data set fits
//! in memory as traces, and a full gradient per step is deterministic.

use super::trace::Trace;

/// A traced position and what the game said about it.
#[derive(Debug, Clone)]
pub struct Sample {
    pub trace: Trace,
    /// 1.0 White won, 0.5 draw, 0.0 Black won.
    pub result: f64,
    /// The search score in centipawns from White's view.
    pub score: f64,
}

/// `1 / (1 + 10^(-k * cp / 400))`.
#[inline(always)]
pub fn sigmoid(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// The training target: the result, blended with the search score's win
/// probability by `lambda` (0: result only, 1: score only).
#[inline(always)]
fn target(s: &Sample, k: f64, lambda: f64) -> f64 {
    if lambda == 0.0 {
        s.result
    } else {
        (1.0 - lambda) * s.result + lambda * sigmoid(k, s.score)
    }
}

/// Runs `f` on `threads` contiguous chunks of `samples` at once and returns the
/// per-chunk results in chunk order, so that combining them is deterministic for a
/// given thread count.
fn in_chunks<T: Send>(samples: &[Sample], threads: usize, f: impl Fn(&[Sample]) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, samples.len().max(1));
    if threads == 1 {
        return vec![f(samples)];
    }
    let size = samples.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = samples.chunks(size).map(|chunk| scope.spawn(|| f(chunk))).collect();
        handles.into_iter().map(|h| h.join().expect("tuner thread")).collect()
    })
}

/// Mean squared error of the predictions with `params` against the targets.
pub fn loss(samples: &[Sample], params: &[[f64; 2]], k: f64, lambda: f64) -> f64 {
    loss_threads(samples, params, k, lambda, 1)
}

/// [`loss`] on `threads` threads.
pub fn loss_threads(samples: &[Sample], params: &[[f64; 2]], k: f64, lambda: f64, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sums = in_chunks(samples, threads, |chunk| {
        chunk
            .iter()
            .map(|s| {
                let d = sigmoid(k, s.trace.eval(params)) - target(s, k, lambda);
                d * d
            })
            .sum::<f64>()
    });
    sums.iter().sum::<f64>() / samples.len() as f64
}

/// The `K` that minimises the loss against the game results with `params` fixed:
/// a coarse scan, then a golden-section search around the best point (the loss is
/// unimodal in `K` for any sensible data). Always the results, whatever lambda:
/// against a target made of the search's own scores, `K` would only learn to match
/// the two scales (and fall to zero with lambda 1), and held-out losses from runs
/// with different lambdas could not be compared.
pub fn fit_k(samples: &[Sample], params: &[[f64; 2]], threads: usize) -> f64 {
    let f = |k: f64| loss_threads(samples, params, k, 0.0, threads);
    let mut best = (f64::INFINITY, 1.0);
    let mut k = 0.1;
    while k <= 4.0 + 1e-9 {
        let l = f(k);
        if l < best.0 {
            best = (l, k);
        }
        k += 0.1;
    }
    let (mut lo, mut hi) = ((best.1 - 0.1f64).max(0.01), best.1 + 0.1);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the loss with respect to every (mg, eg) parameter.
pub fn gradient(samples: &[Sample], params: &[[f64; 2]], k: f64, lambda: f64, threads: usize) -> Vec<[f64; 2]> {
    let parts = in_chunks(samples, threads, |chunk| gradient_sum(chunk, params, k, lambda));
    let mut grad = vec![[0.0; 2]; params.len()];
    for part in parts {
        for (g, p) in grad.iter_mut().zip(part) {
            g[0] += p[0];
            g[1] += p[1];
        }
    }
    let n = samples.len().max(1) as f64;
    grad.iter_mut().for_each(|g| {
        g[0] /= n;
        g[1] /= n;
    });
    grad
}

/// The summed (not yet averaged) gradient over `samples`.
fn gradient_sum(samples: &[Sample], params: &[[f64; 2]], k: f64, lambda: f64) -> Vec<[f64; 2]> {
    let mut grad = vec![[0.0; 2]; params.len()];
    let ln10 = std::f64::consts::LN_10;
    for s in samples {
        let p = sigmoid(k, s.trace.eval(params));
        // d(p - t)^2 / d eval = 2 (p - t) p (1 - p) ln10 K / 400.
        let d = 2.0 * (p - target(s, k, lambda)) * p * (1.0 - p) * ln10 * k / 400.0;
        let (wm, we) = s.trace.weights();
        for &(i, c) in &s.trace.coefs {
            let g = &mut grad[i as usize];
            g[0] += d * wm * c as f64;
            g[1] += d * we * c as f64;
        }
    }
    grad
}

/// Settings of one tuning run.
#[derive(Debug, Clone)]
pub struct Settings {
    pub epochs: usize,
    /// Adam's step size, in centipawns per step.
    pub lr: f64,
    pub lambda: f64,
    pub k: f64,
    /// Threads sharing each pass over the data.
    pub threads: usize,
}

/// Adam (Kingma and Ba): per-parameter steps scaled by the running gradient
/// magnitude, which suits parameters whose features are used very unequally
/// (material in every position, an unstoppable passer in a few).
pub fn tune(samples: &[Sample], params: &mut [[f64; 2]], settings: &Settings, mut progress: impl FnMut(usize, f64)) {
    let (b1, b2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let mut m = vec![[0.0f64; 2]; params.len()];
    let mut v = vec![[0.0f64; 2]; params.len()];
    for epoch in 1..=settings.epochs {
        let grad = gradient(samples, params, settings.k, settings.lambda, settings.threads);
        let c1 = 1.0 - b1.powi(epoch as i32);
        let c2 = 1.0 - b2.powi(epoch as i32);
        for i in 0..params.len() {
            for j in 0..2 {
                m[i][j] = b1 * m[i][j] + (1.0 - b1) * grad[i][j];
                v[i][j] = b2 * v[i][j] + (1.0 - b2) * grad[i][j] * grad[i][j];
                let step = settings.lr * (m[i][j] / c1) / ((v[i][j] / c2).sqrt() + eps);
                params[i][j] -= step;
            }
        }
        progress(epoch, loss_threads(samples, params, settings.k, settings.lambda, settings.threads));
    }
}
