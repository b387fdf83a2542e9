//! The `ludex` binary. With no arguments it speaks UCI on stdin/stdout; logging goes
//! to stderr (`RUST_LOG=debug` shows the protocol traffic).

use std::io::{self, BufReader};

use ludex::protocol::output::Output;
use ludex::protocol::uci::session::UciSession;

fn main() -> anyhow::Result<()> {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {
            let mut session = UciSession::new(Output::stdout());
            session.run(BufReader::new(io::stdin().lock()));
            Ok(())
        }
        Some("bench") => {
            let depth = match args.get(1) {
                None => None,
                Some(d) => Some(d.parse::<u32>().map_err(|_| anyhow::anyhow!("bench: bad depth '{d}'"))?),
            };
            let result = ludex::bench::run(depth, |l| {
                println!("{:<16} depth {:>2} {:>12} nodes  {}", l.variant.name(), l.depth, l.nodes, l.fen);
            });
            println!("{} nodes {} nps", result.nodes, result.nps());
            Ok(())
        }
        Some(other) => anyhow::bail!("unknown argument '{other}' (run without arguments for the UCI loop)"),
    }
}
