//! A step of a solution: what a technique found (or a guess), what it
//! changes, and a sentence a player understands.

use super::technique::{Rating, Technique};
use std::fmt;

/// What kind of step: logic, or a guess (never presented as logic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// A deduction by a technique.
    Logic(Technique),
    /// No technique applied: a digit was guessed in a cell with the fewest
    /// candidates, and the right branch was kept (the puzzle's unique
    /// solution tells which).
    Guess,
}

/// One step: a deduction or a guess, with the cells and digits it is
/// about, its placements and eliminations, and a sentence.
///
/// Cells are indices `row * side + column`; sentences name them `r1c1` …
/// `r9c9`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    kind: StepKind,
    rating: Rating,
    cells: Vec<usize>,
    digits: Vec<u8>,
    houses: Vec<String>,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
    text: String,
}

impl Step {
    /// A logical step; cells, digits and eliminations are sorted and
    /// deduplicated.
    pub(crate) fn logic(technique: Technique) -> Step {
        Step {
            kind: StepKind::Logic(technique),
            rating: technique.rating(),
            cells: Vec::new(),
            digits: Vec::new(),
            houses: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            text: String::new(),
        }
    }

    /// A guess of `digit` in `cell`.
    pub(crate) fn guess(cell: usize, digit: u8, text: String) -> Step {
        Step {
            kind: StepKind::Guess,
            rating: Rating::default(),
            cells: vec![cell],
            digits: vec![digit],
            houses: Vec::new(),
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            text,
        }
    }

    pub(crate) fn rated(mut self, rating: Rating) -> Step {
        self.rating = rating;
        self
    }

    pub(crate) fn cells(mut self, cells: impl IntoIterator<Item = usize>) -> Step {
        self.cells.extend(cells);
        self.cells.sort_unstable();
        self.cells.dedup();
        self
    }

    pub(crate) fn digits(mut self, digits: impl IntoIterator<Item = u8>) -> Step {
        self.digits.extend(digits);
        self.digits.sort_unstable();
        self.digits.dedup();
        self
    }

    pub(crate) fn house(mut self, name: &str) -> Step {
        self.houses.push(name.to_string());
        self
    }

    pub(crate) fn place(mut self, cell: usize, digit: u8) -> Step {
        self.placements.push((cell, digit));
        self
    }

    pub(crate) fn eliminate(mut self, eliminations: impl IntoIterator<Item = (usize, u8)>) -> Step {
        self.eliminations.extend(eliminations);
        self.eliminations.sort_unstable();
        self.eliminations.dedup();
        self
    }

    pub(crate) fn text(mut self, text: String) -> Step {
        self.text = text;
        self
    }

    /// Logic or guess.
    pub fn kind(&self) -> StepKind {
        self.kind
    }

    /// The technique, or `None` for a guess.
    pub fn technique(&self) -> Option<Technique> {
        match self.kind {
            StepKind::Logic(t) => Some(t),
            StepKind::Guess => None,
        }
    }

    /// Whether this is a guess.
    pub fn is_guess(&self) -> bool {
        self.kind == StepKind::Guess
    }

    /// The rating of this step (0.0 for a guess): the technique's, or more
    /// for a harder form of it (a hidden single in a line, a long chain).
    pub fn rating(&self) -> Rating {
        self.rating
    }

    /// The cells of the pattern, in grid order (for highlighting). The
    /// cells that lose candidates are in [`Step::eliminations`].
    pub fn pattern_cells(&self) -> &[usize] {
        &self.cells
    }

    /// The digits of the pattern, in increasing order.
    pub fn pattern_digits(&self) -> &[u8] {
        &self.digits
    }

    /// The houses the pattern lives in, by name (`row 1`, `box 9`).
    pub fn houses(&self) -> &[String] {
        &self.houses
    }

    /// The digits placed, `(cell, digit)`.
    pub fn placements(&self) -> &[(usize, u8)] {
        &self.placements
    }

    /// The candidates removed, `(cell, digit)`, in grid order.
    pub fn eliminations(&self) -> &[(usize, u8)] {
        &self.eliminations
    }

    /// The explanation, e.g. "Hidden single: in box 3, 7 can only go in
    /// r2c8."
    pub fn explanation(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
