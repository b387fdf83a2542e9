//! The antichess family: antichess (lichess), giveaway and suicide (FICS), one
//! position type, [`Antichess`], with the rule set in [`AntichessRules`].
//!
//! Common rules (hosts.md §3): captures are compulsory (free choice among them, en
//! passant included); the king is an ordinary piece (no check, it can be captured,
//! pawns may promote to it: `e7e8k`); a side with no pieces left, or with no legal
//! move, has reached the end of the game. Fifty moves without a capture or pawn
//! move, and a threefold repetition, draw.
//!
//! | rules     | start castling | castling from a FEN | no legal move               |
//! |-----------|----------------|---------------------|-----------------------------|
//! | antichess | none           | ignored             | the side to move wins       |
//! | giveaway  | `KQkq`         | honoured            | the side to move wins       |
//! | suicide   | none           | honoured            | fewer pieces wins, else draw|
//!
//! Before a plain search, `forced_win` runs a proof-number solver (`pns.rs`, with
//! its own table in `pns_table.rs`): compulsory captures leave the defender few
//! replies, which is where proof numbers prove wins beyond the search's depth.
//!
//! Where the written rules leave corners open, python-chess 1.11.2's
//! `AntichessBoard`/`GiveawayBoard`/`SuicideBoard` decide (the hosts' reference):
//! castling needs empty squares but no safe ones, promoted kings never castle, and
//! a position of bishops only that can never meet is a dead draw.

pub mod eval;
mod fen;
pub mod movegen;
mod ordering;
mod perft;
mod pns;
mod pns_table;
mod state;
#[cfg(test)]
mod tests;

use crate::core::score::Score;
use crate::core::{FenError, MoveError, MoveList, Outcome, Position, Side, SolverBudget, Termination};
use crate::variants::chesslike::{format_fen, Bitboard, Board, CastlingStyle, parse_legal, Move, Role};

use movegen::generate;
use state::State;

pub use pns::{Proof, Verdict, MAX_PLY as PNS_MAX_PLY};

/// Nodes (moves made) the proof-number solver may spend before each plain search
/// (on a clock, at most what the searcher's spare time buys, see `forced_win`).
/// Measured on the shared 2-core development machine, under load from other jobs
/// (`cargo test --release --test antichess_pns -- --ignored --nocapture`): a failed
/// solve spends the whole budget, 4.7-10 ms from the start positions and 5.6-6.7 ms
/// in the bench middlegame (0.15-0.33 µs a node, depending on the load); a proof in
/// the narrow endgames it is meant for takes a few hundred to a few thousand nodes
/// (under a millisecond), and the rest of the budget at most goes to shortening it.
pub const PNS_ROOT_BUDGET: u64 = 30_000;
/// Solver nodes a millisecond of the searcher's spare time buys on a clock: the slow
/// end of the rate above, so a failed solve stays within the time it was given.
const PNS_NODES_PER_MS: u64 = 3_000;
/// Below this many nodes a solve is not tried: so short a proof is one the tree
/// search finds by itself.
const PNS_MIN_BUDGET: u64 = 2_000;

/// Which member of the family is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AntichessRules {
    /// Lichess antichess: no castling; no legal move wins.
    #[default]
    Antichess,
    /// Antichess with castling; no legal move wins.
    Giveaway,
    /// FICS suicide: no legal move is decided by the piece count.
    Suicide,
}

impl AntichessRules {
    pub const ALL: [AntichessRules; 3] = [AntichessRules::Antichess, AntichessRules::Giveaway, AntichessRules::Suicide];

    /// The `UCI_Variant` name.
    pub fn name(self) -> &'static str {
        match self {
            AntichessRules::Antichess => "antichess",
            AntichessRules::Giveaway => "giveaway",
            AntichessRules::Suicide => "suicide",
        }
    }

    /// The start position of `position startpos` (hosts.md §2).
    pub fn start_fen(self) -> &'static str {
        match self {
            AntichessRules::Giveaway => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            AntichessRules::Antichess | AntichessRules::Suicide => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
            }
        }
    }
}

/// An antichess-family game state: the current position plus the positions before
/// each move, so that unmake is a pop and repetitions can be found.
#[derive(Clone)]
pub struct Antichess {
    state: State,
    rules: AntichessRules,
    history: Vec<State>,
}

impl Antichess {
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// Whether the side to move has a capture, so that only captures are legal (the
    /// searcher must not stand pat on a quiet evaluation then).
    pub fn must_capture(&self) -> bool {
        let b = &self.state.board;
        b.by_side(b.turn().flip()).any() && b.by_side(b.turn()).any() && movegen::has_capture(b)
    }

    /// Runs the proof-number solver (`pns.rs`) for a forced win of the side to move,
    /// spending about `budget` nodes.
    pub fn prove_win(&self, budget: u64) -> Proof {
        pns::solve(self, budget)
    }

    /// `outcome()` once the caller knows whether the side to move has a legal move
    /// (the solver has just generated them and need not do it twice).
    fn outcome_given_moves(&self, has_moves: bool) -> Option<Outcome> {
        if !has_moves {
            return Some(self.no_moves_outcome());
        }
        let b = &self.state.board;
        if dead_bishops(b) {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        if b.halfmove_clock() >= 100 {
            return Some(Outcome::draw(Termination::FiftyMoves));
        }
        if self.repetitions(2) >= 2 {
            return Some(Outcome::draw(Termination::Repetition));
        }
        None
    }

    /// How many earlier positions since the last irreversible move have the current
    /// hash. Only positions with the same side to move, at least four plies back, can
    /// repeat.
    fn repetitions(&self, stop_at: usize) -> usize {
        let window = (self.state.board.halfmove_clock() as usize).min(self.history.len());
        let hash = self.state.board.hash();
        let mut found = 0;
        let mut back = 4;
        while back <= window {
            if self.history[self.history.len() - back].board.hash() == hash {
                found += 1;
                if found >= stop_at {
                    break;
                }
            }
            back += 2;
        }
        found
    }

    /// The result when the side to move has no legal move (or one side has no
    /// pieces).
    fn no_moves_outcome(&self) -> Outcome {
        let b = &self.state.board;
        let us = b.turn();
        let ours = b.by_side(us).count();
        let theirs = b.by_side(us.flip()).count();
        match self.rules {
            AntichessRules::Antichess | AntichessRules::Giveaway => {
                // Only a FEN can leave the side that just moved without pieces; it
                // then has already won.
                let winner = if theirs == 0 && ours > 0 { us.flip() } else { us };
                Outcome::win(winner, Termination::NoMoves)
            }
            AntichessRules::Suicide => {
                if ours == 0 || ours < theirs {
                    Outcome::win(us, Termination::PieceCount)
                } else if ours > theirs {
                    Outcome::win(us.flip(), Termination::PieceCount)
                } else {
                    Outcome::draw(Termination::PieceCount)
                }
            }
        }
    }
}

/// Only bishops left, and neither side's bishops can ever meet an enemy bishop on
/// their colour: nobody can give anything away (python-chess's dead-draw rule for
/// this family).
fn dead_bishops(b: &Board) -> bool {
    if b.occupied() != b.by_role(Role::Bishop) {
        return false;
    }
    let (white, black) = (b.by_side(Side::White), b.by_side(Side::Black));
    let cannot_win = |us: Bitboard, them: Bitboard| {
        ((us & Bitboard::LIGHT_SQUARES).any() && (them & Bitboard::LIGHT_SQUARES).is_empty())
            || ((us & Bitboard::DARK_SQUARES).any() && (them & Bitboard::DARK_SQUARES).is_empty())
    };
    white.any() && black.any() && cannot_win(white, black) && cannot_win(black, white)
}

impl Position for Antichess {
    type Move = Move;
    type Rules = AntichessRules;
    const HAS_NOISY_MOVES: bool = true;
    /// Captures are compulsory, so passing is never a safe lower bound.
    const NULL_MOVE_OK: bool = false;

    /// A capture is compulsory: quiescence may not stand pat when one is available.
    fn forced_noisy(&self) -> bool {
        self.must_capture()
    }

    /// Captures that give material back first, quiet moves that offer a piece
    /// before the rest (see `ordering.rs`).
    fn order_hint(&self, mv: Move) -> i32 {
        ordering::order_hint(&self.state.board, mv, self.is_noisy(mv))
    }

    fn history_index(&self, mv: Move) -> usize {
        mv.from().index() * 64 + mv.to().index()
    }

    fn startpos(rules: AntichessRules) -> Antichess {
        match Antichess::from_fen(rules.start_fen(), rules) {
            Ok(p) => p,
            Err(e) => unreachable!("the start position is valid: {e}"),
        }
    }

    fn from_fen(text: &str, rules: AntichessRules) -> Result<Antichess, FenError> {
        let board = fen::parse(text, rules)?;
        Ok(Antichess { state: State::new(board), rules, history: Vec::new() })
    }

    /// X-FEN castling (`KQkq`), and the en-passant square only when the capture is
    /// possible: the board keeps it only then, and with no check every pseudo-legal
    /// en-passant capture is legal (python-chess prints the same).
    fn to_fen(&self) -> String {
        format_fen(&self.state.board, CastlingStyle::XFen, self.state.board.ep_square())
    }

    fn rules(&self) -> AntichessRules {
        self.rules
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        parse_legal(text, list.as_slice())
    }

    /// Long algebraic text; castling as the king's two-square step (`e1g1`) from
    /// e1/e8, otherwise as king takes rook (python-chess's notation for the rare
    /// castling king elsewhere on the back rank, where the step could also be a
    /// plain king move).
    fn format_move(&self, mv: Move) -> String {
        mv.to_uci(mv.is_castle() && mv.from().file() != 4)
    }

    fn hash(&self) -> u64 {
        self.state.board.hash()
    }

    fn side_to_move(&self) -> Side {
        self.state.board.turn()
    }

    /// The game ply from the FEN's move number: 0 at White's first move.
    fn ply(&self) -> usize {
        (self.state.board.fullmove_number() as usize - 1) * 2 + self.state.board.turn().index()
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        generate::<_, false>(&self.state.board, self.state.promoted, out);
    }

    /// Captures when there are any (then they are all the legal moves), otherwise
    /// the quiet promotions.
    fn noisy_moves(&self, out: &mut MoveList<Move>) {
        generate::<_, true>(&self.state.board, self.state.promoted, out);
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_en_passant() || mv.is_promotion() || (!mv.is_castle() && self.state.board.piece_at(mv.to()).is_some())
    }

    fn make_move(&mut self, mv: Move) {
        self.history.push(self.state);
        self.state.play(mv);
    }

    fn unmake_move(&mut self) {
        if let Some(s) = self.history.pop() {
            self.state = s;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        self.outcome_given_moves(!list.is_empty())
    }

    /// A forced win proven by the proof-number solver (`pns.rs`): the attacker's
    /// moves and the longest resistance, ending in a position the side to move has
    /// won. It spends [`PNS_ROOT_BUDGET`] nodes, or less when the searcher's share
    /// of the clock or of its node limit is less.
    fn forced_win(&self, budget: SolverBudget) -> Option<Vec<Move>> {
        let budget = budget.nodes(PNS_NODES_PER_MS).map_or(PNS_ROOT_BUDGET, |n| n.min(PNS_ROOT_BUDGET));
        if budget < PNS_MIN_BUDGET {
            return None;
        }
        pns::solve(self, budget).line
    }

    fn is_repetition(&self) -> bool {
        self.repetitions(1) >= 1
    }

    fn evaluate(&mut self) -> Score {
        eval::evaluate(&self.state.board, self.rules)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft::perft(&self.state, depth)
    }

    fn pretty(&self) -> String {
        self.state.board.pretty()
    }
}

impl std::fmt::Debug for Antichess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Antichess({}, {})", self.rules.name(), self.to_fen())
    }
}
