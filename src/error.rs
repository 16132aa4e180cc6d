//! One error type for an application: [`Error`] holds any error of the
//! crate, and each module's own error converts into it with `?`, so a
//! program that builds problems, reads puzzles and grades them can return
//! [`exactcover::Result`](Result) throughout. Each variant keeps the
//! module's error as it was, fields and all, to match on.

use crate::cover::{BuildError, CheckError, ParseError};
use crate::puzzles::PuzzleError;
use crate::sudoku::logic::{LogicError, PencilMarkError};
use crate::sudoku::{LayoutError, NotASolution, SudokuError};

/// Any error of the crate: each module's own error converts into it
/// with `?`, and stays whole inside it, fields and all, to match on.
///
/// ```
/// use exactcover::cover::ProblemBuilder;
/// use exactcover::sudoku::{Grid, SudokuSolver};
///
/// fn run() -> exactcover::Result<u64> {
///     let mut b = ProblemBuilder::new();
///     b.primary_items(["A"])?; // a BuildError, if any
///     b.option(["A"])?;
///     let count = b.build()?.solver().count();
///     let puzzle: Grid = "1.......".parse()?; // a SudokuError: too short
///     Ok(count + SudokuSolver::new(2)?.count_up_to(&puzzle, 2)?)
/// }
/// let e = run().unwrap_err();
/// assert!(matches!(e, exactcover::Error::Sudoku(_)));
/// assert!(e.to_string().contains("8 cells"), "{e}");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Building an exact-cover problem ([`ProblemBuilder`](crate::cover::ProblemBuilder)).
    #[error(transparent)]
    Build(#[from] BuildError),
    /// Reading Knuth's DLX format.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A solution that the independent checker rejected.
    #[error(transparent)]
    Check(#[from] CheckError),
    /// Reading, solving or generating Sudoku.
    #[error(transparent)]
    Sudoku(#[from] SudokuError),
    /// A Sudoku layout (variant, jigsaw map).
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// A grid that is not a solution of its puzzle.
    #[error(transparent)]
    NotASolution(#[from] NotASolution),
    /// The logic solver: hints, paths, grades.
    #[error(transparent)]
    Logic(#[from] LogicError),
    /// Pencil marks given by a player.
    #[error(transparent)]
    PencilMarks(#[from] PencilMarkError),
    /// The puzzle builders (queens, polyominoes, Langford pairs).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// Reading a file or a stream.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// A result whose error is [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
