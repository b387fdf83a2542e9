//! Chess and Chess960: one position type, [`Chess`], whose [`ChessRules`] says
//! whether castling is written the Chess960 way (king takes own rook, Shredder-FEN).
//! Castling itself is generated the same way in both: a right names its rook, so a
//! standard start is just one of the 960 positions.
//!
//! Draw rules follow FIDE: fifty moves (unless the hundredth half-move mates),
//! threefold repetition since the last irreversible move (positions compared by
//! Zobrist hash, which includes castling rights and a usable en-passant square),
//! and positions where no sequence of moves can mate. As in the reference perft
//! data, `legal_moves` knows nothing of claimable draws; `outcome` reports them.

pub mod eval;
mod gives_check;
mod line_sums;
pub mod nnue;
mod material;
pub mod movegen;
mod ordering;
mod perft;
mod piece_delta;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::core::score::{Score, MATE_BOUND};
use crate::core::{FenError, MoveError, MoveList, Outcome, Position, Side, Termination, CORRECTION_KEYS};
use crate::variants::chesslike::{format_fen, parse_fen, see, Board, CastlingStyle, FenProblem, parse_legal, Move, Role, Square};

use movegen::{checkers, generate};
use line_sums::{LineSums, SumStack};
use nnue::Network;
use eval::pawn_cache::PawnCache;
use gives_check::CheckInfo;
use ordering::Threats;

pub use material::insufficient_material;

/// The chess rule choice that a FEN does not carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ChessRules {
    /// Chess960: castling moves are written king-takes-rook (`e1h1`) and FEN castling
    /// rights in Shredder form (`HAha`).
    pub chess960: bool,
}

pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess game state: the current board plus the boards before each move, so that
/// unmake is a pop and repetitions can be found.
#[derive(Clone)]
pub struct Chess {
    board: Board,
    rules: ChessRules,
    history: Vec<Undo>,
    /// Plies since the last null move (or the start): repetitions are not looked for
    /// across a null move, which is not a real move of the game.
    plies_since_null: u32,
    /// The network's first layer and the classical piece terms for the board
    /// after each move, in step with `history` (slot `i` is the board
    /// `history[i]` holds, the last one the current board's), updated when
    /// `evaluate` asks.
    sums: SumStack,
    /// The network in use (the embedded one unless `EvalFile` gave another),
    /// shared by the positions that evaluate with it and freed with the last.
    net: Arc<Network>,
    /// The opponent's attacks on the current board, for the move order.
    threats: Threats,
    /// The check test's shared part for the board after each move, in step
    /// with `history` like `sums`; made on the first `forces_reply` at a node,
    /// cleared when a move reaches a new board at that length.
    check_info: Vec<Option<CheckInfo>>,
    /// The classical evaluation's pawn-structure terms by pawn sets.
    pawn_cache: PawnCache,
}

/// The evaluation of `b` given its sums over the pieces, `sums`: the
/// network's score with the classical one it corrects (or alone, for a network
/// that stands alone), kept clear of the mate range. The correction takes the
/// classical drawish-ending scale (`eval::Scaled`, the wrong bishop with rook
/// pawns included): in an ending the side ahead cannot win, the network's view
/// of who is ahead is scaled down as the classical one is.
#[inline]
fn evaluate_with(sums: &LineSums, b: &Board, net: &Network, cache: &mut PawnCache) -> Score {
    let learnt = sums.acc.evaluate(b.turn(), net);
    let v = if net.on_classical { eval::evaluate_cached(b, cache, sums.pieces).corrected_by(learnt) } else { learnt };
    v.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// The board `i` moves into the game: `history[i]`'s, or the current `board`
/// at the end of the line.
#[inline]
fn line_board<'a>(history: &'a [Undo], board: &'a Board, i: usize) -> &'a Board {
    history.get(i).map_or(board, |undo| &undo.board)
}

/// Whether the side to move in `b` is in check: its checkers alone, without the
/// pins that move generation also needs.
fn side_to_move_in_check(b: &Board) -> bool {
    b.king_of(b.turn()).is_some_and(|k| checkers(b, k).any())
}

#[derive(Clone, Copy)]
struct Undo {
    board: Board,
    plies_since_null: u32,
    threats: Threats,
}

impl Chess {
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[cfg(test)]
    pub(crate) fn line_sums(&mut self) -> LineSums {
        let (history, board) = (&self.history, &self.board);
        *self.sums.current(&self.net, history.len(), |i| line_board(history, board, i))
    }

    /// A move reached a board at this length of `history`: the check info kept
    /// there belonged to another.
    #[inline]
    fn new_board_for_check_info(&mut self) {
        if let Some(slot) = self.check_info.get_mut(self.history.len()) {
            *slot = None;
        }
    }

    /// A validated chess position: one king per side and the side that just moved
    /// not in check.
    fn from_board(board: Board, rules: ChessRules) -> Result<Chess, FenProblem> {
        for side in [Side::White, Side::Black] {
            let count = board.pieces(side, Role::King).count();
            if count != 1 {
                return Err(FenProblem::KingCount { side, count });
            }
        }
        let them = board.turn().flip();
        if let Some(k) = board.king_of(them) {
            if board.is_attacked_by(k, board.turn(), board.occupied()) {
                return Err(FenProblem::OpponentInCheck);
            }
        }
        let net = nnue::embedded();
        let sums = SumStack::new(&board, &net);
        let threats = Threats::of(&board);
        let check_info = vec![None];
        let pawn_cache = PawnCache::default();
        Ok(Chess { board, rules, history: Vec::new(), plies_since_null: 0, sums, net, threats, check_info, pawn_cache })
    }

    /// Evaluates with `net` from now on (UCI `EvalFile`). The sums of the whole
    /// line are computed again from its first board, as they are needed.
    pub fn set_network(&mut self, net: &Arc<Network>) {
        if Arc::ptr_eq(&self.net, net) {
            return;
        }
        self.net = net.clone();
        self.sums = SumStack::new(line_board(&self.history, &self.board, 0), net);
    }

    /// How many earlier positions since the last irreversible move (and the last
    /// null move) have the current hash. Only positions with the same side to move,
    /// at least four plies back, can repeat.
    fn repetitions(&self, stop_at: usize) -> usize {
        let window = (self.board.halfmove_clock() as usize)
            .min(self.plies_since_null as usize)
            .min(self.history.len());
        let hash = self.board.hash();
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

    /// The en-passant square to print: only when an en-passant capture is legal
    /// (python-chess does the same), so FENs compare equal across programs.
    fn legal_ep_square(&self) -> Option<Square> {
        self.board.ep_square()?;
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter().find(|m| m.is_en_passant()).map(|m| m.to())
    }
}

impl Position for Chess {
    type Move = Move;
    type Rules = ChessRules;
    const HAS_NOISY_MOVES: bool = true;
    const NULL_MOVE_OK: bool = true;
    /// Quiet moves are optional and exchanges follow SEE: the pruning that strong
    /// chess engines use applies.
    const FORWARD_PRUNING_OK: bool = true;
    const SHALLOWER_SEARCH_HOLDS: bool = true;

    const QUIET_HINT_MAX: i32 = ordering::QUIET_HINT_MAX;

    fn startpos(rules: ChessRules) -> Chess {
        match Chess::from_fen(STARTPOS, rules) {
            Ok(c) => c,
            Err(e) => unreachable!("the start position is valid: {e}"),
        }
    }

    fn from_fen(fen: &str, rules: ChessRules) -> Result<Chess, FenError> {
        let board = parse_fen(fen)?;
        Ok(Chess::from_board(board, rules)?)
    }

    fn to_fen(&self) -> String {
        let style = if self.rules.chess960 { CastlingStyle::Shredder } else { CastlingStyle::XFen };
        format_fen(&self.board, style, self.legal_ep_square())
    }

    fn rules(&self) -> ChessRules {
        self.rules
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        parse_legal(text, list.as_slice())
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_uci(self.rules.chess960)
    }

    fn hash(&self) -> u64 {
        self.board.hash()
    }

    fn side_to_move(&self) -> Side {
        self.board.turn()
    }

    /// The game ply from the FEN's move number: 0 at White's first move.
    fn ply(&self) -> usize {
        (self.board.fullmove_number() as usize - 1) * 2 + self.board.turn().index()
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        generate::<_, false>(&self.board, out);
    }

    fn noisy_moves(&self, out: &mut MoveList<Move>) {
        generate::<_, true>(&self.board, out);
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_en_passant() || mv.is_promotion() || (!mv.is_castle() && self.board.piece_at(mv.to()).is_some())
    }

    fn in_check(&self) -> bool {
        // Asked several times per node, hence the checkers-only test.
        side_to_move_in_check(&self.board)
    }

    /// Whether `mv` gives check, from the attacks it opens and makes, without
    /// playing it: the search asks it of every move it would prune, so what the
    /// node's moves share ([`CheckInfo`]) is worked out once per node.
    fn forces_reply(&mut self, mv: Move) -> bool {
        let at = self.history.len();
        if self.check_info.len() <= at {
            self.check_info.resize(at + 1, None);
        }
        let info = self.check_info[at].get_or_insert_with(|| CheckInfo::of(&self.board));
        info.gives_check(&self.board, mv)
    }

    fn make_move(&mut self, mv: Move) {
        self.history.push(Undo { board: self.board, plies_since_null: self.plies_since_null, threats: self.threats });
        self.board.play(mv);
        self.threats = Threats::of(&self.board);
        self.new_board_for_check_info();
        self.plies_since_null += 1;
    }

    fn unmake_move(&mut self) {
        if let Some(undo) = self.history.pop() {
            self.board = undo.board;
            self.plies_since_null = undo.plies_since_null;
            self.threats = undo.threats;
            self.sums.rewind(self.history.len());
        }
    }

    fn make_null_move(&mut self) {
        self.history.push(Undo { board: self.board, plies_since_null: self.plies_since_null, threats: self.threats });
        self.new_board_for_check_info();
        self.board.play_null();
        self.threats = Threats::of(&self.board);
        self.plies_since_null = 0;
    }

    fn unmake_null_move(&mut self) {
        self.unmake_move();
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        if list.is_empty() {
            return Some(if self.in_check() {
                Outcome::win(self.board.turn().flip(), Termination::Checkmate)
            } else {
                Outcome::draw(Termination::Stalemate)
            });
        }
        if self.board.halfmove_clock() >= 100 {
            return Some(Outcome::draw(Termination::FiftyMoves));
        }
        if insufficient_material(&self.board) {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        if self.repetitions(2) >= 2 {
            return Some(Outcome::draw(Termination::Repetition));
        }
        None
    }

    fn is_repetition(&self) -> bool {
        self.repetitions(1) >= 1
    }

    fn evaluate(&mut self) -> Score {
        // The moves since the last evaluation owe the accumulators their updates.
        let (history, board, net) = (&self.history, &self.board, &*self.net);
        let sums = self.sums.current(net, history.len(), |i| line_board(history, board, i));
        evaluate_with(sums, board, net, &mut self.pawn_cache)
    }

    /// The classical terms (their drawish-ending scale among them), then what
    /// the network adds to them (at that scale; or, for a network that stands
    /// alone, the network's score only).
    fn eval_terms(&self) -> Vec<(String, Score)> {
        let mut terms = if self.net.on_classical { eval::terms(&self.board) } else { Vec::new() };
        let listed: Score = terms.iter().map(|(_, v)| v).sum();
        let fresh = LineSums::new(&self.board, &self.net);
        let total = evaluate_with(&fresh, &self.board, &self.net, &mut PawnCache::default());
        terms.push(("Network".to_string(), total - listed));
        terms
    }

    fn order_hint(&self, mv: Move) -> i32 {
        ordering::order_hint(&self.board, &self.threats, mv)
    }

    fn history_index(&self, mv: Move) -> usize {
        ordering::history_index(&self.threats, mv)
    }

    fn see_ge(&self, mv: Move, threshold: Score) -> bool {
        see::see_ge(&self.board, mv, threshold)
    }

    fn piece_to_index(&self, mv: Move) -> Option<usize> {
        ordering::piece_to_index(&self.board, mv)
    }

    /// The pawn structure, then White's and Black's other pieces (kings included):
    /// where the static evaluation's errors cluster.
    fn correction_keys(&self) -> Option<[u64; CORRECTION_KEYS]> {
        let b = &self.board;
        let mix = |bits: u64, m: u64| bits.wrapping_mul(m);
        let pawns = mix(b.pieces(Side::White, Role::Pawn).0, 0x9E37_79B9_7F4A_7C15)
            ^ mix(b.pieces(Side::Black, Role::Pawn).0, 0xC2B2_AE3D_27D4_EB4F);
        let pieces = |side| {
            [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King]
                .iter()
                .zip([0xD6E8_FEB8_6659_FD93u64, 0xA076_1D64_78BD_642F, 0xE703_7ED1_A0B4_28DB, 0x8EBC_6AF0_9C88_C6E3, 0x5899_65CC_7537_4CC3])
                .fold(0u64, |h, (&role, m)| h ^ mix(b.pieces(side, role).0, m))
        };
        Some([pawns, pieces(Side::White), pieces(Side::Black)])
    }

    /// Zugzwang is common when only king and pawns are left: passing would be a
    /// move the side to move wishes it had.
    fn null_move_risky(&self) -> bool {
        let b = &self.board;
        let us = b.by_side(b.turn());
        (us & !b.by_role(Role::Pawn) & !b.by_role(Role::King)).is_empty()
    }

    fn is_rule_draw(&self) -> bool {
        self.board.halfmove_clock() >= 100 || insufficient_material(&self.board)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft::perft(&self.board, depth)
    }

    fn pretty(&self) -> String {
        self.board.pretty()
    }
}

impl std::fmt::Debug for Chess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Chess({})", self.to_fen())
    }
}
