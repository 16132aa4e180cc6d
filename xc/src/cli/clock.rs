//! The run's clock. It starts when `main` first reads it, so the time limit
//! (`--time-limit`) and the time printed cover the whole run: reading,
//! building, searching, checking and writing.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// When the run began.
static START: OnceLock<Instant> = OnceLock::new();

/// When the run began: the first call fixes it (`main` makes that call
/// first thing).
pub fn started() -> Instant {
    *START.get_or_init(Instant::now)
}

/// The run's wall time so far.
pub fn run_time() -> Duration {
    started().elapsed()
}
