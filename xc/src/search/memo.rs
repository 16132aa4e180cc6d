//! `--memo`: counting, sampling and indexing through the decision diagram
//! of all solutions ([`Solver::zdd`](exactcover::cover::Solver::zdd)),
//! instead of a search; `--memo auto` asks a quick probe first and says on
//! stderr what it chose.

use super::args::{MemoChoice, MemoMode, SearchArgs, limits};
use super::check::{checked, checker};
use crate::cli::{Format, clock};
use crate::exit::{self, Failure};
use crate::printer::{Printer, Render};
use crate::{interrupt, progress};
use exactcover::cover::{BigCount, Problem, Progress, Solver, Zdd, ZddChoice, ZddError};
use std::io::Write;

/// The most nodes `--dot-out` draws.
const MAX_DOT_NODES: usize = 5_000;

/// Runs the memo if the arguments ask for it (`None`: search instead).
pub fn run(problem: &Problem, args: &SearchArgs, render: Render, out: &mut dyn Write) -> Result<Option<u8>, Failure> {
    let mode = match (args.memo, args.needs_memo()) {
        (Some(MemoMode::Off), true) => {
            return Err(Failure::input(
                "--count, --sample, --nth, --zdd-out and --dot-out need the memo: drop --memo off",
            ));
        }
        (Some(MemoMode::Off) | None, false) => return Ok(None),
        (None, true) => MemoMode::On,
        (Some(mode), _) => mode,
    };
    if args.threads != 1 {
        return Err(Failure::input("--memo builds its diagram on one thread: drop --threads"));
    }
    let gauge = Progress::new();
    let limits = if progress::shown() { limits(args).progress(gauge.clone()) } else { limits(args) };
    let solver = problem.solver().with_limits(limits);
    let zdd = if mode == MemoMode::Auto && !args.needs_memo() {
        interrupt::doing("probing the memo");
        let probe = solver.zdd_probe();
        let what =
            format!("a probe of {} states found {} of {} lookups in the memo", probe.states, probe.hits, probe.lookups);
        if !probe.pays() {
            eprintln!("memo: off ({what}); searching");
            return Ok(None);
        }
        eprintln!("memo: on ({what})");
        match probe.zdd {
            Some(zdd) => zdd,
            None => build(&solver, &gauge, args)?,
        }
    } else {
        build(&solver, &gauge, args)?
    };
    write(&zdd, args, render, out).map(Some)
}

/// Builds the diagram, with a progress bar on a terminal.
fn build(solver: &Solver, gauge: &Progress, args: &SearchArgs) -> Result<Zdd, Failure> {
    interrupt::doing("building the diagram");
    let choice = match args.memo_choice {
        MemoChoice::Leftmost => ZddChoice::Leftmost,
        MemoChoice::Fewest => ZddChoice::FewestOptions,
    };
    progress::while_building(gauge, || solver.zdd_with(choice)).map_err(|e| match e {
        ZddError::OverBudget { .. } => {
            Failure::input(format!("{e}; raise it with --max-memory (e.g. --max-memory 16G), or search without --memo"))
        }
        ZddError::Stopped { reason, states, nodes } => Failure::Stopped {
            code: exit::for_stop(reason),
            message: format!("Stopped ({reason}) while building the diagram, after {states} states and {nodes} nodes."),
        },
        e => Failure::input(e),
    })
}

/// Writes what the arguments ask of the diagram.
fn write(zdd: &Zdd, args: &SearchArgs, render: Render, out: &mut dyn Write) -> Result<u8, Failure> {
    interrupt::doing("writing the solutions");
    let count = zdd.count();
    if let Some(path) = &args.zdd_out {
        let mut file = std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?,
        );
        zdd.write_text(&mut file)
            .and_then(|()| file.flush())
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
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
    let solutions: Vec<_> = if let Some(k) = args.sample {
        zdd.sample(usize::try_from(k).unwrap_or(usize::MAX), args.seed.unwrap_or(0))
    } else if let Some(text) = &args.nth {
        let index: BigCount = text.parse().map_err(|e| Failure::input(format!("bad --nth: {e}")))?;
        match zdd.nth(index.clone()) {
            Some(s) => vec![s],
            None => {
                return Err(Failure::input(format!(
                    "--nth {index} is past the last solution: there are {count}, numbered from 0"
                )));
            }
        }
    } else {
        let to_print = if args.all { u64::MAX } else { args.print.unwrap_or(0) };
        zdd.solutions().take(usize::try_from(to_print).unwrap_or(usize::MAX)).collect()
    };
    let mut printer = Printer::new(render, args.format, u64::MAX);
    printer.open(out)?;
    for s in &solutions {
        checked(&mut checker, s)?;
        match (&args.nth, args.format) {
            // The solution's own index, not its place in the output.
            (Some(index), Format::Text) => {
                writeln!(out, "Solution {}:", index.trim())?;
                for line in render(s) {
                    writeln!(out, "  {line}")?;
                }
            }
            _ => printer.offer(s, out)?,
        }
    }
    let stats = zdd.stats();
    match args.format {
        Format::Text => writeln!(
            out,
            "Altogether {count} solution{}, a diagram of {} nodes from {} states ({} of {} lookups found in the memo), {:.3} s (build {:.6} s).",
            if count == BigCount::from(1u64) { "" } else { "s" },
            stats.nodes,
            stats.states,
            stats.hits,
            stats.lookups,
            clock::run_time().as_secs_f64(),
            stats.elapsed.as_secs_f64(),
        )?,
        Format::Json => writeln!(
            out,
            "],\"count\":\"{count}\",\"nodes\":{},\"states\":{},\"lookups\":{},\"hits\":{},\"seconds\":{},\"build_seconds\":{}}}",
            stats.nodes,
            stats.states,
            stats.lookups,
            stats.hits,
            clock::run_time().as_secs_f64(),
            stats.elapsed.as_secs_f64()
        )?,
    }
    Ok(code)
}
