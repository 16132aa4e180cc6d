//! `xc merge`: adds up the JSON results of the shards of one search
//! (`xc cover --shard K/N`), checking that every shard is there exactly
//! once and that they all solved the same problem.

use super::exit::Failure;
use super::printer::{Printer, exit_code};
use super::{Format, input};
use exactcover::cover::{Stats, Status, StopReason};
use serde_json::Value;
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
    let mut shards: Vec<(String, Value)> = Vec::new();
    for file in &files {
        let name = input::display_name(file.as_deref());
        let bytes = input::read_all(file.as_deref())?;
        for (k, line) in String::from_utf8_lossy(&bytes).lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let v: Value = serde_json::from_str(line)
                .map_err(|e| Failure::input(format!("{name}:{}: not a shard result: {e}", k + 1)))?;
            shards.push((format!("{name}:{}", k + 1), v));
        }
    }
    let (first_at, first) = shards.first().ok_or_else(|| Failure::input("no shard results to merge"))?;
    let n = count(first, "of", first_at)?;
    if n == 0 || n > MAX_SHARDS {
        return Err(Failure::input(format!("{first_at}: \"of\" must be from 1 to {MAX_SHARDS}, not {n}")));
    }
    let problem = first.get("problem").cloned().unwrap_or(Value::Null);
    let mut seen = vec![false; n as usize];
    let mut stats = Stats::default();
    let mut status = Status::Complete;
    let mut printed = Vec::new();
    for (at, v) in &shards {
        let (k, of) = (count(v, "shard", at)?, count(v, "of", at)?);
        if of != n {
            return Err(Failure::input(format!("{at}: shard of {of} parts, but {first_at} has {n}")));
        }
        if v.get("problem") != Some(&problem) {
            return Err(Failure::input(format!("{at}: a different problem from {first_at}'s")));
        }
        if k == 0 || k > n || std::mem::replace(&mut seen[k as usize - 1], true) {
            return Err(Failure::input(format!("{at}: shard {k}/{n} is out of range or given twice")));
        }
        let seconds = match v.get("seconds") {
            None => 0.0,
            Some(s) => s
                .as_f64()
                .filter(|s| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| Failure::input(format!("{at}: \"seconds\" must be a number of seconds, not {s}")))?,
        };
        let part = Stats {
            solutions: count(v, "solutions", at)?,
            nodes: count(v, "nodes", at)?,
            updates: count(v, "updates", at)?,
            cleansings: optional_count(v, "cleansings", at)?,
            guesses: optional_count(v, "guesses", at)?,
            elapsed: Duration::try_from_secs_f64(seconds)
                .map_err(|_| Failure::input(format!("{at}: \"seconds\" is out of range: {seconds}")))?,
        };
        stats = stats.checked_add(&part).ok_or_else(|| {
            Failure::input(format!("{at}: the totals overflow (more than {} of something)", u64::MAX))
        })?;
        match v.get("complete") {
            Some(Value::Bool(true)) => {}
            Some(Value::Bool(false)) => {
                let reason = match v.get("stopped") {
                    Some(Value::String(text)) => {
                        text.parse::<StopReason>().map_err(|e| Failure::input(format!("{at}: {e}")))?
                    }
                    other => {
                        let found = other.map_or("nothing".to_string(), Value::to_string);
                        return Err(Failure::input(format!(
                            "{at}: an incomplete shard needs \"stopped\" (the reason), not {found}"
                        )));
                    }
                };
                if status == Status::Complete {
                    status = Status::Stopped(reason);
                }
            }
            other => {
                let found = other.map_or("nothing".to_string(), Value::to_string);
                return Err(Failure::input(format!("{at}: \"complete\" must be true or false, not {found}")));
            }
        }
        if let Some(p) = v.get("printed").and_then(Value::as_array) {
            printed.extend(p.iter().cloned());
        }
    }
    let missing: Vec<String> = (1..=n).filter(|&k| !seen[k as usize - 1]).map(|k| format!("{k}/{n}")).collect();
    if !missing.is_empty() {
        return Err(Failure::input(format!("missing shards: {}", missing.join(", "))));
    }
    let mut printer = Printer::new(&|_| Vec::new(), args.format, u64::MAX);
    printer.open(out)?;
    for p in &printed {
        let lines: Vec<String> =
            p.as_array().into_iter().flatten().map(|l| l.as_str().unwrap_or_default().to_string()).collect();
        printer.print_lines(&lines, out)?;
    }
    printer.close(out, &stats, status, stats.elapsed)?;
    Ok(exit_code(status, stats.solutions))
}

/// The most shards a merge takes (far more than any real run has).
const MAX_SHARDS: u64 = 1 << 20;

/// A required whole-number field: missing, or of the wrong type, is an
/// error that names it.
fn count(v: &Value, key: &str, at: &str) -> Result<u64, Failure> {
    match v.get(key) {
        None => Err(Failure::input(format!("{at}: missing \"{key}\""))),
        Some(x) => x.as_u64().ok_or_else(|| {
            Failure::input(format!("{at}: \"{key}\" must be a whole number from 0 to {}, not {x}", u64::MAX))
        }),
    }
}

/// An optional whole-number field (0 when absent).
fn optional_count(v: &Value, key: &str, at: &str) -> Result<u64, Failure> {
    if v.get(key).is_none() { Ok(0) } else { count(v, key, at) }
}
