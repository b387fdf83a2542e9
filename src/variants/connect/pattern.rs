//! Line patterns: what one side makes on one line by putting a stone on an empty cell.
//!
//! The pattern of a cell `c` on a line is decided by the `REACH` cells either side of
//! `c` on that line (off-board cells and opposing stones block alike), and by the
//! side's own rule for a winning line ([`SideRule`]). With `c`'s stone placed:
//!
//! - `F5`: the run through `c` wins (exactly `k` under the exactly-`k` rule, `k` or
//!   more otherwise);
//! - a *five-point* is an empty cell that would complete a winning run containing `c`;
//! - `F4` ("open four", "wins next move"): two or more five-points on the line;
//!   `B4` ("four"): exactly one;
//! - `F3` / `B3` ("open three" / "three"): some further stone on the line makes an
//!   `F4` / at best a `B4`;
//! - `F2` / `B2`, `F1` / `B1`: likewise, one level further away;
//! - `Dead`: no winning run can ever contain `c` on this line.
//!
//! So the level counts stones still missing (`F5` none, `*4` one, `*3` two, ...), and
//! `F` means "can still reach two five-points", the thing the opponent cannot stop.
//! The names are gomoku's; for `k` = 3 or 4 "four" still means "one stone from a
//! line", and the lower levels simply do not occur.
//!
//! Renju's restricted side (see `renju`) gets two more codes, because its overline
//! and its two fours on one line (`X.XXX.X`) are forbidden, not threats:
//! `Overline` (the stone makes six or more) and `DoubleFour` (two five-points that
//! are not the two ends of one straight four `.XXXX.`). For that side an `F4` is
//! always a straight four, and an `F3` a line one stone from a straight four.
//! Whether the completing stone is itself forbidden (because of the *other* lines
//! through it) is beyond one line; `Connect` checks the few cells where it matters
//! with `renju::is_forbidden`.
//!
//! [`pattern_table`](super::pattern_table) turns this definition into a lookup table
//! once at start-up; nothing here is on a hot path.

use super::rules::{ConnectRules, LineRule, MAX_K};
use crate::core::Side;

/// Cells either side of the centre that can matter: a winning run of `MAX_K`
/// containing the centre reaches `MAX_K - 1` cells out, and the exactly-`k` rule
/// looks one cell further.
pub const REACH: usize = MAX_K as usize;
/// Cells of a line window: `REACH` each side of the centre, and the centre.
pub const SPAN: usize = 2 * REACH + 1;
/// Bit of the centre cell in a window.
pub const CENTRE: usize = REACH;

/// The shape one side makes on one line by playing a cell (module docs). Ordered
/// weakest to strongest, then the two renju fouls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    Dead = 0,
    B1,
    F1,
    B2,
    F2,
    B3,
    F3,
    B4,
    F4,
    F5,
    /// Renju's restricted side: the stone makes six or more in a row (forbidden).
    Overline,
    /// Renju's restricted side: two fours on this one line (forbidden).
    DoubleFour,
}

/// Number of pattern codes (they fit in four bits).
pub const PATTERNS: usize = 12;

impl Pattern {
    pub const ALL: [Pattern; PATTERNS] = [
        Pattern::Dead,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::F5,
        Pattern::Overline,
        Pattern::DoubleFour,
    ];

    #[inline]
    pub fn from_code(code: u8) -> Pattern {
        Pattern::ALL[(code as usize).min(PATTERNS - 1)]
    }

    /// The pattern one stone weaker with the same openness (what a line is when its
    /// best continuation is `self`); `Dead` below the ones.
    fn one_less(self) -> Pattern {
        match self {
            Pattern::F4 => Pattern::F3,
            Pattern::B4 => Pattern::B3,
            Pattern::F3 => Pattern::F2,
            Pattern::B3 => Pattern::B2,
            Pattern::F2 => Pattern::F1,
            Pattern::B2 => Pattern::B1,
            _ => Pattern::Dead,
        }
    }

    /// Whether a stone here gives the side at least one five-point on this line, or
    /// a five.
    #[inline]
    pub fn is_four_or_five(self) -> bool {
        matches!(self, Pattern::B4 | Pattern::F4 | Pattern::F5)
    }
}

/// One side's rule for winning lines, which is all a line pattern depends on besides
/// the stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SideRule {
    /// Stones in a winning line.
    pub k: u8,
    /// Only exactly `k` wins (gomoku; renju's first player).
    pub exact: bool,
    /// Renju's first player: overlines and double fours are forbidden.
    pub restricted: bool,
}

impl SideRule {
    /// `side`'s rule under `rules`.
    pub fn of(rules: ConnectRules, side: Side) -> SideRule {
        let (exact, restricted) = match rules.line_rule {
            LineRule::ExactlyK => (true, false),
            LineRule::KOrMore => (false, false),
            LineRule::Renju => {
                let r = side == super::renju::RESTRICTED;
                (r, r)
            }
        };
        SideRule { k: rules.k, exact, restricted }
    }

    #[inline]
    fn wins(self, len: usize) -> bool {
        if self.exact {
            len == self.k as usize
        } else {
            len >= self.k as usize
        }
    }
}

/// Length of the run of `own` stones through bit `at` (which counts as a stone).
/// A run reaching the window's edge may go on beyond it; that only happens for runs
/// longer than any `k`, which neither rule then decides differently.
fn run_len(own: u16, at: usize) -> usize {
    let mut n = 1;
    let mut i = at;
    while i > 0 && own >> (i - 1) & 1 == 1 {
        n += 1;
        i -= 1;
    }
    let mut i = at;
    while i + 1 < SPAN && own >> (i + 1) & 1 == 1 {
        n += 1;
        i += 1;
    }
    n
}

/// The five-points of a window whose centre holds the side's stone: empty cells
/// where a stone completes a winning run containing the centre (a bit mask).
pub fn five_points(own: u16, block: u16, rule: SideRule) -> u16 {
    let mut out = 0;
    for q in (0..SPAN).filter(|&q| q != CENTRE && (own | block) >> q & 1 == 0) {
        let with = own | 1 << q;
        let (lo, hi) = (q.min(CENTRE), q.max(CENTRE));
        let joined = (lo..=hi).all(|i| with >> i & 1 == 1);
        if joined && rule.wins(run_len(with, CENTRE)) {
            out |= 1 << q;
        }
    }
    out
}

/// The pattern of a window, straight from the definition (module docs). `own` and
/// `block` are the side's stones and the blocked cells, bit `CENTRE` being the cell
/// played (its bit in `own` is ignored: the stone is placed here). `best_after`
/// gives the pattern of the window with one more own stone; the table builder
/// passes its memo, [`pattern_of`] recurses.
pub fn classify(own: u16, block: u16, rule: SideRule, best_after: impl Fn(u16) -> Pattern) -> Pattern {
    let own = own | 1 << CENTRE;
    let block = block & !own;
    let len = run_len(own, CENTRE);
    if rule.wins(len) {
        return Pattern::F5;
    }
    if rule.exact && len > rule.k as usize {
        // Every run containing the centre now contains this overline.
        return if rule.restricted { Pattern::Overline } else { Pattern::Dead };
    }
    let fp = five_points(own, block, rule);
    match fp.count_ones() {
        0 => {}
        1 => return Pattern::B4,
        _ => {
            let k = rule.k as usize;
            let straight = (0..SPAN).any(|a| fp >> a & 1 == 1 && a + k < SPAN && fp >> (a + k) & 1 == 1);
            return if rule.restricted && !straight { Pattern::DoubleFour } else { Pattern::F4 };
        }
    }
    let mut best = Pattern::Dead;
    for q in (0..SPAN).filter(|&q| q != CENTRE && (own | block) >> q & 1 == 0) {
        let p = best_after(own | 1 << q);
        // A continuation that is forbidden for the side leads nowhere.
        if p <= Pattern::F5 && p > best {
            best = p;
        }
    }
    best.one_less()
}

/// The pattern of a window by plain (memoised) recursion, for tests: the game uses
/// the table.
#[cfg(test)]
pub fn pattern_of(own: u16, block: u16, rule: SideRule) -> Pattern {
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    fn go(own: u16, block: u16, rule: SideRule, memo: &RefCell<BTreeMap<u16, Pattern>>) -> Pattern {
        if let Some(&p) = memo.borrow().get(&own) {
            return p;
        }
        let p = classify(own, block, rule, |more| go(more, block, rule, memo));
        memo.borrow_mut().insert(own, p);
        p
    }
    go(own | 1 << CENTRE, block, rule, &RefCell::new(BTreeMap::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window drawn as text around the played cell `*`: `X` own, `O` or `|` blocked
    /// (opponent or edge), `.` empty. Cells beyond the drawing are empty (what lies
    /// beyond a blocked cell never matters: no run crosses it).
    fn window(text: &str) -> (u16, u16) {
        let centre = text.find('*').expect("the drawing marks the cell with *");
        let (mut own, mut block) = (0u16, 0u16);
        for (i, ch) in text.chars().enumerate() {
            let bit = CENTRE as isize + i as isize - centre as isize;
            if !(0..SPAN as isize).contains(&bit) {
                continue;
            }
            match ch {
                'X' => own |= 1 << bit,
                'O' | '|' => block |= 1 << bit,
                _ => {}
            }
        }
        (own, block)
    }

    const EXACT: SideRule = SideRule { k: 5, exact: true, restricted: false };
    const FREE: SideRule = SideRule { k: 5, exact: false, restricted: false };
    const RENJU_FIRST: SideRule = SideRule { k: 5, exact: true, restricted: true };
    const RENJU_SECOND: SideRule = SideRule { k: 5, exact: false, restricted: false };

    fn pat(text: &str, rule: SideRule) -> Pattern {
        let (own, block) = window(text);
        pattern_of(own, block, rule)
    }

    #[test]
    fn gomoku_shapes_on_an_open_line() {
        use Pattern::*;
        for rule in [EXACT, FREE, RENJU_FIRST, RENJU_SECOND] {
            let cases = [
                ("...XX*XX...", F5),
                ("...XXXX*...", F5),
                ("....XXX*...", F4),
                ("....XX.*X..", B4),
                ("....X.X*X..", B4),
                ("|XXX*......", B4),
                ("....XX*....", F3),
                ("....X.*X...", F3),
                ("...X..*X...", B3),
                ("....OXX*...", B3),
                ("....|XX*...", B3),
                ("....X*.....", F2),
                ("...X.*.....", F2),
                ("...X..*....", F2),
                ("..O.X*..O..", B2),
                ("..OX*......", B2),
                (".....*.....", F1),
                ("|*.........", B1),
                ("O...*O.....", Dead),
                ("|...*O.....", Dead),
                ("O...*...O..", F1),
                ("O..*..O....", B1),
            ];
            for (text, want) in cases {
                assert_eq!(pat(text, rule), want, "{text} under {rule:?}");
            }
        }
    }

    #[test]
    fn overline_rule_decides_what_a_five_is() {
        use Pattern::*;
        // XXX.XX: filling the gap makes six. Not a four under exactly five.
        assert_eq!(pat("XX*.XX....", EXACT), B3, "XXX.XX is no four under exactly five");
        assert_eq!(pat("XX*.XX....", FREE), B4);
        assert_eq!(pat("XX*.XX....", RENJU_SECOND), B4, "renju's second player may make six");
        assert_eq!(pat("XX*.XX....", RENJU_FIRST), B3);
        // Six in a row through the cell.
        assert_eq!(pat("..XXX*XX..", EXACT), Dead);
        assert_eq!(pat("..XXX*XX..", FREE), F5);
        assert_eq!(pat("..XXX*XX..", RENJU_FIRST), Overline);
        assert_eq!(pat("..XXX*XX..", RENJU_SECOND), F5);
        // The renju first player's overline point is no five-point: .XXXX.X has one.
        assert_eq!(pat(".XX*X.X...", RENJU_FIRST), B4);
        assert_eq!(pat(".XX*X.X...", RENJU_SECOND), F4);
        assert_eq!(pat(".XX*X.X...", EXACT), B4);
        // An own stone just past the ends spoils the exact five: X.XXXX.X
        assert_eq!(pat("X.XX*X.X..", EXACT), Dead);
        assert_eq!(pat("X.XX*X.X..", FREE), F4);
    }

    #[test]
    fn two_fours_on_one_line() {
        use Pattern::*;
        assert_eq!(pat("X.X*X.X...", EXACT), F4, "two five-points win next move in gomoku");
        assert_eq!(pat("X.X*X.X...", FREE), F4);
        assert_eq!(pat("X.X*X.X...", RENJU_FIRST), DoubleFour, "a foul for renju's first player");
        assert_eq!(pat("...XXX*...", RENJU_FIRST), F4, "a straight four is one four");
        // XX.X*.XX: two fours for everyone but renju's first player.
        assert_eq!(pat("XX.*X.XX..", EXACT), F4);
        assert_eq!(pat("XX.*X.XX..", RENJU_FIRST), DoubleFour);
    }

    #[test]
    fn renju_threes_need_a_straight_four() {
        use Pattern::*;
        assert_eq!(pat("...XX*....", RENJU_FIRST), F3);
        // A three whose straight fours would all stand next to an own stone (making
        // six) is no open three where six does not win.
        assert_eq!(pat("X..X*X..X.", RENJU_FIRST), B3, "X..XXX..X: both open ends make six");
        assert_eq!(pat("X..X*X..X.", EXACT), B3);
        assert_eq!(pat("X..X*X..X.", FREE), F3);
    }

    #[test]
    fn shorter_lines() {
        use Pattern::*;
        let k3 = SideRule { k: 3, exact: false, restricted: false };
        let k3x = SideRule { k: 3, exact: true, restricted: false };
        let k4 = SideRule { k: 4, exact: false, restricted: false };
        assert_eq!(pat(".XX*.....", k3), F5);
        assert_eq!(pat("..X*.....", k3), F4);
        assert_eq!(pat("XXX*.....", k3x), Dead, "four stones are an overline for exactly three");
        assert_eq!(pat("...*X....", k3), F4, ".XX. has two winning cells for k = 3");
        assert_eq!(pat("..|*X....", k3), B4);
        assert_eq!(pat("...*.....", k3), F3);
        assert_eq!(pat("|*.|.....", k3), Dead, "no room for three");
        assert_eq!(pat("|*..|....", k3), B3);
        assert_eq!(pat("..XX*X...", k4), F5);
        assert_eq!(pat("...*XX...", k4), F4);
        assert_eq!(pat("...*X....", k4), F3);
        assert_eq!(pat("...*.....", k4), F2);
        // Tic-tac-toe: a corner of an empty 3x3 row.
        assert_eq!(pat("|*..|", k3), B3);
        assert_eq!(pat("|*X.|", k3), B4);
    }
}
