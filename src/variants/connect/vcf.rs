//! VCF ("victory by continuous fours"): a win for the side to move in which every
//! attacking move makes a four, so every defending reply is forced, until a five.
//!
//! The solver works on its own copy of the board (a cell array and a Zobrist hash,
//! no evaluation counts), so a node costs a scan for four-making cells and nothing
//! else. It searches by iterative deepening on the number of attacking moves, so the
//! line it returns is a shortest VCF, and it keeps a small transposition table of
//! positions proven to have no VCF within some number of fours (or none at all).
//!
//! Rules, per attacking move `c`:
//! - `c` must be legal for the attacker (under renju the first player's forbidden
//!   points cannot be played; a five is never forbidden);
//! - after `c`, the attacker's winning cells are on the lines through `c`. Two or
//!   more (an open four, a double four): the defender can stop one at most, so the
//!   attack wins. One: the defender must take it, unless it is a forbidden point for
//!   a restricted defender (then it cannot, and the attack wins);
//! - the defender's block may make a four of its own. The attacker must then block
//!   that cell at once, and the block must itself be a four to stay a VCF; two
//!   defender fours end the attack (the attacker cannot win first, it has no four
//!   left after the block).
//! - a five the defender already threatens at the root works the same way.

use super::geometry::Cell;
use super::rules::ConnectRules;
use super::threat_board::ThreatBoard;
use super::fail_table::FailTable;
use super::Connect;
use crate::core::{MoveList, Position, Side};

/// What the solver found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VcfOutcome {
    /// A shortest VCF: attacker and defender moves alternating, starting and ending
    /// with the attacker (the last move makes five).
    Win(Vec<Cell>),
    /// Proven: no VCF exists (at any length).
    NoWin,
    /// Neither proven within the node budget (or the length cap).
    Unknown,
}

/// The longest VCF searched, in attacking moves (iterative deepening stops here).
pub const MAX_FOURS: u32 = 40;

/// The node budget ran out.
struct OutOfBudget;

/// A reusable VCF solver: keeps its transposition table between calls (the entries
/// hold for any position, so the table can outlive one root).
pub struct VcfSolver {
    table: FailTable,
    /// The rules the stored results hold for (the table is cleared when they change).
    rules: Option<ConnectRules>,
    nodes: u64,
    budget: u64,
}

impl VcfSolver {
    /// A solver with a transposition table of `2^table_bits` entries (16 bytes each).
    pub fn new(table_bits: u32) -> VcfSolver {
        VcfSolver { table: FailTable::new(table_bits), rules: None, nodes: 0, budget: 0 }
    }

    /// Attacking moves tried in the last `solve`.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Looks for a VCF for the side to move in `pos`, trying at most `node_budget`
    /// attacking moves.
    pub fn solve(&mut self, pos: &Connect, node_budget: u64) -> VcfOutcome {
        self.solve_for(pos, pos.to_move, node_budget)
    }

    /// The opponent's VCF threat and its refutations: `None` when the side not to
    /// move has no VCF in `pos` (as if it could move now; unproven within the budget
    /// counts as none). Otherwise the moves of the side to move after which the
    /// opponent has no VCF (proven, each within `node_budget`), in board order; an
    /// empty list means nothing near the stones stops it. Every legal cell within two
    /// of a stone is tried, so blocks on the threat line and counter-fours that gain
    /// the tempo are both found; a move that makes five counts as a refutation.
    pub fn defences(&mut self, pos: &Connect, node_budget: u64) -> Option<Vec<Cell>> {
        if pos.winner.is_some() {
            return None;
        }
        let them = pos.to_move.flip();
        if !matches!(self.solve_for(pos, them, node_budget), VcfOutcome::Win(_)) {
            return None;
        }
        let mut out = Vec::new();
        let mut after = pos.clone();
        let mut near = MoveList::new();
        pos.near_cells(&mut near);
        for &c in near.iter() {
            after.make_move(c);
            let refutes = after.winner.is_some() || matches!(self.solve(&after, node_budget), VcfOutcome::NoWin);
            after.unmake_move();
            if refutes {
                out.push(c);
            }
        }
        Some(out)
    }

    fn solve_for(&mut self, pos: &Connect, attacker: Side, node_budget: u64) -> VcfOutcome {
        self.nodes = 0;
        if pos.winner.is_some() || pos.stone_count() == pos.width() * pos.height() {
            return VcfOutcome::NoWin;
        }
        self.solve_board(&mut ThreatBoard::new(pos, attacker), node_budget)
    }

    /// Looks for a VCF for `board.attacker` on a game still going, trying at most
    /// `node_budget` attacking moves; the board is unchanged on return.
    pub(super) fn solve_board(&mut self, board: &mut ThreatBoard, node_budget: u64) -> VcfOutcome {
        let (att, def) = (board.attacker, board.attacker.flip());
        let k = board.rules.k as u32;
        // A five on the board wins at once.
        let mut near = Vec::new();
        board.near_cells(att, k - 1, &mut near);
        if let Some(&(c, _)) = near.iter().find(|(c, _)| board.wins_at(att, c.index())) {
            self.nodes = 0;
            return VcfOutcome::Win(vec![c]);
        }
        board.near_cells(def, k - 1, &mut near);
        let threats: Vec<Cell> = near.iter().map(|&(c, _)| c).filter(|c| board.wins_at(def, c.index())).collect();
        self.deepen(board, &threats, node_budget)
    }

    /// [`VcfSolver::solve_board`] for a board where the caller knows that neither
    /// side has a five point: the VCT solver asks this about the defender's fours at
    /// each of its threes, where neither side has a four on the board.
    pub(super) fn solve_quiet(&mut self, board: &mut ThreatBoard, node_budget: u64) -> VcfOutcome {
        self.deepen(board, &[], node_budget)
    }

    /// Iterative deepening on the number of fours; `threats` are the defender's five
    /// points.
    fn deepen(&mut self, board: &mut ThreatBoard, threats: &[Cell], node_budget: u64) -> VcfOutcome {
        self.nodes = 0;
        self.budget = node_budget;
        if self.rules != Some(board.rules) {
            // A new solver's table is empty already.
            if self.rules.is_some() {
                self.clear();
            }
            self.rules = Some(board.rules);
        }
        let mut line = Vec::new();
        for depth in 1..=MAX_FOURS {
            match self.attack(board, depth, threats, &mut line) {
                Ok(Some(true)) => {
                    line.reverse();
                    return VcfOutcome::Win(line);
                }
                // Failed without any line cut short by the depth: no VCF at all.
                Ok(Some(false)) => return VcfOutcome::NoWin,
                Ok(None) => {}
                Err(OutOfBudget) => return VcfOutcome::Unknown,
            }
        }
        VcfOutcome::Unknown
    }

    /// The attacker to move, with at most `depth` attacking moves left; `threats` are
    /// the defender's winning cells. Returns `Some(true)` with the line (reversed) in
    /// `line` on a win, `Some(false)` when no VCF exists at any depth, `None` when
    /// none was found but some line was cut by the depth.
    fn attack(
        &mut self,
        b: &mut ThreatBoard,
        depth: u32,
        threats: &[Cell],
        line: &mut Vec<Cell>,
    ) -> Result<Option<bool>, OutOfBudget> {
        let (att, def) = (b.attacker, b.attacker.flip());
        if threats.len() >= 2 {
            return Ok(Some(false));
        }
        if depth == 0 {
            return Ok(None);
        }
        let key = b.hash;
        if let Some(known) = self.table.known(key, depth) {
            return Ok(known);
        }
        let candidates: Vec<Cell> = match threats.first() {
            Some(&t) => vec![t],
            None => {
                let mut near = Vec::new();
                b.near_cells(att, b.rules.k as u32 - 2, &mut near);
                near.into_iter().map(|(c, _)| c).collect()
            }
        };
        let mut cut = false;
        let mut wins = Vec::with_capacity(8);
        let mut replies = Vec::with_capacity(8);
        for c in candidates {
            b.put(att, c);
            b.win_cells_through(att, c, &mut wins);
            b.lift(att, c);
            if wins.is_empty() || !b.legal_for(att, c) {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return Err(OutOfBudget);
            }
            b.put(att, c);
            // The defender blocks one winning cell if it can; two cells, or one it may
            // not play, win next move.
            let block = wins.iter().copied().find(|&w| b.legal_for(def, w));
            let result = match block {
                Some(w) if wins.len() == 1 => {
                    b.put(def, w);
                    b.win_cells_through(def, w, &mut replies);
                    let threats = replies.clone();
                    let r = self.attack(b, depth - 1, &threats, line);
                    b.lift(def, w);
                    match r {
                        Ok(Some(true)) => {
                            line.push(w);
                            Ok(Some(true))
                        }
                        other => other,
                    }
                }
                _ => {
                    // Win: the defender plays the block (or anything it may), then five.
                    let reply = block.or_else(|| b.any_move(def, &wins));
                    line.clear();
                    line.push(wins.iter().copied().find(|&w| Some(w) != block).unwrap_or(wins[0]));
                    if let Some(r) = reply {
                        line.push(r);
                    }
                    Ok(Some(true))
                }
            };
            b.lift(att, c);
            match result? {
                Some(true) => {
                    line.push(c);
                    return Ok(Some(true));
                }
                Some(false) => {}
                None => cut = true,
            }
        }
        Ok(self.table.record_failure(key, depth, cut))
    }
}

/// A shortest VCF for the side to move within `node_budget` attacking moves, as the
/// line of moves (attacker first, ending with its five), or `None` if there is none
/// or none was found in the budget. Uses a fresh 64K-entry table.
pub fn vcf(pos: &Connect, node_budget: u64) -> Option<Vec<Cell>> {
    match VcfSolver::new(16).solve(pos, node_budget) {
        VcfOutcome::Win(line) => Some(line),
        _ => None,
    }
}
