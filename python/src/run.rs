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

use pyo3::exceptions::PyRuntimeError;
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
        let worker = std::thread::Builder::new()
            .spawn_scoped(scope, || {
                let value = work();
                done.store(true, Ordering::Release);
                waiter.unpark();
                value
            })
            .map_err(|e| spawn_error(&e))?;
        if let Err(e) = wait(py, &done, cancel) {
            // The work sees the flag at once; wait for it without the
            // GIL, then hand on the exception.
            let _ = py.detach(|| worker.join());
            return Err(e);
        }
        match py.detach(|| worker.join()) {
            Ok(value) => Ok(value),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// [`interruptible`] for work that owns what it uses, such as a build:
/// after a signal the exception is returned at once, and the work is left
/// to notice the cancel flag and free its memory on its own thread (a
/// build looks at the flag between its phases, which for a problem of
/// hundreds of millions of entries can be a second apart).
pub fn interruptible_owned<T: Send + 'static>(
    py: Python<'_>,
    cancel: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let done = Arc::new(AtomicBool::new(false));
    let waiter = std::thread::current();
    let flag = done.clone();
    let worker = std::thread::Builder::new()
        .spawn(move || {
            let value = work();
            flag.store(true, Ordering::Release);
            waiter.unpark();
            value
        })
        .map_err(|e| spawn_error(&e))?;
    wait(py, &done, cancel)?;
    match py.detach(|| worker.join()) {
        Ok(value) => Ok(value),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// The Python exception for a thread the system would not start (too
/// many threads, or no memory for another stack): a `RuntimeError`, not
/// the panic of `std::thread::spawn`.
pub fn spawn_error(e: &std::io::Error) -> PyErr {
    PyRuntimeError::new_err(format!(
        "could not start a thread for the work ({e}): too many threads or too little memory; \
         finish or drop some Solutions iterators and try again"
    ))
}

/// Waits, without the GIL, in slices of [`POLL`], until `done` is set;
/// between slices runs Python's signal handlers, and when one raises,
/// raises `cancel` and returns its exception.
fn wait(py: Python<'_>, done: &AtomicBool, cancel: &AtomicBool) -> PyResult<()> {
    while !done.load(Ordering::Acquire) {
        py.detach(|| std::thread::park_timeout(POLL));
        if done.load(Ordering::Acquire) {
            break;
        }
        if let Err(e) = py.check_signals() {
            cancel.store(true, Ordering::Relaxed);
            return Err(e);
        }
    }
    Ok(())
}
