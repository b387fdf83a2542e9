//! VCT ("victory by continuous threats"): a win for the side to move in which every
//! attacking move makes a four or a three, so the defender must answer each one,
//! until a five. VCF (fours only) is the special case; this solver finds both, and
//! prefers neither: it searches by iterative deepening on the number of attacking
//! moves, so the line it returns is a shortest VCT (fives not counted in the depth).
//!
//! Definitions, for the attacker after its move `c`:
//! - a *four*: `c` leaves the attacker a five point (an empty cell where its stone
//!   makes a winning line). The defender must take it; two five points, or one the
//!   defender may not play (renju), win at once. This part is the VCF solver's rule.
//! - a *three*: no five point, but the attacker has a *finisher*: an empty cell `m`
//!   it may play after which it has two or more five points (a straight four, or two
//!   fours at once). The defender must spend its move on that, or lose in two.
//!
//! The defender's answers to a three are computed, not guessed, and they are every
//! move that could possibly hold:
//! - each of its own four-making moves anywhere (a counter-four gains a tempo: the
//!   attacker must block it before going on);
//! - each cell that leaves the attacker no finisher: a finisher or one of its five
//!   points (a stone elsewhere changes neither, since a run of stones only ever
//!   passes over occupied cells);
//! - under renju, when the attacker is the restricted first player and every
//!   finisher is near enough its own stones to be forbidden by some shape, each cell
//!   after which all the finishers are forbidden points (the other side's stone can
//!   change what counts as a three there); when one finisher is too far from the
//!   attacker's stones to be forbidden at all, no defender stone can change that.
//!
//! Any other reply loses: the attacker plays a surviving finisher, the defender can
//! stop one five point, and it has no four of its own to win first. Before the
//! replies, the defender's own VCF is asked for (a three is a move slower than a
//! four): if it has one, or it cannot be refuted within a small budget, the three
//! fails. "Unknown" always counts as failure, so every win the solver claims is a
//! real forced win under the rules.
//!
//! When the defender threatens a five, the attacker must block it first, and the
//! block must itself be a four or a three (or leave a three standing) to keep the
//! initiative.
//!
//! The transposition table holds only failures ("no VCT within `d` attacking moves",
//! or none at all), as the VCF solver's does: a stored entry can hide a win but
//! never invent one.

use super::geometry::{Cell, DIRECTIONS};
use super::rules::ConnectRules;
use super::threat_board::ThreatBoard;
use super::vcf::{VcfOutcome, VcfSolver};
use super::fail_table::FailTable;
use super::Connect;

/// What the solver found: a shortest VCT line (attacker first, defender replies in
/// between, the attacker's five last; the defender's replies follow its longest
/// resistance), `NoWin` when the whole threat space was searched without one, or
/// `Unknown`.
pub type VctOutcome = VcfOutcome;

/// The longest VCT searched, in attacking moves not counting the five.
pub const MAX_THREATS: u32 = 30;

/// Attacking moves the defender's own VCF search may take at each three; a VCF not
/// refuted within it counts as the defender's win (the three fails).
const DEFENDER_VCF_BUDGET: u64 = 2_000;

/// The node budget ran out.
struct OutOfBudget;

/// What a search below a node found: a win (with its line), no win at any depth, or
/// no win within the depth (some line was cut).
type Found = Result<Option<bool>, OutOfBudget>;

/// A finisher of a three: the cell `m` and the attacker's five points after it.
struct Finisher {
    m: Cell,
    fives: Vec<Cell>,
}

/// A reusable VCT solver with its own transposition table and a VCF solver for the
/// defender's counter-attacks (both tables outlive one root).
pub struct VctSolver {
    table: FailTable,
    rules: Option<ConnectRules>,
    vcf: VcfSolver,
    nodes: u64,
    budget: u64,
}

impl VctSolver {
    /// A solver with `2^table_bits` entries (16 bytes each) for its own table and as
    /// many for the defender's VCF table.
    pub fn new(table_bits: u32) -> VctSolver {
        VctSolver {
            table: FailTable::new(table_bits),
            rules: None,
            vcf: VcfSolver::new(table_bits),
            nodes: 0,
            budget: 0,
        }
    }

    /// Nodes of the last `solve`: attacking moves tried, the defender's VCF searches
    /// included.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.table.clear();
        self.vcf.clear();
    }

    /// Looks for a VCT for the side to move in `pos` within `node_budget` nodes.
    pub fn solve(&mut self, pos: &Connect, node_budget: u64) -> VctOutcome {
        self.solve_within(pos, node_budget, MAX_THREATS + 1)
    }

    /// As [`VctSolver::solve`], with at most `max_attacks` attacking moves in the line,
    /// the five included. `NoWin` then means none that short.
    pub fn solve_within(&mut self, pos: &Connect, node_budget: u64, max_attacks: u32) -> VctOutcome {
        self.nodes = 0;
        self.budget = node_budget;
        if self.rules != Some(pos.rules) {
            // A new solver's tables are empty already.
            if self.rules.is_some() {
                self.clear();
            }
            self.rules = Some(pos.rules);
        }
        if pos.winner.is_some() || pos.stone_count() == pos.width() * pos.height() || max_attacks == 0 {
            return VctOutcome::NoWin;
        }
        let mut b = ThreatBoard::new(pos, pos.to_move);
        let (att, def) = (b.attacker, b.attacker.flip());
        let k = b.rules.k as u32;
        let mut near = Vec::new();
        b.near_cells(att, k - 1, &mut near);
        if let Some(&(c, _)) = near.iter().find(|(c, _)| b.wins_at(att, c.index())) {
            return VctOutcome::Win(vec![c]);
        }
        b.near_cells(def, k - 1, &mut near);
        let threats: Vec<Cell> = near.iter().map(|&(c, _)| c).filter(|c| b.wins_at(def, c.index())).collect();
        let mut line = Vec::new();
        for depth in 1..max_attacks.min(MAX_THREATS + 1) {
            match self.attack(&mut b, depth, &threats, &mut line) {
                Ok(Some(true)) => return VctOutcome::Win(line),
                Ok(Some(false)) => return VctOutcome::NoWin,
                Ok(None) => {}
                Err(OutOfBudget) => return VctOutcome::Unknown,
            }
        }
        if max_attacks <= MAX_THREATS {
            VctOutcome::NoWin
        } else {
            VctOutcome::Unknown
        }
    }

    fn count_node(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            Err(OutOfBudget)
        } else {
            Ok(())
        }
    }

    /// The attacker to move with at most `depth` attacking moves left (the five not
    /// counted); `threats` are the defender's five points (the attacker has none).
    /// On a win, `line` holds the moves from here, attacker first.
    fn attack(&mut self, b: &mut ThreatBoard, depth: u32, threats: &[Cell], line: &mut Vec<Cell>) -> Found {
        let att = b.attacker;
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
        let k = b.rules.k as u32;
        let forced = threats.first().copied();
        let mut candidates = Vec::new();
        match forced {
            Some(t) => candidates.push((t, u8::MAX)),
            None => b.near_cells(att, k - 3, &mut candidates),
        }
        // Fours first (they are cheaper to refute or prove), then threes.
        let mut fours = Vec::new();
        let mut threes = Vec::new();
        let mut wins = Vec::with_capacity(8);
        for (c, near) in candidates {
            if (near as u32) < k - 2 {
                threes.push(c);
                continue;
            }
            b.put(att, c);
            b.win_cells_through(att, c, &mut wins);
            b.lift(att, c);
            if wins.is_empty() {
                threes.push(c);
            } else {
                fours.push((c, wins.clone()));
            }
        }
        let mut cut = false;
        for (c, wins) in fours {
            if !b.legal_for(att, c) {
                continue;
            }
            self.count_node()?;
            b.put(att, c);
            let found = self.after_four(b, depth, &wins, line);
            b.lift(att, c);
            match found? {
                Some(true) => {
                    line.insert(0, c);
                    return Ok(Some(true));
                }
                Some(false) => {}
                None => cut = true,
            }
        }
        for c in threes {
            if !b.legal_for(att, c) {
                continue;
            }
            b.put(att, c);
            let finishers = finishers(b, c, forced.is_some());
            let found = if finishers.is_empty() {
                Ok(Some(false))
            } else if depth < 2 {
                // A three needs two more attacking moves: this line is cut.
                Ok(None)
            } else {
                match self.count_node() {
                    Ok(()) => self.after_three(b, depth, &finishers, line),
                    Err(e) => Err(e),
                }
            };
            b.lift(att, c);
            match found? {
                Some(true) => {
                    line.insert(0, c);
                    return Ok(Some(true));
                }
                Some(false) => {}
                None => {
                    cut = true;
                    if depth < 2 {
                        break;
                    }
                }
            }
        }
        Ok(self.table.record_failure(key, depth, cut))
    }

    /// After the attacker's four (`wins`: its five points): the defender takes the
    /// one five point if it can, and the attack goes on; otherwise the five follows.
    fn after_four(&mut self, b: &mut ThreatBoard, depth: u32, wins: &[Cell], line: &mut Vec<Cell>) -> Found {
        let def = b.attacker.flip();
        let block = wins.iter().copied().find(|&w| b.legal_for(def, w));
        match block {
            Some(w) if wins.len() == 1 => {
                b.put(def, w);
                let mut replies = Vec::with_capacity(4);
                b.win_cells_through(def, w, &mut replies);
                let found = self.attack(b, depth - 1, &replies, line);
                b.lift(def, w);
                if let Ok(Some(true)) = found {
                    line.insert(0, w);
                }
                found
            }
            _ => {
                let reply = block.or_else(|| b.any_move(def, wins));
                line.clear();
                line.extend(reply);
                line.push(wins.iter().copied().find(|&w| Some(w) != block).unwrap_or(wins[0]));
                Ok(Some(true))
            }
        }
    }

    /// After the attacker's three (`finishers` non-empty): the defender's own VCF
    /// refutes it; otherwise every reply that might hold must lose.
    fn after_three(
        &mut self,
        b: &mut ThreatBoard,
        depth: u32,
        finishers: &[Finisher],
        line: &mut Vec<Cell>,
    ) -> Found {
        let def = b.attacker.flip();
        b.swap_attacker();
        let budget = DEFENDER_VCF_BUDGET.min(self.budget.saturating_sub(self.nodes));
        // Neither side has a five point here: the attacker's three is no four, and
        // the defender's fours were all blocked on the way.
        let counter = self.vcf.solve_quiet(b, budget);
        b.swap_attacker();
        self.nodes += self.vcf.nodes();
        match counter {
            VcfOutcome::Win(_) => return Ok(Some(false)),
            VcfOutcome::Unknown => {
                return if self.nodes > self.budget { Err(OutOfBudget) } else { Ok(None) };
            }
            VcfOutcome::NoWin => {}
        }
        let replies = defences(b, finishers);
        if replies.is_empty() {
            return match free_reply_line(b, finishers) {
                Some(l) => {
                    *line = l;
                    Ok(Some(true))
                }
                None => Ok(None),
            };
        }
        let mut longest: Option<Vec<Cell>> = None;
        let mut sub = Vec::new();
        for (r, fours) in replies {
            b.put(def, r);
            let found = self.attack(b, depth - 1, &fours, &mut sub);
            b.lift(def, r);
            match found? {
                Some(true) => {
                    if longest.as_ref().is_none_or(|l| sub.len() + 1 > l.len()) {
                        let mut l = Vec::with_capacity(sub.len() + 1);
                        l.push(r);
                        l.extend_from_slice(&sub);
                        longest = Some(l);
                    }
                }
                other => return Ok(other),
            }
        }
        *line = longest.unwrap_or_default();
        Ok(Some(true))
    }
}

/// The attacker's finishers after its stone on `c` (see the module doc): cells on
/// the lines through `c` that now make a straight four or a double four, legal for
/// the attacker. When none is there and `everywhere` is set (the attacker has just
/// blocked a four, and a three it made earlier may still stand), the whole board is
/// looked at. Either way the list may miss finishers that do not involve `c`, which
/// only makes the defender's reply list longer, never wrong.
fn finishers(b: &mut ThreatBoard, c: Cell, everywhere: bool) -> Vec<Finisher> {
    let att = b.attacker;
    let k = b.rules.k as u32;
    let mut out = Vec::new();
    let mut fives = Vec::with_capacity(8);
    let mut seen: Vec<Cell> = Vec::with_capacity(16);
    for &d in &DIRECTIONS {
        // A four through c and m holds k - 1 stones: c, m and k - 3 more.
        if b.near_on_line(att, c.index(), d) < k - 3 {
            continue;
        }
        for off in (-4isize..=4).filter(|&o| o != 0) {
            let m = Cell::from_index((c.index() as isize + off * d) as usize);
            if !b.is_empty(m) || seen.contains(&m) || b.near_on_line(att, m.index(), d) < k - 2 {
                continue;
            }
            seen.push(m);
            try_finisher(b, m, &mut fives, &mut out);
        }
    }
    if out.is_empty() && everywhere {
        let mut near = Vec::new();
        b.near_cells(att, k - 2, &mut near);
        for (m, _) in near {
            try_finisher(b, m, &mut fives, &mut out);
        }
    }
    out
}

fn try_finisher(b: &mut ThreatBoard, m: Cell, fives: &mut Vec<Cell>, out: &mut Vec<Finisher>) {
    let att = b.attacker;
    b.put(att, m);
    b.win_cells_through(att, m, fives);
    b.lift(att, m);
    if fives.len() >= 2 && b.legal_for(att, m) {
        out.push(Finisher { m, fives: fives.clone() });
    }
}

/// Whether the defender's stone on `r` leaves the attacker no finisher.
fn stops_all(b: &mut ThreatBoard, r: Cell, finishers: &[Finisher]) -> bool {
    let (att, def) = (b.attacker, b.attacker.flip());
    b.put(def, r);
    let stopped = finishers
        .iter()
        .all(|f| f.m == r || f.fives.iter().filter(|&&x| x != r).count() < 2 || !b.legal_for(att, f.m));
    b.lift(def, r);
    stopped
}

/// Every defender reply to a three that might hold (see the module doc), with the
/// five points each one makes for the defender (empty unless it is a counter-four).
/// Counter-fours come first: they are the likeliest refutations.
fn defences(b: &mut ThreatBoard, finishers: &[Finisher]) -> Vec<(Cell, Vec<Cell>)> {
    let (att, def) = (b.attacker, b.attacker.flip());
    let k = b.rules.k as u32;
    let mut out: Vec<(Cell, Vec<Cell>)> = Vec::new();
    let mut fives = Vec::with_capacity(8);
    let mut near = Vec::new();
    b.near_cells(def, k - 2, &mut near);
    for (r, _) in near {
        b.put(def, r);
        b.win_cells_through(def, r, &mut fives);
        b.lift(def, r);
        if !fives.is_empty() && b.legal_for(def, r) {
            out.push((r, fives.clone()));
        }
    }
    let mut near: Vec<Cell> = Vec::new();
    for f in finishers {
        for &x in std::iter::once(&f.m).chain(&f.fives) {
            if !near.contains(&x) {
                near.push(x);
            }
        }
    }
    near.sort();
    for &r in &near {
        if out.iter().all(|&(o, _)| o != r) && b.legal_for(def, r) && stops_all(b, r, finishers) {
            out.push((r, Vec::new()));
        }
    }
    if !finishers.iter().any(|f| b.robustly_legal(att, f.m)) {
        for r in b.empty_cells() {
            if !near.contains(&r) && out.iter().all(|&(o, _)| o != r) && b.legal_for(def, r) {
                b.put(def, r);
                let alive = finishers.iter().any(|f| b.legal_for(att, f.m));
                b.lift(def, r);
                if !alive {
                    out.push((r, Vec::new()));
                }
            }
        }
    }
    out
}

/// The rest of the line after a three no reply stops: the defender blocks one
/// finisher's cells (or plays anywhere), the attacker plays a surviving finisher,
/// the defender blocks one five point, the attacker fives. `None` if no finisher
/// survives, which the reply list rules out.
fn free_reply_line(b: &mut ThreatBoard, finishers: &[Finisher]) -> Option<Vec<Cell>> {
    let (att, def) = (b.attacker, b.attacker.flip());
    let mut tried: Vec<Cell> = finishers.iter().flat_map(|f| std::iter::once(f.m).chain(f.fives.iter().copied())).collect();
    tried.extend(b.any_move(def, &tried));
    for r in tried {
        if !b.is_empty(r) || !b.legal_for(def, r) {
            continue;
        }
        b.put(def, r);
        let survivor = finishers
            .iter()
            .find(|f| f.m != r && f.fives.iter().filter(|&&x| x != r).count() >= 2 && b.legal_for(att, f.m));
        let rest = survivor.map(|f| {
            let left: Vec<Cell> = f.fives.iter().copied().filter(|&x| x != r).collect();
            b.put(att, f.m);
            let block = left.iter().copied().find(|&w| b.legal_for(def, w));
            let reply = block.or_else(|| b.any_move(def, &left));
            b.lift(att, f.m);
            let five = left.iter().copied().find(|&w| Some(w) != block).unwrap_or(left[0]);
            let mut l = vec![r, f.m];
            l.extend(reply);
            l.push(five);
            l
        });
        b.lift(def, r);
        if rest.is_some() {
            return rest;
        }
    }
    debug_assert!(false, "a three with no defence but no surviving finisher");
    None
}

/// A shortest VCT for the side to move within `node_budget` nodes, as the line of
/// moves (attacker first, ending with its five), or `None` if there is none or none
/// was found in the budget. Uses fresh 64K-entry tables.
pub fn vct(pos: &Connect, node_budget: u64) -> Option<Vec<Cell>> {
    match VctSolver::new(16).solve(pos, node_budget) {
        VctOutcome::Win(line) => Some(line),
        _ => None,
    }
}
