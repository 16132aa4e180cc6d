//! Aligned pair (6.2) and triple (7.5) exclusion, as Sudoku Explainer
//! finds them.
//!
//! Take two (three) cells and the cells with two (up to three) candidates
//! that all of them see. A combination of digits for the base cells is
//! impossible when two of them see each other and hold the same digit, or
//! when it would leave one of those common cells with no candidate. A
//! digit of a base cell that appears in no possible combination goes.
//!
//! Base cells have two or more candidates, no peer with a single one, and
//! at least one peer that could exclude. Pairs of base cells go in SE's
//! order; a third cell is a base cell among the first two's excluders.

use crate::sudoku::logic::se::board::{Board, PEERS, cell_name, sees};
use crate::sudoku::logic::se::combos::{bits, subsets64};
use crate::sudoku::logic::{Step, Technique, words};

/// The first aligned exclusion of `degree` (2 or 3) cells, SE's way.
pub(crate) fn find_se(b: &Board, degree: usize) -> Option<Step> {
    let mut base: Vec<usize> = Vec::new();
    let mut excluders: Vec<Vec<usize>> = Vec::new();
    for k in 0..81 {
        if b.count(k) < 2 {
            continue;
        }
        let peers = PEERS[k].iter().map(|&p| p as usize);
        if peers.clone().any(|p| b.count(p) == 1) {
            continue;
        }
        let ex: Vec<usize> = peers.filter(|&p| (2..=degree as u32).contains(&b.count(p))).collect();
        if !ex.is_empty() {
            base.push(k);
            excluders.push(ex);
        }
    }
    if base.len() < degree {
        return None;
    }
    for pair in subsets64(2, base.len() as u32) {
        let (i0, i1) = (pair[0], pair[1]);
        if degree == 2 {
            let common: Vec<usize> = excluders[i0].iter().copied().filter(|k| excluders[i1].contains(k)).collect();
            if common.len() >= 2
                && let Some(step) = exclude(b, &[base[i0], base[i1]], &common)
            {
                return Some(step);
            }
            continue;
        }
        let mut twin: Vec<usize> = excluders[i0].clone();
        for &k in &excluders[i1] {
            if !twin.contains(&k) {
                twin.push(k);
            }
        }
        twin.retain(|&k| base.contains(&k) && k != base[i0] && k != base[i1]);
        for &third in &twin {
            let i2 = base.iter().position(|&k| k == third)?;
            let common: Vec<usize> = excluders[i0]
                .iter()
                .copied()
                .filter(|k| excluders[i1].contains(k) && excluders[i2].contains(k))
                .collect();
            if common.len() >= 2
                && let Some(step) = exclude(b, &[base[i0], base[i1], third], &common)
            {
                return Some(step);
            }
        }
    }
    None
}

fn exclude(b: &Board, cells: &[usize], common: &[usize]) -> Option<Step> {
    let cands: Vec<Vec<u8>> =
        cells.iter().map(|&k| bits(u32::from(b.cand[k])).map(|i| i as u8 + 1).collect()).collect();
    let mut allowed = vec![0u16; cells.len()];
    let mut combo = vec![0u8; cells.len()];
    let total: usize = cands.iter().map(Vec::len).product();
    for n in 0..total {
        let mut rest = n;
        for (i, c) in cands.iter().enumerate() {
            combo[i] = c[rest % c.len()];
            rest /= c.len();
        }
        let clash =
            (0..cells.len()).any(|i| (i + 1..cells.len()).any(|j| combo[i] == combo[j] && sees(cells[i], cells[j])));
        if clash {
            continue;
        }
        let used = combo.iter().fold(0u16, |m, &d| m | 1 << (d - 1));
        if common.iter().any(|&k| b.cand[k] & !used == 0) {
            continue;
        }
        for (i, &d) in combo.iter().enumerate() {
            allowed[i] |= 1 << (d - 1);
        }
    }
    let elims: Vec<(usize, u8)> = cells
        .iter()
        .enumerate()
        .flat_map(|(i, &k)| bits(u32::from(b.cand[k] & !allowed[i])).map(move |j| (k, j as u8 + 1)))
        .collect();
    if elims.is_empty() {
        return None;
    }
    let (t, name) = if cells.len() == 2 {
        (Technique::AlignedPairExclusion, "Aligned pair exclusion")
    } else {
        (Technique::AlignedTripleExclusion, "Aligned triple exclusion")
    };
    let names: Vec<String> = cells.iter().map(|&k| cell_name(k)).collect();
    let text = format!(
        "{name}: every way to fill {} either repeats a digit in a house or empties one of {}, except those without {}; \
         so remove them.",
        words::and_list(&names),
        words::cells(common, 9),
        words::removals(&elims, 9)
    );
    Some(Step::logic(t).cells(cells.iter().copied()).eliminate(elims).text(text))
}
