//! The connect evaluation's weight tables: one per five-in-a-row rule set, since
//! what a pattern is worth depends on the rules (an overline that wins or not, the
//! first player's fouls under renju), each fitted by `ludex tune` to its own games.
//! Shorter lines (tic-tac-toe, k = 4) keep the hand-set values of `params`: the
//! tuner has no data for them, and a small board is mostly solved by the search.

mod exactly_five;
mod freestyle;
mod renju;

use super::super::params;
use super::super::rules::{ConnectRules, LineRule};
use super::layout::{Group, COUNT, UNIT};
use crate::variants::chesslike::tapered::S;

/// One rule set's weights, in `layout` order.
pub type Table = [S; COUNT];

/// The table `rules` evaluate with.
pub fn for_rules(rules: ConnectRules) -> &'static Table {
    match (rules.k, rules.line_rule) {
        (_, LineRule::Renju) => &renju::WEIGHTS,
        (5, LineRule::ExactlyK) => &exactly_five::WEIGHTS,
        (5, LineRule::KOrMore) => &freestyle::WEIGHTS,
        _ => &SHORT_LINES,
    }
}

/// Lines shorter than five: the hand-set values.
static SHORT_LINES: Table = hand_set();

/// The hand-set values (`params`) as a table: where a five-in-a-row fit starts
/// (`ludex tune --start hand-set`), so a fit can be redone from scratch.
pub fn hand_set_table() -> &'static Table {
    &SHORT_LINES
}

/// `params`' hand-set values (centipawns) laid out as a weight table (in `UNIT`ths).
const fn hand_set() -> Table {
    let mut t = [S::ZERO; COUNT];
    let mut i = 0;
    while i < Group::Ours.size() {
        t[Group::Ours.at(i)].mg = params::OURS[i] * UNIT;
        t[Group::Theirs.at(i)].mg = params::THEIRS[i] * UNIT;
        i += 1;
    }
    i = 0;
    while i < Group::OursClass.size() {
        t[Group::OursClass.at(i)].mg = params::OURS_CLASS[i] * UNIT;
        t[Group::TheirsClass.at(i)].mg = params::THEIRS_CLASS[i] * UNIT;
        i += 1;
    }
    t[Group::Tempo.at(0)].mg = params::TEMPO * UNIT;
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each rule set reads its own table, and boards with shorter lines the hand-set one.
    #[test]
    fn each_rule_set_has_its_table() {
        let at = |r: ConnectRules| for_rules(r) as *const _;
        assert_eq!(at(ConnectRules::gomoku()), &exactly_five::WEIGHTS as *const _);
        assert_eq!(at(ConnectRules::gomoku_freestyle()), &freestyle::WEIGHTS as *const _);
        assert_eq!(at(ConnectRules::renju()), &renju::WEIGHTS as *const _);
        assert_eq!(at(ConnectRules::tictactoe()), &SHORT_LINES as *const _);
        assert_eq!(SHORT_LINES[Group::Tempo.at(0)], S { mg: params::TEMPO * UNIT, eg: 0 });
    }
}
