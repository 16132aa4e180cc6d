//! `xc sudoku hint` and `xc sudoku explain`: the logic solver for a
//! player, as text or JSON.

use crate::cli::Format;
use crate::exit::{self, Failure};
use crate::wire::{self, HintReply, PathReply};
use crate::{input, interrupt};
use clap::Args;
use exactcover::cover::Limits;
use exactcover::sudoku::logic::{Hint, LogicError, LogicSolver, Step};
use exactcover::sudoku::{Grid, InputFormat, Puzzle, PuzzleReader, SudokuError, read_puzzles};
use exactcover::text::Escaped;
use std::io::{BufReader, Read, Write};
use std::path::Path;

/// Arguments of `xc sudoku hint` and `xc sudoku explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The grid: a puzzle, or a puzzle with the player's entries. A file,
    /// `-` for stdin, or the grid itself (e.g. an 81-character line).
    grid: String,
    /// The original puzzle, when GRID holds the player's own entries: wrong
    /// entries are then named first. Without it, a grid with no solution
    /// is searched for the digit without which it has exactly one.
    #[arg(long, value_name = "PUZZLE")]
    puzzle: Option<String>,
    /// Print the candidate grid after each step.
    #[arg(long, short)]
    verbose: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Reads a grid given as a file, `-`, or text. Anything that exists in the
/// file system is read as a file: a regular file, but also a named pipe or
/// a shell's `<(...)` (`/dev/fd/63`); text with a `/` that names nothing is
/// a missing file, not a grid. A file is read only as far as its first
/// puzzle, a line at a time (so `/dev/zero` is an overlong line at once,
/// not a read to the end of memory), and Ctrl-C ends the read.
pub(super) fn read_grid(arg: &str) -> Result<Grid, Failure> {
    let path = Path::new(arg);
    if !(arg == "-" || path.exists() || arg.contains('/')) {
        return first(read_puzzles(arg, InputFormat::Auto), "<argument>");
    }
    let name = Escaped(&input::display_name(Some(path))).to_string();
    let source: Box<dyn Read> = match arg {
        "-" => Box::new(input::stdin()),
        _ => Box::new(input::open(path).map_err(|e| Failure::input(format!("{name}: {}", input::describe(&e))))?),
    };
    let reader = PuzzleReader::new(BufReader::new(source), InputFormat::Auto).with_cancel(interrupt::flag());
    first(reader, &name)
}

/// The first grid of a reader, or why there is none.
fn first(mut puzzles: impl Iterator<Item = Result<Puzzle, SudokuError>>, name: &str) -> Result<Grid, Failure> {
    match puzzles.next() {
        Some(Ok(p)) => Ok(p.grid),
        Some(Err(e)) => Err(Failure::input(format!("{name}: {e}"))),
        None if interrupt::raised() => {
            Err(Failure::Error { code: exit::INTERRUPTED, message: format!("{name}: interrupted while reading") })
        }
        None => Err(Failure::input(format!("{name}: no grid found"))),
    }
}

/// A logic solver for hints whose search for the solution stops at Ctrl-C.
fn solver() -> LogicSolver {
    let mut solver = LogicSolver::for_hints();
    solver.set_limits(Limits::new().cancel_flag(interrupt::flag()));
    solver
}

/// The puzzle and the player's grid.
fn grids(args: &ExplainArgs) -> Result<(Grid, Grid), Failure> {
    let current = read_grid(&args.grid)?;
    let puzzle = match &args.puzzle {
        Some(p) => read_grid(p)?,
        None => current.clone(),
    };
    Ok((puzzle, current))
}

fn logic_failure(e: LogicError) -> Failure {
    let code = match e {
        LogicError::Parse(_) | LogicError::SizeMismatch { .. } | LogicError::GivenChanged { .. } => exit::BAD_INPUT,
        LogicError::Stopped(why) => return Failure::Error { code: exit::for_stop(why), message: e.to_string() },
        _ => exit::NO_SOLUTION,
    };
    Failure::Error { code, message: format!("{e}; hints need a puzzle with exactly one solution") }
}

/// A step in text: its sentence (which names the technique, or says it
/// is a guess), and the technique's rating.
fn line(step: &Step) -> String {
    match step.technique() {
        Some(_) => format!("{} [{}]", step.explanation(), step.rating()),
        None => step.explanation().to_string(),
    }
}

/// Runs `xc sudoku hint`.
pub fn hint(args: &ExplainArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let (puzzle, current) = grids(args)?;
    let mut solver = solver();
    let hint = solver.hint(&puzzle, &current).map_err(logic_failure)?;
    match args.format {
        Format::Json => {
            out.write_all(&wire::encode(&HintReply::new(&hint, &current)))?;
            writeln!(out)?;
        }
        Format::Text => match &hint {
            Hint::Step(step) => {
                writeln!(out, "{}", line(step))?;
                if args.verbose {
                    let candidates = solver.candidates(&current).map_err(logic_failure)?;
                    write!(out, "\n{}", candidates.render())?;
                }
            }
            other => writeln!(out, "{}", other.text())?,
        },
    }
    Ok(match hint {
        Hint::Mistake { .. } | Hint::MissingCandidate { .. } => exit::NO_SOLUTION,
        _ => exit::SOLVED,
    })
}

/// Runs `xc sudoku explain`.
pub fn explain(args: &ExplainArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let (puzzle, current) = grids(args)?;
    let mut solver = solver();
    if let Hint::Mistake { text, .. } = solver.hint(&puzzle, &current).map_err(logic_failure)? {
        writeln!(out, "{text}")?;
        return Ok(exit::NO_SOLUTION);
    }
    let path = solver.path(&current).map_err(logic_failure)?;
    let grade = path.grade();
    match args.format {
        Format::Json => {
            out.write_all(&wire::encode(&PathReply::new(&path, &current)))?;
            writeln!(out)?;
        }
        Format::Text => {
            if args.verbose {
                writeln!(out, "{}", path.start().render())?;
            }
            for (i, (step, after)) in path.iter().enumerate() {
                writeln!(out, "{:>3}. {}", i + 1, line(step))?;
                if args.verbose {
                    write!(out, "\n{}\n", after.render())?;
                }
            }
            let se = match grade.se() {
                Some(se) => match (se.rating(), se.why_none()) {
                    (Some(r), _) => format!("SE rating {r}; "),
                    (None, why) => format!("SE rating: none ({}); ", why.unwrap_or_default()),
                },
                None => String::new(),
            };
            writeln!(
                out,
                "{se}this path: hardest step {} ({}), {} steps, {} guesses.",
                grade.rating(),
                grade.level(),
                grade.steps(),
                grade.guesses()
            )?;
        }
    }
    Ok(exit::SOLVED)
}
