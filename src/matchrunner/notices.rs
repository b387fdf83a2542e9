//! What a match has already told the user. Every game starts fresh engine processes,
//! so a problem that lies in the configuration (an option an engine refuses) shows in
//! every game; the match says it once.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// Shared by all the games of one match, on every thread: the `-engine` entries
/// (their places on the command line) whose options have been checked.
#[derive(Debug, Clone, Default)]
pub struct Notices(Arc<Mutex<HashSet<usize>>>);

impl Notices {
    /// True the first time the options of `-engine` entry `entry` are asked about
    /// in this match, false after.
    pub fn first_time(&self, entry: usize) -> bool {
        let mut seen = self.0.lock().unwrap_or_else(|p| p.into_inner());
        seen.insert(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_is_new_once_across_clones() {
        let n = Notices::default();
        let m = n.clone();
        assert!(n.first_time(0));
        assert!(!m.first_time(0));
        assert!(m.first_time(1));
        assert!(!n.first_time(1));
    }
}
