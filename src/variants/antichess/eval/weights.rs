//! The antichess family's evaluation weights, fitted by `ludex tune --variant antichess`
//! to positions from Ludex's own self-play (`ludex datagen --variant antichess`);
//! `layout.rs` says what each group measures. This file is written by
//! `ludex tune --emit-rust`: change it by tuning, not by hand.

use super::layout::COUNT;
use crate::variants::chesslike::tapered::{s, S};

#[rustfmt::skip]
pub static WEIGHTS: [S; COUNT] = [
    // MATERIAL
    s(-100, -100), s(-120, -120), s(-110, -110), s(-100, -100), s(-130, -130), s(-90, -90),
    // RANK
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0),
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0),
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0),
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0),
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0),
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0),
    // RING
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0),
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0),
    s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0),
    // MOBILITY
    s(2, 2), s(2, 2), s(2, 2), s(2, 2), s(2, 2), s(2, 2),
    // ATTACKED_BY_MOVER
    s(25, 25), s(25, 25), s(25, 25), s(25, 25), s(25, 25), s(25, 25),
    // ATTACKED_BY_WAITING
    s(15, 15), s(15, 15), s(15, 15), s(15, 15), s(15, 15), s(15, 15),
    // FORCED
    s(-20, -20),
    // BLOCKED_PAWN
    s(8, 8),
    // BLOCKED_PAWN_SUICIDE
    s(8, 8),
    // TEMPO
    s(5, 5),
];
