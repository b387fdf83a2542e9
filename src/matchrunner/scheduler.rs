//! Builds the list of games (pairings x rounds x games, openings shared by each
//! pair of games with colours swapped), plays them on `concurrency` worker threads,
//! and reports each finished game to the caller as it arrives. An SPRT decision
//! stops new games from starting; games under way finish.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::thread;

use super::engine_config::{EngineConfig, Proto};
use super::gomocup_client::GomocupPlayer;
use super::notices::Notices;
use super::openings::{Opening, OpeningPicker};
use super::player::{GameSetup, Player};
use super::process::TrafficLog;
use super::record::{Ending, GameRecord, GameResult};
use super::referee::{self, RefereeRules};
use super::uci_client::UciPlayer;
use crate::core::Side;
use crate::variants::Variant;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tournament {
    /// Two engines.
    Match,
    /// The first engine against each of the others.
    Gauntlet,
    /// Every engine against every other.
    RoundRobin,
}

/// One scheduled game.
#[derive(Debug, Clone)]
pub struct GameSpec {
    pub number: usize,
    pub round: String,
    pub white: usize,
    pub black: usize,
    pub opening: Opening,
}

/// The pairings of a tournament, in play order.
pub fn pairings(kind: Tournament, engines: usize) -> Vec<(usize, usize)> {
    match kind {
        Tournament::Match => vec![(0, 1)],
        Tournament::Gauntlet => (1..engines).map(|e| (0, e)).collect(),
        Tournament::RoundRobin => (0..engines).flat_map(|a| (a + 1..engines).map(move |b| (a, b))).collect(),
    }
}

/// How many openings [`schedule`] picks: one per pair of games of each pairing
/// and round (a last odd game has one to itself).
pub fn opening_pairs(kind: Tournament, engines: usize, rounds: usize, games: usize) -> usize {
    rounds * pairings(kind, engines).len() * games.div_ceil(2)
}

/// Every game: for each round, each pairing plays `games` games; consecutive games
/// share an opening with colours reversed.
pub fn schedule(kind: Tournament, engines: usize, rounds: usize, games: usize, picker: &mut OpeningPicker) -> Vec<GameSpec> {
    let mut out = Vec::new();
    let mut pair_no = 0;
    let mut opening = None;
    for r in 0..rounds {
        let mut in_round = 0;
        for &(a, b) in &pairings(kind, engines) {
            for g in 0..games {
                if g % 2 == 0 {
                    opening = Some(picker.pick(pair_no));
                    pair_no += 1;
                }
                in_round += 1;
                let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                out.push(GameSpec {
                    number: out.len(),
                    round: format!("{}.{}", r + 1, in_round),
                    white,
                    black,
                    opening: opening.clone().expect("set on even games"),
                });
            }
        }
    }
    out
}

/// Everything the workers share.
pub struct Plan {
    pub variant: Variant,
    pub engines: Vec<EngineConfig>,
    pub games: Vec<GameSpec>,
    pub rules: RefereeRules,
    pub concurrency: usize,
    pub log_dir: Option<PathBuf>,
    /// What the match has already said, so that it says it once.
    pub notices: Notices,
}

fn board_of(v: Variant) -> Option<(usize, usize)> {
    v.connect_board()
}

/// A player for the `-engine` entry `entry` of the plan (its index in `engines`).
fn make_player(plan: &Plan, entry: usize, log: Option<TrafficLog>) -> Box<dyn Player> {
    let c = &plan.engines[entry];
    match c.proto {
        Proto::Uci => Box::new(UciPlayer::new(c.clone(), entry, log, plan.notices.clone())),
        Proto::Gomocup => Box::new(GomocupPlayer::new(c.clone(), log)),
    }
}

/// Plays one scheduled game with fresh engine processes.
pub fn play_one(plan: &Plan, spec: &GameSpec) -> GameRecord {
    let (w, b) = (&plan.engines[spec.white], &plan.engines[spec.black]);
    let log = plan.log_dir.as_ref().and_then(|d| {
        let path = d.join(format!("game-{:04}.log", spec.number + 1));
        TrafficLog::create(&path).ok()
    });
    let setup = GameSetup { variant: plan.variant, start_fen: spec.opening.fen.clone(), board: board_of(plan.variant) };
    let mut moves = spec.opening.moves.clone();
    let mut notes = Vec::new();
    let tc_tag = if w.tc == b.tc { w.tc.pgn_tag() } else { format!("{}:{}", w.tc.pgn_tag(), b.tc.pgn_tag()) };
    let result = match plan.variant.setup(setup.start_fen.as_deref(), &moves) {
        Ok(start) => {
            let mut pw = make_player(plan, spec.white, log.clone());
            let mut pb = make_player(plan, spec.black, log);
            let r = referee::play(
                start,
                &setup,
                &mut moves,
                &mut notes,
                [pw.as_mut(), pb.as_mut()],
                [&w.tc, &b.tc],
                [w.margin_ms, b.margin_ms],
                &plan.rules,
            );
            pw.quit();
            pb.quit();
            r
        }
        // Openings are checked when read, so this is a bug; score it as a draw.
        Err(e) => GameResult { winner: None, ending: Ending::ProtocolError, reason: format!("bad opening: {e}") },
    };
    GameRecord {
        number: spec.number,
        round: spec.round.clone(),
        variant: plan.variant,
        engines: [spec.white, spec.black],
        names: [w.name.clone(), b.name.clone()],
        start_fen: spec.opening.fen.clone(),
        opening_plies: spec.opening.moves.len(),
        moves,
        notes,
        result,
        time_control: tc_tag,
    }
}

/// Plays every game, calling `on_game` on this thread for each finished game; when
/// it returns `false`, no new games start (a worker may already have started one
/// more game per thread; those finish and are reported). Returns the number of
/// games played.
pub fn run(plan: Arc<Plan>, mut on_game: impl FnMut(&GameRecord) -> bool) -> usize {
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel();
    let workers = plan.concurrency.max(1).min(plan.games.len().max(1));
    let mut handles = Vec::new();
    for _ in 0..workers {
        let (plan, next, stop, tx) = (plan.clone(), next.clone(), stop.clone(), tx.clone());
        handles.push(thread::spawn(move || loop {
            if stop.load(Ordering::SeqCst) {
                break;
            }
            let i = next.fetch_add(1, Ordering::SeqCst);
            let Some(spec) = plan.games.get(i) else { break };
            if tx.send(play_one(&plan, spec)).is_err() {
                break;
            }
        }));
    }
    drop(tx);
    let mut played = 0;
    for rec in rx {
        played += 1;
        if !on_game(&rec) {
            stop.store(true, Ordering::SeqCst);
        }
    }
    for h in handles {
        let _ = h.join();
    }
    played
}

/// The side an engine played in a record, for messages.
pub fn side_of(rec: &GameRecord, e: usize) -> Option<Side> {
    if rec.engines[0] == e {
        Some(Side::White)
    } else if rec.engines[1] == e {
        Some(Side::Black)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `opening_pairs` counts the openings `schedule` picks, whatever the kind of
    /// tournament, the rounds and an odd number of games.
    #[test]
    fn opening_pairs_counts_the_picks() {
        let book: Vec<Opening> = (0..1000).map(|i| Opening { fen: None, moves: vec![format!("m{i}")] }).collect();
        for (kind, engines) in [(Tournament::Match, 2), (Tournament::Gauntlet, 4), (Tournament::RoundRobin, 4)] {
            for (rounds, games) in [(1, 1), (1, 2), (2, 5), (3, 4)] {
                let mut picker = OpeningPicker::new(Variant::Chess, book.clone(), false, 1);
                let specs = schedule(kind, engines, rounds, games, &mut picker);
                let distinct: std::collections::HashSet<_> = specs.iter().map(|g| g.opening.moves.clone()).collect();
                assert_eq!(distinct.len(), opening_pairs(kind, engines, rounds, games), "{kind:?} {engines} {rounds} {games}");
            }
        }
    }
}
