//! Locked candidates as Sudoku Explainer finds them, plain and *direct*.
//!
//! When a digit's places in one region all lie where it crosses a second
//! region, the rest of the second region loses the digit: **pointing**
//! (2.6) when the first region is a block, **claiming** (2.8) when it is a
//! line. SE's **direct pointing** (1.7) and **direct claiming** (1.9) are
//! the same patterns seen as a way to a single: the eliminations would
//! leave the digit one place in another region of the first region's kind,
//! crossing the second. The direct step places that single and, as SE
//! applies it, removes nothing else.
//!
//! Order: block and column, block and row, column and block, row and
//! block; regions by index, digits up.

use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{Board, REGION_SETS, REGIONS, cell_name, places_in, region_name};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use std::ops::Range;

const BLOCKS: Range<usize> = 0..9;
const ROWS: Range<usize> = 9..18;
const COLUMNS: Range<usize> = 18..27;

/// The pairs of crossing regions locked candidates look at, in SE's order:
/// block and column, block and row, column and block, row and block (each
/// region meets three of the other kind).
const CROSSINGS: [(u8, u8); 108] = {
    let kinds = [(0, 18), (0, 9), (18, 0), (9, 0)];
    let mut out = [(0u8, 0u8); 108];
    let (mut n, mut k) = (0, 0);
    while k < 4 {
        let (a, t) = kinds[k];
        let mut r1 = a;
        while r1 < a + 9 {
            let mut r2 = t;
            while r2 < t + 9 {
                if REGION_SETS[r1] & REGION_SETS[r2] != 0 {
                    out[n] = (r1 as u8, r2 as u8);
                    n += 1;
                }
                r2 += 1;
            }
            r1 += 1;
        }
        k += 1;
    }
    assert!(n == 108);
    out
};

/// For each pair of regions `(r1, r2)`, the places of `r1` (bit `i` for
/// its `i`-th cell) that lie in `r2`.
const INSIDE: [[u16; 27]; 27] = {
    let mut out = [[0u16; 27]; 27];
    let mut r1 = 0;
    while r1 < 27 {
        let mut r2 = 0;
        while r2 < 27 {
            let mut i = 0;
            while i < 9 {
                if REGION_SETS[r2] >> REGIONS[r1][i] & 1 != 0 {
                    out[r1][r2] |= 1 << i;
                }
                i += 1;
            }
            r2 += 1;
        }
        r1 += 1;
    }
    out
};

/// For each region, the crossings (of [`CROSSINGS`]) where it is the
/// first region: their index there and the second region (six for a
/// block, three for a line; unused slots are `u8::MAX`).
const PARTNERS: [[(u8, u8); 6]; 27] = {
    let mut out = [[(u8::MAX, u8::MAX); 6]; 27];
    let mut count = [0usize; 27];
    let mut n = 0;
    while n < 108 {
        let (r1, r2) = CROSSINGS[n];
        out[r1 as usize][count[r1 as usize]] = (n as u8, r2);
        count[r1 as usize] += 1;
        n += 1;
    }
    out
};

/// Locked candidates: pointing (2.6) and claiming (2.8); in direct mode,
/// only those whose eliminations would leave a hidden single in a region
/// of the first region's kind (direct pointing 1.7, direct claiming 1.9):
/// the step places that single and, as in SE, removes nothing else.
///
/// The locked digits (with something to remove) are found region by
/// region, then tried in SE's order: crossing, then digit.
pub(crate) fn find_se(b: &Board, direct: bool) -> Option<Step> {
    // At most one crossing per region and digit holds two or more places.
    let mut hits = [(0u8, 0u8); 243];
    let mut n = 0;
    for (r1, partners) in PARTNERS.iter().enumerate() {
        for d in 1..=9u8 {
            let p1 = b.places(r1, d);
            if p1.pop() < 2 {
                continue;
            }
            for &(at, r2) in partners.iter().take_while(|&&(at, _)| at != u8::MAX) {
                let r2 = usize::from(r2);
                if p1 & !INSIDE[r1][r2] == 0 && b.places(r2, d) & !INSIDE[r2][r1] != 0 {
                    hits[n] = (at, d);
                    n += 1;
                }
            }
        }
    }
    let hits = &mut hits[..n];
    hits.sort_unstable();
    hits.iter().find_map(|&(at, d)| {
        let (r1, r2) = CROSSINGS[usize::from(at)];
        locked(b, usize::from(r1), usize::from(r2), d, direct)
    })
}

/// The step of digit `d`, locked in region `r1` where it crosses `r2`,
/// with places of `r2` outside the crossing to remove.
fn locked(b: &Board, r1: usize, r2: usize, d: u8, direct: bool) -> Option<Step> {
    let common = REGION_SETS[r1] & REGION_SETS[r2];
    let p1 = b.places(r1, d);
    // The places of `d` in `r2` outside the crossing: the eliminations,
    // listed only for the step returned.
    let gone = || places_in(r2, u32::from(b.places(r2, d))).filter(move |&k| common >> k & 1 == 0);
    let pointing = r1 < 9;
    // The cells and the reason, made only for the step returned.
    let locked = || places_in(r1, u32::from(p1));
    let why = || format!("in {}, {d} can only go where it meets {}", region_name(r1), region_name(r2));
    if !direct {
        let elims: Vec<(usize, u8)> = gone().map(|k| (k, d)).collect();
        let (t, name) = if pointing { (Technique::Pointing, "Pointing") } else { (Technique::Claiming, "Claiming") };
        let step = Step::logic(t).cells(locked()).digits([d]).house(&region_name(r1)).house(&region_name(r2));
        let text = format!("{name}: {}, so remove {}.", why(), words::removals(&elims, 9));
        return Some(step.eliminate(elims).text(text));
    }
    let same_kind = if r1 < 9 {
        BLOCKS
    } else if r1 < 18 {
        ROWS
    } else {
        COLUMNS
    };
    for r3 in same_kind.filter(|&r3| r3 != r1 && REGION_SETS[r3] & REGION_SETS[r2] != 0) {
        let p3 = b.places(r3, d);
        let rest = p3 & !INSIDE[r3][r2];
        if p3.pop() >= 2 && rest.pop() == 1 {
            let single = usize::from(REGIONS[r3][rest.trailing_zeros() as usize]);
            let (t, name) = if pointing {
                (Technique::DirectPointing, "Direct pointing")
            } else {
                (Technique::DirectClaiming, "Direct claiming")
            };
            let text = format!(
                "{name}: {}, so it leaves the rest of {}; then in {}, {d} can only go in {}.",
                why(),
                region_name(r2),
                region_name(r3),
                cell_name(single)
            );
            let step = Step::logic(t).cells(locked()).digits([d]).house(&region_name(r1)).house(&region_name(r3));
            return Some(step.place(single, d).text(text));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::logic::se::board::random_board;
    use rand::SeedableRng;

    /// The first locked step in SE's order, by the plain loop: crossings
    /// in order, digits up.
    fn first_plainly(b: &Board, direct: bool) -> Option<Step> {
        CROSSINGS.iter().find_map(|&(r1, r2)| {
            let (r1, r2) = (usize::from(r1), usize::from(r2));
            (1..=9u8).find_map(|d| {
                let p1 = b.places(r1, d);
                let locked_here = p1.pop() >= 2 && p1 & !INSIDE[r1][r2] == 0 && b.places(r2, d) & !INSIDE[r2][r1] != 0;
                locked_here.then(|| locked(b, r1, r2, d, direct)).flatten()
            })
        })
    }

    /// On random boards, the step found region by region is the one the
    /// plain loop meets first, plain and direct.
    #[test]
    fn locked_candidates_are_found_in_ses_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut found = [0; 2];
        for _ in 0..400 {
            let b = random_board(&mut rng, 200..700);
            for (i, direct) in [false, true].into_iter().enumerate() {
                let step = find_se(&b, direct);
                assert_eq!(format!("{step:?}"), format!("{:?}", first_plainly(&b, direct)));
                found[i] += usize::from(step.is_some());
            }
        }
        assert!(found.iter().all(|&f| f > 20), "too few steps to compare: {found:?}");
    }
}
