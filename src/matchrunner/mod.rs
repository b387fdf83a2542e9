//! `ludex match`: engine-vs-engine games in every variant, over UCI and Gomocup,
//! refereed by Ludex's own rules.
//!
//! - [`cli`]: the command line and its help text;
//! - [`process`], [`uci_client`], [`gomocup_client`]: the engines, behind [`player::Player`];
//! - [`timecontrol`], [`openings`], [`chess960`]: what each game starts from;
//! - [`referee`]: one game, with legality checks and forfeits;
//! - [`scheduler`]: the list of games and the worker threads;
//! - [`results`], [`stats`]: standings, Elo, SPRT; [`pgn`], [`san`]: the game records.

pub mod chess960;
pub mod cli;
pub mod engine_config;
pub mod gomocup_client;
pub mod notices;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod process;
pub mod record;
pub mod referee;
pub mod results;
pub mod san;
pub mod scheduler;
pub mod stats;
pub mod timecontrol;
pub mod uci_client;

use std::fs::{self, File};
use std::io::{IsTerminal, Write};
use std::sync::Arc;

pub use engine_config::ConfigError;
use openings::OpeningPicker;
use results::Standings;
use scheduler::Plan;
use stats::SprtDecision;

/// Runs `ludex match` with the arguments after `match`; prints the final table on
/// stdout, progress on stderr. Errors are usage or file errors.
pub fn run(args: &[String]) -> Result<(), ConfigError> {
    let config = match cli::parse(args)? {
        cli::Command::Help => {
            print!("{}", cli::HELP);
            return Ok(());
        }
        cli::Command::Run(c) => c,
    };
    if let Some(dir) = &config.log_dir {
        fs::create_dir_all(dir).map_err(|e| ConfigError(format!("cannot create log dir {}: {e}", dir.display())))?;
    }
    let mut pgn = match &config.pgnout {
        Some(p) => Some(File::create(p).map_err(|e| ConfigError(format!("cannot write {}: {e}", p.display())))?),
        None => None,
    };
    let plan = plan(&config);
    let total = plan.games.len();
    let openings = OpeningPicker::distinct(config.variant, config.book.len());
    let pairs = scheduler::opening_pairs(config.tournament, config.engines.len(), config.rounds, config.games);
    let deterministic = config.engines.iter().all(|e| !e.tc.is_timed());
    if let Some(note) = openings::repeat_note(openings, pairs, deterministic) {
        log::warn!("{note}");
    }
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let mut standings = Standings::new(names);
    let date = pgn::today();
    let tty = std::io::stderr().is_terminal();
    let sprt = config.sprt.filter(|_| config.engines.len() == 2);
    let mut decided = None;
    let played = scheduler::run(plan, |rec| {
        standings.record(rec);
        if let Some(f) = pgn.as_mut() {
            let _ = f.write_all(pgn::game_pgn(rec, &config.event, &date).as_bytes());
            let _ = f.flush();
        }
        let line = format!("[{}/{total}] {}", standings.games, standings.summary(sprt.as_ref()));
        if tty {
            eprint!("\r\x1b[K{line}");
        } else {
            eprintln!(
                "game {} ({} vs {}): {} {{{}}}  {line}",
                rec.number + 1,
                rec.names[0],
                rec.names[1],
                rec.result.result_str(),
                rec.result.reason
            );
        }
        if let Some(t) = &sprt {
            let d = t.decision(&standings.head_to_head());
            if d != SprtDecision::Continue {
                decided.get_or_insert(d);
                return false;
            }
        }
        true
    });
    if tty {
        eprintln!();
    }
    if let Some(d) = decided {
        println!("SPRT decided ({d:?}) after {played} of {total} games");
    }
    print!("{}", standings.table(&config.points, sprt.as_ref()));
    Ok(())
}

/// The games `config` asks for, ready for the scheduler.
fn plan(config: &cli::MatchConfig) -> Arc<Plan> {
    let mut picker = OpeningPicker::new(config.variant, config.book.clone(), config.random_openings, config.seed);
    let games = scheduler::schedule(config.tournament, config.engines.len(), config.rounds, config.games, &mut picker);
    Arc::new(Plan {
        variant: config.variant,
        engines: config.engines.clone(),
        games,
        rules: config.rules.clone(),
        concurrency: config.concurrency,
        log_dir: config.log_dir.clone(),
        notices: Default::default(),
    })
}

/// Plays the games of `config` without printing, handing each finished game to
/// `on_game` (which returns false to stop); returns how many were played. For
/// drivers such as `ludex spsa` that run many short matches.
pub fn play_games(config: &cli::MatchConfig, on_game: impl FnMut(&record::GameRecord) -> bool) -> usize {
    scheduler::run(plan(config), on_game)
}
