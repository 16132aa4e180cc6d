//! Hidden single: a digit with one place left in a house goes there.
//!
//! Boxes are searched first (rating 1.2), then rows and columns and any
//! other house (rating 1.5), as Sudoku Explainer rates them.

use crate::sudoku::layout::HouseKind;
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::{Rating, Technique};
use crate::sudoku::names::digit_char;

/// The first hidden single: boxes first, then the other houses, in layout
/// order; the smallest digit within a house.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let houses = &c.geo.houses;
    let boxes = (0..houses.len()).filter(|&h| houses[h].kind == HouseKind::Box);
    let others = (0..houses.len()).filter(|&h| houses[h].kind != HouseKind::Box);
    for h in boxes.chain(others) {
        let house = &houses[h];
        let (mut once, mut twice) = (0u32, 0u32);
        for &k in &house.cells {
            let m = c.mask(k);
            twice |= once & m;
            once |= m;
        }
        let single = once & !twice;
        if single == 0 {
            continue;
        }
        let digit = single.trailing_zeros() as u8 + 1;
        let bit = 1 << (digit - 1);
        let &cell = house.cells.iter().find(|&&k| c.mask(k) & bit != 0)?;
        let rating = if house.kind == HouseKind::Box { 12 } else { 15 };
        return Some(
            Step::logic(Technique::HiddenSingle)
                .rated(Rating::from_tenths(rating))
                .cells([cell])
                .digits([digit])
                .house(&house.name)
                .place(cell, digit)
                .text(format!(
                    "Hidden single: in {}, {} can only go in {}.",
                    house.name,
                    digit_char(digit),
                    c.cell_name(cell)
                )),
        );
    }
    None
}
