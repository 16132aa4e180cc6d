//! Several threads on subproblems of the split tree: in the single-threaded
//! search's order (`--ordered`), or in the order found.

use super::args::{SearchArgs, limits};
use super::check::{checked, checker};
use crate::exit::Failure;
use crate::printer::Printer;
use crate::progress;
use exactcover::cover::{OptionId, Parallel, Problem, Report, Stats, Status};
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Solves `problem` on `--threads` threads, printing as the printer says,
/// and writes the split's line on standard error.
pub fn run(
    problem: &Problem,
    args: &SearchArgs,
    printer: &mut Printer,
    out: &mut dyn Write,
) -> Result<(Stats, Status), Failure> {
    let search = Parallel::new(problem).threads(args.threads).with_limits(limits(args)).verify(false);
    let seen = AtomicU64::new(0);
    let report = if printer.to_print() == 0 && args.no_check {
        progress::while_searching(None, &|| 0, || search.count())
    } else if printer.to_print() == 0 && !progress::shown() {
        // Counting: each worker checks its solutions in the engine's loop,
        // as one thread does. (On a terminal, the visitor below keeps the
        // progress line's count of solutions.)
        let (checked, report) = progress::while_searching(None, &|| 0, || search.count_checked());
        checked.map_err(Failure::wrong_answer)?;
        report
    } else if args.ordered {
        ordered(&search, problem, args, printer, out, &seen)?
    } else {
        let found = progress::while_searching(None, &|| seen.load(Relaxed), || {
            unordered(&search, problem, args, printer, out, &seen)
        });
        match found {
            Some(found) => found?,
            // No thread to spare for the search: the solutions come in
            // order, printed by the thread that searches.
            None => ordered(&search, problem, args, printer, out, &seen)?,
        }
    };
    eprintln!("{}", split_line(&report));
    Ok((report.stats, report.status))
}

/// Several threads, solutions in the single-threaded search's order,
/// checked and printed as the search visits them.
fn ordered(
    search: &Parallel,
    problem: &Problem,
    args: &SearchArgs,
    printer: &mut Printer,
    out: &mut dyn Write,
    seen: &AtomicU64,
) -> Result<Report, Failure> {
    let mut checker = checker(problem, args);
    let (searched, report) = progress::while_searching(None, &|| seen.load(Relaxed), || {
        search.for_each_ordered(|s| {
            seen.fetch_add(1, Relaxed);
            let handled = checked(&mut checker, s).and_then(|()| printer.offer(s, out));
            handled.map_or_else(ControlFlow::Break, ControlFlow::Continue)
        })
    });
    match searched {
        ControlFlow::Break(failure) => Err(failure),
        ControlFlow::Continue(_) => Ok(report),
    }
}

/// Several threads, solutions in the order found: each worker checks its
/// own solutions, and hands the first ones to print to this thread through
/// a bounded channel, so printing never holds more than the channel.
/// The progress line's count of solutions trails by at most
/// [`SEEN_BATCH`] a worker. `None` if no thread can start for the search
/// (nothing searched, nothing printed).
fn unordered(
    search: &Parallel,
    problem: &Problem,
    args: &SearchArgs,
    printer: &mut Printer,
    out: &mut dyn Write,
    seen: &AtomicU64,
) -> Option<Result<Report, Failure>> {
    let to_print = printer.to_print();
    let claimed = AtomicU64::new(0);
    let (printed, (searched, report)) = std::thread::scope(|scope| {
        let (sender, receiver) = std::sync::mpsc::sync_channel::<Vec<OptionId>>(1024);
        let searching = std::thread::Builder::new().spawn_scoped(scope, || {
            let sender = sender;
            search.for_each_init(
                || (checker(problem, args), 0u64),
                |(checker, unseen), s| {
                    if let Err(wrong) = checked(checker, s) {
                        return ControlFlow::Break(Some(wrong));
                    }
                    // The workers share no cache line per solution: the
                    // progress count takes a worker's solutions in batches,
                    // and once every solution to print is claimed, the
                    // claim is a read.
                    *unseen += 1;
                    if *unseen == SEEN_BATCH {
                        seen.fetch_add(SEEN_BATCH, Relaxed);
                        *unseen = 0;
                    }
                    let print = claimed.load(Relaxed) < to_print && claimed.fetch_add(1, Relaxed) < to_print;
                    if print && sender.send(s.to_vec()).is_err() {
                        // The channel closes early only when printing has
                        // failed, and that failure is returned below.
                        return ControlFlow::Break(None);
                    }
                    ControlFlow::Continue(())
                },
            )
        });
        let Ok(searching) = searching else { return None };
        let mut printed = Ok(());
        while let Ok(s) = receiver.recv() {
            printed = printer.offer(&s, out);
            if printed.is_err() {
                break;
            }
        }
        // A closed channel stops the workers that print.
        drop(receiver);
        Some((printed, searching.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))))
    })?;
    // A wrong answer comes first, whenever printing failed.
    if let ControlFlow::Break(Some(wrong)) = searched {
        return Some(Err(wrong));
    }
    Some(printed.map(|()| report))
}

/// Solutions a worker finds before it adds them to the progress count.
const SEEN_BATCH: u64 = 1024;

fn split_line(r: &Report) -> String {
    if r.split_into == 0 {
        return format!("not split: {} nodes searched on one thread", r.stats.nodes);
    }
    format!(
        "split at depth {} into {} subproblems; nodes per thread {:?} (imbalance {:.3}); largest subproblem {} nodes",
        r.depth,
        r.subproblems,
        r.thread_nodes,
        r.imbalance(),
        r.largest
    )
}
