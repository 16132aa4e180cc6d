//! `xc`: the exactcover command line (see `docs/CLI.md`). This file holds
//! the clap definition of the commands and the dispatch, and nothing else:
//! each subcommand lives in its own file, what they share on the command
//! line in `cli/`, and `main` has one exit path that prints `error: …`.

/// `eprintln!` that never panics: what goes to standard error is best
/// effort, so a full disk or a closed pipe there doesn't end a run (nor
/// lose the results on their way to standard output).
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod cli;
mod cover;
mod exit;
mod input;
mod interrupt;
mod man;
mod merge;
mod printer;
mod progress;
mod puzzles;
mod search;
mod serve;
mod sudoku;
mod wire;

use clap::{Parser, Subcommand};
use cli::Deferred;
use exit::Failure;
use std::io::Write;
use std::process::ExitCode;

/// What `xc --help` says first.
const ABOUT: &str = "Exact cover, fast: solves any exact-cover problem with Knuth's Dancing Links, \
Sudoku puzzles in every common format (and proves them unique), generates and rates puzzles, \
and serves a Sudoku page in the browser.";

/// Examples and exit codes, after the list of commands (the same as the
/// manual page's, see `man.rs`).
fn after_help() -> String {
    let (_, examples) = man::EXAMPLES[0];
    let mut text = String::from("Examples:\n");
    for (command, what) in examples {
        match command.len() {
            0..=36 => text.push_str(&format!("  {command:<36} {what}\n")),
            _ => text.push_str(&format!("  {command}\n  {:<36} {what}\n", "")),
        }
    }
    text.push_str("\nExit codes:\n");
    for (code, what) in man::EXIT_CODES {
        text.push_str(&format!("  {code:<4} {what}\n"));
    }
    text.push_str(
        "\nEvery command has --help, and a manual page: `xc man --dir DIR` writes them all \
         (xc(1), xc-sudoku-solve(1), ...).",
    );
    text
}

/// Exact cover, fast: Dancing Links for any problem, Sudoku, and puzzles.
#[derive(Parser, Debug)]
#[command(name = "xc", version, about = ABOUT, after_help = after_help(), propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Every command but `sudoku` (the one run most, on inputs that take
// least) has its arguments defined only when clap builds it: when the
// command line names it, or a help page shows it (see `cli/deferred.rs`).
#[derive(Subcommand, Debug)]
enum Command {
    /// Sudoku: solve, count, check, generate, rate, hint, explain.
    Sudoku(sudoku::SudokuArgs),
    /// Solve an exact-cover problem in Knuth's DLX format.
    Cover(Deferred<cover::CoverArgs>),
    /// Place n queens on an n×n board.
    Queens(Deferred<puzzles::QueensArgs>),
    /// Langford pairings of 1..n.
    Langford(Deferred<puzzles::LangfordArgs>),
    /// Pack polyominoes into a box or a board picture.
    Polyomino(Deferred<puzzles::PolyominoArgs>),
    /// Serve the Sudoku page and the JSON API on this machine.
    Serve(Deferred<serve::ServeArgs>),
    /// Add up the JSON results of the shards of one search.
    Merge(Deferred<merge::MergeArgs>),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), or write every command's page.
    Man(man::ManArgs),
}

/// The command line read as `Cli::parse_from` reads it (a bad one exits
/// with clap's message), but with clap's tree of the commands kept to the
/// end of the process rather than freed: its thousands of allocations take
/// longer to free than a small input takes to solve.
fn parse(args: Vec<std::ffi::OsString>) -> Cli {
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut matches = command.try_get_matches_from_mut(args).unwrap_or_else(|e| clap_exit(&e));
    let cli = <Cli as clap::FromArgMatches>::from_arg_matches_mut(&mut matches)
        .unwrap_or_else(|e| clap_exit(&e.format(&mut command)));
    std::mem::forget(command);
    cli
}

/// Prints clap's message (help and version on standard output) and
/// exits with its code, as `clap::Error::exit` does; but help that can't
/// be written (`xc --help > /dev/full`) fails as any output does (a
/// reader gone, `| head`, ends it quietly).
fn clap_exit(e: &clap::Error) -> ! {
    match e.print() {
        Err(failed) if e.exit_code() == 0 && failed.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("error: output: {failed}");
            std::process::exit(i32::from(exit::BAD_INPUT))
        }
        _ => std::process::exit(e.exit_code()),
    }
}

/// Runs the command line and returns the process's exit code.
fn main() -> ExitCode {
    // The run's clock starts first: the time limit covers the whole run.
    cli::clock::started();
    let cli = parse(search::memo_equals(std::env::args_os()));
    if !matches!(cli.command, Command::Serve(_)) {
        // Ctrl-C and SIGTERM stop every command within a second.
        interrupt::flag();
    }
    let mut out = std::io::stdout().lock();
    let result = match cli.command {
        Command::Sudoku(args) => sudoku::run(&args, &mut out),
        Command::Cover(Deferred(args)) => cover::run(&args, &mut out),
        Command::Queens(Deferred(args)) => puzzles::queens(&args, &mut out),
        Command::Langford(Deferred(args)) => puzzles::langford(&args, &mut out),
        Command::Polyomino(Deferred(args)) => puzzles::polyomino(&args, &mut out),
        Command::Serve(Deferred(args)) => serve::run(&args),
        Command::Merge(Deferred(args)) => merge::run(&args, &mut out),
        Command::Completions { shell } => {
            // Into a buffer first: the generator panics on a write error.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "xc", &mut script);
            out.write_all(&script).map(|()| exit::SOLVED).map_err(Failure::from)
        }
        Command::Man(args) => man::run(&args, <Cli as clap::CommandFactory>::command(), &mut out),
    };
    let result = result.and_then(|code| out.flush().map(|_| code).map_err(Failure::from));
    let code = match result {
        Ok(code) => code,
        Err(Failure::ClosedPipe) => exit::SOLVED,
        Err(Failure::Stopped { code, message }) => {
            let _ = writeln!(out, "{message}").and_then(|()| out.flush());
            code
        }
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

    /// The help starts with what the tool is; completions and the manual
    /// page cover every command.
    #[test]
    fn help_completions_and_manual() {
        let mut cli = Cli::command();
        let help = cli.render_help().to_string();
        assert!(help.starts_with("Exact cover, fast: solves any exact-cover problem"), "{help}");
        let sudoku = cli.find_subcommand_mut("sudoku").unwrap().render_help().to_string();
        for verb in ["solve", "count", "check", "generate", "rate", "hint", "explain"] {
            assert!(sudoku.lines().next().unwrap().contains(verb), "{verb}: {sudoku}");
        }
        let mut bash = Vec::new();
        clap_complete::generate(clap_complete::Shell::Bash, &mut Cli::command(), "xc", &mut bash);
        let bash = String::from_utf8(bash).unwrap();
        assert!(bash.contains("_xc()") && bash.contains("xc__subcmd__sudoku__subcmd__generate"), "{bash}");
        let mut man = Vec::new();
        clap_mangen::Man::new(Cli::command()).render(&mut man).unwrap();
        let man = String::from_utf8(man).unwrap();
        assert!(man.contains(".TH xc 1") && man.contains("completions"), "{man}");
        assert!(!help.contains("docs/") && help.contains("xc man --dir"), "{help}");
    }
}
