//! The options of a search on the command line (`--limit`, `--threads`,
//! `--shard`, `--estimate`, …), shared by `xc cover` and the puzzle
//! commands, and the limits they make.

use crate::cli::{Format, parse_duration, parse_size};
use crate::exit::Failure;
use crate::{interrupt, wire};
use clap::Args;
use exactcover::cover::Limits;
use std::time::Duration;

/// The search options shared by every command that solves one problem.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Print the first N solutions (and count the rest).
    #[arg(long, value_name = "N")]
    pub(super) print: Option<u64>,
    /// Print every solution.
    #[arg(long, conflicts_with = "print")]
    pub(super) all: bool,
    /// Stop after N solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) limit: Option<u64>,
    /// Stop after N search-tree nodes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) node_limit: Option<u64>,
    /// Stop after this long, e.g. 10s, 500ms, 2m.
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub(super) time_limit: Option<Duration>,
    /// Randomise the search (option order and ties) with this seed.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Don't check each solution with the independent checker.
    #[arg(long)]
    pub(super) no_check: bool,
    /// Worker threads (0: one per core; at most 1024). The search tree is
    /// split at its top levels; counts and statistics are the same for any
    /// number.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_threads)]
    pub(super) threads: usize,
    /// With threads, print solutions in the order one thread finds them.
    #[arg(long)]
    pub(super) ordered: bool,
    /// Solve only part K of N (from 1), and write a JSON result for `xc merge`.
    #[arg(long, value_name = "K/N", value_parser = parse_shard, conflicts_with_all = ["estimate", "seed", "ordered", "all"])]
    pub(super) shard: Option<(usize, usize)>,
    /// Estimate the size of the search tree and its running time from
    /// random probes (Knuth's method), instead of searching.
    #[arg(long, conflicts_with_all = ["print", "all", "limit"])]
    pub estimate: bool,
    /// Refuse to build a problem (with its arenas, one per thread) that
    /// would take more memory than this (e.g. 2G, 512M); the build stops
    /// with an error that names the budget. Default: half of this
    /// machine's memory.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<u64>,
    /// Count, sample and index through a decision diagram of all solutions,
    /// memoised on the items that remain (`on`, the default of a bare
    /// `--memo`), or choose by a quick probe and say which on stderr
    /// (`auto`). Pays off on tilings (8x8 dominoes in a millisecond), not
    /// on queens or pentominoes.
    #[arg(long, value_enum, value_name = "WHEN", num_args = 0..=1, default_missing_value = "on",
          require_equals = true)]
    pub memo: Option<MemoMode>,
    /// The item the memo's search branches on: the first one left
    /// (`leftmost`, best for tilings) or the one with the fewest options
    /// (`fewest`, for packings with pieces, such as pentominoes).
    #[arg(long, value_enum, value_name = "RULE", default_value_t = MemoChoice::Leftmost)]
    pub memo_choice: MemoChoice,
    /// With the memo: print only the number of solutions.
    #[arg(long, conflicts_with_all = ["print", "all", "sample", "nth"])]
    pub(super) count: bool,
    /// Draw K solutions uniformly at random (independently, so repeats
    /// can come), seeded by --seed (0 by default); uses the memo.
    #[arg(long, value_name = "K", conflicts_with_all = ["print", "all", "nth"])]
    pub(super) sample: Option<u64>,
    /// Print the solution with index I (from 0) in the diagram's order;
    /// uses the memo.
    #[arg(long, value_name = "I", conflicts_with_all = ["print", "all"])]
    pub(super) nth: Option<String>,
    /// Write the diagram as text (`# exactcover zdd 1`, then one node a
    /// line, children first: its number, option, lo and hi); uses the memo.
    #[arg(long, value_name = "FILE")]
    pub(super) zdd_out: Option<std::path::PathBuf>,
    /// Write the diagram for Graphviz (at most 5,000 nodes); uses the memo.
    #[arg(long, value_name = "FILE")]
    pub(super) dot_out: Option<std::path::PathBuf>,
    /// Probes for --estimate.
    #[arg(long, value_name = "N", default_value_t = 10_000, requires = "estimate",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub probes: u64,
}

/// When to count through the decision diagram (`--memo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MemoMode {
    /// Always.
    On,
    /// When a quick probe says it pays.
    Auto,
    /// Never (the search).
    Off,
}

/// The memo's branching rule (`--memo-choice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MemoChoice {
    /// The first item left.
    Leftmost,
    /// The item with the fewest options that fit.
    Fewest,
}

impl SearchArgs {
    /// Refuses `--memo` (on or auto), or what only the memo gives
    /// (`--count`, `--sample`, ...), with what only a search does: an
    /// estimate, a shard, a solution limit (the memo would leave them
    /// out: each shard of `--count --shard K/N` would count the whole).
    /// `--memo=off` searches, and takes them all. Asked by each command
    /// before it reads or builds its problem.
    pub fn memo_fits(&self) -> Result<(), Failure> {
        let (memo, off) = match (self.memo, self.memo_implied_by()) {
            (Some(MemoMode::Off), _) | (None, None) => return Ok(()),
            (Some(MemoMode::On | MemoMode::Auto), _) => ("--memo", "; search with --memo=off"),
            (None, Some(flag)) => (flag, ""),
        };
        let clash =
            [(self.estimate, "--estimate"), (self.shard.is_some(), "--shard"), (self.limit.is_some(), "--limit")];
        match clash.iter().find(|(given, _)| *given) {
            Some((_, flag)) => Err(Failure::input(format!(
                "{flag} can't be used with {memo}, which goes through a diagram of every solution{off}"
            ))),
            None => Ok(()),
        }
    }

    /// The first option given that only the memo serves, if any.
    fn memo_implied_by(&self) -> Option<&'static str> {
        [
            (self.count, "--count"),
            (self.sample.is_some(), "--sample"),
            (self.nth.is_some(), "--nth"),
            (self.zdd_out.is_some(), "--zdd-out"),
            (self.dot_out.is_some(), "--dot-out"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// Whether the arguments ask for what only the memo gives.
    pub(super) fn needs_memo(&self) -> bool {
        self.memo_implied_by().is_some()
    }
}

/// The command line with `--memo WHEN` written `--memo=WHEN`, and a bare
/// `--memo` (before a file name, say) as `--memo=on`: the value is
/// optional, so clap would otherwise take a file name for it.
pub fn memo_equals(args: impl IntoIterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut out: Vec<std::ffi::OsString> = Vec::new();
    let mut args = args.into_iter().peekable();
    while let Some(arg) = args.next() {
        if arg == "--" {
            out.push(arg);
            out.extend(args);
            break;
        }
        if arg != "--memo" {
            out.push(arg);
            continue;
        }
        match args.peek().and_then(|v| v.to_str()) {
            Some(when @ ("on" | "auto" | "off")) => {
                out.push(format!("--memo={when}").into());
                args.next();
            }
            _ => out.push("--memo=on".into()),
        }
    }
    out
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
/// reading, building and searching share it; its watchdog ends a run
/// still blocked on input or output a second after (`interrupt::deadline`).
pub fn limits(args: &SearchArgs) -> Limits {
    let mut limits = Limits::new().cancel_flag(interrupt::flag()).memory(memory_budget(args.max_memory));
    if let Some(n) = args.limit {
        limits = limits.solutions(n);
    }
    if let Some(n) = args.node_limit {
        limits = limits.nodes(n);
    }
    if let Some(t) = args.time_limit {
        let at = crate::cli::clock::started() + t;
        interrupt::deadline(at);
        limits = limits.deadline(at);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memo_takes_its_value_only_when_it_is_one() {
        let run = |line: &str| -> Vec<String> {
            memo_equals(line.split(' ').map(std::ffi::OsString::from))
                .into_iter()
                .map(|a| a.into_string().unwrap())
                .collect()
        };
        assert_eq!(run("xc cover --memo auto f.dlx"), ["xc", "cover", "--memo=auto", "f.dlx"]);
        assert_eq!(run("xc cover --memo f.dlx"), ["xc", "cover", "--memo=on", "f.dlx"]);
        assert_eq!(run("xc cover f.dlx --memo"), ["xc", "cover", "f.dlx", "--memo=on"]);
        assert_eq!(run("xc cover -- --memo"), ["xc", "cover", "--", "--memo"]);
    }

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
