//! The hand-set numbers of the connect evaluation and move scoring, in one place.
//! The evaluation's pattern, class and tempo values here are where every rule set's
//! weight table (`eval/weights`, fitted by `ludex tune`) started, and what lines
//! shorter than five (tic-tac-toe) still evaluate with; move scoring reads its own
//! tables below, so fitting the evaluation leaves move ordering alone.
//!
//! Line tables are indexed by [`Pattern`](super::pattern::Pattern) (`Dead, B1, F1, B2,
//! F2, B3, F3, B4, F4, F5, Overline, DoubleFour`), class tables by
//! [`CellClass`](super::cell_class::CellClass) (`None, Forbidden, Three, DoubleThree,
//! Four, FourThree, OpenFour, Five`). A pattern is counted once per empty cell and
//! line where the side makes it, so an existing shape is valued by the cells that
//! extend it: on an open line `..XX..` gives four `F3` cells and two `B3`, `..XXX..`
//! two `F4` and two `B4`, `OXXX..` two `B4`.

use crate::core::score::{self, Score};

use super::cell_class::CLASSES;
use super::pattern::PATTERNS;

/// Evaluation: value of one (empty cell, line) with each pattern, for the side to
/// move. It scores higher than the opponent's: it can extend its shapes first.
/// `F5` is 0: a five-point of the side to move wins outright, and one of the
/// opponent's is blocked by the forced reply.
pub const OURS: [Score; PATTERNS] = [0, 0, 0, 1, 3, 5, 14, 30, 30, 0, 0, 0];

/// Evaluation: the same for the side not to move.
pub const THEIRS: [Score; PATTERNS] = [0, 0, 0, 1, 2, 4, 10, 20, 40, 0, 0, 0];

/// Evaluation: bonus per empty cell of each class for the side to move (on top of
/// its line patterns), for the cells that make two threats at once.
pub const OURS_CLASS: [Score; CLASSES] = [0, 0, 0, 50, 0, 80, 0, 0];

/// Evaluation: the same for the side not to move.
pub const THEIRS_CLASS: [Score; CLASSES] = [0, 0, 0, 40, 0, 60, 30, 0];

/// Bonus for having the move in a quiet position.
pub const TEMPO: Score = 20;

// The threat verdicts are exact, so they are forced results counted in plies from
// the position evaluated (`score::won_in`): the searcher turns them into mate scores
// from its root, reports them as `score mate N`, prefers the quickest win and, when
// lost, the defence that lasts longest.

/// The side to move has a cell that completes a line: it wins with its next move.
pub const WIN_NEXT: Score = score::won_in(1);

/// The side to move can make two five-points at once (an open four, a double four)
/// and the opponent has no five-point: it wins in three plies.
pub const WIN_BY_FOUR: Score = score::won_in(3);

/// The side to move can make a four-three (or, unrestricted, a double three) and the
/// opponent has no four to play: it wins in five plies.
pub const WIN_BY_THREAT: Score = score::won_in(5);

/// The opponent has two or more distinct cells that complete a line (or one the side
/// to move may not block) and the side to move has none: lost in two plies.
pub const LOSS_AFTER_NEXT: Score = score::lost_in(2);

/// Move scoring (`Connect::move_score`): value of a move by the class it has for the
/// mover. A five and an open four sort above the searcher's killers (`1 << 24`).
pub const ATTACK_CLASS: [i32; CLASSES] = [0, 0, 0, 40_000, 0, 2_000_000, 20_000_000, 1 << 25];

/// Move scoring: value of a move by the class it has for the opponent (taking the
/// cell blocks it). Blocking a five comes before everything but a five.
pub const DEFEND_CLASS: [i32; CLASSES] = [0, 0, 0, 20_000, 0, 800_000, 1_500_000, 25_000_000];

/// Move scoring: value of each line pattern the move makes for the mover.
pub const ATTACK: [i32; PATTERNS] = [0, 1, 2, 8, 24, 60, 400, 1_200, 0, 0, 0, 0];

/// Move scoring: value of each line pattern the cell has for the opponent.
pub const DEFEND: [i32; PATTERNS] = [0, 1, 2, 4, 12, 30, 250, 600, 0, 0, 0, 0];
