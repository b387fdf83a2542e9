//! The per-game rule choice of an m,n,k-game: how long a winning line is, whether a
//! longer line (an "overline") also wins, and which board `position startpos` uses.
//! The board size itself comes from the FEN, so one `ConnectRules` plays any size.

/// When a completed line of at least `k` stones wins.
///
/// Gomocup numbers its rules as a bitmask (hosts.md §7): `0` freestyle, `1` exactly
/// five, `4` renju. Renju is not implemented yet; it will be a third value here whose
/// overline rule depends on the side (the first player's overline neither wins nor is
/// allowed, the second player's wins) and whose forbidden moves (double three, double
/// four, overline for the first player) are filtered in `Connect::is_forbidden`, the
/// one hook that move generation and `parse_move` already call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineRule {
    /// Exactly `k` in a row wins; a longer line neither wins nor ends the game
    /// (Cute Chess `gomoku`, Gomocup rule 1).
    ExactlyK,
    /// `k` or more in a row wins (Cute Chess `gomokufreestyle` and `tictactoe`,
    /// Gomocup rule 0).
    KOrMore,
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

    /// Whether a line of `len` stones through the last stone placed wins.
    #[inline]
    pub fn wins(self, len: u32) -> bool {
        match self.line_rule {
            LineRule::ExactlyK => len == self.k as u32,
            LineRule::KOrMore => len >= self.k as u32,
        }
    }

    /// Whether the rules are usable at all (`k` within what the board layout supports).
    pub fn is_valid(self) -> bool {
        (MIN_K..=MAX_K).contains(&self.k)
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
    }
}
