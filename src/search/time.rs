//! Time management: how long to think about one move. Pure functions of the clock,
//! so every rule here is unit-tested without a search or a real clock.
//!
//! Two limits come out of the clock: the *soft* limit (the time we aim to use; the
//! searcher does not start another iteration past it, scaled by how settled the
//! best move is) and the *hard* limit (never exceeded; checked inside the search).
//! Both stay below the remaining time minus the move overhead, and the hard limit is
//! a fraction of it, so a long series of fast moves (1+0.01 bullet) can never run
//! the clock down to zero.

/// The clock of the side to move, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: u64,
    pub inc_ms: u64,
    /// Moves until the next time control, if the control is not sudden death.
    pub movestogo: Option<u32>,
}

/// What the iterations so far say about the move, for the soft limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Iterations in a row that kept the best move.
    pub stable_iterations: u32,
    /// How much the score fell since the previous iteration (negative when it rose).
    pub score_drop: i32,
    /// The best move's share (per mille) of the nodes of the last iteration: a move
    /// that took almost all the effort had no serious rival.
    pub best_move_permille: u32,
    /// The root has only one move to choose.
    pub single_move: bool,
}

/// The best-move node share (per mille) at which the node factor is neutral: below
/// it, rivals took real effort and more time is spent, above it less.
const NEUTRAL_SHARE_PERMILLE: u64 = 800;

/// The two limits of one search, in milliseconds from the start of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeBudget {
    pub soft_ms: u64,
    pub hard_ms: u64,
}

/// With `movestogo`, the moves the remaining time is spread over at most.
const MOVESTOGO_HORIZON: u64 = 40;
/// Sudden death: the moves ahead whose increments are counted in the time pool.
const SUDDEN_DEATH_HORIZON: u64 = 50;
/// Sudden death: the share of the pool (per mille) the soft limit starts at, how
/// fast it grows (per mille per square root of the game ply) and where it stops.
/// The opening is spent lightly; by the middlegame, where games are decided, a
/// move gets about twice the first one's share, and the clock runs down to a
/// few increments by the endgame instead of keeping a quarter of it unused.
const SHARE_START_PERMILLE: f64 = 20.0;
const SHARE_GROWTH_PERMILLE: f64 = 2.5;
const SHARE_MAX_PERMILLE: f64 = 45.0;
/// Sudden death: the soft limit is at most this fraction of the usable time, so
/// a short clock is not spent on the strength of increments still to come.
const SOFT_CAP_DIVISOR: u64 = 5;
/// The hard limit is at most this many times the soft one...
const HARD_OVER_SOFT: u64 = 5;
/// ...and at most this share (percent) of the usable time, unless the time control
/// ends with this move.
const HARD_SHARE_PERCENT: u64 = 40;
/// With one move left before the time control, the share that may be spent.
const LAST_MOVE_SHARE_PERCENT: u64 = 80;

impl TimeBudget {
    /// The budget for a move on `clock` at `ply` of the game, keeping
    /// `overhead_ms` (the host's and the pipe's latency, UCI `Move Overhead`) in
    /// reserve.
    pub fn from_clock(clock: Clock, overhead_ms: u64, ply: usize) -> TimeBudget {
        let usable = clock.time_ms.saturating_sub(overhead_ms);
        let (soft, hard_share) = match clock.movestogo {
            Some(m) => {
                let mtg = (m as u64).clamp(1, MOVESTOGO_HORIZON);
                let share = if mtg == 1 { LAST_MOVE_SHARE_PERCENT } else { HARD_SHARE_PERCENT };
                // Most of the increment can be spent: it comes back after the move.
                (usable / mtg + clock.inc_ms * 3 / 4, share)
            }
            None => {
                let pool = usable.saturating_add(clock.inc_ms.saturating_mul(SUDDEN_DEATH_HORIZON - 1));
                let growth = SHARE_GROWTH_PERMILLE * (ply as f64).sqrt();
                let permille = (SHARE_START_PERMILLE + growth).min(SHARE_MAX_PERMILLE);
                let soft = (pool as f64 * permille / 1000.0) as u64;
                (soft.min(usable / SOFT_CAP_DIVISOR), HARD_SHARE_PERCENT)
            }
        };
        let cap = usable * hard_share / 100;
        let hard = soft.saturating_mul(HARD_OVER_SOFT).min(cap);
        TimeBudget { soft_ms: soft.min(hard), hard_ms: hard }
    }

    /// `go movetime N`: use all of it but the overhead.
    pub fn from_movetime(movetime_ms: u64, overhead_ms: u64) -> TimeBudget {
        let t = movetime_ms.saturating_sub(overhead_ms);
        TimeBudget { soft_ms: t, hard_ms: t }
    }

    /// Whether to stop after an iteration that ended `elapsed_ms` after the start.
    pub fn stop_after_iteration(&self, elapsed_ms: u64, progress: Progress) -> bool {
        elapsed_ms >= self.scaled_soft(progress)
    }

    /// The soft limit scaled (in percent) by what the last iterations said, and never
    /// beyond the hard limit.
    pub fn scaled_soft(&self, progress: Progress) -> u64 {
        let Progress { stable_iterations, score_drop, best_move_permille, single_move } = progress;
        if single_move {
            // Nothing to decide: a short look for a ponder move and a score.
            return self.soft_ms / 16;
        }
        let stability = match stable_iterations {
            0 => 140,
            1 | 2 => 100,
            3..=5 => 75,
            _ => 50,
        };
        let trouble = match score_drop {
            d if d >= 100 => 160,
            d if d >= 30 => 125,
            _ => 100,
        };
        // 100% at the neutral share, 80% when the best move took every node, 160%
        // when it took a fifth of them.
        let share = (best_move_permille as u64).min(1000);
        let effort = (1000 + NEUTRAL_SHARE_PERMILLE - share) / 10;
        (self.soft_ms * stability / 100 * trouble / 100 * effort / 100).min(self.hard_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time_ms: u64, inc_ms: u64, movestogo: Option<u32>) -> Clock {
        Clock { time_ms, inc_ms, movestogo }
    }

    /// Progress with a neutral best-move node share.
    fn progress(stable_iterations: u32, score_drop: i32, single_move: bool) -> Progress {
        Progress { stable_iterations, score_drop, best_move_permille: 800, single_move }
    }

    #[test]
    fn never_more_than_remaining_minus_overhead() {
        for &time in &[0u64, 1, 10, 29, 30, 31, 50, 100, 500, 1_000, 10_000, 60_000, 3_600_000] {
            for &inc in &[0u64, 10, 100, 1_000, 5_000] {
                for &mtg in &[None, Some(1), Some(2), Some(10), Some(40), Some(200)] {
                    for (&overhead, ply) in [0u64, 10, 30, 100].iter().zip([0, 7, 60, 1_000]) {
                        let b = TimeBudget::from_clock(clock(time, inc, mtg), overhead, ply);
                        let usable = time.saturating_sub(overhead);
                        assert!(b.hard_ms <= usable, "{time} {inc} {mtg:?} {overhead}: {b:?}");
                        assert!(b.soft_ms <= b.hard_ms, "{b:?}");
                        for stable in 0..8 {
                            for drop in [-50, 0, 50, 200] {
                                for share in [0, 200, 800, 1000, 5000] {
                                    let p = Progress { best_move_permille: share, ..progress(stable, drop, false) };
                                    assert!(b.scaled_soft(p) <= b.hard_ms);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn bullet_one_plus_hundredth_is_small_and_survives() {
        // 1+0.01 with a 30 ms overhead: the first move gets about a fiftieth of a
        // minute, and playing a long game at the hard limit every move still leaves time.
        let b = TimeBudget::from_clock(clock(60_000, 10, None), 30, 0);
        assert!(b.soft_ms >= 1_000 && b.soft_ms <= 2_000, "{b:?}");
        assert!(b.hard_ms <= 60_000 / 4, "{b:?}");
        // Worst case, move after move for 2,000 moves: every search runs to the hard
        // limit and the host sees the move 5 ms later (a local pipe; the 30 ms overhead
        // covers slower hosts). The clock settles just above the overhead, never at 0.
        let mut left: u64 = 60_000;
        for ply in 0..2_000 {
            let b = TimeBudget::from_clock(clock(left, 10, None), 30, 2 * ply);
            let spent = b.hard_ms + 5;
            assert!(spent <= left, "flagged with {left} ms left: {b:?}");
            left = left - spent + 10;
        }
        assert!(left >= 30, "{left}");
    }

    #[test]
    fn movestogo_spreads_the_time_and_the_last_move_may_use_most() {
        let forty = TimeBudget::from_clock(clock(60_000, 0, Some(40)), 0, 0);
        let ten = TimeBudget::from_clock(clock(60_000, 0, Some(10)), 0, 0);
        let one = TimeBudget::from_clock(clock(60_000, 0, Some(1)), 0, 0);
        assert_eq!(forty.soft_ms, 1_500);
        assert_eq!(ten.soft_ms, 6_000);
        assert!(one.hard_ms > 40_000 && one.hard_ms <= 48_000, "{one:?}");
        // More moves to go, never more time per move.
        assert!(forty.soft_ms < ten.soft_ms && ten.soft_ms < one.soft_ms);
    }

    #[test]
    fn increment_is_mostly_spent() {
        for mtg in [None, Some(30)] {
            let a = TimeBudget::from_clock(clock(10_000, 0, mtg), 0, 0);
            let b = TimeBudget::from_clock(clock(10_000, 1_000, mtg), 0, 0);
            assert!(b.soft_ms - a.soft_ms >= 750, "{mtg:?}: {a:?} {b:?}");
        }
    }

    #[test]
    fn sudden_death_spends_more_in_the_middlegame_and_never_a_fifth_at_once() {
        let at = |time, inc, ply| TimeBudget::from_clock(clock(time, inc, None), 0, ply).soft_ms;
        assert!(at(10_000, 100, 40) > at(10_000, 100, 0) * 3 / 2);
        assert!(at(10_000, 100, 400) >= at(10_000, 100, 40));
        // A short clock with a long increment: the increments to come do not
        // license spending the clock now.
        assert_eq!(at(1_000, 1_000, 40), 200);
    }

    #[test]
    fn a_ten_second_game_keeps_time_for_the_endgame_without_hoarding_it() {
        // 10+0.1, every move spending exactly its soft limit: the clock is used
        // (under 1.5 s left after 40 moves, where spreading over 40 moves kept
        // 4 s), and never falls below a few increments.
        let mut left: u64 = 10_000;
        for mv in 0..120 {
            let soft = TimeBudget::from_clock(clock(left, 100, None), 30, 2 * mv).soft_ms;
            left = left - soft + 100;
            if mv == 40 {
                assert!(left < 1_500, "{left}");
            }
            assert!(left >= 400, "move {mv}: {left}");
        }
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        assert_eq!(TimeBudget::from_movetime(1_000, 30), TimeBudget { soft_ms: 970, hard_ms: 970 });
        assert_eq!(TimeBudget::from_movetime(10, 30), TimeBudget { soft_ms: 0, hard_ms: 0 });
    }

    #[test]
    fn stability_and_trouble_scale_the_soft_limit() {
        let b = TimeBudget { soft_ms: 1_000, hard_ms: 5_000 };
        assert!(!b.stop_after_iteration(900, progress(1, 0, false)));
        assert!(b.stop_after_iteration(1_000, progress(1, 0, false)));
        // A best move that keeps changing earns more time, a settled one less.
        assert!(!b.stop_after_iteration(1_300, progress(0, 0, false)));
        assert!(b.stop_after_iteration(600, progress(9, 0, false)));
        // A falling score earns more time.
        assert!(!b.stop_after_iteration(1_200, progress(1, 150, false)));
        // One legal move: stop almost at once.
        assert!(b.stop_after_iteration(70, progress(0, 0, true)));
        // Never beyond the hard limit, whatever the scaling.
        let tight = TimeBudget { soft_ms: 1_000, hard_ms: 1_100 };
        assert_eq!(tight.scaled_soft(progress(0, 500, false)), 1_100);
    }

    #[test]
    fn a_best_move_with_rivals_earns_time() {
        let b = TimeBudget { soft_ms: 1_000, hard_ms: 5_000 };
        let with_share = |p| b.scaled_soft(Progress { best_move_permille: p, ..progress(1, 0, false) });
        assert_eq!(with_share(800), 1_000);
        assert_eq!(with_share(1000), 800, "{}", with_share(1000));
        assert!(with_share(200) >= 1_500, "{}", with_share(200));
        assert!(with_share(200) > with_share(500) && with_share(500) > with_share(900));
    }
}
