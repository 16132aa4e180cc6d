//! Ctrl-C and SIGTERM. The first signal raises a flag that every search
//! checks (every 256 nodes), so the run stops and prints what it found. If
//! the run has not ended [`GRACE`] later (it was blocked reading input,
//! say), or at a second signal, the process exits at once with code 130.
//! So any run ends within a second of the first signal.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long a run may take to stop after the first signal.
pub const GRACE: Duration = Duration::from_millis(800);

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Installs the handler (once); later calls return the same flag.
pub fn flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = flag.clone();
        let _ = ctrlc::set_handler(move || {
            if raised.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(super::exit::INTERRUPTED));
            }
            std::thread::spawn(|| {
                std::thread::sleep(GRACE);
                std::process::exit(i32::from(super::exit::INTERRUPTED));
            });
        });
        flag
    })
    .clone()
}

/// Whether Ctrl-C (or SIGTERM) was received.
pub fn raised() -> bool {
    FLAG.get().is_some_and(|f| f.load(Ordering::Relaxed))
}
