//! The `xc` command line: the clap definition and the dispatch. Each
//! subcommand lives in its own file; `main` has one exit path that prints
//! `error: …`.

mod cover;
mod exit;
mod input;
mod interrupt;
mod puzzles;
mod search;

use clap::{Args, Parser, Subcommand, ValueEnum};
use exit::Failure;
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
    /// Solve an exact-cover problem in Knuth's DLX format.
    Cover(cover::CoverArgs),
    /// Place n queens on an n×n board.
    Queens(puzzles::QueensArgs),
    /// Langford pairings of 1..n.
    Langford(puzzles::LangfordArgs),
    /// Pack polyominoes into a box or a board picture.
    Polyomino(puzzles::PolyominoArgs),
}

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// JSON (one object; JSON Lines for batches).
    Json,
}

/// The search options shared by every command that solves one problem.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Print the first N solutions (and count the rest).
    #[arg(long, value_name = "N")]
    print: Option<u64>,
    /// Print every solution.
    #[arg(long, conflicts_with = "print")]
    all: bool,
    /// Stop after N solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Stop after N search-tree nodes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Stop after this long, e.g. 10s, 500ms, 2m.
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    time_limit: Option<Duration>,
    /// Randomise the search (option order and ties) with this seed.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Don't check each solution with the independent checker.
    #[arg(long)]
    no_check: bool,
}

/// Parses `10s`, `500ms`, `2m`, `1h` or a plain number of seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("bad duration `{text}`: use e.g. 10s, 500ms, 2m"))?;
    let seconds = match unit.trim() {
        "" | "s" | "sec" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        _ => return Err(format!("bad duration unit `{unit}`: use ms, s, m or h")),
    };
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("bad duration `{text}`"))
}

/// Runs the command line and returns the process's exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout().lock();
    let result = match cli.command {
        Command::Cover(args) => cover::run(&args, &mut out),
        Command::Queens(args) => puzzles::queens(&args, &mut out),
        Command::Langford(args) => puzzles::langford(&args, &mut out),
        Command::Polyomino(args) => puzzles::polyomino(&args, &mut out),
    };
    let result = result.and_then(|code| out.flush().map(|_| code).map_err(Failure::from));
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure::ClosedPipe) => ExitCode::SUCCESS,
        Err(Failure::Error { code, message }) => {
            eprintln!("error: {message}");
            ExitCode::from(code)
        }
    }
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
        assert_eq!(parse_duration("1.5").unwrap(), Duration::from_millis(1500));
        assert!(parse_duration("ten").is_err());
        assert!(parse_duration("5 parsecs").is_err());
    }
}
