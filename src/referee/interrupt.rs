//! Ctrl-C for the match runner: the first one asks the match to stop (the games in progress
//! are recorded as unfinished, no new game starts, the summary is printed). The runner only
//! looks at the flag here; the `gorin-match` binary installs the signal handler that raises it
//! (the library has no unsafe code).

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Has the user asked the match to stop?
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// Asks the match to stop, as Ctrl-C does. Returns whether it had been asked already. Safe to
/// call from a signal handler (one atomic operation).
pub fn request() -> bool {
    REQUESTED.swap(true, Ordering::SeqCst)
}
