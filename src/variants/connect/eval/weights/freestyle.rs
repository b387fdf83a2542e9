//! The connect evaluation's weights under gomoku freestyle (`--variant gomokufreestyle`), as
//! `ludex tune --variant gomokufreestyle --emit-rust` writes them from positions of Ludex's
//! own self-play (`ludex datagen --variant gomokufreestyle`); they started as the hand-set
//! values of `params.rs`. `layout.rs` says what each group measures; the engine
//! reads the first value of each pair (no game phase, the second stays 0). This file
//! is written by the tuner: change it by tuning, not by hand.

use crate::variants::chesslike::tapered::{s, S};
use crate::variants::connect::eval::layout::COUNT;

#[rustfmt::skip]
pub static WEIGHTS: [S; COUNT] = [
    // OURS
    s(0, 0), s(0, 0), s(0, 0), s(1, 0), s(3, 0), s(5, 0), s(14, 0), s(30, 0),
    s(30, 0), s(0, 0), s(0, 0), s(0, 0),
    // THEIRS
    s(0, 0), s(0, 0), s(0, 0), s(1, 0), s(2, 0), s(4, 0), s(10, 0), s(20, 0),
    s(40, 0), s(0, 0), s(0, 0), s(0, 0),
    // OURS_CLASS
    s(0, 0), s(0, 0), s(0, 0), s(50, 0), s(0, 0), s(80, 0), s(0, 0), s(0, 0),
    // THEIRS_CLASS
    s(0, 0), s(0, 0), s(0, 0), s(40, 0), s(0, 0), s(60, 0), s(30, 0), s(0, 0),
    // TEMPO
    s(20, 0),
];
