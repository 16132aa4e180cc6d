//! Unique rectangle, type 1. Four empty cells at the corners of a
//! rectangle spanning two rows, two columns and two boxes would, if all
//! held only {a,b}, allow a and b to be swapped: two solutions (a "deadly
//! pattern"). When three corners hold exactly {a,b}, the fourth must
//! therefore hold something else, and loses a and b.
//!
//! This relies on the puzzle having a unique solution, and is used only
//! in the classic layout (extra houses could break the swap).

use crate::sudoku::HouseKind;
use crate::sudoku::logic::{Candidates, DigitSet, Step, Technique, words};

/// The first unique rectangle of type 1: by pair of rows, then pair of
/// columns.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let geo = &c.geo;
    if !geo.classic {
        return None;
    }
    let side = c.side();
    let box_of = |k: usize| geo.house_of_kind(k, HouseKind::Box);
    for r1 in 0..side {
        for r2 in r1 + 1..side {
            for c1 in 0..side {
                for c2 in c1 + 1..side {
                    let corners = [
                        r1 * side + c1,
                        r1 * side + c2,
                        r2 * side + c1,
                        r2 * side + c2,
                    ];
                    let masks = corners.map(|k| c.mask(k));
                    let pair = masks.iter().fold(u32::MAX, |m, &x| m & x);
                    if pair.count_ones() != 2 {
                        continue;
                    }
                    let exact = masks.iter().filter(|&&m| m == pair).count();
                    if exact != 3 {
                        continue;
                    }
                    let mut boxes: Vec<_> = corners.iter().map(|&k| box_of(k)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    let i = (0..4).find(|&i| masks[i] != pair)?;
                    let target = corners[i];
                    let digits = DigitSet::from_bits(pair).to_vec();
                    let step = Step::logic(Technique::UniqueRectangle)
                        .cells(corners)
                        .digits(digits.iter().copied())
                        .eliminate(digits.iter().map(|&d| (target, d)));
                    let others: Vec<usize> = corners.into_iter().filter(|&k| k != target).collect();
                    let text = format!(
                        "Unique rectangle type 1: {} hold only {}; if {} were {} too, the two \
                         digits could be swapped and the puzzle would have two solutions, so \
                         remove {}.",
                        words::cells(&others, side),
                        words::set(pair),
                        c.cell_name(target),
                        words::digits(&digits).replace(" and ", " or "),
                        words::removals(step.eliminations(), side)
                    );
                    return Some(step.text(text));
                }
            }
        }
    }
    None
}
