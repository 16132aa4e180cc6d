//! Unique rectangles and loops, types 1 to 4, as Sudoku Explainer finds
//! and rates them.
//!
//! A *unique loop* is a closed path of cells that all hold two digits
//! `{a,b}`, each step moving to another cell of a block, row or column
//! (never twice the same kind in a row), such that every house it meets it
//! meets at exactly one cell of each parity. If every loop cell were
//! bivalue, `a` and `b` could be swapped around the loop, giving two
//! solutions; so in a puzzle with one solution the "extra" candidates of
//! the loop cells can't all go:
//!
//! * **type 1**: one cell has extras, so it loses `a` and `b`;
//! * **type 2**: the cells with extras share one extra digit `x`, so `x`
//!   leaves every cell that sees them all;
//! * **type 3**: two cells with extras act as one cell holding their
//!   extras, forming a naked (or hidden) set with other cells of a house;
//! * **type 4**: two cells with extras in one house where `a` has no other
//!   place: one of them is `a`, so neither can be `b`.
//!
//! Rating: 4.5 for a rectangle (4 cells), 4.6 for 6 cells, 4.7 for 8, 5.0
//! for 10 or more; type 3 adds 0.1 per set member beyond the first. All
//! steps found are sorted by rating, then type, and the first is applied.

use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{
    Board, CellSet, INDEX_IN, PEER_SETS, REGION_SETS, REGIONS, REGIONS_OF, cell_name, cells_of, places_in, region_name,
};
use crate::sudoku::logic::se::combos::{bits, subsets, subsets_of};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::{Rating, Technique};
use crate::sudoku::logic::words;

/// Loops longer than this are not followed (none is valid: a loop meets
/// each of the 27 houses at most twice).
const MAX_LOOP: usize = 28;

mod memo;

struct Found {
    rating: u8,
    kind: u8,
    step: Step,
}

/// The easiest unique loop step, SE's way.
pub(crate) fn find_se(b: &Board) -> Option<Step> {
    let mut found: Vec<Found> = Vec::new();
    // Only the valid loops are kept (validity depends on the cells alone).
    let search_from = |cell, pair| {
        let mut loops = Vec::new();
        let with_pair = (0..81).filter(|&k| b.cand[k] & pair == pair).fold(0, |m, k| m | 1u128 << k);
        search(b, cell, pair, with_pair, &mut Vec::new(), 0, 2, 0, None, &mut loops);
        loops.retain(|lp| is_valid(lp));
        loops
    };
    memo::loops(b, search_from, |pair, loops| {
        for lp in loops {
            let extra: Vec<usize> = lp.iter().copied().filter(|&k| b.cand[k].pop() > 2).collect();
            let base = loop_rating(lp.len());
            match extra.len() {
                1 => found.push(Found { rating: base, kind: 1, step: type1(b, lp, pair, extra[0], base) }),
                0 => {}
                2 => {
                    let rest = (b.cand[extra[0]] | b.cand[extra[1]]) & !pair;
                    if rest.pop() == 1 {
                        found.extend(type2(b, lp, pair, &extra, base));
                    } else {
                        type3(b, lp, pair, extra[0], extra[1], base, &mut found);
                    }
                    found.extend(type4(b, lp, pair, extra[0], extra[1], base));
                }
                _ => found.extend(type2(b, lp, pair, &extra, base)),
            }
        }
    });
    let best = found.iter().enumerate().min_by_key(|(i, f)| (f.rating, f.kind, *i))?.0;
    Some(found.swap_remove(best).step)
}

fn loop_rating(len: usize) -> u8 {
    45 + match len {
        0..=5 => 0,
        6..=7 => 1,
        8..=9 => 2,
        _ => 5,
    }
}

/// Depth-first search of loops from `path[0]`, SE's way: a cell may join
/// when it is bivalue, or the extras met so far (this cell's siblings
/// included) are one digit, or the allowance of two cells with extras is
/// not used up. `with_pair` holds the cells with both digits of `pair`,
/// `on_path` those of `path`.
#[allow(clippy::too_many_arguments)]
fn search(
    b: &Board,
    cell: usize,
    pair: u16,
    with_pair: CellSet,
    path: &mut Vec<usize>,
    on_path: CellSet,
    allowed: i32,
    extras_in: u16,
    last_kind: Option<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    path.push(cell);
    let on_path = on_path | 1u128 << cell;
    let mut extras = extras_in;
    if path.len() <= MAX_LOOP {
        #[allow(clippy::needless_range_loop)]
        for kind in 0..3 {
            if Some(kind) == last_kind {
                continue;
            }
            let r = REGIONS_OF[cell][kind] as usize;
            // The region's cells with the pair, in its order (a region
            // lists its cells in increasing order).
            for next in cells_of(REGION_SETS[r] & with_pair) {
                if next == path[0] && path.len() >= 4 {
                    out.push(path.clone());
                } else if on_path >> next & 1 == 0 {
                    extras |= b.cand[next] & !pair;
                    let n = b.cand[next].pop();
                    if n == 2 || extras.pop() == 1 || allowed > 0 {
                        let left = if n > 2 { allowed - 1 } else { allowed };
                        search(b, next, pair, with_pair, path, on_path, left, extras, Some(kind), out);
                    }
                }
            }
        }
    }
    path.pop();
}

/// Every house the loop meets, it meets once at an even and once at an odd
/// position.
fn is_valid(lp: &[usize]) -> bool {
    let mut seen = [0u32; 2];
    for (i, &k) in lp.iter().enumerate() {
        for &r in &REGIONS_OF[k] {
            let bit = 1u32 << r;
            if seen[i % 2] & bit != 0 {
                return false;
            }
            seen[i % 2] |= bit;
        }
    }
    seen[0] == seen[1]
}

fn name(lp: &[usize]) -> &'static str {
    if lp.len() == 4 { "Unique rectangle" } else { "Unique loop" }
}

fn digits(pair: u16) -> (u8, u8) {
    let a = pair.trailing_zeros() as u8 + 1;
    (a, (pair & !(1 << (a - 1))).trailing_zeros() as u8 + 1)
}

fn start(lp: &[usize], pair: u16, rating: u8, kind: u8) -> (Step, String) {
    let (a, c) = digits(pair);
    let step =
        Step::logic(Technique::UniqueLoop).rated(Rating::from_tenths(rating)).cells(lp.iter().copied()).digits([a, c]);
    let text = format!(
        "{} type {kind}: {} would hold only {a} and {c}, which could then be swapped, giving two solutions",
        name(lp),
        words::cells(lp, 9)
    );
    (step, text)
}

fn type1(b: &Board, lp: &[usize], pair: u16, rescue: usize, rating: u8) -> Step {
    let (step, text) = start(lp, pair, rating, 1);
    let elims: Vec<(usize, u8)> =
        bits(u32::from(pair)).filter(|&i| b.has(rescue, i as u8 + 1)).map(|i| (rescue, i as u8 + 1)).collect();
    let text = format!("{text}; so {} is neither, remove {}.", cell_name(rescue), words::removals(&elims, 9));
    step.eliminate(elims).text(text)
}

fn type2(b: &Board, lp: &[usize], pair: u16, extra: &[usize], rating: u8) -> Option<Found> {
    let x = (b.cand[extra[0]] & !pair).trailing_zeros() as u8 + 1;
    let mut common = !0u128;
    for &k in extra {
        common &= PEER_SETS[k];
    }
    let elims: Vec<(usize, u8)> =
        cells_of(common).filter(|&k| !extra.contains(&k) && b.has(k, x)).map(|k| (k, x)).collect();
    if elims.is_empty() {
        return None;
    }
    let (step, text) = start(lp, pair, rating, 2);
    let text = format!("{text}; so one of {} is {x}, remove {}.", words::cells(extra, 9), words::removals(&elims, 9));
    Some(Found { rating, kind: 2, step: step.eliminate(elims).text(text) })
}

/// The other places of the naked sets of `degree` places of house `r`
/// with the place `i1` and without `i2`, in the order of the sets: cells
/// with two candidates or more (adding `i1` keeps the order).
fn set_partners(b: &Board, r: usize, [i1, i2]: [usize; 2], degree: u32) -> impl Iterator<Item = u32> {
    let wide = (0..9)
        .filter(|&i| i != i1 && i != i2 && b.cand[usize::from(REGIONS[r][i])].pop() >= 2)
        .fold(0u32, |m, i| m | 1 << i);
    subsets_of(degree - 1, wide)
}

fn type3(b: &Board, lp: &[usize], pair: u16, c1: usize, c2: usize, base: u8, found: &mut Vec<Found>) {
    let extra = (b.cand[c1] | b.cand[c2]) & !pair;
    for degree in extra.pop()..=7 {
        for (&r1, &r2) in REGIONS_OF[c1].iter().zip(&REGIONS_OF[c2]) {
            let r = r1 as usize;
            if r2 != r1 {
                continue;
            }
            let empty = b.empty_in(r);
            let i1 = REGIONS[r].iter().position(|&k| k as usize == c1).unwrap_or(9);
            let i2 = REGIONS[r].iter().position(|&k| k as usize == c2).unwrap_or(9);
            if degree > 0 && degree * 2 <= empty {
                for set in set_partners(b, r, [i1, i2], degree) {
                    let mut naked = extra & b.cand[c1] & b.cand[c2];
                    let mut union = extra;
                    for i in bits(set) {
                        naked |= b.cand[usize::from(REGIONS[r][i])];
                        union |= b.cand[usize::from(REGIONS[r][i])];
                    }
                    if naked.pop() != degree || union.pop() != degree {
                        continue;
                    }
                    let others: Vec<usize> = places_in(r, set).collect();
                    let elims: Vec<(usize, u8)> = REGIONS[r]
                        .iter()
                        .map(|&k| k as usize)
                        .filter(|&k| k != c1 && k != c2 && !others.contains(&k))
                        .flat_map(|k| bits(u32::from(b.cand[k] & union)).map(move |i| (k, i as u8 + 1)))
                        .collect();
                    if elims.is_empty() {
                        continue;
                    }
                    let rating = base + (degree as u8 - 1);
                    let (step, text) = start(lp, pair, rating, 3);
                    let ds: Vec<u8> = bits(u32::from(union)).map(|i| i as u8 + 1).collect();
                    let text = format!(
                        "{text}; so {} or {} holds one of {}, which with {} forms a naked set of {} in {}: remove {}.",
                        cell_name(c1),
                        cell_name(c2),
                        words::set(u32::from(extra)),
                        words::cells(&others, 9),
                        words::digits(&ds),
                        region_name(r),
                        words::removals(&elims, 9)
                    );
                    found.push(Found { rating, kind: 3, step: step.eliminate(elims).text(text) });
                }
            }
            if degree * 2 < empty {
                let rem: Vec<u8> = (1..=9u8).filter(|&d| (pair | extra) >> (d - 1) & 1 == 0).collect();
                if degree < 2 || degree - 2 > rem.len() as u32 {
                    continue;
                }
                for pick in subsets(degree - 2, rem.len() as u32) {
                    let mut values: u16 = pair;
                    for i in bits(pick) {
                        values |= 1 << (rem[i] - 1);
                    }
                    let mut union = 0u16;
                    let mut ok = true;
                    for d in bits(u32::from(values)) {
                        let p = b.places(r, d as u8 + 1) & !(1 << i2);
                        ok &= p != 0;
                        union |= p;
                    }
                    if !ok || union.pop() != degree {
                        continue;
                    }
                    let cells_mask = union & !(1 << i1) & !(1 << i2);
                    let cells: Vec<usize> = places_in(r, u32::from(cells_mask)).collect();
                    let elims: Vec<(usize, u8)> = cells
                        .iter()
                        .flat_map(|&k| bits(u32::from(b.cand[k] & !values)).map(move |i| (k, i as u8 + 1)))
                        .collect();
                    if elims.is_empty() {
                        continue;
                    }
                    let rating = base + (cells.len() as u8).saturating_sub(1);
                    let (step, text) = start(lp, pair, rating, 3);
                    let ds: Vec<u8> = bits(u32::from(values)).map(|i| i as u8 + 1).collect();
                    let text = format!(
                        "{text}; so {} or {} holds one of {}, and in {} the digits {} then fit only {}: remove {}.",
                        cell_name(c1),
                        cell_name(c2),
                        words::set(u32::from(extra)),
                        region_name(r),
                        words::digits(&ds),
                        words::cells(&cells, 9),
                        words::removals(&elims, 9)
                    );
                    found.push(Found { rating, kind: 3, step: step.eliminate(elims).text(text) });
                }
            }
        }
    }
}

fn type4(b: &Board, lp: &[usize], pair: u16, c1: usize, c2: usize, rating: u8) -> Option<Found> {
    let (a, c) = digits(pair);
    let (mut lock_a, mut lock_c) = (None, None);
    for (t, (&r1, &r2)) in REGIONS_OF[c1].iter().zip(&REGIONS_OF[c2]).enumerate() {
        let r = r1 as usize;
        if r2 != r1 {
            continue;
        }
        // The places of the region other than the two cells.
        let others = !(1u16 << INDEX_IN[c1][t] | 1u16 << INDEX_IN[c2][t]);
        let has = |d: u8| b.places(r, d) & others != 0;
        if !has(a) {
            lock_a = Some(r);
        }
        if !has(c) {
            lock_c = Some(r);
        }
    }
    let (r, lock, gone) = match (lock_a, lock_c) {
        (Some(r), _) => (r, a, c),
        (None, Some(r)) => (r, c, a),
        _ => return None,
    };
    let elims: Vec<(usize, u8)> = [c1, c2].into_iter().filter(|&k| b.has(k, gone)).map(|k| (k, gone)).collect();
    if elims.is_empty() {
        return None;
    }
    let (step, text) = start(lp, pair, rating, 4);
    let text = format!(
        "{text}; in {}, {lock} can only go in {} or {}, so neither can be {gone}.",
        region_name(r),
        cell_name(c1),
        cell_name(c2)
    );
    Some(Found { rating, kind: 4, step: step.eliminate(elims).text(text) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::logic::se::board::random_board;
    use rand::{RngExt, SeedableRng};

    /// On random boards, the partners of a type 3 set are those of every
    /// set of the house's places that holds `i1`, not `i2`, and otherwise
    /// cells with two candidates or more, in the order of all sets.
    #[test]
    fn type_3_sets_are_the_filtered_sets() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2000 {
            let b = random_board(&mut rng, 300..700);
            let (r, i1, i2) = (rng.random_range(0..27), rng.random_range(0..9), rng.random_range(0..9));
            let degree = rng.random_range(1..=7);
            if i1 == i2 {
                continue;
            }
            let wide = |i: usize| b.cand[usize::from(REGIONS[r][i])].pop() >= 2;
            let all: Vec<u32> = subsets(degree, 9)
                .filter(|&set| set >> i1 & 1 != 0 && set >> i2 & 1 == 0)
                .filter(|&set| bits(set).all(|i| i == i1 || wide(i)))
                .collect();
            let partners: Vec<u32> = set_partners(&b, r, [i1, i2], degree).map(|set| set | 1 << i1).collect();
            assert_eq!(partners, all);
        }
    }
}
