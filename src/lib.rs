//! # exactcover
//!
//! A fast exact-cover engine (Knuth's Dancing Links: Algorithm X,
//! Algorithm C for colours, Algorithm M for multiplicities), a Sudoku front
//! end built on it, and builders
//! for other puzzles that are exact-cover problems in disguise.
//!
//! This page is a tutorial; every example runs as a test. To follow it,
//! add the crate to your `Cargo.toml`:
//!
//! ```toml
//! [dependencies]
//! exactcover = "0.1"
//! # or, for the fastest search (no bounds checks in the inner loops; see Features):
//! # exactcover = { version = "0.1", features = ["unchecked"] }
//! ```
//!
//! ## 1. An exact-cover problem
//!
//! You have *items* to cover and *options*, each a set of items. You want
//! options that cover every item exactly once. Here are the sets of the
//! classic demo: which of A = {1, 4, 7}, B = {1, 4}, C = {4, 5, 7},
//! D = {3, 5, 6}, E = {2, 3, 6, 7} and F = {2, 7} partition {1, …, 7}?
//!
//! ```
//! use exactcover::cover::{ProblemBuilder, Uniqueness};
//!
//! let mut b = ProblemBuilder::new();
//! b.primary_items(["1", "2", "3", "4", "5", "6", "7"])?;
//! let a = b.option(["1", "4", "7"])?;
//! let b_ = b.option(["1", "4"])?;
//! b.option(["4", "5", "7"])?;
//! let d = b.option(["3", "5", "6"])?;
//! b.option(["2", "3", "6", "7"])?;
//! let f = b.option(["2", "7"])?;
//! let problem = b.build()?;
//!
//! let mut solver = problem.solver();
//! let mut solution = solver.first().expect("there is a cover");
//! solution.sort();
//! assert_eq!(solution, [b_, d, f]);
//! assert!(matches!(solver.uniqueness(), Uniqueness::Unique(_)));
//! # let _ = a;
//! # Ok::<(), exactcover::cover::BuildError>(())
//! ```
//!
//! Building checks its input: an unknown or repeated item, an empty option
//! or a duplicate name is a typed [`BuildError`](cover::BuildError), never
//! a panic.
//!
//! A solution is a list of [`OptionId`](cover::OptionId)s. Each is the
//! option's place in the order it was added, from 0
//! ([`OptionId::as_usize`](cover::OptionId::as_usize)), so your own
//! labels, kept in a `Vec` in that order, are found by indexing it; or keep
//! the id that [`option`](cover::ProblemBuilder::option) returns beside
//! your label, as above. [`Problem::format_option`](cover::Problem::format_option)
//! gives an option's items as text.
//!
//! ```
//! use exactcover::cover::ProblemBuilder;
//!
//! let sets = [("A", vec!["1", "4", "7"]), ("B", vec!["1", "4"]), ("C", vec!["4", "5", "7"]),
//!             ("D", vec!["3", "5", "6"]), ("E", vec!["2", "3", "6", "7"]), ("F", vec!["2", "7"])];
//! let mut b = ProblemBuilder::new();
//! b.primary_items(["1", "2", "3", "4", "5", "6", "7"])?;
//! for (_, items) in &sets {
//!     b.option(items.iter().copied())?;
//! }
//! let problem = b.build()?;
//! let solution = problem.solver().first().unwrap();
//! let mut names: Vec<&str> = solution.iter().map(|o| sets[o.as_usize()].0).collect();
//! names.sort();
//! assert_eq!(names, ["B", "D", "F"]);
//! assert_eq!(problem.format_option(solution[0]).split(' ').count(), sets[solution[0].as_usize()].1.len());
//! # Ok::<(), exactcover::Error>(())
//! ```
//!
//! ## 2. Counting, enumerating, and stopping early
//!
//! The entry points are named for what they return: [`first`], [`count`],
//! [`count_up_to`], [`count_checked`] (every solution checked by the
//! independent [`Checker`](cover::Checker), a rejected one returned as an
//! error), [`uniqueness`], the iterator [`solutions`], the
//! allocation-free [`next_solution`], and [`for_each`] with a callback
//! that returns [`ControlFlow`](std::ops::ControlFlow). [`Limits`] stop a
//! search after so many solutions or nodes, at a deadline, or when a flag
//! is raised, and [`Solver::status`](cover::Solver::status) says why it
//! stopped. Statistics use Knuth's definitions, so they can be compared
//! with his programs.
//!
//! ```
//! use exactcover::cover::{Limits, Status, StopReason};
//! use exactcover::puzzles::queens::Queens;
//!
//! let queens = Queens::new(8)?;
//! let mut solver = queens.problem().solver();
//! assert_eq!(solver.count(), 92);
//! let stats = solver.stats();
//! assert_eq!((stats.nodes, stats.updates), (1049, 16680)); // as Knuth's DLX1
//!
//! solver.set_limits(Limits::new().nodes(100));
//! let partial = solver.count();
//! assert_eq!(solver.status(), Status::Stopped(StopReason::Nodes));
//! assert!(partial < 92);
//!
//! // Solutions are option ids; the builders turn them back into pictures.
//! let first = queens.problem().solver().solutions().next().unwrap();
//! assert_eq!(queens.render(&first).lines().count(), 8);
//! # Ok::<(), exactcover::puzzles::PuzzleError>(())
//! ```
//!
//! ## 3. Secondary items and colours
//!
//! A *secondary* item may be covered at most once (or not at all): the
//! diagonals of the queens problem are secondary. A secondary item can also
//! carry a *colour*: options that give it the same colour may share it
//! (Knuth's Algorithm C). In names, `item:colour`.
//!
//! ```
//! use exactcover::cover::Problem;
//!
//! // Knuth's colour example: A, B, C primary; X, Y secondary.
//! let p = Problem::from_dlx("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n")?;
//! let mut solver = p.solver();
//! let s = solver.first().unwrap();
//! let text: Vec<String> = s.iter().map(|&o| p.format_option(o)).collect();
//! assert_eq!(text, ["A C X:1 Y:1", "B X:1"]);
//! # Ok::<(), exactcover::cover::ParseError>(())
//! ```
//!
//! ## 4. Matrices and Knuth's file format
//!
//! A problem can also come from a boolean incidence matrix
//! ([`Problem::from_bool_rows`](cover::Problem::from_bool_rows),
//! [`Problem::from_bit_rows`](cover::Problem::from_bit_rows)), and be read
//! from or written to the text format of Knuth's DLX programs
//! ([`read_dlx`](cover::read_dlx), [`write_dlx`](cover::write_dlx)); see
//! `docs/FORMATS.md`.
//!
//! ```
//! use exactcover::cover::{Problem, write_dlx};
//!
//! let rows = vec![vec![true, false, true], vec![false, true, false], vec![true, true, false]];
//! let p = Problem::from_bool_rows(&rows, &[2])?; // column 2 is secondary
//! assert_eq!(write_dlx(&p), "0 1 | 2\n0 2\n1\n0 1\n");
//! assert_eq!(p.solver().count(), 2);
//! # Ok::<(), exactcover::cover::BuildError>(())
//! ```
//!
//! ## 5. Trust, but verify
//!
//! [`check_solution`](cover::check_solution) checks a solution against the
//! problem's option lists only, sharing no code with the search; it runs
//! after every solution in debug builds and in the `xc` command line.
//!
//! ## 6. Sudoku
//!
//! The [`sudoku`] module builds the 729×324 matrix once and pins each
//! puzzle's givens. It reads every common format, solves, counts, proves
//! uniqueness, checks grids, generates puzzles, and handles 4×4 to 25×25
//! grids and variants.
//!
//! The number given to [`SudokuSolver::new`](sudoku::SudokuSolver::new)
//! is the **box size** n, for grids of side n²: 3 for the classic 9×9
//! grid (3×3 boxes), 2 for 4×4, 4 for 16×16, 5 for 25×25.
//!
//! ```
//! use exactcover::sudoku::{Grid, SudokuSolver, Verdict};
//!
//! let puzzle = Grid::from_line(
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
//! ).unwrap();
//! let mut solver = SudokuSolver::new(3)?; // 3×3 boxes: a 9×9 grid
//! let Verdict::Unique(solution) = solver.verdict(&puzzle)? else { panic!("not proper") };
//! assert!(solution.to_line().starts_with("812753649"));
//! # Ok::<(), exactcover::sudoku::SudokuError>(())
//! ```
//!
//! [`Verdict`](sudoku::Verdict) speaks the vocabulary of
//! [`Uniqueness`](cover::Uniqueness): `None`, `Unique`, `Several`, and
//! `Unknown` when a limit stopped the search before the answer was known.
//! A verdict carries grids where `Uniqueness` carries option ids, and a
//! little more (the clash of givens behind `None`, the solution found
//! before `Unknown`).
//!
//! ## 7. Other puzzles
//!
//! [`puzzles`] has builders for n queens, polyomino packing (any board,
//! with symmetry removal) and Langford pairs; each module doc is a short
//! lesson in modelling. The same things are on the command line: `xc
//! cover`, `xc sudoku`, `xc queens`, `xc polyomino`, `xc langford` (see
//! `docs/CLI.md`).
//!
//! ## Errors
//!
//! Each module has its own error type, with fields to match on:
//! [`BuildError`](cover::BuildError) and [`ParseError`](cover::ParseError)
//! for problems, [`SudokuError`](sudoku::SudokuError) for Sudoku,
//! [`LogicError`](sudoku::logic::LogicError) for the logic solver,
//! [`PuzzleError`](puzzles::PuzzleError) for the puzzle builders, and a
//! few smaller ones. Every one converts into [`Error`], so an application
//! can use `?` on all of them and return [`exactcover::Result`](Result):
//!
//! ```
//! use exactcover::puzzles::queens::Queens;
//! use exactcover::sudoku::{Grid, SudokuSolver};
//!
//! fn main() -> exactcover::Result<()> {
//!     let queens = Queens::new(6)?; // PuzzleError
//!     assert_eq!(queens.problem().solver().count(), 4);
//!     let grid: Grid = "1234341221434321".parse()?; // SudokuError
//!     assert_eq!(SudokuSolver::new(2)?.count_up_to(&grid, 2)?, 1);
//!     Ok(())
//! }
//! ```
//!
//! ## Features
//!
//! * `unchecked` (off by default): the inner loops of the Dancing Links
//!   search read the arena without bounds checks, relying on the
//!   invariants of the arena (stated in its module docs), and use AVX2
//!   where the CPU has it. This is the build the benchmarks measure and
//!   the one `xc` uses; a dependent asks for it with
//!   `features = ["unchecked"]`.
//! * Without it the crate is its checked twin: the same algorithm with
//!   every access bounds-checked, and `#![forbid(unsafe_code)]` for the
//!   whole crate. It computes the same solutions, counts, nodes and updates
//!   (CI runs the engine's oracle tests on both), a little more slowly.
//!
//! [`first`]: cover::Solver::first
//! [`count`]: cover::Solver::count
//! [`count_up_to`]: cover::Solver::count_up_to
//! [`count_checked`]: cover::Solver::count_checked
//! [`uniqueness`]: cover::Solver::uniqueness
//! [`solutions`]: cover::Solver::solutions
//! [`next_solution`]: cover::Solver::next_solution
//! [`for_each`]: cover::Solver::for_each
//! [`Limits`]: cover::Limits

#![cfg_attr(not(feature = "unchecked"), forbid(unsafe_code))]

pub mod cover;
mod error;
#[cfg(feature = "testing")]
#[doc(hidden)]
pub mod fuzzing;
pub mod puzzles;
pub mod sudoku;
pub mod text;

pub use error::{Error, Result};

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
