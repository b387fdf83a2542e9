//! The clocks of a timed game (`--tc MIN+INC`): each side's time, charged when it
//! moves, with the increment added after a move made in time.

use std::time::{Duration, Instant};

use crate::core::Side;

pub struct Clocks {
    /// Milliseconds left, White then Black.
    left_ms: [i64; 2],
    pub inc_ms: u64,
}

impl Clocks {
    pub fn new(base_ms: u64, inc_ms: u64) -> Clocks {
        Clocks { left_ms: [base_ms as i64; 2], inc_ms }
    }

    /// Charges `side` for a move that took `used`; `false` if its time ran out.
    pub fn charge(&mut self, side: Side, used: Duration) -> bool {
        let left = &mut self.left_ms[side.index()];
        *left -= used.as_millis() as i64;
        if *left < 0 {
            *left = 0;
            return false;
        }
        *left += self.inc_ms as i64;
        true
    }

    /// The clocks as the search sees them when `to_move` started at `since`.
    pub fn remaining_for_search(&self, to_move: Side, since: Instant) -> (u64, u64) {
        let spent = since.elapsed().as_millis() as i64;
        let mut left = self.left_ms;
        left[to_move.index()] -= spent;
        (left[0].max(1) as u64, left[1].max(1) as u64)
    }

    /// `Clock: White 4:58.2  Black 5:00.0`.
    pub fn describe(&self, white: &str, black: &str) -> String {
        format!(
            "Clock: {white} {}  {black} {}",
            format_ms(self.left_ms[0].max(0) as u64),
            format_ms(self.left_ms[1].max(0) as u64)
        )
    }
}

/// `m:ss.t`.
pub fn format_ms(ms: u64) -> String {
    let tenths = ms / 100;
    format!("{}:{:02}.{}", tenths / 600, (tenths / 10) % 60, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charge_and_increment() {
        let mut c = Clocks::new(1000, 500);
        assert!(c.charge(Side::White, Duration::from_millis(400)));
        assert_eq!(c.left_ms, [1100, 1000]);
        assert!(!c.charge(Side::Black, Duration::from_millis(1001)));
        assert_eq!(format_ms(65_400), "1:05.4");
    }
}
