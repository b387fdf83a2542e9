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
    /// Ends games whose result the search already agrees on (`None`: play on).
    pub adjudication: Option<Adjudication>,
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings { nodes: 5000, random_plies: 8, max_plies: 400, score_bound: 2000, hash_mb: 16, adjudication: None }
    }
}

/// When a game is decided before the rules end it. Chess self-play at 5000 nodes
/// spends about a sixth of its time converting won positions and shuffling in
/// dead draws (100 games: 16% less time with the defaults, 5% fewer positions);
/// those moves add positions much like the ones before them, while more games
/// add variety, which the network's training needs most (a few thousand games
/// overfit however many positions they hold). Scores are the searcher's, in the
/// variant's units (centipawns in chess), from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Adjudication {
    /// A side wins once every score of the last `win_plies` plies gives it at
    /// least this much (or a mate).
    pub win_score: i32,
    pub win_plies: usize,
    /// A draw once every score of the last `draw_plies` plies is within this of
    /// zero, from ply `draw_from_ply` on (openings are often level).
    pub draw_score: i32,
    pub draw_plies: usize,
    pub draw_from_ply: usize,
}

impl Default for Adjudication {
    fn default() -> Self {
        Adjudication { win_score: 1000, win_plies: 8, draw_score: 10, draw_plies: 12, draw_from_ply: 80 }
    }
}

/// `mover`'s score `cp` as White sees it.
fn white_view(mover: Side, cp: i32) -> i32 {
    if mover == Side::White {
        cp
    } else {
        -cp
    }
}

/// The scores of a game so far, for [`Adjudication`].
#[derive(Default)]
struct Streaks {
    /// The side the last scores favour by `win_score` or more, and for how many plies.
    winning: Option<(Side, usize)>,
    /// Plies in a row scored within `draw_score` of zero.
    level: usize,
}

impl Streaks {
    /// Takes the search's score for `mover`, who is about to play at `ply`, and
    /// says whether the game is decided, and how (`Some(None)`: a draw).
    fn update(&mut self, a: &Adjudication, ply: usize, mover: Side, score: ReportScore) -> Option<Option<Side>> {
        let white_cp = match score {
            ReportScore::Cp(cp) => Some(white_view(mover, cp)),
            ReportScore::Mate(_) => None,
        };
        let favoured = match (score, white_cp) {
            (ReportScore::Mate(m), _) => Some(if m > 0 { mover } else { mover.flip() }),
            (_, Some(cp)) if cp >= a.win_score => Some(Side::White),
            (_, Some(cp)) if cp <= -a.win_score => Some(Side::Black),
            _ => None,
        };
        self.winning = match (favoured, self.winning) {
            (Some(side), Some((prev, n))) if side == prev => Some((side, n + 1)),
            (Some(side), _) => Some((side, 1)),
            (None, _) => None,
        };
        self.level = if white_cp.is_some_and(|cp| cp.abs() <= a.draw_score) { self.level + 1 } else { 0 };
        match self.winning {
            Some((side, n)) if n >= a.win_plies => Some(Some(side)),
            _ if self.level >= a.draw_plies && ply >= a.draw_from_ply => Some(None),
            _ => None,
        }
    }
}

/// A generator seeded from the run's seed and the game's number only.
pub(super) fn game_rng(seed: u64, game: u64) -> Rng {
    let mut r = Rng::new(seed ^ (game.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    r.next_u64();
    r
}

/// The opening: a book line (or the start position) and `plies` random moves, tried
/// again with fresh random moves when they end the game. The moves are drawn from
/// the variant's candidate moves: every legal move in chess and antichess, the cells
/// near the stones in the connect games, whose games would otherwise start with
/// stones scattered over the whole board.
pub(super) fn opening<P: Position>(rng: &mut Rng, book: &[String], plies: usize, rules: P::Rules) -> P {
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
    let mut streaks = Streaks::default();
    let winner = loop {
        if let Some(o) = pos.outcome() {
            break o.winner;
        }
        if plies >= s.max_plies {
            break None;
        }
        let result = searcher.search(&pos, &Limits::nodes(s.nodes), &Signals::new(false), &mut Silent);
        let Some(mv) = result.best_move else { break None };
        let mover = pos.side_to_move();
        if let ReportScore::Cp(cp) = result.score {
            if cp.abs() < s.score_bound && !pos.in_check() && !pos.is_noisy(mv) {
                kept.push((pos.to_fen(), white_view(mover, cp)));
            }
        }
        if let Some(decided) = s.adjudication.and_then(|a| streaks.update(&a, plies, mover, result.score)) {
            break decided;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::{Chess, ChessRules};

    #[test]
    fn a_side_wins_after_enough_plies_in_a_row_and_a_level_game_is_drawn_late() {
        let a = Adjudication::default();
        let mut st = Streaks::default();
        for ply in 0..a.win_plies - 1 {
            assert_eq!(st.update(&a, 20 + ply, Side::White, ReportScore::Cp(1200)), None);
        }
        // One ply below the bound starts the count again.
        assert_eq!(st.update(&a, 30, Side::Black, ReportScore::Cp(-900)), None);
        // Scores are the mover's: White's -1500 and Black's +1500 both favour Black.
        for ply in 0..a.win_plies - 1 {
            let (mover, cp) = if ply % 2 == 0 { (Side::White, -1500) } else { (Side::Black, 1500) };
            assert_eq!(st.update(&a, 31 + ply, mover, ReportScore::Cp(cp)), None, "ply {ply}");
        }
        // A mate score counts for the side it favours: White being mated.
        assert_eq!(st.update(&a, 40, Side::White, ReportScore::Mate(-3)), Some(Some(Side::Black)));

        let mut st = Streaks::default();
        for ply in 0..a.draw_plies {
            assert_eq!(st.update(&a, ply, Side::White, ReportScore::Cp(0)), None, "too early for a draw at ply {ply}");
        }
        assert_eq!(st.update(&a, a.draw_from_ply, Side::Black, ReportScore::Cp(a.draw_score)), Some(None));
    }

    /// The same game, cut short: adjudication changes when a game ends, never its
    /// moves, and a game that is won on the board ends as the win it is.
    #[test]
    fn adjudication_cuts_a_won_game_short() {
        let book = ["r1b1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()];
        let rules = ChessRules::default();
        let full = GameSettings { nodes: 2000, random_plies: 0, max_plies: 300, ..GameSettings::default() };
        let cut = GameSettings { adjudication: Some(Adjudication::default()), ..full.clone() };
        let mut searcher = Searcher::new(1, 1);
        let whole = play_game::<Chess>(&mut searcher, 5, 0, &book, rules, &full);
        let short = play_game::<Chess>(&mut searcher, 5, 0, &book, rules, &cut);
        assert!(short.iter().all(|r| r.result == GameResult::WhiteWin), "{short:?}");
        eprintln!("{} positions with adjudication, {} without", short.len(), whole.len());
        assert!(!short.is_empty() && short.len() < whole.len(), "{} positions with adjudication, {} without", short.len(), whole.len());
        let fens = |rs: &[Record]| rs.iter().map(|r| (r.fen.clone(), r.score)).collect::<Vec<_>>();
        assert_eq!(fens(&short), fens(&whole)[..short.len()]);
    }
}
