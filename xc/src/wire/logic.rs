//! Logical steps, hints and whole paths, borrowed from the library's values
//! (the shapes of `xc sudoku hint --format json` and `explain`).

use super::reply::rating;
use exactcover::sudoku::Grid;
use exactcover::sudoku::logic::{Hint, SolvePath, Step};
use serde::Serialize;

/// One step, with the grid it applies to. Cells are numbered from 0 row by
/// row; digits from 1.
#[derive(Debug, Serialize)]
pub struct StepReply<'a> {
    /// The technique's name, or `Guess`.
    pub technique: &'static str,
    /// The sentence.
    pub text: &'a str,
    /// The step's rating (0 for a guess).
    pub rating: f64,
    /// Whether it is a guess.
    pub guess: bool,
    /// The cells of the pattern.
    pub cells: &'a [usize],
    /// The digits of the pattern.
    pub digits: &'a [u8],
    /// The houses of the pattern, by name.
    pub houses: &'a [String],
    /// Digits placed, `[cell, digit]`.
    pub placements: &'a [(usize, u8)],
    /// Candidates removed, `[cell, digit]`.
    pub eliminations: &'a [(usize, u8)],
    /// The grid before the step, as one line.
    pub grid: String,
}

impl<'a> StepReply<'a> {
    /// `step`, applied to `before`.
    pub fn new(step: &'a Step, before: &Grid) -> StepReply<'a> {
        StepReply {
            technique: step.technique().map_or("Guess", |t| t.name()),
            text: step.explanation(),
            rating: rating(step.rating().tenths()),
            guess: step.is_guess(),
            cells: step.pattern_cells(),
            digits: step.pattern_digits(),
            houses: step.houses(),
            placements: step.placements(),
            eliminations: step.eliminations(),
            grid: before.to_line(),
        }
    }
}

/// `POST /api/hint`, tagged by `kind`.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum HintReply<'a> {
    /// A player's digit is wrong.
    Wrong {
        /// The cell.
        cell: usize,
        /// The digit entered.
        entered: u8,
        /// The sentence.
        text: &'a str,
    },
    /// A candidate grid lacks the right digit in a cell.
    Missing {
        /// The cell.
        cell: usize,
        /// The sentence.
        text: &'a str,
    },
    /// The next step.
    Step {
        /// The step's sentence.
        text: &'a str,
        /// The step.
        step: StepReply<'a>,
    },
    /// Nothing is left to do.
    Solved {
        /// The sentence.
        text: &'a str,
    },
}

impl<'a> HintReply<'a> {
    /// `hint` for a player at `current`.
    pub fn new(hint: &'a Hint, current: &Grid) -> HintReply<'a> {
        match hint {
            Hint::Mistake { cell, entered, text } => HintReply::Wrong { cell: *cell, entered: *entered, text },
            Hint::MissingCandidate { cell, text } => HintReply::Missing { cell: *cell, text },
            Hint::Step(step) => HintReply::Step { text: step.explanation(), step: StepReply::new(step, current) },
            Hint::Solved => HintReply::Solved { text: hint.text() },
        }
    }
}

/// `POST /api/explain`: the whole logical path.
#[derive(Debug, Serialize)]
pub struct PathReply<'a> {
    /// Every step, each with the grid it applies to.
    pub steps: Vec<StepReply<'a>>,
    /// The puzzle's Sudoku Explainer rating (ER), worked out SE's way with
    /// SE's techniques only; `null` when those don't solve it or the grid
    /// is not classic 9×9.
    pub rating: Option<f64>,
    /// The hardest step of this path (our techniques, guesses allowed):
    /// not an SE rating.
    pub path_rating: f64,
    /// The level.
    pub level: &'static str,
    /// Guesses made.
    pub guesses: usize,
    /// The solution as one line.
    pub solution: String,
}

impl<'a> PathReply<'a> {
    /// `path`, starting from `start`.
    pub fn new(path: &'a SolvePath, start: &Grid) -> PathReply<'a> {
        let mut before = start.clone();
        let steps = path
            .iter()
            .map(|(step, after)| {
                let reply = StepReply::new(step, &before);
                before = after.to_grid();
                reply
            })
            .collect();
        let grade = path.grade();
        PathReply {
            steps,
            rating: grade.se().and_then(|s| s.rating()).map(|r| rating(r.er.tenths())),
            path_rating: rating(grade.rating().tenths()),
            level: grade.level().name(),
            guesses: grade.guesses(),
            solution: path.solution().to_line(),
        }
    }
}
