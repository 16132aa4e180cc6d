//! W-Wing: two cells that don't see each other both hold exactly {x,y},
//! and a strong link on x (a house where x has just two places) has one
//! end seeing each of them. Both cells can't be x (the link would lose
//! both places), so one of them is y, and a cell that sees both can't be.

use super::links::{seeing_both, strong_links};
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::digits::DigitSet;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The first W-Wing that removes something: by pair of cells, in grid
/// order, then by linking digit and link.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let side = c.side();
    let geo = &c.geo;
    let bivalue: Vec<usize> = (0..c.len()).filter(|&k| c.mask(k).count_ones() == 2).collect();
    let mut links: Vec<Option<Vec<super::links::StrongLink>>> = vec![None; side + 1];
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            if c.mask(a) != c.mask(b) || geo.sees(a, b) {
                continue;
            }
            let pair = DigitSet::from_bits(c.mask(a)).to_vec();
            for (x, y) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let elims = seeing_both(c, a, b, y);
                if elims.is_empty() {
                    continue;
                }
                let xl = links[usize::from(x)].get_or_insert_with(|| strong_links(c, x));
                let link = xl.iter().find(|l| {
                    ![a, b].contains(&l.a)
                        && ![a, b].contains(&l.b)
                        && ((geo.sees(l.a, a) && geo.sees(l.b, b)) || (geo.sees(l.a, b) && geo.sees(l.b, a)))
                });
                let Some(l) = link else { continue };
                let step = Step::logic(Technique::WWing)
                    .cells([a, b, l.a, l.b])
                    .digits([x, y])
                    .house(&geo.houses[l.house].name)
                    .eliminate(elims);
                let text = format!(
                    "W-Wing: {} and {} both hold {}, and {x} in {} must go in {} or {}, each \
                     seeing one of them; they can't both be {x}, so one is {y}: remove {}.",
                    c.cell_name(a),
                    c.cell_name(b),
                    words::set(c.mask(a)),
                    geo.houses[l.house].name,
                    c.cell_name(l.a),
                    c.cell_name(l.b),
                    words::removals(step.eliminations(), side),
                    x = digit_char(x),
                    y = digit_char(y),
                );
                return Some(step.text(text));
            }
        }
    }
    None
}
