//! What a stone on an empty cell makes for one side, all four lines together: the
//! combined class the search and the evaluation ask about ("is this a five-point",
//! "does this make a four", "a four-three").

use super::pattern::Pattern;

/// The combined class of an empty cell for one side, from the patterns of its four
/// lines. Ordered so that every class from [`CellClass::Four`] up makes at least one
/// five-point (or a five).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum CellClass {
    /// Nothing from an open three up (or an occupied cell).
    None = 0,
    /// Renju: the restricted side may not play here (double three, double four,
    /// overline). Not a threat of that side.
    Forbidden,
    /// One open three (`F3`), no four.
    Three,
    /// Two or more open threes, no four. Wins unless the opponent has a four to play.
    DoubleThree,
    /// One four (`B4`: one five-point), no open three.
    Four,
    /// One four and at least one open three on another line. Wins unless the
    /// opponent has a four to play.
    FourThree,
    /// Two five-points the opponent cannot both block: an open four, two fours on one
    /// line, or fours on two lines. Wins next move unless the opponent has a five.
    OpenFour,
    /// Completes a winning line.
    Five,
}

/// Number of classes.
pub const CLASSES: usize = 8;

impl CellClass {
    pub const ALL: [CellClass; CLASSES] = [
        CellClass::None,
        CellClass::Forbidden,
        CellClass::Three,
        CellClass::DoubleThree,
        CellClass::Four,
        CellClass::FourThree,
        CellClass::OpenFour,
        CellClass::Five,
    ];

    /// Whether a stone here gives the side at least one five-point, or a five.
    #[inline]
    pub fn makes_four(self) -> bool {
        self >= CellClass::Four
    }

    /// Whether a stone here forces the opponent to answer: a four, or an open three
    /// (left alone, it becomes an open four).
    #[inline]
    pub fn forces_reply(self) -> bool {
        self >= CellClass::Three
    }
}

/// Line patterns counted in four-bit fields of one word, so that the four lines of a
/// cell are tallied with four table loads and three additions.
const FIELD_FIVE: u32 = 0;
const FIELD_F4: u32 = 4;
const FIELD_B4: u32 = 8;
const FIELD_F3: u32 = 12;
const FIELD_FOUL: u32 = 16;

const TALLY: [u32; 16] = {
    let mut t = [0u32; 16];
    t[Pattern::F5 as usize] = 1 << FIELD_FIVE;
    t[Pattern::F4 as usize] = 1 << FIELD_F4;
    t[Pattern::B4 as usize] = 1 << FIELD_B4;
    t[Pattern::F3 as usize] = 1 << FIELD_F3;
    t[Pattern::Overline as usize] = 1 << FIELD_FOUL;
    t[Pattern::DoubleFour as usize] = 1 << FIELD_FOUL;
    t
};

/// The class of a cell from its four line codes packed four bits each (see
/// `Patterns`), and whether it is a *foul candidate*: for renju's restricted side,
/// a cell whose shapes could make it forbidden (then `renju::is_forbidden` decides,
/// and the class given is the one it has if allowed). Every forbidden cell is a
/// candidate: an overline or a double four shows in the line codes, and a renju
/// three is an `F3` line (the converse fails only for threes whose completing stone
/// is forbidden).
#[inline]
pub fn classify(codes: u16, restricted: bool) -> (CellClass, bool) {
    let t = TALLY[(codes & 15) as usize]
        + TALLY[(codes >> 4 & 15) as usize]
        + TALLY[(codes >> 8 & 15) as usize]
        + TALLY[(codes >> 12) as usize];
    let field = |f: u32| t >> f & 15;
    let (fives, f4, b4, f3) = (field(FIELD_FIVE), field(FIELD_F4), field(FIELD_B4), field(FIELD_F3));
    if fives > 0 {
        return (CellClass::Five, false);
    }
    let candidate = restricted && (field(FIELD_FOUL) > 0 || f4 + b4 >= 2 || f3 >= 2);
    let class = if f4 > 0 || b4 >= 2 {
        CellClass::OpenFour
    } else if b4 == 1 {
        if f3 > 0 {
            CellClass::FourThree
        } else {
            CellClass::Four
        }
    } else if f3 >= 2 {
        CellClass::DoubleThree
    } else if f3 == 1 {
        CellClass::Three
    } else {
        CellClass::None
    };
    (class, candidate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Pattern::*;

    fn pack(p: [Pattern; 4]) -> u16 {
        p.iter().enumerate().fold(0, |acc, (i, &p)| acc | (p as u16) << (4 * i))
    }

    #[test]
    fn classes_from_line_patterns() {
        let cases = [
            ([F5, Dead, DoubleFour, Overline], false, CellClass::Five, false),
            ([F5, F4, F4, F3], true, CellClass::Five, false),
            ([F4, B1, B2, B3], false, CellClass::OpenFour, false),
            ([F4, B1, B2, B3], true, CellClass::OpenFour, false),
            ([B4, B4, B2, B3], false, CellClass::OpenFour, false),
            ([B4, B4, B2, B3], true, CellClass::OpenFour, true),
            ([B4, F3, B2, F3], false, CellClass::FourThree, false),
            ([B4, F3, B2, F3], true, CellClass::FourThree, true),
            ([B4, F3, B2, B3], true, CellClass::FourThree, false),
            ([B4, B3, F2, F2], false, CellClass::Four, false),
            ([F3, F3, F2, F2], false, CellClass::DoubleThree, false),
            ([F3, F3, F2, F2], true, CellClass::DoubleThree, true),
            ([F3, B3, F2, F2], true, CellClass::Three, false),
            ([B3, B3, F2, F2], false, CellClass::None, false),
            ([Overline, F2, Dead, Dead], true, CellClass::None, true),
            ([DoubleFour, F2, Dead, Dead], true, CellClass::None, true),
        ];
        for (lines, restricted, class, candidate) in cases {
            assert_eq!(classify(pack(lines), restricted), (class, candidate), "{lines:?} restricted {restricted}");
        }
        assert!(CellClass::Four.makes_four() && CellClass::Five.makes_four());
        assert!(!CellClass::DoubleThree.makes_four() && !CellClass::Forbidden.makes_four());
    }
}
