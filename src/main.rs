//! The `ludex` binary: with no arguments it speaks a protocol on stdin/stdout.

fn main() -> anyhow::Result<()> {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    Ok(())
}
