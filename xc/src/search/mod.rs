//! Solving one problem from the command line: limits, printing, the
//! statistics line, JSON, the exit code, and the ways to run a big search.
//! Shared by `xc cover` and the puzzle subcommands.
//!
//! [`run`] picks one way: an estimate instead of a search ([`estimate`]),
//! one shard of a search split over processes ([`shard`]), one thread
//! ([`sequential`]) or several ([`parallel`]). Every way checks each
//! solution it reports with the independent checker ([`check`]) before
//! the [`Printer`] writes it, and stops at the first wrong one.

mod args;
mod check;
mod estimate;
mod memo;
mod parallel;
mod sequential;
mod shard;

pub use args::{SearchArgs, build_limits, limits, memo_equals, memory_budget};

use crate::cli::clock;
use crate::exit::Failure;
use crate::interrupt;
use crate::printer::{Printer, Render, exit_code};
use exactcover::cover::Problem;
use std::io::Write;

/// Solves `problem` as the arguments say and writes the results.
pub fn run(problem: &Problem, args: &SearchArgs, render: Render, out: &mut dyn Write) -> Result<u8, Failure> {
    run_counting(problem, args, render, None, out)
}

/// [`run`], with what the count counts said on the last line (`counted`,
/// e.g. whether a pairing and its reversal count once or twice).
pub fn run_counting(
    problem: &Problem,
    args: &SearchArgs,
    render: Render,
    counted: Option<&str>,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    if args.estimate {
        return estimate::run(problem, args, out);
    }
    if let Some(code) = memo::run(problem, args, render, counted, out)? {
        return Ok(code);
    }
    if args.threads != 1 && args.seed.is_some() {
        return Err(Failure::input("--seed randomises the single-threaded search: use it with --threads 1"));
    }
    threads_fit(problem, args)?;
    interrupt::doing("searching");
    let to_print = if args.all { u64::MAX } else { args.print.unwrap_or(0) };
    let mut printer = Printer::new(render, args.format, to_print);
    if let Some(what) = counted {
        printer = printer.counting(what);
    }
    if let Some((k, n)) = args.shard {
        return shard::run(problem, args, &mut printer, k, n, out);
    }
    printer.open(out)?;
    let (stats, status) = if args.threads == 1 {
        sequential::run(problem, args, &mut printer, out)?
    } else {
        parallel::run(problem, args, &mut printer, out)?
    };
    printer.close(out, &stats, status, clock::run_time())?;
    Ok(exit_code(status, stats.solutions))
}

/// Refuses a thread count whose arenas (one per worker, and the starting
/// state they copy) would pass the memory budget.
fn threads_fit(problem: &Problem, args: &SearchArgs) -> Result<(), Failure> {
    let threads = match args.threads {
        1 if args.shard.is_none() => return Ok(()),
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    } as u64;
    let each = problem.solver_bytes();
    let budget = memory_budget(args.max_memory);
    let needed = each.saturating_mul(threads + 1);
    if needed > budget {
        let show = exactcover::text::show_bytes;
        return Err(Failure::input(format!(
            "{threads} threads need about {} of memory ({} each, and the starting state), more than the memory budget of {}; use fewer threads, or raise it with --max-memory",
            show(needed),
            show(each),
            show(budget)
        )));
    }
    Ok(())
}
