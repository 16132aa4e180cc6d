//! `--memo`: counting, sampling and indexing through the decision diagram
//! of all solutions ([`Solver::zdd`](exactcover::cover::Solver::zdd)),
//! instead of a search; `--memo auto` asks a quick probe first and says on
//! stderr what it chose.
//!
//! Without `--memo`, a plain count or listing asks the probe too, quietly,
//! and takes the diagram where the memo pays well (tilings,
//! [`ZddProbe::pays_well`]): it then walks every solution out of the
//! diagram through the independent checker (on `--threads` threads, each
//! a range of them), the same solutions as the search finds, in the
//! diagram's order, in a fraction of the search's time. A build that
//! outgrows [`DEFAULT_NODES`] or [`DEFAULT_MEMORY`] gives way to the
//! search; `--memo=off` always searches.
//!
//! [`ZddProbe::pays_well`]: exactcover::cover::ZddProbe::pays_well

mod walk;

use super::args::{MemoChoice, MemoMode, SearchArgs, limits};
use super::check::{checked, checker};
use crate::cli::{Format, clock};
use crate::exit::{self, Failure};
use crate::printer::{Printer, Render};
use crate::{interrupt, progress};
use exactcover::cover::{BigCount, Limits, Problem, Progress, Solver, StopReason, Zdd, ZddChoice, ZddError};
use std::io::Write;
use std::time::Duration;

/// The most nodes `--dot-out` draws.
const MAX_DOT_NODES: usize = 5_000;

/// The most options of a problem for which a run without `--memo` asks
/// the probe: on bigger ones the probe's set-up costs as much as a quick
/// search, and the tilings where the memo pays have far fewer.
const DEFAULT_OPTIONS: usize = 1 << 16;

/// The longest the probe may take without `--memo`: on packings with
/// piece counts its states cost tens of microseconds each, and a probe
/// that ran to its end would add a third to a search of a tenth of a
/// second.
const DEFAULT_PROBE_TIME: Duration = Duration::from_millis(4);

/// The most nodes of a diagram taken without `--memo`, past which the
/// search is used instead.
const DEFAULT_NODES: u64 = 4_000_000;

/// The most memory a diagram taken without `--memo` may hold (or the
/// budget, if less), past which the search is used instead.
const DEFAULT_MEMORY: u64 = 1 << 30;

/// The most solutions a diagram taken without `--memo` checks one by one;
/// past it, [`SAMPLED`] drawn at random are checked, and the last line
/// says so.
const CHECK_ALL: u128 = 1 << 32;

/// Solutions checked, drawn at random, past [`CHECK_ALL`].
const SAMPLED: usize = 10_000;

/// How the memo came to be asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// `--memo`, or an option only the memo serves.
    Asked,
    /// `--memo auto`: probe, and say on stderr.
    Probe,
    /// No `--memo`: probe quietly, and check every solution.
    Default,
}

/// Runs the memo if the arguments ask for it, or, without `--memo`, if a
/// probe says it pays (`None`: search instead).
pub fn run(
    problem: &Problem,
    args: &SearchArgs,
    render: Render,
    counted: Option<&str>,
    out: &mut dyn Write,
) -> Result<Option<u8>, Failure> {
    let way = match (args.memo, args.needs_memo()) {
        (Some(MemoMode::Off), true) => {
            return Err(Failure::input(
                "--count, --sample, --nth, --zdd-out and --dot-out need the memo: drop --memo off",
            ));
        }
        (Some(MemoMode::Off), false) => return Ok(None),
        (None, false) if by_default(problem, args) => Way::Default,
        (None, false) => return Ok(None),
        (Some(MemoMode::Auto), false) => Way::Probe,
        (None | Some(MemoMode::On | MemoMode::Auto), _) => Way::Asked,
    };
    if args.threads != 1 && way != Way::Default {
        return Err(Failure::input("--memo builds its diagram on one thread: drop --threads"));
    }
    let gauge = Progress::new();
    let limits = if progress::shown() { limits(args).progress(gauge.clone()) } else { limits(args) };
    let zdd = if way == Way::Asked {
        build(&problem.solver().with_limits(limits), &gauge, args)?
    } else {
        interrupt::doing("probing the memo");
        // Without `--memo` the probe gets a few milliseconds at most: past
        // them, its lookups so far judge.
        let probe_limits = if way == Way::Default { limits.clone().time(DEFAULT_PROBE_TIME) } else { limits.clone() };
        let probe = problem.solver().with_limits(probe_limits).zdd_probe();
        let what =
            format!("a probe of {} states found {} of {} lookups in the memo", probe.states, probe.hits, probe.lookups);
        if way == Way::Probe {
            eprintln!(
                "memo: {} ({what}){}",
                if probe.pays() { "on" } else { "off" },
                if probe.pays() { "" } else { "; searching" }
            );
        }
        let pays = if way == Way::Default { probe.pays_well() } else { probe.pays() };
        match (pays, probe.zdd, way) {
            (false, _, _) => return Ok(None),
            (true, Some(zdd), _) => zdd,
            (true, None, Way::Default) => match build_or_search(problem, limits, &gauge, args)? {
                Some(zdd) => zdd,
                None => return Ok(None),
            },
            (true, None, _) => build(&problem.solver().with_limits(limits), &gauge, args)?,
        }
    };
    write(&zdd, args, render, way == Way::Default, counted, out).map(Some)
}

/// Whether a run without `--memo` may take the diagram: the whole
/// problem in its own order, no limit the search counts in solutions or
/// nodes, and at most [`DEFAULT_OPTIONS`] options. (The diagram is built
/// on one thread; `--threads` share the walk.)
fn by_default(problem: &Problem, args: &SearchArgs) -> bool {
    problem.option_count() <= DEFAULT_OPTIONS
        && args.shard.is_none()
        && args.seed.is_none()
        && args.limit.is_none()
        && args.node_limit.is_none()
        && !args.estimate
}

/// The diagram without `--memo`, within [`DEFAULT_NODES`] and
/// [`DEFAULT_MEMORY`]; `None` (search instead) past either. Ctrl-C and
/// the time limit stop the run as they would stop the search.
fn build_or_search(
    problem: &Problem,
    limits: Limits,
    gauge: &Progress,
    args: &SearchArgs,
) -> Result<Option<Zdd>, Failure> {
    let memory = limits.memory_budget().map_or(DEFAULT_MEMORY, |m| m.min(DEFAULT_MEMORY));
    let solver = problem.solver().with_limits(limits.nodes(DEFAULT_NODES).memory(memory));
    match diagram(&solver, gauge, args) {
        Ok(zdd) => Ok(Some(zdd)),
        Err(ZddError::OverBudget { .. } | ZddError::OutOfMemory { .. } | ZddError::TooLarge) => Ok(None),
        Err(ZddError::Stopped { reason: StopReason::Nodes, .. }) => Ok(None),
        Err(e) => Err(failure(e)),
    }
}

/// Builds the diagram, with a progress bar on a terminal.
fn build(solver: &Solver, gauge: &Progress, args: &SearchArgs) -> Result<Zdd, Failure> {
    diagram(solver, gauge, args).map_err(failure)
}

/// Builds the diagram by the rule `--memo-choice` names.
fn diagram(solver: &Solver, gauge: &Progress, args: &SearchArgs) -> Result<Zdd, ZddError> {
    interrupt::doing("building the diagram");
    let choice = match args.memo_choice {
        MemoChoice::Leftmost => ZddChoice::Leftmost,
        MemoChoice::Fewest => ZddChoice::FewestOptions,
    };
    progress::while_building(gauge, || solver.zdd_with(choice))
}

/// What a failed build tells the user.
fn failure(e: ZddError) -> Failure {
    match e {
        ZddError::OverBudget { .. } => {
            Failure::input(format!("{e}; raise it with --max-memory (e.g. --max-memory 16G), or search without --memo"))
        }
        ZddError::Stopped { reason, states, nodes } => Failure::Stopped {
            code: exit::for_stop(reason),
            message: format!("Stopped ({reason}) while building the diagram, after {states} states and {nodes} nodes."),
        },
        e => Failure::input(e),
    }
}

/// Writes what the arguments ask of the diagram.
fn write(
    zdd: &Zdd,
    args: &SearchArgs,
    render: Render,
    check_every: bool,
    counted: Option<&str>,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    interrupt::doing("writing the solutions");
    let count = zdd.count();
    if let Some(path) = &args.zdd_out {
        interrupt::doing(format!("writing the diagram to {}", path.display()));
        let mut file = std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?,
        );
        zdd.write_text(&mut file)
            .and_then(|()| file.flush())
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        interrupt::doing("writing the solutions");
    }
    if let Some(path) = &args.dot_out {
        if zdd.node_count() > MAX_DOT_NODES {
            return Err(Failure::input(format!(
                "the diagram has {} nodes, too many to draw (at most {MAX_DOT_NODES}); write it with --zdd-out",
                zdd.node_count()
            )));
        }
        let mut text = Vec::new();
        zdd.write_dot(&mut text)?;
        std::fs::write(path, text).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    }
    let code = if count.is_zero() { exit::NO_SOLUTION } else { exit::SOLVED };
    if args.count {
        match args.format {
            Format::Text => writeln!(out, "{count}")?,
            Format::Json => writeln!(out, "{{\"count\":\"{count}\"}}")?,
        }
        return Ok(code);
    }
    let mut checker = checker(zdd.problem(), args);
    let to_print = if args.all { u64::MAX } else { args.print.unwrap_or(0) };
    let by_index = args.sample.is_some() || args.nth.is_some();
    let mut printer = Printer::new(render, args.format, if by_index { u64::MAX } else { to_print });
    printer.open(out)?;
    let mut checks = Checks::Printed;
    if let Some(k) = args.sample {
        // Drawn and written one at a time, so memory stays flat for any
        // number; Ctrl-C and the time limit stop between two draws.
        let deadline = walk::deadline(args);
        for s in zdd.samples(args.seed.unwrap_or(0)).take(usize::try_from(k).unwrap_or(usize::MAX)) {
            if let Some(reason) = walk::stop_now(deadline) {
                close(zdd, args, checks, Some(reason), counted, out)?;
                return Ok(exit::for_stop(reason));
            }
            checked(&mut checker, &s)?;
            printer.offer(&s, out)?;
        }
    } else if let Some(text) = &args.nth {
        let index: BigCount = text.trim().parse().map_err(|e| Failure::input(format!("bad --nth: {e}")))?;
        let Some(s) = zdd.nth(index.clone()) else {
            return Err(Failure::input(format!(
                "--nth {index} is past the last solution: there are {count}, numbered from 0"
            )));
        };
        checked(&mut checker, &s)?;
        match args.format {
            // The solution's own index, not its place in the output.
            Format::Text => {
                writeln!(out, "Solution {}:", text.trim())?;
                for line in render(&s) {
                    writeln!(out, "  {line}")?;
                }
            }
            Format::Json => printer.offer(&s, out)?,
        }
    } else {
        let every = if check_every { checker.as_mut() } else { None };
        match every {
            Some(c) if zdd.count_u128().is_some_and(|n| n <= CHECK_ALL) => {
                let walked = walk::every(zdd, c, &mut printer, to_print, threads(args), args, out)?;
                checks = Checks::All(walked.solutions);
                if let Some(reason) = walked.stopped {
                    close(zdd, args, checks, Some(reason), counted, out)?;
                    return Ok(exit::for_stop(reason));
                }
                if BigCount::from(walked.solutions) != count {
                    return Err(Failure::wrong_answer(format!(
                        "the diagram counts {count} solutions, but {} were walked out of it",
                        walked.solutions
                    )));
                }
            }
            Some(c) => {
                walk::first(zdd, Some(&mut *c), &mut printer, to_print, args, out)?;
                for s in zdd.sample(SAMPLED, args.seed.unwrap_or(0)) {
                    c.check(&s).map_err(Failure::wrong_answer)?;
                }
                checks = Checks::Sampled;
            }
            None => {
                walk::first(zdd, checker.as_mut(), &mut printer, to_print, args, out)?;
            }
        }
    }
    close(zdd, args, checks, None, counted, out)?;
    Ok(code)
}

/// The threads `--threads` asks for (0: one per core).
fn threads(args: &SearchArgs) -> usize {
    match args.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
}

/// Which solutions the memo checked.
#[derive(Clone, Copy, Debug)]
enum Checks {
    /// The ones it printed.
    Printed,
    /// All of them, this many (so far, when stopped).
    All(u64),
    /// [`SAMPLED`] drawn at random, and the ones it printed.
    Sampled,
}

/// The last line: the count, what was checked, and how the diagram went.
fn close(
    zdd: &Zdd,
    args: &SearchArgs,
    checks: Checks,
    stopped: Option<StopReason>,
    counted: Option<&str>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    interrupt::settled();
    let count = zdd.count();
    let stats = zdd.stats();
    let (checked, walked) = match checks {
        Checks::All(n) => ("all", n.to_string()),
        Checks::Sampled => ("sample", "null".to_string()),
        Checks::Printed => ("printed", "null".to_string()),
    };
    match args.format {
        Format::Text => {
            let head = match (stopped, checks) {
                (Some(reason), Checks::All(n)) => format!("Stopped ({reason}) after checking {n} of"),
                (Some(reason), _) => format!("Stopped ({reason}); altogether"),
                _ => "Altogether".to_string(),
            };
            let what = match (stopped, checks) {
                (None, Checks::All(_)) => "each checked, through the memo: ".to_string(),
                (None, Checks::Sampled) => format!("{SAMPLED} of them drawn at random and checked, through the memo: "),
                (Some(_), _) => "through the memo: ".to_string(),
                _ => String::new(),
            };
            writeln!(
                out,
                "{head} {count} solution{}{}, {what}a diagram of {} nodes from {} states ({} of {} lookups found in the memo), {:.3} s (build {:.6} s).",
                if count == BigCount::from(1u64) { "" } else { "s" },
                counted.map(|c| format!(" ({c})")).unwrap_or_default(),
                stats.nodes,
                stats.states,
                stats.hits,
                stats.lookups,
                clock::run_time().as_secs_f64(),
                stats.elapsed.as_secs_f64(),
            )?
        }
        Format::Json => writeln!(
            out,
            "],\"count\":\"{count}\",\"solutions\":{},\"complete\":{},\"checked\":\"{checked}\",\"walked\":{walked},\"stopped\":{},\"nodes\":{},\"states\":{},\"lookups\":{},\"hits\":{},\"seconds\":{},\"build_seconds\":{}}}",
            // As a search's line has them; `count` holds any size.
            zdd.count_u128().and_then(|n| u64::try_from(n).ok()).map_or("null".to_string(), |n| n.to_string()),
            stopped.is_none(),
            stopped.map_or("null".to_string(), |r| format!("\"{r}\"")),
            stats.nodes,
            stats.states,
            stats.lookups,
            stats.hits,
            clock::run_time().as_secs_f64(),
            stats.elapsed.as_secs_f64()
        )?,
    }
    Ok(())
}
