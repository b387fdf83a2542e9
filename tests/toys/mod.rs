//! Small but real games that implement `Position`, to drive the generic searcher
//! before (and independently of) the real variants. Each has a property the tests
//! can check from theory rather than from the searcher's own output.
#![allow(dead_code)]

use std::sync::Arc;

use ludex::core::score::Score;
use ludex::core::{FenError, MoveError, MoveList, Outcome, Position, Side, Termination};

fn mix(mut x: u64) -> u64 {
    // splitmix64 finaliser: a fixed, well-spread hash.
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

// ---------------------------------------------------------------------------------
// The subtraction game: take 1, 2 or 3 stones.

/// Who wins when the stones run out: `Normal` (taking the last stone wins, so the
/// side to move with none left has lost; positions with n % 4 == 0 are lost) or
/// `Misere` (like antichess: the side to move with no move WINS; positions with
/// n % 4 == 1 are lost).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeRules {
    Normal,
    Misere,
}

#[derive(Debug, Clone)]
pub struct Take {
    pub n: u32,
    side: Side,
    rules: TakeRules,
    taken: Vec<u8>,
}

impl Take {
    pub fn new(n: u32, rules: TakeRules) -> Self {
        Take { n, side: Side::White, rules, taken: Vec::new() }
    }
}

impl Position for Take {
    type Move = u8;
    type Rules = TakeRules;
    const HAS_NOISY_MOVES: bool = false;
    const NULL_MOVE_OK: bool = false;

    fn startpos(rules: TakeRules) -> Self {
        Take::new(21, rules)
    }

    fn from_fen(fen: &str, rules: TakeRules) -> Result<Self, FenError> {
        fen.trim().parse().map(|n| Take::new(n, rules)).map_err(|_| FenError::new(fen))
    }

    fn to_fen(&self) -> String {
        self.n.to_string()
    }

    fn rules(&self) -> TakeRules {
        self.rules
    }

    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        let k: u8 = text.parse().map_err(|_| MoveError::Malformed(text.into()))?;
        if (1..=3).contains(&k) && k as u32 <= self.n {
            Ok(k)
        } else {
            Err(MoveError::Illegal(text.into()))
        }
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn hash(&self) -> u64 {
        mix(self.n as u64 * 2 + self.side.index() as u64)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn ply(&self) -> usize {
        self.taken.len()
    }

    fn legal_moves(&self, out: &mut MoveList<u8>) {
        for k in 1..=3u8 {
            if k as u32 <= self.n {
                out.push(k);
            }
        }
    }

    fn make_move(&mut self, mv: u8) {
        self.n -= mv as u32;
        self.taken.push(mv);
        self.side = !self.side;
    }

    fn unmake_move(&mut self) {
        let mv = self.taken.pop().expect("a move to take back");
        self.n += mv as u32;
        self.side = !self.side;
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.n == 0).then(|| match self.rules {
            TakeRules::Normal => Outcome::win(!self.side, Termination::NoMoves),
            TakeRules::Misere => Outcome::win(self.side, Termination::NoMoves),
        })
    }

    fn evaluate(&mut self) -> Score {
        0
    }

    fn pretty(&self) -> String {
        format!("{} stones", self.n)
    }
}

// ---------------------------------------------------------------------------------
// Tic-tac-toe: small enough to solve exhaustively in the test itself.

#[derive(Debug, Clone)]
pub struct Ttt {
    pub cells: [u8; 9], // 0 empty, 1 White (X), 2 Black (O)
    side: Side,
    moves: Vec<u8>,
}

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

impl Ttt {
    pub fn new() -> Self {
        Ttt { cells: [0; 9], side: Side::White, moves: Vec::new() }
    }

    pub fn line_winner(&self) -> Option<Side> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]];
            (c != 0 && c == self.cells[l[1]] && c == self.cells[l[2]])
                .then_some(if c == 1 { Side::White } else { Side::Black })
        })
    }
}

impl Default for Ttt {
    fn default() -> Self {
        Ttt::new()
    }
}

impl Position for Ttt {
    type Move = u8;
    type Rules = ();
    const HAS_NOISY_MOVES: bool = false;
    const NULL_MOVE_OK: bool = false;

    fn startpos(_: ()) -> Self {
        Ttt::new()
    }

    fn from_fen(_: &str, _: ()) -> Result<Self, FenError> {
        Err(FenError::new("no FEN for the toy"))
    }

    fn to_fen(&self) -> String {
        self.cells.iter().map(|c| c.to_string()).collect()
    }

    fn rules(&self) {}

    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        Err(MoveError::Malformed(text.into()))
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn hash(&self) -> u64 {
        let mut h = self.side.index() as u64;
        for &c in &self.cells {
            h = h * 3 + c as u64;
        }
        mix(h)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn ply(&self) -> usize {
        self.moves.len()
    }

    fn legal_moves(&self, out: &mut MoveList<u8>) {
        if self.line_winner().is_some() {
            return;
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if c == 0 {
                out.push(i as u8);
            }
        }
    }

    fn make_move(&mut self, mv: u8) {
        self.cells[mv as usize] = 1 + self.side.index() as u8;
        self.moves.push(mv);
        self.side = !self.side;
    }

    fn unmake_move(&mut self) {
        let mv = self.moves.pop().expect("a move to take back");
        self.cells[mv as usize] = 0;
        self.side = !self.side;
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.line_winner() {
            Some(Outcome::win(w, Termination::Line))
        } else if self.cells.iter().all(|&c| c != 0) {
            Some(Outcome::draw(Termination::BoardFull))
        } else {
            None
        }
    }

    fn evaluate(&mut self) -> Score {
        // The centre and corners are worth a little: enough to order moves, never a result.
        const W: [Score; 9] = [3, 2, 3, 2, 4, 2, 3, 2, 3];
        let mut s = 0;
        for (i, &c) in self.cells.iter().enumerate() {
            if c == 1 + self.side.index() as u8 {
                s += W[i];
            } else if c != 0 {
                s -= W[i];
            }
        }
        s
    }

    fn pretty(&self) -> String {
        self.to_fen()
    }
}

// ---------------------------------------------------------------------------------
// An explicit game tree: every node says what it is, so a test can build exactly the
// position a rule is about (a forced capture, a check, a hanging piece).

#[derive(Debug, Clone, Default)]
pub struct TreeNode {
    /// Static evaluation for the side to move at this node.
    pub eval: Score,
    pub in_check: bool,
    /// A noisy move must be played (antichess capture).
    pub forced: bool,
    /// (child index, noisy)
    pub children: Vec<(usize, bool)>,
    /// For a node without children: `Some(true)` = the side to move wins,
    /// `Some(false)` = it loses, `None` = draw.
    pub mover_wins: Option<bool>,
}

#[derive(Debug, Clone)]
pub struct Tree {
    nodes: Arc<Vec<TreeNode>>,
    at: usize,
    path: Vec<usize>,
}

impl Tree {
    pub fn new(nodes: Vec<TreeNode>) -> Self {
        Tree { nodes: Arc::new(nodes), at: 0, path: Vec::new() }
    }

    fn node(&self) -> &TreeNode {
        &self.nodes[self.at]
    }
}

impl Position for Tree {
    type Move = usize;
    type Rules = ();
    const HAS_NOISY_MOVES: bool = true;
    const NULL_MOVE_OK: bool = false;

    fn startpos(_: ()) -> Self {
        Tree::new(vec![TreeNode::default()])
    }

    fn from_fen(_: &str, _: ()) -> Result<Self, FenError> {
        Err(FenError::new("no FEN for the toy"))
    }

    fn to_fen(&self) -> String {
        self.at.to_string()
    }

    fn rules(&self) {}

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        Err(MoveError::Malformed(text.into()))
    }

    fn format_move(&self, mv: usize) -> String {
        mv.to_string()
    }

    fn hash(&self) -> u64 {
        mix(self.at as u64)
    }

    fn side_to_move(&self) -> Side {
        if self.path.len().is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        }
    }

    fn ply(&self) -> usize {
        self.path.len()
    }

    fn legal_moves(&self, out: &mut MoveList<usize>) {
        let node = self.node();
        for &(c, noisy) in &node.children {
            if noisy || !node.forced {
                out.push(c);
            }
        }
    }

    fn noisy_moves(&self, out: &mut MoveList<usize>) {
        for &(c, noisy) in &self.node().children {
            if noisy {
                out.push(c);
            }
        }
    }

    fn is_noisy(&self, mv: usize) -> bool {
        self.node().children.iter().any(|&(c, n)| c == mv && n)
    }

    fn in_check(&self) -> bool {
        self.node().in_check
    }

    fn forced_noisy(&self) -> bool {
        self.node().forced
    }

    fn make_move(&mut self, mv: usize) {
        self.path.push(self.at);
        self.at = mv;
    }

    fn unmake_move(&mut self) {
        self.at = self.path.pop().expect("a move to take back");
    }

    fn outcome(&self) -> Option<Outcome> {
        let node = self.node();
        if !node.children.is_empty() {
            return None;
        }
        let side = self.side_to_move();
        Some(match node.mover_wins {
            Some(true) => Outcome::win(side, Termination::NoMoves),
            Some(false) => Outcome::win(!side, Termination::Checkmate),
            None => Outcome::draw(Termination::Stalemate),
        })
    }

    fn evaluate(&mut self) -> Score {
        self.node().eval
    }

    fn pretty(&self) -> String {
        self.to_fen()
    }
}

// ---------------------------------------------------------------------------------
// A synthetic game with a large tree: 24 moves per node, pseudo-random evaluations,
// captures that run out, checks and null moves. Nothing about its values is known,
// but it exercises every part of the search and never finishes by itself quickly,
// which is what the limit, stop, time and determinism tests need.

#[derive(Debug, Clone)]
pub struct Noise {
    key: u64,
    captures_left: u32,
    side: Side,
    stack: Vec<(u64, u32)>,
}

pub const NOISE_BRANCHING: u16 = 24;
const NOISE_GAME_LENGTH: usize = 200;

impl Noise {
    pub fn new(seed: u64) -> Self {
        Noise { key: mix(seed), captures_left: 6, side: Side::White, stack: Vec::new() }
    }
}

impl Position for Noise {
    type Move = u16;
    type Rules = ();
    const HAS_NOISY_MOVES: bool = true;
    const NULL_MOVE_OK: bool = true;

    fn startpos(_: ()) -> Self {
        Noise::new(1)
    }

    fn from_fen(_: &str, _: ()) -> Result<Self, FenError> {
        Err(FenError::new("no FEN for the toy"))
    }

    fn to_fen(&self) -> String {
        format!("{:016x}", self.key)
    }

    fn rules(&self) {}

    fn parse_move(&self, text: &str) -> Result<u16, MoveError> {
        Err(MoveError::Malformed(text.into()))
    }

    fn format_move(&self, mv: u16) -> String {
        mv.to_string()
    }

    fn hash(&self) -> u64 {
        self.key ^ self.side.index() as u64
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn ply(&self) -> usize {
        self.stack.len()
    }

    fn legal_moves(&self, out: &mut MoveList<u16>) {
        if self.stack.len() >= NOISE_GAME_LENGTH {
            return;
        }
        for m in 0..NOISE_BRANCHING {
            if m >= 3 || (m as u32) < self.captures_left {
                out.push(m);
            }
        }
    }

    fn noisy_moves(&self, out: &mut MoveList<u16>) {
        if self.stack.len() >= NOISE_GAME_LENGTH {
            return;
        }
        for m in 0..3u16.min(self.captures_left as u16) {
            out.push(m);
        }
    }

    fn is_noisy(&self, mv: u16) -> bool {
        mv < 3
    }

    fn in_check(&self) -> bool {
        self.key.is_multiple_of(61)
    }

    fn order_hint(&self, mv: u16) -> i32 {
        if mv < 3 {
            3 - mv as i32
        } else {
            0
        }
    }

    fn make_move(&mut self, mv: u16) {
        self.stack.push((self.key, self.captures_left));
        if mv < 3 {
            self.captures_left -= 1;
        }
        self.key = mix(self.key ^ (mv as u64 + 1));
        self.side = !self.side;
    }

    fn unmake_move(&mut self) {
        let (key, caps) = self.stack.pop().expect("a move to take back");
        self.key = key;
        self.captures_left = caps;
        self.side = !self.side;
    }

    fn make_null_move(&mut self) {
        self.stack.push((self.key, self.captures_left));
        self.key = mix(self.key ^ 0xABCD);
        self.side = !self.side;
    }

    fn unmake_null_move(&mut self) {
        self.unmake_move();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.stack.len() >= NOISE_GAME_LENGTH).then(|| Outcome::draw(Termination::FiftyMoves))
    }

    fn evaluate(&mut self) -> Score {
        (self.key >> 40) as Score % 301 - 150
    }

    fn pretty(&self) -> String {
        self.to_fen()
    }
}
