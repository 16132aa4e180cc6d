//! 2-String Kite: a row and a column each with exactly two places for a
//! digit, one end of each in the same box (two different cells). Those two
//! can't both hold the digit, so one of the far ends does, and a cell that
//! sees both far ends can't.

use super::links::seeing_both;
use crate::sudoku::layout::HouseKind;
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The first 2-String Kite that removes something: by digit, then row,
/// then column.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let side = c.side();
    let geo = &c.geo;
    let ends = |h: usize, digit: u8| {
        let cells = &geo.houses[h].cells;
        let p = c.places(h, digit);
        (p.count_ones() == 2).then(|| {
            let i = p.trailing_zeros() as usize;
            [cells[i], cells[(p & (p - 1)).trailing_zeros() as usize]]
        })
    };
    let box_of = |k: usize| geo.house_of_kind(k, HouseKind::Box);
    for digit in 1..=side as u8 {
        for &row in &geo.rows {
            let Some(r) = ends(row, digit) else { continue };
            for &col in &geo.cols {
                let Some(k) = ends(col, digit) else { continue };
                if r.iter().any(|x| k.contains(x)) {
                    continue;
                }
                for (ri, ki) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    if box_of(r[ri]).is_none() || box_of(r[ri]) != box_of(k[ki]) {
                        continue;
                    }
                    let (far_r, far_k) = (r[1 - ri], k[1 - ki]);
                    let elims = seeing_both(c, far_r, far_k, digit);
                    if elims.is_empty() {
                        continue;
                    }
                    let b = box_of(r[ri]).expect("checked");
                    let step = Step::logic(Technique::TwoStringKite)
                        .cells(r.into_iter().chain(k))
                        .digits([digit])
                        .house(&geo.houses[row].name)
                        .house(&geo.houses[col].name)
                        .eliminate(elims);
                    let text = format!(
                        "2-String Kite on {d}: {d} has two places in {} ({}) and in {} ({}); {} \
                         and {} share {}, so {} or {} holds {d}: remove {}.",
                        geo.houses[row].name,
                        words::cells(&r, side),
                        geo.houses[col].name,
                        words::cells(&k, side),
                        c.cell_name(r[ri]),
                        c.cell_name(k[ki]),
                        geo.houses[b].name,
                        c.cell_name(far_r),
                        c.cell_name(far_k),
                        words::removals(step.eliminations(), side),
                        d = digit_char(digit),
                    );
                    return Some(step.text(text));
                }
            }
        }
    }
    None
}
