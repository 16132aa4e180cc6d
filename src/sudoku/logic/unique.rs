//! The puzzle's unique solution, from the exact-cover solver, or why there
//! is none: what grading, hints and the SE rating need first (the
//! uniqueness techniques assume one solution, and a guess keeps the
//! solution's branch).

use super::error::LogicError;
use crate::cover::Limits;
use crate::sudoku::adapter::SudokuSolver;
use crate::sudoku::grid::Grid;
use crate::sudoku::rules::first_conflict;
use crate::sudoku::verdict::Verdict;

/// The unique solution of `puzzle` (of `exact`'s size), searched within
/// `limits`.
pub(crate) fn unique_solution(exact: &mut SudokuSolver, limits: &Limits, puzzle: &Grid) -> Result<Grid, LogicError> {
    if let Some(conflict) = first_conflict(exact.layout(), puzzle.cells()) {
        return Err(LogicError::Conflict(conflict));
    }
    exact.set_limits(limits.clone());
    match exact.verdict(puzzle) {
        Ok(Verdict::Unique(solution)) => Ok(solution),
        Ok(Verdict::Several(_)) => Err(LogicError::MultipleSolutions),
        Ok(Verdict::None(Some(conflict))) => Err(LogicError::Conflict(conflict)),
        Ok(Verdict::Unknown(reason, _)) => Err(LogicError::Stopped(reason)),
        _ => Err(LogicError::NoSolution),
    }
}
