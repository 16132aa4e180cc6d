//! What can go wrong before the logic solver starts.

use crate::sudoku::names::{cell_name, digit_char};
use crate::sudoku::rules::Conflict;
use thiserror::Error;

/// Why a puzzle can't be graded, explained or hinted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LogicError {
    /// A grid of one size given for a layout of another.
    #[error("a {grid}×{grid} grid given for a {layout}×{layout} layout")]
    SizeMismatch {
        /// The grid's side.
        grid: usize,
        /// The layout's side.
        layout: usize,
    },
    /// Two givens (or entries) break a rule.
    #[error("the grid breaks a rule: {0}")]
    Conflict(Conflict),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution, so grading and hints (which
    /// may use uniqueness) don't apply.
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
    /// The player's grid doesn't keep a given.
    #[error("{} should hold the given {}", cell_name(*cell, *side), digit_char(*given))]
    GivenChanged {
        /// The cell, `row * side + column`.
        cell: usize,
        /// The grid's side (for the cell's name).
        side: usize,
        /// The given digit.
        given: u8,
    },
    /// A pencil-mark grid that can't be read.
    #[error("{0}")]
    Parse(PencilMarkError),
    /// The search for the puzzle's solution ran out of its budget (see
    /// [`LogicSolver::set_limits`](super::LogicSolver::set_limits)).
    #[error("the search for the solution stopped: {0}")]
    Stopped(crate::cover::StopReason),
}

/// What is wrong with a pencil-mark grid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PencilMarkError {
    /// A number of cells that is no grid's.
    #[error("{0} cells is not a grid size")]
    Size(usize),
    /// A number of cells that is not the layout's.
    #[error("{found} cells, expected {expected}")]
    Cells {
        /// Cells read.
        found: usize,
        /// Cells of the layout.
        expected: usize,
    },
    /// A token that is neither `.`, a digit, a set of digits nor `(d)`.
    #[error("bad pencil-mark token `{}`", crate::text::Escaped(.0))]
    Token(String),
    /// A candidate that a peer's value rules out.
    #[error("{} keeps candidate {} that {} holds", cell_name(*cell, *side), digit_char(*digit), cell_name(*peer, *side))]
    Contradiction {
        /// The cell with the candidate.
        cell: usize,
        /// The candidate.
        digit: u8,
        /// The peer holding that digit.
        peer: usize,
        /// The grid's side.
        side: usize,
    },
}
