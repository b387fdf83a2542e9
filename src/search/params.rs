//! The search's tunable numbers, declared in one place so that `ludex spsa` can tune
//! them in games.
//!
//! In a normal build each is a constant: [`Tunable::get`] reads a field of an
//! immutable static, which the compiler folds like a `const`. A build with
//! `--features spsa` keeps each value in an atomic and offers it as a UCI spin
//! option of the same name (see `protocol::uci::options`), so that a tuner can give
//! two instances of one binary different values.
//!
//! Margins are in chess centipawns; the searcher scales them to each variant with
//! `Position::MARGIN_PERCENT`.

#[cfg(feature = "spsa")]
use std::sync::atomic::{AtomicI32, Ordering};

/// One tunable number: its name (the UCI option's), value and the range a tuner may
/// move it in.
pub struct Tunable {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    #[cfg(feature = "spsa")]
    value: AtomicI32,
}

impl Tunable {
    const fn new(name: &'static str, default: i32, min: i32, max: i32) -> Tunable {
        Tunable {
            name,
            default,
            min,
            max,
            #[cfg(feature = "spsa")]
            value: AtomicI32::new(default),
        }
    }

    /// The value the search uses.
    #[inline(always)]
    pub fn get(&self) -> i32 {
        #[cfg(feature = "spsa")]
        return self.value.load(Ordering::Relaxed);
        #[cfg(not(feature = "spsa"))]
        self.default
    }

    /// Sets the value (clamped to the range) for every search that starts later.
    #[cfg(feature = "spsa")]
    pub fn set(&self, v: i32) {
        self.value.store(v.clamp(self.min, self.max), Ordering::Relaxed);
    }
}

/// Declares the tunables as statics and lists them all in [`ALL`].
macro_rules! tunables {
    ($($(#[$doc:meta])* $name:ident = $default:expr, $min:expr, $max:expr;)*) => {
        $($(#[$doc])* pub static $name: Tunable = Tunable::new(stringify!($name), $default, $min, $max);)*
        /// Every tunable, in declaration order.
        pub static ALL: &[&Tunable] = &[$(&$name),*];
    };
}

tunables! {
    /// Aspiration windows start this wide around the previous score.
    ASPIRATION_DELTA = 25, 5, 100;
    /// Reverse futility pruning: margin per ply of depth.
    RFP_MARGIN = 90, 30, 200;
    /// Futility pruning of quiet moves: the static evaluation plus this margin (base
    /// and per ply of reduced depth) must reach alpha, or the move is not searched.
    FUTILITY_BASE = 100, 0, 300;
    FUTILITY_MARGIN = 100, 30, 250;
    /// SEE pruning: quiet moves losing more than this times the reduced depth
    /// squared, captures losing more than this times the depth, are not searched.
    SEE_QUIET_MARGIN = 25, 5, 80;
    SEE_NOISY_MARGIN = 90, 20, 200;
    /// History pruning: quiet moves whose history is below minus this per ply (at a
    /// small reduced depth) are not searched.
    HISTORY_PRUNE_MARGIN = 3_000, 500, 8_000;
    /// One ply less reduction per this much history (main plus continuation).
    LMR_HISTORY_DIVISOR = 8_192, 2_000, 20_000;
    /// The late-move reduction table, `base + ln(depth) ln(moves) / divisor`, both in
    /// hundredths.
    LMR_BASE = 75, 0, 200;
    LMR_DIVISOR = 225, 120, 400;
    /// Razoring: a base plus a margin per squared ply below alpha.
    RAZOR_BASE = 300, 100, 600;
    RAZOR_MARGIN = 250, 100, 500;
    /// ProbCut: how far above beta a capture's shallow search must land.
    PROBCUT_MARGIN = 200, 80, 400;
    /// A singular hash move is extended twice when it is singular by this much more.
    DOUBLE_EXT_MARGIN = 16, 0, 60;
    /// After a reduced search fails high, the full-depth search goes a ply deeper
    /// when the score beat the best so far by this much (plus 2 per ply), a ply
    /// shallower when it beat it by less than the second.
    LMR_DEEPER_MARGIN = 40, 5, 120;
    LMR_SHALLOWER_MARGIN = 8, 0, 40;
    /// Null move: one ply more reduction per this much of the evaluation above beta.
    NMP_EVAL_DIVISOR = 200, 80, 400;
}

/// The tunable called `name` (case-insensitive), as an index into [`ALL`].
pub fn find(name: &str) -> Option<usize> {
    ALL.iter().position(|t| t.name.eq_ignore_ascii_case(name.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_defaults_in_range() {
        for (i, t) in ALL.iter().enumerate() {
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert_eq!(find(&t.name.to_ascii_lowercase()), Some(i), "{}", t.name);
        }
        assert_eq!(find("NO_SUCH_TUNABLE"), None);
    }
}
