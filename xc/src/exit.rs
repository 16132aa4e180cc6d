//! Exit codes and the one error type of the command line.

use exactcover::cover::{BuildError, StopReason};
use std::fmt;

/// The search found what was asked.
pub const SOLVED: u8 = 0;
/// The problem (or some puzzle of a batch) has no solution.
pub const NO_SOLUTION: u8 = 1;
/// Bad input or usage.
pub const BAD_INPUT: u8 = 2;
/// A limit stopped the search.
pub const LIMIT: u8 = 3;
/// An answer failed the independent check: a bug (never seen).
pub const INTERNAL: u8 = 70;
/// Interrupted by Ctrl-C or SIGTERM, after printing what was found.
pub const INTERRUPTED: u8 = 130;

/// The exit code of a search stopped for `reason`.
pub fn for_stop(reason: StopReason) -> u8 {
    match reason {
        StopReason::Cancelled => INTERRUPTED,
        _ => LIMIT,
    }
}

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// Print `error: message` and exit with this code.
    Error { code: u8, message: String },
    /// A limit or Ctrl-C stopped a phase before the search: print
    /// `message` (`Stopped (interrupted) while reading …`) on standard
    /// output, as a stopped search prints its line, and exit with `code`.
    Stopped { code: u8, message: String },
    /// The reader of our output went away (`| head`): stop quietly.
    ClosedPipe,
}

impl Failure {
    /// Bad input or usage (exit code 2).
    pub fn input(message: impl fmt::Display) -> Failure {
        Failure::Error { code: BAD_INPUT, message: message.to_string() }
    }

    /// A build that failed: over the memory budget (exit code 2, naming
    /// the budget and `--max-memory`), stopped by Ctrl-C (130) or the time
    /// limit (3), or refused (2). `at` says where (`FILE:LINE`, or empty),
    /// `doing` what the run was doing (`reading FILE`, `building the
    /// packing`).
    pub fn build(e: BuildError, at: &str, doing: &str) -> Failure {
        let prefix = if at.is_empty() { String::new() } else { format!("{at}: ") };
        match e {
            BuildError::OverBudget { .. } => {
                Failure::input(format!("{prefix}{e}; raise it with --max-memory (e.g. --max-memory 16G)"))
            }
            BuildError::Stopped(reason) => {
                let at = if at.is_empty() { String::new() } else { format!(", at {at}") };
                Failure::Stopped { code: for_stop(reason), message: format!("Stopped ({reason}) while {doing}{at}.") }
            }
            e => Failure::input(format!("{prefix}{e}")),
        }
    }

    /// An answer that failed the independent check (exit code 70).
    pub fn wrong_answer(message: impl fmt::Display) -> Failure {
        Failure::Error { code: INTERNAL, message: format!("internal error: wrong solution: {message}") }
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::ClosedPipe
        } else {
            Failure::Error { code: BAD_INPUT, message: format!("output: {e}") }
        }
    }
}

/// The worse of two exit codes, for batches: a failed check, then
/// interruption, then limits, then bad input, then no solution.
pub fn worst(a: u8, b: u8) -> u8 {
    let rank = |c: u8| match c {
        INTERNAL => 5,
        INTERRUPTED => 4,
        LIMIT => 3,
        BAD_INPUT => 2,
        NO_SOLUTION => 1,
        _ => 0,
    };
    if rank(a) >= rank(b) { a } else { b }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_code_wins_in_any_order() {
        let order = [SOLVED, NO_SOLUTION, BAD_INPUT, LIMIT, INTERRUPTED, INTERNAL];
        for (i, &a) in order.iter().enumerate() {
            for &b in &order[..=i] {
                assert_eq!((worst(a, b), worst(b, a)), (a, a));
            }
        }
    }
}
