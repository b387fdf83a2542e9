//! Every tunable number of the connect evaluation and move scoring, in one place.
//!
//! Tables are indexed by how many stones a live window still *misses* (1 = one stone
//! from a line, i.e. part of a four in gomoku or a two in tic-tac-toe; `k - 1` = a
//! single stone), so the same tables serve every `k`. Index 0 (a complete line) is
//! never scored here: the game is over.

use crate::core::score::Score;

use super::rules::MAX_K;

const N: usize = MAX_K as usize;

/// Value of one live window of the side to move, by stones missing. The side to move
/// scores its windows higher than the opponent's: it can extend one of them first.
/// Patterns are sums of windows: on an open board `..XXX..` lies in three windows
/// missing 2 stones (an open three), `OXXX..` in one (a blocked three), `.XXXX.` in
/// two windows missing 1 (an open four: two winning cells), `OXXXX.` in one.
pub const OURS: [Score; N] = [0, 180, 50, 8, 1];

/// Value of one live window of the side not to move.
pub const THEIRS: [Score; N] = [0, 120, 34, 6, 1];

/// Bonus for having the move in a quiet position.
pub const TEMPO: Score = 20;

/// The side to move has a cell that completes a line: it wins with its next move.
/// Far above any pattern sum, far below `score::MATE_BOUND`, so the searcher never
/// mistakes it for a proven result.
pub const WIN_NEXT: Score = 10_000;

/// The opponent has two or more distinct cells that complete a line and the side to
/// move has none: one stone cannot block both, the game is lost in two plies.
pub const LOSS_AFTER_NEXT: Score = -9_000;

/// Move scoring (`Connect::move_score`): value of extending one of the mover's live
/// windows that misses `m` stones (index `m`; `m = 1` completes a line).
pub const ATTACK: [i32; N] = [0, 1_000_000, 2_000, 150, 12];

/// Move scoring: value of occupying a cell in an opponent's live window that misses
/// `m` stones (`m = 1` blocks a line the opponent completes next move).
pub const DEFEND: [i32; N] = [0, 500_000, 1_200, 90, 8];
