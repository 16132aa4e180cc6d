//! `xc`: the exactcover command line (see `docs/CLI.md`). This file holds
//! the clap definition and the dispatch; each subcommand lives in its own
//! file, and `main` has one exit path that prints `error: …`.

mod cover;
mod exit;
mod input;
mod interrupt;
mod merge;
mod printer;
mod progress;
mod puzzles;
mod search;
mod serve;
mod sudoku;
mod wire;

use clap::{Parser, Subcommand, ValueEnum};
use exit::Failure;
use search::SearchArgs;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// Exact cover, fast: Dancing Links for any problem, Sudoku, and puzzles.
#[derive(Parser, Debug)]
#[command(name = "xc", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve, count and check Sudoku puzzles.
    Sudoku(sudoku::SudokuArgs),
    /// Solve an exact-cover problem in Knuth's DLX format.
    Cover(cover::CoverArgs),
    /// Place n queens on an n×n board.
    Queens(puzzles::QueensArgs),
    /// Langford pairings of 1..n.
    Langford(puzzles::LangfordArgs),
    /// Pack polyominoes into a box or a board picture.
    Polyomino(puzzles::PolyominoArgs),
    /// Serve the Sudoku page and the JSON API on this machine.
    Serve(serve::ServeArgs),
    /// Add up the JSON results of the shards of one search.
    Merge(merge::MergeArgs),
}

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// JSON (one object; JSON Lines for batches).
    Json,
}

/// Parses `10s`, `500ms`, `2m` or `1h`. The unit is required: a bare `5`
/// could mean seconds or milliseconds, so it is refused.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number.parse().map_err(|_| format!("bad duration `{text}`: use e.g. 10s, 500ms, 2m"))?;
    let seconds = match unit.trim() {
        "" => return Err(format!("bad duration `{text}`: give a unit, e.g. {text}s or {text}ms")),
        "s" | "sec" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        _ => return Err(format!("bad duration unit `{unit}`: use ms, s, m or h")),
    };
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("bad duration `{text}`"))
}

/// When the run began (set first thing in `main`).
static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// The run's wall time so far: reading, searching, checking and writing.
pub fn run_time() -> Duration {
    START.get().map_or(Duration::ZERO, std::time::Instant::elapsed)
}

/// Runs the command line and returns the process's exit code.
fn main() -> ExitCode {
    START.get_or_init(std::time::Instant::now);
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Serve(_)) {
        // Ctrl-C and SIGTERM stop every command within a second.
        interrupt::flag();
    }
    let mut out = std::io::stdout().lock();
    let result = match cli.command {
        Command::Sudoku(args) => sudoku::run(&args, &mut out),
        Command::Cover(args) => cover::run(&args, &mut out),
        Command::Queens(args) => puzzles::queens(&args, &mut out),
        Command::Langford(args) => puzzles::langford(&args, &mut out),
        Command::Polyomino(args) => puzzles::polyomino(&args, &mut out),
        Command::Serve(args) => serve::run(&args),
        Command::Merge(args) => merge::run(&args, &mut out),
    };
    let result = result.and_then(|code| out.flush().map(|_| code).map_err(Failure::from));
    let code = match result {
        Ok(code) => code,
        Err(Failure::ClosedPipe) => exit::SOLVED,
        Err(Failure::Error { code, message }) => {
            eprintln!("error: {message}");
            code
        }
    };
    // Whatever the run made of its cut-short input, it was interrupted.
    ExitCode::from(if interrupt::raised() { exit::INTERRUPTED } else { code })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("10s").unwrap(), Duration::from_secs(10));
        assert_eq!(parse_duration("250ms").unwrap(), Duration::from_millis(250));
        assert_eq!(parse_duration("2m").unwrap(), Duration::from_secs(120));
        assert_eq!(parse_duration("1.5s").unwrap(), Duration::from_millis(1500));
        assert_eq!(parse_duration("5").unwrap_err(), "bad duration `5`: give a unit, e.g. 5s or 5ms");
        assert!(parse_duration("ten").is_err());
        assert!(parse_duration("5 parsecs").is_err());
    }
}
