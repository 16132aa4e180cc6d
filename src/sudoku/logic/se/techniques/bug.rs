//! Bivalue universal grave (BUG), types 1 to 4, as Sudoku Explainer finds
//! them.
//!
//! A grid where every empty cell has two candidates and every digit two
//! places in each house it is missing from has two solutions (swap the
//! candidates along the pairs). So in a puzzle with one solution, the
//! *BUG cells* holding the extra candidates can't all lose their extras:
//!
//! * **type 1** (5.6): one BUG cell: it keeps only its extras;
//! * **type 2** (5.7): one extra digit in several BUG cells: it leaves
//!   every cell that sees them all;
//! * **type 3** (5.8–6.2): the BUG cells share a house, and their extras
//!   form a naked set with other cells of it;
//! * **type 4** (5.7): two BUG cells in a house sharing one other digit.
//!
//! The BUG cells are found house by house: a digit with other than zero or
//! two places must have exactly one place in a cell with three or more
//! candidates, and removing those extras must leave a perfect grave.

use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{
    Board, CellSet, PEER_SETS, REGION_SETS, REGIONS_OF, cell_name, cells_of, places_in, region_name,
};
use crate::sudoku::logic::se::combos::{bits, subsets};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::{Rating, Technique};
use crate::sudoku::logic::words;

/// The first BUG step, SE's way.
pub(crate) fn find_se(b: &Board) -> Option<Step> {
    let mut temp = *b;
    let mut cells: Vec<usize> = Vec::new();
    let mut extras = [0u16; 81];
    let mut all = 0u16;
    let mut common: Option<CellSet> = None;
    for r in 0..27 {
        for d in 1..=9u8 {
            let p = b.places(r, d);
            if p == 0 || p.two() {
                continue;
            }
            // The places in cells with three or more candidates: none, one
            // (a BUG cell), or more.
            let mut big = places_in(r, u32::from(p)).filter(|&k| b.count(k) >= 3);
            match (big.next(), big.next()) {
                (None, _) => return None,
                (Some(k), None) => {
                    if !cells.contains(&k) {
                        cells.push(k);
                    }
                    extras[k] |= 1 << (d - 1);
                    all |= 1 << (d - 1);
                    temp.remove(k, d);
                    let mut c = common.unwrap_or(PEER_SETS[k]) & PEER_SETS[k];
                    for &x in &cells {
                        c &= !(1u128 << x);
                    }
                    common = Some(c);
                    if cells.len() > 1 && all.count_ones() > 1 && c == 0 {
                        return None;
                    }
                }
                _ => {}
            }
        }
    }
    if (0..81).any(|k| temp.value[k] == 0 && temp.count(k) != 2) {
        return None;
    }
    if (0..27).any(|r| (1..=9).any(|d| !matches!(temp.places(r, d).count_ones(), 0 | 2))) {
        return None;
    }
    let common = common.unwrap_or(0);
    let start = |rating: u8, kind: u8, t: Technique| {
        let text = format!(
            "BUG type {kind}: without the extra candidates {} of {}, every cell would hold two digits and every digit \
             two places per house, which allows two solutions",
            words::set(u32::from(all)),
            words::cells(&cells, 9)
        );
        (
            Step::logic(t)
                .rated(Rating::from_tenths(rating))
                .cells(cells.iter().copied())
                .digits(bits(u32::from(all)).map(|i| i as u8 + 1)),
            text,
        )
    };
    if cells.len() == 1 {
        let k = cells[0];
        let elims: Vec<(usize, u8)> = bits(u32::from(b.cand[k] & !all)).map(|i| (k, i as u8 + 1)).collect();
        let (step, text) = start(56, 1, Technique::BugPlusOne);
        let text =
            format!("{text}; so {} must keep an extra digit: remove {}.", cell_name(k), words::removals(&elims, 9));
        return Some(step.eliminate(elims).text(text));
    }
    if all.count_ones() == 1 {
        let x = all.trailing_zeros() as u8 + 1;
        let elims: Vec<(usize, u8)> = cells_of(common).filter(|&k| b.has(k, x)).map(|k| (k, x)).collect();
        if !elims.is_empty() {
            let (step, text) = start(57, 2, Technique::Bug);
            let text = format!("{text}; so one of them is {x}: remove {}.", words::removals(&elims, 9));
            return Some(step.eliminate(elims).text(text));
        }
        if cells.len() == 2 {
            return type4(b, &cells, &extras, all, start);
        }
        return None;
    }
    if common == 0 {
        return None;
    }
    if cells.len() == 2
        && let Some(step) = type4(b, &cells, &extras, all, start)
    {
        return Some(step);
    }
    type3(b, &cells, all, common, start)
}

fn shared_regions(cells: &[usize]) -> impl Iterator<Item = usize> + '_ {
    (0..3).filter_map(move |kind| {
        let r = REGIONS_OF[cells[0]][kind];
        cells.iter().all(|&k| REGIONS_OF[k][kind] == r).then_some(r as usize)
    })
}

fn type4(
    b: &Board,
    cells: &[usize],
    extras: &[u16; 81],
    all: u16,
    start: impl Fn(u8, u8, Technique) -> (Step, String),
) -> Option<Step> {
    let (c1, c2) = (cells[0], cells[1]);
    let shared = b.cand[c1] & b.cand[c2] & !all;
    if shared.count_ones() != 1 {
        return None;
    }
    let v = shared.trailing_zeros() as u8 + 1;
    let r = shared_regions(cells).next()?;
    let keep = |k: usize| b.cand[k] & !extras[k] & !shared;
    let elims: Vec<(usize, u8)> =
        [c1, c2].into_iter().flat_map(|k| bits(u32::from(keep(k))).map(move |i| (k, i as u8 + 1))).collect();
    let (step, text) = start(57, 4, Technique::Bug);
    let text = format!(
        "{text}; one of {} and {} keeps its extra digit, and in {} the other must then be {v}: remove {}.",
        cell_name(c1),
        cell_name(c2),
        region_name(r),
        words::removals(&elims, 9)
    );
    Some(step.eliminate(elims).text(text))
}

fn type3(
    b: &Board,
    cells: &[usize],
    all: u16,
    common: CellSet,
    start: impl Fn(u8, u8, Technique) -> (Step, String),
) -> Option<Step> {
    for r in shared_regions(cells) {
        let order = crate::sudoku::logic::se::board::PEERS[cells[0]];
        let region_cells: Vec<usize> = order
            .iter()
            .map(|&k| k as usize)
            .filter(|&k| common >> k & 1 != 0 && REGION_SETS[r] >> k & 1 != 0)
            .collect();
        for degree in 2..=6u32 {
            if (region_cells.len() as u32) < degree {
                continue;
            }
            for pick in subsets(degree - 1, region_cells.len() as u32) {
                let naked: Vec<usize> = bits(pick).map(|i| region_cells[i]).collect();
                let other = naked.iter().fold(0u16, |m, &k| m | b.cand[k]);
                if other.count_ones() != degree || naked.iter().any(|&k| b.count(k) < 2) {
                    continue;
                }
                let set = other | all;
                if set.count_ones() != degree {
                    continue;
                }
                let elims: Vec<(usize, u8)> = region_cells
                    .iter()
                    .copied()
                    .filter(|k| !naked.contains(k) && !cells.contains(k))
                    .flat_map(|k| bits(u32::from(b.cand[k] & set)).map(move |i| (k, i as u8 + 1)))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let (step, text) = start(57 + degree as u8 - 1, 3, Technique::Bug);
                let text = format!(
                    "{text}; the extras act as one cell that forms a naked set {} with {} in {}: remove {}.",
                    words::set(u32::from(set)),
                    words::cells(&naked, 9),
                    region_name(r),
                    words::removals(&elims, 9)
                );
                return Some(step.eliminate(elims).text(text));
            }
        }
    }
    None
}
