//! The game of `ludex play` as PGN: the same tags and movetext conventions as
//! `ludex match` writes (SAN in the chess family, bare cells in connect games), and
//! `*` while the game goes on.

use crate::core::Side;
use crate::matchrunner::pgn::{escape, today, variant_tag, wrap};

use super::game::Game;

/// `result`: the winner (`None` for a draw) and the reason, or `None` if unfinished.
pub fn write(game: &Game, names: [&str; 2], result: Option<(Option<Side>, String)>) -> String {
    let result_str = match &result {
        Some((Some(Side::White), _)) => "1-0",
        Some((Some(Side::Black), _)) => "0-1",
        Some((None, _)) => "1/2-1/2",
        None => "*",
    };
    let mut s = String::new();
    let mut tag = |k: &str, v: &str| s.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    tag("Event", "ludex play");
    tag("Site", "?");
    tag("Date", &today());
    tag("Round", "-");
    tag("White", names[0]);
    tag("Black", names[1]);
    tag("Result", result_str);
    if let Some(v) = variant_tag(game.variant) {
        tag("Variant", v);
    }
    if let Some(fen) = &game.start_fen {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    s.push('\n');
    let mut tokens: Vec<String> = game.movetext().split_whitespace().map(str::to_string).collect();
    if let Some((_, reason)) = &result {
        tokens.push(format!("{{{}}}", reason.replace('}', ")")));
    }
    tokens.push(result_str.to_string());
    s.push_str(&wrap(tokens));
    s
}
