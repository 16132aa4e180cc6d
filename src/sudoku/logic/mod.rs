//! The human-style logic solver, grader and hint engine.
//!
//! A [`Candidates`] grid holds each empty cell's candidates. Each
//! technique (one per file) looks for its pattern and
//! returns the first [`Step`] it finds, in a fixed order: the cells and
//! digits of the pattern, the placements and eliminations, and a sentence
//! that names cells `r1c1` … `r9c9`. The [`LogicSolver`] applies the
//! easiest technique that applies, again and again; only when none does
//! it guesses (see [`StepKind::Guess`]), using the puzzle's unique
//! solution to pick the branch, and counts the guess.
//!
//! **Invariant.** Candidates only ever shrink, and every elimination and
//! placement is justified by its pattern: a logical step never removes a
//! cell's true digit. The integration tests check this against the unique
//! solution of every puzzle of the shared sets.
//!
//! # Techniques and ratings
//!
//! Ratings follow the Sudoku Explainer (SE) scale where SE has the
//! technique; the others are placed by how hard they are to spot, between
//! their SE neighbours. [`LogicSolver::new`] tries our techniques in this
//! order; [`LogicSolver::for_hints`] (used by `xc sudoku hint` and
//! `explain`) then tries SE's unique loops, BUG, aligned exclusions, cycles
//! and static forcing chains (see [`Technique::for_hints`]) before it
//! guesses.
//!
//! | technique | rating | looks for |
//! |---|---|---|
//! | Full house | 1.0 | the last empty cell of a house |
//! | Hidden single | 1.2 in a box, 1.5 in a line | a digit with one place in a house |
//! | Naked single | 2.3 | a cell with one candidate |
//! | Pointing | 2.6 | a box's digit confined to one line |
//! | Claiming | 2.8 | a line's digit confined to one box |
//! | Naked pair | 3.0 | 2 cells of a house with 2 candidates between them |
//! | X-Wing | 3.2 | a digit in 2 lines confined to 2 crossing lines |
//! | Hidden pair | 3.4 | 2 digits of a house confined to 2 cells |
//! | Naked triple | 3.6 | 3 cells, 3 candidates |
//! | Swordfish | 3.8 | 3 lines, 3 crossing lines |
//! | Hidden triple | 4.0 | 3 digits, 3 cells |
//! | XY-Wing | 4.2 | bivalue pivot {x,y}, pincers {x,z} and {y,z} |
//! | XYZ-Wing | 4.4 | trivalue pivot {x,y,z}, pincers {x,z} and {y,z} |
//! | Unique rectangle type 1 | 4.5 | 3 corners {a,b} of a 2-box rectangle |
//! | Skyscraper | 4.6 | 2 parallel strong links joined at one end |
//! | 2-String Kite | 4.7 | a row and a column strong link joined in a box |
//! | W-Wing | 4.8 | 2 equal bivalue cells joined by a strong link |
//! | Naked quad | 5.0 | 4 cells, 4 candidates |
//! | Jellyfish | 5.2 | 4 lines, 4 crossing lines |
//! | Hidden quad | 5.4 | 4 digits, 4 cells |
//! | BUG+1 | 5.6 | all cells bivalue but one trivalue |
//! | Simple colouring | 6.2 | colour wrap or trap on one digit's conjugate pairs |
//! | X-Chain | 6.6, +0.1 per strong link past 2 | alternating strong/weak chain on one digit |
//!
//! Sudoku Explainer's own techniques (SE's ratings; chains add a length
//! increment) work on SE's 9×9 board instead: direct pointing 1.7, direct
//! claiming 1.9, direct hidden pair 2.0 and triple 2.5 (only for the SE
//! rating), unique rectangles and loops types 1–4 from 4.5, BUG types 2–4
//! from 5.7, aligned pair (6.2) and triple (7.5) exclusion, X- and
//! Y-cycles 6.5, forcing X-chains 6.6, XY-cycles and forcing chains 7.0,
//! Nishio 7.5, cell and region forcing chains 8.0, dynamic contradiction,
//! double, cell and region forcing chains 8.5, and nested forcing chains
//! from 9.0. The [`SeRater`] uses those alone, in SE's order, for SE's
//! ER/EP/ED (see [`Grade::se`]).
//!
//! A guess rates nothing: it is counted apart.
//!
//! # Grading
//!
//! A puzzle's SE rating is [`Grade::se`] (ER/EP/ED, or none when SE's
//! techniques run out). Our own path's rating, [`Grade::rating`], is its
//! hardest step (the easiest of our techniques that applies, each time);
//! it is not an SE rating. Levels: **easy** up to 2.3
//! (singles), **medium** up to 3.4, **hard** up to 4.5, **expert** above,
//! and **needs guessing** whenever a guess was made (whatever the rating of
//! the logic between guesses). See [`Level`] and [`Grade`].
//!
//! ```
//! use exactcover::sudoku::Grid;
//! use exactcover::sudoku::logic::{self, Hint, Level};
//!
//! let puzzle = Grid::from_line(
//!     "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
//! ).unwrap();
//! let grade = logic::grade(&puzzle)?;
//! assert_eq!(grade.level(), Level::Easy);
//!
//! // A hint for the puzzle as given:
//! let Hint::Step(step) = logic::hint(&puzzle, &puzzle)? else { panic!() };
//! assert!(step.explanation().starts_with("Hidden single"));
//!
//! // The whole path, with the candidate grid after each step:
//! let path = logic::path(&puzzle)?;
//! assert!(path.after(path.len() - 1).unwrap().is_solved());
//! # Ok::<(), logic::LogicError>(())
//! ```

// Two worlds, one folder each: `strategies/` holds our techniques, over
// the candidates of any layout; `se/` holds Sudoku Explainer's board, its
// techniques, its chains and its rater. `find.rs` asks either world for a
// technique's step; the solver, the grades, hints and paths sit above.
mod candidates;
mod digits;
mod error;
mod find;
mod geometry;
mod grade;
mod hint;
mod path;
mod pencilmarks;
mod se;
mod solver;
mod step;
mod strategies;
mod technique;
mod unique;
mod words;

pub use candidates::Candidates;
pub use digits::DigitSet;
pub use error::{LogicError, PencilMarkError};
pub use grade::{Grade, Level};
pub use hint::Hint;
pub use path::SolvePath;
pub use se::{SeGrade, SeRater, SeRating};
pub use solver::LogicSolver;
pub use step::{Step, StepKind};
pub use technique::{Rating, Technique};

use crate::sudoku::grid::Grid;

/// Grades a classic puzzle with every technique (see [`LogicSolver::grade`]).
pub fn grade(puzzle: &Grid) -> Result<Grade, LogicError> {
    LogicSolver::new().grade(puzzle)
}

/// The whole solution path of a classic puzzle (see [`LogicSolver::path`]).
pub fn path(puzzle: &Grid) -> Result<SolvePath, LogicError> {
    LogicSolver::new().path(puzzle)
}

/// A hint for a player of a classic puzzle (see [`LogicSolver::hint`]).
pub fn hint(givens: &Grid, current: &Grid) -> Result<Hint, LogicError> {
    LogicSolver::new().hint(givens, current)
}

/// The next logical step from a candidate grid, with every technique
/// (see [`LogicSolver::next_step`]).
pub fn next_step(candidates: &Candidates) -> Option<Step> {
    LogicSolver::new().next_step(candidates)
}
