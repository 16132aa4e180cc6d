//! Solving one problem from the command line: limits, printing, the
//! statistics line, JSON, and the exit code. Shared by `xc cover` and the
//! puzzle subcommands.

use super::exit::{self, Failure};
use super::{Format, SearchArgs, interrupt};
use exactcover::cover::{Limits, OptionId, Problem, Status, StopReason, check_solution};
use serde_json::json;
use std::io::Write;
use std::ops::ControlFlow;

/// Turns a solution into the lines a person reads.
pub type Render<'a> = &'a dyn Fn(&[OptionId]) -> Vec<String>;

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
pub fn run(
    problem: &Problem,
    args: &SearchArgs,
    render: Render,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    let mut solver = problem.solver().with_limits(limits(args));
    if let Some(seed) = args.seed {
        solver.set_seed(Some(seed));
    }
    solver.set_verify(false);
    let to_print = if args.all {
        u64::MAX
    } else {
        args.print.unwrap_or(0)
    };
    let mut printed = Vec::new();
    let mut count = 0u64;
    let mut failure = None;
    let status = solver.for_each(|solution| {
        count += 1;
        if !args.no_check {
            if let Err(e) = check_solution(problem, solution) {
                failure = Some(Failure::Error {
                    code: 70,
                    message: format!("internal error: wrong solution: {e}"),
                });
                return ControlFlow::Break(());
            }
        }
        if count <= to_print {
            let lines = render(solution);
            match args.format {
                Format::Text => {
                    let written = writeln!(out, "Solution {count}:")
                        .and_then(|_| lines.iter().try_for_each(|l| writeln!(out, "  {l}")));
                    if let Err(e) = written {
                        failure = Some(e.into());
                        return ControlFlow::Break(());
                    }
                }
                Format::Json => printed.push(lines),
            }
        }
        ControlFlow::Continue(())
    });
    if let Some(f) = failure {
        return Err(f);
    }
    let stats = solver.stats();
    match args.format {
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
                if stats.cleansings > 0 {
                    format!(", {} cleansings", stats.cleansings)
                } else {
                    String::new()
                },
                stats.elapsed.as_secs_f64(),
                stats.updates_per_second() / 1e6,
            )?;
        }
        Format::Json => {
            let value = json!({
                "solutions": stats.solutions,
                "complete": status.is_complete(),
                "stopped": status.stop_reason().map(|r| r.to_string()),
                "nodes": stats.nodes,
                "updates": stats.updates,
                "cleansings": stats.cleansings,
                "seconds": stats.elapsed.as_secs_f64(),
                "printed": printed,
            });
            writeln!(out, "{value}")?;
        }
    }
    Ok(exit_code(status, stats.solutions))
}

/// The exit code for a search that ended with `status`.
pub fn exit_code(status: Status, solutions: u64) -> u8 {
    match status {
        Status::Stopped(StopReason::Cancelled) => exit::INTERRUPTED,
        Status::Stopped(_) => exit::LIMIT,
        _ if solutions == 0 => exit::NO_SOLUTION,
        _ => exit::SOLVED,
    }
}
