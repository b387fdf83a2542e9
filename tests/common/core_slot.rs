//! One clocked game per processor core. The test harness runs a file's tests in
//! parallel, so eight clocked games would share two cores: an engine that answers
//! at once is then heard hundreds of milliseconds later, and a game is lost on time
//! by the host's own overload. A host runs at most one game per core (Cute Chess's
//! advice for `-concurrency`); clocked tests take a slot to play under the same
//! conditions.

use std::sync::{Condvar, Mutex};

static IN_USE: Mutex<usize> = Mutex::new(0);
static FREED: Condvar = Condvar::new();

/// Held while a clocked game runs; dropping it frees the slot.
pub struct CoreSlot(());

/// Waits for a free core and takes it.
pub fn take() -> CoreSlot {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut in_use = IN_USE.lock().unwrap_or_else(|e| e.into_inner());
    while *in_use >= cores {
        in_use = FREED.wait(in_use).unwrap_or_else(|e| e.into_inner());
    }
    *in_use += 1;
    CoreSlot(())
}

impl Drop for CoreSlot {
    fn drop(&mut self) {
        let mut in_use = IN_USE.lock().unwrap_or_else(|e| e.into_inner());
        *in_use -= 1;
        FREED.notify_one();
    }
}
