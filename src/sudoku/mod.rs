//! The Sudoku front end: grids, every common puzzle format, and solving,
//! counting and checking through the exact-cover engine.
//!
//! * [`Grid`] holds a puzzle or a solution, for box sizes 2 to 5 (4×4 to
//!   25×25).
//! * [`read_puzzles`] reads puzzles in any common format (81-character
//!   lines, tdoku's `puzzle:count:solution`, blocks of 9 lines with or
//!   without `|`/`-`/`+` separators, Kaggle CSV, comma grids, LeetCode
//!   boards), with errors that name the line and column.
//! * [`SudokuSolver`] is the adapter: the 729×324 exact-cover matrix (for
//!   9×9), built once; givens are pinned, not rebuilt.
//! * [`Layout`] describes the houses, for the variants (X, windoku,
//!   jigsaw).
//! * [`conflicts`] and [`check_solution`] check grids directly against the
//!   rules.
//! * [`batch`] solves files of puzzles on every core, in input order.
//!
//! ```
//! use exactcover::sudoku::{Grid, SudokuSolver, Verdict};
//!
//! let puzzle = Grid::from_line(
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
//! ).unwrap();
//! let mut solver = SudokuSolver::new(3)?;
//! match solver.verdict(&puzzle)? {
//!     Verdict::Unique(solution) => assert_eq!(&solution.to_line()[..9], "812753649"),
//!     other => panic!("{other:?}"),
//! }
//! // Singles off, the dance searches Knuth's `sudoku-dlx` problem as DLX1 does.
//! solver.set_singles(false);
//! solver.verdict(&puzzle)?;
//! assert_eq!(solver.stats().nodes, 2720);
//! # Ok::<(), exactcover::sudoku::SudokuError>(())
//! ```

mod adapter;
mod bands;
pub mod batch;
mod bitboard;
mod cells;
mod deduction;
mod error;
mod export;
mod generate;
mod grid;
mod layout;
pub mod logic;
mod names;
mod parse;
mod rules;
mod singles;
mod symmetry;
mod verdict;

pub use adapter::SudokuSolver;
pub use error::{LayoutError, ParseErrorKind, SudokuError};
pub use generate::{Generated, Generator, GeneratorOptions, derive_seed};
pub use grid::{BOX_SIZES, Grid};
pub use layout::{House, HouseKind, Layout, Variant};
pub use names::{cell_name, digit_char, digit_value};
pub use parse::{InputFormat, Puzzle, PuzzleReader, read_puzzles};
pub use rules::{Conflict, NotASolution, check_classic_solution, check_solution, conflicts, first_conflict};
pub use symmetry::Symmetry;
pub use verdict::{Examined, Verdict};
