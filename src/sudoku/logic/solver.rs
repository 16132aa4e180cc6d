//! The logic solver: apply the easiest technique that applies, again and
//! again; guess only when none does.
//!
//! A guess is a bifurcation on a cell with the fewest candidates (the
//! first in grid order): of its candidates, the puzzle's unique solution
//! (found by the exact-cover solver) picks the branch to keep, so a guess
//! never needs undoing. Guesses are counted and never shown as logic.

use super::candidates::Candidates;
use super::error::LogicError;
use super::find::find;
use super::geometry::Geometry;
use super::grade::Grade;
use super::step::Step;
use super::technique::Technique;
use super::unique::unique_solution;
use super::words;
use crate::cover::Limits;
use crate::sudoku::adapter::SudokuSolver;
use crate::sudoku::grid::Grid;
use crate::sudoku::layout::Layout;
use crate::sudoku::names::digit_char;
use std::sync::Arc;

/// A human-style solver: which techniques to use, for which layout.
///
/// ```
/// use exactcover::sudoku::Grid;
/// use exactcover::sudoku::logic::{Level, LogicSolver, Technique};
/// let puzzle = Grid::from_line(
///     "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
/// ).unwrap();
/// let mut solver = LogicSolver::new();
/// let grade = solver.grade(&puzzle)?;
/// assert_eq!(grade.level(), Level::Easy);
/// assert_eq!(grade.guesses(), 0);
/// assert!(grade.count(Technique::HiddenSingle) > 0);
/// # Ok::<(), exactcover::sudoku::logic::LogicError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LogicSolver {
    techniques: Vec<Technique>,
    layout: Option<Layout>,
    geometry: Option<Arc<Geometry>>,
    exact: Option<SudokuSolver>,
    limits: Limits,
}

impl Default for LogicSolver {
    fn default() -> LogicSolver {
        LogicSolver::new()
    }
}

impl LogicSolver {
    /// A solver with our own techniques ([`Technique::OURS`]), for
    /// classic grids of any size. It guesses when they run out.
    pub fn new() -> LogicSolver {
        LogicSolver {
            techniques: Technique::OURS.to_vec(),
            layout: None,
            geometry: None,
            exact: None,
            limits: Limits::new(),
        }
    }

    /// A solver for hints, explanations and ratings: our techniques, then
    /// (before any guess) Sudoku Explainer's unique loops, BUG, aligned
    /// exclusions, cycles and static forcing chains (see
    /// [`Technique::for_hints`]), which apply to classic 9×9 grids. The
    /// same as `LogicSolver::new().with_se_techniques()`.
    pub fn for_hints() -> LogicSolver {
        LogicSolver::new().with_se_techniques()
    }

    /// Adds, after this solver's techniques, those of Sudoku Explainer
    /// that [`LogicSolver::for_hints`] uses: they are tried only where the
    /// others find nothing, so a path changes only where it would have
    /// guessed. They find steps on classic 9×9 grids alone, and nothing on
    /// another size or layout.
    pub fn with_se_techniques(mut self) -> LogicSolver {
        let extra = Technique::ALL.into_iter().filter(|t| t.for_hints() && !self.techniques.contains(t));
        self.techniques.extend(extra.collect::<Vec<_>>());
        self
    }

    /// A solver with our techniques, for one layout (X, windoku, jigsaw).
    pub fn with_layout(layout: Layout) -> LogicSolver {
        LogicSolver { geometry: Some(Geometry::of(&layout)), layout: Some(layout), ..LogicSolver::new() }
    }

    /// Keeps only these techniques (tried in [`Technique::ALL`] order).
    pub fn only(mut self, techniques: &[Technique]) -> LogicSolver {
        self.techniques = Technique::ALL.into_iter().filter(|t| techniques.contains(t)).collect();
        self
    }

    /// Budgets for the exact search that finds the puzzle's solution (by
    /// default none). The logical steps need no budget: each removes at
    /// least one candidate, so there are at most side³ of them. The cancel
    /// flag also stops the SE rating of the grades made (see
    /// [`SeRater::with_cancel`](super::SeRater::with_cancel)).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The techniques used, in the order they are tried.
    pub fn techniques(&self) -> &[Technique] {
        &self.techniques
    }

    /// The candidate grid of a puzzle (or partly filled grid) in this
    /// solver's layout.
    pub fn candidates(&self, grid: &Grid) -> Result<Candidates, LogicError> {
        match (&self.layout, &self.geometry) {
            (Some(layout), Some(geometry)) => {
                if layout.side() != grid.side() {
                    return Err(LogicError::SizeMismatch { grid: grid.side(), layout: layout.side() });
                }
                Ok(Candidates::with_geometry(geometry.clone(), grid))
            }
            _ => Ok(Candidates::new(grid)),
        }
    }

    /// The first step of the easiest technique that applies, if any. Never
    /// a guess.
    ///
    /// The uniqueness techniques (see [`Technique::assumes_uniqueness`])
    /// are sound only for a grid whose puzzle has one solution; leave them
    /// out with [`LogicSolver::only`] for a grid that may have several.
    pub fn next_step(&self, c: &Candidates) -> Option<Step> {
        self.techniques.iter().find_map(|&t| find(t, c))
    }

    /// The puzzle's unique solution, or why there isn't one.
    pub fn solution(&mut self, puzzle: &Grid) -> Result<Grid, LogicError> {
        if let Some(layout) = &self.layout
            && layout.side() != puzzle.side()
        {
            return Err(LogicError::SizeMismatch { grid: puzzle.side(), layout: layout.side() });
        }
        // The exact solver is kept from one puzzle to the next: its layout
        // is this solver's, or else the classic one, which depends on the
        // side alone.
        let exact = match &mut self.exact {
            Some(s) if s.layout().side() == puzzle.side() => s,
            slot => {
                let layout = self.layout.clone().unwrap_or_else(|| Layout::for_grid(puzzle));
                slot.insert(SudokuSolver::with_layout(layout))
            }
        };
        unique_solution(exact, &self.limits, puzzle)
    }

    /// Grades a puzzle with a unique solution.
    pub fn grade(&mut self, puzzle: &Grid) -> Result<Grade, LogicError> {
        let solution = self.solution(puzzle)?;
        let start = self.candidates(puzzle)?;
        Ok(self.attach(self.solve_with(start, &solution, |_, _| {}), puzzle))
    }

    /// Gives a grade its puzzle for the SE rating, for classic 9×9 grids.
    pub(crate) fn attach(&self, grade: Grade, puzzle: &Grid) -> Grade {
        let classic = self.geometry.as_ref().is_none_or(|g| g.classic);
        if classic && puzzle.side() == 9 {
            grade.with_puzzle(puzzle.cells(), self.limits.cancel().cloned())
        } else {
            grade
        }
    }

    /// Solves from `start` to the end, calling `visit` with each step and
    /// the candidate grid after it, and returns the grade. `solution` must
    /// be the unique solution of the puzzle `start` comes from: it picks
    /// the branch of each guess (the uniqueness techniques assume it too).
    pub fn solve_with(
        &self,
        mut start: Candidates,
        solution: &Grid,
        mut visit: impl FnMut(&Step, &Candidates),
    ) -> Grade {
        let mut grade = Grade::new(start.len() - start.empty_cells());
        while !start.is_solved() {
            let step = self.next_step(&start).unwrap_or_else(|| guess(&start, solution));
            debug_assert!(makes_progress(&start, &step), "a step that changes nothing: {step}");
            start.apply(&step);
            grade.record(&step);
            visit(&step, &start);
        }
        grade
    }

    /// The next step from `c`: logic if any technique applies, otherwise a
    /// guess from the solution. `None` when the grid is full.
    pub fn next_step_or_guess(&self, c: &Candidates, solution: &Grid) -> Option<Step> {
        if c.is_solved() {
            return None;
        }
        Some(self.next_step(c).unwrap_or_else(|| guess(c, solution)))
    }
}

/// Whether every placement fills an empty cell and every elimination
/// removes a candidate that is there.
fn makes_progress(c: &Candidates, step: &Step) -> bool {
    let places = step.placements().iter().all(|&(k, _)| c.value(k) == 0);
    let removes = step.eliminations().iter().all(|&(k, d)| c.has(k, d));
    places && removes && !(step.placements().is_empty() && step.eliminations().is_empty())
}

/// A guess: the solution's digit in the first cell with the fewest
/// candidates.
fn guess(c: &Candidates, solution: &Grid) -> Step {
    let cell = (0..c.len()).filter(|&k| c.value(k) == 0).min_by_key(|&k| c.candidates(k).len()).expect("an empty cell");
    let digit = solution.cells()[cell];
    let text = format!(
        "Guess: no technique applies. {} has the fewest candidates, {}; trying {} (a guess, not \
         a deduction: it is the branch that leads to the solution).",
        c.cell_name(cell),
        words::set(c.candidates(cell).bits()),
        digit_char(digit)
    );
    Step::guess(cell, digit, text)
}
