//! The trainer's own file: the network in floating point, before it is rounded
//! to the engine's integers.
//!
//! Training that goes on over many sessions, one generation of data at a time
//! (the checkpoint chain, docs/chess-network.md), must not round between steps.
//! An output weight is held in 64ths (`QB`): one epoch of such a step (1.46 M
//! positions at `--lr 0.0003`) moved none of them by half of one, so a step that
//! starts from the engine's integers and ends in them loses all it learnt
//! there. Three such steps on 4.7 M positions changed 2 of the 1,024 output
//! weights, where one step on 9.5 M changed a third of them
//! (docs/chess-network.md, session 73; train-nnue's report from `src/train/rounding.rs` measures it).
//! Kept in floating point, the small moves add up; the engine's network is
//! rounded from this file whenever one is wanted.
//!
//! Adam's moment estimates are not kept: they would triple the file, and at the
//! step sizes of a one-epoch step Adam's fresh start moves little.
//!
//! Format (all little-endian):
//!
//! ```text
//! "LUDEXFT1"                      8 bytes of magic
//! inputs, hidden                  2 x u32 (must equal this build's constants)
//! on classical                    u32: 1 for a correction of the classical evaluation
//! weight                          u32: the engine's share of the output, per mille
//! parameters                      LEN x f32, in `model`'s order (W1, B1, W2, B2)
//! ```

use std::fmt;

use crate::variants::chess::nnue::{read_header, HeaderError, HIDDEN, INPUTS, MAX_WEIGHT};

use super::model::{FloatNet, LEN};

pub const MAGIC: &[u8; 8] = b"LUDEXFT1";
const HEADER: usize = 8 + 16;
/// The size of a state file of this build.
pub const FILE_SIZE: usize = HEADER + 4 * LEN;

/// Why bytes are not a training state this build can go on from.
#[derive(Debug, Clone, PartialEq)]
pub enum StateError {
    Magic,
    /// (what, file, build)
    Shape(&'static str, u32, u32),
    Size { expected: usize, found: usize },
    Weight(u32),
    /// A parameter that is not a finite number, at this index.
    NotFinite(usize),
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Magic => f.write_str("not a Ludex training state (bad magic)"),
            StateError::Shape(what, file, build) => write!(f, "training state {what} is {file}, this build needs {build}"),
            StateError::Size { expected, found } => write!(f, "training state is {found} bytes, expected {expected}"),
            StateError::Weight(w) => write!(f, "training state weight is {w} per mille, more than the largest, {MAX_WEIGHT}"),
            StateError::NotFinite(j) => write!(f, "training state parameter {j} is not a finite number"),
        }
    }
}

impl std::error::Error for StateError {}

impl From<HeaderError> for StateError {
    fn from(e: HeaderError) -> StateError {
        match e {
            HeaderError::Shape(what, file, build) => StateError::Shape(what, file, build),
            HeaderError::Weight(w) => StateError::Weight(w),
        }
    }
}

/// Whether `bytes` start like a training state rather than an engine network.
pub fn is_state(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

pub fn to_bytes(net: &FloatNet) -> Vec<u8> {
    let mut out = Vec::with_capacity(FILE_SIZE);
    out.extend_from_slice(MAGIC);
    for v in [INPUTS as u32, HIDDEN as u32, net.on_classical as u32, net.weight_permille] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for p in &net.params {
        out.extend_from_slice(&p.to_le_bytes());
    }
    out
}

pub fn from_bytes(bytes: &[u8]) -> Result<FloatNet, StateError> {
    if !is_state(bytes) {
        return Err(StateError::Magic);
    }
    if bytes.len() != FILE_SIZE {
        return Err(StateError::Size { expected: FILE_SIZE, found: bytes.len() });
    }
    let shape = [("inputs", INPUTS as u32), ("hidden size", HIDDEN as u32)];
    let (on_classical, weight_permille) = read_header(bytes, &shape, true)?;
    let mut params = Vec::with_capacity(LEN);
    for j in 0..LEN {
        let at = HEADER + 4 * j;
        let v = f32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        if !v.is_finite() {
            return Err(StateError::NotFinite(j));
        }
        params.push(v);
    }
    Ok(FloatNet { params, on_classical, weight_permille })
}
