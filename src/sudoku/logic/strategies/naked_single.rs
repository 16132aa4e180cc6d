//! Naked single: an empty cell with one candidate left holds it.

use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::names::digit_char;

/// The first empty cell, in grid order, with exactly one candidate.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let cell = (0..c.len()).find(|&k| c.mask(k).count_ones() == 1)?;
    let digit = c.candidates(cell).first()?;
    Some(Step::logic(Technique::NakedSingle).cells([cell]).digits([digit]).place(cell, digit).text(format!(
        "Naked single: {} is the only candidate left in {}.",
        digit_char(digit),
        c.cell_name(cell)
    )))
}
