//! The `ludex` binary. With no arguments it speaks UCI or Gomocup on stdin/stdout
//! (guessed from the first line; `--uci`/`--gomocup` force it, and a binary named
//! `pbrain-*` speaks Gomocup, as Gomocup managers require). Logging goes to stderr
//! (`RUST_LOG=debug` shows the protocol traffic). The subcommands are parsed by
//! `clap`, except `ludex match`, which keeps cutechess-cli's own syntax and gets its
//! arguments untouched. This file is the only place that knows about exit codes:
//! 0 done, 1 a run that failed, 2 a command line that could not be understood.

use std::io::{self, BufReader, IsTerminal};
use std::process::ExitCode;
use std::time::Instant;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

use ludex::core::PositionError;
use ludex::protocol::output::Output;
use ludex::protocol::{run, Dialect};
use ludex::variants::{with_position, Variant};

const ABOUT: &str = "Ludex, a multi-variant game engine: chess, Chess960, antichess, giveaway, suicide, \
gomoku (exact five, freestyle, renju) and tic-tac-toe, over UCI and Gomocup";

const AFTER_HELP: &str = "With no subcommand, Ludex reads a protocol session on stdin: UCI, or Gomocup when \
the first line is a Gomocup command (START, INFO, ...) or the program is named pbrain-*.";

#[derive(Parser)]
#[command(name = "ludex", version, about = ABOUT, after_help = AFTER_HELP, args_conflicts_with_subcommands = true)]
struct Cli {
    /// Speak UCI on stdin/stdout without looking at the first line
    #[arg(long, conflicts_with = "gomocup")]
    uci: bool,
    /// Speak the Gomocup (Piskvork) brain protocol on stdin/stdout
    #[arg(long)]
    gomocup: bool,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a game against Ludex in the terminal (type 'help' during the game)
    Play(PlayArgs),
    /// Search a fixed set of positions of every variant; the last line is `N nodes M nps`
    Bench {
        /// Search depth for every position (default: each position's own depth)
        depth: Option<u32>,
    },
    /// Count the leaf nodes of the legal-move tree, split by root move (as `go perft`)
    Perft {
        /// The variant (chess, chess960, antichess, giveaway, suicide, tictactoe, gomoku,
        /// gomokufreestyle, renju)
        #[arg(long, default_value = "chess", value_parser = parse_variant)]
        variant: Variant,
        /// The position to count from (default: the variant's start position)
        #[arg(long)]
        fen: Option<String>,
        /// Plies to count
        depth: u32,
    },
    /// Engine-vs-engine games with cutechess-cli's options (see `ludex match -help`)
    #[command(disable_help_flag = true)]
    Match {
        /// cutechess-cli-style arguments, passed on untouched
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

#[derive(clap::Args)]
#[command(after_help = "During the game: a move (Nf3, exd5, O-O, g1f3; h8 in gomoku), or moves, undo, hint, \
new, flip, level N, board, fen, pgn [FILE], help, quit. Input is read line by line, so a pipe can play too.")]
struct PlayArgs {
    /// chess, chess960, antichess, giveaway, suicide, tictactoe, gomoku, gomokufreestyle
    /// (alias freestyle) or renju
    #[arg(default_value = "chess", value_parser = parse_play_variant)]
    variant: Variant,
    /// Board size for gomoku, freestyle and renju (5 to 22)
    #[arg(long, value_parser = clap::value_parser!(u32).range(5..=22))]
    size: Option<u32>,
    /// The side you play: white or black (in gomoku and tic-tac-toe white is X, who moves first)
    #[arg(long, value_enum, default_value = "white", conflicts_with_all = ["engine_vs_engine", "two_players"])]
    color: Color,
    /// Watch the engine play both sides
    #[arg(long)]
    engine_vs_engine: bool,
    /// Two people at one keyboard; the engine only gives hints
    #[arg(long)]
    two_players: bool,
    /// Milliseconds per engine move (default 1000 unless --depth, --nodes or --tc is given)
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Search depth per engine move, in plies
    #[arg(long)]
    depth: Option<u32>,
    /// Nodes per engine move
    #[arg(long)]
    nodes: Option<u64>,
    /// Clocks for both sides: minutes plus seconds of increment, e.g. 5+3 or 0.5+0
    #[arg(long, value_name = "MIN+INC", value_parser = parse_tc)]
    tc: Option<(u64, u64)>,
    /// Engine strength 0-20, the UCI Skill Level (20: full strength)
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=20))]
    level: Option<u32>,
    /// Engine strength as an Elo, 1320-3190 (UCI_LimitStrength; not calibrated yet)
    #[arg(long, value_parser = clap::value_parser!(u32).range(1320..=3190))]
    elo: Option<u32>,
    /// Start from this FEN instead of the variant's start position
    #[arg(long)]
    fen: Option<String>,
    /// Chess960 start position by number (0-959; 518 is the usual setup); random if not given
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..960))]
    chess960_id: Option<u32>,
    /// Letters instead of Unicode pieces and stones
    #[arg(long)]
    ascii: bool,
    /// Never colour the board (colour is used only on a terminal, and never with NO_COLOR set)
    #[arg(long)]
    no_color: bool,
    /// Draw the board from Black's side
    #[arg(long)]
    flip: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Color {
    #[value(alias = "x", alias = "first")]
    White,
    #[value(alias = "o", alias = "second")]
    Black,
}

/// `freestyle` is accepted for `gomokufreestyle` here, where people type it.
fn parse_play_variant(text: &str) -> Result<Variant, String> {
    match text.to_ascii_lowercase().as_str() {
        "freestyle" => Ok(Variant::GomokuFreestyle),
        _ => parse_variant(text),
    }
}

/// `5+3` (minutes, seconds) or `5` to (base, increment) in ms.
fn parse_tc(text: &str) -> Result<(u64, u64), String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let minutes: f64 = base.trim().parse().map_err(|_| format!("'{text}': expected MIN+INC, e.g. 5+3"))?;
    let seconds: f64 = inc.trim().parse().map_err(|_| format!("'{text}': expected MIN+INC, e.g. 5+3"))?;
    if !(minutes > 0.0 && minutes.is_finite() && seconds >= 0.0 && seconds.is_finite()) {
        return Err(format!("'{text}': the time must be positive"));
    }
    Ok(((minutes * 60_000.0) as u64, (seconds * 1000.0) as u64))
}

fn parse_variant(text: &str) -> Result<Variant, String> {
    text.parse::<Variant>().map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let started = Instant::now();
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().collect();
    let program = args.first().map(|p| p.rsplit(['/', '\\']).next().unwrap_or(p).to_string()).unwrap_or_default();
    if args.len() <= 1 && program.to_ascii_lowercase().starts_with("pbrain-") {
        return protocol_loop(Some(Dialect::Gomocup), started);
    }
    let cli = Cli::try_parse().unwrap_or_else(|e| usage_error(e, &args));
    match cli.command {
        None => {
            let forced = if cli.gomocup {
                Some(Dialect::Gomocup)
            } else if cli.uci {
                Some(Dialect::Uci)
            } else {
                None
            };
            protocol_loop(forced, started)
        }
        Some(Cmd::Play(p)) => play(p, &args),
        Some(Cmd::Bench { depth }) => bench(depth),
        Some(Cmd::Perft { variant, fen, depth }) => perft(variant, fen.as_deref(), depth),
        Some(Cmd::Match { args }) => match ludex::matchrunner::run(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&format!("match: {e}")),
        },
    }
}

/// Help and version go to stdout with status 0 (clap's `exit`). Any other error is
/// one `error:` line, then the usage of the subcommand it concerns (clap leaves the
/// usage out for a bad value), on stderr with status 2.
fn usage_error(e: clap::Error, args: &[String]) -> ! {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        e.exit();
    }
    let rendered = e.render().to_string();
    // The first paragraph, on one line ("...not provided: <DEPTH>").
    let first: Vec<&str> =
        rendered.lines().skip_while(|l| l.trim().is_empty()).take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
    let first = if first.is_empty() { "error: bad command line".to_string() } else { first.join(" ") };
    let mut cli = Cli::command();
    let sub = args.get(1).and_then(|name| cli.find_subcommand_mut(name).cloned());
    let usage = match sub {
        Some(sub) => {
            let name = sub.get_name().to_string();
            sub.bin_name(format!("ludex {name}")).render_usage().to_string()
        }
        None => cli.render_usage().to_string(),
    };
    eprintln!("{first}\n\n{}\n\nFor more information, try 'ludex --help'.", usage.trim_end());
    std::process::exit(2)
}

/// A run that went wrong: one line on stderr, status 1 (never a backtrace).
fn fail(message: &str) -> ExitCode {
    eprintln!("ludex: error: {message}");
    ExitCode::FAILURE
}

fn protocol_loop(forced: Option<Dialect>, started: Instant) -> ExitCode {
    // A person who starts the engine by hand gets one line of orientation (as
    // Stockfish does). Only on a terminal: Gomocup managers may not skip lines they
    // do not know, and a host always talks through a pipe.
    if io::stdin().is_terminal() {
        println!(
            "Ludex {} by the Ludex developers. Type 'uci' (or a Gomocup command); run 'ludex help' for the subcommands.",
            env!("CARGO_PKG_VERSION")
        );
    }
    run(forced, BufReader::new(io::stdin().lock()), Output::stdout(), started);
    ExitCode::SUCCESS
}

fn play(p: PlayArgs, args: &[String]) -> ExitCode {
    let connect_family = matches!(p.variant, Variant::Gomoku | Variant::GomokuFreestyle | Variant::Renju);
    if p.size.is_some() && !connect_family {
        usage_error(
            Cli::command().error(ErrorKind::ArgumentConflict, "--size is for gomoku, gomokufreestyle and renju"),
            args,
        );
    }
    let human = if p.engine_vs_engine {
        [false, false]
    } else if p.two_players {
        [true, true]
    } else {
        match p.color {
            Color::White => [true, false],
            Color::Black => [false, true],
        }
    };
    let color = !p.no_color && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && io::stdout().is_terminal();
    let opts = ludex::play::Options {
        variant: p.variant,
        size: p.size.map(|n| n as usize),
        fen: p.fen,
        chess960_id: p.chess960_id,
        human,
        movetime_ms: p.movetime,
        depth: p.depth,
        nodes: p.nodes,
        clock: p.tc,
        level: p.level,
        elo: p.elo,
        style: ludex::play::Style { ascii: p.ascii, color, flipped: p.flip },
        interactive: io::stdin().is_terminal(),
    };
    if let Err(e) = ludex::play::start_game(&opts) {
        usage_error(Cli::command().error(ErrorKind::ValueValidation, e), args);
    }
    match ludex::play::run(opts, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // The other end of stdout went away: nothing more to say to anyone.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(&format!("play: {e}")),
    }
}

fn bench(depth: Option<u32>) -> ExitCode {
    let result = ludex::bench::run(depth, |l| {
        println!("{:<16} depth {:>2} {:>12} nodes  {}", l.variant.name(), l.depth, l.nodes, l.fen);
    });
    println!("{} nodes {} nps", result.nodes, result.nps());
    ExitCode::SUCCESS
}

/// `ludex perft`: one `move: count` line per root move, a blank line and
/// `Nodes searched: N`, as `go perft` prints them.
fn perft(variant: Variant, fen: Option<&str>, depth: u32) -> ExitCode {
    let mut pos = match variant.setup(fen, &[]) {
        Ok(p) => p,
        Err(e) => {
            let why = match e {
                PositionError::Fen(f) => f.to_string(),
                other => other.to_string(),
            };
            let mut cli = Cli::command();
            let mut sub = cli.find_subcommand_mut("perft").cloned().unwrap_or_default().bin_name("ludex perft");
            sub.error(ErrorKind::ValueValidation, format!("--fen: {why}")).exit()
        }
    };
    let (lines, total) = with_position!(&mut pos, p => ludex::perft::divide(p, depth));
    for l in &lines {
        println!("{}: {}", l.mv, l.nodes);
    }
    println!();
    println!("Nodes searched: {total}");
    ExitCode::SUCCESS
}
