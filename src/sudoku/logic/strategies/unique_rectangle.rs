//! Unique rectangle, type 1. Four empty cells at the corners of a
//! rectangle spanning two rows, two columns and two boxes would, if all
//! held only {a,b}, allow a and b to be swapped: two solutions (a "deadly
//! pattern"). When three corners hold exactly {a,b}, the fourth must
//! therefore hold something else, and loses a and b.
//!
//! Two of the three bivalue corners share a row, so the search starts from
//! pairs of equal bivalue cells in a row. This relies on the puzzle having
//! a unique solution, and is used only in the classic layout (extra houses
//! could break the swap).

use crate::sudoku::layout::HouseKind;
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::digits::DigitSet;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The first unique rectangle of type 1: by the row of an equal bivalue
/// pair, the pair's columns, then the other row.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let geo = &c.geo;
    if !geo.classic {
        return None;
    }
    let side = c.side();
    let box_of = |k: usize| geo.house_of_kind(k, HouseKind::Box);
    for r1 in 0..side {
        let row = r1 * side;
        for c1 in 0..side {
            let pair = c.mask(row + c1);
            if pair.count_ones() != 2 {
                continue;
            }
            for c2 in c1 + 1..side {
                if c.mask(row + c2) != pair {
                    continue;
                }
                for r2 in (0..side).filter(|&r| r != r1) {
                    let (k1, k2) = (r2 * side + c1, r2 * side + c2);
                    let (m1, m2) = (c.mask(k1), c.mask(k2));
                    let target = match () {
                        _ if m1 == pair && m2 & pair == pair && m2 != pair => k2,
                        _ if m2 == pair && m1 & pair == pair && m1 != pair => k1,
                        _ => continue,
                    };
                    let corners = [row + c1, row + c2, k1, k2];
                    let mut boxes = corners.map(box_of);
                    boxes.sort_unstable();
                    if boxes[0] == boxes[3] || (boxes[0] != boxes[1] || boxes[2] != boxes[3]) {
                        continue;
                    }
                    return Some(step(c, corners, target, pair));
                }
            }
        }
    }
    None
}

fn step(c: &Candidates, corners: [usize; 4], target: usize, pair: u32) -> Step {
    let digits = DigitSet::from_bits(pair).to_vec();
    let step = Step::logic(Technique::UniqueRectangle)
        .cells(corners)
        .digits(digits.iter().copied())
        .eliminate(digits.iter().map(|&d| (target, d)));
    let mut others: Vec<usize> = corners.into_iter().filter(|&k| k != target).collect();
    others.sort_unstable();
    let (a, b) = (digit_char(digits[0]), digit_char(digits[1]));
    let text = format!(
        "Unique rectangle type 1: {} hold only {}; if {} held {a} or {b}, the four cells would \
         form a deadly pattern ({a} and {b} could be swapped, giving two solutions), so remove \
         {}.",
        words::cells(&others, c.side()),
        words::set(pair),
        c.cell_name(target),
        words::removals(step.eliminations(), c.side())
    );
    step.text(text)
}
