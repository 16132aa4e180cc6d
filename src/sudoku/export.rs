//! A puzzle as a stand-alone exact-cover problem, the way Knuth's
//! `sudoku-dlx` writes it: only the items the givens leave open, and only
//! the options that agree with the givens.

use super::adapter::SudokuSolver;
use super::error::SudokuError;
use super::grid::Grid;
use crate::cover::{ItemId, OptionId, Problem, ProblemBuilder, write_dlx};

impl SudokuSolver {
    /// The puzzle reduced by its givens, as a [`Problem`] of its own.
    pub fn reduced_problem(&self, puzzle: &Grid) -> Result<Problem, SudokuError> {
        let full = self.problem();
        let side = self.layout().side();
        if puzzle.side() != side {
            return Err(SudokuError::SizeMismatch { grid: puzzle.side(), layout: side });
        }
        let option = |k: usize, v: u8| OptionId::from_u32((k * side + usize::from(v) - 1) as u32);
        let mut satisfied = vec![false; full.item_count()];
        for (k, &v) in puzzle.cells().iter().enumerate().filter(|(_, v)| **v != 0) {
            for &item in full.option(option(k, v)).items() {
                satisfied[item.as_usize()] = true;
            }
        }
        let mut b = ProblemBuilder::new();
        for i in (0..full.item_count()).filter(|&i| !satisfied[i]) {
            b.primary(full.item_name(ItemId::from_u32(i as u32)))?;
        }
        for o in 0..full.option_count() {
            let items = full.option(OptionId::from_u32(o as u32));
            if items.items().iter().all(|&i| !satisfied[i.as_usize()]) {
                b.option(items.items().iter().map(|&i| full.item_name(i)))?;
            }
        }
        Ok(b.build()?)
    }

    /// [`SudokuSolver::reduced_problem`] in Knuth's DLX text format, with
    /// the puzzle in a comment on the first line.
    pub fn reduced_dlx(&self, puzzle: &Grid) -> Result<String, SudokuError> {
        Ok(format!("| sudoku {}\n{}", puzzle.to_line(), write_dlx(&self.reduced_problem(puzzle)?)))
    }
}
