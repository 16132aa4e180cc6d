//! Ctrl-C: the first press raises a flag that every search checks, so the
//! partial results are printed; a second press exits at once.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The flag raised by Ctrl-C (installs the handler on first use).
pub fn flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = flag.clone();
        let _ = ctrlc::set_handler(move || {
            if raised.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(super::exit::INTERRUPTED));
            }
        });
        flag
    })
    .clone()
}

/// Whether Ctrl-C was pressed.
#[allow(dead_code, reason = "for the batch commands, which poll it")]
pub fn raised() -> bool {
    FLAG.get().is_some_and(|f| f.load(Ordering::Relaxed))
}
