//! The network's integer weights, their file format, and the network built into
//! the engine.
//!
//! File format (all little-endian), as `ludex train-nnue` writes it:
//!
//! ```text
//! "LUDEXNN2"                      8 bytes of magic
//! inputs, hidden, QA, QB          4 x u32 (must equal this build's constants)
//! on classical                    u32: 1 if the output is added to the
//!                                 classical evaluation, 0 if it stands alone
//! weight                          u32: the share of the output the engine
//!                                 uses, in per mille (0 to 4000)
//! first-layer weights             inputs x hidden i16, row by input
//! first-layer biases              hidden i16
//! output weights                  2 x hidden i16, side to move's view first
//! output bias                     i32, in units of QA * QB
//! ```
//!
//! The first format, `"LUDEXNN1"`, is the same without the weight, which is
//! then 1000; it is still read, and never written.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::{HIDDEN, INPUTS, QA, QB};

const MAGIC: &[u8; 8] = b"LUDEXNN2";
/// The first format's magic: no weight in the header.
const MAGIC_V1: &[u8; 8] = b"LUDEXNN1";

/// The bytes of the weights and biases, after the header.
const BODY_SIZE: usize = 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
/// The size of the file this build writes.
pub const FILE_SIZE: usize = 8 + 24 + BODY_SIZE;
/// The size of a first-format file.
const FILE_SIZE_V1: usize = 8 + 20 + BODY_SIZE;

/// The weight of a network whose file does not say (the first format): the
/// whole output.
pub const FULL_WEIGHT: u32 = 1000;
/// The largest weight a file may give: four times the output is already far
/// past any weight that has played well, and at it the largest output the
/// trainer allows (`WEIGHT_CLIP`) is still far inside an `i32`.
pub const MAX_WEIGHT: u32 = 4000;

/// The integer network.
#[derive(Clone)]
pub struct Network {
    /// One row of `HIDDEN` weights per input.
    pub w1: Box<[[i16; HIDDEN]; INPUTS]>,
    pub b1: [i16; HIDDEN],
    /// The side to move's hidden units, then the other side's.
    pub w2: [[i16; HIDDEN]; 2],
    pub b2: i32,
    /// The network was trained as a correction of the classical evaluation
    /// (`chess::eval`), whose score the engine then adds: while self-play data is
    /// scarce, a network learns the classical evaluation's errors better than the
    /// whole evaluation.
    pub on_classical: bool,
    /// The share of the output the engine uses, in per mille. How far to trust
    /// a network is a fact about that network, measured in games: networks
    /// trained towards the search's scores played better at 1250 than at 1000
    /// (+22.6 ± 28.1, 400 games at 20,000 nodes), while the built-in one,
    /// trained on towards the game results, plays better at 1000 than at 1250
    /// (+41.0 ± 26.1) or 1500 (docs/chess-network.md). Kept in its file, each
    /// network plays at its own weight, through `EvalFile` as well as built
    /// in; the trainer trains the output as the engine uses it.
    pub weight_permille: u32,
}

/// Why bytes are not a network this build can use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetError {
    Magic,
    /// The file's shape or scales differ from this build's: (what, file, build).
    Shape(&'static str, u32, u32),
    Size { expected: usize, found: usize },
    /// The weight (per mille) is above [`MAX_WEIGHT`].
    Weight(u32),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Magic => f.write_str("not a Ludex network (bad magic)"),
            NetError::Shape(what, file, build) => write!(f, "network {what} is {file}, this build needs {build}"),
            NetError::Size { expected, found } => write!(f, "network file is {found} bytes, expected {expected}"),
            NetError::Weight(w) => write!(f, "network weight is {w} per mille, more than the largest, {MAX_WEIGHT}"),
        }
    }
}

impl std::error::Error for NetError {}

/// Why a network file (UCI `EvalFile`) cannot be used.
#[derive(Debug)]
pub struct NetFileError {
    pub path: PathBuf,
    pub problem: NetFileProblem,
}

#[derive(Debug)]
pub enum NetFileProblem {
    Read(std::io::Error),
    Unusable(NetError),
}

impl fmt::Display for NetFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            NetFileProblem::Read(e) => write!(f, "cannot read network file {}: {e}", self.path.display()),
            NetFileProblem::Unusable(e) => write!(f, "network file {}: {e}", self.path.display()),
        }
    }
}

impl std::error::Error for NetFileError {}

impl Network {
    /// A network of zeros (every position evaluates to 0).
    pub fn zeros() -> Network {
        Network {
            w1: Box::new([[0; HIDDEN]; INPUTS]),
            b1: [0; HIDDEN],
            w2: [[0; HIDDEN]; 2],
            b2: 0,
            on_classical: false,
            weight_permille: FULL_WEIGHT,
        }
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let (size, has_weight) = match bytes.get(..8) {
            Some(m) if m == MAGIC => (FILE_SIZE, true),
            Some(m) if m == MAGIC_V1 => (FILE_SIZE_V1, false),
            _ => return Err(NetError::Magic),
        };
        if bytes.len() != size {
            return Err(NetError::Size { expected: size, found: bytes.len() });
        }
        let shape = [("inputs", INPUTS as u32), ("hidden size", HIDDEN as u32), ("QA", QA as u32), ("QB", QB as u32)];
        let (on_classical, weight_permille) = read_header(bytes, &shape, has_weight)?;
        let mut at = size - BODY_SIZE;
        let mut next = || {
            let v = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            at += 2;
            v
        };
        let mut net = Network::zeros();
        for row in net.w1.iter_mut() {
            for w in row.iter_mut() {
                *w = next();
            }
        }
        for b in net.b1.iter_mut() {
            *b = next();
        }
        for half in net.w2.iter_mut() {
            for w in half.iter_mut() {
                *w = next();
            }
        }
        net.b2 = u32_at(bytes, size - 4) as i32;
        net.on_classical = on_classical;
        net.weight_permille = weight_permille;
        Ok(net)
    }

    /// The network in the file at `path`.
    pub fn read(path: &Path) -> Result<Network, NetFileError> {
        let error = |problem| NetFileError { path: path.to_path_buf(), problem };
        let bytes = std::fs::read(path).map_err(|e| error(NetFileProblem::Read(e)))?;
        Network::from_bytes(&bytes).map_err(|e| error(NetFileProblem::Unusable(e)))
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_SIZE);
        out.extend_from_slice(MAGIC);
        for v in [INPUTS as u32, HIDDEN as u32, QA as u32, QB as u32, self.on_classical as u32, self.weight_permille] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let rows = self.w1.iter().flatten().chain(self.b1.iter()).chain(self.w2.iter().flatten());
        for w in rows {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }
}

/// The `u32` at byte `i` of `bytes`.
fn u32_at(bytes: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]])
}

/// What is wrong with a header that [`read_header`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderError {
    /// (what, file, build)
    Shape(&'static str, u32, u32),
    Weight(u32),
}

impl From<HeaderError> for NetError {
    fn from(e: HeaderError) -> NetError {
        match e {
            HeaderError::Shape(what, file, build) => NetError::Shape(what, file, build),
            HeaderError::Weight(w) => NetError::Weight(w),
        }
    }
}

/// The header an engine network and a training state (`crate::train::state`)
/// share after their 8 bytes of magic: one `u32` per entry of `shape`, which
/// must equal this build's, then the classical flag, then (when `has_weight`)
/// the weight in per mille, else [`FULL_WEIGHT`]. Returns the flag and the
/// weight. `bytes` must be long enough, which the callers' size checks ensure.
pub fn read_header(bytes: &[u8], shape: &[(&'static str, u32)], has_weight: bool) -> Result<(bool, u32), HeaderError> {
    for (k, &(what, build)) in shape.iter().enumerate() {
        let file = u32_at(bytes, 8 + 4 * k);
        if file != build {
            return Err(HeaderError::Shape(what, file, build));
        }
    }
    let at = 8 + 4 * shape.len();
    let on_classical = match u32_at(bytes, at) {
        0 => false,
        1 => true,
        other => return Err(HeaderError::Shape("classical flag", other, 1)),
    };
    let weight_permille = if has_weight { u32_at(bytes, at + 4) } else { FULL_WEIGHT };
    if weight_permille > MAX_WEIGHT {
        return Err(HeaderError::Weight(weight_permille));
    }
    Ok((on_classical, weight_permille))
}

static EMBEDDED_BYTES: &[u8] = include_bytes!("ludex.nnue");

/// The network built into the engine, read on first use and shared by every
/// position after that.
pub fn embedded() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| match Network::from_bytes(EMBEDDED_BYTES) {
        Ok(net) => Arc::new(net),
        // A test reads the embedded file, so a build that gets here was never tested.
        Err(e) => panic!("the embedded chess network is unusable: {e}"),
    })
    .clone()
}
