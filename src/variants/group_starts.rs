//! The first index of each group of a variant's flat weight table (the
//! `layout.rs` of each evaluation): the running sum of the groups' sizes,
//! worked out at compile time so that a group's place follows its size.

/// `group_starts!(GROUPS)`: each group's first index, indexed by the group's
/// discriminant. `GROUPS` lists a `Group` enum's variants in declaration order
/// (checked at compile time), and `Group` has a `const fn size(self) -> usize`.
macro_rules! group_starts {
    ($groups:expr) => {{
        let mut starts = [0; $groups.len()];
        let mut at = 0;
        let mut i = 0;
        while i < $groups.len() {
            // The groups are listed in declaration order, so a discriminant indexes both.
            assert!($groups[i] as usize == i);
            starts[i] = at;
            at += $groups[i].size();
            i += 1;
        }
        starts
    }};
}

pub(crate) use group_starts;
