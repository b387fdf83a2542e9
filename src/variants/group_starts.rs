//! The first index of each group of a variant's flat weight table (the
//! `layout.rs` of each evaluation): the running sum of the groups' sizes,
//! worked out at compile time so that a group's place follows its size.

/// `group_starts!(Group, GROUPS)`: a `STARTS` table of each group's first
/// index, and `Group::start` and `Group::at` that read it. `GROUPS` lists the
/// `Group` enum's variants in declaration order (checked at compile time), and
/// `Group` has a `const fn size(self) -> usize`.
macro_rules! group_starts {
    ($group:ty, $groups:expr) => {
        /// Each group's first index, by the group's discriminant.
        const STARTS: [usize; $groups.len()] = {
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
        };

        impl $group {
            /// The index of the group's first entry in the flat table (a table
            /// lookup, so it folds to a constant in the evaluation).
            #[inline(always)]
            pub const fn start(self) -> usize {
                STARTS[self as usize]
            }

            /// The flat index of element `i` of the group.
            #[inline(always)]
            pub const fn at(self, i: usize) -> usize {
                self.start() + i
            }
        }
    };
}

pub(crate) use group_starts;
