//! Hidden sets as Sudoku Explainer finds them, plain and *direct*.
//!
//! When `n` digits of a region can only go in the same `n` cells, those
//! cells lose their other candidates: hidden pair 3.4, triple 4.0, quad
//! 5.4, in regions with more than `2n` empty cells. SE's **direct hidden
//! pair** (2.0) and **direct hidden triple** (2.5), in regions with more
//! than `n` empty cells, are the same patterns seen as a way to a single:
//! with the set's cells taken, another digit has one place left in the
//! region. The direct step places that single and, as SE applies it,
//! removes nothing else.
//!
//! Order: blocks, columns, rows; digit sets in SE's combination order.

use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{Board, REGIONS, cell_name, places_in, region_name};
use crate::sudoku::logic::se::combos::{bits, subsets_of};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;

/// Hidden sets of `n` digits (pair 3.4, triple 4.0, quad 5.4); in direct
/// mode (pair 2.0, triple 2.5) only those after which another digit has a
/// single place left in the region: the step places it and, as in SE,
/// removes nothing else.
pub(crate) fn find_se(b: &Board, n: u32, direct: bool) -> Option<Step> {
    for r in (0..9).chain(18..27).chain(9..18) {
        let empty = b.empty_in(r);
        if empty <= if direct { n } else { 2 * n } {
            continue;
        }
        let places: [u16; 9] = std::array::from_fn(|i| b.places(r, i as u8 + 1));
        // The digits with two to `n` places: a set has only those.
        let narrow = (0..9).filter(|&i| (2..=n).contains(&places[i].pop())).fold(0u32, |m, i| m | 1 << i);
        for set in subsets_of(n, narrow) {
            let mut union = 0u16;
            for i in bits(set) {
                union |= places[i];
            }
            if union.pop() != n {
                continue;
            }
            let set_mask = set as u16;
            // What the step would do, checked before anything is listed:
            // a plain set needs an extra candidate in its cells, a direct
            // one a digit left with a single place.
            let single = |d: u8| {
                let p = places[usize::from(d) - 1];
                set >> (d - 1) & 1 == 0 && p.pop() > 1 && (p & !union).pop() == 1
            };
            let placed = (1..=9u8).find(|&d| direct && single(d));
            let useful = if direct {
                placed.is_some()
            } else {
                bits(u32::from(union)).any(|i| b.cand[REGIONS[r][i] as usize] & !set_mask != 0)
            };
            if !useful {
                continue;
            }
            let cells: Vec<usize> = places_in(r, u32::from(union)).collect();
            let digits: Vec<u8> = bits(set).map(|i| i as u8 + 1).collect();
            let elims: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&k| bits(u32::from(b.cand[k] & !set_mask)).map(move |i| (k, i as u8 + 1)))
                .collect();
            let name = |direct: bool| match (n, direct) {
                (2, false) => (Technique::HiddenPair, "Hidden pair"),
                (3, false) => (Technique::HiddenTriple, "Hidden triple"),
                (2, true) => (Technique::DirectHiddenPair, "Direct hidden pair"),
                (3, true) => (Technique::DirectHiddenTriple, "Direct hidden triple"),
                _ => (Technique::HiddenQuad, "Hidden quad"),
            };
            let why = || {
                format!("in {}, {} can only go in {}", region_name(r), words::digits(&digits), words::cells(&cells, 9))
            };
            let Some(d) = placed else {
                let (t, label) = name(false);
                let text = format!("{label}: {}, so remove {}.", why(), words::removals(&elims, 9));
                return Some(
                    Step::logic(t).cells(cells).digits(digits).house(&region_name(r)).eliminate(elims).text(text),
                );
            };
            let p = places[usize::from(d) - 1];
            let cell = REGIONS[r][(p & !union).trailing_zeros() as usize] as usize;
            let (t, label) = name(true);
            let text = format!("{label}: {}; so {d} can only go in {}.", why(), cell_name(cell));
            let step = Step::logic(t).cells(cells).digits(digits).house(&region_name(r));
            return Some(step.place(cell, d).text(text));
        }
    }
    None
}
