//! The session behind a protocol: the chosen variant, the current position, the
//! settings, and (while searching) the search thread. Protocol adapters call it with
//! typed values and format what it returns; it never prints.

mod game;

use crate::core::PositionError;
use crate::perft::DivideLine;
use crate::variants::{with_position, AnyPosition, Variant};

/// Settings that survive `ucinewgame` and position changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub move_overhead_ms: u64,
    pub analyse_mode: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { hash_mb: 16, threads: 1, multipv: 1, ponder: false, move_overhead_ms: 30, analyse_mode: false }
    }
}

pub struct Engine {
    /// The `UCI_Variant` choice; combined with `chess960` into the variant played.
    selected: Variant,
    chess960: bool,
    position: AnyPosition,
    pub settings: Settings,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Self {
        let selected = Variant::Chess;
        Engine { selected, chess960: false, position: selected.startpos(), settings: Settings::default() }
    }

    /// The variant being played (Chess960 when chess is selected with `UCI_Chess960`).
    pub fn variant(&self) -> Variant {
        self.selected.with_chess960(self.chess960)
    }

    /// Selects a variant; the position becomes its start position, since a position of
    /// another variant means nothing under the new rules.
    pub fn set_variant(&mut self, variant: Variant) {
        let old = self.variant();
        match variant {
            Variant::Chess960 => {
                self.selected = Variant::Chess;
                self.chess960 = true;
            }
            v => self.selected = v,
        }
        if self.variant() != old {
            self.position = self.variant().startpos();
        }
    }

    pub fn set_chess960(&mut self, on: bool) {
        let old = self.variant();
        self.chess960 = on;
        if self.variant() != old {
            self.position = self.variant().startpos();
        }
    }

    pub fn new_game(&mut self) {
        self.position = self.variant().startpos();
    }

    /// `position`: all or nothing; on error the previous position stays.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), PositionError> {
        self.position = self.variant().setup(fen, moves)?;
        Ok(())
    }

    pub fn perft(&self, depth: u32) -> (Vec<DivideLine>, u64) {
        with_position!(&self.position, p => game::perft(p, depth))
    }

    /// The `d` lines: board, variant, FEN, key, legal moves, result.
    pub fn describe(&self) -> Vec<String> {
        let mut lines = with_position!(&self.position, p => game::describe(p));
        lines.insert(0, format!("Variant: {}", self.variant()));
        lines
    }

    pub fn fen(&self) -> String {
        with_position!(&self.position, p => crate::core::Position::to_fen(p))
    }
}
