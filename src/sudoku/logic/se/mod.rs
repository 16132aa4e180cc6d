//! Ratings on the Sudoku Explainer (SE) scale, computed SE's way.
//!
//! Sudoku Explainer 1.2.1.3 (Nicolas Juillerat, with Glenn Fowler's
//! `serate`) rates a puzzle by solving it with its own techniques in a
//! fixed order: at each step the first technique (or chain family) that
//! applies gives its easiest step, which is applied. Three numbers come
//! out:
//!
//! * **ER**, the rating: the hardest step of the whole path;
//! * **EP**, the pearl: the hardest step up to the first placed digit;
//! * **ED**, the diamond: the first step's rating.
//!
//! [`SeRater`] reproduces that loop with SE's technique set only (our
//! Skyscraper, 2-String Kite, W-Wing and colouring are not used: SE finds
//! those eliminations with chains). When the techniques run out, or the
//! nesting needed is beyond the rater's limit, there is no rating:
//! [`SeGrade::rating`] is `None`, never a number that would pass for one.
//!
//! **Invariant.** The board only shrinks, and every step is sound for a
//! puzzle with one solution (the uniqueness techniques assume it; the
//! rater checks it first).

pub(crate) mod basics;
pub(crate) mod board;
mod chains;
pub(crate) mod combos;
pub(crate) mod rater;

use super::{LogicError, LogicSolver, Rating, Step, Technique};
use crate::sudoku::Grid;
use board::Board;
use std::fmt;

/// A puzzle's rating on SE's scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeRating {
    /// The hardest step.
    pub er: Rating,
    /// The hardest step up to the first placed digit.
    pub ep: Rating,
    /// The first step.
    pub ed: Rating,
    /// The technique of the hardest step.
    pub hardest: Technique,
}

impl fmt::Display for SeRating {
    /// "7.2/1.2/1.2 (Forcing chain)", as `serate` writes ER/EP/ED.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{} ({})", self.er, self.ep, self.ed, self.hardest)
    }
}

/// What the SE rater made of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeGrade {
    rating: Option<SeRating>,
    hardest_so_far: Rating,
    steps: usize,
    max_level: u8,
}

impl SeGrade {
    /// The rating, or `None` when SE's techniques (up to the rater's
    /// nesting limit) could not solve the puzzle.
    pub fn rating(&self) -> Option<SeRating> {
        self.rating
    }

    /// The hardest step taken, solved or not.
    pub fn hardest_so_far(&self) -> Rating {
        self.hardest_so_far
    }

    /// The number of steps taken.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// Why there is no rating: "needs techniques beyond nested forcing
    /// chains (level 3)".
    pub fn why_none(&self) -> Option<String> {
        self.rating.is_none().then(|| format!("needs techniques beyond {}", level_name(self.max_level)))
    }
}

fn level_name(level: u8) -> String {
    match level {
        0 => "dynamic forcing chains".to_string(),
        1 => "dynamic forcing chains (+)".to_string(),
        l => format!("nested forcing chains (level {l})"),
    }
}

/// The SE rater: how deep its chains may nest.
///
/// ```
/// use exactcover::sudoku::Grid;
/// use exactcover::sudoku::logic::SeRater;
/// let puzzle = Grid::from_line(
///     "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
/// ).unwrap();
/// let grade = SeRater::new().rate(&puzzle)?;
/// let r = grade.rating().unwrap();
/// assert_eq!((r.er.to_string(), r.ep.to_string(), r.ed.to_string()), ("1.2".into(), "1.2".into(), "1.2".into()));
/// # Ok::<(), exactcover::sudoku::logic::LogicError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SeRater {
    max_level: u8,
}

impl Default for SeRater {
    fn default() -> SeRater {
        SeRater::new()
    }
}

impl SeRater {
    /// The deepest nesting level SE's batch rater uses.
    pub const MAX_LEVEL: u8 = 5;

    /// A rater with every level of nesting SE has.
    pub fn new() -> SeRater {
        SeRater { max_level: SeRater::MAX_LEVEL }
    }

    /// A rater whose dynamic chains nest at most `level` deep (0: plain
    /// dynamic forcing chains, 8.5; 1: 9.0; `n`: 9.5 + 0.5 (n − 2)).
    pub fn with_max_level(level: u8) -> SeRater {
        SeRater { max_level: level.min(SeRater::MAX_LEVEL) }
    }

    /// Rates a classic 9×9 puzzle with a unique solution.
    pub fn rate(&self, puzzle: &Grid) -> Result<SeGrade, LogicError> {
        if puzzle.side() != 9 {
            return Err(LogicError::SizeMismatch { grid: puzzle.side(), layout: 9 });
        }
        LogicSolver::new().solution(puzzle)?;
        Ok(self.rate_unchecked(puzzle.cells()))
    }

    /// Rates a classic 9×9 puzzle with a unique solution, and returns the
    /// steps SE's way of solving takes (as far as it gets).
    pub fn rate_steps(&self, puzzle: &Grid) -> Result<(SeGrade, Vec<Step>), LogicError> {
        if puzzle.side() != 9 {
            return Err(LogicError::SizeMismatch { grid: puzzle.side(), layout: 9 });
        }
        LogicSolver::new().solution(puzzle)?;
        let mut steps = Vec::new();
        let grade = self.rate_with(puzzle.cells(), |s, _| steps.push(s.clone()));
        Ok((grade, steps))
    }

    /// Rates a puzzle already known to have one solution.
    pub(crate) fn rate_unchecked(&self, cells: &[u8]) -> SeGrade {
        self.rate_with(cells, |_, _| {})
    }

    /// Rates, calling `visit` with each step and the cells' candidate masks
    /// after it.
    pub(crate) fn rate_with(&self, cells: &[u8], mut visit: impl FnMut(&Step, &[u16; 81])) -> SeGrade {
        let run = rater::run(Board::from_cells(cells), self.max_level, |s, b| visit(s, &b.cand));
        let rating = match (run.solved, run.hardest, run.ep, run.ed) {
            (true, Some(hardest), Some(ep), Some(ed)) => Some(SeRating { er: run.er, ep, ed, hardest }),
            (true, _, _, _) if run.steps == 0 => None,
            _ => None,
        };
        SeGrade { rating, hardest_so_far: run.er, steps: run.steps, max_level: self.max_level }
    }
}
