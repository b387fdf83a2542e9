//! The antichess family's evaluation weights, fitted by `ludex tune --variant antichess`
//! to positions from Ludex's own self-play (`ludex datagen --variant antichess`);
//! `layout.rs` says what each group measures. This file is written by
//! `ludex tune --emit-rust`: change it by tuning, not by hand.

use super::layout::COUNT;
use crate::variants::chesslike::tapered::{s, S};

#[rustfmt::skip]
pub static WEIGHTS: [S; COUNT] = [
    // MATERIAL
    s(18, -63), s(-227, 16), s(-662, 96), s(-532, 105), s(-115, -229), s(6, 99),
    // RANK
    s(0, 0), s(78, -134), s(99, -312), s(113, -126), s(-100, 146), s(-310, 340), s(-334, 422), s(0, 0),
    s(5, 104), s(371, -36), s(243, 180), s(120, 190), s(-240, 75), s(-35, -49), s(-747, -175), s(-272, -177),
    s(633, -8), s(395, 74), s(425, 70), s(115, 76), s(-106, 129), s(-340, 260), s(-1179, 300), s(-672, 255),
    s(245, 62), s(414, 13), s(412, -90), s(-53, 152), s(-595, 257), s(-454, 371), s(-404, 265), s(-1084, 312),
    s(-120, 329), s(305, -557), s(208, 62), s(204, 235), s(245, -148), s(179, -276), s(669, -465), s(117, -310),
    s(-126, 275), s(285, 49), s(186, -134), s(374, -196), s(523, -196), s(510, -180), s(-5, -131), s(18, -163),
    // RING
    s(-124, 28), s(-59, 48), s(51, 8), s(194, -105), s(-219, 99), s(-109, 159), s(-10, 249), s(77, 24),
    s(-1227, 268), s(-578, 113), s(-399, 116), s(-310, 98), s(-1179, 243), s(-690, 300), s(-448, 203), s(-316, 165),
    s(227, -263), s(186, -212), s(-119, 104), s(4, -58), s(-297, 159), s(63, 106), s(-208, 139), s(203, 32),
    // MOBILITY
    s(46, -77), s(45, -43), s(40, 5), s(25, 3), s(6, 27), s(83, -32),
    // ATTACKED_BY_MOVER
    s(25, 25), s(25, 25), s(25, 25), s(25, 25), s(25, 25), s(25, 25),
    // ATTACKED_BY_WAITING
    s(-151, 744), s(-69, 409), s(-473, 1150), s(724, -9), s(247, 994), s(-240, 1066),
    // FORCED
    s(-20, -20),
    // BLOCKED_PAWN
    s(-59, -110),
    // BLOCKED_PAWN_SUICIDE
    s(8, 8),
    // TEMPO
    s(529, -105),
];
