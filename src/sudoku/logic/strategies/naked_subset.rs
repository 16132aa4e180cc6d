//! Naked pairs, triples and quads: `k` empty cells of one house whose
//! candidates together are just `k` digits. Those digits fill those cells,
//! so the rest of the house loses them.
//!
//! The cells may each hold fewer than `k` of the digits (a naked triple
//! can be {1,2}, {2,3}, {1,3}); each holds at least two.

use super::combos::first_combination;
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::digits::DigitSet;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;

/// The first naked subset of size `k` (2 to 4) that removes something:
/// by house, in layout order, then by combination of cells.
pub(crate) fn find(c: &Candidates, k: usize) -> Option<Step> {
    for house in &c.geo.houses {
        let small: Vec<usize> = (house.cells.iter().copied())
            .filter(|&cell| (2..=k).contains(&(c.mask(cell).count_ones() as usize)))
            .collect();
        let found = first_combination(small.len(), k, |pick| {
            let union = pick.iter().fold(0u32, |m, &i| m | c.mask(small[i]));
            if union.count_ones() as usize != k {
                return None;
            }
            let cells: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
            let elims: Vec<(usize, u8)> = (house.cells.iter())
                .filter(|k| !cells.contains(k))
                .flat_map(|&k| DigitSet::from_bits(c.mask(k) & union).iter().map(move |d| (k, d)))
                .collect();
            (!elims.is_empty()).then_some((cells, union, elims))
        });
        let Some((cells, union, elims)) = found else {
            continue;
        };
        let technique = [Technique::NakedPair, Technique::NakedTriple, Technique::NakedQuad][k - 2];
        let digits = DigitSet::from_bits(union).to_vec();
        let step = Step::logic(technique)
            .cells(cells.iter().copied())
            .digits(digits.iter().copied())
            .house(&house.name)
            .eliminate(elims);
        let text = format!(
            "{technique}: in {}, {} can only hold {}, so remove {}.",
            house.name,
            words::cells(&cells, c.side()),
            words::digits(&digits),
            words::removals(step.eliminations(), c.side())
        );
        return Some(step.text(text));
    }
    None
}
