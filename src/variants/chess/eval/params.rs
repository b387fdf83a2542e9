//! The numbers that shape the evaluation's features rather than weigh them: what
//! counts as a phase unit, how many attack units a piece's hit on the king zone or a
//! safe check is worth, and the drawish-ending scales. These are not fitted (they do
//! not enter the evaluation linearly); the weights the tuner fits are in
//! `weights.rs`.

// ---- Game phase ----------------------------------------------------------------

/// Game phase units per role (pawns and kings count nothing).
pub const PHASE_UNITS: [i32; 6] = [0, 1, 1, 2, 4, 0];

// ---- King danger index ----------------------------------------------------------

/// Attack units per attacked square of the king zone, by attacking role.
pub const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// Attack units for having a safe check with a knight, bishop, rook, queen.
pub const SAFE_CHECK_UNITS: [i32; 4] = [4, 3, 4, 3];
/// How much of the attack counts, in 64ths, by number of attacking pieces: a lone
/// attacker rarely mates.
pub const KING_ATTACKERS_SCALE: [i32; 8] = [0, 12, 40, 56, 64, 72, 76, 80];

// ---- Drawish endings (scale of the endgame part, in 64ths) ------------------------

pub const SCALE_NORMAL: i32 = 64;
/// Bishops of opposite colours and no other pieces: hard to win even pawns up.
pub const SCALE_OPPOSITE_BISHOPS: i32 = 32;
/// The stronger side has no pawns and at most a minor piece more: rarely a win.
pub const SCALE_NO_PAWNS_SMALL_EDGE: i32 = 8;
/// The stronger side has no pawns and only one or two knights: no forced mate.
pub const SCALE_KNIGHTS_ONLY: i32 = 0;
/// The wrong bishop with rook pawns against a king in the corner
/// (`scaling::wrong_bishop_rook_pawn`): a draw by rule whatever the material.
pub const SCALE_HELD_ENDING: i32 = 4;
/// Material difference (endgame values) up to which "at most a minor piece more" holds.
pub const SMALL_EDGE: i32 = 360;
