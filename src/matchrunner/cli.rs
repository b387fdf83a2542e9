//! The `ludex match` command line, cutechess-cli style: `-engine key=value ...`,
//! `-each key=value ...`, and single-valued flags.

use std::path::PathBuf;

use super::engine_config::{ConfigError, EngineConfig, Proto};
use super::openings::{self, Format, Opening};
use super::referee::{RefereeRules, DEFAULT_GRACE_MS, DEFAULT_MAX_PLIES};
use super::results::Points;
use super::scheduler::Tournament;
use super::stats::Sprt;
use crate::variants::Variant;

pub const HELP: &str = "\
ludex match: engine-vs-engine games in every Ludex variant, refereed by Ludex's rules

usage: ludex match -engine cmd=PATH [key=value ...] -engine ... [options]

engine settings (after -engine, or after -each for all engines):
  cmd=PATH            program to run (required)
  args=\"A B\"          arguments, split on spaces (arg=A adds one argument)
  dir=DIR             working directory
  name=NAME           display name (default: the program's file name)
  proto=uci|gomocup   protocol (default uci; gomocup engines play gomoku only)
  option.NAME=VALUE   UCI option to set, e.g. option.Hash=64 option.UCI_Elo=1500
                      (one an engine does not declare or answers with
                      `info string error` is reported on stderr, once)
  tc=[MOVES/]BASE[+INC]  clock in seconds: 10+0.1, 40/60, 1:00+1, or inf
  st=SECONDS          fixed time per move (go movetime; over it loses)
  nodes=N | depth=N   fixed nodes or depth per move (not enforced by the referee)
  timemargin=MS       wall time allowed past the clock before a time forfeit (default 100)

options:
  -variant NAME       chess, chess960, antichess, giveaway, suicide, tictactoe,
                      gomoku, gomokufreestyle, renju (default chess)
  -tournament KIND    match (2 engines, default), gauntlet (first vs the rest),
                      round-robin
  -games N            games per pairing per round (default 2: one opening, both colours)
  -rounds N           rounds (default 1)
  -openings file=F [format=epd|fen|moves] [order=sequential|random] [seed=S]
                      each opening is played twice with colours swapped; move
                      lists use the engines' notation (e2e4, h8) and may carry
                      move numbers; Chess960 without a file gets start positions
                      generated from the seed
  -seed S             seed for shuffled openings and Chess960 positions (default 1)
  -concurrency N      games played at once (default 1)
  -sprt elo0=E0 elo1=E1 alpha=A beta=B
                      stop when the sequential test decides (two-engine match)
  -points win=W draw=D loss=L   points per result (default 3/1/0)
  -pgnout FILE        write finished games as PGN (connect games: PGN-style record)
  -log DIR            write each game's protocol traffic to DIR/game-NNNN.log
  -event NAME         PGN Event tag (default \"Ludex match\")
  -maxplies N         adjudicate a draw after N plies (default 1000)
  -grace MS           after a limit passes (and `stop`), wait this long for any answer
                      before the engine forfeits as unresponsive (default 5000)
  -help               this text

Referee: every move is checked against Ludex's rules. An illegal or malformed move,
a move later than the clock allows plus timemargin, a crash, or no answer within the
limit plus grace loses the game; the reason goes to the results and the PGN
(Termination tag and a final comment). Each game starts fresh engine processes.
Exit status: 0 when all games were played (or an SPRT decided), 2 on a usage error.
";

/// Everything `ludex match` was asked to do.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    pub engines: Vec<EngineConfig>,
    pub variant: Variant,
    pub tournament: Tournament,
    pub games: usize,
    pub rounds: usize,
    pub book: Vec<Opening>,
    pub random_openings: bool,
    pub seed: u64,
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    pub points: Points,
    pub pgnout: Option<PathBuf>,
    pub log_dir: Option<PathBuf>,
    pub event: String,
    pub rules: RefereeRules,
}

/// What the command line asked for: a run, or the help text.
pub enum Command {
    Run(MatchConfig),
    Help,
}

fn err(msg: impl Into<String>) -> ConfigError {
    ConfigError(msg.into())
}

fn number<T: std::str::FromStr>(flag: &str, v: Option<&String>) -> Result<T, ConfigError> {
    let v = v.ok_or_else(|| err(format!("{flag} needs a value")))?;
    v.parse().map_err(|_| err(format!("{flag}: '{v}' is not a valid number")))
}

/// The `key=value` tokens following a flag.
fn key_values(args: &[String], i: &mut usize) -> Result<Vec<(String, String)>, ConfigError> {
    let mut out = Vec::new();
    while let Some(t) = args.get(*i) {
        if t.starts_with('-') {
            break;
        }
        let (k, v) = t.split_once('=').ok_or_else(|| err(format!("expected key=value, got '{t}'")))?;
        out.push((k.to_string(), v.to_string()));
        *i += 1;
    }
    Ok(out)
}

pub fn parse(args: &[String]) -> Result<Command, ConfigError> {
    let mut engines_kv: Vec<Vec<(String, String)>> = Vec::new();
    let mut each: Vec<(String, String)> = Vec::new();
    let mut variant = Variant::Chess;
    let mut tournament = Tournament::Match;
    let mut games = 2usize;
    let mut rounds = 1usize;
    let mut openings_kv: Option<Vec<(String, String)>> = None;
    let mut seed = 1u64;
    let mut concurrency = 1usize;
    let mut sprt = None;
    let mut points = Points::default();
    let mut pgnout = None;
    let mut log_dir = None;
    let mut event = "Ludex match".to_string();
    let mut rules = RefereeRules { max_plies: DEFAULT_MAX_PLIES, grace_ms: DEFAULT_GRACE_MS };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].trim_start_matches('-').to_string();
        if !args[i].starts_with('-') {
            return Err(err(format!("unexpected argument '{}' (see ludex match -help)", args[i])));
        }
        i += 1;
        let value = args.get(i);
        match flag.as_str() {
            "help" | "h" => return Ok(Command::Help),
            "engine" => engines_kv.push(key_values(args, &mut i)?),
            "each" => each.extend(key_values(args, &mut i)?),
            "openings" => openings_kv = Some(key_values(args, &mut i)?),
            "sprt" => {
                let mut t = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
                for (k, v) in key_values(args, &mut i)? {
                    let x: f64 = v.parse().map_err(|_| err(format!("-sprt {k}: bad number '{v}'")))?;
                    match k.as_str() {
                        "elo0" => t.elo0 = x,
                        "elo1" => t.elo1 = x,
                        "alpha" => t.alpha = x,
                        "beta" => t.beta = x,
                        _ => return Err(err(format!("-sprt: unknown key '{k}'"))),
                    }
                }
                if !(t.alpha > 0.0 && t.alpha < 1.0 && t.beta > 0.0 && t.beta < 1.0 && t.elo1 > t.elo0) {
                    return Err(err("-sprt needs 0 < alpha, beta < 1 and elo0 < elo1"));
                }
                sprt = Some(t);
            }
            "points" => {
                for (k, v) in key_values(args, &mut i)? {
                    let x: f64 = v.parse().map_err(|_| err(format!("-points {k}: bad number '{v}'")))?;
                    match k.as_str() {
                        "win" => points.win = x,
                        "draw" => points.draw = x,
                        "loss" => points.loss = x,
                        _ => return Err(err(format!("-points: unknown key '{k}'"))),
                    }
                }
            }
            _ => {
                // Single-valued flags.
                let v = value.ok_or_else(|| err(format!("-{flag} needs a value")))?;
                i += 1;
                match flag.as_str() {
                    "variant" => variant = v.parse().map_err(|e: crate::variants::UnknownVariant| err(e.to_string()))?,
                    "tournament" => {
                        tournament = match v.as_str() {
                            "match" => Tournament::Match,
                            "gauntlet" => Tournament::Gauntlet,
                            "round-robin" | "roundrobin" | "rr" => Tournament::RoundRobin,
                            _ => return Err(err(format!("-tournament: unknown kind '{v}'"))),
                        }
                    }
                    "games" => games = number(&flag, Some(v))?,
                    "rounds" => rounds = number(&flag, Some(v))?,
                    "seed" => seed = number(&flag, Some(v))?,
                    "concurrency" => concurrency = number(&flag, Some(v))?,
                    "maxplies" => rules.max_plies = number(&flag, Some(v))?,
                    "grace" => rules.grace_ms = number(&flag, Some(v))?,
                    "pgnout" => pgnout = Some(PathBuf::from(v)),
                    "log" => log_dir = Some(PathBuf::from(v)),
                    "event" => event = v.clone(),
                    _ => return Err(err(format!("unknown option -{flag} (see ludex match -help)"))),
                }
            }
        }
    }
    let mut engines = Vec::new();
    for kv in &engines_kv {
        let mut e = EngineConfig::new();
        for (k, v) in each.iter().chain(kv.iter()) {
            e.apply(k, v)?;
        }
        e.finish()?;
        if e.proto == Proto::Gomocup && variant.gomocup_rule().is_none() {
            return Err(err(format!("engine '{}': Gomocup engines play the gomoku family only", e.name)));
        }
        engines.push(e);
    }
    let needed = match tournament {
        Tournament::Match => 2..=2,
        _ => 2..=usize::MAX,
    };
    if !needed.contains(&engines.len()) {
        return Err(err(format!(
            "{} engines given; a match needs exactly 2, a gauntlet or round robin at least 2",
            engines.len()
        )));
    }
    if games == 0 || rounds == 0 {
        return Err(err("-games and -rounds must be at least 1"));
    }
    let mut random_openings = false;
    let mut book = Vec::new();
    if let Some(kv) = openings_kv {
        let mut file = None;
        let mut format = None;
        for (k, v) in kv {
            match k.as_str() {
                "file" => file = Some(v),
                "format" => {
                    format = Some(match v.as_str() {
                        "epd" => Format::Epd,
                        "fen" => Format::Fen,
                        "moves" | "uci" => Format::Moves,
                        _ => return Err(err(format!("-openings: unknown format '{v}' (epd, fen, moves)"))),
                    })
                }
                "order" => {
                    random_openings = match v.as_str() {
                        "random" => true,
                        "sequential" => false,
                        _ => return Err(err(format!("-openings: unknown order '{v}'"))),
                    }
                }
                "seed" => seed = v.parse().map_err(|_| err(format!("-openings seed: bad number '{v}'")))?,
                _ => return Err(err(format!("-openings: unknown key '{k}'"))),
            }
        }
        let file = file.ok_or_else(|| err("-openings needs file=PATH"))?;
        let format = format.unwrap_or(if file.ends_with(".epd") { Format::Epd } else if file.ends_with(".fen") { Format::Fen } else { Format::Moves });
        let text = std::fs::read_to_string(&file).map_err(|e| err(format!("cannot read openings '{file}': {e}")))?;
        book = openings::parse_book(variant, format, &text).map_err(|e| err(format!("{file}: {e}")))?;
    }
    Ok(Command::Run(MatchConfig {
        engines,
        variant,
        tournament,
        games,
        rounds,
        book,
        random_openings,
        seed,
        concurrency,
        sprt,
        points,
        pgnout,
        log_dir,
        event,
        rules,
    }))
}
