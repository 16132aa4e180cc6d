//! Full house: a house with one empty cell left. The missing digit goes
//! there (it is that cell's only candidate).

use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::names::digit_char;

/// The first house, in layout order, with exactly one empty cell.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    for house in &c.geo.houses {
        let mut empty = house.cells.iter().filter(|&&k| c.value(k) == 0);
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let Some(digit) = c.candidates(cell).first() else {
            continue;
        };
        if c.candidates(cell).len() != 1 {
            continue;
        }
        return Some(
            Step::logic(Technique::FullHouse).cells([cell]).digits([digit]).house(&house.name).place(cell, digit).text(
                format!(
                    "Full house: {} is the last empty cell in {}, so it holds {}.",
                    c.cell_name(cell),
                    house.name,
                    digit_char(digit)
                ),
            ),
        );
    }
    None
}
