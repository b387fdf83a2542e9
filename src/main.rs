//! The `ludex` binary. With no arguments it speaks UCI or Gomocup on stdin/stdout
//! (guessed from the first line; `--uci`/`--gomocup` force it, and a binary named
//! `pbrain-*` speaks Gomocup, as Gomocup managers require). Logging goes to stderr
//! (`RUST_LOG=debug` shows the protocol traffic). The subcommands are parsed by
//! `clap`, except `ludex match`, which keeps cutechess-cli's own syntax and gets its
//! arguments untouched. This file is the only place that knows about exit codes:
//! 0 done, 1 a run that failed, 2 a command line that could not be understood.

use std::io::{self, BufReader, IsTerminal, Write};
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
    /// Self-play games (chess, antichess family, gomoku, freestyle, renju) written as training data: `FEN | result | score` lines
    Datagen(DatagenArgs),
    /// Make a book of level openings (random plies, kept when a short search scores them level): EPD lines
    Openings(OpeningsArgs),
    /// Fit the chess, antichess or five-in-a-row evaluation to a datagen file (Texel tuning); writes `NAME index mg eg` lines
    Tune(TuneArgs),
    /// Train the chess evaluation network on datagen files; writes the network file the engine embeds
    TrainNnue(TrainNnueArgs),
    /// Tune the search's numbers by SPSA in games between two instances of a `--features spsa` build
    Spsa(SpsaArgs),
    /// Engine-vs-engine games with cutechess-cli's options (see `ludex match -help`)
    #[command(disable_help_flag = true)]
    Match {
        /// cutechess-cli-style arguments, passed on untouched
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

#[derive(clap::Args)]
#[command(after_help = "Example: ludex spsa --state spsa.txt --iterations 2000 -- -engine cmd=ludex-spsa name=plus \
-engine cmd=ludex-spsa name=minus -each nodes=10000 option.Hash=16 -openings file=chess.epd order=random -concurrency 2")]
struct SpsaArgs {
    /// The state file (format in protocol.md), rewritten after every iteration; created from the
    /// built-in tunables when missing, so the same command goes on where it stopped
    #[arg(long)]
    state: std::path::PathBuf,
    /// Iterations planned (for a new state)
    #[arg(long, default_value_t = 1000)]
    iterations: u64,
    /// The learning rate at the end of the run (for a new state)
    #[arg(long, default_value_t = 0.002)]
    r_end: f64,
    /// Each tunable's final perturbation, as a share of its range (for a new state)
    #[arg(long, default_value_t = 0.05)]
    c_share: f64,
    /// Tune only these tunables, comma-separated (for a new state; default: all)
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Game pairs per iteration
    #[arg(long, default_value_t = 1)]
    pairs: usize,
    /// `ludex match` arguments, after `--`: two -engine (the plus and the minus side), -each,
    /// -openings, -concurrency
    #[arg(last = true, required = true)]
    match_args: Vec<String>,
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

#[derive(clap::Args)]
#[command(after_help = "Each kept position is one line 'FEN | result | score': the result of its game from White's \
view (1.0, 0.5, 0.0) and the search score in centipawns from White's view. Only quiet positions are kept \
(not in check, best move not a capture or promotion; in gomoku no five-point to block and no four played; |score| < 2000). \
See protocol.md.")]
struct DatagenArgs {
    /// The variant (the evaluation whose data this is): chess, antichess, giveaway, suicide, gomoku,
    /// gomokufreestyle, renju
    #[arg(long, default_value = "chess", value_parser = ludex::tune::model::MODEL_NAMES)]
    variant: String,
    /// Games to play
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Nodes searched per move
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Random legal plies played from the start (or book) position before the engine takes over
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Plies after which a game is adjudicated a draw
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..))]
    max_plies: u64,
    /// End a game once the search agrees on its result: a win after 8 plies scored
    /// 1000 or more (or mate) for one side, a draw after 12 plies within 10 of zero
    /// from ply 80 on
    #[arg(long)]
    adjudicate: bool,
    /// EPD file of start positions (one is picked at random per game)
    #[arg(long, value_name = "FILE")]
    book: Option<std::path::PathBuf>,
    #[command(flatten)]
    run: GeneratorArgs,
}

/// What `ludex datagen` and `ludex openings` share: both play random moves from a
/// seed, on several threads, into a file, and give the same file for the same
/// options on any number of threads.
#[derive(clap::Args)]
struct GeneratorArgs {
    /// Seed of the random moves; the same options give the same file
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads, each playing a game or judging a candidate at a time
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Output file (default: standard output)
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
}

impl GeneratorArgs {
    /// The buffered output: `--out`, created (or emptied), or standard output.
    fn writer(&self) -> anyhow::Result<Box<dyn Write>> {
        use anyhow::Context;
        Ok(match &self.out {
            Some(path) => {
                let file = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
                Box::new(io::BufWriter::new(file))
            }
            None => Box::new(io::BufWriter::new(io::stdout().lock())),
        })
    }
}

#[derive(clap::Args)]
#[command(after_help = "Each line is an EPD position (board, side to move, castling, en passant) and 'ce N;', \
the judging search's score for the side to move. Positions in check and repeats are left out; the same \
options give the same file whatever the thread count. ludex match reads the file with \
-openings file=FILE. See protocol.md.")]
struct OpeningsArgs {
    /// The variant: chess, antichess, giveaway, suicide, gomoku, gomokufreestyle, renju
    #[arg(long, default_value = "chess", value_parser = ludex::tune::model::MODEL_NAMES)]
    variant: String,
    /// Openings wanted
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Random legal plies played from the start position
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Nodes of the search that judges each candidate
    #[arg(long, default_value_t = 20000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// The largest score (centipawns in chess, for either side) still called level
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(i32).range(0..))]
    max_score: i32,
    /// Candidates judged before giving up (default: 100 per opening wanted)
    #[arg(long)]
    max_tries: Option<u64>,
    #[command(flatten)]
    run: GeneratorArgs,
}

#[derive(clap::Args)]
#[command(after_help = "The data file holds 'FEN | result | score' lines as ludex datagen writes them. \
The parameter file has one 'NAME index mg eg' line per tuned parameter (see protocol.md).")]
struct TuneArgs {
    /// The variant whose evaluation is fitted (giveaway and suicide share antichess's weights): chess, antichess, giveaway,
    /// suicide, gomoku, gomokufreestyle, renju
    #[arg(long, default_value = "chess", value_parser = ludex::tune::model::MODEL_NAMES)]
    variant: String,
    /// The training data (ludex datagen output); may be given several times
    #[arg(long, value_name = "FILE", required = true)]
    data: Vec<std::path::PathBuf>,
    /// Full-batch gradient steps (Adam)
    #[arg(long, default_value_t = 300)]
    epochs: usize,
    /// Adam step size in centipawns
    #[arg(long, default_value_t = 1.0)]
    lr: f64,
    /// Weight of the search score in the target, 0 (game result only) to 1 (score only)
    #[arg(long, default_value_t = 0.0)]
    lambda: f64,
    /// Use this K instead of fitting it (win probability = 1 / (1 + 10^(-K * cp / 400)))
    #[arg(long)]
    k: Option<f64>,
    /// Write the fitted parameters to this file
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
    /// Print the fitted weights as the source of the variant's eval/weights.rs
    #[arg(long)]
    emit_rust: bool,
    /// Start from this parameter file instead of the engine's current weights
    /// (`hand-set`: the hand-set values, for gomoku, gomokufreestyle and renju)
    #[arg(long, value_name = "FILE")]
    start: Option<std::path::PathBuf>,
    /// Held-out data (other games than --data): report how well the current and the
    /// fitted weights predict its game results; may be given several times, and the
    /// loss is then over all their positions
    #[arg(long, value_name = "FILE")]
    validate: Vec<std::path::PathBuf>,
    /// Threads sharing each pass over the data
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
}

#[derive(clap::Args)]
#[command(after_help = "The data files hold 'FEN | result | score' chess lines as ludex datagen writes them. \
The output is the network file format of src/variants/chess/nnue/network.rs; copying it over \
src/variants/chess/nnue/ludex.nnue and rebuilding makes it the engine's evaluation (see protocol.md).")]
struct TrainNnueArgs {
    /// Training data (ludex datagen --variant chess output); may be given several
    /// times; not needed with --epochs 0, which only writes the --init network
    #[arg(long, value_name = "FILE")]
    data: Vec<std::path::PathBuf>,
    /// Held-out data (other games than --data): its loss is reported every epoch;
    /// may be given several times, and the loss is then over all their positions
    #[arg(long, value_name = "FILE")]
    validate: Vec<std::path::PathBuf>,
    /// Passes over the data (the step size drops tenfold for the last quarter)
    #[arg(long, default_value_t = ludex::train::Options::default().epochs)]
    epochs: usize,
    /// Positions per Adam step
    #[arg(long, default_value_t = ludex::train::Options::default().batch as u64, value_parser = clap::value_parser!(u64).range(1..))]
    batch: u64,
    /// Adam step size
    #[arg(long, default_value_t = ludex::train::Options::default().lr)]
    lr: f32,
    /// Weight of the search score in the target, 0 (game result only) to 1 (score only)
    #[arg(long, default_value_t = ludex::train::Options::default().lambda)]
    lambda: f32,
    /// Seed of the initial weights and of the shuffling
    #[arg(long, default_value_t = ludex::train::Options::default().seed)]
    seed: u64,
    /// Threads sharing each batch
    #[arg(long, default_value_t = ludex::train::Options::default().threads as u64, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Decoupled weight decay (AdamW) of the weights: each step shrinks them by lr times this of themselves
    #[arg(long, default_value_t = ludex::train::Options::default().weight_decay)]
    weight_decay: f32,
    /// Train on the data as it is, without adding each position mirrored a..h
    /// (mirroring, the default, gives twice the positions with the same labels:
    /// castling rights are not inputs)
    #[arg(long, overrides_with = "mirror")]
    no_mirror: bool,
    /// Add every position mirrored a..h (the default; for older command lines)
    #[arg(long, overrides_with = "no_mirror")]
    mirror: bool,
    /// Train a whole evaluation instead of a correction of the classical one (the
    /// default, which the engine adds to the classical score)
    #[arg(long, overrides_with = "on_classical")]
    standalone: bool,
    /// Train a correction of the classical evaluation (the default, unless --init
    /// starts from a standalone network; for older command lines)
    #[arg(long, overrides_with = "standalone")]
    on_classical: bool,
    /// Start from this network file (for example the engine's own,
    /// src/variants/chess/nnue/ludex.nnue) or training state (--save-state)
    /// instead of random weights; the network trained is of its kind (a
    /// correction or standalone), and --standalone or --on-classical must agree
    /// with it
    #[arg(long, value_name = "FILE")]
    init: Option<std::path::PathBuf>,
    /// Also write the trained network unrounded, as a training state that --init
    /// goes on from without the rounding to the engine's integers
    #[arg(long, value_name = "FILE")]
    save_state: Option<std::path::PathBuf>,
    /// The share of the network's output the engine uses, in per mille (0 to
    /// 4000), written into the network file and trained at; default: the --init
    /// network's, else 1000. With --epochs 0 it re-weighs a network without
    /// training it
    #[arg(long, value_name = "PERMILLE", value_parser = clap::value_parser!(u32).range(0..=ludex::variants::chess::nnue::MAX_WEIGHT as i64))]
    weight: Option<u32>,
    /// Where to write the network
    #[arg(long, value_name = "FILE")]
    out: std::path::PathBuf,
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
        Some(Cmd::Datagen(d)) => report(datagen(d), "datagen"),
        Some(Cmd::Openings(o)) => report(openings(o), "openings"),
        Some(Cmd::Tune(t)) => report(tune(t), "tune"),
        Some(Cmd::TrainNnue(t)) => report(train_nnue(t), "train-nnue"),
        Some(Cmd::Spsa(a)) => report(spsa(a), "spsa"),
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

fn report(result: anyhow::Result<()>, what: &str) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&format!("{what}: {e:#}")),
    }
}

/// `ludex spsa`: progress on stderr, the final values on stdout.
fn spsa(a: SpsaArgs) -> anyhow::Result<()> {
    let opts = ludex::spsa::Options {
        state: a.state,
        iterations: a.iterations,
        r_end: a.r_end,
        c_share: a.c_share,
        only: a.only,
        pairs: a.pairs,
        match_args: a.match_args,
    };
    let state = ludex::spsa::run(&opts)?;
    for p in &state.params {
        println!("{} {}", p.name, p.value.round() as i64);
    }
    Ok(())
}

/// `ludex datagen`: progress on stderr, data to `--out` or stdout.
fn datagen(d: DatagenArgs) -> anyhow::Result<()> {
    use anyhow::Context;
    let model = ludex::tune::Model::parse(&d.variant).context("unknown variant")?;
    let book = match &d.book {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
            ludex::datagen::read_book(model, &text)?
        }
        None => Vec::new(),
    };
    let opts = ludex::datagen::Options {
        model,
        games: d.games,
        threads: d.run.threads as usize,
        seed: d.run.seed,
        book,
        game: ludex::datagen::GameSettings {
            nodes: d.nodes,
            random_plies: d.random_plies,
            max_plies: d.max_plies as usize,
            adjudication: d.adjudicate.then(ludex::datagen::Adjudication::default),
            ..Default::default()
        },
    };
    let started = Instant::now();
    let progress = |s: &ludex::datagen::Summary| {
        if s.games.is_multiple_of(10) || s.games == d.games {
            eprintln!(
                "datagen: {}/{} games, {} positions (+{} ={} -{}), {:.0} s",
                s.games, d.games, s.positions, s.white_wins, s.draws, s.black_wins, started.elapsed().as_secs_f64()
            );
        }
    };
    let summary = ludex::datagen::run(&opts, &mut d.run.writer()?, progress)?;
    eprintln!("datagen: done, {} games, {} positions", summary.games, summary.positions);
    Ok(())
}

/// `ludex openings`: progress on stderr, the book to `--out` or stdout.
fn openings(o: OpeningsArgs) -> anyhow::Result<()> {
    use anyhow::Context;
    let model = ludex::tune::Model::parse(&o.variant).context("unknown variant")?;
    let count = o.count as usize;
    let opts = ludex::datagen::BookOptions {
        model,
        count,
        random_plies: o.random_plies,
        nodes: o.nodes,
        max_score: o.max_score,
        max_tries: o.max_tries.map_or(count.saturating_mul(100), |t| t as usize),
        seed: o.run.seed,
        threads: o.run.threads as usize,
        hash_mb: 16,
    };
    let started = Instant::now();
    let progress = |s: &ludex::datagen::BookSummary| {
        if s.kept.is_multiple_of(100) {
            eprintln!("openings: {}/{count} kept of {} tried, {:.0} s", s.kept, s.tried, started.elapsed().as_secs_f64());
        }
    };
    let summary = ludex::datagen::make_book(&opts, &mut o.run.writer()?, progress)?;
    eprintln!(
        "openings: done, {} kept of {} tried ({} repeats)",
        summary.kept, summary.tried, summary.repeats
    );
    if summary.kept < count {
        anyhow::bail!("only {} of {count} openings after {} tries (raise --max-score or --max-tries)", summary.kept, summary.tried);
    }
    Ok(())
}

/// The records of one data file (`ludex datagen` output), parsed by `load`; an
/// error names the file (the loaders name the line).
fn read_data_file<T, E>(path: &std::path::Path, load: impl FnOnce(BufReader<std::fs::File>) -> Result<Vec<T>, E>) -> anyhow::Result<Vec<T>>
where
    E: std::error::Error + Send + Sync + 'static,
{
    use anyhow::Context;
    let file = std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    load(BufReader::new(file)).with_context(|| format!("reading {}", path.display()))
}

/// The records of every file in `paths`, in order, as one list (`--validate`,
/// which may be repeated).
fn read_data_files<T, E>(
    paths: &[std::path::PathBuf],
    load: impl Fn(BufReader<std::fs::File>) -> Result<Vec<T>, E>,
) -> anyhow::Result<Vec<T>>
where
    E: std::error::Error + Send + Sync + 'static,
{
    let mut all = Vec::new();
    for path in paths {
        all.extend(read_data_file(path, &load)?);
    }
    Ok(all)
}

/// `ludex train-nnue`: progress on stderr, the network to `--out`.
fn train_nnue(t: TrainNnueArgs) -> anyhow::Result<()> {
    use anyhow::Context;
    use ludex::train;
    if !(0.0..=1.0).contains(&t.lambda) {
        anyhow::bail!("--lambda must be between 0 and 1");
    }
    let mut positions = Vec::new();
    for path in &t.data {
        positions.extend(read_data_file(path, |r| train::data::load(r, !t.no_mirror))?);
        eprintln!("train-nnue: {} positions after {}", positions.len(), path.display());
    }
    if positions.is_empty() && t.epochs > 0 {
        anyhow::bail!("no positions to train on (--data FILE)");
    }

    let held_out = read_data_files(&t.validate, |r| train::data::load(r, false))?;
    if !held_out.is_empty() {
        let files = if t.validate.len() == 1 { "file" } else { "files" };
        eprintln!("train-nnue: {} held-out positions from {} {files}", held_out.len(), t.validate.len());
        eprintln!(
            "train-nnue: held-out loss of the classical evaluation {:.6}",
            train::classical_loss(&held_out, t.lambda)
        );
    }
    let opts = train::Options {
        epochs: t.epochs,
        batch: t.batch as usize,
        lr: t.lr,
        lambda: t.lambda,
        threads: t.threads as usize,
        seed: t.seed,
        weight_decay: t.weight_decay,
    };
    // What the command line asks for, if it asks: a correction (Some(true)) or standalone.
    let asked = match (t.on_classical, t.standalone) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    let mut net = match &t.init {
        Some(path) => {
            let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            let start = if train::state::is_state(&bytes) {
                train::state::from_bytes(&bytes).with_context(|| format!("training state {}", path.display()))?
            } else {
                let net = ludex::variants::chess::nnue::Network::from_bytes(&bytes)
                    .with_context(|| format!("network file {}", path.display()))?;
                train::model::FloatNet::from_network(&net)
            };
            if asked.is_some_and(|c| c != start.on_classical) {
                anyhow::bail!(
                    "{} is {} the classical evaluation; --on-classical or --standalone must agree",
                    path.display(),
                    if start.on_classical { "a correction of" } else { "independent of" }
                );
            }
            start
        }
        None => train::model::FloatNet::random(t.seed, asked.unwrap_or(true)),
    };
    if let Some(w) = t.weight {
        net.weight_permille = w;
    }
    let start = (t.init.is_some() && t.epochs > 0).then(|| net.clone());
    let started = Instant::now();
    let best = train::run(&mut net, &positions, &held_out, &opts, |e| match (e.epoch, e.held_out_loss) {
        (0, Some(held)) => eprintln!("train-nnue: held-out loss at the start {held:.6}"),
        _ => {
            let held = e.held_out_loss.map(|l| format!(" held-out {l:.6}")).unwrap_or_default();
            eprintln!("train-nnue: epoch {:>3} loss {:.6}{held} ({:.0} s)", e.epoch, e.train_loss, started.elapsed().as_secs_f64());
        }
    });
    if let Some(b) = best {
        eprintln!("train-nnue: keeping epoch {}, the best on the held-out positions", b.epoch);
    }
    if let Some(start) = start {
        eprintln!("train-nnue: from the --init network's integers, in the engine's steps of each layer:");
        for layer in train::rounding::report(&start, &net) {
            eprintln!("train-nnue:   {layer}");
        }
    }
    std::fs::write(&t.out, net.quantise().to_bytes()).with_context(|| format!("writing {}", t.out.display()))?;
    eprintln!("train-nnue: network written to {}", t.out.display());
    if let Some(path) = &t.save_state {
        std::fs::write(path, train::state::to_bytes(&net)).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("train-nnue: training state written to {}", path.display());
    }
    Ok(())
}

/// `ludex tune`: progress on stderr; the Rust source (with --emit-rust) on stdout.
fn tune(t: TuneArgs) -> anyhow::Result<()> {
    use anyhow::Context;
    use ludex::tune;
    if !(0.0..=1.0).contains(&t.lambda) {
        anyhow::bail!("--lambda must be between 0 and 1");
    }
    let model = tune::Model::parse(&t.variant).context("unknown variant")?;
    let mut samples = Vec::new();
    for path in &t.data {
        eprintln!("tune: reading and tracing {}", path.display());
        samples.extend(read_data_file(path, |r| tune::load(model, r))?);
    }
    eprintln!("tune: {} positions, {} weights traced", samples.len(), model.current().len());
    let start = match &t.start {
        Some(path) if path.as_os_str() == "hand-set" => {
            Some(model.hand_set().context("--start hand-set: this variant has no hand-set weights")?)
        }
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
            Some(tune::param_file::parse(model, &text).with_context(|| format!("parameter file {}", path.display()))?)
        }
        None => None,
    };
    let opts =
        tune::Options { model, epochs: t.epochs, lr: t.lr, lambda: t.lambda, k: t.k, threads: t.threads as usize, start };
    let every = (t.epochs / 20).max(1);
    let summary = tune::run(&samples, &opts, |epoch, value| {
        if epoch == 0 {
            eprintln!("tune: K = {value:.4}");
        } else if epoch % every == 0 || epoch == t.epochs {
            eprintln!("tune: epoch {epoch:>5} loss {value:.6}");
        }
    })?;
    eprintln!(
        "tune: loss {:.6} -> {:.6} (rounded parameters, K = {:.4})",
        summary.loss_before, summary.loss_after, summary.k
    );
    if !t.validate.is_empty() {
        let held_out = read_data_files(&t.validate, |r| tune::load(model, r))?;
        let as_f = |p: &[ludex::variants::chesslike::tapered::S]| -> Vec<[f64; 2]> {
            p.iter().map(|p| [p.mg as f64, p.eg as f64]).collect()
        };
        let before = tune::optimise::loss(&held_out, &as_f(&model.current()), summary.k, 0.0);
        let after = tune::optimise::loss(&held_out, &as_f(&summary.params), summary.k, 0.0);
        eprintln!(
            "tune: held-out results ({} positions): loss {before:.6} with the current weights, {after:.6} fitted",
            held_out.len()
        );
    }
    if let Some(path) = &t.out {
        std::fs::write(path, tune::param_file::write(model, &summary.params))
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("tune: parameters written to {}", path.display());
    }
    if t.emit_rust {
        print!("{}", tune::emit::rust_source(model, &summary.params));
    }
    Ok(())
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
