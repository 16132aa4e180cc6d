//! `--shard K/N`: one part of a search split over processes or machines,
//! written as one JSON object for `xc merge`.

use super::args::{SearchArgs, limits};
use super::check::{checked, checker};
use crate::exit::Failure;
use crate::printer::{Printer, exit_code};
use crate::wire::{self, fields::Whole};
use exactcover::cover::{OptionId, Parallel, Problem, fingerprint};
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Mutex;

/// `--shard K/N`: this shard's part, as one JSON object for `xc merge`.
/// Its printed solutions (at most `--print N`; `--all` is refused with
/// shards) are sorted, so the result doesn't depend on the threads.
pub fn run(
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
    let (searched, report) = if to_print == 0 {
        // Counting: the solutions are checked in the engine's loop, as one
        // thread's count does.
        let (checked, report) =
            if args.no_check { (Ok(()), search.shard(k - 1, n)) } else { search.shard_count_checked(k - 1, n) };
        (checked.map_or_else(|e| ControlFlow::Break(Failure::wrong_answer(e)), ControlFlow::Continue), report)
    } else {
        search.shard_for_each_init(
            k - 1,
            n,
            || checker(problem, args),
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
        )
    };
    if let ControlFlow::Break(wrong) = searched {
        return Err(wrong);
    }
    let mut kept = kept.into_inner().expect("no worker panicked");
    kept.sort();
    // As `xc cover` prints them: names escaped, so `xc merge` prints no
    // control character either.
    let printed: Vec<Vec<String>> = kept.iter().map(|s| printer.render(s)).collect();
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
    crate::interrupt::settled();
    out.write_all(&wire::encode(&result))?;
    writeln!(out)?;
    // A shard with no solution is no failure: the others may have some.
    Ok(exit_code(report.status, 1))
}
