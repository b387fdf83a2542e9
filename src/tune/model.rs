//! Which evaluation a tuning run fits. The tuner itself (loss, `K`, descent,
//! parameter files) knows nothing of chess: a model names its weight groups, holds
//! its current weights, turns a data position into a linear [`Trace`] through the
//! engine's own evaluation walk, and writes its `weights.rs`. Chess, the
//! antichess family and the five-in-a-row connect games share everything else.

use super::trace::Trace;
use crate::core::Position;
use crate::variants::antichess::{Antichess, AntichessRules};
use crate::variants::chess::{Chess, ChessRules};
use crate::variants::chesslike::tapered::S;
use crate::variants::connect::{Connect, ConnectRules, LineRule};

/// An evaluation the tuner can fit, with the rules its data positions are read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    Chess,
    /// One weight table serves antichess, giveaway and suicide (a few groups are
    /// counted under one rule set only); the rules say how the data's FENs and the
    /// rule-specific features are read.
    Antichess(AntichessRules),
    /// Five in a row on 15x15 under one line rule (exactly five, freestyle, renju),
    /// each with its own weight table. Tic-tac-toe is not fitted.
    Connect(LineRule),
}

/// Names accepted by `--variant`.
pub const MODEL_NAMES: [&str; 7] = ["chess", "antichess", "giveaway", "suicide", "gomoku", "gomokufreestyle", "renju"];

/// The rules a connect model's games are played and its FENs read in.
pub fn connect_rules(line: LineRule) -> ConnectRules {
    match line {
        LineRule::ExactlyK => ConnectRules::gomoku(),
        LineRule::KOrMore => ConnectRules::gomoku_freestyle(),
        LineRule::Renju => ConnectRules::renju(),
    }
}

impl Model {
    pub fn parse(name: &str) -> Option<Model> {
        match name {
            "chess" => Some(Model::Chess),
            "antichess" => Some(Model::Antichess(AntichessRules::Antichess)),
            "giveaway" => Some(Model::Antichess(AntichessRules::Giveaway)),
            "suicide" => Some(Model::Antichess(AntichessRules::Suicide)),
            "gomoku" => Some(Model::Connect(LineRule::ExactlyK)),
            "gomokufreestyle" => Some(Model::Connect(LineRule::KOrMore)),
            "renju" => Some(Model::Connect(LineRule::Renju)),
            _ => None,
        }
    }

    /// The weight groups as (name, size), in the flat order of the weights.
    pub fn groups(self) -> Vec<(&'static str, usize)> {
        match self {
            Model::Chess => {
                use crate::variants::chess::eval::layout::GROUPS;
                GROUPS.iter().map(|g| (g.name(), g.size())).collect()
            }
            Model::Antichess(_) => {
                use crate::variants::antichess::eval::layout::GROUPS;
                GROUPS.iter().map(|g| (g.name(), g.size())).collect()
            }
            Model::Connect(_) => {
                use crate::variants::connect::eval::layout::GROUPS;
                GROUPS.iter().map(|g| (g.name(), g.size())).collect()
            }
        }
    }

    /// The weights the engine holds now, in the flat order.
    pub fn current(self) -> Vec<S> {
        match self {
            Model::Chess => crate::variants::chess::eval::weights::WEIGHTS.to_vec(),
            Model::Antichess(_) => crate::variants::antichess::eval::weights::WEIGHTS.to_vec(),
            Model::Connect(line) => crate::variants::connect::eval::weights::for_rules(connect_rules(line)).to_vec(),
        }
    }

    /// The hand-set weights a fit may start from instead of the current ones (the
    /// connect games; chess and antichess have none left).
    pub fn hand_set(self) -> Option<Vec<S>> {
        match self {
            Model::Connect(_) => Some(crate::variants::connect::eval::weights::hand_set_table().to_vec()),
            _ => None,
        }
    }

    /// The source file the fitted weights replace (for `--emit-rust`).
    pub fn weights_path(self) -> &'static str {
        match self {
            Model::Chess => "src/variants/chess/eval/weights.rs",
            Model::Antichess(_) => "src/variants/antichess/eval/weights.rs",
            Model::Connect(LineRule::ExactlyK) => "src/variants/connect/eval/weights/exactly_five.rs",
            Model::Connect(LineRule::KOrMore) => "src/variants/connect/eval/weights/freestyle.rs",
            Model::Connect(LineRule::Renju) => "src/variants/connect/eval/weights/renju.rs",
        }
    }

    /// The header of the emitted `weights.rs`, up to the table's opening bracket.
    pub(super) fn rust_header(self) -> String {
        match self {
            Model::Chess => {
                "//! The chess evaluation's weights, fitted by `ludex tune` to positions from Ludex's own\n\
                 //! self-play (`ludex datagen`); `layout.rs` says what each group measures. This file\n\
                 //! is written by `ludex tune --emit-rust`: change it by tuning, not by hand.\n\
                 \n\
                 use super::layout::COUNT;\n\
                 use super::tapered::{s, S};\n\
                 \n\
                 #[rustfmt::skip]\n\
                 pub static WEIGHTS: [S; COUNT] = [\n"
                    .to_string()
            }
            Model::Antichess(_) => {
                "//! The antichess family's evaluation weights, fitted by `ludex tune --variant antichess`\n\
                 //! to positions from Ludex's own self-play (`ludex datagen --variant antichess`);\n\
                 //! `layout.rs` says what each group measures. This file is written by\n\
                 //! `ludex tune --emit-rust`: change it by tuning, not by hand.\n\
                 \n\
                 use super::layout::COUNT;\n\
                 use crate::variants::chesslike::tapered::{s, S};\n\
                 \n\
                 #[rustfmt::skip]\n\
                 pub static WEIGHTS: [S; COUNT] = [\n"
                    .to_string()
            }
            Model::Connect(line) => {
                let (rules, v) = match line {
                    LineRule::ExactlyK => ("exactly-five gomoku", "gomoku"),
                    LineRule::KOrMore => ("gomoku freestyle", "gomokufreestyle"),
                    LineRule::Renju => ("renju", "renju"),
                };
                format!(
                    "//! The connect evaluation's weights under {rules} (`--variant {v}`), as\n\
                     //! `ludex tune --variant {v} --emit-rust` writes them from positions of Ludex's\n\
                     //! own self-play (`ludex datagen --variant {v}`); they started as the hand-set\n\
                     //! values of `params.rs`. `layout.rs` says what each group measures; the engine\n\
                     //! reads the first value of each pair (no game phase, the second stays 0). This file\n\
                     //! is written by the tuner: change it by tuning, not by hand.\n\
                     \n\
                     use crate::variants::chesslike::tapered::{{s, S}};\n\
                     use crate::variants::connect::eval::layout::COUNT;\n\
                     \n\
                     #[rustfmt::skip]\n\
                     pub static WEIGHTS: [S; COUNT] = [\n"
                )
            }
        }
    }

    /// The linear trace of the position `fen`, or why the FEN was refused.
    pub fn trace(self, fen: &str) -> Result<Trace, String> {
        match self {
            Model::Chess => {
                let pos = Chess::from_fen(fen, ChessRules::default()).map_err(|e| e.to_string())?;
                Ok(super::trace::chess(pos.board()))
            }
            Model::Antichess(rules) => {
                let pos = Antichess::from_fen(fen, rules).map_err(|e| e.to_string())?;
                Ok(super::trace::antichess(pos.board(), rules))
            }
            Model::Connect(line) => {
                let pos = Connect::from_fen(fen, connect_rules(line)).map_err(|e| e.to_string())?;
                super::trace::connect(&pos)
            }
        }
    }
}
