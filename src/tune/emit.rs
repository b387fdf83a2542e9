//! `ludex tune --emit-rust`: the tuned values as `params.rs` source, constant by
//! constant, for a developer to paste over the old ones (and to review as a diff).
//! Only the traced constants are printed; the rest of `params.rs` stays as it is.

use super::layout::{Group, GROUPS};
use crate::variants::chess::eval::params::MOBILITY;
use crate::variants::chess::eval::S;

fn pair(p: S) -> String {
    format!("s({}, {})", p.mg, p.eg)
}

/// The `params.rs` declarations of every traced constant with the values `params`.
pub fn rust_source(params: &[S]) -> String {
    let mut out = String::new();
    for g in GROUPS {
        let v: Vec<S> = (0..g.size()).map(|i| params[g.at(i)]).collect();
        let body = match g {
            Group::PsqtFile | Group::PsqtRank => {
                let rows: Vec<String> = v
                    .chunks(8)
                    .map(|row| format!("    [{}],\n", row.iter().map(|&p| pair(p)).collect::<Vec<_>>().join(", ")))
                    .collect();
                format!("pub const {}: [[S; 8]; 6] = [\n{}];\n", g.name(), rows.concat())
            }
            Group::Mobility => {
                // The typical count and cap are fixed; only the value per square is tuned.
                let rows: Vec<String> = v
                    .iter()
                    .zip(MOBILITY)
                    .map(|(&p, (typical, cap, _))| format!("    ({typical}, {cap}, {}),\n", pair(p)))
                    .collect();
                format!("pub const MOBILITY: [(i32, i32, S); 4] = [\n{}];\n", rows.concat())
            }
            _ if g.is_table() => format!(
                "pub const {}: [S; {}] = [{}];\n",
                g.name(),
                g.size(),
                v.iter().map(|&p| pair(p)).collect::<Vec<_>>().join(", ")
            ),
            _ => format!("pub const {}: S = {};\n", g.name(), pair(v[0])),
        };
        out.push_str(&body);
    }
    out
}
