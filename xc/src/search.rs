//! Solving one problem from the command line: limits, printing, the
//! statistics line, JSON, the exit code, and the ways to run a big search
//! (threads, shards, a progress bar, an estimate first). Shared by `xc
//! cover` and the puzzle subcommands.

use super::exit::Failure;
pub use super::printer::Render;
use super::printer::{Printer, exit_code};
use super::wire::{self, fields::Whole};
use super::{Format, interrupt, parse_duration, progress};
use clap::Args;
use exactcover::cover::{Checker, Limits, OptionId, Parallel, Problem, Progress, Report, Stats, Status, fingerprint};
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// The search options shared by every command that solves one problem.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Print the first N solutions (and count the rest).
    #[arg(long, value_name = "N")]
    print: Option<u64>,
    /// Print every solution.
    #[arg(long, conflicts_with = "print")]
    all: bool,
    /// Stop after N solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Stop after N search-tree nodes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Stop after this long, e.g. 10s, 500ms, 2m.
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    time_limit: Option<Duration>,
    /// Randomise the search (option order and ties) with this seed.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Don't check each solution with the independent checker.
    #[arg(long)]
    no_check: bool,
    /// Worker threads (0: one per core; at most 1024). The search tree is
    /// split at its top levels; counts and statistics are the same for any
    /// number.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_threads)]
    threads: usize,
    /// With threads, print solutions in the order one thread finds them.
    #[arg(long)]
    ordered: bool,
    /// Solve only part K of N (from 1), and write a JSON result for `xc merge`.
    #[arg(long, value_name = "K/N", value_parser = parse_shard, conflicts_with_all = ["estimate", "seed", "ordered", "all"])]
    shard: Option<(usize, usize)>,
    /// Estimate the size of the search tree and its running time from
    /// random probes (Knuth's method), instead of searching.
    #[arg(long, conflicts_with_all = ["print", "all", "limit"])]
    pub estimate: bool,
    /// Refuse to build a problem (with its arenas, one per thread) that
    /// would take more memory than this (e.g. 2G, 512M); the build stops
    /// with an error that names the budget. Default: half of this
    /// machine's memory.
    #[arg(long, value_name = "SIZE", value_parser = super::size::parse_size)]
    pub max_memory: Option<u64>,
    /// Probes for --estimate.
    #[arg(long, value_name = "N", default_value_t = 10_000, requires = "estimate",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub probes: u64,
}

/// The most worker threads a search takes, as for `xc sudoku`.
pub const MAX_THREADS: usize = 1024;

/// Parses a thread count from 0 (one per core) to [`MAX_THREADS`].
fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n <= MAX_THREADS => Ok(n),
        _ => Err(format!("bad thread count `{text}`: give 0 (one per core) to {MAX_THREADS}")),
    }
}

/// Parses `K/N` with 1 ≤ K ≤ N ≤ [`wire::shard::MAX_SHARDS`], the bound
/// `xc merge` takes.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad shard `{text}`: write K/N with 1 ≤ K ≤ N, e.g. 3/8");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    let max = wire::shard::MAX_SHARDS;
    if n > max {
        return Err(format!("bad shard `{text}`: at most {max} shards"));
    }
    Ok((k as usize, n as usize))
}

/// The limits the arguments ask for, with the Ctrl-C flag and the memory
/// budget. The time limit runs from the start of the process, so that
/// reading, building and searching share it.
pub fn limits(args: &SearchArgs) -> Limits {
    let mut limits = Limits::new().cancel_flag(interrupt::flag()).memory(memory_budget(args.max_memory));
    if let Some(n) = args.limit {
        limits = limits.solutions(n);
    }
    if let Some(n) = args.node_limit {
        limits = limits.nodes(n);
    }
    if let Some(t) = args.time_limit {
        limits = limits.deadline(crate::started() + t);
    }
    limits
}

/// The limits of a build outside a search: Ctrl-C and the default memory
/// budget.
pub fn build_limits() -> Limits {
    Limits::new().cancel_flag(interrupt::flag()).memory(memory_budget(None))
}

/// The memory budget: the one given, or half of this machine's memory
/// (4 GiB where that can't be read).
pub fn memory_budget(given: Option<u64>) -> u64 {
    given.unwrap_or_else(|| machine_memory().map_or(4 << 30, |m| m / 2))
}

/// The machine's memory, from `/proc/meminfo` (Linux).
fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Solves `problem` as the arguments say and writes the results.
pub fn run(problem: &Problem, args: &SearchArgs, render: Render, out: &mut dyn Write) -> Result<u8, Failure> {
    if args.estimate {
        return super::estimate::run(problem, args, out);
    }
    if args.threads != 1 && args.seed.is_some() {
        return Err(Failure::input("--seed randomises the single-threaded search: use it with --threads 1"));
    }
    threads_fit(problem, args)?;
    interrupt::doing("searching");
    let to_print = if args.all { u64::MAX } else { args.print.unwrap_or(0) };
    let mut printer = Printer::new(render, args.format, to_print);
    if let Some((k, n)) = args.shard {
        return shard(problem, args, &mut printer, k, n, out);
    }
    printer.open(out)?;
    let (stats, status) = if args.threads == 1 {
        sequential(problem, args, &mut printer, out)?
    } else {
        parallel(problem, args, &mut printer, out)?
    };
    printer.close(out, &stats, status, crate::run_time())?;
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
        let show = exactcover::cover::show_bytes;
        return Err(Failure::input(format!(
            "{threads} threads need about {} of memory ({} each, and the starting state), more than the memory budget of {}; use fewer threads, or raise it with --max-memory",
            show(needed),
            show(each),
            show(budget)
        )));
    }
    Ok(())
}

/// What the solutions a search reports go through: the independent check
/// (unless `--no-check`), then the printer. Fails on a wrong solution.
fn checked(checker: &mut Option<Checker>, solution: &[OptionId]) -> Result<(), Failure> {
    match checker {
        Some(c) => c.check(solution).map_err(Failure::wrong_answer),
        None => Ok(()),
    }
}

/// One thread: the engine's own search, with a progress bar on a terminal.
fn sequential(
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
            with_progress_bar(Some(&gauge), &found, || solver.count());
        } else {
            with_progress_bar(Some(&gauge), &found, || solver.count_checked()).map_err(Failure::wrong_answer)?;
        }
        return Ok((solver.stats(), solver.status()));
    }
    let mut checker = (!args.no_check).then(|| Checker::new(problem));
    let seen = AtomicU64::new(0);
    let searched = with_progress_bar(Some(&gauge), &|| seen.load(Relaxed), || {
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

/// Several threads on subproblems of the split tree.
fn parallel(
    problem: &Problem,
    args: &SearchArgs,
    printer: &mut Printer,
    out: &mut dyn Write,
) -> Result<(Stats, Status), Failure> {
    let search = Parallel::new(problem).threads(args.threads).with_limits(limits(args)).verify(false);
    let seen = AtomicU64::new(0);
    let report = if printer.to_print() == 0 && args.no_check {
        with_progress_bar(None, &|| 0, || search.count())
    } else if args.ordered {
        let mut checker = (!args.no_check).then(|| Checker::new(problem));
        let (searched, report) = with_progress_bar(None, &|| seen.load(Relaxed), || {
            search.for_each_ordered(|s| {
                seen.fetch_add(1, Relaxed);
                let handled = checked(&mut checker, s).and_then(|()| printer.offer(s, out));
                handled.map_or_else(ControlFlow::Break, ControlFlow::Continue)
            })
        });
        if let ControlFlow::Break(failure) = searched {
            return Err(failure);
        }
        report
    } else {
        with_progress_bar(None, &|| seen.load(Relaxed), || unordered(&search, problem, args, printer, out, &seen))?
    };
    eprintln!("{}", split_line(&report));
    Ok((report.stats, report.status))
}

/// Several threads, solutions in the order found: each worker checks its
/// own solutions, and hands the first ones to print to this thread through
/// a bounded channel, so printing never holds more than the channel.
fn unordered(
    search: &Parallel,
    problem: &Problem,
    args: &SearchArgs,
    printer: &mut Printer,
    out: &mut dyn Write,
    seen: &AtomicU64,
) -> Result<Report, Failure> {
    let to_print = printer.to_print();
    let claimed = AtomicU64::new(0);
    let (printed, (searched, report)) = std::thread::scope(|scope| {
        let (sender, receiver) = std::sync::mpsc::sync_channel::<Vec<OptionId>>(1024);
        let searching = scope.spawn(|| {
            let sender = sender;
            search.for_each_init(
                || (!args.no_check).then(|| Checker::new(problem)),
                |checker, s| {
                    if let Err(wrong) = checked(checker, s) {
                        return ControlFlow::Break(Some(wrong));
                    }
                    let n = seen.fetch_add(1, Relaxed);
                    let print = n < to_print && claimed.fetch_add(1, Relaxed) < to_print;
                    if print && sender.send(s.to_vec()).is_err() {
                        // The channel closes early only when printing has
                        // failed, and that failure is returned below.
                        return ControlFlow::Break(None);
                    }
                    ControlFlow::Continue(())
                },
            )
        });
        let mut printed = Ok(());
        while let Ok(s) = receiver.recv() {
            printed = printer.offer(&s, out);
            if printed.is_err() {
                break;
            }
        }
        // A closed channel stops the workers that print.
        drop(receiver);
        (printed, searching.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    // A wrong answer comes first, whenever printing failed.
    if let ControlFlow::Break(Some(wrong)) = searched {
        return Err(wrong);
    }
    printed.map(|()| report)
}

fn split_line(r: &Report) -> String {
    format!(
        "split at depth {} into {} subproblems; nodes per thread {:?} (imbalance {:.3}); largest subproblem {} nodes",
        r.depth,
        r.subproblems,
        r.thread_nodes,
        r.imbalance(),
        r.largest
    )
}

/// Runs `work` while a thread shows, on a terminal only, the elapsed time,
/// the solutions found so far, and with a gauge (one thread) a bar driven
/// by Knuth's estimate of the fraction done, with its eta.
fn with_progress_bar<T>(gauge: Option<&Progress>, solutions: &(dyn Fn() -> u64 + Sync), work: impl FnOnce() -> T) -> T {
    let bar = match gauge {
        Some(_) => progress::bar(1000, 0, "fraction"),
        None => progress::spinner(),
    };
    if bar.is_hidden() {
        return work();
    }
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                if let Some(gauge) = gauge {
                    bar.set_position((gauge.fraction() * 1000.0) as u64);
                }
                bar.set_message(format!("{} solutions", solutions()));
            }
            bar.finish_and_clear();
        });
        let result = work();
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        result
    })
}

/// `--shard K/N`: this shard's part, as one JSON object for `xc merge`.
/// Its printed solutions (at most `--print N`; `--all` is refused with
/// shards) are sorted, so the result doesn't depend on the threads.
fn shard(
    problem: &Problem,
    args: &SearchArgs,
    printer: &mut Printer,
    k: usize,
    n: usize,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let search = Parallel::new(problem).threads(args.threads).with_limits(limits(args)).verify(false);
    let to_print = printer.to_print();
    let kept: Mutex<Vec<Vec<OptionId>>> = Mutex::new(Vec::new());
    let (searched, report) = search.shard_for_each_init(
        k - 1,
        n,
        || (!args.no_check).then(|| Checker::new(problem)),
        |checker, s| {
            if let Err(wrong) = checked(checker, s) {
                return ControlFlow::Break(wrong);
            }
            if to_print > 0 {
                let mut kept = kept.lock().expect("no worker panicked");
                if (kept.len() as u64) < to_print {
                    kept.push(s.to_vec());
                }
            }
            ControlFlow::Continue(())
        },
    );
    if let ControlFlow::Break(wrong) = searched {
        return Err(wrong);
    }
    let mut kept = kept.into_inner().expect("no worker panicked");
    kept.sort();
    let printed: Vec<Vec<String>> =
        kept.iter().map(|s| s.iter().map(|&o| problem.format_option(o)).collect()).collect();
    let stats = &report.stats;
    let result = wire::ShardResult {
        shard: Whole(k as u64),
        of: Whole(n as u64),
        problem: format!("{:016x}", fingerprint(problem)),
        solutions: Whole(stats.solutions),
        complete: report.status.is_complete(),
        stopped: report.status.stop_reason().map(|r| r.to_string()),
        nodes: Whole(stats.nodes),
        updates: Whole(stats.updates),
        cleansings: Whole(stats.cleansings),
        guesses: Whole(stats.guesses),
        seconds: stats.elapsed.as_secs_f64(),
        depth: Whole(report.depth as u64),
        split_into: Whole(report.split_into as u64),
        subproblems: Whole(report.subproblems as u64),
        printed,
    };
    out.write_all(&wire::encode(&result))?;
    writeln!(out)?;
    // A shard with no solution is no failure: the others may have some.
    Ok(exit_code(report.status, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse() {
        assert_eq!(parse_shard("3/8"), Ok((3, 8)));
        assert!(parse_shard("0/8").is_err());
        assert!(parse_shard("9/8").is_err());
        assert!(parse_shard("3").is_err());
        assert_eq!(parse_shard("1/1048576"), Ok((1, 1 << 20)));
        assert_eq!(parse_shard("1/1048577"), Err("bad shard `1/1048577`: at most 1048576 shards".to_string()));
        assert!(parse_shard("1/99999999999999999999999").is_err());
    }
}
