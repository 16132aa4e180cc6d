//! Locked candidates. When a digit's places in one house all lie where it
//! meets a second house, the digit must go in that meeting, so the rest of
//! the second house loses it.
//!
//! * **Pointing** (type 1): the first house is a box (or a window): "in
//!   box 1, 4 can only go in row 2".
//! * **Claiming** (type 2, box/line reduction): the first house is a row
//!   or column (or a diagonal): "in row 3, 5 can only go in box 2".
//!
//! Only digits with two or more places in the meeting count; one place is
//! a hidden single.

use crate::sudoku::layout::HouseKind;
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The first locked candidate of this type: by source house, then target
/// house, in layout order, then the smallest digit.
pub(crate) fn find(c: &Candidates, pointing: bool) -> Option<Step> {
    let houses = &c.geo.houses;
    for x in &c.geo.intersections {
        let source = &houses[x.source];
        if matches!(source.kind, HouseKind::Box | HouseKind::Window) != pointing {
            continue;
        }
        let target = &houses[x.target];
        let (mut once, mut twice) = (0u32, 0u32);
        for &k in &x.common {
            twice |= once & c.mask(k);
            once |= c.mask(k);
        }
        let outside = |cells: &[usize]| cells.iter().fold(0u32, |m, &k| m | c.mask(k));
        let locked = twice & !outside(&x.source_rest) & outside(&x.target_rest);
        let Some(digit) = (locked != 0).then(|| locked.trailing_zeros() as u8 + 1) else {
            continue;
        };
        let elims: Vec<(usize, u8)> = x.target_rest.iter().filter(|&&k| c.has(k, digit)).map(|&k| (k, digit)).collect();
        let (technique, label) =
            if pointing { (Technique::Pointing, "Pointing") } else { (Technique::Claiming, "Claiming") };
        let step = Step::logic(technique)
            .cells(x.common.iter().copied().filter(|&k| c.has(k, digit)))
            .digits([digit])
            .house(&source.name)
            .house(&target.name)
            .eliminate(elims);
        let text = format!(
            "{label}: in {}, {} can only go in {}, so remove {}.",
            source.name,
            digit_char(digit),
            target.name,
            words::removals(step.eliminations(), c.side())
        );
        return Some(step.text(text));
    }
    None
}
