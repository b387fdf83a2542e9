//! `ludex spsa`: tunes the search's numbers (`search::params`) by simultaneous
//! perturbation stochastic approximation, in games.
//!
//! Every iteration perturbs all parameters at once by ±c (random signs), plays a few
//! game pairs between a `plus` and a `minus` instance of one `--features spsa`
//! build (each given its values as UCI options), and moves every parameter by the
//! plus side's wins minus losses, in the direction of its sign. Over many
//! iterations the noise averages out and each parameter drifts towards its best
//! value. The games are played by `ludex match`'s scheduler, with its options.
//!
//! The result is only a proposal: tuned values land when a normal match against
//! the previous build shows the gain.

pub mod state;

use std::fs;
use std::path::Path;

use crate::core::rng::Rng;
use crate::matchrunner::{self, cli, ConfigError};
use crate::search::params;
use state::{Param, State};

/// What `ludex spsa` was asked to do.
pub struct Options {
    /// The state file; created from the built-in tunables when it does not exist.
    pub state: std::path::PathBuf,
    /// For a new state: iterations planned, final learning rate, and the share of
    /// each tunable's range used as its final perturbation.
    pub iterations: u64,
    pub r_end: f64,
    pub c_share: f64,
    /// Only these tunables (all when empty), for a new state.
    pub only: Vec<String>,
    /// Game pairs per iteration.
    pub pairs: usize,
    /// `ludex match` arguments with exactly two engines: the plus and minus sides.
    pub match_args: Vec<String>,
}

/// A new state from the built-in tunables (their defaults, ranges and a share of
/// each range as the perturbation).
pub fn initial_state(opts: &Options) -> Result<State, ConfigError> {
    let wanted = opts
        .only
        .iter()
        .map(|n| params::find(n).ok_or_else(|| ConfigError(format!("no tunable called '{n}'"))))
        .collect::<Result<Vec<usize>, _>>()?;
    // In declaration order, each once, whatever the order of `--only`.
    let params = (params::ALL.iter().enumerate())
        .filter(|(i, _)| wanted.is_empty() || wanted.contains(i))
        .map(|(_, t)| {
            let (min, max) = (t.min as f64, t.max as f64);
            let c_end = ((max - min) * opts.c_share).max(0.5);
            Param { name: t.name.to_string(), value: t.default as f64, min, max, c_end }
        })
        .collect();
    Ok(State { iteration: 0, iterations: opts.iterations, r_end: opts.r_end, params })
}

/// Runs the iterations left in the state file, rewriting it after each one.
pub fn run(opts: &Options) -> Result<State, ConfigError> {
    let mut state = if Path::new(&opts.state).exists() {
        let text = fs::read_to_string(&opts.state).map_err(|e| ConfigError(format!("{}: {e}", opts.state.display())))?;
        State::parse(&text).map_err(|e| ConfigError(format!("{}: {e}", opts.state.display())))?
    } else {
        initial_state(opts)?
    };
    let base = match cli::parse(&opts.match_args)? {
        cli::Command::Run(c) => c,
        cli::Command::Help => return Err(ConfigError("spsa needs match arguments, not -help".into())),
    };
    if base.engines.len() != 2 {
        return Err(ConfigError("spsa needs exactly two -engine (the plus and the minus side)".into()));
    }
    while state.iteration < state.iterations {
        // The signs depend on the seed and the iteration alone, so a resumed run
        // draws what an uninterrupted one would have.
        let mut rng = Rng::new(mix(base.seed, state.iteration));
        let p = state.perturb(|| rng.next_u64() & 1 == 1);
        let mut config = base.clone();
        config.games = 2 * opts.pairs.max(1);
        config.rounds = 1;
        config.seed = base.seed.wrapping_add(state.iteration);
        for (side, values) in [(0, &p.plus), (1, &p.minus)] {
            for (param, v) in state.params.iter().zip(values) {
                config.engines[side].apply(&format!("option.{}", param.name), &format!("{}", v.round() as i64))?;
            }
        }
        let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
        matchrunner::play_games(&config, |rec| {
            match rec.score_of(0) {
                Some(s) if s > 0.5 => wins += 1,
                Some(s) if s < 0.5 => losses += 1,
                Some(_) => draws += 1,
                None => {}
            }
            true
        });
        state.update(&p, wins as f64 - losses as f64);
        fs::write(&opts.state, state.render()).map_err(|e| ConfigError(format!("{}: {e}", opts.state.display())))?;
        let values: Vec<String> = state.params.iter().map(|q| format!("{}={:.1}", q.name, q.value)).collect();
        eprintln!("spsa {}/{}: plus {wins}-{draws}-{losses}  {}", state.iteration, state.iterations, values.join(" "));
    }
    Ok(state)
}

/// A well-spread PRNG seed from a run's seed and an iteration (SplitMix64's
/// finaliser), so that neighbouring iterations draw unrelated signs.
fn mix(seed: u64, iteration: u64) -> u64 {
    let mut z = seed ^ iteration.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
