//! Solving one problem from the command line: limits, printing, the
//! statistics line, JSON, the exit code, and the ways to run a big search
//! (threads, shards, a progress bar, an estimate first). Shared by `xc
//! cover` and the puzzle subcommands.

use super::exit::{self, Failure};
use super::{Format, interrupt, parse_duration, progress};
use clap::Args;
use exactcover::cover::{
    Limits, OptionId, Parallel, Problem, Progress, Report, Stats, Status, check_solution, fingerprint,
};
use serde_json::{Value, json};
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Mutex;
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
    seed: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
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
    #[arg(long, value_name = "K/N", value_parser = parse_shard, conflicts_with_all = ["estimate", "seed", "ordered"])]
    shard: Option<(usize, usize)>,
    /// Estimate the size of the search tree and its running time from
    /// random probes (Knuth's method), instead of searching.
    #[arg(long, conflicts_with_all = ["print", "all", "limit"])]
    estimate: bool,
    /// Probes for --estimate.
    #[arg(long, value_name = "N", default_value_t = 10_000, requires = "estimate")]
    probes: u64,
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

/// Parses `K/N` with 1 ≤ K ≤ N.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad shard `{text}`: write K/N with 1 ≤ K ≤ N, e.g. 3/8");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// Turns a solution into the lines a person reads.
pub type Render<'a> = &'a (dyn Fn(&[OptionId]) -> Vec<String> + Sync);

/// The limits the arguments ask for, with the Ctrl-C flag.
pub fn limits(args: &SearchArgs) -> Limits {
    let mut limits = Limits::new().cancel_flag(interrupt::flag());
    if let Some(n) = args.limit {
        limits = limits.solutions(n);
    }
    if let Some(n) = args.node_limit {
        limits = limits.nodes(n);
    }
    if let Some(t) = args.time_limit {
        limits = limits.time(t);
    }
    limits
}

/// Solves `problem` as the arguments say and writes the results.
pub fn run(problem: &Problem, args: &SearchArgs, render: Render, out: &mut dyn Write) -> Result<u8, Failure> {
    if args.estimate {
        return estimate(problem, args, out);
    }
    if args.threads != 1 && args.seed.is_some() {
        return Err(Failure::input("--seed randomises the single-threaded search: use it with --threads 1"));
    }
    let printer = Printer::new(problem, args, render);
    if let Some((k, n)) = args.shard {
        return shard(problem, args, &printer, k, n, out);
    }
    let (stats, status) = if args.threads == 1 {
        sequential(problem, args, &printer, out)?
    } else {
        parallel(problem, args, &printer, out)?
    };
    printer.finish(out)?;
    summary(out, args.format, &stats, status, json!(printer.take_printed()))?;
    Ok(exit_code(status, stats.solutions))
}

/// Prints (or keeps, for JSON) the first solutions, and checks each one.
struct Printer<'a> {
    problem: &'a Problem,
    render: Render<'a>,
    format: Format,
    check: bool,
    to_print: u64,
    state: Mutex<PrintState>,
}

#[derive(Default)]
struct PrintState {
    count: u64,
    printed: Vec<Vec<String>>,
    text: String,
    failure: Option<Failure>,
}

impl<'a> Printer<'a> {
    fn new(problem: &'a Problem, args: &SearchArgs, render: Render<'a>) -> Printer<'a> {
        Printer {
            problem,
            render,
            format: args.format,
            check: !args.no_check,
            to_print: if args.all { u64::MAX } else { args.print.unwrap_or(0) },
            state: Mutex::new(PrintState::default()),
        }
    }

    /// Handles one solution; `out` receives text as it comes (when not
    /// `None`), else it is kept for `finish`.
    fn visit(&self, solution: &[OptionId], out: Option<&mut dyn Write>) -> ControlFlow<()> {
        let mut state = self.state.lock().expect("no printer panicked");
        state.count += 1;
        if self.check {
            if let Err(e) = check_solution(self.problem, solution) {
                state.failure = Some(Failure::wrong_answer(e));
                return ControlFlow::Break(());
            }
        }
        if state.count > self.to_print {
            return ControlFlow::Continue(());
        }
        let lines = (self.render)(solution);
        match self.format {
            Format::Json => state.printed.push(lines),
            Format::Text => {
                let mut text = format!("Solution {}:\n", state.count);
                for l in &lines {
                    text.push_str(&format!("  {l}\n"));
                }
                match out {
                    Some(out) => {
                        if let Err(e) = out.write_all(text.as_bytes()) {
                            state.failure = Some(e.into());
                            return ControlFlow::Break(());
                        }
                    }
                    None => state.text.push_str(&text),
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn finish(&self, out: &mut dyn Write) -> Result<(), Failure> {
        let mut state = self.state.lock().expect("no printer panicked");
        if let Some(f) = state.failure.take() {
            return Err(f);
        }
        out.write_all(state.text.as_bytes())?;
        state.text.clear();
        Ok(())
    }

    /// Solutions seen so far.
    fn found(&self) -> u64 {
        self.state.lock().map_or(0, |s| s.count)
    }

    fn take_printed(&self) -> Vec<Vec<String>> {
        std::mem::take(&mut self.state.lock().expect("no printer panicked").printed)
    }
}

/// One thread: the engine's own search, with a progress bar on a terminal.
fn sequential(
    problem: &Problem,
    args: &SearchArgs,
    printer: &Printer,
    out: &mut dyn Write,
) -> Result<(Stats, Status), Failure> {
    let gauge = Progress::new();
    let mut solver = problem.solver().with_limits(limits(args).progress(gauge.clone()));
    if let Some(seed) = args.seed {
        solver.set_seed(Some(seed));
    }
    solver.set_verify(false);
    let found = || printer.found();
    let status = with_progress_bar(Some(&gauge), &found, || solver.for_each(|s| printer.visit(s, Some(&mut *out))));
    Ok((solver.stats(), status))
}

/// Several threads on subproblems of the split tree.
fn parallel(
    problem: &Problem,
    args: &SearchArgs,
    printer: &Printer,
    out: &mut dyn Write,
) -> Result<(Stats, Status), Failure> {
    let search = Parallel::new(problem).threads(args.threads).with_limits(limits(args)).verify(false);
    let printing = args.all || args.print.is_some();
    let found = || printer.found();
    let report = with_progress_bar(None, &found, || {
        if !printing && args.no_check {
            search.count()
        } else if args.ordered {
            search.for_each_ordered(|s| printer.visit(s, Some(&mut *out)))
        } else {
            search.for_each(|s| printer.visit(s, None))
        }
    });
    eprintln!("{}", split_line(&report));
    Ok((report.stats, report.status))
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
fn shard(
    problem: &Problem,
    args: &SearchArgs,
    printer: &Printer,
    k: usize,
    n: usize,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let search = Parallel::new(problem).threads(args.threads).with_limits(limits(args)).verify(false);
    let report = search.shard_for_each(k - 1, n, |s| printer.visit(s, None));
    printer.finish(&mut std::io::sink())?;
    let mut printed = printer.take_printed();
    printed.sort();
    let mut value = stats_json(&report.stats, report.status);
    for (key, v) in [
        ("shard", json!(k)),
        ("of", json!(n)),
        ("problem", json!(format!("{:016x}", fingerprint(problem)))),
        ("seconds", json!(report.stats.elapsed.as_secs_f64())),
        ("depth", json!(report.depth)),
        ("subproblems", json!(report.subproblems)),
        ("printed", json!(printed)),
    ] {
        value[key] = v;
    }
    writeln!(out, "{value}")?;
    // A shard with no solution is no failure: the others may have some.
    Ok(exit_code(report.status, 1))
}

/// `--estimate`: Knuth's Monte Carlo estimate of the whole search.
fn estimate(problem: &Problem, args: &SearchArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let mut solver = problem.solver();
    let e = solver.estimate(args.probes, args.seed.unwrap_or(1), Duration::from_millis(200));
    match args.format {
        Format::Text => writeln!(
            out,
            "Estimate from {} probes: about {:.3e} nodes, {:.3e} updates, {:.3e} solutions; about {:.1} s at {:.0} M updates/s.",
            e.probes,
            e.nodes,
            e.updates,
            e.solutions,
            e.time().as_secs_f64(),
            e.updates_per_second / 1e6
        )?,
        Format::Json => writeln!(
            out,
            "{}",
            json!({"probes": e.probes, "nodes": e.nodes, "updates": e.updates, "solutions": e.solutions,
                   "seconds": e.time().as_secs_f64(), "updates_per_second": e.updates_per_second})
        )?,
    }
    Ok(exit::SOLVED)
}

/// The counts and statistics of a search as a JSON object.
pub fn stats_json(stats: &Stats, status: Status) -> Value {
    json!({
        "solutions": stats.solutions,
        "complete": status.is_complete(),
        "stopped": status.stop_reason().map(|r| r.to_string()),
        "nodes": stats.nodes,
        "updates": stats.updates,
        "cleansings": stats.cleansings,
        "guesses": stats.guesses,
    })
}

/// Writes DLX1's last line (or the JSON object) for a finished search.
pub fn summary(
    out: &mut dyn Write,
    format: Format,
    stats: &Stats,
    status: Status,
    printed: Value,
) -> Result<(), Failure> {
    match format {
        Format::Text => {
            let head = match status {
                Status::Stopped(r) => format!("Stopped ({r}) after"),
                _ => "Altogether".to_string(),
            };
            writeln!(
                out,
                "{head} {} solution{}, {} updates, {} nodes{}, {:.3} s ({:.1} M updates/s).",
                stats.solutions,
                if stats.solutions == 1 { "" } else { "s" },
                stats.updates,
                stats.nodes,
                if stats.cleansings > 0 { format!(", {} cleansings", stats.cleansings) } else { String::new() },
                stats.elapsed.as_secs_f64(),
                stats.updates_per_second() / 1e6,
            )?;
        }
        Format::Json => {
            let mut value = stats_json(stats, status);
            value["seconds"] = json!(stats.elapsed.as_secs_f64());
            value["printed"] = printed;
            writeln!(out, "{value}")?;
        }
    }
    Ok(())
}

/// The exit code for a search that ended with `status`.
pub fn exit_code(status: Status, solutions: u64) -> u8 {
    match status {
        Status::Stopped(r) => exit::for_stop(r),
        _ if solutions == 0 => exit::NO_SOLUTION,
        _ => exit::SOLVED,
    }
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
    }

    #[test]
    fn knuths_progress_estimate() {
        assert_eq!(Progress::estimate(&[]), 0.5);
        assert_eq!(Progress::estimate(&[(2, 1)]), 0.75);
        assert_eq!(Progress::estimate(&[(4, 2), (2, 0)]), 0.5 + 0.0625);
    }
}
