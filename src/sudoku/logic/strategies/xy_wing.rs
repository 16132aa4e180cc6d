//! XY-Wing: a bivalue pivot {x,y} sees two bivalue pincers {x,z} and
//! {y,z}. Whichever digit the pivot holds, one pincer is forced to z, so a
//! cell that sees both pincers can't be z.

use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The first XY-Wing that removes something: by pivot, in grid order, then
/// by pincers in peer order.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let geo = &c.geo;
    for pivot in 0..c.len() {
        let pm = c.mask(pivot);
        if pm.count_ones() != 2 {
            continue;
        }
        let pincers: Vec<usize> = (geo.peers[pivot].iter().copied())
            .filter(|&p| {
                let m = c.mask(p);
                m.count_ones() == 2 && (m & pm).count_ones() == 1
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            let z = c.mask(a) & !pm;
            let other = pm & !c.mask(a);
            for &b in &pincers[i + 1..] {
                if c.mask(b) != other | z {
                    continue;
                }
                let digit = z.trailing_zeros() as u8 + 1;
                let elims: Vec<(usize, u8)> = (geo.peers[a].iter().copied())
                    .filter(|&k| k != b && geo.sees(b, k) && c.has(k, digit))
                    .map(|k| (k, digit))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let step = Step::logic(Technique::XyWing)
                    .cells([pivot, a, b])
                    .digits(c.candidates(pivot).iter().chain([digit]))
                    .eliminate(elims);
                let text = format!(
                    "XY-Wing: {}: whichever digit the pivot holds, one pincer holds {}, so remove {}.",
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
