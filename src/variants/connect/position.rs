//! The connect position: board, side to move, incremental hash and line counts, and
//! its `Position` implementation.

use super::cell_class::CellClass;
use super::eval;
use super::fen;
use super::geometry::{stone, Cell, CELLS, EMPTY, MAX_SIZE, MIN_SIZE, PAD, STRIDE};
use super::linebits::LineBoards;
use super::lines::completes_line;
use super::notation;
use super::pattern::Pattern;
use super::patterns::Patterns;
use super::renju;
use super::rules::{ConnectRules, LineRule};
use super::zobrist::{keys, Keys};
use super::Connect;
use crate::core::score::{self, Score};
use crate::core::{FenError, MoveError, MoveList, Outcome, Position, Side, SolverBudget, Termination};

/// What `unmake_move` needs besides the board.
#[derive(Clone, Copy, Debug)]
pub(super) struct Undo {
    pub(super) cell: Cell,
    last: Option<Cell>,
    winner: Option<Side>,
    halfmove: u32,
}

impl Connect {
    fn from_parsed(p: fen::Parsed, rules: ConnectRules) -> Connect {
        let keys: &'static Keys = keys();
        let mut hash = 0;
        for y in 0..p.height {
            for x in 0..p.width {
                let i = Cell::new(x, y).index();
                for side in [Side::White, Side::Black] {
                    if p.cells[i] == stone(side) {
                        hash ^= keys.stone(side, i);
                    }
                }
            }
        }
        if p.to_move == Side::Black {
            hash ^= keys.black_to_move;
        }
        let mut lines = LineBoards::new(p.width, p.height);
        for y in 0..p.height {
            for x in 0..p.width {
                let cell = Cell::new(x, y);
                for side in [Side::White, Side::Black] {
                    if p.cells[cell.index()] == stone(side) {
                        lines.toggle(side.index(), cell);
                    }
                }
            }
        }
        let mut cells = p.cells;
        let patterns = Patterns::rebuild(&lines, &mut cells, p.width, p.height, rules);
        Connect {
            rules,
            width: p.width as u8,
            height: p.height as u8,
            cells: p.cells,
            stones: p.stones,
            to_move: p.to_move,
            winner: p.winner,
            halfmove: p.halfmove,
            fullmove: p.fullmove,
            last: None,
            hash,
            history: Vec::with_capacity(p.width * p.height),
            lines,
            patterns,
            keys,
        }
    }

    /// An empty `width` x `height` board (Gomocup `START n` / `RECTSTART w,h`), White
    /// to move. Sides must be within 3 ..= 22 and the rules valid.
    pub fn empty(width: usize, height: usize, rules: ConnectRules) -> Result<Connect, FenError> {
        if !rules.is_valid() {
            return Err(FenError::new(format!("unsupported line length {}", rules.k)));
        }
        if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
            return Err(FenError::new(format!(
                "board {width}x{height} out of range: sides must be {MIN_SIZE} to {MAX_SIZE}"
            )));
        }
        let parsed = fen::Parsed {
            width,
            height,
            cells: fen::empty_cells(width, height),
            stones: [0, 0],
            to_move: Side::White,
            halfmove: 0,
            fullmove: 1,
            winner: None,
        };
        Ok(Connect::from_parsed(parsed, rules))
    }

    pub fn width(&self) -> usize {
        self.width as usize
    }

    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The cell at file `x` from the left and rank `y` from the bottom (both from 0),
    /// if it is on the board. Gomocup's `x,y` (row 0 at the top) is `cell(x, height - 1 - y)`.
    pub fn cell(&self, x: usize, y: usize) -> Option<Cell> {
        (x < self.width() && y < self.height()).then(|| Cell::new(x, y))
    }

    /// Whose stone is on `cell`, if any.
    pub fn stone_at(&self, cell: Cell) -> Option<Side> {
        match self.cells.get(cell.index()).copied() {
            Some(1) => Some(Side::White),
            Some(2) => Some(Side::Black),
            _ => None,
        }
    }

    /// The last move made with `make_move` (none right after a FEN).
    pub fn last_move(&self) -> Option<Cell> {
        self.last
    }

    /// The evaluation's weighted sum as `eval::walk` reports it, (flat weight index
    /// of `eval::layout`, count from the side to move), for the tuner's trace. An
    /// error names why the evaluation is no such sum here: the game is over, or a
    /// threat verdict decides (an exact result, not a guess to fit).
    pub fn eval_walk(&self, acc: &mut impl FnMut(usize, i32)) -> Result<(), &'static str> {
        if self.winner.is_some() || self.is_over() {
            return Err("the game is over");
        }
        match eval::verdict(&self.patterns, self.to_move, self.rules.line_rule == LineRule::Renju) {
            eval::Verdict::Threat(name, _) => Err(name),
            eval::Verdict::Quiet { forced } => {
                eval::walk(&self.patterns, self.to_move, forced, acc);
                eval::walk_cells(&self.patterns, &self.cells, self.to_move, forced, acc);
                Ok(())
            }
        }
    }

    /// The position with every stone's colour and the side to move swapped. No FEN
    /// can say this (the side to move follows from the stone counts), but the
    /// evaluation must not care which colour moved first where the rules do not.
    #[cfg(test)]
    pub(crate) fn colours_swapped(&self) -> Connect {
        let mut cells = self.cells;
        for c in cells.iter_mut() {
            for side in [Side::White, Side::Black] {
                if *c == stone(side) {
                    *c = stone(side.flip());
                    break;
                }
            }
        }
        let parsed = fen::Parsed {
            width: self.width(),
            height: self.height(),
            cells,
            stones: [self.stones[1], self.stones[0]],
            to_move: self.to_move.flip(),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            winner: self.winner.map(Side::flip),
        };
        Connect::from_parsed(parsed, self.rules)
    }

    /// The same position evaluated with `weights` instead of its rules' own (tests
    /// of the incremental combination sums use random ones).
    #[cfg(test)]
    pub(crate) fn with_weights(&self, weights: &'static eval::weights::Table) -> Connect {
        let mut p = self.clone();
        let mut cells = p.cells;
        p.patterns = Patterns::rebuild_weighted(&p.lines, &mut cells, p.width(), p.height(), p.rules, weights);
        p
    }

    /// Stones on the board.
    pub fn stone_count(&self) -> usize {
        (self.stones[0] + self.stones[1]) as usize
    }

    /// Whether `side` completes a winning line at once by playing `cell` (a
    /// *five-point*; under renju the first player's overline point is none).
    #[inline]
    pub fn is_win_cell(&self, side: Side, cell: Cell) -> bool {
        self.patterns.class(side, cell) == CellClass::Five
    }

    /// Number of distinct five-points of `side` (O(1)). Two or more that the side
    /// not having them cannot take first mean a win next move.
    #[inline]
    pub fn win_cell_count(&self, side: Side) -> usize {
        self.patterns.class_count(side, CellClass::Five)
    }

    /// Whether a stone of `side` on the empty `cell` gives `side` at least one
    /// five-point on some line through it, or makes five (O(1)). Under renju a cell
    /// forbidden to the first player makes nothing for it.
    #[inline]
    pub fn makes_four(&self, side: Side, cell: Cell) -> bool {
        self.patterns.class(side, cell).makes_four()
    }

    /// What a stone of `side` on `cell` makes, its four lines together (O(1);
    /// `CellClass::None` on an occupied cell). See [`CellClass`].
    #[inline]
    pub fn cell_class(&self, side: Side, cell: Cell) -> CellClass {
        self.patterns.class(side, cell)
    }

    /// The pattern a stone of `side` on the empty `cell` makes on the line in
    /// direction `dir` (0 east, 1 north, 2 north-east, 3 north-west; see
    /// `geometry::DIRECTIONS`). `Pattern::Dead` on occupied cells.
    #[inline]
    pub fn line_pattern(&self, side: Side, cell: Cell, dir: usize) -> Pattern {
        self.patterns.pattern(side, cell, dir & 3)
    }

    /// How many empty cells have `class` for `side` (O(1)); `CellClass::None` gives 0.
    #[inline]
    pub fn class_count(&self, side: Side, class: CellClass) -> usize {
        self.patterns.class_count(side, class)
    }

    /// The empty cells of `class` for `side`, in board order (a scan of 18 words;
    /// `CellClass::None` gives none).
    #[inline]
    pub fn class_cells(&self, side: Side, class: CellClass) -> impl Iterator<Item = Cell> + '_ {
        self.patterns.cells(side, class).iter()
    }

    /// Whether `side` has any cell that makes a four or a five (O(1)).
    #[inline]
    pub fn has_four_move(&self, side: Side) -> bool {
        [CellClass::Four, CellClass::FourThree, CellClass::OpenFour, CellClass::Five]
            .iter()
            .any(|&c| self.patterns.class_count(side, c) > 0)
    }

    /// A cheap score for ordering candidate moves of the side to move, from the line
    /// patterns of the cell for both sides (`params::ATTACK*` for what it makes,
    /// `params::DEFEND*` for what it takes from the opponent). Classes dominate:
    /// own five (from `1 << 25`) > block the opponent's five (from 25,000,000) > own
    /// open four or double four (from 20,000,000) > own four-three > block the
    /// opponent's open four > block a four-three > double threes, then single line
    /// patterns. Occupied or off-board cells score `i32::MIN`.
    pub fn move_score(&self, cell: Cell) -> i32 {
        if self.cells.get(cell.index()).copied() != Some(EMPTY) {
            return i32::MIN;
        }
        eval::move_score(&self.patterns, cell, self.to_move)
    }

    /// Whether the side to move may not play the empty `cell`: under renju, the first
    /// player's (White's) double three, double four and overline (see `renju`); no
    /// other rule forbids anything. `legal_moves` and `parse_move` ask. O(1): the
    /// pattern state decides every foul candidate with `renju::is_forbidden` as the
    /// board changes (and the tests hold the two equal on every empty cell).
    #[inline]
    pub fn is_forbidden(&self, cell: Cell) -> bool {
        self.rules.line_rule == LineRule::Renju
            && self.to_move == renju::RESTRICTED
            && self.patterns.class(renju::RESTRICTED, cell) == CellClass::Forbidden
    }

    /// Renju: the restricted player is to move and every empty cell is forbidden to
    /// it. It cannot move and the protocols have no pass, so the game ends drawn,
    /// like a full board. The scan stops at the first playable cell, which is almost
    /// always the first empty cell: a cell far from stones is never forbidden.
    fn only_forbidden_left(&self) -> bool {
        if self.rules.line_rule != LineRule::Renju || self.to_move != renju::RESTRICTED || self.winner.is_some() {
            return false;
        }
        let (w, h) = (self.width(), self.height());
        !(0..h).any(|y| (0..w).any(|x| self.cells[Cell::new(x, y).index()] == EMPTY && !self.is_forbidden(Cell::new(x, y))))
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.winner.is_some() || self.stone_count() == self.width() * self.height()
    }

    /// Perft without move lists: empty cells are the moves. Outside renju nothing
    /// here reads the line patterns, so the moves skip their update (renju's
    /// forbidden cells come from them, so renju perft makes full moves).
    fn perft_inner(&mut self, depth: u32) -> u64 {
        if self.is_over() {
            return 0;
        }
        if self.rules.line_rule == LineRule::Renju {
            return self.perft_listed(depth);
        }
        let empties = (self.width() * self.height() - self.stone_count()) as u64;
        if depth == 1 {
            return empties;
        }
        let mut total = 0;
        for y in 0..self.height() {
            let row = Cell::new(0, y).index();
            for x in 0..self.width() {
                if self.cells[row + x] == EMPTY {
                    let cell = Cell::from_index(row + x);
                    self.put_stone(cell);
                    total += self.perft_inner(depth - 1);
                    self.take_stone();
                }
            }
        }
        total
    }
}

impl Connect {
    /// Pattern evaluation from the side to move (see `eval`); a finished game
    /// scores as won, lost or drawn.
    fn static_eval(&self) -> Score {
        if let Some(w) = self.winner {
            return if w == self.to_move { score::won_in(0) } else { score::lost_in(0) };
        }
        if self.is_over() {
            return 0;
        }
        eval::evaluate(&self.patterns, self.to_move, self.rules.line_rule == LineRule::Renju)
    }

    /// The legal cells within `CANDIDATE_RADIUS` of a stone, in board order (the
    /// empty board: its centre; small boards: every legal cell; none when the game is
    /// over). Every cell that makes a four or completes or blocks a line is among
    /// them: such a cell shares a `k`-cell window with k - 2 stones of a side and one
    /// other cell at most is empty in that window, so a stone is within two steps.
    pub(super) fn near_cells(&self, out: &mut MoveList<Cell>) {
        let (w, h) = (self.width(), self.height());
        if w * h <= SMALL_BOARD || self.is_over() {
            return self.legal_moves(out);
        }
        if self.stone_count() == 0 {
            out.push(Cell::new(w / 2, h / 2));
            return;
        }
        let mut near = [false; CELLS];
        for y in 0..h {
            let row = Cell::new(0, y).index();
            for x in 0..w {
                if self.cells[row + x] != EMPTY {
                    for dy in 0..=2 * CANDIDATE_RADIUS {
                        let base = Cell::new(x, y).index() + dy * STRIDE - CANDIDATE_RADIUS * STRIDE - CANDIDATE_RADIUS;
                        near[base..=base + 2 * CANDIDATE_RADIUS].iter_mut().for_each(|n| *n = true);
                    }
                }
            }
        }
        for y in 0..h {
            let row = Cell::new(0, y).index();
            for x in 0..w {
                let i = row + x;
                if near[i] && self.cells[i] == EMPTY && !self.is_forbidden(Cell::from_index(i)) {
                    out.push(Cell::from_index(i));
                }
            }
        }
        if out.is_empty() {
            self.legal_moves(out);
        }
    }

    /// `make_move` without the pattern update: the board, hash, line bits and
    /// result only (perft, which never looks at patterns, uses it alone).
    #[inline]
    fn put_stone(&mut self, cell: Cell) {
        let p = cell.index();
        debug_assert_eq!(self.cells[p], EMPTY, "make_move on an occupied cell {cell}");
        let side = self.to_move;
        self.history.push(Undo { cell, last: self.last, winner: self.winner, halfmove: self.halfmove });
        self.cells[p] = stone(side);
        self.stones[side.index()] += 1;
        self.hash ^= self.keys.stone(side, p) ^ self.keys.black_to_move;
        self.lines.toggle(side.index(), cell);
        if completes_line(&self.cells, cell, side, self.rules) {
            self.winner = Some(side);
        }
        self.to_move = side.flip();
        self.last = Some(cell);
        self.halfmove = 0;
        if side == Side::Black {
            self.fullmove += 1;
        }
    }

    /// Takes back `put_stone`.
    #[inline]
    fn take_stone(&mut self) {
        let Some(undo) = self.history.pop() else {
            debug_assert!(false, "unmake_move without a move");
            return;
        };
        let p = undo.cell.index();
        let side = self.to_move.flip();
        self.lines.toggle(side.index(), undo.cell);
        self.cells[p] = EMPTY;
        self.stones[side.index()] -= 1;
        self.hash ^= self.keys.stone(side, p) ^ self.keys.black_to_move;
        self.to_move = side;
        self.last = undo.last;
        self.winner = undo.winner;
        self.halfmove = undo.halfmove;
        if side == Side::Black {
            self.fullmove -= 1;
        }
    }

    /// Perft through `legal_moves`, for rules where some empty cells are forbidden.
    fn perft_listed(&mut self, depth: u32) -> u64 {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for &mv in moves.iter() {
            self.make_move(mv);
            total += self.perft_inner(depth - 1);
            self.unmake_move();
        }
        total
    }
}

/// Boards up to this many cells (tic-tac-toe, small m,n,k boards) search every move.
const SMALL_BOARD: usize = 49;

/// Attacking moves the VCF solver may try at the root before the tree search.
const VCF_ROOT_BUDGET: u64 = 20_000;

/// The least the VCT solver may spend at the root when there is no VCF, and all it
/// spends without a clock or node limit (`bench`, a depth limit), so that such a
/// search is deterministic. Together with the VCF search this stays within a few
/// milliseconds on 15x15 middle games (see `tests/vct_puzzles.rs`, `root_cost`).
const VCT_ROOT_BUDGET: u64 = 2_000;

/// VCT solver nodes per millisecond of the searcher's solver share: `root_cost`
/// reads 780 to 890 per millisecond on 15x15 middle games at 2,000 nodes, and a
/// bigger solve misses the cache more. On a clock the solver gets its share of
/// the move's time: at 5 s a move some 60,000 nodes, enough to prove in
/// milliseconds VCTs of a dozen plies that the tree search finds late or not at
/// all, where a fixed 2,000 nodes proved only short ones whatever the time.
const VCT_NODES_PER_MS: u64 = 500;

/// Candidate moves lie within this many cells of a stone (Chebyshev distance).
const CANDIDATE_RADIUS: usize = 2;
const _: () = assert!(CANDIDATE_RADIUS <= PAD, "the padding must hold the neighbourhood");

impl Position for Connect {
    type Move = Cell;
    type Rules = ConnectRules;
    const HAS_NOISY_MOVES: bool = true;
    const NULL_MOVE_OK: bool = true;
    const FORWARD_PRUNING_OK: bool = true;
    /// A quarter of chess's margins, chosen by self-play: a quiet connect position
    /// evaluates to tens of points, threats being scored by the forcing rules and
    /// the solvers. Self-play, 200 games each at 0.1 s a move, 15x15 gomoku,
    /// against 100%: 12% +26 ± 48; 25% +38 ± 48 and +21 ± 48 (two seeds); 50%
    /// +19 ± 48; 200% -9 ± 48. Against Rapfi classical, 60/5 on one machine, it
    /// held its own: 30.5% and 26.3% (59 games each) with it, 25.0% (60 games)
    /// without; over all controls and machines 27.8% (473 games) with it and
    /// 29.1% (413) without, no significant difference either way.
    const MARGIN_PERCENT: Score = 25;
    /// A four and its block, twice: enough to see a four-three or a short VCF past
    /// the horizon. Measured: without a cap one 15x15 middle game took 1.7 million
    /// quiescence nodes at depth 1.
    const QS_NOISY_PLIES: usize = 4;
    /// Then up to twelve more fours, each on a line through the mover's previous
    /// stone: a VCF of fourteen fours at the leaves, for a few table reads per
    /// node. Self-play, 200 games each at 0.1 s a move, 15x15 gomoku, against
    /// none: 12 plies +42 ± 48, 24 plies +54 ± 48.
    const QS_FOLLOW_UP_PLIES: usize = 24;

    fn startpos(rules: ConnectRules) -> Connect {
        Connect::empty(rules.default_width as usize, rules.default_height as usize, rules)
            .or_else(|_| Connect::empty(15, 15, ConnectRules::gomoku()))
            .expect("15x15 gomoku is a valid board")
    }

    fn from_fen(fen: &str, rules: ConnectRules) -> Result<Connect, FenError> {
        if !rules.is_valid() {
            return Err(FenError::new(format!("unsupported line length {}", rules.k)));
        }
        Ok(Connect::from_parsed(fen::parse(fen, rules)?, rules))
    }

    fn to_fen(&self) -> String {
        fen::write(&self.cells, self.width(), self.height(), self.stones, self.to_move, self.halfmove, self.fullmove)
    }

    fn rules(&self) -> ConnectRules {
        self.rules
    }

    fn parse_move(&self, text: &str) -> Result<Cell, MoveError> {
        let cell = notation::parse_cell(text, self.width(), self.height())?;
        let t = text.trim();
        if let Some(o) = self.outcome() {
            let why = match o.winner {
                Some(Side::White) => "White completed a line".to_string(),
                Some(Side::Black) => "Black completed a line".to_string(),
                None => o.termination.to_string(),
            };
            return Err(MoveError::Illegal(format!("{t}: the game is over ({why})")));
        }
        if self.cells[cell.index()] != EMPTY {
            return Err(MoveError::Illegal(format!("{t}: {cell} is occupied")));
        }
        if self.is_forbidden(cell) {
            return Err(MoveError::Illegal(format!("{t}: {cell} is forbidden for the side to move")));
        }
        Ok(cell)
    }

    fn format_move(&self, mv: Cell) -> String {
        notation::format_move(mv)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Plies since the empty board: one stone per ply.
    fn ply(&self) -> usize {
        self.stone_count()
    }

    fn legal_moves(&self, out: &mut MoveList<Cell>) {
        if self.is_over() {
            return;
        }
        for y in 0..self.height() {
            let row = Cell::new(0, y).index();
            for x in 0..self.width() {
                if self.cells[row + x] == EMPTY {
                    let cell = Cell::from_index(row + x);
                    if !self.is_forbidden(cell) {
                        out.push(cell);
                    }
                }
            }
        }
    }

    /// Cells within two of a stone (the empty board: its centre). Far cells neither
    /// make nor stop a line soon, and leaving them out keeps a 15x15 branching factor
    /// near 40 instead of 200. Small boards (tic-tac-toe) search every cell. Every
    /// winning or blocking cell is next to a stone, so no forced move is lost; when
    /// either side has one, only it is searched, and facing an open three only its
    /// defences and the mover's fours (see `threats`).
    fn candidate_moves(&self, out: &mut MoveList<Cell>) {
        if self.is_over() || !(self.forced_replies(out) || self.three_defences(out)) {
            self.near_cells(out);
        }
    }

    /// The opponent threatens a five the side to move cannot beat: it must block.
    fn in_check(&self) -> bool {
        self.threatened()
    }

    /// Fours and fives of the side to move, so that quiescence follows them (a VCF
    /// at the horizon); `order_hint` decides the order.
    fn noisy_moves(&self, out: &mut MoveList<Cell>) {
        if !self.is_over() {
            self.four_moves(out);
        }
    }

    /// The mover's fours on the lines through its last stone (see
    /// `Connect::follow_up_fours`).
    fn follow_up_noisy_moves(&self, out: &mut MoveList<Cell>) {
        if !self.is_over() {
            self.follow_up_fours(out);
        }
    }

    fn is_noisy(&self, mv: Cell) -> bool {
        self.makes_four(self.to_move, mv)
    }

    /// A move the opponent must answer (`CellClass::forces_reply`). The search
    /// never prunes these; an O(1) read of the cell's class instead of a make and
    /// unmake.
    fn forces_reply(&mut self, mv: Cell) -> bool {
        self.cell_class(self.to_move, mv).forces_reply()
    }

    /// A victory by continuous fours, or failing that by fours and threes, if the
    /// solvers prove one within their budgets (gomoku and renju; on small boards the
    /// search solves everything itself). Fours first: a VCF is far cheaper to find,
    /// and every reply in it is forced. The VCF budget is fixed (it costs a few
    /// milliseconds at most); the VCT solver gets the searcher's share of the clock
    /// or of its node limit, never less than [`VCT_ROOT_BUDGET`].
    fn forced_win(&self, budget: SolverBudget) -> Option<Vec<Cell>> {
        if self.rules.k != 5 || self.is_over() {
            return None;
        }
        let vct_budget = budget.nodes(VCT_NODES_PER_MS).map_or(VCT_ROOT_BUDGET, |n| n.max(VCT_ROOT_BUDGET));
        super::vcf::vcf(self, VCF_ROOT_BUDGET).or_else(|| super::vct::vct(self, vct_budget))
    }

    /// The moves that stop the opponent's VCF, when the solver proves one.
    fn threat_defences(&self) -> Option<Vec<Cell>> {
        self.vcf_defences()
    }

    /// Pattern value of the move (wins and blocks first), see [`Connect::move_score`].
    fn order_hint(&self, mv: Cell) -> i32 {
        self.move_score(mv).max(0)
    }

    fn history_index(&self, mv: Cell) -> usize {
        mv.index()
    }

    fn make_move(&mut self, cell: Cell) {
        self.put_stone(cell);
        self.patterns.make(&self.lines, &mut self.cells, cell);
    }

    fn unmake_move(&mut self) {
        self.patterns.unmake();
        self.take_stone();
    }

    /// A pass, for null-move pruning: only the side to move and its hash key
    /// change (the patterns are kept for both sides alike).
    fn make_null_move(&mut self) {
        self.to_move = self.to_move.flip();
        self.hash ^= self.keys.black_to_move;
    }

    fn unmake_null_move(&mut self) {
        self.make_null_move();
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(side) = self.winner {
            Some(Outcome::win(side, Termination::Line))
        } else if self.stone_count() == self.width() * self.height() {
            Some(Outcome::draw(Termination::BoardFull))
        } else if self.only_forbidden_left() {
            Some(Outcome::draw(Termination::NoMoves))
        } else {
            None
        }
    }

    fn evaluate(&mut self) -> Score {
        self.static_eval()
    }

    /// The evaluation's threat verdict or its pattern terms (see `eval`).
    fn eval_terms(&self) -> Vec<(String, Score)> {
        if self.winner.is_some() || self.is_over() {
            return vec![("game over".to_string(), self.static_eval())];
        }
        match eval::verdict(&self.patterns, self.to_move, self.rules.line_rule == LineRule::Renju) {
            eval::Verdict::Threat(name, s) => vec![(name.to_string(), s)],
            eval::Verdict::Quiet { forced } => eval::terms(&self.patterns, self.to_move, forced)
                .iter()
                .map(|&(n, s)| (n.to_string(), s))
                .collect(),
        }
    }

    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.perft_inner(depth)
    }

    fn pretty(&self) -> String {
        super::pretty::pretty(self)
    }
}
