//! The rules, checked directly on the grid: duplicate digits in a house
//! (what LeetCode's "Valid Sudoku", `isValidSudoku`, checks) and a full solution
//! check that shares no code with the search.

#![forbid(unsafe_code)]

use super::grid::Grid;
use super::layout::Layout;
use super::names::{cell_name, digit_char};
use std::fmt;

/// Two cells of one house holding the same digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The digit.
    pub digit: u8,
    /// The two cells (indices `row * side + column`), in grid order.
    pub cells: (usize, usize),
    /// The house's name, e.g. `row 1`.
    pub house: String,
    /// The side of the grid (for naming cells).
    pub side: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} and {} both hold {} ({})",
            cell_name(self.cells.0, self.side),
            cell_name(self.cells.1, self.side),
            digit_char(self.digit),
            self.house
        )
    }
}

/// The first conflict among the filled cells, in house order, if any.
/// Allocates only to describe a conflict it finds.
pub fn first_conflict(layout: &Layout, cells: &[u8]) -> Option<Conflict> {
    for house in layout.houses() {
        // Bit `v` for digit `v` (bit 0 for empty cells, ignored): a digit
        // seen twice sets its bit in `twice`. Branch-free; the conflict is
        // looked for only in a house that has one.
        let (mut seen, mut twice) = (0u64, 0u64);
        for &c in &house.cells {
            let bit = 1u64 << (cells[c] & 63);
            twice |= seen & bit;
            seen |= bit;
        }
        if twice & !1 != 0 {
            return Some(conflict_in(house, cells, layout.side()));
        }
    }
    None
}

/// The first cell of `house` holding a digit seen before in it, with that
/// digit's first cell.
fn conflict_in(house: &super::layout::House, cells: &[u8], side: usize) -> Conflict {
    let mut seen = 0u64;
    for &c in &house.cells {
        let v = cells[c];
        if v != 0 && seen & (1 << v) != 0 {
            let first = *house.cells.iter().find(|&&o| cells[o] == v).expect("seen before");
            return Conflict { digit: v, cells: (first, c), house: house.name(), side };
        }
        seen |= 1 << v;
    }
    unreachable!("the house has a repeated digit")
}

/// Every conflict: for each house, each pair of a digit's first cell and a
/// later cell with the same digit.
pub fn conflicts(layout: &Layout, grid: &Grid) -> Vec<Conflict> {
    let cells = grid.cells();
    let mut found = Vec::new();
    let mut first = vec![None; layout.side() + 1];
    for house in layout.houses() {
        first.fill(None);
        for &c in &house.cells {
            let v = cells[c];
            if v == 0 {
                continue;
            }
            match first[usize::from(v)] {
                None => first[usize::from(v)] = Some(c),
                Some(f) => found.push(Conflict { digit: v, cells: (f, c), house: house.name(), side: layout.side() }),
            }
        }
    }
    found
}

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotASolution {
    /// The grids differ in size.
    #[error("the grids differ in size")]
    Size,
    /// A cell is empty.
    #[error("{0} is empty")]
    Empty(String),
    /// A given was changed.
    #[error("{cell} holds {found} but the puzzle gives {given}")]
    GivenChanged {
        /// The cell.
        cell: String,
        /// The puzzle's digit.
        given: char,
        /// The solution's digit.
        found: char,
    },
    /// Two cells of a house hold the same digit.
    #[error("{0}")]
    Conflict(Conflict),
}

/// Checks that `solution` is a full grid that keeps the puzzle's givens and
/// breaks no rule of the layout.
pub fn check_solution(layout: &Layout, puzzle: &Grid, solution: &Grid) -> Result<(), NotASolution> {
    if puzzle.cells().len() != solution.cells().len() || solution.side() != layout.side() {
        return Err(NotASolution::Size);
    }
    // Branch-free checks first (every grid a batch shows is checked); the
    // slow paths only name what is wrong.
    let cells = solution.cells();
    let bad_cell = puzzle.cells().iter().zip(cells).fold(false, |bad, (&p, &s)| bad | (s == 0) | (p != 0 && p != s));
    if bad_cell {
        return Err(wrong_cell(puzzle, solution, layout.side()));
    }
    // Every cell is filled, so a house of `side` cells holds every digit
    // once exactly when the digits it holds are all different.
    let all = (1u64 << (layout.side() + 1)) - 2;
    let distinct = layout.houses().iter().all(|h| h.cells.iter().fold(0u64, |m, &c| m | 1 << (cells[c] & 63)) == all);
    if distinct {
        return Ok(());
    }
    match first_conflict(layout, cells) {
        Some(c) => Err(NotASolution::Conflict(c)),
        None => unreachable!("a full grid whose house lacks a digit repeats one"),
    }
}

/// The first cell of `solution` that is empty or changes a given.
fn wrong_cell(puzzle: &Grid, solution: &Grid, side: usize) -> NotASolution {
    for (k, (&p, &s)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        if s == 0 {
            return NotASolution::Empty(cell_name(k, side));
        }
        if p != 0 && p != s {
            return NotASolution::GivenChanged { cell: cell_name(k, side), given: digit_char(p), found: digit_char(s) };
        }
    }
    unreachable!("a cell is empty or changes a given")
}
