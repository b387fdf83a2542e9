//! The one trait every variant implements. The searcher, perft, bench and the
//! protocol loops are generic over it and monomorphised per variant, so the variant
//! is decided once at the protocol edge and never per node.

use std::fmt::Debug;
use std::hash::{Hash, Hasher};

use super::{FenError, MoveError, MoveList, Outcome, Side};
use super::score::Score;

/// The size of the range `Position::piece_to_index` maps into.
pub const PIECE_TO_SLOTS: usize = 1024;

/// What a variant's root solver (`Position::forced_win`) may spend, as the
/// searcher's limits allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolverBudget {
    /// Neither a clock nor a node limit (a depth limit, `bench`): the variant's own
    /// fixed budget, so the result is deterministic.
    Fixed,
    /// On a clock: about this many milliseconds.
    Millis(u64),
    /// Under a node limit: at most this many solver nodes.
    Nodes(u64),
}

impl SolverBudget {
    /// The solver nodes this budget allows at `nodes_per_ms` on a clock, or its
    /// node share; `None` for `Fixed`, where the variant uses its own budget.
    pub fn nodes(self, nodes_per_ms: u64) -> Option<u64> {
        match self {
            SolverBudget::Fixed => None,
            SolverBudget::Millis(ms) => Some(ms.saturating_mul(nodes_per_ms)),
            SolverBudget::Nodes(n) => Some(n),
        }
    }
}

/// How many correction-history keys `Position::correction_keys` gives.
pub const CORRECTION_KEYS: usize = 3;

pub trait Position: Clone + Send + Sync + 'static {
    /// A move in this variant's internal encoding (small and `Copy`).
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The per-game rule choice that is not in the FEN: Chess960 or not, which
    /// antichess rule set, the connect game's line length and overline rule.
    type Rules: Copy + Eq + Debug + Send + Sync + 'static;

    /// Whether some moves are "noisy" (captures, promotions; fours in connect
    /// games) so that quiescence search is worth running.
    const HAS_NOISY_MOVES: bool;

    /// Whether null-move pruning is sound in this variant: passing must be worse
    /// than some move (chess away from zugzwang; connect games, where a stone never
    /// hurts its owner), not an option the rules take away (antichess, where
    /// captures are compulsory).
    const NULL_MOVE_OK: bool;

    /// Quiescence plies in which noisy moves are tried. Past them only forced
    /// replies (check evasions, compulsory captures) are searched before the
    /// evaluation is trusted. Captures run out by themselves, so chess needs no cap;
    /// connect games' fours do not (every stone makes new ones), and both sides'
    /// four sequences would grow without bound.
    const QS_NOISY_PLIES: usize = usize::MAX;

    /// Quiescence plies after [`Position::QS_NOISY_PLIES`] in which the narrower
    /// [`Position::follow_up_noisy_moves`] are tried, so that a long series of
    /// noisy moves that build on each other (a connect game's VCF) is still
    /// followed where trying every noisy move would explode.
    const QS_FOLLOW_UP_PLIES: usize = 0;

    /// Whether the searcher's selectivity is sound here: late-move and futility
    /// pruning of quiet moves, SEE pruning in the main search and in quiescence,
    /// razoring, ProbCut, internal iterative reduction, continuation history and
    /// the history-adjusted reductions. They assume that a quiet move is optional
    /// and rarely changes much at low depth, and that [`Position::forces_reply`]
    /// names the quiet moves that must be answered (they are never pruned). That
    /// fails where captures are compulsory (antichess), so the default is off and
    /// such variants keep the plain search. Connect games qualify: their forcing
    /// quiet moves (open threes) are `forces_reply`, and every forced reply is
    /// already all a node generates.
    const FORWARD_PRUNING_OK: bool = false;

    /// Whether a search a few plies shallower may stand in for a deeper one where
    /// forward pruning is sound: a stored lower bound far above beta cuts without a
    /// search (hash ProbCut), a hash move that is not singular is searched one or
    /// two plies shallower, and the root's re-search after a fail high is reduced.
    /// Chess scores rarely turn around within a few plies. A connect game's score
    /// can turn on a threat sequence one ply past the horizon: there the three cost
    /// about 25 Elo in gomoku self-play (800 games at 20,000 nodes), so the default
    /// is off.
    const SHALLOWER_SEARCH_HOLDS: bool = false;

    /// The searcher's evaluation margins (razoring, reverse futility, futility,
    /// ProbCut and the null move's eval-based reduction) as a percentage of their
    /// chess values in centipawns. A variant whose evaluation moves on another scale
    /// sets its own, measured in games: the margins decide what a shallow search
    /// trusts the static evaluation with.
    const MARGIN_PERCENT: Score = 100;

    /// The variant's own start position (`position startpos`).
    fn startpos(rules: Self::Rules) -> Self;

    /// Parses a FEN in any form the hosts send (see protocol.md).
    fn from_fen(fen: &str, rules: Self::Rules) -> Result<Self, FenError>;

    /// The FEN of the current position, in the form the hosts expect back.
    fn to_fen(&self) -> String;

    fn rules(&self) -> Self::Rules;

    /// Parses a move in the host's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Formats a move in the host's notation (`e2e4`, `e7e8k`, `e1h1` in Chess960, `P@h8`).
    fn format_move(&self, mv: Self::Move) -> String;

    /// Zobrist hash of the position (board, side to move, and whatever else decides
    /// the legal moves), updated incrementally by `make_move`.
    fn hash(&self) -> u64;

    fn side_to_move(&self) -> Side;

    /// Plies since the start of the game record (for display and move numbers).
    fn ply(&self) -> usize;

    /// All legal moves. Must return none in a finished game (for example after a line
    /// was completed in a connect game), matching the perft convention.
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);

    /// Only the moves quiescence search should look at (captures, promotions).
    /// Variants without noisy moves return nothing.
    fn noisy_moves(&self, out: &mut MoveList<Self::Move>) {
        let _ = out;
    }

    /// The noisy moves that continue the side to move's own last move, for the
    /// quiescence plies past `QS_NOISY_PLIES` (connect games: the fours on the lines
    /// through its last stone, which is how a series of fours goes on). A subset of
    /// `noisy_moves`; none by default.
    fn follow_up_noisy_moves(&self, out: &mut MoveList<Self::Move>) {
        let _ = out;
    }

    /// Whether `mv` would be generated by `noisy_moves`.
    fn is_noisy(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Whether the side to move is in check (chess only; used for extensions and
    /// to forbid null moves and stand-pat).
    fn in_check(&self) -> bool {
        false
    }

    /// Whether the legal move `mv` forces an answer: a check in chess, a four or an
    /// open three in the connect games (the default asks `in_check` after the
    /// move). The search never prunes such a move, and asks this of moves it is
    /// about to prune, many per node, so a variant whose `make_move` carries
    /// incremental state (chess: the network's accumulators) overrides it with a
    /// cheaper exact test.
    fn forces_reply(&mut self, mv: Self::Move) -> bool {
        self.make_move(mv);
        let check = self.in_check();
        self.unmake_move();
        check
    }

    /// Plays a legal move. Calling it with an illegal move is a logic error.
    fn make_move(&mut self, mv: Self::Move);

    /// Takes back the last move made with `make_move`.
    fn unmake_move(&mut self);

    /// Passes the turn (only called when `NULL_MOVE_OK` and not in check).
    fn make_null_move(&mut self) {}

    fn unmake_null_move(&mut self) {}

    /// The game result if the game is over by the rules (checkmate, no moves in
    /// antichess, a completed line, fifty moves, threefold repetition, ...).
    fn outcome(&self) -> Option<Outcome>;

    /// Whether the current position already occurred since the last irreversible
    /// move. The searcher scores such a position as a draw (a twofold repetition
    /// inside the search tree is enough to prove nothing better exists).
    fn is_repetition(&self) -> bool {
        false
    }

    /// Static evaluation in centipawn-like units from the side to move. A variant
    /// that can tell from the position alone that the game is decided (a connect
    /// game's five-point to play) may return a forced result counted in plies from
    /// this position (`score::won_in(n)`, `score::lost_in(n)`); only an exact verdict
    /// may, since the searcher takes it as proven. It takes `&mut self` so that a
    /// variant may bring state kept for it up to date only when it is asked
    /// (chess: the network's accumulators).
    fn evaluate(&mut self) -> Score;

    /// The evaluation broken into named terms for the `eval` command, each from the
    /// side to move; they should add up to `evaluate()` (a variant may list a final
    /// scaling step as its own term). The default has no breakdown.
    fn eval_terms(&self) -> Vec<(String, Score)> {
        Vec::new()
    }

    // ---- Search hooks. All have neutral defaults; a variant overrides the ones its
    // ---- rules or knowledge make useful. The searcher never names a variant, so
    // ---- everything it needs to know about one comes through these.

    /// Moves the searcher should try, at the root too: a non-empty subset of
    /// `legal_moves` whenever a legal move exists (and empty exactly when there is
    /// none, since an empty list is how the searcher recognises the end of the game).
    /// The default is every legal move. A connect game on a large board can return
    /// the cells near stones here to keep the branching factor sane; UCI
    /// `searchmoves` can still name any legal move. The order must depend only on
    /// the position (the transposition table stores the best move as an index into
    /// this list).
    fn candidate_moves(&self, out: &mut MoveList<Self::Move>) {
        self.legal_moves(out)
    }

    /// The largest `order_hint` of a quiet move. Where it keeps every quiet
    /// move's score below the killers (chess: piece-square gains and escapes, a
    /// few thousand), the move picker scores quiet moves only when it reaches
    /// them, so a node cut by its hash move, a capture or a killer skips their
    /// history lookups and hints. The default promises nothing (a connect game's
    /// hint puts a move that wins or blocks a four before the killers).
    const QUIET_HINT_MAX: i32 = i32::MAX;

    /// Variant knowledge for move ordering, higher first; the searcher clamps it to
    /// `±(1 << 26)`. For noisy moves it ranks them among the noisy moves (MVV-LVA:
    /// victim value * 16 - attacker value). For quiet moves it is added to the
    /// history score, which stays within `±16384`; killers sit at `1 << 24`, so a
    /// quiet hint of `1 << 25` (a connect-game move that wins or blocks a four)
    /// orders the move before killers and history. Noisy moves all come before quiet
    /// ones. Never changes which moves are searched, only their order; but for a
    /// variant with captures it is what keeps quiescence small (chess, Kiwipete,
    /// depth 1: 10.7 million nodes with no hint, 6,478 with MVV-LVA).
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// A small number naming `mv` for the history table (the searcher keeps
    /// `HISTORY_SLOTS` slots per side and reduces this modulo that number).
    /// Variants with a natural index (`from * 64 + to`, the cell number) override it
    /// to avoid collisions, and may split it by context (chess: whether the origin
    /// and the target are attacked); the default hashes the move, which is
    /// deterministic but may collide.
    fn history_index(&self, mv: Self::Move) -> usize {
        let mut h = MoveHasher(0xcbf2_9ce4_8422_2325);
        mv.hash(&mut h);
        h.0 as usize
    }

    /// A line that wins by force for the side to move, found by the variant's own
    /// solver before any tree search (connect games: victory by continuous fours),
    /// moves alternating from the side to move, its winning move last. `None` when
    /// there is none or the solver gives up within its budget. The searcher plays the
    /// first move at once with a win score, where a plain search is asked for.
    ///
    /// `budget` is what the searcher's limits let the solver spend (a small share
    /// of them: a failed solve is work the tree search does not get).
    fn forced_win(&self, budget: SolverBudget) -> Option<Vec<Self::Move>> {
        let _ = budget;
        None
    }

    /// The moves that stop a win the opponent is proven to have if it could move now
    /// (connect games: its victory by continuous fours), found by the variant's own
    /// solver before the tree search. `None` when no threat is proven. When some of
    /// these moves are candidates, the searcher's root tries only them: each is
    /// proven to hold off that threat, which a depth-limited search may not see.
    fn threat_defences(&self) -> Option<Vec<Self::Move>> {
        None
    }

    /// Whether the side to move must play a noisy move (antichess: a capture is
    /// compulsory). Quiescence search may not stand pat in such a position: it
    /// searches every legal move, as it does when in check, because declining the
    /// capture is not an option the side to move has.
    fn forced_noisy(&self) -> bool {
        false
    }

    /// Static exchange evaluation: whether `mv` followed by the best series of
    /// captures on its target square keeps at least `threshold` (pawn = 100) for
    /// the side to move. The default claims every move breaks even, so pruning
    /// on it does nothing where a variant has no exchange model.
    fn see_ge(&self, mv: Self::Move, threshold: Score) -> bool {
        let _ = mv;
        threshold <= 0
    }

    /// A number below `PIECE_TO_SLOTS` naming the piece that makes `mv` and its
    /// target square, for continuation history (how good a move is after a given
    /// previous move). `None`, the default, leaves continuation history unused.
    fn piece_to_index(&self, mv: Self::Move) -> Option<usize> {
        let _ = mv;
        None
    }

    /// Keys for correction history: positions sharing one tend to share the static
    /// evaluation's errors (chess: the pawn structure, and each side's other
    /// pieces), and the searcher adds the average error it has seen under them.
    /// `None`, the default, leaves the evaluation uncorrected.
    fn correction_keys(&self) -> Option<[u64; CORRECTION_KEYS]> {
        None
    }

    /// Whether passing the turn is likely to be a zugzwang-sized error here (chess:
    /// the side to move has only king and pawns). Null-move pruning is skipped then,
    /// even when `NULL_MOVE_OK` holds for the variant.
    fn null_move_risky(&self) -> bool {
        false
    }

    /// A cheap test for draws that do not depend on the legal moves (chess: the
    /// fifty-move counter has run out, insufficient material). The searcher calls it
    /// at interior nodes that have legal moves, so a mate on the hundredth ply still
    /// counts as a mate (an empty move list is decided by `outcome()` instead).
    fn is_rule_draw(&self) -> bool {
        false
    }

    /// Number of leaf nodes at `depth` (the perft convention of protocol.md: a
    /// finished game has no moves). Variants override this with a faster version.
    fn perft(&mut self, depth: u32) -> u64 {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        if depth <= 1 {
            return if depth == 0 { 1 } else { list.len() as u64 };
        }
        let mut total = 0;
        for &mv in list.iter() {
            self.make_move(mv);
            total += self.perft(depth - 1);
            self.unmake_move();
        }
        total
    }

    /// A human-readable board for the `d` command (several lines, no trailing newline).
    fn pretty(&self) -> String;
}

/// FNV-1a over the bytes a move hashes to: the default `history_index`. Fixed, so the
/// search stays deterministic (std's `DefaultHasher` promises no stable output).
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = self.0;
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = h;
    }
}
