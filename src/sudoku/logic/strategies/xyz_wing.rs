//! XYZ-Wing: a trivalue pivot {x,y,z} sees two bivalue pincers {x,z} and
//! {y,z}. One of the three cells holds z whatever the pivot holds, so a
//! cell that sees all three can't be z.

use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The first XYZ-Wing that removes something: by pivot, in grid order,
/// then by pincers in peer order.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let geo = &c.geo;
    for pivot in 0..c.len() {
        let pm = c.mask(pivot);
        if pm.count_ones() != 3 {
            continue;
        }
        let pincers: Vec<usize> = (geo.peers[pivot].iter().copied())
            .filter(|&p| c.mask(p).count_ones() == 2 && c.mask(p) & !pm == 0)
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let z = c.mask(a) & c.mask(b);
                if c.mask(a) == c.mask(b) || z.count_ones() != 1 {
                    continue;
                }
                let digit = z.trailing_zeros() as u8 + 1;
                let elims: Vec<(usize, u8)> = (geo.peers[pivot].iter().copied())
                    .filter(|&k| k != a && k != b && geo.sees(a, k) && geo.sees(b, k) && c.has(k, digit))
                    .map(|k| (k, digit))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let step = Step::logic(Technique::XyzWing)
                    .cells([pivot, a, b])
                    .digits(c.candidates(pivot).iter())
                    .eliminate(elims);
                let text = format!(
                    "XYZ-Wing: {}: one of the three holds {}, so remove {}.",
                    words::wing(c, pivot, a, b),
                    digit_char(digit),
                    words::removals(step.eliminations(), c.side())
                );
                return Some(step.text(text));
            }
        }
    }
    None
}
