//! `xc sudoku hint` and `xc sudoku explain`: the logic solver for a
//! player, as text or JSON.

use super::sources::{Source, located};
use crate::cli::Format;
use crate::exit::{self, Failure};
use crate::interrupt;
use crate::wire::{self, HintReply, PathReply};
use clap::Args;
use exactcover::cover::Limits;
use exactcover::sudoku::logic::{Hint, LogicError, LogicSolver, Step};
use exactcover::sudoku::{Grid, InputFormat, Puzzle, PuzzleReader, SudokuError};
use exactcover::text::Escaped;
use std::io::{BufReader, Write};
use std::path::PathBuf;

/// Arguments of `xc sudoku hint` and `xc sudoku explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The grid: a puzzle, or a puzzle with the player's entries. A file,
    /// `-` for standard input, or the grid itself (e.g. an 81-character
    /// line); a file that exists wins over a grid of the same name. With
    /// none, the grid is read from standard input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    grid: Option<PathBuf>,
    /// The original puzzle, when GRID holds the player's own entries: wrong
    /// entries are then named first. Without it, a grid with no solution
    /// is searched for the digit without which it has exactly one. Given
    /// as GRID is.
    #[arg(long, value_name = "PUZZLE")]
    puzzle: Option<PathBuf>,
    /// Print the candidate grid after each step.
    #[arg(long, short)]
    verbose: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Reads the first grid of an input (see [`Source`] for how an argument
/// is read). A file is read only as far as its first puzzle, a line at a
/// time (so `/dev/zero` is an overlong line at once, not a read to the
/// end of memory), and Ctrl-C ends the read.
pub(super) fn read_grid(source: &Source) -> Result<Grid, Failure> {
    let name = Escaped(&source.name()).to_string();
    let reader = source.open().map_err(Failure::input)?;
    let reader = PuzzleReader::new(BufReader::new(reader), InputFormat::Auto).with_cancel(interrupt::flag());
    first(reader, &name)
}

/// The first grid of a reader, or why there is none.
fn first(mut puzzles: impl Iterator<Item = Result<Puzzle, SudokuError>>, name: &str) -> Result<Grid, Failure> {
    match puzzles.next() {
        Some(Ok(p)) => Ok(p.grid),
        Some(Err(e)) => Err(Failure::input(located(name, &e))),
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
    let grid = Source::one(args.grid.as_deref());
    let current = read_grid(&grid)?;
    let puzzle = match &args.puzzle {
        Some(p) => read_grid(&Source::of(p, "<--puzzle>"))?,
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
            // The rating `rate` gives, then this path's length.
            writeln!(out, "{}; this path: {} steps, {} guesses.", grade.headline(), grade.steps(), grade.guesses())?;
        }
    }
    Ok(exit::SOLVED)
}
