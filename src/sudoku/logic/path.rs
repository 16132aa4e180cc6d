//! The whole solution path of a puzzle: every step, with the candidate
//! grid after each, so a caller can show the grid at any point.

use super::candidates::Candidates;
use super::grade::Grade;
use super::step::Step;
use crate::sudoku::grid::Grid;

/// Every step from a puzzle to its solution, with the candidate grids.
#[derive(Clone, Debug)]
pub struct SolvePath {
    pub(crate) start: Candidates,
    pub(crate) steps: Vec<(Step, Candidates)>,
    pub(crate) grade: Grade,
}

impl SolvePath {
    /// The candidate grid before the first step.
    pub fn start(&self) -> &Candidates {
        &self.start
    }

    /// The number of steps (guesses included).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the puzzle needed no step (it was full).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Step `i` (from 0).
    pub fn step(&self, i: usize) -> Option<&Step> {
        self.steps.get(i).map(|(s, _)| s)
    }

    /// The candidate grid after step `i`.
    pub fn after(&self, i: usize) -> Option<&Candidates> {
        self.steps.get(i).map(|(_, c)| c)
    }

    /// The steps, each with the candidate grid after it.
    pub fn iter(&self) -> impl Iterator<Item = (&Step, &Candidates)> {
        self.steps.iter().map(|(s, c)| (s, c))
    }

    /// The grade of the puzzle (the same as [`grade`](fn@super::grade)'s).
    pub fn grade(&self) -> &Grade {
        &self.grade
    }

    /// The solved grid.
    pub fn solution(&self) -> Grid {
        self.steps.last().map_or_else(|| self.start.to_grid(), |(_, c)| c.to_grid())
    }
}

impl super::solver::LogicSolver {
    /// The whole path of a puzzle with a unique solution (or a correct
    /// partly filled grid).
    pub fn path(&mut self, puzzle: &Grid) -> Result<SolvePath, super::error::LogicError> {
        let solution = self.solution(puzzle)?;
        let start = self.candidates(puzzle)?;
        let mut steps = Vec::new();
        let grade = self.solve_with(start.clone(), &solution, |s, c| steps.push((s.clone(), c.clone())));
        let grade = self.attach(grade, puzzle);
        Ok(SolvePath { start, steps, grade })
    }
}
