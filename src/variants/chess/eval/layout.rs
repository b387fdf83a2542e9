//! Where each tuned number of the evaluation lives: every weight is one (mg, eg)
//! pair in the flat table `weights::WEIGHTS`, and a [`Group`] names a run of them
//! (a table such as the knight's mobility by square count, or a single value such
//! as the tempo). The evaluation asks for `Group::X.at(i)`, which the compiler folds
//! to a constant offset; the tuner sees the same table as one vector, so one list
//! here is the whole contract between the two.

/// One named run of weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Pawn, knight, bishop, rook, queen.
    Material,
    /// By role (pawn .. king) and square from White's side: `role * 64 + square`.
    Psqt,
    /// By the number of safe squares a piece reaches.
    KnightMobility,
    BishopMobility,
    RookMobility,
    QueenMobility,
    Isolated,
    Doubled,
    Backward,
    /// By the pawn's rank counted from its own side (0 = first rank).
    Connected,
    Passed,
    PassedFree,
    /// Per square of distance between a passed pawn's stop square and the enemy
    /// king, and the own king (capped at 5), by the pawn's rank.
    PassedEnemyKing,
    PassedOwnKing,
    /// A passer the enemy king cannot catch when the enemy has only pawns.
    Unstoppable,
    /// By the distance of the nearest shield pawn: 1, 2, 3 or more ranks.
    Shield,
    ShieldMissing,
    ShieldOpenFile,
    /// Counted `index² / 32` and `index` times, where the danger index sums the
    /// attack units on the king zone and the safe checks, scaled by the number of
    /// attackers (see `king_safety.rs`): a quadratic curve, two weights, so the fit
    /// stays smooth where few positions reach high indices.
    KingDanger,
    /// Enemy knights, bishops, rooks and queens attacked by a pawn.
    ThreatByPawn,
    /// Enemy pawns .. queens attacked by a knight or bishop (minor pieces and pawns
    /// only when no enemy pawn defends them).
    ThreatByMinor,
    /// The same for rooks.
    ThreatByRook,
    /// Undefended enemy pieces and pawns next to the king.
    ThreatByKing,
    /// Enemy pieces and pawns attacked and not defended at all.
    Hanging,
    BishopPair,
    RookOpenFile,
    RookSemiOpenFile,
    /// Knight, bishop on a square in the enemy half that a pawn defends and no
    /// enemy pawn can ever attack.
    Outpost,
    /// Per own pawn on the bishop's square colour.
    BishopPawns,
    /// A knight or bishop with an own pawn just in front of it.
    MinorBehindPawn,
    Tempo,
}

/// Every group, in the order of the flat table.
pub const GROUPS: [Group; 31] = [
    Group::Material,
    Group::Psqt,
    Group::KnightMobility,
    Group::BishopMobility,
    Group::RookMobility,
    Group::QueenMobility,
    Group::Isolated,
    Group::Doubled,
    Group::Backward,
    Group::Connected,
    Group::Passed,
    Group::PassedFree,
    Group::PassedEnemyKing,
    Group::PassedOwnKing,
    Group::Unstoppable,
    Group::Shield,
    Group::ShieldMissing,
    Group::ShieldOpenFile,
    Group::KingDanger,
    Group::ThreatByPawn,
    Group::ThreatByMinor,
    Group::ThreatByRook,
    Group::ThreatByKing,
    Group::Hanging,
    Group::BishopPair,
    Group::RookOpenFile,
    Group::RookSemiOpenFile,
    Group::Outpost,
    Group::BishopPawns,
    Group::MinorBehindPawn,
    Group::Tempo,
];

/// The danger index is capped below this.
pub const KING_DANGER_LIMIT: usize = 64;

// `Group::start` and `Group::at`: where each group begins, from the sizes before it.
crate::variants::group_starts::group_starts!(Group, GROUPS);

/// Number of weights.
pub const COUNT: usize = Group::Tempo.start() + Group::Tempo.size();

impl Group {
    /// The group's name in parameter files and in `weights.rs` comments.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Material => "MATERIAL",
            Group::Psqt => "PSQT",
            Group::KnightMobility => "KNIGHT_MOBILITY",
            Group::BishopMobility => "BISHOP_MOBILITY",
            Group::RookMobility => "ROOK_MOBILITY",
            Group::QueenMobility => "QUEEN_MOBILITY",
            Group::Isolated => "ISOLATED",
            Group::Doubled => "DOUBLED",
            Group::Backward => "BACKWARD",
            Group::Connected => "CONNECTED",
            Group::Passed => "PASSED",
            Group::PassedFree => "PASSED_FREE",
            Group::PassedEnemyKing => "PASSED_ENEMY_KING",
            Group::PassedOwnKing => "PASSED_OWN_KING",
            Group::Unstoppable => "UNSTOPPABLE",
            Group::Shield => "SHIELD",
            Group::ShieldMissing => "SHIELD_MISSING",
            Group::ShieldOpenFile => "SHIELD_OPEN_FILE",
            Group::KingDanger => "KING_DANGER",
            Group::ThreatByPawn => "THREAT_BY_PAWN",
            Group::ThreatByMinor => "THREAT_BY_MINOR",
            Group::ThreatByRook => "THREAT_BY_ROOK",
            Group::ThreatByKing => "THREAT_BY_KING",
            Group::Hanging => "HANGING",
            Group::BishopPair => "BISHOP_PAIR",
            Group::RookOpenFile => "ROOK_OPEN_FILE",
            Group::RookSemiOpenFile => "ROOK_SEMI_OPEN_FILE",
            Group::Outpost => "OUTPOST",
            Group::BishopPawns => "BISHOP_PAWNS",
            Group::MinorBehindPawn => "MINOR_BEHIND_PAWN",
            Group::Tempo => "TEMPO",
        }
    }

    /// How many (mg, eg) pairs the group holds.
    pub const fn size(self) -> usize {
        match self {
            Group::Material => 5,
            Group::Psqt => 6 * 64,
            Group::KnightMobility => 9,
            Group::BishopMobility => 14,
            Group::RookMobility => 15,
            Group::QueenMobility => 28,
            Group::Connected | Group::Passed | Group::PassedFree => 8,
            Group::PassedEnemyKing | Group::PassedOwnKing => 8,
            Group::Shield => 3,
            Group::KingDanger => 2,
            Group::ThreatByPawn => 4,
            Group::ThreatByMinor | Group::ThreatByRook => 5,
            Group::Outpost => 2,
            _ => 1,
        }
    }

    pub fn by_name(name: &str) -> Option<Group> {
        GROUPS.into_iter().find(|g| g.name() == name)
    }
}
