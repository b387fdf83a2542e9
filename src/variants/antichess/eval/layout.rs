//! Where each tuned number of the antichess family's evaluation lives: one (mg, eg)
//! pair per weight in the flat table `weights::WEIGHTS`, named by [`Group`] runs.
//! The evaluation asks for `Group::X.at(i)`; the tuner sees the same table as one
//! vector and the group names in parameter files, so this list is the whole
//! contract between the two (as `chess/eval/layout.rs` is for chess).

/// One named run of weights. "Owning" means the count is White's minus Black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Owning a pawn, knight, bishop, rook, queen, king (expected negative: the aim
    /// is to lose them all).
    Material,
    /// By role and the rank counted from the owner's side: `role * 8 + rank`.
    Rank,
    /// By role and the ring the square is on, 0 (the four centre squares) to 3
    /// (the edge): `role * 4 + ring`.
    Ring,
    /// By role: per square a piece of it attacks that is not its own side's.
    Mobility,
    /// By role: owning a piece that the side to move attacks (the side to move has
    /// to take something now).
    AttackedByMover,
    /// By role: owning a piece that the side not to move attacks (after the move
    /// the other side may have to take it).
    AttackedByWaiting,
    /// The side to move has a capture and so must capture (counted for the mover).
    Forced,
    /// Per own pawn that cannot advance, in antichess and giveaway (a stalemated
    /// side wins there).
    BlockedPawn,
    /// In suicide a stalemate is won by the side with fewer pieces: every blocked
    /// pawn of either side counts for whoever has fewer (for White when positive).
    BlockedPawnSuicide,
    /// For the side to move.
    Tempo,
}

/// Every group, in the order of the flat table.
pub const GROUPS: [Group; 10] = [
    Group::Material,
    Group::Rank,
    Group::Ring,
    Group::Mobility,
    Group::AttackedByMover,
    Group::AttackedByWaiting,
    Group::Forced,
    Group::BlockedPawn,
    Group::BlockedPawnSuicide,
    Group::Tempo,
];

// `Group::start` and `Group::at`: where each group begins, from the sizes before it.
crate::variants::group_starts::group_starts!(Group, GROUPS);

/// Number of weights.
pub const COUNT: usize = Group::Tempo.start() + Group::Tempo.size();

impl Group {
    /// The group's name in parameter files and in `weights.rs` comments.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Material => "MATERIAL",
            Group::Rank => "RANK",
            Group::Ring => "RING",
            Group::Mobility => "MOBILITY",
            Group::AttackedByMover => "ATTACKED_BY_MOVER",
            Group::AttackedByWaiting => "ATTACKED_BY_WAITING",
            Group::Forced => "FORCED",
            Group::BlockedPawn => "BLOCKED_PAWN",
            Group::BlockedPawnSuicide => "BLOCKED_PAWN_SUICIDE",
            Group::Tempo => "TEMPO",
        }
    }

    /// How many (mg, eg) pairs the group holds.
    pub const fn size(self) -> usize {
        match self {
            Group::Material | Group::Mobility | Group::AttackedByMover | Group::AttackedByWaiting => 6,
            Group::Rank => 6 * 8,
            Group::Ring => 6 * 4,
            _ => 1,
        }
    }
}
