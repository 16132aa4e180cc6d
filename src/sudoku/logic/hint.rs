//! Hints for a player: first any wrong digit the player entered, else the
//! single next step from the player's grid.
//!
//! From a plain grid ([`LogicSolver::hint`]) the candidates are worked out
//! afresh, so a hint that only removes candidates comes back until the
//! player places a digit. A page that keeps the player's candidates passes
//! them instead ([`LogicSolver::hint_from`]) and applies each hinted step
//! to them.
//!
//! Without the original puzzle (the grid is both the givens and the
//! player's entries) a wrong entry shows as a grid with no solution. The
//! hint then looks for the digit to blame: a filled cell without which the
//! grid has exactly one solution. The first such cell is named as the
//! mistake; when there is none, the error stands.

use super::candidates::Candidates;
use super::error::LogicError;
use super::solver::LogicSolver;
use super::step::Step;
use crate::sudoku::grid::Grid;
use crate::sudoku::names::{cell_name, digit_char};

/// What a player should know next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The player's digit in `cell` is wrong (it differs from the unique
    /// solution); the first such cell in grid order.
    Mistake {
        /// The cell, `row * side + column`.
        cell: usize,
        /// The digit the player entered.
        entered: u8,
        /// The sentence, naming the cell.
        text: String,
    },
    /// A candidate grid lacks the digit that belongs in `cell` (a pencil
    /// mark removed by mistake); the first such cell in grid order.
    MissingCandidate {
        /// The cell, `row * side + column`.
        cell: usize,
        /// The sentence, naming the cell.
        text: String,
    },
    /// The next step: logic, or a guess if no technique applies.
    Step(Step),
    /// The grid is full and correct.
    Solved,
}

impl Hint {
    /// The sentence to show.
    pub fn text(&self) -> &str {
        match self {
            Hint::Mistake { text, .. } | Hint::MissingCandidate { text, .. } => text,
            Hint::Step(step) => step.explanation(),
            Hint::Solved => "The puzzle is solved.",
        }
    }
}

impl LogicSolver {
    /// A hint for a player who started from `givens` and has reached
    /// `current` (givens plus the player's entries).
    pub fn hint(&mut self, givens: &Grid, current: &Grid) -> Result<Hint, LogicError> {
        if current.side() != givens.side() {
            return Err(LogicError::SizeMismatch { grid: current.side(), layout: givens.side() });
        }
        let c = self.candidates(current)?;
        match self.hint_from(givens, &c) {
            Err(e @ (LogicError::NoSolution | LogicError::Conflict(_))) if givens == current => {
                self.blame(current).ok_or(e)
            }
            other => other,
        }
    }

    /// The first filled cell without which `grid` has exactly one
    /// solution, as a mistake.
    fn blame(&mut self, grid: &Grid) -> Option<Hint> {
        let side = grid.side();
        let mut fewer = grid.clone();
        (0..grid.cells().len()).filter(|&k| grid.cells()[k] != 0).find_map(|cell| {
            let entered = grid.cells()[cell];
            fewer.set(cell / side, cell % side, 0);
            let solution = self.solution(&fewer).ok();
            fewer.set(cell / side, cell % side, entered);
            let right = solution?.cells()[cell];
            let text = format!(
                "Mistake: {} holds {}, which can't be right: the grid has no solution with it, and exactly one \
                 without it, with {} there. Clear it first.",
                cell_name(cell, side),
                digit_char(entered),
                digit_char(right)
            );
            Some(Hint::Mistake { cell, entered, text })
        })
    }

    /// A hint for a player who started from `givens` and whose grid, with
    /// the candidates left, is `current`. Wrong digits come first, then
    /// removed candidates that belong, then the next step.
    pub fn hint_from(&mut self, givens: &Grid, current: &Candidates) -> Result<Hint, LogicError> {
        if current.side() != givens.side() {
            return Err(LogicError::SizeMismatch { grid: current.side(), layout: givens.side() });
        }
        let solution = self.solution(givens)?;
        let side = givens.side();
        let (g, sol) = (givens.cells(), solution.cells());
        let now = |k: usize| current.value(k);
        if let Some(cell) = (0..g.len()).find(|&k| g[k] != 0 && now(k) != g[k]) {
            return Err(LogicError::GivenChanged { cell, side, given: g[cell] });
        }
        if let Some(cell) = (0..g.len()).find(|&k| now(k) != 0 && now(k) != sol[k]) {
            let text = format!(
                "Mistake: {} holds {}, which is not the digit that belongs there. Clear it first.",
                cell_name(cell, side),
                digit_char(now(cell))
            );
            return Ok(Hint::Mistake { cell, entered: now(cell), text });
        }
        if let Some(cell) = (0..g.len()).find(|&k| now(k) == 0 && !current.has(k, sol[k])) {
            let text = format!(
                "Mistake: {} has lost a candidate it needs. Restore its candidates first.",
                cell_name(cell, side)
            );
            return Ok(Hint::MissingCandidate { cell, text });
        }
        Ok(match self.next_step_or_guess(current, &solution) {
            Some(step) => Hint::Step(step),
            None => Hint::Solved,
        })
    }
}
