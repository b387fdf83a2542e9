//! The first layer's output for both views, kept up to date move by move.

use crate::core::Side;
use crate::variants::chess::piece_delta::{PieceDelta, Placed};
use crate::variants::chesslike::Board;

use super::{feature, flip_feature, white_features, Network, FULL_WEIGHT, HIDDEN, QA, QB, SCALE};

/// Both views' hidden units before activation: `b1 + sum of w1 rows of the
/// inputs present`, indexed by the viewing side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator {
    v: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// Computed from scratch.
    pub fn new(b: &Board, net: &Network) -> Accumulator {
        let mut acc = Accumulator { v: [net.b1; 2] };
        for f in white_features(b) {
            add(&mut acc.v[0], &net.w1[f]);
            add(&mut acc.v[1], &net.w1[flip_feature(f)]);
        }
        acc
    }

    /// Sets `self` to `prev` changed by `d`. The common moves (one input off
    /// and one on, a capture's two off and one on) are one pass over each view.
    #[inline]
    pub fn apply(&mut self, prev: &Accumulator, d: &PieceDelta, net: &Network) {
        let white = |&(side, role, sq): &Placed| feature(Side::White, side, role, sq);
        for view in 0..2 {
            let f = |x: &Placed| if view == 0 { white(x) } else { flip_feature(white(x)) };
            let (out, old) = (&mut self.v[view], &prev.v[view]);
            match (d.on(), d.off()) {
                ([on], [off]) => {
                    let (a, s) = (&net.w1[f(on)], &net.w1[f(off)]);
                    for i in 0..HIDDEN {
                        out[i] = old[i].wrapping_add(a[i]).wrapping_sub(s[i]);
                    }
                }
                ([on], [off1, off2]) => {
                    let (a, s, t) = (&net.w1[f(on)], &net.w1[f(off1)], &net.w1[f(off2)]);
                    for i in 0..HIDDEN {
                        out[i] = old[i].wrapping_add(a[i]).wrapping_sub(s[i]).wrapping_sub(t[i]);
                    }
                }
                (ons, offs) => {
                    *out = *old;
                    for x in ons {
                        add(out, &net.w1[f(x)]);
                    }
                    for x in offs {
                        sub(out, &net.w1[f(x)]);
                    }
                }
            }
        }
    }

    /// The network's score for `stm` to move, in centipawns, at its weight
    /// (`Network::weight_permille`).
    pub fn evaluate(&self, stm: Side, net: &Network) -> i32 {
        let mut sum: i64 = 0;
        for (view, w2) in [stm, stm.flip()].into_iter().zip(net.w2.iter()) {
            // One view's sum fits an i32 (see `WEIGHT_CLIP`); both need not.
            let mut half: i32 = 0;
            for (&a, &w) in self.v[view.index()].iter().zip(w2.iter()) {
                let x = a.clamp(0, QA as i16);
                // x * w fits an i16 (255 * 127): products of i16 pairs summed in
                // i32 are what SIMD multiply-add instructions do.
                half += (x.wrapping_mul(w)) as i32 * x as i32;
            }
            sum += half as i64;
        }
        // At the network's weight, in per mille: at the full weight the same
        // truncation as without one.
        let (weight, full) = (net.weight_permille as i64, FULL_WEIGHT as i64);
        ((sum / QA as i64 + net.b2 as i64) * SCALE as i64 * weight / ((QA * QB) as i64 * full)) as i32
    }
}

#[inline(always)]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline(always)]
fn sub(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}
