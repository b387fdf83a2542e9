//! The search stack: what the search keeps about each ply of the line it is on.
//!
//! One frame per ply, allocated once per search, so no node allocates. Each field
//! belongs to the node at its ply (or, where said, to the move played from it);
//! keeping them together means a new kind of line state is one field here, not
//! another parallel vector to size and reset.

use crate::core::score::{Score, INFINITE};

pub struct Frame<M> {
    /// Two quiet moves that caused a cutoff at this ply, newest first.
    pub killers: [Option<M>; 2],
    /// The principal variation from this ply.
    pub pv: Vec<M>,
    /// The move-ordering buffer, reused by every node at this ply.
    pub picker: Vec<i64>,
    /// The static evaluation (`-INFINITE` in check), for the `improving` test
    /// against two plies earlier and the hindsight rules of the child.
    pub eval: Score,
    /// The piece-to key of the move played from here (`None` for a null move or
    /// without `P::FORWARD_PRUNING_OK`), for continuation history.
    pub moved: Option<usize>,
    /// The history slot of the quiet move played from here (`None` for other
    /// moves): the child's static evaluation grades it.
    pub quiet_slot: Option<usize>,
    /// The late-move reduction of the move being searched from here (0 outside
    /// the reduced search): the child corrects it in hindsight.
    pub reduction: i32,
    /// The move (index into the node's candidates) left out by a
    /// singular-extension test that searches this node without it.
    pub excluded: Option<usize>,
    /// Double singular extensions on the line to this ply (bounded, so that they
    /// cannot compound into an explosion of the tree).
    pub double_exts: u8,
    /// Fail highs so far among the children of the node one ply up (its moves
    /// arrive here): when a node's moves keep being refuted, its later moves are
    /// reduced more.
    pub cutoffs: u8,
}

impl<M> Frame<M> {
    /// A stack for lines up to `plies` long.
    pub fn stack(plies: usize) -> Vec<Frame<M>> {
        (0..plies)
            .map(|_| Frame {
                killers: [None, None],
                pv: Vec::with_capacity(plies),
                picker: Vec::with_capacity(64),
                eval: -INFINITE,
                moved: None,
                quiet_slot: None,
                reduction: 0,
                excluded: None,
                double_exts: 0,
                cutoffs: 0,
            })
            .collect()
    }
}
