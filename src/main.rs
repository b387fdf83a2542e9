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
