//! Every tunable number of the chess evaluation, in one place, as (middlegame,
//! endgame) pairs in centipawns. The values are hand-set from general chess
//! knowledge (a pawn is worth about 100 in the endgame; centralised and developed
//! pieces are better; a rook wants open files; passed pawns grow with their rank)
//! and are meant to be tuned against game results, not treated as truths.
//!
//! Tables indexed by rank count from the owner's back rank (index 0 = first rank),
//! so one table serves both colours.

use super::tapered::{s, S};

// ---- Material ---------------------------------------------------------------

/// Pawn, knight, bishop, rook, queen (the king has no material value).
pub const MATERIAL: [S; 5] = [s(82, 100), s(325, 310), s(335, 330), s(470, 540), s(960, 1010)];

/// Game phase units per role (pawns and kings count nothing).
pub const PHASE_UNITS: [i32; 6] = [0, 1, 1, 2, 4, 0];

// ---- Piece-square tables ----------------------------------------------------
// Each role's table is the sum of a file profile and a rank profile (plus a few
// single-square touches in psqt.rs). Additive profiles keep the tables to 16 numbers
// per role and phase, and they are symmetric between the wings by construction.

/// File profiles (a..h) per role: pawn, knight, bishop, rook, queen, king.
pub const PSQT_FILE: [[S; 8]; 6] = [
    // Pawn: central pawns control the centre; captures towards the centre gain.
    [s(-6, 0), s(-2, 0), s(2, 0), s(6, 0), s(6, 0), s(2, 0), s(-2, 0), s(-6, 0)],
    // Knight: a knight on the rim is dim.
    [s(-26, -22), s(-9, -8), s(0, 0), s(6, 6), s(6, 6), s(0, 0), s(-9, -8), s(-26, -22)],
    // Bishop: mild centre preference; b/g files for fianchetto diagonals.
    [s(-6, -8), s(2, -2), s(0, 0), s(3, 4), s(3, 4), s(0, 0), s(2, -2), s(-6, -8)],
    // Rook: central files are more often the ones that open.
    [s(-4, 0), s(-2, 0), s(2, 0), s(6, 0), s(6, 0), s(2, 0), s(-2, 0), s(-4, 0)],
    // Queen: central in the endgame.
    [s(-6, -12), s(-2, -4), s(0, 4), s(2, 8), s(2, 8), s(0, 4), s(-2, -4), s(-6, -12)],
    // King: tucked away on the wings (where castling puts it) in the middlegame,
    // central in the endgame.
    [s(12, -30), s(20, -8), s(8, 6), s(-10, 16), s(-16, 16), s(-6, 6), s(22, -8), s(14, -30)],
];

/// Rank profiles (own first rank .. own eighth rank) per role.
pub const PSQT_RANK: [[S; 8]; 6] = [
    // Pawn: advanced pawns are worth more (passed pawns get their own bonus).
    [s(0, 0), s(0, -4), s(2, -2), s(6, 4), s(12, 12), s(20, 24), s(30, 40), s(0, 0)],
    // Knight: develop it; outposts on the fifth and sixth ranks.
    [s(-14, -20), s(-4, -8), s(4, 0), s(10, 8), s(16, 10), s(20, 8), s(8, 0), s(-16, -14)],
    // Bishop: an undeveloped bishop is a passive one.
    [s(-12, -8), s(4, -2), s(4, 0), s(6, 4), s(4, 4), s(4, 0), s(0, -2), s(-8, -8)],
    // Rook: the seventh rank.
    [s(0, -4), s(-2, -4), s(-4, -2), s(-4, 0), s(-2, 2), s(2, 4), s(18, 12), s(8, 6)],
    // Queen: an early queen raid costs time.
    [s(-4, -16), s(0, -6), s(2, 2), s(2, 8), s(0, 10), s(0, 8), s(-2, 4), s(-6, -4)],
    // King: behind its pawns in the middlegame, forward in the endgame.
    [s(8, -36), s(-16, -10), s(-36, 4), s(-56, 16), s(-70, 22), s(-80, 22), s(-80, 10), s(-80, -14)],
];

/// A pawn on one of the four centre squares (d4, e4, d5, e5).
pub const CENTRE_PAWN: S = s(12, 0);

// ---- Mobility ---------------------------------------------------------------
// Counted on squares not occupied by the own pawns or king and not attacked by
// enemy pawns. Linear around a typical count, capped where extra squares stop
// mattering: (typical count, cap, value per square).

pub const MOBILITY: [(i32, i32, S); 4] = [
    (4, 8, s(7, 6)),    // knight
    (6, 13, s(6, 6)),   // bishop
    (5, 14, s(3, 7)),   // rook
    (12, 26, s(2, 5)),  // queen
];

// ---- Pawn structure -----------------------------------------------------------

/// A pawn with no own pawn on an adjacent file.
pub const ISOLATED: S = s(-10, -14);
/// A pawn with an own pawn in front of it on the same file (counted once per extra pawn).
pub const DOUBLED: S = s(-10, -22);
/// A pawn whose stop square is attacked by an enemy pawn and no own pawn can defend
/// it by advancing: it is stuck and its stop square is an outpost for the opponent.
pub const BACKWARD: S = s(-8, -6);
/// A pawn defended by a pawn or standing beside one, by rank.
pub const CONNECTED: [S; 8] = [s(0, 0), s(0, 0), s(5, 3), s(8, 6), s(12, 10), s(20, 18), s(30, 30), s(0, 0)];

/// A passed pawn (no enemy pawn in front on its own or an adjacent file), by rank.
pub const PASSED: [S; 8] = [s(0, 0), s(4, 10), s(6, 14), s(12, 24), s(24, 44), s(42, 78), s(70, 130), s(0, 0)];
/// Extra for a passed pawn whose stop square is empty.
pub const PASSED_FREE: [S; 8] = [s(0, 0), s(0, 0), s(0, 0), s(0, 4), s(2, 10), s(4, 20), s(8, 36), s(0, 0)];
/// Endgame weight by rank of the kings' distances to a passed pawn's stop square:
/// bonus `w * (ENEMY * d_enemy - OWN * d_own)`, distances capped at 5.
pub const PASSED_KING_WEIGHT: [i32; 8] = [0, 0, 0, 1, 2, 3, 4, 0];
pub const PASSED_KING_ENEMY: i32 = 3;
pub const PASSED_KING_OWN: i32 = 2;
/// A passed pawn the enemy king cannot catch (rule of the square) when the enemy
/// has only pawns left and nothing stands in the pawn's way.
pub const UNSTOPPABLE: S = s(0, 450);

// ---- King safety ----------------------------------------------------------------

/// Attack units per attacked square of the king zone, by attacking role.
pub const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// How much of the attack counts, in 64ths, by number of attacking pieces: a lone
/// attacker rarely mates.
pub const KING_ATTACKERS_SCALE: [i32; 8] = [0, 12, 40, 56, 64, 72, 76, 80];
/// Middlegame penalty `units² * scale / (64 * KING_DANGER_DIV)`, capped.
pub const KING_DANGER_DIV: i32 = 4;
pub const KING_DANGER_MAX: i32 = 600;
/// Endgame penalty per attack unit (the king is meant to be active then).
pub const KING_DANGER_EG: i32 = 1;

/// Pawn shield on each of the three files around the king, by the distance in
/// ranks of the nearest own pawn in front of the king: 1, 2, 3 or more (or none).
pub const SHIELD: [S; 3] = [s(0, 0), s(-8, 0), s(-18, 0)];
/// No own pawn at all on a shield file.
pub const SHIELD_MISSING: S = s(-26, 0);
/// ... and no enemy pawn either: a fully open file next to the king.
pub const SHIELD_OPEN_FILE: S = s(-12, 0);

// ---- Pieces -------------------------------------------------------------------

pub const BISHOP_PAIR: S = s(28, 52);
/// Rook on a file without pawns, and on one without own pawns.
pub const ROOK_OPEN_FILE: S = s(28, 12);
pub const ROOK_SEMI_OPEN_FILE: S = s(13, 8);

/// The side to move is ahead by about a tempo.
pub const TEMPO: S = s(18, 8);

// ---- Drawish endings (scale of the endgame part, in 64ths) ------------------------

pub const SCALE_NORMAL: i32 = 64;
/// Bishops of opposite colours and no other pieces: hard to win even pawns up.
pub const SCALE_OPPOSITE_BISHOPS: i32 = 32;
/// The stronger side has no pawns and at most a minor piece more: rarely a win.
pub const SCALE_NO_PAWNS_SMALL_EDGE: i32 = 8;
/// The stronger side has no pawns and only one or two knights: no forced mate.
pub const SCALE_KNIGHTS_ONLY: i32 = 0;
/// Material difference (endgame values) up to which "at most a minor piece more" holds.
pub const SMALL_EDGE: i32 = 360;
