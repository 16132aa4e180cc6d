//! Walking the solutions out of the diagram: the first few to print, or
//! every one through the checker, on one thread or on several, each
//! walking its own range of indices ([`Zdd::walk_from`]) with its own
//! checker. Every walk looks at Ctrl-C, the clock and the other walks'
//! stop every [`POLL`] solutions.

use super::super::args::SearchArgs;
use crate::cli::clock;
use crate::exit::Failure;
use crate::interrupt;
use crate::printer::Printer;
use exactcover::cover::{Checker, OptionId, StopReason, Zdd};
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Solutions walked between looks at Ctrl-C, the clock and the others.
const POLL: u64 = 1 << 16;

/// Solutions a thread's range must hold at least, or fewer threads walk.
const PER_THREAD: u64 = 1 << 16;

/// How far a walk got.
pub(super) struct Walked {
    /// Solutions walked (and checked, with a checker).
    pub(super) solutions: u64,
    /// Why it stopped before the end, if it did.
    pub(super) stopped: Option<StopReason>,
}

/// Walks the first `n` solutions in the diagram's order (all of them with
/// `u64::MAX`), checking each (with a checker) and offering each to the
/// printer.
pub(super) fn first(
    zdd: &Zdd,
    checker: Option<&mut Checker>,
    printer: &mut Printer,
    n: u64,
    args: &SearchArgs,
    out: &mut dyn Write,
) -> Result<Walked, Failure> {
    range(
        zdd,
        checker,
        0,
        n,
        deadline(args),
        None,
        |s| if printer.wants_more() { printer.offer(s, out) } else { Ok(()) },
    )
}

/// Walks every solution through the checker, the first `to_print` offered
/// to the printer; on `threads` threads (at most one per core) when there
/// are enough solutions (the diagram has at most `u64::MAX` of them).
pub(super) fn every(
    zdd: &Zdd,
    checker: &mut Checker,
    printer: &mut Printer,
    to_print: u64,
    threads: usize,
    args: &SearchArgs,
    out: &mut dyn Write,
) -> Result<Walked, Failure> {
    let count = zdd.count_u128().and_then(|n| u64::try_from(n).ok()).unwrap_or(u64::MAX);
    // The ranges hold equal work, so a thread per core is the most that
    // helps; more would hold a checker each and take turns on the cores
    // (and at Ctrl-C each must get a turn to see the flag).
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = (threads.min(cores) as u64).min(count / PER_THREAD).max(1);
    if threads == 1 || to_print >= count / threads {
        return first(zdd, Some(checker), printer, u64::MAX, args, out);
    }
    // The printed ones first, then all of them, in `threads` ranges.
    let printed = first(zdd, Some(&mut *checker), printer, to_print, args, out)?;
    if printed.stopped.is_some() {
        return Ok(printed);
    }
    let (deadline, stop) = (deadline(args), AtomicBool::new(false));
    let per = count.div_ceil(threads);
    let results: Vec<Result<Walked, Failure>> = std::thread::scope(|scope| {
        let walks: Vec<_> = (0..threads)
            .map(|t| {
                let (checker, stop): (&Checker, _) = (checker, &stop);
                let start = t * per;
                let n = per.min(count - start);
                let walk = move || {
                    let walked = range(zdd, Some(&mut checker.clone()), start, n, deadline, Some(stop), |_| Ok(()));
                    if !matches!(walked, Ok(Walked { stopped: None, .. })) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    walked
                };
                // A range no thread can start for is walked here.
                std::thread::Builder::new().spawn_scoped(scope, walk).map_err(|_| walk())
            })
            .collect();
        walks
            .into_iter()
            .map(|w| match w {
                Ok(thread) => {
                    thread.join().unwrap_or_else(|_| Err(Failure::wrong_answer("a walk of the diagram failed")))
                }
                Err(walked) => walked,
            })
            .collect()
    });
    let mut total = Walked { solutions: 0, stopped: None };
    for walked in results {
        let walked = walked?;
        total.solutions += walked.solutions;
        // A walk that saw another's stop says "interrupted": the clock's
        // reason, if a walk saw it, is the true one (unless Ctrl-C came).
        total.stopped = match (total.stopped, walked.stopped) {
            (Some(StopReason::Time), _) | (_, None) => total.stopped,
            (_, reason) => reason,
        };
    }
    if total.stopped.is_some() && interrupt::raised() {
        total.stopped = Some(StopReason::Cancelled);
    }
    Ok(total)
}

/// The end of `--time-limit`, which runs from the start of the process.
pub(super) fn deadline(args: &SearchArgs) -> Option<Instant> {
    args.time_limit.map(|t| clock::started() + t)
}

/// Why to stop now, if Ctrl-C came or `deadline` has passed.
pub(super) fn stop_now(deadline: Option<Instant>) -> Option<StopReason> {
    if interrupt::raised() {
        Some(StopReason::Cancelled)
    } else if deadline.is_some_and(|d| Instant::now() >= d) {
        Some(StopReason::Time)
    } else {
        None
    }
}

/// Walks `n` solutions from index `start`, checking each (with a checker)
/// and offering each to `offer`; stops early at Ctrl-C, the deadline, or
/// when another walk raised `stop` (then as if interrupted: whoever
/// raised it says why).
fn range(
    zdd: &Zdd,
    mut checker: Option<&mut Checker>,
    start: u64,
    n: u64,
    deadline: Option<Instant>,
    stop: Option<&AtomicBool>,
    mut offer: impl FnMut(&[OptionId]) -> Result<(), Failure>,
) -> Result<Walked, Failure> {
    let mut solutions = 0;
    let flow = zdd.walk_from(start, |s, shared| {
        if solutions == n {
            return ControlFlow::Break(Ok(None));
        }
        if solutions % POLL == POLL - 1 {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return ControlFlow::Break(Ok(Some(StopReason::Cancelled)));
            }
            if let Some(reason) = stop_now(deadline) {
                return ControlFlow::Break(Ok(Some(reason)));
            }
        }
        if let Some(c) = checker.as_deref_mut()
            && let Err(e) = c.check_from(s, shared)
        {
            return ControlFlow::Break(Err(Failure::wrong_answer(e)));
        }
        solutions += 1;
        match offer(s) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    });
    let stopped = match flow {
        ControlFlow::Continue(()) => None,
        ControlFlow::Break(result) => result?,
    };
    Ok(Walked { solutions, stopped })
}
