//! A transposition table being allocated on a thread of its own. Allocating and
//! writing a gigabyte takes from a good part of a second to seconds on a busy
//! machine; done on the input thread it left `isready` and `stop` unanswered that
//! long (a host kills an engine for that), and done lazily by the search it made
//! `stop` wait for page faults. So `setoption name Hash` starts a builder at once,
//! the input loop goes on, and the finished table is put in when the searcher is
//! next free (a search that starts before then uses the table in place).

use std::thread::JoinHandle;

use crate::search::{HashAllocError, Tt};

pub struct TableBuilder {
    mb: usize,
    handle: JoinHandle<(Tt, Result<(), HashAllocError>)>,
}

impl TableBuilder {
    /// Starts allocating a table of `mb` mebibytes (already capped to what is
    /// affordable).
    pub fn start(mb: usize) -> TableBuilder {
        let handle = std::thread::Builder::new()
            .name("hash-alloc".into())
            .spawn(move || Tt::allocate(mb))
            .expect("cannot spawn the table allocation thread");
        TableBuilder { mb, handle }
    }

    pub fn mb(&self) -> usize {
        self.mb
    }

    pub fn is_ready(&self) -> bool {
        self.handle.is_finished()
    }

    /// The table (waits if it is not ready yet). A refused allocation still gives a
    /// smaller table, and the error says how big.
    pub fn finish(self) -> (Tt, Result<(), HashAllocError>) {
        match self.handle.join() {
            Ok(done) => done,
            // The builder cannot panic short of running out of memory; a one-bucket
            // table keeps the engine playing.
            Err(_) => (
                Tt::new(0),
                Err(HashAllocError {
                    requested_mb: self.mb,
                    allocated_mb: 0,
                }),
            ),
        }
    }
}
