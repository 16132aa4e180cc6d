//! One thread: the engine's own search, with a progress bar on a terminal.

use super::args::{SearchArgs, limits};
use super::check::{checked, checker};
use crate::exit::Failure;
use crate::printer::Printer;
use crate::progress;
use exactcover::cover::{Problem, Progress, Stats, Status};
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Solves `problem` on this thread, printing as the printer says.
pub fn run(
    problem: &Problem,
    args: &SearchArgs,
    printer: &mut Printer,
    out: &mut dyn Write,
) -> Result<(Stats, Status), Failure> {
    let gauge = Progress::new();
    let limits = if progress::shown() { limits(args).progress(gauge.clone()) } else { limits(args) };
    let mut solver = problem.solver().with_limits(limits);
    if let Some(seed) = args.seed {
        solver.set_seed(Some(seed));
    }
    solver.set_verify(false);
    if printer.to_print() == 0 {
        // Counting only: the engine counts in its own loop, and checks
        // each solution there with the same independent checker (no call
        // to a visitor per solution).
        let found = || gauge.solutions();
        if args.no_check {
            progress::while_searching(Some(&gauge), &found, || solver.count());
        } else {
            progress::while_searching(Some(&gauge), &found, || solver.count_checked())
                .map_err(Failure::wrong_answer)?;
        }
        return Ok((solver.stats(), solver.status()));
    }
    let mut checker = checker(problem, args);
    let seen = AtomicU64::new(0);
    let searched = progress::while_searching(Some(&gauge), &|| seen.load(Relaxed), || {
        let mut n = 0u64;
        solver.for_each(|s| {
            n += 1;
            if n % 4096 == 0 {
                seen.store(n, Relaxed);
            }
            let check = checked(&mut checker, s);
            let handled = if n <= printer.to_print() { check.and_then(|()| printer.offer(s, out)) } else { check };
            handled.map_or_else(ControlFlow::Break, ControlFlow::Continue)
        })
    });
    match searched {
        ControlFlow::Break(failure) => Err(failure),
        ControlFlow::Continue(status) => Ok((solver.stats(), status)),
    }
}
