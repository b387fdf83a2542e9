//! The per-game rule choice of an m,n,k-game: how long a winning line is, whether a
//! longer line (an "overline") also wins, and which board `position startpos` uses.
//! The board size itself comes from the FEN, so one `ConnectRules` plays any size.

use crate::core::Side;

/// When a completed line of at least `k` stones wins.
///
/// Gomocup numbers its rules as a bitmask (hosts.md §7): `0` freestyle, `1` exactly
/// five, `4` renju.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineRule {
    /// Exactly `k` in a row wins; a longer line neither wins nor ends the game
    /// (Cute Chess `gomoku`, Gomocup rule 1).
    ExactlyK,
    /// `k` or more in a row wins (Cute Chess `gomokufreestyle` and `tictactoe`,
    /// Gomocup rule 0).
    KOrMore,
    /// Renju (Gomocup rule 4, `k` = 5): the first player (White, `P`) wins with
    /// exactly five and may not play double threes, double fours or overlines (see
    /// `renju`, filtered in `Connect::is_forbidden`); the second player wins with five
    /// or more.
    Renju,
}

/// The longest winning line the board layout supports (see `geometry::PAD`).
pub const MAX_K: u8 = 5;
/// The smallest winning line that makes a game (k = 3 is tic-tac-toe).
pub const MIN_K: u8 = 3;

/// Rules of one connect game. Fields are public so that a Gomocup `INFO rule` or a
/// `START n` can build the rules it needs; use the constructors for the hosts' variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConnectRules {
    /// Stones in a row needed to win (3 ..= 5).
    pub k: u8,
    /// Whether an overline wins.
    pub line_rule: LineRule,
    /// Board width used by `startpos` (the FEN decides the size otherwise).
    pub default_width: u8,
    /// Board height used by `startpos`.
    pub default_height: u8,
}

impl ConnectRules {
    /// Three in a row on 3x3 (Cute Chess `tictactoe`). Overlines cannot happen on
    /// 3x3; on a larger board they win, as in the usual m,n,k-game.
    pub const fn tictactoe() -> Self {
        ConnectRules { k: 3, line_rule: LineRule::KOrMore, default_width: 3, default_height: 3 }
    }

    /// Exactly five on 15x15 (Cute Chess `gomoku`, Gomocup rule 1).
    pub const fn gomoku() -> Self {
        ConnectRules { k: 5, line_rule: LineRule::ExactlyK, default_width: 15, default_height: 15 }
    }

    /// Five or more on 15x15 (Cute Chess `gomokufreestyle`, Gomocup rule 0).
    pub const fn gomoku_freestyle() -> Self {
        ConnectRules { k: 5, line_rule: LineRule::KOrMore, default_width: 15, default_height: 15 }
    }

    /// Renju on 15x15 (Gomocup rule 4, UCI variant `renju`).
    pub const fn renju() -> Self {
        ConnectRules { k: 5, line_rule: LineRule::Renju, default_width: 15, default_height: 15 }
    }

    /// Whether a line of `len` stones wins for the first player (White). Under renju
    /// the second player's rule differs: use [`ConnectRules::wins_for`].
    #[inline]
    pub fn wins(self, len: u32) -> bool {
        self.wins_for(Side::White, len)
    }

    /// Whether a line of `len` stones through the last stone placed wins for `side`.
    #[inline]
    pub fn wins_for(self, side: Side, len: u32) -> bool {
        match (self.line_rule, side) {
            (LineRule::ExactlyK, _) | (LineRule::Renju, Side::White) => len == self.k as u32,
            (LineRule::KOrMore, _) | (LineRule::Renju, Side::Black) => len >= self.k as u32,
        }
    }

    /// Whether the rules are usable at all (`k` within what the board layout supports;
    /// renju is defined for five only).
    pub fn is_valid(self) -> bool {
        (MIN_K..=MAX_K).contains(&self.k) && (self.line_rule != LineRule::Renju || self.k == 5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overline_rule() {
        let exact = ConnectRules::gomoku();
        let free = ConnectRules::gomoku_freestyle();
        assert!(!exact.wins(4) && exact.wins(5) && !exact.wins(6));
        assert!(!free.wins(4) && free.wins(5) && free.wins(6));
        assert!(ConnectRules::tictactoe().wins(3));
        let renju = ConnectRules::renju();
        assert!(renju.wins_for(Side::White, 5) && !renju.wins_for(Side::White, 6));
        assert!(renju.wins_for(Side::Black, 5) && renju.wins_for(Side::Black, 6));
        assert!(!renju.wins_for(Side::Black, 4));
        assert!(!ConnectRules { k: 4, ..renju }.is_valid());
    }
}
