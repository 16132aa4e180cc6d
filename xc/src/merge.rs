//! `xc merge`: adds up the JSON results of the shards of one search
//! (`xc cover --shard K/N`), checking that every shard is there exactly
//! once, that they all solved the same problem split the same way, and
//! that what they printed can be solutions (see `printed`).
//!
//! The input is read a line at a time, and all of it together is capped
//! by `--max-input`, so a huge or endless stream ends in an error.

use crate::cli::{Format, parse_size};
use crate::exit::Failure;
use crate::printer::{Printer, exit_code};
use crate::wire::shard::MAX_SHARDS;
use crate::wire::{self, ShardResult};
use crate::{cover, input, interrupt, search};
use exactcover::cover::{Stats, Status, StopReason, fingerprint};
use exactcover::text::Escaped;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

mod printed;

/// Arguments of `xc merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Files of shard results (one JSON object per line); `-` or nothing
    /// reads standard input.
    files: Vec<PathBuf>,
    /// The problem the shards solved, in the DLX format: each shard must
    /// carry its fingerprint, and each solution a shard printed is checked
    /// against it. Without it, printed solutions are only checked for
    /// their form and number.
    #[arg(long, value_name = "FILE")]
    problem: Option<PathBuf>,
    /// Read at most this much of the shard results, all files together
    /// (e.g. 512M, 4G), and as much of the problem: a larger input is an
    /// error. A shard's result is a few hundred bytes, plus the solutions
    /// it printed (`--print N`).
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_size)]
    max_input: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs `xc merge`.
pub fn run(args: &MergeArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let files: Vec<Option<&Path>> =
        if args.files.is_empty() { vec![None] } else { args.files.iter().map(|f| Some(f.as_path())).collect() };
    let stdin = |f: &Option<&Path>| f.is_none_or(|p| p == Path::new("-"));
    if args.problem.as_deref().is_some_and(|p| stdin(&Some(p))) && files.iter().any(stdin) {
        return Err(Failure::input("the problem and the shard results can't both come from standard input"));
    }
    let problem = match args.problem.as_deref() {
        Some(file) => Some((
            input::display_name(Some(file)),
            cover::read_problem(Some(file), args.max_input, &search::build_limits())?,
        )),
        None => None,
    };
    let mut shards: Vec<(String, ShardResult)> = Vec::new();
    let mut budget = args.max_input;
    // Ctrl-C stops the reading and the checks between two lines or two
    // shards (the watchdog ends one long line).
    let _ = interrupt::flag();
    interrupt::doing("reading the shard results");
    for &file in &files {
        read_shards(file, args.max_input, &mut budget, &mut shards)?;
    }
    interrupt::doing("checking the shard results");
    let (first_at, first) = shards.first().ok_or_else(|| Failure::input("no shard results to merge"))?;
    let n = first.of.0;
    if n == 0 || n > MAX_SHARDS {
        return Err(Failure::input(format!("{first_at}: \"of\" must be from 1 to {MAX_SHARDS}, not {n}")));
    }
    let mut checker = problem.as_ref().map(|(name, p)| printed::Checked::new(name, p));
    let wanted = problem.as_ref().map(|(_, p)| format!("{:016x}", fingerprint(p)));
    let mut seen = vec![false; n as usize];
    let mut stats = Stats::default();
    let mut status = Status::Complete;
    let mut split: Option<(&str, u64, u64)> = None;
    for (at, shard) in &shards {
        if interrupt::raised() {
            return Err(interrupted("checking the shard results", at));
        }
        let (k, of) = (shard.shard.0, shard.of.0);
        if of != n {
            return Err(Failure::input(format!("{at}: shard of {of} parts, but {first_at} has {n}")));
        }
        if !is_fingerprint(&shard.problem) {
            return Err(Failure::input(format!(
                "{at}: \"problem\" must be 16 hex digits, not \"{}\"",
                Escaped(&shard.problem)
            )));
        }
        match (&wanted, &problem) {
            (Some(w), Some((name, _))) if *w != shard.problem => {
                return Err(Failure::input(format!(
                    "{at}: the shard solved problem {}, but {name} is problem {w}",
                    shard.problem
                )));
            }
            _ if shard.problem != first.problem => {
                return Err(Failure::input(format!("{at}: a different problem from {first_at}'s")));
            }
            _ => {}
        }
        if k == 0 || k > n || std::mem::replace(&mut seen[k as usize - 1], true) {
            return Err(Failure::input(format!("{at}: shard {k}/{n} is out of range or given twice")));
        }
        if shard.complete {
            check_split(at, shard, &mut split)?;
        }
        let seconds = Some(shard.seconds).filter(|s| s.is_finite() && *s >= 0.0).ok_or_else(|| {
            Failure::input(format!("{at}: \"seconds\" must be a number of seconds, not {}", shard.seconds))
        })?;
        let part = Stats {
            solutions: shard.solutions.0,
            nodes: shard.nodes.0,
            updates: shard.updates.0,
            cleansings: shard.cleansings.0,
            guesses: shard.guesses.0,
            elapsed: Duration::try_from_secs_f64(seconds)
                .map_err(|_| Failure::input(format!("{at}: \"seconds\" is out of range: {seconds}")))?,
        };
        stats = stats.checked_add(&part).ok_or_else(|| {
            Failure::input(format!("{at}: the totals overflow (more than {} of something)", u64::MAX))
        })?;
        match (shard.complete, &shard.stopped) {
            (true, None) => {}
            (true, Some(_)) => {
                return Err(Failure::input(format!("{at}: a complete shard has no \"stopped\" reason (null)")));
            }
            (false, Some(text)) => {
                let reason = text.parse::<StopReason>().map_err(|e| Failure::input(format!("{at}: {e}")))?;
                if status == Status::Complete {
                    status = Status::Stopped(reason);
                }
            }
            (false, None) => {
                return Err(Failure::input(format!("{at}: an incomplete shard needs \"stopped\" (the reason)")));
            }
        }
        printed::check(at, shard, checker.as_mut())?;
    }
    let missing: Vec<u64> = (1..=n).filter(|&k| !seen[k as usize - 1]).collect();
    if !missing.is_empty() {
        // The first few by name, the rest counted (2^20 shards would make
        // a line of megabytes).
        let named: Vec<String> = missing.iter().take(MISSING_NAMED).map(|k| format!("{k}/{n}")).collect();
        let more = match missing.len().saturating_sub(MISSING_NAMED) {
            0 => String::new(),
            more => format!(" and {more} more"),
        };
        return Err(Failure::input(format!("missing shards: {}{more}", named.join(", "))));
    }
    if problem.is_none() && shards.iter().any(|(_, s)| !s.printed.is_empty()) {
        eprintln!("note: the printed solutions were checked for their form only; give --problem FILE to check them");
    }
    let mut printer = Printer::new(&|_| Vec::new(), args.format, u64::MAX);
    printer.open(out)?;
    for (_, shard) in &shards {
        for lines in &shard.printed {
            printer.print_lines(lines, out)?;
        }
    }
    printer.close(out, &stats, status, stats.elapsed)?;
    Ok(exit_code(status, stats.solutions))
}

/// Reads the shard results of one input, a line at a time, into `shards`
/// (with their places, `FILE:LINE`). `budget` is what is left of the
/// `limit` on all the inputs together.
fn read_shards(
    file: Option<&Path>,
    limit: u64,
    budget: &mut u64,
    shards: &mut Vec<(String, ShardResult)>,
) -> Result<(), Failure> {
    let name = input::display_name(file);
    let failed = |e: std::io::Error| Failure::input(format!("{name}: {}", input::describe(&e)));
    let source: Box<dyn Read> = match file {
        Some(p) if p != Path::new("-") => Box::new(input::open(p).map_err(failed)?),
        _ => Box::new(input::stdin()),
    };
    let mut reader = BufReader::with_capacity(1 << 16, source);
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let read = (&mut reader).take(budget.saturating_add(1)).read_until(b'\n', &mut line).map_err(failed)?;
        if read == 0 {
            return Ok(());
        }
        let at = format!("{name}:{number}");
        *budget = budget.checked_sub(read as u64).ok_or_else(|| {
            Failure::input(format!(
                "{at}: the input is longer than the limit of {limit} bytes; raise it with --max-input"
            ))
        })?;
        if interrupt::raised() {
            return Err(interrupted("reading the shard results", &at));
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        // A byte-order mark first (PowerShell's `Out-File`) is no JSON.
        let text = if number == 1 { line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&line) } else { &line };
        let result = wire::decode::<ShardResult>(text).map_err(|e| {
            // A result spread over lines (pretty-printed) ends early.
            let whole = if e.to_string().contains("EOF while parsing") {
                "; a shard's result is one JSON object on one line, as `xc cover --shard` writes it"
            } else {
                ""
            };
            Failure::input(format!("{at}: not a shard result: {}{whole}", Escaped(&e.to_string())))
        })?;
        shards.push((at, result));
    }
    Ok(())
}

/// The missing shards a message names (the rest are counted).
const MISSING_NAMED: usize = 10;

/// The stop at Ctrl-C while `doing`, at `at` (`FILE:LINE`).
fn interrupted(doing: &str, at: &str) -> Failure {
    Failure::Stopped {
        code: crate::exit::INTERRUPTED,
        message: format!("Stopped ({}) while {doing}, at {at}.", StopReason::Cancelled),
    }
}

/// Whether a text is a problem's fingerprint: 16 hex digits.
fn is_fingerprint(text: &str) -> bool {
    text.len() == 16 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Checks that a shard that ran to its end was split as the others that
/// did (`split`: the first one's place, depth and subproblems), and that it
/// solved its share of the subproblems: shard K of N takes every N-th from
/// the K-th. (A stopped shard may have been stopped while splitting.)
fn check_split<'a>(at: &'a str, shard: &ShardResult, split: &mut Option<(&'a str, u64, u64)>) -> Result<(), Failure> {
    let (depth, all) = (shard.depth.0, shard.split_into.0);
    let &mut (first_at, first_depth, first_all) = split.get_or_insert((at, depth, all));
    if (depth, all) != (first_depth, first_all) {
        return Err(Failure::input(format!(
            "{at}: split at depth {depth} into {all} subproblems, but {first_at} at depth {first_depth} into \
             {first_all}: the shards of one search are split alike"
        )));
    }
    let (k, n) = (shard.shard.0 - 1, shard.of.0);
    let share = all.saturating_sub(k).div_ceil(n);
    if shard.subproblems.0 != share {
        return Err(Failure::input(format!(
            "{at}: solved {} subproblems, but shard {}/{n} of {all} has {share}",
            shard.subproblems.0, shard.shard.0
        )));
    }
    Ok(())
}
