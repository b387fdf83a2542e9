//! The engine across the board: the same `Engine` the UCI and Gomocup adapters
//! drive, asked for one move at a time and waited for.

use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};

use crate::engine::strength::{self, Strength, MAX_SKILL};
use crate::engine::{Engine, SearchSink};
use crate::search::{CurrMove, Limits, Report, ReportScore};

use super::game::Game;

/// What one search came back with.
pub struct Thought {
    /// The move in the engine's notation; `None` if the game is over.
    pub best: Option<String>,
    /// The last score reported, from the side to move, and its depth.
    pub score: Option<(ReportScore, u32)>,
}

enum Event {
    Report(ReportScore, u32),
    Best(Option<String>),
}

struct ChannelSink(Mutex<Sender<Event>>);

impl ChannelSink {
    fn send(&self, e: Event) {
        let tx = match self.0.lock() {
            Ok(t) => t,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = tx.send(e);
    }
}

impl SearchSink for ChannelSink {
    fn report(&self, r: &Report<String>) {
        if r.multipv <= 1 && !r.pv.is_empty() {
            self.send(Event::Report(r.score, r.depth));
        }
    }

    fn currmove(&self, _: &CurrMove<String>) {}

    fn bestmove(&self, best: Option<&str>, _ponder: Option<&str>) {
        self.send(Event::Best(best.map(str::to_string)));
    }
}

pub struct Opponent {
    engine: Engine,
}

impl Default for Opponent {
    fn default() -> Self {
        Opponent::new()
    }
}

impl Opponent {
    pub fn new() -> Self {
        Opponent { engine: Engine::new() }
    }

    /// Forgets what earlier games taught the hash table.
    pub fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// Plays at `Skill Level` `level` (0-20) and, with `elo`, `UCI_LimitStrength` at
    /// that Elo: the same settings a UCI host makes.
    pub fn set_strength(&mut self, level: Option<u32>, elo: Option<u32>) {
        let strength = Strength {
            skill: level.unwrap_or(MAX_SKILL),
            limit: elo.is_some(),
            elo: elo.unwrap_or(strength::MAX_ELO),
        };
        if let Err(e) = self.engine.update_settings(|s| s.strength = strength) {
            log::warn!("{e}");
        }
    }

    /// The engine's best move at full strength (a hint is no place to play weakly).
    pub fn hint(&mut self, game: &Game, limits: Limits<String>) -> Result<Thought, String> {
        let mut kept = Strength::default();
        let _ = self.engine.update_settings(|s| kept = std::mem::take(&mut s.strength));
        let thought = self.think(game, limits);
        let _ = self.engine.update_settings(|s| s.strength = kept);
        thought
    }

    /// Searches the game's current position and waits for the move.
    pub fn think(&mut self, game: &Game, limits: Limits<String>) -> Result<Thought, String> {
        self.engine.set_variant(game.variant);
        self.engine.set_position(game.start_fen.as_deref(), &game.moves).map_err(|e| e.to_string())?;
        let (tx, rx) = channel();
        self.engine.go(limits, false, Arc::new(ChannelSink(Mutex::new(tx))));
        let mut thought = Thought { best: None, score: None };
        for event in rx.iter() {
            match event {
                Event::Report(score, depth) => thought.score = Some((score, depth)),
                Event::Best(best) => {
                    thought.best = best;
                    break;
                }
            }
        }
        self.engine.stop_and_wait();
        Ok(thought)
    }
}
