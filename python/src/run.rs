//! Running a search so that Ctrl-C reaches it.
//!
//! Python runs its signal handlers on the main thread, between bytecodes,
//! so a search that holds the main thread can't be interrupted. Here the
//! work runs on a scoped thread with the GIL released, while the calling
//! thread waits for it in slices of [`POLL`] and, between two slices,
//! takes the GIL and runs the handlers (`Python::check_signals`). When
//! one raises (`KeyboardInterrupt`), the cancel flag that the work's
//! limits hold goes up, the work stops within microseconds (the engine
//! looks at the flag every 256 nodes), and the exception is returned.

use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long the waiting thread sleeps between two looks at the signals.
pub const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on another thread with the GIL released, raising its
/// `cancel` flag if a signal handler raises meanwhile. Returns the work's
/// value, or the handler's exception once the work has stopped.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    cancel: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let done = AtomicBool::new(false);
    let waiter = std::thread::current();
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let value = work();
            done.store(true, Ordering::Release);
            waiter.unpark();
            value
        });
        while !done.load(Ordering::Acquire) {
            py.detach(|| std::thread::park_timeout(POLL));
            if done.load(Ordering::Acquire) {
                break;
            }
            if let Err(e) = py.check_signals() {
                cancel.store(true, Ordering::Relaxed);
                // The work sees the flag at once; wait for it without the
                // GIL, then hand on the exception.
                let _ = py.detach(|| worker.join());
                return Err(e);
            }
        }
        match py.detach(|| worker.join()) {
            Ok(value) => Ok(value),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
