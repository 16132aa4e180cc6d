//! The exact-cover engine: Dancing Links in a `u32` arena.
//!
//! An exact-cover problem has *items* and *options*; each option is a set
//! of items. A solution is a set of options that covers every *primary*
//! item exactly once (or, with a multiplicity `[a, b]`, between `a` and
//! `b` times) and every *secondary* item at most once. Secondary
//! items may carry *colours*: options that give an item the same colour
//! can share it (Knuth's Algorithm C, TAOCP 7.2.2.1).
//!
//! * Build a [`Problem`] with a [`ProblemBuilder`], from a boolean matrix
//!   ([`Problem::from_bool_rows`], [`Problem::from_bit_rows`]), or from
//!   Knuth's text format ([`Problem::from_dlx`], [`read_dlx`]).
//! * Solve it with a [`Solver`]: [`Solver::first`], [`Solver::count`],
//!   [`Solver::count_up_to`], [`Solver::uniqueness`], the iterator
//!   [`Solver::solutions`], the allocation-free [`Solver::next_solution`],
//!   or [`Solver::for_each`] with a callback returning `ControlFlow`.
//! * Stop early with [`Limits`] (solutions, nodes, time, a cancel flag);
//!   [`Solver::status`] says whether the search finished, and
//!   [`Solver::stats`] gives Knuth's node and update counts.
//! * Count, sample and index without enumerating: [`Solver::zdd`] builds
//!   the decision diagram of all solutions ([`Zdd`]), memoised on the
//!   items that remain (DXZ), for exact counts of any size
//!   ([`BigCount`]), uniform samples and the i-th solution; where the memo
//!   pays (tilings), it is exponentially quicker than a search, and
//!   [`Solver::zdd_probe`] says whether it does.
//! * Check any answer with [`check_solution`], which shares no code with
//!   the search, or compare with [`brute_force_solutions`] on small
//!   problems.
//!
//! The search is DLX1's Algorithm X, iterative, with DLX1's choice rule, so
//! its node and update counts equal Knuth's. Small problems whose options
//! each conflict with many others (polyomino packings) run the same search
//! on bit sets instead of links, with the same solutions, order and counts
//! in half the time ([`Solver::uses_bit_sets`] says which). Primary items may have
//! multiplicities ([`ProblemBuilder::primary_with_bounds`], DLX3's
//! `a:b|name`): a solution then covers each between its bounds, and the
//! search is Knuth's Algorithm M, with DLX3's counts (on bit sets too, for
//! the dense ones, such as packings with piece counts). See
//! `docs/ARCHITECTURE.md`.
//!
//! ```
//! use exactcover::cover::{ProblemBuilder, Uniqueness};
//!
//! // Knuth's example from "Dancing Links" (2000).
//! let mut b = ProblemBuilder::new();
//! b.primary_items(["A", "B", "C", "D", "E", "F", "G"])?;
//! for option in ["C E F", "A D G", "B C F", "A D", "B G", "D E G"] {
//!     b.option(option.split(' '))?;
//! }
//! let problem = b.build()?;
//! let mut solver = problem.solver();
//! let Uniqueness::Unique(solution) = solver.uniqueness() else { panic!() };
//! let text: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
//! assert_eq!(text, ["A D", "C E F", "B G"]);
//! assert_eq!((solver.stats().nodes, solver.stats().updates), (6, 30));
//! # Ok::<(), exactcover::cover::BuildError>(())
//! ```

mod arena;
pub(crate) mod avx2;
mod bounds;
mod brute;
pub(crate) mod budget;
mod builder;
mod check;
mod commit;
mod dance;
mod dlx_text;
mod entries;
mod error;
mod ids;
mod keys;
mod layout;
mod limits;
mod matrix;
mod names;
mod parallel;
mod parallel_iter;
mod problem;
mod report;
mod search;
mod solver;
mod stats;
mod tables;
mod trail;
pub(crate) mod watch;
mod zdd;

pub use bounds::Bounds;
pub use brute::{BRUTE_FORCE_MAX_OPTIONS, brute_force_solutions};
pub use builder::ProblemBuilder;
pub use check::{CheckError, Checker, check_solution};
pub use dlx_text::{DlxInput, Warning, fingerprint, read_dlx, read_dlx_bytes, read_dlx_from, write_dlx};
pub use entries::{OptionItems, OptionIter};
pub use error::{BuildError, ParseError, ParseErrorKind};
pub use ids::{ColorId, ItemId, OptionId};
pub use limits::{Limits, Progress, Status, StopReason};
pub use parallel::Parallel;
pub use parallel_iter::ParallelSolutions;
pub use problem::Problem;
pub use report::Report;
pub use search::{Estimate, PinError};
pub use solver::{Solution, Solutions, Solver, Uniqueness};
pub use stats::Stats;
pub use zdd::{BigCount, Zdd, ZddChoice, ZddError, ZddProbe, ZddSamples, ZddSolutions, ZddStats};
