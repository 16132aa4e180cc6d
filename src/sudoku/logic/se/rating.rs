//! The SE rater and what it gives: [`SeRater`] runs SE's loop
//! (`rater.rs`) on a puzzle with one solution, and [`SeGrade`] holds its
//! ER/EP/ED ([`SeRating`]), or why there is none.

use super::board::Board;
use super::rater;
use crate::cover::Limits;
use crate::sudoku::adapter::SudokuSolver;
use crate::sudoku::grid::Grid;
use crate::sudoku::logic::error::LogicError;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::{Rating, Technique};
use crate::sudoku::logic::unique::unique_solution;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

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
    /// Whether a cancel flag stopped the rater (see
    /// [`SeRater::with_cancel`]).
    interrupted: bool,
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
    /// chains (level 3)", or "interrupted".
    pub fn why_none(&self) -> Option<String> {
        self.rating.is_none().then(|| {
            if self.interrupted {
                "interrupted".to_string()
            } else {
                format!("needs techniques beyond {}", level_name(self.max_level))
            }
        })
    }

    /// Whether a cancel flag stopped the rater before the end.
    pub fn interrupted(&self) -> bool {
        self.interrupted
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
    cancel: Option<Arc<AtomicBool>>,
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
        SeRater { max_level: SeRater::MAX_LEVEL, cancel: None }
    }

    /// A rater whose dynamic chains nest at most `level` deep (0: plain
    /// dynamic forcing chains, 8.5; 1: 9.0; `n`: 9.5 + 0.5 (n − 2)).
    pub fn with_max_level(level: u8) -> SeRater {
        SeRater { max_level: level.min(SeRater::MAX_LEVEL), cancel: None }
    }

    /// Stops rating once `flag` is raised (for Ctrl-C): the flag is looked
    /// at before each technique is tried, and a rating cut short has no
    /// rating, [`SeGrade::interrupted`] saying why.
    pub fn with_cancel(mut self, flag: Option<Arc<AtomicBool>>) -> SeRater {
        self.cancel = flag;
        self
    }

    /// Rates a classic 9×9 puzzle with a unique solution.
    pub fn rate(&self, puzzle: &Grid) -> Result<SeGrade, LogicError> {
        one_solution(puzzle)?;
        Ok(self.rate_unchecked(puzzle.cells()))
    }

    /// Rates a classic 9×9 puzzle with a unique solution, and returns the
    /// steps SE's way of solving takes (as far as it gets).
    pub fn rate_steps(&self, puzzle: &Grid) -> Result<(SeGrade, Vec<Step>), LogicError> {
        one_solution(puzzle)?;
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
        let stop = || self.cancel.as_ref().is_some_and(|f| f.load(Ordering::Relaxed));
        let run = rater::run(Board::from_cells(cells), self.max_level, |s, b| visit(s, &b.cand), stop);
        let rating = match (run.solved, run.hardest, run.ep, run.ed) {
            (true, Some(hardest), Some(ep), Some(ed)) => Some(SeRating { er: run.er, ep, ed, hardest }),
            (true, _, _, _) if run.steps == 0 => None,
            _ => None,
        };
        SeGrade {
            rating,
            hardest_so_far: run.er,
            steps: run.steps,
            max_level: self.max_level,
            interrupted: run.stopped,
        }
    }
}

/// Whether `puzzle` is 9×9 with one solution in the classic layout, as
/// the rater needs (the uniqueness techniques assume it).
fn one_solution(puzzle: &Grid) -> Result<(), LogicError> {
    if puzzle.side() != 9 {
        return Err(LogicError::SizeMismatch { grid: puzzle.side(), layout: 9 });
    }
    unique_solution(&mut SudokuSolver::for_grid(puzzle), &Limits::new(), puzzle).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cancel flag that stays down changes nothing; raised before or
    /// during a rating, it stops the rater, and the grade says why it has
    /// no rating.
    #[test]
    fn a_cancel_flag_stops_the_rater() {
        let easy = Grid::from_line("003020600900305001001806400008102900700000008006708200002609500800203009005010300")
            .unwrap();
        let down = Arc::new(AtomicBool::new(false));
        let grade = SeRater::new().with_cancel(Some(down)).rate(&easy).unwrap();
        assert_eq!((grade.rating().map(|r| r.er.to_string()), grade.interrupted()), (Some("1.2".into()), false));
        let raised = Arc::new(AtomicBool::new(true));
        let grade = SeRater::new().with_cancel(Some(raised)).rate(&easy).unwrap();
        assert_eq!((grade.rating(), grade.steps(), grade.why_none()), (None, 0, Some("interrupted".into())));
        // Inkala's puzzle takes nested forcing chains: seconds of rating.
        let hard = Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
            .unwrap();
        let flag = Arc::new(AtomicBool::new(false));
        let raiser = {
            let flag = flag.clone();
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(100));
                flag.store(true, Ordering::Relaxed);
            })
        };
        let grade = SeRater::new().with_cancel(Some(flag)).rate(&hard).unwrap();
        raiser.join().unwrap();
        assert!(grade.interrupted() && grade.rating().is_none(), "{grade:?}");
    }
}
