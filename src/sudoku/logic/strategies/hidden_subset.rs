//! Hidden pairs, triples and quads: `k` digits of one house whose places
//! there are just `k` cells. Those cells hold those digits, so they lose
//! every other candidate.
//!
//! Each digit of the subset has at least two places (one place is a hidden
//! single).

use super::combos::first_combination;
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::digits::DigitSet;
use crate::sudoku::logic::digits::bit_indices;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;

/// The first hidden subset of size `k` (2 to 4) that removes something:
/// by house, in layout order, then by combination of digits.
pub(crate) fn find(c: &Candidates, k: usize) -> Option<Step> {
    let side = c.side();
    for (h, house) in c.geo.houses.iter().enumerate() {
        let digits: Vec<(u8, u32)> = (1..=side as u8)
            .map(|d| (d, c.places(h, d)))
            .filter(|&(_, p)| (2..=k).contains(&(p.count_ones() as usize)))
            .collect();
        let found = first_combination(digits.len(), k, |pick| {
            let places = pick.iter().fold(0u32, |m, &i| m | digits[i].1);
            if places.count_ones() as usize != k {
                return None;
            }
            let keep: u32 = pick.iter().fold(0, |m, &i| m | 1 << (digits[i].0 - 1));
            let cells: Vec<usize> = bit_indices(places).map(|i| house.cells[i]).collect();
            let elims: Vec<(usize, u8)> = (cells.iter())
                .flat_map(|&k| DigitSet::from_bits(c.mask(k) & !keep).iter().map(move |d| (k, d)))
                .collect();
            (!elims.is_empty()).then_some((cells, keep, elims))
        });
        let Some((cells, keep, elims)) = found else {
            continue;
        };
        let technique = [Technique::HiddenPair, Technique::HiddenTriple, Technique::HiddenQuad][k - 2];
        let digits = DigitSet::from_bits(keep).to_vec();
        let step = Step::logic(technique)
            .cells(cells.iter().copied())
            .digits(digits.iter().copied())
            .house(&house.name)
            .eliminate(elims);
        let text = format!(
            "{technique}: in {}, {} can only go in {}, so remove {}.",
            house.name,
            words::digits(&digits),
            words::cells(&cells, side),
            words::removals(step.eliminations(), side)
        );
        return Some(step.text(text));
    }
    None
}
