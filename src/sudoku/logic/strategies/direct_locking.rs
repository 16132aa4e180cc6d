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
use crate::sudoku::logic::se::board::{Board, REGION_SETS, REGIONS, cell_name, region_name};
use crate::sudoku::logic::se::combos::bits;
use crate::sudoku::logic::{Step, Technique, words};
use std::ops::Range;

const BLOCKS: Range<usize> = 0..9;
const ROWS: Range<usize> = 9..18;
const COLUMNS: Range<usize> = 18..27;

/// The pairs of crossing regions locked candidates look at, in SE's order:
/// block and column, block and row, column and block, row and block.
fn crossings() -> impl Iterator<Item = (usize, usize)> {
    let kinds = [(BLOCKS, COLUMNS), (BLOCKS, ROWS), (COLUMNS, BLOCKS), (ROWS, BLOCKS)];
    kinds.into_iter().flat_map(|(a, t)| a.flat_map(move |r1| t.clone().map(move |r2| (r1, r2))))
}

/// Locked candidates: pointing (2.6) and claiming (2.8); in direct mode,
/// only those whose eliminations would leave a hidden single in a region
/// of the first region's kind (direct pointing 1.7, direct claiming 1.9):
/// the step places that single and, as in SE, removes nothing else.
pub(crate) fn find_se(b: &Board, direct: bool) -> Option<Step> {
    for (r1, r2) in crossings() {
        let common = REGION_SETS[r1] & REGION_SETS[r2];
        if common == 0 {
            continue;
        }
        for d in 1..=9u8 {
            let p1 = b.places(r1, d);
            if p1.pop() < 2 || bits(u32::from(p1)).any(|i| REGION_SETS[r2] >> REGIONS[r1][i] & 1 == 0) {
                continue;
            }
            // The places of `d` in `r2` outside the crossing: the
            // eliminations, listed only for the step returned.
            let gone = || {
                bits(u32::from(b.places(r2, d))).map(|i| REGIONS[r2][i] as usize).filter(move |&k| common >> k & 1 == 0)
            };
            let pointing = r1 < 9;
            // The cells and the reason, made only for the step returned.
            let locked = || bits(u32::from(p1)).map(|i| REGIONS[r1][i] as usize);
            let why = || format!("in {}, {d} can only go where it meets {}", region_name(r1), region_name(r2));
            if !direct {
                if gone().next().is_none() {
                    continue;
                }
                let elims: Vec<(usize, u8)> = gone().map(|k| (k, d)).collect();
                let (t, name) =
                    if pointing { (Technique::Pointing, "Pointing") } else { (Technique::Claiming, "Claiming") };
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
                if p3.pop() < 2 {
                    continue;
                }
                let mut rest =
                    bits(u32::from(p3)).map(|i| REGIONS[r3][i] as usize).filter(|&k| REGION_SETS[r2] >> k & 1 == 0);
                if let (Some(single), None) = (rest.next(), rest.next()) {
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
                    let step =
                        Step::logic(t).cells(locked()).digits([d]).house(&region_name(r1)).house(&region_name(r3));
                    return Some(step.place(single, d).text(text));
                }
            }
        }
    }
    None
}
