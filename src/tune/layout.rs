//! The tuner's view of `params.rs`: every traced parameter gets a slot in one flat
//! vector of (mg, eg) pairs, grouped by the constant it comes from. The group names
//! are the constants' names, so a parameter file and `--emit-rust` output point
//! straight at the line to edit.
//!
//! Traced (linear in the evaluation, tuned): material, the piece-square file and
//! rank profiles, the centre pawn bonus, the mobility value per square, isolated,
//! doubled, backward and connected pawns, passed pawns by rank and with a free stop
//! square, unstoppable passers, the pawn shield, bishop pair, rooks on open and
//! semi-open files and the tempo. Everything else is held fixed (see [`FIXED`]).

use crate::variants::chess::eval::params::*;
use crate::variants::chess::eval::S;

/// One `params.rs` constant that the tuner fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Material,
    PsqtFile,
    PsqtRank,
    CentrePawn,
    Mobility,
    Isolated,
    Doubled,
    Backward,
    Connected,
    Passed,
    PassedFree,
    Unstoppable,
    Shield,
    ShieldMissing,
    ShieldOpenFile,
    BishopPair,
    RookOpenFile,
    RookSemiOpenFile,
    Tempo,
}

/// Every group, in the order of the flat vector.
pub const GROUPS: [Group; 19] = [
    Group::Material,
    Group::PsqtFile,
    Group::PsqtRank,
    Group::CentrePawn,
    Group::Mobility,
    Group::Isolated,
    Group::Doubled,
    Group::Backward,
    Group::Connected,
    Group::Passed,
    Group::PassedFree,
    Group::Unstoppable,
    Group::Shield,
    Group::ShieldMissing,
    Group::ShieldOpenFile,
    Group::BishopPair,
    Group::RookOpenFile,
    Group::RookSemiOpenFile,
    Group::Tempo,
];

/// The `params.rs` numbers the tuner leaves alone, because they do not enter the
/// evaluation linearly (king danger is quadratic in attack units; the drawish-ending
/// scales multiply the whole endgame part; the mobility "typical count" and cap
/// are offsets and clamps) or are not evaluation weights at all (phase units).
pub const FIXED: &[&str] = &[
    "PHASE_UNITS",
    "MOBILITY (typical count and cap; the value per square is tuned)",
    "PASSED_KING_WEIGHT, PASSED_KING_ENEMY, PASSED_KING_OWN",
    "KING_ATTACK_WEIGHT, KING_ATTACKERS_SCALE, KING_DANGER_DIV, KING_DANGER_MAX, KING_DANGER_EG",
    "SCALE_NORMAL, SCALE_OPPOSITE_BISHOPS, SCALE_NO_PAWNS_SMALL_EDGE, SCALE_KNIGHTS_ONLY, SMALL_EDGE",
];

/// Number of traced parameters.
pub const COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < GROUPS.len() {
        n += GROUPS[i].size();
        i += 1;
    }
    n
};

impl Group {
    /// The constant's name in `params.rs`.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Material => "MATERIAL",
            Group::PsqtFile => "PSQT_FILE",
            Group::PsqtRank => "PSQT_RANK",
            Group::CentrePawn => "CENTRE_PAWN",
            Group::Mobility => "MOBILITY",
            Group::Isolated => "ISOLATED",
            Group::Doubled => "DOUBLED",
            Group::Backward => "BACKWARD",
            Group::Connected => "CONNECTED",
            Group::Passed => "PASSED",
            Group::PassedFree => "PASSED_FREE",
            Group::Unstoppable => "UNSTOPPABLE",
            Group::Shield => "SHIELD",
            Group::ShieldMissing => "SHIELD_MISSING",
            Group::ShieldOpenFile => "SHIELD_OPEN_FILE",
            Group::BishopPair => "BISHOP_PAIR",
            Group::RookOpenFile => "ROOK_OPEN_FILE",
            Group::RookSemiOpenFile => "ROOK_SEMI_OPEN_FILE",
            Group::Tempo => "TEMPO",
        }
    }

    /// How many (mg, eg) pairs the constant holds (tables of tables are flattened
    /// row by row: `PSQT_FILE[role][file]` is index `role * 8 + file`).
    pub const fn size(self) -> usize {
        match self {
            Group::Material => 5,
            Group::PsqtFile | Group::PsqtRank => 48,
            Group::Mobility => 4,
            Group::Connected | Group::Passed | Group::PassedFree => 8,
            Group::Shield => 3,
            _ => 1,
        }
    }

    /// Whether the constant is a table (written `NAME: [S; n]`) or a single `S`.
    pub const fn is_table(self) -> bool {
        self.size() > 1
    }

    /// The index of the group's first pair in the flat vector.
    pub const fn start(self) -> usize {
        let mut at = 0;
        let mut i = 0;
        while GROUPS[i] as usize != self as usize {
            at += GROUPS[i].size();
            i += 1;
        }
        at
    }

    /// The flat index of element `i` of the group.
    #[inline(always)]
    pub const fn at(self, i: usize) -> usize {
        self.start() + i
    }

    pub fn by_name(name: &str) -> Option<Group> {
        GROUPS.into_iter().find(|g| g.name() == name)
    }
}

/// The values `params.rs` holds now, in the flat order.
pub fn current() -> Vec<S> {
    let mut v = Vec::with_capacity(COUNT);
    for g in GROUPS {
        match g {
            Group::Material => v.extend_from_slice(&MATERIAL),
            Group::PsqtFile => PSQT_FILE.iter().for_each(|row| v.extend_from_slice(row)),
            Group::PsqtRank => PSQT_RANK.iter().for_each(|row| v.extend_from_slice(row)),
            Group::CentrePawn => v.push(CENTRE_PAWN),
            Group::Mobility => v.extend(MOBILITY.iter().map(|m| m.2)),
            Group::Isolated => v.push(ISOLATED),
            Group::Doubled => v.push(DOUBLED),
            Group::Backward => v.push(BACKWARD),
            Group::Connected => v.extend_from_slice(&CONNECTED),
            Group::Passed => v.extend_from_slice(&PASSED),
            Group::PassedFree => v.extend_from_slice(&PASSED_FREE),
            Group::Unstoppable => v.push(UNSTOPPABLE),
            Group::Shield => v.extend_from_slice(&SHIELD),
            Group::ShieldMissing => v.push(SHIELD_MISSING),
            Group::ShieldOpenFile => v.push(SHIELD_OPEN_FILE),
            Group::BishopPair => v.push(BISHOP_PAIR),
            Group::RookOpenFile => v.push(ROOK_OPEN_FILE),
            Group::RookSemiOpenFile => v.push(ROOK_SEMI_OPEN_FILE),
            Group::Tempo => v.push(TEMPO),
        }
    }
    v
}
