//! Where each tuned number of the connect evaluation lives: one weight per entry of
//! a flat table (`weights`, one table per rule set), named by [`Group`] runs. The
//! evaluation's walk reports `Group::X.at(i)`; the tuner sees the same table as one
//! vector and the group names in parameter files, so this list is the whole
//! contract between the two (as `chess/eval/layout.rs` is for chess).
//!
//! The weights are (mg, eg) pairs only because the tuner fits such pairs: a connect
//! game has no phase, the engine reads `mg`, and `eg` stays 0. They are in
//! [`UNIT`]ths of a centipawn: a combination weight is counted once per empty cell,
//! a pattern weight four times, so whole centipawns would round each by up to half a
//! centipawn some two hundred times over.

/// Weights per centipawn: the quiet sum is divided by this.
pub const UNIT: i32 = 16;

use super::super::cell_class::CLASSES;
use super::super::combo::COMBOS;
use super::super::pattern::PATTERNS;

/// One named run of weights. "Ours" is the side with the initiative: the side to
/// move, unless it must block the opponent's five-point, which hands the initiative
/// to the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Per (empty cell, line) where our stone would make the pattern, indexed by
    /// `Pattern` (`Dead, B1, F1, B2, F2, B3, F3, B4, F4, F5, Overline, DoubleFour`).
    Ours,
    /// The same for the other side.
    Theirs,
    /// Per empty cell of each class for us, indexed by `CellClass` (`None,
    /// Forbidden, Three, DoubleThree, Four, FourThree, OpenFour, Five`), on top of
    /// the cell's line patterns.
    OursClass,
    /// The same for the other side.
    TheirsClass,
    /// Having the move in a quiet position (not counted when the move must block).
    Tempo,
    /// Per empty cell for us, indexed by the cell's combination of four line
    /// patterns (`combo::of`), on top of its line patterns and class; forbidden
    /// cells left out, like their patterns.
    OursCell,
    /// The same for the other side.
    TheirsCell,
}

/// Every group, in the order of the flat table.
pub const GROUPS: [Group; 7] = [
    Group::Ours,
    Group::Theirs,
    Group::OursClass,
    Group::TheirsClass,
    Group::Tempo,
    Group::OursCell,
    Group::TheirsCell,
];

// `Group::start` and `Group::at`: where each group begins, from the sizes before it.
crate::variants::group_starts::group_starts!(Group, GROUPS);

/// Number of weights.
pub const COUNT: usize = Group::TheirsCell.start() + Group::TheirsCell.size();

impl Group {
    /// The group's name in parameter files and in `weights` comments.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Ours => "OURS",
            Group::Theirs => "THEIRS",
            Group::OursClass => "OURS_CLASS",
            Group::TheirsClass => "THEIRS_CLASS",
            Group::Tempo => "TEMPO",
            Group::OursCell => "OURS_CELL",
            Group::TheirsCell => "THEIRS_CELL",
        }
    }

    /// How many weights the group holds.
    pub const fn size(self) -> usize {
        match self {
            Group::Ours | Group::Theirs => PATTERNS,
            Group::OursClass | Group::TheirsClass => CLASSES,
            Group::Tempo => 1,
            Group::OursCell | Group::TheirsCell => COMBOS,
        }
    }
}
