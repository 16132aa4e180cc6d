//! `xc merge`: adds up the JSON results of the shards of one search
//! (`xc cover --shard K/N`), checking that every shard is there exactly
//! once and that they all solved the same problem.

use super::exit::Failure;
use super::printer::{Printer, exit_code};
use super::wire::{self, ShardResult};
use super::{Format, input};
use exactcover::cover::{Stats, Status, StopReason};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `xc merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Files of shard results (one JSON object per line); `-` or nothing
    /// reads standard input.
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs `xc merge`.
pub fn run(args: &MergeArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let files: Vec<Option<PathBuf>> =
        if args.files.is_empty() { vec![None] } else { args.files.iter().cloned().map(Some).collect() };
    let mut shards: Vec<(String, ShardResult)> = Vec::new();
    for file in &files {
        let name = input::display_name(file.as_deref());
        let bytes = input::read_all(file.as_deref())?;
        for (k, line) in String::from_utf8_lossy(&bytes).lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let at = format!("{name}:{}", k + 1);
            let result = wire::decode::<ShardResult>(line.as_bytes())
                .map_err(|e| Failure::input(format!("{at}: not a shard result: {e}")))?;
            shards.push((at, result));
        }
    }
    let (first_at, first) = shards.first().ok_or_else(|| Failure::input("no shard results to merge"))?;
    let n = first.of.0;
    if n == 0 || n > MAX_SHARDS {
        return Err(Failure::input(format!("{first_at}: \"of\" must be from 1 to {MAX_SHARDS}, not {n}")));
    }
    let mut seen = vec![false; n as usize];
    let mut stats = Stats::default();
    let mut status = Status::Complete;
    let mut printed = Vec::new();
    for (at, shard) in &shards {
        let (k, of) = (shard.shard.0, shard.of.0);
        if of != n {
            return Err(Failure::input(format!("{at}: shard of {of} parts, but {first_at} has {n}")));
        }
        if shard.problem != first.problem {
            return Err(Failure::input(format!("{at}: a different problem from {first_at}'s")));
        }
        if k == 0 || k > n || std::mem::replace(&mut seen[k as usize - 1], true) {
            return Err(Failure::input(format!("{at}: shard {k}/{n} is out of range or given twice")));
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
            (true, _) => {}
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
        printed.extend(shard.printed.iter().cloned());
    }
    let missing: Vec<String> = (1..=n).filter(|&k| !seen[k as usize - 1]).map(|k| format!("{k}/{n}")).collect();
    if !missing.is_empty() {
        return Err(Failure::input(format!("missing shards: {}", missing.join(", "))));
    }
    let mut printer = Printer::new(&|_| Vec::new(), args.format, u64::MAX);
    printer.open(out)?;
    for lines in &printed {
        printer.print_lines(lines, out)?;
    }
    printer.close(out, &stats, status, stats.elapsed)?;
    Ok(exit_code(status, stats.solutions))
}

/// The most shards a merge takes (far more than any real run has).
const MAX_SHARDS: u64 = 1 << 20;
