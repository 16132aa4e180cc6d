//! Skyscraper: two parallel lines each with exactly two places for a
//! digit, one place of each in the same crossing line (the base). The two
//! base cells can't both hold the digit, so one of the two other ends (the
//! tops) does, and a cell that sees both tops can't.

use super::links::seeing_both;
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::digits::bit_indices;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The first Skyscraper that removes something: by digit, rows before
/// columns, then by pair of lines.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let side = c.side();
    let geo = &c.geo;
    for digit in 1..=side as u8 {
        for (lines, kind, cross) in [(&geo.rows, "rows", "column"), (&geo.cols, "columns", "row")] {
            let two: Vec<(usize, u32)> =
                (0..side).map(|i| (i, c.places(lines[i], digit))).filter(|&(_, p)| p.count_ones() == 2).collect();
            for (x, &(i, pi)) in two.iter().enumerate() {
                for &(j, pj) in &two[x + 1..] {
                    let base = pi & pj;
                    if base.count_ones() != 1 {
                        continue;
                    }
                    let (ci, cj) = (&geo.houses[lines[i]].cells, &geo.houses[lines[j]].cells);
                    let b = base.trailing_zeros() as usize;
                    let top_i = ci[bit_indices(pi & !base).next()?];
                    let top_j = cj[bit_indices(pj & !base).next()?];
                    let elims = seeing_both(c, top_i, top_j, digit);
                    if elims.is_empty() {
                        continue;
                    }
                    let step = Step::logic(Technique::Skyscraper)
                        .cells([ci[b], cj[b], top_i, top_j])
                        .digits([digit])
                        .eliminate(elims);
                    let text = format!(
                        "Skyscraper on {d}: in {kind} {} and {}, {d} has two places each; {} and \
                         {} share {cross} {}, so {} or {} holds {d}: remove {}.",
                        i + 1,
                        j + 1,
                        c.cell_name(ci[b]),
                        c.cell_name(cj[b]),
                        b + 1,
                        c.cell_name(top_i),
                        c.cell_name(top_j),
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
