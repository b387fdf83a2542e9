//! A proof-number solver for "the side to move wins by force" in the antichess
//! family, run by `forced_win` before the tree search.
//!
//! Why proof numbers here: captures are compulsory, so the defender often has one or
//! two legal moves while alpha-beta still spends its whole width and depth on the
//! attacker's side; proof-number search expands where the fewest defences remain,
//! which is exactly the narrow forced line, and proves wins far beyond the depth
//! iterative deepening reaches in the same nodes.
//!
//! Why df-pn rather than PN²: df-pn is depth-first with thresholds, so its memory is
//! one fixed-size table (`pns_table.rs`) plus the recursion stack, bounded by
//! [`MAX_PLY`], whatever the budget; PN² keeps an explicit first-level tree whose
//! size grows with the work done, and its second-level searches redo work that
//! df-pn keeps in the table. Both prove the same things with a small budget.
//!
//! The tree: OR nodes are the attacker's (the side to move at the root), AND nodes
//! the defender's. A position is terminal when the variant's `outcome()` says so
//! (no moves or no pieces, suicide's piece count, fifty moves, threefold repetition,
//! bishops that can never meet): a win for the attacker is proven, anything else
//! (a draw or a loss) disproves. A twofold repetition inside the line counts as a
//! draw too (the attacker has gone round in a circle, so that way proves nothing),
//! and so does reaching [`MAX_PLY`]. New children start from their mobility
//! (an attacker to move: proof 1, disproof = its legal moves; a defender to move:
//! proof = its legal moves, disproof 1), so a compulsory capture that leaves the
//! defender a single reply is the cheapest child to expand first, with no
//! antichess-specific knowledge needed. Ties go to the first child in the move
//! generator's order: sorting the children by the searcher's `order_hint` made
//! every node three times as expensive (its attack tests cost more than the move
//! generation) and proved nothing more in the suite.
//!
//! Soundness notes. The table is keyed by the position hash; when the fifty-move
//! rule could strike within [`MAX_PLY`] plies of the root the halfmove clock is mixed
//! into the key, so a proof made with a young clock is never reused with an old one.
//! Repetitions make the search path-dependent (the graph-history problem): a node
//! disproved because its line repeated may be reused through another path, which can
//! only hide a win, never invent one, since a proof consists of terminal wins alone.
//! Nodes cut off by the ply cap are stored as disproved in the same way, which in
//! the full solve can only hide wins close to [`MAX_PLY`] plies; the shortening
//! solves, whose cap is near, put the ply into the key instead. The searcher replays
//! the returned line with the rules before trusting it.

use crate::core::{MoveList, Position, Side};
use crate::variants::chesslike::Move;

use super::pns_table::{Entry, Table, INF};
use super::Antichess;

/// The longest line the solver looks at, in plies; deeper nodes count as not won.
/// It also bounds the recursion, whose frames are small (the move lists live in
/// `expand`, which returns before the solver goes deeper).
pub const MAX_PLY: usize = 64;

/// 2^14 buckets of two 24-byte entries: 768 KB, allocated lazily by the system, room
/// for every node of the root budget.
const TABLE_BITS: u32 = 14;

/// What the solver established about the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins by force within `MAX_PLY` plies.
    Proven,
    /// No forced win within `MAX_PLY` plies (draws and repetitions count as no win).
    Disproven,
    /// The node budget ran out first.
    Unknown,
}

/// The solver's answer: the verdict, the principal line when proven (the attacker's
/// proven moves and the defender's longest resistance, ending in a won position),
/// and the nodes (moves made) it spent.
#[derive(Debug, Clone)]
pub struct Proof {
    pub verdict: Verdict,
    pub line: Option<Vec<Move>>,
    pub nodes: u64,
}

/// Proves or disproves a forced win for the side to move in `root`, spending at most
/// about `budget` nodes (a node is one move made; the last expansion may overshoot
/// by one move list).
///
/// df-pn stops at the first proof it finds, which is seldom the shortest, so once a
/// win is proven the rest of the budget goes to shortening it: the solve is repeated
/// with the ply cap one below the line found, until that fails. A failed solve costs
/// nothing more, a short proof little (its capped searches are small), and the line
/// the host sees, `score mate N` included, is then the shortest win when the budget
/// allowed the last capped search to finish.
pub fn solve(root: &Antichess, budget: u64) -> Proof {
    let mut proof = solve_capped(root, budget, MAX_PLY);
    while let Some(line) = &proof.line {
        if line.len() <= 1 || proof.nodes >= budget {
            break;
        }
        let shorter = solve_capped(root, budget - proof.nodes, line.len() - 1);
        proof.nodes += shorter.nodes;
        match shorter.line {
            Some(l) if l.len() < line.len() => proof.line = Some(l),
            _ => break,
        }
    }
    proof
}

/// One df-pn solve with lines of at most `max_ply` plies.
fn solve_capped(root: &Antichess, budget: u64, max_ply: usize) -> Proof {
    let mut pos = root.clone();
    let mut solver = Solver {
        table: Table::new(TABLE_BITS),
        attacker: pos.side_to_move(),
        nodes: 0,
        budget,
        max_ply,
        mix_clock: root.board().halfmove_clock() as usize + max_ply >= 100,
        mix_ply: max_ply < MAX_PLY,
    };
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if pos.outcome_given_moves(!list.is_empty()).is_some() {
        return Proof { verdict: Verdict::Disproven, line: None, nodes: 0 };
    }
    let (pn, dn, _) = solver.mid(&mut pos, INF, INF, 0);
    let verdict = if pn == 0 {
        Verdict::Proven
    } else if dn == 0 {
        Verdict::Disproven
    } else {
        Verdict::Unknown
    };
    let line = if verdict == Verdict::Proven { solver.principal_line(&mut pos) } else { None };
    Proof { verdict, line, nodes: solver.nodes }
}

/// What a position is worth to the attacker before any search.
enum Status {
    Won,
    NotWon,
    /// Not over; the side to move has this many legal moves.
    Open(usize),
}

#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    key: u64,
    pn: u32,
    dn: u32,
    /// Plies to the win when proven.
    dist: u32,
    /// Terminal (or cut by the ply cap): its numbers never change and the table is
    /// not asked about it (a repetition here may be a proven position elsewhere).
    fixed: bool,
}

struct Solver {
    table: Table,
    attacker: Side,
    nodes: u64,
    budget: u64,
    /// Lines longer than this count as not won ([`MAX_PLY`] or a shortening cap).
    max_ply: usize,
    mix_clock: bool,
    /// Whether the ply is part of the key: in a shortening solve, whose cap is near,
    /// a node cut off by the cap deep in one line must not pass for disproved where
    /// a shorter line reaches it.
    mix_ply: bool,
}

/// A sum of proof or disproof numbers: infinite if any term is, else capped just
/// below infinity so that only a real proof or disproof reaches it.
fn sum(values: impl Iterator<Item = u32>) -> u32 {
    let mut total: u64 = 0;
    for v in values {
        if v >= INF {
            return INF;
        }
        total += v as u64;
    }
    total.min(INF as u64 - 1) as u32
}

/// A child's threshold for the number that is summed at its parent: what is left of
/// the parent's threshold once the other children are counted.
fn sum_threshold(parent_th: u32, parent: u32, child: u32) -> u32 {
    if parent_th >= INF {
        return INF;
    }
    (parent_th as u64 - parent as u64 + child as u64).min(INF as u64) as u32
}

impl Solver {
    /// The table key of `pos` at `ply` plies from the root.
    fn key(&self, pos: &Antichess, ply: usize) -> u64 {
        let mut h = pos.hash();
        if self.mix_clock {
            h ^= (pos.board().halfmove_clock() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        if self.mix_ply {
            h ^= (ply as u64 + 1).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        }
        h
    }

    /// The position's status, with its legal moves left in `list`.
    fn status(&self, pos: &Antichess, list: &mut MoveList<Move>) -> Status {
        list.clear();
        pos.legal_moves(list);
        match pos.outcome_given_moves(!list.is_empty()) {
            Some(o) if o.winner == Some(self.attacker) => Status::Won,
            Some(_) => Status::NotWon,
            None if pos.is_repetition() => Status::NotWon,
            None => Status::Open(list.len()),
        }
    }

    /// The children of the (non-terminal) node `pos`, with their first numbers.
    fn expand(&mut self, pos: &mut Antichess, ply: usize) -> Vec<Child> {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut scratch = MoveList::new();
        let mut children = Vec::with_capacity(list.len());
        for &mv in list.iter() {
            self.nodes += 1;
            pos.make_move(mv);
            let key = self.key(pos, ply + 1);
            let attacker_to_move = pos.side_to_move() == self.attacker;
            let (pn, dn, fixed) = match self.status(pos, &mut scratch) {
                Status::Won => (0, INF, true),
                Status::NotWon => (INF, 0, true),
                Status::Open(_) if ply + 1 >= self.max_ply => (INF, 0, true),
                Status::Open(n) if attacker_to_move => (1, n as u32, false),
                Status::Open(n) => (n as u32, 1, false),
            };
            pos.unmake_move();
            children.push(Child { mv, key, pn, dn, dist: 0, fixed });
        }
        children
    }

    /// df-pn's multiple iterative deepening at `pos`: searches below it until its
    /// proof number reaches `th_pn` or its disproof number `th_dn` (or it is solved,
    /// or the budget is spent); returns (proof, disproof, distance when proven).
    fn mid(&mut self, pos: &mut Antichess, th_pn: u32, th_dn: u32, ply: usize) -> (u32, u32, u32) {
        let or = pos.side_to_move() == self.attacker;
        let key = self.key(pos, ply);
        let start = self.nodes;
        let mut children = self.expand(pos, ply);
        loop {
            for c in children.iter_mut().filter(|c| !c.fixed) {
                if let Some(e) = self.table.get(c.key) {
                    (c.pn, c.dn, c.dist) = (e.pn, e.dn, e.dist);
                }
            }
            let (pn, dn) = if or {
                (children.iter().map(|c| c.pn).min().unwrap_or(INF), sum(children.iter().map(|c| c.dn)))
            } else {
                (sum(children.iter().map(|c| c.pn)), children.iter().map(|c| c.dn).min().unwrap_or(INF))
            };
            let dist = if pn != 0 {
                0
            } else if or {
                1 + children.iter().filter(|c| c.pn == 0).map(|c| c.dist).min().unwrap_or(0)
            } else {
                1 + children.iter().map(|c| c.dist).max().unwrap_or(0)
            };
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || self.nodes >= self.budget {
                let work = (self.nodes - start).min(u32::MAX as u64) as u32;
                self.table.store(Entry { key, pn, dn, dist, work });
                return (pn, dn, dist);
            }
            // The most promising child: the smallest proof number at an OR node,
            // the smallest disproof number at an AND node (first on ties), and the
            // runner-up's value, which bounds how long the best stays the best.
            let value = |c: &Child| if or { c.pn } else { c.dn };
            let mut best = 0;
            for (i, c) in children.iter().enumerate() {
                if value(c) < value(&children[best]) {
                    best = i;
                }
            }
            let second = children
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != best)
                .map(|(_, c)| value(c))
                .min()
                .unwrap_or(INF);
            let c = children[best];
            let (child_pn, child_dn) = if or {
                (th_pn.min(second.saturating_add(1)), sum_threshold(th_dn, dn, c.dn))
            } else {
                (sum_threshold(th_pn, pn, c.pn), th_dn.min(second.saturating_add(1)))
            };
            pos.make_move(c.mv);
            let (cpn, cdn, cdist) = self.mid(pos, child_pn, child_dn, ply + 1);
            pos.unmake_move();
            let c = &mut children[best];
            (c.pn, c.dn, c.dist) = (cpn, cdn, cdist);
        }
    }

    /// The line from a proven `pos`: at the attacker's turns the proven move with the
    /// shortest proof, at the defender's the reply whose proof is longest (the longest
    /// resistance); ends in a position won for the attacker. `None` if the table has
    /// lost part of the proof.
    fn principal_line(&self, pos: &mut Antichess) -> Option<Vec<Move>> {
        let mut line = Vec::new();
        let mut list = MoveList::new();
        let mut scratch = MoveList::new();
        while line.len() <= self.max_ply {
            if line.is_empty() {
                // The root: `solve` has checked that the game goes on (a repetition
                // of the game's earlier positions at the root is no draw yet).
                list.clear();
                pos.legal_moves(&mut list);
            } else {
                match self.status(pos, &mut list) {
                    Status::Won => return Some(line),
                    Status::NotWon => return None,
                    Status::Open(_) => {}
                }
            }
            let or = pos.side_to_move() == self.attacker;
            let mut pick: Option<(Move, u32)> = None;
            for &mv in list.iter() {
                pos.make_move(mv);
                let proven = match self.status(pos, &mut scratch) {
                    Status::Won => Some(0),
                    Status::NotWon => None,
                    Status::Open(_) => self.table.get(self.key(pos, line.len() + 1)).filter(|e| e.pn == 0).map(|e| e.dist),
                };
                pos.unmake_move();
                match (proven, or) {
                    (Some(d), true) if pick.is_none_or(|(_, best)| d < best) => pick = Some((mv, d)),
                    (Some(d), false) if pick.is_none_or(|(_, best)| d > best) => pick = Some((mv, d)),
                    (None, false) => return None,
                    _ => {}
                }
            }
            let (mv, _) = pick?;
            pos.make_move(mv);
            line.push(mv);
        }
        None
    }
}
