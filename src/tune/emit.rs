//! `ludex tune --emit-rust`: the fitted weights as the whole of
//! `src/variants/chess/eval/weights.rs`, group by group with the group names as
//! comments, so a tuning run is applied by overwriting that file and reviewed as
//! its diff.

use crate::variants::chess::eval::layout::GROUPS;
use crate::variants::chess::eval::S;

/// The source of `weights.rs` holding `params` (flat, in layout order).
pub fn rust_source(params: &[S]) -> String {
    let mut out = String::from(
        "//! The chess evaluation's weights, fitted by `ludex tune` to positions from Ludex's own\n\
         //! self-play (`ludex datagen`); `layout.rs` says what each group measures. This file\n\
         //! is written by `ludex tune --emit-rust`: change it by tuning, not by hand.\n\
         \n\
         use super::layout::COUNT;\n\
         use super::tapered::{s, S};\n\
         \n\
         #[rustfmt::skip]\n\
         pub static WEIGHTS: [S; COUNT] = [\n",
    );
    for g in GROUPS {
        out.push_str(&format!("    // {}\n", g.name()));
        let v: Vec<String> = (0..g.size()).map(|i| params[g.at(i)]).map(|p| format!("s({}, {}),", p.mg, p.eg)).collect();
        for row in v.chunks(8) {
            out.push_str(&format!("    {}\n", row.join(" ")));
        }
    }
    out.push_str("];\n");
    out
}
