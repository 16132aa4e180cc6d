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
    let mut sets: Vec<u128> = Vec::new();
    let mut is_base = 0u128;
    #[allow(clippy::needless_range_loop)]
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
            sets.push(ex.iter().fold(0, |m, &p| m | 1u128 << p));
            excluders.push(ex);
            is_base |= 1u128 << k;
        }
    }
    if base.len() < degree {
        return None;
    }
    let position = |k: usize| base.iter().position(|&c| c == k);
    for pair in subsets64(2, base.len() as u32) {
        let (i0, i1) = (pair[0], pair[1]);
        let common01 = sets[i0] & sets[i1];
        if degree == 2 {
            if common01.count_ones() >= 2
                && let Some(step) = exclude(b, &[base[i0], base[i1]], &ordered(&excluders[i0], common01))
            {
                return Some(step);
            }
            continue;
        }
        let twin = (sets[i0] | sets[i1]) & is_base & !(1u128 << base[i0] | 1u128 << base[i1]);
        if twin == 0 {
            continue;
        }
        let tail = excluders[i0].iter().chain(excluders[i1].iter().filter(|&&k| sets[i0] >> k & 1 == 0));
        for &third in tail.filter(|&&k| twin >> k & 1 != 0) {
            let i2 = position(third)?;
            let common = common01 & sets[i2];
            if common.count_ones() >= 2
                && let Some(step) = exclude(b, &[base[i0], base[i1], third], &ordered(&excluders[i0], common))
            {
                return Some(step);
            }
        }
    }
    None
}

/// The cells of `set`, in the order of `order`.
fn ordered(order: &[usize], set: u128) -> Vec<usize> {
    order.iter().copied().filter(|&k| set >> k & 1 != 0).collect()
}

/// Whether base cells alone (no common cell can be emptied) exclude a
/// digit: only when two of them are the same bivalue pair `{p,x}`, see
/// each other, and both see a third base cell holding `p` (each cell has
/// two or more candidates, so no other case leaves a digit without a
/// combination).
fn clash_only_exclusion(b: &Board, cells: &[usize]) -> bool {
    if cells.len() < 3 {
        return false;
    }
    (0..3).any(|i| {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        let (cj, ck) = (cells[j], cells[k]);
        b.count(cj) == 2
            && b.cand[cj] == b.cand[ck]
            && sees(cj, ck)
            && sees(cells[i], cj)
            && sees(cells[i], ck)
            && b.cand[cells[i]] & b.cand[cj] != 0
    })
}

fn exclude(b: &Board, cells: &[usize], common: &[usize]) -> Option<Step> {
    let n = cells.len();
    let union = cells.iter().fold(0u16, |m, &k| m | b.cand[k]);
    // Only the common cells whose candidates all lie among the base cells'
    // can be emptied.
    let mut masks = [0u16; 20];
    let mut count = 0;
    for &k in common {
        if b.cand[k] & !union == 0 && !masks[..count].contains(&b.cand[k]) {
            masks[count] = b.cand[k];
            count += 1;
        }
    }
    let masks = &masks[..count];
    if masks.is_empty() && !clash_only_exclusion(b, cells) {
        return None;
    }
    let dead = |used: u16| masks.iter().any(|&m| m & !used == 0);
    let s01 = sees(cells[0], cells[1]);
    let mut allowed = [0u16; 3];
    for a in bits(u32::from(b.cand[cells[0]])) {
        for c in bits(u32::from(b.cand[cells[1]])) {
            if a == c && s01 {
                continue;
            }
            let used = 1u16 << a | 1 << c;
            if n == 2 {
                if !dead(used) {
                    allowed[0] |= 1 << a;
                    allowed[1] |= 1 << c;
                }
                continue;
            }
            for e in bits(u32::from(b.cand[cells[2]])) {
                if (e == a && sees(cells[0], cells[2])) || (e == c && sees(cells[1], cells[2])) || dead(used | 1 << e) {
                    continue;
                }
                allowed[0] |= 1 << a;
                allowed[1] |= 1 << c;
                allowed[2] |= 1 << e;
            }
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
    let (t, name) = if n == 2 {
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
