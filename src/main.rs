//! The `ludex` binary. With no arguments it speaks UCI or Gomocup on stdin/stdout
//! (guessed from the first line; `--uci`/`--gomocup` force it, and a binary named
//! `pbrain-*` speaks Gomocup, as Gomocup managers require). Logging goes to stderr
//! (`RUST_LOG=debug` shows the protocol traffic). `ludex bench [depth]` prints the
//! search signature. `ludex match ...` runs engine-vs-engine games (`ludex match -help`).

use std::io::{self, BufReader};
use std::time::Instant;

use ludex::protocol::output::Output;
use ludex::protocol::{run, Dialect};

fn main() -> anyhow::Result<()> {
    let started = Instant::now();
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().collect();
    let program = args.first().map(|p| p.rsplit(['/', '\\']).next().unwrap_or(p).to_string()).unwrap_or_default();
    let named_pbrain = program.to_ascii_lowercase().starts_with("pbrain-");
    let rest = &args[1.min(args.len())..];
    let dialect = match rest.first().map(String::as_str) {
        None if named_pbrain => Some(Dialect::Gomocup),
        None => None,
        Some("--gomocup") => Some(Dialect::Gomocup),
        Some("--uci") => Some(Dialect::Uci),
        Some("bench") => return bench(rest.get(1)),
        Some("match") => return ludex::matchrunner::run(&rest[1..]).map_err(|e| anyhow::anyhow!("match: {e}")),
        Some(other) => anyhow::bail!(
            "unknown argument '{other}'\nusage: ludex [--uci | --gomocup]   (protocol on stdin/stdout)\n       ludex bench [depth]\n       ludex match -help   (engine-vs-engine games)"
        ),
    };
    run(dialect, BufReader::new(io::stdin().lock()), Output::stdout(), started);
    Ok(())
}

fn bench(depth: Option<&String>) -> anyhow::Result<()> {
    let depth = match depth {
        None => None,
        Some(d) => Some(d.parse::<u32>().map_err(|_| anyhow::anyhow!("bench: bad depth '{d}'"))?),
    };
    let result = ludex::bench::run(depth, |l| {
        println!("{:<16} depth {:>2} {:>12} nodes  {}", l.variant.name(), l.depth, l.nodes, l.fen);
    });
    println!("{} nodes {} nps", result.nodes, result.nps());
    Ok(())
}
