//! `ludex tune --emit-rust`: the fitted weights as the whole of the model's
//! `weights.rs`, group by group with the group names as comments, so a tuning run
//! is applied by overwriting that file and reviewed as its diff.

use super::Model;
use crate::variants::chesslike::tapered::S;

/// The source of `model`'s `weights.rs` holding `params` (flat, in layout order).
pub fn rust_source(model: Model, params: &[S]) -> String {
    let mut out = model.rust_header();
    let mut at = 0;
    for (name, size) in model.groups() {
        out.push_str(&format!("    // {name}\n"));
        let v: Vec<String> = params[at..at + size].iter().map(|p| format!("s({}, {}),", p.mg, p.eg)).collect();
        for row in v.chunks(8) {
            out.push_str(&format!("    {}\n", row.join(" ")));
        }
        at += size;
    }
    out.push_str("];\n");
    out
}
