//! One self-play game and the positions it keeps, in any variant.
//!
//! A position is kept when it is quiet: the side to move is not in check (in the
//! connect games: not facing a five-point it must block), the engine's move is not
//! a capture or promotion (in antichess: no capture was available, since captures
//! are compulsory; in the connect games: not a four), and the score is below
//! `score_bound` (positions decided by far more than the evaluation can express
//! teach it nothing, and mate scores are not centipawns). The static evaluation is
//! what gets tuned, and it cannot see an exchange in progress.

use crate::core::rng::Rng;
use crate::core::{MoveList, Position, Side};
use crate::search::{Limits, ReportScore, Searcher, Signals, Silent};
use crate::tune::data::{GameResult, Record};

/// How each game is played.
#[derive(Debug, Clone)]
pub struct GameSettings {
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies played before the engine takes over.
    pub random_plies: usize,
    /// Plies (random ones included) after which the game is a draw.
    pub max_plies: usize,
    /// Positions scored at or beyond this many centipawns are not kept.
    pub score_bound: i32,
    pub hash_mb: usize,
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings { nodes: 5000, random_plies: 8, max_plies: 400, score_bound: 2000, hash_mb: 16 }
    }
}

/// A generator seeded from the run's seed and the game's number only.
fn game_rng(seed: u64, game: u64) -> Rng {
    let mut r = Rng::new(seed ^ (game.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    r.next_u64();
    r
}

/// The opening: a book line (or the start position) and `plies` random moves, tried
/// again with fresh random moves when they end the game. The moves are drawn from
/// the variant's candidate moves: every legal move in chess and antichess, the cells
/// near the stones in the connect games, whose games would otherwise start with
/// stones scattered over the whole board.
fn opening<P: Position>(rng: &mut Rng, book: &[String], plies: usize, rules: P::Rules) -> P {
    loop {
        let mut pos = if book.is_empty() {
            P::startpos(rules)
        } else {
            let fen = &book[(rng.next_u64() % book.len() as u64) as usize];
            P::from_fen(fen, rules).unwrap_or_else(|_| P::startpos(rules))
        };
        let mut ok = true;
        for _ in 0..plies {
            let mut moves = MoveList::new();
            pos.candidate_moves(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                ok = false;
                break;
            }
            let mv = moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize];
            pos.make_move(mv);
        }
        if ok && pos.outcome().is_none() {
            return pos;
        }
    }
}

/// Plays game number `game` under `rules` and returns its quiet positions labelled
/// with the result. The searcher is cleared first, so the game does not depend on
/// what the searcher played before.
pub fn play_game<P: Position>(
    searcher: &mut Searcher,
    seed: u64,
    game: u64,
    book: &[String],
    rules: P::Rules,
    s: &GameSettings,
) -> Vec<Record> {
    searcher.clear();
    let mut rng = game_rng(seed, game);
    let mut pos: P = opening(&mut rng, book, s.random_plies, rules);
    let mut kept: Vec<(String, i32)> = Vec::new();
    let mut plies = s.random_plies;
    let winner = loop {
        if let Some(o) = pos.outcome() {
            break o.winner;
        }
        if plies >= s.max_plies {
            break None;
        }
        let result = searcher.search(&pos, &Limits::nodes(s.nodes), &Signals::new(false), &mut Silent);
        let Some(mv) = result.best_move else { break None };
        if let ReportScore::Cp(cp) = result.score {
            if cp.abs() < s.score_bound && !pos.in_check() && !pos.is_noisy(mv) {
                let white = if pos.side_to_move() == Side::White { cp } else { -cp };
                kept.push((pos.to_fen(), white));
            }
        }
        pos.make_move(mv);
        plies += 1;
    };
    let result = match winner {
        Some(Side::White) => GameResult::WhiteWin,
        Some(Side::Black) => GameResult::BlackWin,
        None => GameResult::Draw,
    };
    kept.into_iter().map(|(fen, score)| Record { fen, result, score }).collect()
}
