//! Ctrl-C and SIGTERM. The first signal raises a flag that every phase
//! polls (the reading, the build, the split, the estimate and the search,
//! every few hundred nodes or lines), so the run stops within a fraction of
//! a second and prints what it has. If the run has not ended [`GRACE`]
//! later (it was blocked reading input, say), the process exits at once
//! with code 130, and so does a second signal that comes [`DEBOUNCE`] or
//! more after the first. Signals closer together than that count as one:
//! `timeout` sends its signal to the process and to its group, so one
//! timeout arrives twice.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long a run may take to stop after the first signal.
pub const GRACE: Duration = Duration::from_millis(450);

/// Signals this close after the first one are the same signal.
pub const DEBOUNCE: Duration = Duration::from_millis(200);

/// What the run is doing, for the watchdog's last words.
static DOING: Mutex<String> = Mutex::new(String::new());

/// Records what the run is doing now (`reading <stdin>`, `building the
/// problem`), which the watchdog prints if it has to end the process.
pub fn doing(what: impl Into<String>) {
    *DOING.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = what.into();
}

/// The watchdog's end: says what the run was doing, and exits.
fn give_up() -> ! {
    end_now("interrupted", super::exit::INTERRUPTED)
}

/// Says why the run ends now and what it was doing, and exits.
fn end_now(why: &str, code: u8) -> ! {
    let doing = DOING.lock().map(|d| d.clone()).unwrap_or_default();
    if !doing.is_empty() {
        eprintln!("xc: {why} while {doing}");
    }
    std::process::exit(i32::from(code))
}

/// How long past the time limit a run blocked on its input or output may
/// go on: longer than [`GRACE`], so that a busy machine's run that is
/// stopping anyway prints its line.
pub const DEADLINE_GRACE: Duration = Duration::from_secs(1);

/// Starts (once) the time limit's watchdog: every phase stops at the
/// deadline on its own, between two lines or nodes; one blocked on its
/// input or output (a pipe that stalls) is ended [`DEADLINE_GRACE`] after it,
/// with exit code 3, as a second Ctrl-C ends it. Once the limited work
/// is over ([`settled`]), the watchdog stands down.
pub fn deadline(at: Instant) {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        let _ = std::thread::Builder::new().spawn(move || {
            std::thread::sleep((at + DEADLINE_GRACE).saturating_duration_since(Instant::now()));
            if !SETTLED.load(Ordering::SeqCst) {
                end_now("time limit reached", super::exit::for_stop(exactcover::cover::StopReason::Time))
            }
        });
    });
}

/// Whether the limited work is over (see [`settled`]).
static SETTLED: AtomicBool = AtomicBool::new(false);

/// The work the time limit bounds is over: what is left (the last line,
/// a shard's result, `--emit-dlx`'s text) is written whatever the time,
/// and the time limit's watchdog no longer ends the run.
pub fn settled() {
    SETTLED.store(true, Ordering::SeqCst);
}

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// When the first signal came.
static FIRST: OnceLock<Instant> = OnceLock::new();

/// What a signal that comes at `now` does, given when the first one came.
#[derive(Debug, PartialEq, Eq)]
enum Act {
    /// The first signal: raise the flag and start the watchdog.
    Stop,
    /// Close behind the first: nothing.
    Ignore,
    /// A later, second signal: exit now.
    Exit,
}

fn act(first: Option<Instant>, now: Instant) -> Act {
    match first {
        None => Act::Stop,
        Some(t) if now.saturating_duration_since(t) < DEBOUNCE => Act::Ignore,
        Some(_) => Act::Exit,
    }
}

/// Installs the handler (once); later calls return the same flag.
pub fn flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = flag.clone();
        let _ = ctrlc::set_handler(move || match act(FIRST.get().copied(), Instant::now()) {
            Act::Ignore => {}
            Act::Exit => std::process::exit(i32::from(super::exit::INTERRUPTED)),
            Act::Stop => {
                FIRST.get_or_init(Instant::now);
                raised.store(true, Ordering::SeqCst);
                std::thread::spawn(|| {
                    std::thread::sleep(GRACE);
                    give_up();
                });
            }
        });
        flag
    })
    .clone()
}

/// Whether Ctrl-C (or SIGTERM) was received.
pub fn raised() -> bool {
    FLAG.get().is_some_and(|f| f.load(Ordering::Relaxed))
}

/// A flag raised by Ctrl-C, as [`flag`] is, or once `limit` has passed:
/// for work that takes a cancel flag but no deadline. A thread of its own
/// raises it, looking every 10 ms (if the system has no room for that
/// thread, the flag is raised at once: the work stops rather than runs
/// past its limit).
pub fn flag_until(limit: Duration) -> Arc<AtomicBool> {
    let (signal, end) = (flag(), Instant::now() + limit);
    // No time at all: raised before any work, not when the thread runs.
    let raised = Arc::new(AtomicBool::new(limit.is_zero()));
    let flag = raised.clone();
    let watching = std::thread::Builder::new().spawn(move || {
        loop {
            let now = Instant::now();
            if now >= end || signal.load(Ordering::Relaxed) {
                flag.store(true, Ordering::Relaxed);
                return;
            }
            std::thread::sleep((end - now).min(Duration::from_millis(10)));
        }
    });
    if watching.is_err() {
        raised.store(true, Ordering::Relaxed);
    }
    raised
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_close_together_count_as_one() {
        let t = Instant::now();
        assert_eq!(act(None, t), Act::Stop);
        assert_eq!(act(Some(t), t + Duration::from_millis(1)), Act::Ignore);
        assert_eq!(act(Some(t), t + DEBOUNCE - Duration::from_millis(1)), Act::Ignore);
        assert_eq!(act(Some(t), t + DEBOUNCE), Act::Exit);
    }
}
